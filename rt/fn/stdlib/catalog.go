package stdlib

import (
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func catalog(c fn.Context, name string) fn.Catalog {
	cat, ok := c.(fn.Catalog)
	if !ok {
		panic(fn.Errorf("%s(): the catalog is not available here", name))
	}
	return cat
}

var typeTitleRx = lazyre.New(`(?s)^([^\[\]]+)\[(.+)\]$`)

// typeAndTitle is Puppet::Resource.type_and_title for a string reference.
func typeAndTitle(ref string) (string, string, bool) {
	m := typeTitleRx.FindStringSubmatch(ref)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// refTypeTitle splits a resource reference given to a 3.x function (a
// resource type value or a "Type[title]" string).
func refTypeTitle(ref v.Value) (string, string, bool) {
	switch r := ref.(type) {
	case *v.ResourceType:
		if r.TypeName == "" {
			return "", "", false
		}
		return r.TypeName, r.Title, true
	case *v.ClassType:
		return "Class", r.ClassName, true
	case v.String:
		t, title, ok := typeAndTitle(string(r))
		if !ok {
			panic(fn.Errorf("No title provided and %s is not a valid resource reference", fn.RubyStringInspect(string(r))))
		}
		return t, title, true
	}
	return "", "", false
}

// refString is a resource's to_s ("File[/tmp]").
func refString(typ, title string) string { return capitalizeType(typ) + "[" + title + "]" }

// capitalizeType capitalizes each segment of a type name ("foo::bar" ->
// "Foo::Bar").
func capitalizeType(t string) string {
	segs := strings.Split(t, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	return strings.Join(segs, "::")
}

func definedWithParams(c fn.Context, a args) bool {
	if len(a) == 0 || v.IsUndef(a[0]) || a[0] == v.False {
		panic(fn.Errorf("Must specify a reference"))
	}
	params := v.EmptyHash
	if len(a) > 1 {
		if h, ok := a[1].(*v.Hash); ok {
			params = h
		}
	}
	cat := catalog(c, "defined_with_params")
	typ, title, ok := refTypeTitle(a[0])
	if !ok {
		panic(fn.Errorf("Reference is not understood: '%s'", class(a[0])))
	}
	var found []fn.Resource
	if title == "" {
		found = cat.Resources(typ)
	} else if r, ok := cat.FindResource(typ, title); ok {
		found = []fn.Resource{r}
	}
	cur := cat.CurrentResource()
	for _, res := range found {
		if cur != nil && strings.EqualFold(res.Type(), cur.Type()) && res.Title() == cur.Title() {
			continue
		}
		match := true
		for i := 0; i < params.Len(); i++ {
			key := fn.RubyToS(params.KeyAt(i))
			want := params.ValueAt(i)
			have, _ := res.Param(key)
			if !((v.IsUndef(have) && v.IsUndef(want)) || fn.RubyEqual(have, want)) {
				match = false
			} else {
				c.Log("debug", "Matching resource is "+refString(res.Type(), res.Title()))
			}
		}
		if params.Len() == 0 || match {
			return true
		}
	}
	c.Log("debug", "Resource "+fn.RubyToS(refValueToS(a[0]))+" was not determined to be defined")
	return false
}

func refValueToS(x v.Value) v.Value {
	if typ, title, ok := refTypeTitle(x); ok {
		if _, isStr := x.(v.String); !isStr {
			return v.String(refString(typ, title))
		}
	}
	return x
}

func init() {
	def3("defined_with_params", -1, false, func(c fn.Context, a args) v.Value {
		return v.BoolOf(definedWithParams(c, a))
	})

	fn.New("ensure_packages").Module(module).
		DR("Variant[String[1], Array[String[1]], Hash[String[1], Any]] packages, Hash default_attributes?", "Undef", func(c fn.Context, a args, b fn.Block) v.Value {
			defaults := v.NewHashFromPairs(v.String("ensure"), v.String("installed"))
			if len(a) > 1 {
				defaults = defaults.Merge(a[1].(*v.Hash))
				if e, _ := defaults.GetString("ensure"); e == v.String("present") {
					defaults = defaults.Merge(v.NewHashFromPairs(v.String("ensure"), v.String("installed")))
				}
			}
			if h, ok := a[0].(*v.Hash); ok {
				c.Call("ensure_resources", []v.Value{v.String("package"), h, defaults}, nil)
				return v.Undef
			}
			for _, name := range kernelArray(a[0]) {
				c.Call("ensure_resource", []v.Value{v.String("package"), name, defaults}, nil)
			}
			return v.Undef
		}).Register()
	def3("ensure_packages", -1, true, func(c fn.Context, a args) v.Value {
		fn.WarnOnce(c, "3xfunction#ensure_packages", "Calling function_ensure_packages via the Scope class is deprecated. Use Scope#call_function instead")
		return c.Call("ensure_packages", a, nil)
	})

	def3("private", -1, true, func(c fn.Context, a args) v.Value {
		c.Warn("private() DEPRECATED: This function will cease to function on Puppet 4; please use assert_private() before upgrading to puppet 4 for backwards-compatibility, or migrate to the new parser's typing system.")
		var msg v.Value = v.Undef
		if len(a) > 0 {
			msg = a[0]
		}
		return call3(c, "assert_private", msg)
	})
	fn.New("stdlib::str2resource").Module(module).
		DR("String res_string", "Any", func(c fn.Context, a args, b fn.Block) v.Value {
			typ, title, _ := typeAndTitle(str(a[0]))
			if _, ok := catalog(c, "stdlib::str2resource").FindResource(typ, title); !ok {
				parseError("stdlib::str2resource(): could not find %s[%s], this is parse order dependent and values should not be quoted", typ, title)
			}
			return v.NewResourceType(typ, title, true)
		}).Register()

}
