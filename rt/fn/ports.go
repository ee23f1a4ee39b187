package fn

import (
	"bufio"
	"fmt"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// A Go function of a module's library (rt/fn/stdlib) is a
// port of that module's Ruby code as one release wrote it. It stands in for
// the module's function only when the module on the module path has that
// very Ruby: each library lists the Ruby files its functions port, with the
// SHA-256 digests of the versions the Go was checked against (Ports). The
// code generator compares them with the files of the module path; a port
// whose Ruby is absent or different is unbound (Unbind) and the module's
// own Ruby is what the compile sees.

// portFiles maps a module to the module-relative path of each Ruby file
// its library ports, and that path to its accepted digests.
var portFiles = map[string]map[string][]string{}

// Ports records a library's table of ported Ruby files, in the format
// sha256sum prints, run in the module's directory: "DIGEST  PATH" lines
// (several lines for one path when the Go is right for several
// versions), blank lines and # comments ignored. Libraries call it from
// init; a malformed table is a programming error.
func Ports(module, table string) {
	files := portFiles[module]
	if files == nil {
		files = map[string][]string{}
		portFiles[module] = files
	}
	sc := bufio.NewScanner(strings.NewReader(table))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 || len(f[0]) != 64 || PortFunction(f[1]) == "" {
			panic(fmt.Sprintf("fn.Ports(%s): line %d: want \"SHA256  lib/puppet/.../NAME.rb\", got %q", module, n, line))
		}
		files[f[1]] = append(files[f[1]], f[0])
	}
}

// PortFunction is the name of the function a module-relative Ruby file
// defines by Puppet's autoload rules: lib/puppet/functions/a/b.rb is
// a::b (4.x), lib/puppet/parser/functions/x.rb is x (3.x); "" for any
// other path.
func PortFunction(path string) string {
	if !strings.HasSuffix(path, ".rb") {
		return ""
	}
	rest := strings.TrimSuffix(path, ".rb")
	switch {
	case strings.HasPrefix(rest, "lib/puppet/functions/"):
		return strings.ReplaceAll(strings.TrimPrefix(rest, "lib/puppet/functions/"), "/", "::")
	case strings.HasPrefix(rest, "lib/puppet/parser/functions/"):
		if n := strings.TrimPrefix(rest, "lib/puppet/parser/functions/"); !strings.Contains(n, "/") {
			return n
		}
	}
	return ""
}

// PortedFunctions are the names of the functions module's library ports,
// sorted.
func PortedFunctions(module string) []string {
	seen := map[string]bool{}
	var out []string
	for p := range portFiles[module] {
		if n := PortFunction(p); !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// PortSources are the Ruby files (module-relative paths) that the Go port
// of module's function name was written for, each with its accepted
// digests: the function's 4.x and 3.x files when the Go ports both (a 4.x
// shim in front of a 3.x function). The port stands in for the module's
// function only when every one of them is on the module path with one of
// its digests. nil when the library ports no such function.
func PortSources(module, name string) map[string][]string {
	var out map[string][]string
	for p, ds := range portFiles[module] {
		if PortFunction(p) == name {
			if out == nil {
				out = map[string][]string{}
			}
			out[p] = ds
		}
	}
	return out
}

// Unbind removes module's library functions of these names from the
// registry: the module on the module path does not have the Ruby they
// port. Generated code calls it once, before the first compile, for the
// names nothing else (a user's Go function, a translation) replaced; a
// name the registry holds for another module or for Puppet's core stays.
func Unbind(module string, names ...string) {
	generation.Add(1)
	for _, n := range names {
		if f, ok := registry[n]; ok && f.Module == module {
			delete(registry, n)
		}
		if f, ok := shadowed3x[n]; ok && f.Module == module {
			delete(shadowed3x, n)
		}
		// a 3.x function of that name exists while another module's or
		// core's is left
		if f, ok := registry[n]; !(ok && f.API3) && shadowed3x[n] == nil {
			delete(legacy3x, n)
		}
	}
}

// pinned are the names whose function generated code fixed with Pin.
var pinned = map[string]bool{}

// Pin fixes the functions now registered under these names: a later
// registration of the same name is ignored. Generated code pins a
// module's function that a user's Go function or pp2go's port of that
// very Ruby implements, before the program registers the translations of
// the module path's Ruby, so that neither is replaced by a translation.
func Pin(names ...string) {
	for _, n := range names {
		if registry[n] != nil {
			pinned[n] = true
		}
	}
}

// Untranslated is a module's Ruby function that pp2go neither translated
// nor has a Go function for: it is found by name as Puppet finds the Ruby,
// and a call fails with why (the file and the construct), instead of
// Puppet's "Unknown function" for a function that exists.
func Untranslated(name, module, why string) *Func {
	return &Func{Name: name, Module: module, Dispatches: []*Dispatch{{
		Sig: &values.Signature{
			Params: []values.SignatureParam{{Name: "args", Type: values.AnyT, Kind: values.ParamRepeated}},
			Block:  values.CallableT, BlockOptional: true,
		},
		Impl: func(Context, []values.Value, Block) values.Value { panic(Errorf("%s", why)) },
	}}}
}
