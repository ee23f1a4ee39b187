package rt

import (
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// TestDuplicateAttribute: a body that sets an attribute twice fails with
// Puppet's DUPLICATE_ATTRIBUTE error (evaluator_impl's
// eval_ResourceExpression), splatted or not; attributes whose names have
// the same length, or lengths 64 apart, are no duplicates; each body of
// an expression has its own attributes.
func TestDuplicateAttribute(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	site := &Site{File: &File{Path: "/env/manifests/site.pp"}, Line: 3}
	at := SiteRefOf(site)
	long := "x" + strings.Repeat("y", 64) // 65 bytes: bit 1, as "x"'s
	for _, c := range []struct {
		name string
		body func(d *Declaration)
		dup  string
	}{
		{"distinct", func(d *Declaration) {
			d.Body(at, values.String("a")).Attr(at, "message", values.String("m")).Attr(at, "loglevel", values.String("info")).
				Attr(at, "withpath", values.Bool(true)).Body(at, values.String("b")).Attr(at, "message", values.String("n")).Exec()
		}, ""},
		{"same length", func(d *Declaration) {
			d.Body(at, values.String("a")).Attr(at, "x", values.String("1")).Attr(at, "y", values.String("2")).Attr(at, long, values.String("3")).Done()
		}, ""},
		{"twice", func(d *Declaration) {
			d.Body(at, values.String("a")).Attr(at, "message", values.String("m")).Attr(at, "tag", values.String("t")).
				Attr(at, "message", values.String("n")).Exec()
		}, "message"},
		{"splatted", func(d *Declaration) {
			d.Body(at, values.String("a")).Attr(at, "loglevel", values.String("info")).
				Splat(site, values.NewHashFromPairs(values.String("message"), values.String("m"), values.String("loglevel"), values.String("err"))).Exec()
		}, "loglevel"},
	} {
		err := CompileWith(p, &Node{Name: "n1.example.com", Main: func(s *Scope) {
			c.body(s.Declare(at, "notify", Regular))
		}}).Err
		switch {
		case c.dup == "" && err != nil && strings.Contains(err.Error(), "has already been set"):
			t.Errorf("%s: %v", c.name, err)
		case c.dup != "" && (err == nil || !strings.Contains(err.Error(), "The attribute '"+c.dup+"' has already been set")):
			t.Errorf("%s: error %v, want attribute %s already set", c.name, err, c.dup)
		}
	}
}
