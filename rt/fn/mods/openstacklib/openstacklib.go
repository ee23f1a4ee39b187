// Package openstacklib implements the Ruby functions of the openstacklib
// module that manifests call: is_service_default, normalize_ip_for_uri and
// inet6_prefix.
package openstacklib

import (
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

const module = "openstacklib"

var (
	inet6Rx   = lazyre.New(`(?m)^inet6:.+`)
	bracketRx = lazyre.New(`\[.+\]`)
	splitRx   = lazyre.New(`\s|\[|\]`)
)

// listArgs is the functions' argument handling: the first argument when it
// is an array, else all arguments; and whether a single value was given.
func listArgs(a []v.Value) ([]v.Value, bool) {
	if len(a) > 0 {
		if arr, ok := a[0].(*v.Array); ok {
			return arr.Elems(), arr.Len() == 1
		}
	}
	return a, len(a) == 1
}

func result(out []v.Value, single bool) v.Value {
	if single {
		if len(out) == 0 {
			return v.Undef
		}
		return out[0]
	}
	return v.NewArray(out...)
}

func init() {
	fn.New("is_service_default").Module(module).
		D("Any args*", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			if len(a) != 1 {
				panic(fn.Errorf("is_service_default(): Wrong number of argumentsgiven (%d for 1)", len(a)))
			}
			return v.BoolOf(a[0] == v.String("<SERVICE DEFAULT>"))
		}).Register()

	fn.New("normalize_ip_for_uri").Module(module).
		D("Any args*", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			ips, single := listArgs(a)
			out := make([]v.Value, 0, len(ips))
			for _, ip := range ips {
				if s, ok := ip.(v.String); ok {
					if addr, err := fn.ParseIPAddr(string(s)); err == nil && addr.IPv6 && !bracketRx.MatchString(string(s)) {
						c.Log("debug", "IP "+string(s)+" is changed to ["+string(s)+"]")
						ip = v.String("[" + string(s) + "]")
					}
				} else if !v.IsUndef(ip) {
					// IPAddr.new of a non-string raises AddressFamilyError,
					// an ArgumentError the function ignores
				}
				out = append(out, ip)
			}
			return result(out, single)
		}).Register()

	fn.New("inet6_prefix").Module(module).
		D("Any args*", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			ips, single := listArgs(a)
			out := make([]v.Value, 0, len(ips))
			for _, ip := range ips {
				if s, ok := ip.(v.String); ok && !inet6Rx.MatchString(string(s)) {
					var parts []string
					for _, p := range splitRx.Split(string(s), -1) {
						if p != "" {
							parts = append(parts, p)
						}
					}
					if len(parts) > 0 {
						if addr, err := fn.ParseIPAddr(parts[0]); err == nil && addr.IPv6 {
							c.Log("debug", string(s)+" is changed to inet6:["+string(s)+"]")
							ip = v.String("inet6:[" + parts[0] + "]" + strings.Join(parts[1:], ""))
						}
					}
				}
				out = append(out, ip)
			}
			return result(out, single)
		}).Register()
}
