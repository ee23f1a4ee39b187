// Package hierafn registers Hiera's Puppet functions with rt/fn: lookup,
// hiera, hiera_array, hiera_hash, hiera_include, and the backend functions
// yaml_data, json_data, hocon_data and eyaml_lookup_key, with Puppet 7.23's
// signatures. The functions find the compile's *hiera.Session through the
// fn.Context (interface{ HieraSession() *hiera.Session }).
package hierafn

import (
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// SessionContext is implemented by the compiler's function context.
type SessionContext interface {
	HieraSession() *hiera.Session
}

func session(c fn.Context) *hiera.Session {
	if sc, ok := c.(SessionContext); ok {
		if s := sc.HieraSession(); s != nil {
			if s.New == nil {
				s.New = func(t values.Type, v values.Value, args []values.Value) values.Value {
					return c.Call("new", append([]values.Value{t, v}, args...), nil)
				}
			}
			if s.Warn == nil {
				s.Warn = c.Warn
			}
			return s
		}
	}
	fn.Fail("Hiera lookups are not available in this context")
	return nil
}

func block(b fn.Block) hiera.Block {
	if b == nil {
		return nil
	}
	return func(name values.Value) values.Value { return b.Call(name) }
}

func lookupImpl(i int) fn.Impl {
	return func(c fn.Context, args []values.Value, b fn.Block) values.Value {
		return session(c).LookupCall(i, args, block(b))
	}
}

func hieraImpl(kind hiera.HieraKind, i int) fn.Impl {
	return func(c fn.Context, args []values.Value, b fn.Block) values.Value {
		if fn.StrictMode(c) != "off" {
			fn.Deprecated(c, "deprecations/"+kind.Name(), kind.DeprecationWarning(fn.PuppetMinorVersion(c)))
		}
		s := session(c)
		if kind == hiera.HieraInclude {
			classes := s.HieraIncludeCall(i, args, block(b))
			if len(classes) > 0 {
				c.Call("include", classes, nil)
			}
			return values.Undef
		}
		return s.HieraCall(kind, i, args, block(b))
	}
}

func init() {
	lb := fn.New("lookup").
		LocalType("NameType", "Variant[String, Array[String]]").
		LocalType("ValueType", "Type").
		LocalType("DefaultValueType", "Any").
		LocalType("MergeType", "Variant[String[1], Hash[String, Scalar]]").
		LocalType("BlockType", "Callable[NameType]").
		LocalType("OptionsWithName", "Struct[{name => NameType, value_type => Optional[ValueType], default_value => Optional[DefaultValueType], override => Optional[Hash[String,Any]], default_values_hash => Optional[Hash[String,Any]], merge => Optional[MergeType]}]").
		LocalType("OptionsWithoutName", "Struct[{value_type => Optional[ValueType], default_value => Optional[DefaultValueType], override => Optional[Hash[String,Any]], default_values_hash => Optional[Hash[String,Any]], merge => Optional[MergeType]}]")
	lb.D("NameType name, ValueType value_type?, MergeType merge?", lookupImpl(0)).
		D("NameType name, Optional[ValueType] value_type, Optional[MergeType] merge, DefaultValueType default_value", lookupImpl(1)).
		D("NameType name, ValueType value_type?, MergeType merge?, BlockType &block", lookupImpl(2)).
		D("OptionsWithName options_hash, BlockType &block?", lookupImpl(3)).
		D("Variant[String,Array[String]] name, OptionsWithoutName options_hash, BlockType &block?", lookupImpl(4)).
		Register()

	for _, kind := range []hiera.HieraKind{hiera.HieraPriority, hiera.HieraArray, hiera.HieraHash, hiera.HieraInclude} {
		fn.New(kind.Name()).
			D("Tuple[String, Any, Any, 1, 3] args", hieraImpl(kind, 0)).
			D("String key", hieraImpl(kind, 1)).
			D("String key, Any default, Any override?", hieraImpl(kind, 2)).
			D("String key, Callable[1,1] &default_block", hieraImpl(kind, 3)).
			D("String key, Any override, Callable[1,1] &default_block", hieraImpl(kind, 4)).
			Register()
	}

	// The backend functions, for code that calls them directly with a
	// lookup context; hierarchies use the compiled-in data directly.
	for _, name := range []string{"yaml_data", "json_data", "hocon_data"} {
		name := name
		fn.New(name).
			D("Struct[{path=>String[1]}] options, Any context", func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
				return session(c).DataFile(name, values.ToString(must(args[0].(*values.Hash).GetString("path"))))
			}).
			Mismatch("Hash options, Any context", func(fn.Context, []values.Value, fn.Block) values.Value {
				return values.String("one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this data_hash function")
			}).
			Register()
	}
	fn.New("eyaml_lookup_key").
		D("String[1] key, Hash[String[1],Any] options, Any context", func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
			v, _ := session(c).EyamlLookupKey(values.ToString(args[0]), args[1].(*values.Hash))
			return v
		}).
		Register()
}

func must(v values.Value, _ bool) values.Value { return v }
