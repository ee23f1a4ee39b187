package hiera

import (
	"testing"

	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// The lookup that testdata/gen/bench.rb times in Puppet: lookup('profile::
// settings') in a 6-level hierarchy, deep-merged by lookup_options
// (testdata/cases/bench_deep6.txtar; TestConformance checks its result).

var deep6Args = &rthiera.LookupArgs{Name: values.String("profile::settings")}

// BenchmarkLookupDeep6 is a lookup in a compile after its first one (the
// hierarchy resolved, lookup_options read): Puppet's "warm" number.
func BenchmarkLookupDeep6(b *testing.B) {
	d, _, _, scope, _ := loadCase(b, "bench_deep6")
	s := rthiera.NewSession(d, scope)
	s.Lookup(deep6Args)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Lookup(deep6Args)
	}
}

// BenchmarkLookupDeep6First is the first lookup of a compile (a new
// Session: the hierarchy is resolved for the node, lookup_options read):
// Puppet's "first" number.
func BenchmarkLookupDeep6First(b *testing.B) {
	d, _, _, scope, _ := loadCase(b, "bench_deep6")
	rthiera.NewSession(d, scope).Lookup(deep6Args) // decode the data once
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rthiera.NewSession(d, scope).Lookup(deep6Args)
	}
}
