package hiera

import (
	"sync"

	"github.com/pp2go/pp2go/rt/values"
)

// The bodies of lookup(), hiera(), hiera_array(), hiera_hash() and
// hiera_include() as plain functions of their evaluated arguments, for the
// function registry. The dispatch follows the functions' Puppet signatures
// (functions/lookup.rb, hiera/puppet_function.rb); the registry checks the
// argument types against the same signatures first.

// Block is a Puppet lambda given to a function: called with the name(s).
type Block func(name values.Value) values.Value

func mustType(s string) values.Type { return values.MustParseType(s) }

func alias(name string, t values.Type) values.Type {
	a := values.NewTypeAlias(name)
	a.Resolve(t)
	return a
}

// signatures are lookup()'s five dispatches and those of hiera(),
// hiera_array(), hiera_hash() and hiera_include(), in order, with
// lookup()'s local type aliases, which its argument errors name. Only
// LookupDispatch and HieraDispatch read them, so they are parsed on first
// use rather than at every binary's start.
var signatures = sync.OnceValues(func() (lookup, hiera []*values.Signature) {
	nameT := alias("NameType", mustType(`Variant[String, Array[String]]`))
	valueT := alias("ValueType", mustType(`Type`))
	defaultValueT := alias("DefaultValueType", mustType(`Any`))
	mergeT := alias("MergeType", mustType(`Variant[String[1], Hash[String, Scalar]]`))
	blockT := alias("BlockType", values.NewCallableType(values.NewTupleType([]values.Type{nameT}, nil), nil, nil))
	optionsStruct := func(withName bool) values.Type {
		opt := func(t values.Type) values.Type { return values.NewOptionalType(t) }
		entries := []values.Value{}
		if withName {
			entries = append(entries, values.String("name"), nameT)
		}
		entries = append(entries,
			values.String("value_type"), opt(valueT),
			values.String("default_value"), opt(defaultValueT),
			values.String("override"), opt(mustType(`Hash[String,Any]`)),
			values.String("default_values_hash"), opt(mustType(`Hash[String,Any]`)),
			values.String("merge"), opt(mergeT))
		t, err := values.Parameterize(mustType("Struct"), []values.Value{values.NewHashFromPairs(entries...)})
		if err != nil {
			panic(err)
		}
		return t.(values.Type)
	}
	optionsWithT := alias("OptionsWithName", optionsStruct(true))
	optionsWithoT := alias("OptionsWithoutName", optionsStruct(false))
	lookup = []*values.Signature{
		{Params: []values.SignatureParam{{Name: "name", Type: nameT}, {Name: "value_type", Type: valueT, Kind: values.ParamOptional}, {Name: "merge", Type: mergeT, Kind: values.ParamOptional}}},
		{Params: []values.SignatureParam{{Name: "name", Type: nameT}, {Name: "value_type", Type: values.NewOptionalType(valueT)}, {Name: "merge", Type: values.NewOptionalType(mergeT)}, {Name: "default_value", Type: defaultValueT}}},
		{Params: []values.SignatureParam{{Name: "name", Type: nameT}, {Name: "value_type", Type: valueT, Kind: values.ParamOptional}, {Name: "merge", Type: mergeT, Kind: values.ParamOptional}}, Block: blockT, BlockName: "block"},
		{Params: []values.SignatureParam{{Name: "options_hash", Type: optionsWithT}}, Block: blockT, BlockName: "block", BlockOptional: true},
		{Params: []values.SignatureParam{{Name: "name", Type: mustType(`Variant[String, Array[String]]`)}, {Name: "options_hash", Type: optionsWithoT}}, Block: blockT, BlockName: "block", BlockOptional: true},
	}
	hiera = []*values.Signature{
		{Params: []values.SignatureParam{{Name: "args", Type: mustType("Tuple[String, Any, Any, 1, 3]")}}},
		{Params: []values.SignatureParam{{Name: "key", Type: mustType("String")}}},
		{Params: []values.SignatureParam{{Name: "key", Type: mustType("String")}, {Name: "default", Type: mustType("Any")}, {Name: "override", Type: mustType("Any"), Kind: values.ParamOptional}}},
		{Params: []values.SignatureParam{{Name: "key", Type: mustType("String")}}, Block: mustType("Callable[1,1]"), BlockName: "default_block"},
		{Params: []values.SignatureParam{{Name: "key", Type: mustType("String")}, {Name: "override", Type: mustType("Any")}}, Block: mustType("Callable[1,1]"), BlockName: "default_block"},
	}
	return lookup, hiera
})

// LookupCall runs lookup() for the dispatch index (into lookup()'s signatures)
// the registry chose, with the evaluated arguments.
func (s *Session) LookupCall(dispatch int, args []values.Value, block Block) values.Value {
	a := &LookupArgs{}
	arg := func(i int) values.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	typeArg := func(v values.Value) values.Type {
		if t, ok := v.(values.Type); ok {
			return t
		}
		return nil
	}
	switch dispatch {
	case 0, 2:
		a.Name, a.ValueType, a.Merge = arg(0), typeArg(arg(1)), arg(2)
	case 1:
		a.Name, a.ValueType, a.Merge = arg(0), typeArg(arg(1)), arg(2)
		a.DefaultValue, a.HasDefault = arg(3), true
	case 3, 4:
		var opts *values.Hash
		if dispatch == 3 {
			opts = args[0].(*values.Hash)
			a.Name, _ = opts.GetString("name")
		} else {
			a.Name = args[0]
			opts = args[1].(*values.Hash)
		}
		if v, ok := opts.GetString("value_type"); ok {
			a.ValueType = typeArg(v)
		}
		a.DefaultValue, a.HasDefault = opts.GetString("default_value")
		if v, ok := opts.GetString("override"); ok {
			a.Override, _ = v.(*values.Hash)
		}
		if v, ok := opts.GetString("default_values_hash"); ok {
			a.DefaultValuesHash, _ = v.(*values.Hash)
		}
		a.Merge, _ = opts.GetString("merge")
	}
	if block != nil {
		a.Block = block
	}
	return s.Lookup(a)
}

// LookupDispatch picks lookup()'s dispatch for arguments whose types the
// caller has not checked (tests and tools): the first signature that
// accepts them, or -1 with Puppet's argument mismatch message.
func LookupDispatch(args []values.Value, hasBlock bool) (int, string) {
	lookup, _ := signatures()
	return dispatch("lookup", lookup, args, hasBlock)
}

// HieraDispatch is LookupDispatch for the hiera_* functions.
func HieraDispatch(kind HieraKind, args []values.Value, hasBlock bool) (int, string) {
	_, hiera := signatures()
	return dispatch(kind.Name(), hiera, args, hasBlock)
}

func dispatch(name string, sigs []*values.Signature, args []values.Value, hasBlock bool) (int, string) {
	for i, sig := range sigs {
		if hasBlock && sig.Block == nil || !hasBlock && sig.Block != nil && !sig.BlockOptional {
			continue
		}
		if values.IsInstance(sig.CallableType().Params, values.NewArray(args...)) {
			return i, ""
		}
	}
	// Puppet leaves a required block out of the signatures it lists when
	// the call has none.
	shown := sigs
	if !hasBlock {
		shown = make([]*values.Signature, len(sigs))
		for i, sig := range sigs {
			if sig.Block != nil && !sig.BlockOptional {
				c := *sig
				c.Block, c.BlockName = nil, ""
				sig = &c
			}
			shown[i] = sig
		}
	}
	return -1, values.DescribeSignatures(name, shown, args, nil)
}

// HieraCall runs hiera(), hiera_array() or hiera_hash() for the dispatch
// index (into their signatures) with the evaluated arguments. For
// hiera_include, HieraIncludeCall returns the classes to include.
func (s *Session) HieraCall(kind HieraKind, dispatch int, args []values.Value, block Block) values.Value {
	return s.Hiera(kind, hieraArgs(dispatch, args, block))
}

// HieraIncludeCall runs hiera_include()'s lookup and returns the class
// names the caller must include.
func (s *Session) HieraIncludeCall(dispatch int, args []values.Value, block Block) []values.Value {
	return s.HieraIncludeClasses(hieraArgs(dispatch, args, block))
}

func hieraArgs(dispatch int, args []values.Value, block Block) *HieraArgs {
	if dispatch == 0 {
		// Puppet 7.23's hiera_splat calls a method its function class does
		// not have: every call with an array argument fails so.
		panic(&values.Error{Message: "undefined method `hiera' for an instance of the hiera function"})
	}
	a := &HieraArgs{Key: values.ToString(args[0])}
	switch dispatch {
	case 2:
		a.Default, a.HasDefault = args[1], true
		if len(args) > 2 {
			a.Override = args[2]
		}
	case 4:
		a.Override = args[1]
	}
	if block != nil {
		a.Block = block
	}
	if a.Override != nil && values.IsUndef(a.Override) {
		a.Override = nil
	}
	return a
}
