// Package ironic implements the ironic module's Ruby function that
// manifests call: ipv6_normalize_dnsmasq_ip_subnets.
package ironic

import (
	"strconv"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func ipv6(x v.Value) (*fn.IPAddr, bool) {
	s, ok := x.(v.String)
	if !ok {
		return nil, false
	}
	ip, err := fn.ParseIPAddr(string(s))
	if err != nil || !ip.IPv6 {
		return nil, false
	}
	return ip, true
}

func init() {
	fn.New("ipv6_normalize_dnsmasq_ip_subnets").Module("ironic").
		D("Any args", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			arr, ok := a[0].(*v.Array)
			if !ok {
				panic(fn.Errorf("undefined method `each' for %s", fn.RubyInspect(a[0])+":"+fn.RubyClass(a[0])))
			}
			out := make([]v.Value, 0, arr.Len())
			for _, e := range arr.Elems() {
				h, ok := e.(*v.Hash)
				if !ok {
					panic(fn.Errorf("no implicit conversion of String into Integer"))
				}
				b := v.NewHashBuilder(h.Len())
				for i := 0; i < h.Len(); i++ {
					b.Put(h.KeyAt(i), h.ValueAt(i))
				}
				if nm, ok := h.GetString("netmask"); ok && v.Truthy(nm) {
					if ip, ok := ipv6(nm); ok {
						prefix := 0
						for _, w := range ip.Addr.Bits() {
							for ; w != 0; w &= w - 1 {
								prefix++
							}
						}
						c.Log("debug", "Netmask "+fn.RubyToS(nm)+" changed to prefix "+strconv.Itoa(prefix))
						b.Put(v.String("netmask"), v.Int(prefix))
					}
				}
				if gw, ok := h.GetString("gateway"); ok && v.Truthy(gw) {
					if _, ok := ipv6(gw); ok {
						b.Delete(v.String("gateway"))
					}
				}
				out = append(out, b.Build())
			}
			return v.NewArray(out...)
		}).Register()
}
