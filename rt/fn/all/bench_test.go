package all

import (
	"strconv"
	"testing"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// Benchmarks of the functions real manifests call most in loops.

func bench(b *testing.B, name string, args ...v.Value) {
	f := fn.Lookup(name)
	if f == nil {
		b.Fatalf("no function %s", name)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		f.Call(nil, args, nil)
	}
}

func words(n int) *v.Array {
	out := make([]v.Value, n)
	for i := range out {
		out[i] = v.String("item" + strconv.Itoa((i*7919)%n))
	}
	return v.NewArray(out...)
}

func BenchmarkSprintf(b *testing.B) {
	bench(b, "sprintf", v.String("%s:%d/%s-%05.2f"), v.String("host"), v.Int(8080), v.String("path"), v.Float(3.14159))
}

func BenchmarkRegsubstGlobal(b *testing.B) {
	bench(b, "regsubst", v.String("/var/lib/puppet/modules/stdlib/files/x.conf"), v.String("/"), v.String("_"), v.String("G"))
}

func BenchmarkRegsubstBackref(b *testing.B) {
	bench(b, "regsubst", v.String("key = value"), v.String(`^(\w+)\s*=\s*(\w+)$`), v.String(`\2=\1`))
}

func BenchmarkJoin(b *testing.B) { bench(b, "join", words(100), v.String(",")) }

func BenchmarkSplit(b *testing.B) {
	bench(b, "split", v.String("a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t"), v.String(","))
}

func BenchmarkSplitRegexp(b *testing.B) {
	bench(b, "split", v.String("a1b22c333d4444e"), v.RegexpOf(`\d+`))
}

func BenchmarkSort(b *testing.B) { bench(b, "sort", words(100)) }

func BenchmarkDispatchMismatchFree(b *testing.B) {
	bench(b, "min", v.Int(3), v.Int(1), v.Int(2))
}
