// Package memcached implements the memcached module's Ruby function that
// its templates call: memcached::max_memory.
package memcached

import (
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"math"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

var sizeRx = lazyre.New(`([0-9.e+-]*)\s*([^bB]?)`)

func init() {
	fn.New("memcached::max_memory").Module("memcached").
		DR("Any arg", "Integer", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			arg := a[0]
			if v.Truthy(arg) && !strings.HasSuffix(fn.RubyToS(arg), "%") {
				return v.Int(fn.RubyToI(fn.RubyToS(arg), 10))
			}
			percent := "95%"
			if v.Truthy(arg) {
				percent = fn.RubyToS(arg)
			}
			var memsize v.Value = v.Undef
			if facts, ok := c.LookupVar("::facts"); ok {
				if h, ok := facts.(*v.Hash); ok {
					memsize, _ = h.GetString("memorysize")
				}
			}
			ms, ok := memsize.(v.String)
			if !ok {
				// Regexp#match(nil) is nil, and nil[1, 2] fails
				panic(fn.Errorf("undefined method `[]' for nil:NilClass"))
			}
			m := sizeRx.FindStringSubmatch(string(ms))
			value := fn.RubyToF(m[1])
			shift := map[string]uint{"": 0, "k": 10, "M": 20, "G": 30, "T": 40, "E": 50}
			s, ok := shift[m[2]]
			if !ok {
				panic(fn.Errorf("memcached_max_memory(): Unknown prefix %s", m[2]))
			}
			bytes := int64(value * float64(uint64(1)<<s))
			mb := bytes / (1 << 20)
			return v.Int(int64(math.Floor(float64(mb) * (fn.RubyToF(percent) / 100.0))))
		}).Register()
}
