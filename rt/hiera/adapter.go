package hiera

import (
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

const lookupOptionsKey = "lookup_options"

// lookupNames is Puppet's Lookup.lookup: the names in turn (overrides
// first), then default_values_hash, then the default block or value.
func (s *Session) lookupNames(inv *invocation, names []string, nameArg values.Value, vt values.Type, dflt values.Value, hasDefault bool, merge any, block func(values.Value) values.Value) values.Value {
	for _, key := range names {
		if inv.overrides != nil {
			if v, ok := inv.overrides.GetString(key); ok {
				assertType("Value found for key '"+key+"' in override hash", vt, v)
				return assertType("Found value", vt, v)
			}
		}
		if v, ok := s.adapterLookup(key, inv, merge); ok {
			return assertType("Found value", vt, v)
		}
	}
	if inv.defaults != nil && inv.defaults.Len() > 0 {
		for _, key := range names {
			if v, ok := inv.defaults.GetString(key); ok {
				return assertType("Value found for key '"+key+"' in default values hash", vt, v)
			}
		}
	}
	if block != nil {
		return assertType("Value returned from default block", vt, block(nameArg))
	}
	if hasDefault {
		return assertType("Default value", vt, dflt)
	}
	if len(names) == 1 {
		panic(lookupError("Function lookup() did not find a value for the name '" + names[0] + "'"))
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	panic(lookupError("Function lookup() did not find a value for any of the names [" + strings.Join(q, ", ") + "]"))
}

func assertType(subject string, t values.Type, v values.Value) values.Value {
	if v == nil {
		v = values.Undef
	}
	if t == nil {
		return v
	}
	if err := values.AssertInstance(subject, t, v); err != nil {
		panic(err)
	}
	return v
}

// adapterLookup is LookupAdapter#lookup: lookup_options, the three layers
// and the module's default hierarchy.
func (s *Session) adapterLookup(key string, inv *invocation, merge any) (result values.Value, found bool) {
	return s.adapterLookupKey(key, nil, inv, merge)
}

// adapterLookupKey is adapterLookup of key, made already when lk is not
// nil.
func (s *Session) adapterLookupKey(key string, lk *lookupKey, inv *invocation, merge any) (result values.Value, found bool) {
	if !s.started {
		s.started = true
		s.configWarnings(s.d.Warnings)
	}
	if key == lookupOptionsKey || strings.HasPrefix(key, lookupOptionsKey+".") {
		inv.with(explainInvalidKey, lookupOptionsKey, func() {})
		return nil, false
	}
	if lk == nil {
		lk = newLookupKey(key)
	}
	inv.topKey = lk
	inv.moduleName = lk.module
	if v, ok := merge.(values.Value); ok && values.IsUndef(v) {
		merge = nil
	}
	opts := s.lookupLookupOptions(lk, inv)
	if merge == nil && opts != nil {
		if m, ok := opts.GetString("merge"); ok && !values.IsUndef(m) {
			merge = m
			inv.reportMergeSource(lookupOptionsKey)
		}
	}
	if inv.automatic && merge == nil && s.missingEverywhere(lk, inv) {
		return nil, false
	}
	inv.with(explainData, lk, func() {
		result, found = s.doLookup(lk, inv, merge)
		if found || inv.globalOnly() {
			return
		}
		var v values.Value
		if v, found = s.lookupDefaultInModule(lk, inv); found {
			result, found = lk.dig(inv, v)
		}
	})
	if found && opts != nil {
		result = s.convertResult(key, opts, inv, result)
	}
	return result, found
}

// missingEverywhere reports whether no layer has lk, for an automatic
// parameter lookup (most find nothing) and without doLookup's machinery:
// it reads the data files doLookup would read for a key it does not find,
// in the same order and the same way (each file's warnings, a module's keys
// checked), and looks lk up in each. It is false, and doLookup decides,
// when a file has lk, for a hierarchy other than yaml, json or hocon data
// files, a version 3 global layer and a module's default_hierarchy; and
// when reading a file panics (doLookup reads it again, and raises the
// error as it does; what was logged before is not logged twice).
func (s *Session) missingEverywhere(lk *lookupKey, inv *invocation) (missing bool) {
	defer func() {
		if recover() != nil {
			missing = false
		}
	}()
	// the layers in doLookup's order, each looked for as doLookup does
	// (envLayer and moduleLayer may log the first time)
	if t := s.DataBindingTerminus; t != "none" && t != "" && s.global != nil && !s.global.missing(lk, inv) {
		return false
	}
	if env := s.envLayer(); env != nil && !env.missing(lk, inv) {
		return false
	}
	if inv.moduleName != "" {
		if l := s.moduleLayer(inv.moduleName); l != nil && (!l.missing(lk, inv) || len(l.cfg.DefaultHierarchy) > 0) {
			return false
		}
	}
	return true
}

func (s *Session) convertResult(key string, opts *values.Hash, inv *invocation, result values.Value) values.Value {
	ct, ok := opts.GetString("convert_to")
	if !ok || values.IsUndef(ct) {
		return result
	}
	var args []values.Value
	if a, isArr := ct.(*values.Array); isArr {
		args = append(args, a.Elems()...)
	} else {
		args = []values.Value{ct}
	}
	if len(args) == 0 {
		return result
	}
	var t values.Type
	switch x := args[0].(type) {
	case values.String:
		pt, err := values.ParseType(string(x), nil)
		if err != nil {
			panic(lookupError("Invalid data type in lookup_options for key '" + key + "' could not parse '" + string(x) + "', error: '" + err.Error()))
		}
		t = pt
	case values.Type:
		t = x
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				msg := ""
				switch e := r.(type) {
				case error:
					msg = e.Error()
				default:
					panic(r)
				}
				panic(lookupError("The convert_to lookup_option for key '" + key + "' raised error: " + msg))
			}
		}()
		if t == nil {
			panic(lookupError("convert_to: not a type"))
		}
		if s.New != nil {
			result = s.New(t, result, args[1:])
		} else {
			result = builtinNew(t, result)
		}
	}()
	inv.reportText(func() string {
		return "Applying convert_to lookup_option with arguments " + values.ToString(values.NewArray(append([]values.Value{t}, args[1:]...)...))
	})
	return result
}

func builtinNew(t values.Type, v values.Value) values.Value {
	if _, ok := t.(*values.SensitiveType); ok {
		return values.NewSensitive(v)
	}
	if values.IsInstance(t, v) {
		return v
	}
	panic(lookupError("Converting to " + values.TypeString(t) + " needs the new() function"))
}

type providerKind int

const (
	provGlobal providerKind = iota
	provEnv
	provModule
)

var providerStack = []providerKind{provGlobal, provEnv, provModule}

func (s *Session) doLookup(lk *lookupKey, inv *invocation, merge any) (values.Value, bool) {
	if inv.globalOnly() {
		v, ok := s.lookupGlobal(lk, inv, merge)
		if !ok {
			return nil, false
		}
		return lk.dig(inv, v)
	}
	ms := strategyOf(merge)
	v, ok := lookupVariants(ms, inv, providerStack, func(p providerKind) (values.Value, bool) {
		switch p {
		case provGlobal:
			return s.lookupGlobal(lk, inv, ms)
		case provEnv:
			env := s.envLayer()
			if env == nil {
				return nil, false
			}
			return env.keyLookup(lk, inv, ms)
		default:
			return s.lookupInModule(lk, inv, ms)
		}
	})
	if !ok {
		return nil, false
	}
	return lk.dig(inv, v)
}

func (s *Session) lookupGlobal(lk *lookupKey, inv *invocation, merge any) (v values.Value, ok bool) {
	terminus := s.DataBindingTerminus
	if inv.hieraXXX {
		terminus = "hiera"
	}
	switch terminus {
	case "none", "":
		inv.reportNotFound(lk)
		return nil, false
	}
	if s.global == nil {
		return nil, false
	}
	defer func() {
		if r := recover(); r != nil {
			if e, isErr := r.(*values.Error); isErr && e.Code == "" && !strings.HasPrefix(e.Message, "Lookup of key '") {
				top := lk.String()
				if inv.topKey != nil {
					top = inv.topKey.String()
				}
				panic(lookupError("Lookup of key '" + top + "' failed: " + e.Message))
			}
			panic(r)
		}
	}()
	return s.global.keyLookup(lk, inv, merge)
}

func (s *Session) lookupInModule(lk *lookupKey, inv *invocation, merge any) (values.Value, bool) {
	name := inv.moduleName
	if name == "" {
		return nil, false
	}
	l := s.moduleLayer(name)
	if l == nil {
		if inv.ex != nil { // (hasModule reads the environment's every module)
			inv.reportModuleNotFound(name, !s.absent(name) && s.d.hasModule(name))
		}
		return nil, false
	}
	return l.keyLookup(lk, inv, merge)
}

func (s *Session) lookupDefaultInModule(lk *lookupKey, inv *invocation) (result values.Value, found bool) {
	name := inv.moduleName
	if name == "" {
		return nil, false
	}
	l := s.moduleLayer(name)
	if l == nil || l.cfg.Error != "" || len(l.cfg.DefaultHierarchy) == 0 {
		return nil, false
	}
	inv.with(explainScope, `Searching default_hierarchy of module "`+name+`"`, func() {
		if s.moduleDefaultOps == nil {
			s.moduleDefaultOps = map[string]*compiledOptions{}
		}
		co, ok := s.moduleDefaultOps[name]
		if !ok {
			meta := inv.child()
			meta.topKey = lookupOptionsLK
			meta.moduleName = name
			inv.with(explainScope, `Searching for "lookup_options"`, func() {
				if v, ok := l.keyLookupInDefault(lookupOptionsLK, meta, hashStrategy); ok {
					co = compilePatterns(validateLookupOptions(v, name))
				}
			})
			s.moduleDefaultOps[name] = co
		}
		var merge any
		if o := co.forKey(lk.root); o != nil {
			if m, ok := o.GetString("merge"); ok {
				merge = m
			}
		}
		inv.with(explainScope, `Searching for "`+lk.String()+`"`, func() {
			result, found = l.keyLookupInDefault(lk, inv, strategyOf(merge))
		})
	})
	return result, found
}

// lookupOptionsLK is made as the package initializes, not laid out in the
// binary's data with its hash written there then (package rt/cell).
var lookupOptionsLK = makeLookupKey(lookupOptionsKey)

// compiledOptions is a lookup_options hash split into plain keys and
// regexp patterns (keys starting with ^).
type compiledOptions struct {
	keys     *values.Hash
	patterns []*values.Regexp
	patVals  []values.Value
}

func compilePatterns(opts *values.Hash) *compiledOptions {
	if opts == nil {
		return nil
	}
	co := &compiledOptions{}
	kb := values.NewHashBuilder(opts.Len())
	nk := 0
	for i := 0; i < opts.Len(); i++ {
		k, v := opts.KeyAt(i), opts.ValueAt(i)
		if ks, ok := k.(values.String); ok && strings.HasPrefix(string(ks), "^") {
			re, err := values.NewRegexp(string(ks))
			if err != nil {
				panic(lookupError(err.Error()))
			}
			co.patterns = append(co.patterns, re)
			co.patVals = append(co.patVals, v)
			continue
		}
		kb.Put(k, v)
		nk++
	}
	if nk > 0 {
		co.keys = kb.Build()
	}
	return co
}

func (co *compiledOptions) forKey(root string) *values.Hash {
	if co == nil {
		return nil
	}
	if co.keys != nil {
		if v, ok := co.keys.GetString(root); ok && !values.IsUndef(v) {
			h, _ := v.(*values.Hash)
			return h
		}
	}
	for i, re := range co.patterns {
		if re.MatchString(root) {
			h, _ := co.patVals[i].(*values.Hash)
			return h
		}
	}
	return nil
}

func validateLookupOptions(v values.Value, module string) *values.Hash {
	if v == nil || values.IsUndef(v) {
		return nil
	}
	h, ok := v.(*values.Hash)
	if !ok {
		panic(lookupError("value of lookup_options must be a hash"))
	}
	if module == "" {
		return h
	}
	pfx := module + "::"
	for i := 0; i < h.Len(); i++ {
		k := values.ToString(h.KeyAt(i))
		if strings.HasPrefix(k, "^") {
			if !strings.HasPrefix(k[1:], pfx) {
				panic(lookupError("all lookup_options patterns must match a key starting with module name '" + module + "'"))
			}
		} else if !strings.HasPrefix(k, pfx) {
			panic(lookupError("all lookup_options keys must start with module name '" + module + "'"))
		}
	}
	return h
}

func (s *Session) lookupLookupOptions(lk *lookupKey, inv *invocation) *values.Hash {
	mod := lk.module
	if s.lastOptions.ok && s.lastOptions.module == mod {
		return s.lastOptions.co.forKey(lk.root)
	}
	co, ok := s.lookupOptions[mod]
	if !ok {
		co = s.retrieveLookupOptions(mod, inv)
		s.lookupOptions[mod] = co
	}
	s.lastOptions = lastOptions{mod, co, true}
	return co.forKey(lk.root)
}

func (s *Session) retrieveLookupOptions(mod string, inv *invocation) (co *compiledOptions) {
	meta := inv.child()
	meta.topKey = lookupOptionsLK
	meta.moduleName = inv.moduleName
	ms := hashStrategy
	meta.with(explainMeta, lookupOptionsKey, func() {
		if meta.globalOnly() {
			co = compilePatterns(s.globalLookupOptions(meta, ms))
			return
		}
		opts := s.envLookupOptions(meta, ms)
		if mod != "" {
			if _, ok := s.lookupOptions[""]; !ok {
				s.lookupOptions[""] = compilePatterns(opts)
			}
			if v, ok := s.lookupInModule(lookupOptionsLK, meta, ms); ok {
				moduleOpts := validateLookupOptions(v, mod)
				if opts == nil {
					opts = moduleOpts
				} else if moduleOpts != nil {
					names := []string{"Global and Environment", "Module " + inv.moduleName}
					merged, _ := lookupVariants(ms, meta, names, func(n string) (values.Value, bool) {
						var r values.Value
						meta.with(explainScope, n, func() {
							if n == names[0] {
								r = meta.reportFound(lookupOptionsKey, opts)
							} else {
								r = meta.reportFound(lookupOptionsKey, moduleOpts)
							}
						})
						return r, true
					})
					opts, _ = merged.(*values.Hash)
				}
			}
		}
		co = compilePatterns(opts)
	})
	return co
}

func (s *Session) globalLookupOptions(inv *invocation, ms *mergeStrategy) *values.Hash {
	if !s.globalOptsDone {
		s.globalOptsDone = true
		if v, ok := s.lookupGlobal(lookupOptionsLK, inv, ms); ok {
			s.globalOpts = validateLookupOptions(v, "")
		}
	}
	return s.globalOpts
}

func (s *Session) envLookupOptions(inv *invocation, ms *mergeStrategy) *values.Hash {
	if !s.envOptsDone {
		// Unlike the global options, a failure here is not remembered:
		// Puppet tries again on the next lookup.
		g := s.globalLookupOptions(inv, ms)
		var envOnly *values.Hash
		if env := s.envLayer(); env != nil {
			if v, ok := env.keyLookup(lookupOptionsLK, inv, ms); ok {
				envOnly = validateLookupOptions(v, "")
			}
		}
		switch {
		case g == nil:
			s.envOpts = envOnly
		case envOnly == nil:
			s.envOpts = g
		default:
			s.envOpts, _ = ms.merge(g, envOnly).(*values.Hash)
		}
		s.envOptsDone = true
	}
	return s.envOpts
}
