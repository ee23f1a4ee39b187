package erb

import (
	"os"
	"runtime"
	"strings"
)

// Facter.value(name) in module Ruby: a fact of the machine the function
// runs on (the compiling machine, as with Puppet's server), not the
// node's. pp2go knows kernel and osfamily (os.family) as Facter 4 finds
// them; another fact is not supported.

var ClassFacter = newModule("Facter")

func init() {
	defineConsts(func(g *constGroup) {
		g.class(ClassFacter.Name, ClassFacter)
	})
	plain([]plainMethod{{"value", (*R).Value}})
}

// Value is Facter.value(name), and Puppet::Parser::Resource::Param#value.
func (r *R) Value(recv Value, args ...Value) Value {
	if p, ok := recv.(*resourceParam); ok {
		arity(args, 0, 0)
		return FromPuppet3x(p.value) // puppetapi.go
	}
	classRecv("value", recv, ClassFacter)
	arity(args, 1, 1)
	name := ToS(args[0])
	switch name {
	case "kernel":
		return S(localKernel())
	case "osfamily", "os.family":
		return S(localOSFamily())
	}
	raise(ClassNotImplementedError, "pp2go: Facter.value(%s) of the compiling machine is not supported", Inspect(args[0]))
	return nil
}

func localKernel() string {
	switch runtime.GOOS {
	case "linux":
		return "Linux"
	case "windows":
		return "windows"
	case "darwin":
		return "Darwin"
	case "freebsd":
		return "FreeBSD"
	case "openbsd":
		return "OpenBSD"
	case "solaris", "illumos":
		return "SunOS"
	}
	return runtime.GOOS
}

// facterFamilies are Facter 4's families of os-release IDs
// (Facter::Util::Facts::FAMILY_HASH), in its order: literals, which Go
// lays out, where lists made as the package initializes were written into
// the binary's data (package rt/cell).
var facterFamilies = []struct {
	family string
	ids    []string
}{
	{"RedHat", []string{"redhat", "rhel", "fedora", "centos", "scientific", "ascendos", "cloudlinux", "psbm", "oraclelinux", "ovs", "oel", "amazon", "xenserver", "xcp-ng", "virtuozzo", "photon", "mariner"}},
	{"Debian", []string{"debian", "ubuntu", "huaweios", "linuxmint", "devuan", "kde"}},
	{"Suse", []string{"sles", "sled", "suse"}},
	{"Gentoo", []string{"gentoo"}},
	{"Archlinux", []string{"arch", "manjaro"}},
	{"Mandrake", []string{"mandrake", "mandriva", "mageia"}},
}

// localOSFamily is Facter 4's os.family of this machine: on Linux the
// family of os-release's ID_LIKE (else ID), capitalized as Facter does
// (RedHat becomes Redhat); elsewhere the kernel's.
func localOSFamily() string {
	if runtime.GOOS != "linux" {
		return localKernel()
	}
	data, _ := os.ReadFile("/etc/os-release")
	fields := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			fields[k] = strings.Trim(v, `"'`)
		}
	}
	id := fields["ID_LIKE"]
	if id == "" {
		id = fields["ID"]
	}
	family := id
	for _, f := range facterFamilies {
		for _, x := range f.ids {
			if strings.Contains(strings.ToLower(id), x) {
				family = f.family
				goto found
			}
		}
	}
found:
	if family == "" {
		return ""
	}
	return strings.ToUpper(family[:1]) + strings.ToLower(family[1:])
}
