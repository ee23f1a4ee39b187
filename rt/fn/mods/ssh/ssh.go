// Package ssh implements the ssh module's Ruby function that manifests
// call: ipaddresses.
package ssh

import (
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	f := fn.New3("ipaddresses", -1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		ifs := fn.LookupVar3x(c, "interfaces")
		if v.IsUndef(ifs) {
			return v.False
		}
		var out []v.Value
		add := func(iface string) {
			if strings.Contains(iface, "lo") {
				return
			}
			for _, name := range []string{"ipaddress_" + iface, "ipaddress6_" + iface} {
				if x := fn.LookupVar3x(c, name); v.Truthy(x) {
					out = append(out, x)
				}
			}
		}
		s := fn.RubyToS(ifs)
		if strings.Contains(s, ",") {
			for _, iface := range strings.Split(s, ",") {
				add(iface)
			}
		} else {
			add(s)
		}
		return v.NewArray(out...)
	})
	f.Module = "ssh"
	fn.Register(f)
}
