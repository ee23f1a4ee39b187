package rt

import (
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// The functions that steer the compiler (include, realize, tag, ...) and
// the control flow and logging functions: they need the compilation's
// state, so they live here rather than in the function library. They are
// registered like any other function.

var builtinsOnce sync.Once

func registerBuiltins() {
	builtinsOnce.Do(func() {
		registerBuiltinFuncs()
		registerTemplateFuncs()
	})
}

// scopeOf is the scope a function was called from.
func scopeOf(c fn.Context) *Scope { return c.(*Scope) }

func registerBuiltinFuncs() {
	classFunc := func(name string, f func(s *Scope, names []values.Value) values.Value) {
		fn.New(name).D("Any names+", func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
			return f(scopeOf(c), args)
		}).Register()
	}
	classFunc("include", func(s *Scope, n []values.Value) values.Value { return s.c.Include(s, n) })
	classFunc("require", func(s *Scope, n []values.Value) values.Value { return s.c.Require(s, n) })
	classFunc("contain", func(s *Scope, n []values.Value) values.Value { return s.c.Contain(s, n) })

	fn.Register(&fn.Func{Name: "realize", API3: true, Arity: -2, Statement: true, Dispatches: []*fn.Dispatch{{
		Impl: func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
			s := scopeOf(c)
			s.c.Realize(s, args)
			return values.Undef
		}}}})
	fn.Register(&fn.Func{Name: "tag", API3: true, Arity: -2, Statement: true, Dispatches: []*fn.Dispatch{{
		Impl: func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
			s := scopeOf(c)
			for _, a := range args {
				s.resource.tagValues(a)
			}
			return values.Undef
		}}}})
	fn.Register(&fn.Func{Name: "tagged", API3: true, Arity: -2, Dispatches: []*fn.Dispatch{{
		Impl: func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
			s := scopeOf(c)
			for _, a := range flattenInto(nil, values.NewArray(args...)) {
				t := strings.ToLower(values.ToString(a))
				if !s.c.catalog.hasTag(t) && !s.resource.Tagged(t) {
					return values.False
				}
			}
			return values.True
		}}}})
	fn.Register(&fn.Func{Name: "create_resources", API3: true, Arity: -3, Dispatches: []*fn.Dispatch{{
		Impl: func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
			s := scopeOf(c)
			return s.c.createResourcesFunction(s, args)
		}}}})
	fn.New("defined").D("Variant[String, Type[CatalogEntry], Type[Type[CatalogEntry]]] vals+",
		func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
			s := scopeOf(c)
			for _, a := range args {
				if s.c.isDefined(s, a) {
					return values.True
				}
			}
			return values.False
		}).Register()

	fn.New("break").D("", func(c fn.Context, _ []values.Value, _ fn.Block) values.Value {
		return Break(scopeOf(c).callSite.Site())
	}).Register()
	fn.New("next").D("Any value?", func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
		return Next(scopeOf(c).callSite.Site(), firstOrUndef(args))
	}).Register()
	fn.New("return").D("Any value?", func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
		return Return(scopeOf(c).callSite.Site(), firstOrUndef(args))
	}).Register()

	for _, level := range []string{"alert", "crit", "debug", "emerg", "err", "info", "notice", "warning"} {
		level := level
		fn.New(level).DR("Any values*", "Undef", func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
			parts := make([]string, len(args))
			for i, a := range args {
				parts[i] = values.ToString(a)
			}
			c.Log(level, strings.Join(parts, " "))
			return values.Undef
		}).Register()
	}
}

func firstOrUndef(args []values.Value) values.Value {
	if len(args) == 0 {
		return values.Undef
	}
	return args[0]
}

// isDefined is one argument of the defined function.
func (c *Ctx) isDefined(s *Scope, v values.Value) bool {
	switch x := v.(type) {
	case values.String:
		name := string(x)
		if strings.HasPrefix(name, "$") && len(name) > 1 {
			return s.Exists(name[1:])
		}
		switch name {
		case "":
			return false
		case "main":
			return true
		}
		return c.prog.findNative(name) != nil || c.prog.findDefine(name) != nil || c.prog.findClass(name) != nil ||
			c.sideKnown(name, true) || c.sideKnown(name, false)
	case *values.ResourceType:
		if x.TypeName == "" {
			Fail("The given resource type is a reference to all kind of types")
		}
		if !x.HasTitle {
			return c.prog.findNative(x.TypeName) != nil || c.prog.findDefine(x.TypeName) != nil || c.sideKnown(x.TypeName, true)
		}
		return c.findResourceByName(x.TypeName, x.Title) != nil
	case *values.ClassType:
		if x.ClassName == "" {
			Fail("The given class type is a reference to all classes")
		}
		return c.findResourceByName("class", x.ClassName) != nil
	case *values.TypeType:
		switch t := x.Type.(type) {
		case *values.ResourceType:
			return c.isDefined(s, t)
		case *values.ClassType:
			if t.ClassName == "" {
				Fail("The given class type is a reference to all classes")
			}
			return c.prog.findClass(t.ClassName) != nil || c.sideKnown(t.ClassName, false)
		}
		return false
	}
	Errorf("Invalid argument of type '%s' to 'defined'", values.LabelOf(v))
	return false
}

// noHash is create_resources' defaults or an instance's parameters when
// there are none (only read).
var noHash = values.NewHash()

// createResourcesFunction is create_resources(type, instances, defaults).
func (c *Ctx) createResourcesFunction(s *Scope, args []values.Value) values.Value {
	if len(args) > 3 {
		Errorf("create_resources(): wrong number of arguments (%d; must be 2 or 3)", len(args))
	}
	instances, ok := args[1].(*values.Hash)
	if !ok {
		Fail("create_resources(): second argument must be a hash")
	}
	defaults := noHash
	if len(args) == 3 {
		d, ok := args[2].(*values.Hash)
		if !ok {
			Fail("create_resources(): third argument, if provided, must be a hash")
		}
		defaults = d
	}
	typ := values.ToString(args[0])
	form := Regular
	switch {
	case strings.HasPrefix(typ, "@@"):
		form = Exported
	case strings.HasPrefix(typ, "@"):
		form = Virtual
	}
	typeName := lowered.get(strings.TrimLeft(typ, "@")) // ensure_resource's are capitalized
	if typeName == "class" && form != Regular {
		IssueAt(s.callSite.Site(), "CLASS_NOT_VIRTUALIZABLE", "Classes are not virtualizable")
	}
	refs := makeSlice(&c.valueLists, instances.Len(), 1024)
	for i := 0; i < instances.Len(); i++ {
		title := instances.KeyAt(i)
		params, _ := instances.ValueAt(i).(*values.Hash)
		if params == nil {
			params = noHash
		}
		merged := defaults.Merge(params)
		ps := makeSlice(&c.paramLists, merged.Len(), 512)
		for j := 0; j < merged.Len(); j++ {
			ps = append(ps, c.newParam(Param{Name: values.ToString(merged.KeyAt(j)), Value: merged.ValueAt(j), Source: s.source}))
		}
		tvs := flattenInto(makeSlice(&c.valueLists, 1, 1024), title)
		titles := makeSlice(&c.nameLists, len(tvs), 1024)
		for _, t := range tvs {
			titles = append(titles, values.ToString(t))
		}
		c.createResources(s, s.callSite, typeName, nil, form, titles, ps, 0, &refs, tvs...)
	}
	return c.newArray(refs)
}
