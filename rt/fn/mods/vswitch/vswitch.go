// Package vswitch implements the vswitch module's Ruby function that
// manifests call: range_to_mask.
package vswitch

import (
	"math/big"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	undef := func(c fn.Context, a []v.Value, b fn.Block) v.Value { return v.Undef }
	fn.New("range_to_mask").Module("vswitch").
		D(`Pattern[/^$/] range`, undef).
		D(`Pattern[/^[0-9\-\,]/] range`, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			var cpus []string
			for _, part := range rubySplit(string(a[0].(v.String)), ",") {
				if strings.Contains(part, "-") {
					ends := rubySplit(part, "-")
					lo, hi := int64(0), int64(0)
					if len(ends) > 0 {
						lo = fn.RubyToI(ends[0], 10)
					}
					if len(ends) > 1 {
						hi = fn.RubyToI(ends[1], 10)
					}
					for i := lo; i <= hi; i++ {
						cpus = append(cpus, big.NewInt(i).String())
					}
					continue
				}
				cpus = append(cpus, part)
			}
			mask := new(big.Int)
			for _, cpu := range rubySplit(strings.Join(cpus, ","), ",") {
				n := fn.RubyToI(cpu, 10)
				if n < 0 {
					continue
				}
				mask.SetBit(mask, int(n), 1)
			}
			return v.String(mask.Text(16))
		}).
		D("Undef range", undef).Register()
}

// rubySplit is String#split(sep) (trailing empty fields dropped).
func rubySplit(s, sep string) []string {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, sep)
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}
