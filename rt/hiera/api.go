package hiera

import (
	"fmt"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// LookupArgs are lookup()'s arguments after dispatch (functions/lookup.rb).
type LookupArgs struct {
	// Name is the name or names as given (a String or an Array of String);
	// the default block receives it as is.
	Name values.Value
	// ValueType is the expected type, nil for none.
	ValueType values.Type
	// Merge is the merge behavior: nil/undef, a String or a Hash.
	Merge values.Value
	// DefaultValue is used when HasDefault and nothing is found.
	DefaultValue values.Value
	HasDefault   bool
	// Override and DefaultValuesHash are the options hash's entries.
	Override          *values.Hash
	DefaultValuesHash *values.Hash
	// Block is the default block (nil for none).
	Block func(name values.Value) values.Value
}

func (a *LookupArgs) names() []string {
	switch n := a.Name.(type) {
	case values.String:
		return []string{string(n)}
	case *values.Array:
		out := make([]string, n.Len())
		for i, e := range n.Elems() {
			out[i] = values.ToString(e)
		}
		return out
	}
	return []string{values.ToString(a.Name)}
}

func mergeArg(m values.Value) any {
	if m == nil || values.IsUndef(m) {
		return nil
	}
	return m
}

// Lookup performs lookup() (Puppet's Lookup.lookup).
func (s *Session) Lookup(a *LookupArgs) values.Value {
	inv := s.newInvocation()
	inv.overrides, inv.defaults = a.Override, a.DefaultValuesHash
	return s.lookupNames(inv, a.names(), a.Name, a.ValueType, a.DefaultValue, a.HasDefault, mergeArg(a.Merge), a.Block)
}

// Explain performs lookup() with an explainer and returns the value (nil
// and the error when the lookup failed) and the explanation, as `puppet
// lookup --explain` prints it. With optionsOnly, only the lookup_options
// are explained (`--explain-options`).
func (s *Session) Explain(a *LookupArgs) (result values.Value, explanation string, err error) {
	inv := s.newInvocation()
	inv.overrides, inv.defaults = a.Override, a.DefaultValuesHash
	inv.ex = newExplainer()
	func() {
		defer func() {
			if r := recover(); r != nil {
				e, ok := r.(error)
				if !ok {
					panic(r)
				}
				err = e
			}
		}()
		result = s.lookupNames(inv, a.names(), a.Name, a.ValueType, a.DefaultValue, a.HasDefault, mergeArg(a.Merge), a.Block)
	}()
	return result, inv.ex.String(), err
}

// AutomaticParameter looks up "class::param" for automatic parameter
// lookup, as Puppet does for a class parameter given no value
// (Lookup.search_and_merge with lookup_options' merge). found is false when
// no layer has the key; the compiler then uses the parameter's default.
// Puppet does not let a found undef replace a default expression: callers
// do that check.
func (s *Session) AutomaticParameter(class, param string) (v values.Value, found bool) {
	return s.AutomaticParameterKey(NewKey(strings.TrimPrefix(class, "::") + "::" + param))
}

// Key is a lookup key made once for the lookups of a process that look it
// up again (a class's automatic parameters), which then do not find it by
// its text.
type Key struct{ lk *lookupKey }

// NewKey makes the Key of key ("class::param"). A key Hiera cannot parse
// panics as a lookup of it does. The caller keeps it, so it is not added
// to the process's table of keys (lookupKeys), which a class's keys, made
// once, would only fill: a one-shot keystone compile made 423 of them.
func NewKey(key string) Key { return Key{makeLookupKey(key)} }

// ParameterKeys makes the Keys of a class's automatic parameters,
// "class::param" for each of params' n names (the class without a leading
// "::"), as NewKey does, at once: one string and one block for them all,
// and no search for a key's segments when no name holds a dot or a quote
// (a class's and a parameter's never do: a keystone compile made 423 keys
// of 30 classes).
func ParameterKeys(class string, n int, param func(i int) string) []Key {
	prefix := class + "::"
	size, plain := len(prefix)*n, !hasSegments(class)
	for i := range n {
		size += len(param(i))
		plain = plain && !hasSegments(param(i))
	}
	var b strings.Builder
	b.Grow(size)
	for i := range n {
		b.WriteString(prefix)
		b.WriteString(param(i))
	}
	all, at := b.String(), 0 // one string the keys share
	keys := make([]Key, n)
	lks := make([]lookupKey, n)
	for i := range n {
		key := all[at : at+len(prefix)+len(param(i))]
		at += len(key)
		if !plain {
			keys[i] = NewKey(key)
			continue
		}
		lks[i] = plainLookupKey(key)
		if i > 0 {
			// the first key's module, the same bytes: sameModule
			// finds it the session's without comparing them
			lks[i].module = lks[0].module
		}
		keys[i] = Key{&lks[i]}
	}
	return keys
}

// hasSegments reports whether s holds what splits a key into segments,
// or quotes one (makeLookupKey).
func hasSegments(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '.' || c == '\'' || c == '"' {
			return true
		}
	}
	return false
}

// AutomaticParameterKey is AutomaticParameter of the key "class::param".
func (s *Session) AutomaticParameterKey(key Key) (v values.Value, found bool) {
	if v, found, settled := s.settledLookup(key.lk); settled {
		return v, found
	}
	// the session's spare invocation, which no lookup holds once done
	// (a nested lookup, while this one runs, makes its own)
	inv := s.spare
	if inv != nil {
		s.spare = nil
		*inv = invocation{s: s}
		inv.nameStack = inv.stack[:0]
	} else {
		inv = s.newInvocation()
	}
	inv.automatic = true
	v, found = s.adapterLookupKey(key.lk.text, key.lk, inv, nil)
	s.spare = inv
	return v, found
}

// ExplainAutomaticParameter is AutomaticParameter with the explanation.
func (s *Session) ExplainAutomaticParameter(class, param string) (v values.Value, found bool, explanation string) {
	inv := s.newInvocation()
	inv.ex = newExplainer()
	v, found = s.adapterLookup(strings.TrimPrefix(class, "::")+"::"+param, inv, nil)
	return v, found, inv.ex.String()
}

// HieraKind selects one of the hiera_* functions.
type HieraKind int

const (
	HieraPriority HieraKind = iota // hiera()
	HieraArray                     // hiera_array()
	HieraHash                      // hiera_hash()
	HieraInclude                   // hiera_include()
)

// Name is the function's Puppet name.
func (k HieraKind) Name() string {
	return [...]string{"hiera", "hiera_array", "hiera_hash", "hiera_include"}[k]
}

func (k HieraKind) merge() string {
	switch k {
	case HieraArray, HieraInclude:
		return "unique"
	case HieraHash:
		return "hash"
	}
	return "first"
}

// HieraArgs are the arguments of hiera(), hiera_array(), hiera_hash() and
// hiera_include() after dispatch (Hiera::PuppetFunction).
type HieraArgs struct {
	Key        string
	Default    values.Value
	HasDefault bool
	Override   values.Value // a String or Array of hierarchy paths, nil for none
	Block      func(key values.Value) values.Value
}

// DeprecationWarning is the warning Puppet logs (once) when a hiera_*
// function is called while strict is not off; minor is Puppet's minor
// version ("8.10"), which its link names.
func (k HieraKind) DeprecationWarning(minor string) string {
	return fmt.Sprintf("The function '%s' is deprecated in favor of using 'lookup'. See https://puppet.com/docs/puppet/%s/deprecated_language.html", k.Name(), minor)
}

// Hiera performs hiera(), hiera_array() or hiera_hash(). For
// hiera_include use HieraIncludeClasses.
func (s *Session) Hiera(kind HieraKind, a *HieraArgs) values.Value {
	inv := s.newInvocation()
	inv.hieraXXX = true
	if !s.hasEnvironmentDataProvider() {
		inv.globalOnlyLocal = true
	}
	switch o := a.Override.(type) {
	case values.String:
		inv.v3Overrides = []string{string(o)}
	case *values.Array:
		for _, e := range o.Elems() {
			inv.v3Overrides = append(inv.v3Overrides, values.ToString(e))
		}
	}
	var block func(values.Value) values.Value
	if a.Block != nil {
		block = a.Block
	}
	return s.lookupNames(inv, []string{a.Key}, values.String(a.Key), nil, a.Default, a.HasDefault, kind.merge(), block)
}

// HieraIncludeClasses performs hiera_include()'s lookup and returns the
// class names to include (the caller includes them).
func (s *Session) HieraIncludeClasses(a *HieraArgs) []values.Value {
	v := s.Hiera(HieraInclude, a)
	if v == nil || values.IsUndef(v) {
		panic(&values.Error{Message: "Could not find data item " + a.Key})
	}
	switch x := v.(type) {
	case *values.Array:
		return x.Elems()
	case values.String:
		if x == "" {
			return nil
		}
	case *values.Hash:
		if x.Len() == 0 {
			return nil
		}
	}
	return []values.Value{v}
}

func (s *Session) hasEnvironmentDataProvider() bool {
	env := s.envLayer()
	return env != nil && env.cfg.Version >= 5
}

// DataFile is yaml_data(), json_data() or hocon_data() called directly: the
// hash of a data file compiled into the program.
func (s *Session) DataFile(function, path string) values.Value {
	f := s.d.file(path)
	if f == nil || f.Dir {
		panic(lookupError("No such file or directory @ rb_sysopen - " + path))
	}
	if f.Error != "" {
		panic(lookupError(f.Error))
	}
	s.fileWarning(path, f)
	if h := f.Hash(); h != nil {
		return h
	}
	return values.NewHash()
}

// EyamlLookupKey is eyaml_lookup_key() called directly.
func (s *Session) EyamlLookupKey(key string, options *values.Hash) (values.Value, bool) {
	return eyamlLookupKey(&BackendContext{inv: s.newInvocation(), p: &provider{l: &layer{s: s}}}, key, options)
}
