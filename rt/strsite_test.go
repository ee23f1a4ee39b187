package rt

import (
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestInterpolateAt checks that a site's interpolations are Interpolate's
// strings, whatever the site kept: the same strings again (as the next
// compile makes them), in another order, more than it keeps, long ones it
// does not keep, and from compiles running at once. (A process's first
// compile keeps none: values.KeepsCopies.)
func TestInterpolateAt(t *testing.T) {
	values.KeepCopies() // as a process compiling its second catalog
	var site StrSite
	parts := func(i int) []values.Value {
		return []values.Value{values.String("host-"), values.Int(int64(i)), values.String(".example.com")}
	}
	check := func(i int) {
		t.Helper()
		got, want := InterpolateAt(&site, SiteRef{}, parts(i)...), Interpolate(parts(i)...)
		if got != want {
			t.Fatalf("InterpolateAt(%d) = %#v, want %#v", i, got, want)
		}
	}
	for round := 0; round < 3; round++ {
		for i := 0; i < strSiteMax+8; i++ { // more than the site keeps
			check(i)
		}
		for i := 9; i >= 0; i-- {
			check(i)
		}
	}
	// the site keeps its first strings, up to strSiteMax, and gives a
	// string it keeps as the box it kept
	for i := 0; i < strSiteMax+8; i++ {
		p := site.find([]byte(string(Interpolate(parts(i)...).(values.String))))
		if (p != nil) != (i < strSiteMax) {
			t.Fatalf("string %d kept: %v", i, p != nil)
		}
		if p != nil && values.BoxOf(InterpolateAt(&site, SiteRef{}, parts(i)...)) != p {
			t.Fatalf("string %d is not the box the site kept", i)
		}
	}
	long := strings.Repeat("x", maxStrValue+1)
	if got := InterpolateAt(&site, SiteRef{}, values.String(long), values.Int(1)); got != values.String(long+"1") {
		t.Fatalf("long string: %v", got)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				n := (i*7 + g) % 50
				if got := InterpolateAt(&site, SiteRef{}, parts(n)...); got != values.String("host-"+strconv.Itoa(n)+".example.com") {
					t.Errorf("concurrent InterpolateAt(%d) = %v", n, got)
					return
				}
			}
		}()
	}
	wg.Wait()
}
