package hiera

import (
	"os"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// A hierarchy level's backend may be a function of the environment,
// written in Puppet or in a module's Ruby (lookup/function_provider.rb):
// it is called with its arguments, the level's options and a
// Puppet::LookupContext (lookupContext), whose not_found ends the call
// with the key not found there. What the context caches lives as long as
// the compile's hierarchy (Puppet's FunctionContext, one for each
// level and location).

// functionContext is what a backend function's calls at one location
// share: its cache, the hash a data_hash function gave, and the files
// cached_file_data read.
type functionContext struct {
	keys     []values.Value // the cache's keys, in the order cached
	cache    map[values.Value]values.Value
	dataHash *values.Hash
	files    map[string]values.Value
}

// notFound is what not_found panics with (Puppet throws :no_such_key).
type notFound struct{}

// functionContext is the context of the provider's function at loc.
func (p *provider) functionContext(loc *location) *functionContext {
	k := locationKey(loc)
	if p.fctx == nil {
		p.fctx = map[string]*functionContext{}
	}
	fc := p.fctx[k]
	if fc == nil {
		fc = &functionContext{cache: map[values.Value]values.Value{}}
		p.fctx[k] = fc
	}
	return fc
}

// callFunction calls the provider's function with args, the location's
// options and a context: false when the function called not_found.
func (p *provider) callFunction(inv *invocation, loc *location, args ...values.Value) (v values.Value, found bool) {
	s := inv.s
	if s.CallFunction == nil || fn.Lookup(p.e.Function) == nil {
		p.functionNotFound()
	}
	ctx := &lookupContext{inv: inv, p: p, fc: p.functionContext(loc)}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(notFound); !ok {
				panic(r)
			}
			v, found = nil, false
		}
	}()
	if p.e.Kind == "v4_data_hash" { // Puppet 4's data function takes nothing
		return s.CallFunction(p.e.Function, nil), true
	}
	return s.CallFunction(p.e.Function, append(args, p.optionsFor(loc), ctx)), true
}

// functionDataHash is the hash a data_hash function gives at loc, once
// for the location (nil when the function called not_found).
func (p *provider) functionDataHash(inv *invocation, loc *location) *values.Hash {
	fc := p.functionContext(loc)
	if fc.dataHash != nil {
		return fc.dataHash
	}
	v, found := p.callFunction(inv, loc)
	if !found {
		return nil
	}
	h, ok := v.(*values.Hash)
	if !ok {
		msg := "Value returned from " + p.fullName()
		if loc != nil {
			msg += ", when using location '" + loc.path + "',"
		}
		e := values.AssertInstance(msg, values.HashT, v).(*values.Error)
		e.Preformatted = true // not the error of the lookup's call
		panic(e)
	}
	fc.dataHash = h
	return h
}

// validValue is v when it is a Puppet::LookupValue (RichData), which a
// backend function's values must be (DataProvider#validate_data_value);
// subject says whose value it is.
func (p *provider) validValue(v values.Value, subject string, loc *location) values.Value {
	if values.IsInstance(values.RichDataT, v) {
		return v
	}
	msg := subject + " " + p.fullName()
	if loc != nil {
		msg += ", when using location '" + loc.path + "',"
	}
	panic(&values.Error{Code: values.IssueTypeMismatch, Preformatted: true, Message: msg + " has wrong type, expects Puppet::LookupValue, got " +
		values.TypeString(values.Infer(v))})
}

// lookupContext is Puppet::LookupContext: a backend function's view of
// the lookup (lookup/context.rb).
type lookupContext struct {
	values.External
	inv *invocation
	p   *provider
	fc  *functionContext
}

func (*lookupContext) ObjectType() *values.ObjectType { return values.LookupContextT }

// CallMember implements fn.Members: the context's functions and
// attributes.
func (x *lookupContext) CallMember(c fn.Context, name string, args []values.Value, block fn.Block) (values.Value, bool) {
	arity := func(lo, hi int) {
		if len(args) < lo || len(args) > hi {
			sig := &values.Signature{Params: make([]values.SignatureParam, hi)}
			for i := range sig.Params {
				sig.Params[i] = values.SignatureParam{Type: values.AnyT}
				if i >= lo {
					sig.Params[i].Kind = values.ParamOptional
				}
			}
			panic(fn.Errorf("%s", values.DescribeSignatures(memberName(name), []*values.Signature{sig}, args, nil)))
		}
	}
	fc := x.fc
	switch name {
	case "environment_name":
		arity(0, 0)
		return values.String(x.inv.s.d.EnvName), true
	case "module_name":
		arity(0, 0)
		if x.p.l.module == "" {
			return values.Undef, true
		}
		return values.String(x.p.l.module), true
	case "not_found":
		arity(0, 0)
		panic(notFound{})
	case "explain":
		arity(0, 0)
		if block != nil {
			x.inv.reportText(func() string { return values.ToString(block.Call()) })
		}
		return values.Undef, true
	case "interpolate":
		arity(1, 1)
		return x.inv.s.interpolate(args[0], x.inv, true), true
	case "cache":
		arity(2, 2)
		fc.put(cacheKey(name, args[0]), args[1])
		return args[1], true
	case "cache_all":
		arity(1, 1)
		h, ok := args[0].(*values.Hash)
		if !ok {
			panic(memberMismatch(name, values.HashT, args[0]))
		}
		for i := 0; i < h.Len(); i++ {
			fc.put(cacheKey(name, h.KeyAt(i)), h.ValueAt(i))
		}
		return values.Undef, true
	case "cache_has_key":
		arity(1, 1)
		_, ok := fc.cache[cacheKey(name, args[0])]
		return values.Bool(ok), true
	case "cached_value":
		arity(1, 1)
		if v, ok := fc.cache[cacheKey(name, args[0])]; ok {
			return v, true
		}
		return values.Undef, true
	case "cached_entries":
		arity(0, 0)
		entries := make([]values.Value, len(fc.keys))
		for i, k := range fc.keys {
			entries[i] = values.NewArray(k, fc.cache[k])
		}
		if block == nil {
			return values.NewArray(entries...), true
		}
		two := block.CallableType().Params != nil && len(block.CallableType().Params.Types) == 2
		for _, e := range entries {
			if two {
				kv := e.(*values.Array).Elems()
				block.Call(kv[0], kv[1])
			} else {
				block.Call(e)
			}
		}
		return values.Undef, true
	case "cached_file_data":
		arity(1, 1)
		return x.cachedFileData(values.ToString(args[0]), block), true
	}
	return nil, false
}

// put caches v under k.
func (fc *functionContext) put(k, v values.Value) {
	if _, ok := fc.cache[k]; !ok {
		fc.keys = append(fc.keys, k)
	}
	fc.cache[k] = v
}

// cacheKey is k as the cache's key: a scalar or undef (Optional[Scalar]),
// as the member name takes it.
func cacheKey(name string, k values.Value) values.Value {
	switch k.(type) {
	case values.String, values.Int, values.Float, values.Bool, values.UndefValue:
		return k
	case nil:
		return values.Undef
	}
	panic(memberMismatch(name, values.NewOptionalType(values.ScalarT), k))
}

// memberName is how Puppet names a member of Puppet::LookupContext in
// its errors (quoted there).
func memberName(name string) string { return "function Puppet::LookupContext[" + name + "]" }

// memberMismatch is the error of a member's argument v that is not a t.
func memberMismatch(name string, t values.Type, v values.Value) error {
	return &values.Error{Code: values.IssueTypeMismatch,
		Message: values.DescribeMismatch("'"+memberName(name)+"' parameter ''", t, values.InferSet(v))}
}

// cachedFileData is the text of the file at path, or what block makes of
// it, read once for the context: a file at one of the level's locations
// as the build read it, else the file on the machine that compiles, as
// Puppet reads it on its server.
func (x *lookupContext) cachedFileData(path string, block fn.Block) values.Value {
	fc := x.fc
	if v, ok := fc.files[path]; ok {
		return v
	}
	var v values.Value
	if f := x.inv.s.d.file(path); f != nil && f.Text != "" {
		v = values.String(f.Text)
	} else {
		b, err := os.ReadFile(path)
		if os.IsNotExist(err) {
			panic(fn.Errorf("No such file or directory @ rb_file_s_stat - %s", path)) // Ruby's Errno::ENOENT
		} else if err != nil {
			panic(fn.Errorf("%s", err.Error()))
		}
		v = values.String(b)
	}
	if block != nil {
		v = block.Call(v)
	}
	if fc.files == nil {
		fc.files = map[string]values.Value{}
	}
	fc.files[path] = v
	return v
}
