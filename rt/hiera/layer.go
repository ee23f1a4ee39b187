package hiera

import (
	"path"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// layer is the data provider of one layer (Puppet's Global, Environment and
// Module data providers) with its hierarchy resolved for this compile.
type layer struct {
	s      *Session
	cfg    *Config
	place  string
	module string

	resolved        []*provider
	resolvedDefault []*provider
	interps         []scopeInterp
	// constant: every interpolation is of a compile constant (facts,
	// trusted, server_facts), which stable need not read again
	constant bool
	done     bool
	// keys is the set of the keys of the resolved hierarchy's data files,
	// once plainKeys has looked (keysDone), nil when not read plainly
	keys     *keySet
	keysDone bool
	// settled is keys when the resolution stands for the whole compile
	// (constant, no default_hierarchy): settledLookup asks it
	settled *keySet
}

// provider is one resolved hierarchy entry (a function provider).
type provider struct {
	l         *layer
	e         *Entry
	res       *entryResolution // the resolution kept or reused, if any
	locations []*location      // nil: the function takes no location
	options   *values.Hash
	ctx       map[string]map[string]lookupKeyResult // lookup_key / data_dig caches per location
	fctx      map[string]*functionContext           // a function's contexts per location (functionContext)
}

type lookupKeyResult struct {
	v  values.Value
	ok bool
}

type location struct {
	original string
	path     string
	uri      bool
	exists   bool
	file     *File // the data file at path, when it was looked up and found
}

func (l *layer) name() string {
	n := l.place + " "
	if l.module != "" {
		n += `"` + l.module + `" `
	}
	n += "Data Provider (hiera configuration version " + strconv.Itoa(l.cfg.Version) + ")"
	return n
}

func (l *layer) keyLookup(lk *lookupKey, inv *invocation, merge any) (result values.Value, found bool) {
	inv.check(lk.String(), func() {
		result, found = l.uncheckedKeyLookup(lk, inv, merge)
	})
	return
}

// fail raises the configuration's Error.
func (c *Config) fail() {
	if c.Raised {
		panic(&values.Error{Message: c.Error})
	}
	panic(lookupError(c.Error))
}

func (l *layer) uncheckedKeyLookup(lk *lookupKey, inv *invocation, merge any) (result values.Value, found bool) {
	if l.cfg.Error != "" {
		l.cfg.fail()
	}
	if l.place == "Global" && l.cfg.Version == 3 {
		// Hiera version 3 looks variables up through Hiera::Scope
		if !inv.hieraScope {
			inv.hieraScope = true
			defer func() { inv.hieraScope = false }()
		}
		ms := strategyOf(merge)
		if inv.hieraXXX && ms.key == "hash" {
			if v3 := l.v3MergeStrategy(); v3 != nil {
				ms = v3
				inv.v3Merge = true
			}
		}
		merge = ms
		defer func() {
			if !found || !inv.hieraXXX {
				return
			}
			if ms.key == "hash" || strings.HasSuffix(ms.key, "deep") {
				assertType("value", values.MustParseType("Hash"), result)
			}
			if lk.segments != nil && (ms.key == "hash" || ms.key == "unique") {
				st := "hash"
				if ms.key == "unique" {
					st = "array"
				}
				panic(lookupError("Resolution type :" + st + " is illegal when accessing values using dotted keys. Offending key was '" + lk.String() + "'"))
			}
		}()
	}
	inv.with(explainDataProvider, l, func() {
		ms := strategyOf(merge)
		dps := l.providers(inv, false)
		if len(dps) == 0 {
			inv.reportNotFound(lk)
			return
		}
		if k, ok := l.keptLookupOptions(lk, inv, ms, dps); ok {
			result, found = k.value, k.found
			return
		}
		result, found = lookupVariants(ms, inv, dps, func(p *provider) (values.Value, bool) {
			return p.uncheckedKeyLookup(lk, inv, ms)
		})
		l.keepLookupOptions(lk, inv, ms, dps, result, found)
	})
	return
}

// missing reports whether none of the layer's data files has lk, for
// missingEverywhere: false when the layer needs uncheckedKeyLookup.
func (l *layer) missing(lk *lookupKey, inv *invocation) bool {
	if l.cfg.Error != "" || (l.place == "Global" && l.cfg.Version == 3) {
		return false
	}
	dps := l.providers(inv, false)
	if keys, plain := l.plainKeys(dps); plain {
		return !keys.has(lk)
	}
	for _, p := range dps {
		if p.res != nil {
			if keys, plain := p.res.dataKeys(p); plain {
				if keys.has(lk) {
					return false
				}
				continue
			}
		}
		if !p.readsFiles() || p.e.Kind != "data_hash" || p.locations == nil {
			return false
		}
		for _, loc := range p.locations {
			if !loc.exists {
				continue
			}
			if loc.uri {
				return false
			}
			if _, ok := p.dataHash(inv, loc).GetString(lk.root); ok {
				return false
			}
		}
	}
	return true
}

func (l *layer) v3MergeStrategy() *mergeStrategy {
	switch l.cfg.MergeBehavior {
	case "deep", "deeper":
		key := "reverse_deep"
		if l.cfg.MergeBehavior == "deeper" {
			key = "unconstrained_deep"
		}
		b := values.NewHashBuilder(4)
		b.Put(values.String("strategy"), values.String(key))
		if o := l.cfg.DeepMergeOptions; o != nil {
			for i := 0; i < o.Len(); i++ {
				b.Put(o.KeyAt(i), o.ValueAt(i))
			}
		}
		h := b.Build()
		if h.Len() == 1 {
			return &mergeStrategy{key: key}
		}
		return &mergeStrategy{key: key, options: h}
	case "array":
		return &mergeStrategy{key: "unique"}
	}
	return nil
}

func (l *layer) keyLookupInDefault(lk *lookupKey, inv *invocation, ms *mergeStrategy) (result values.Value, found bool) {
	dps := l.providers(inv, true)
	if len(dps) == 0 {
		inv.reportNotFound(lk)
		return nil, false
	}
	inv.check(lk.String(), func() {
		inv.with(explainDataProvider, l, func() {
			result, found = lookupVariants(ms, inv, dps, func(p *provider) (values.Value, bool) {
				return p.uncheckedKeyLookup(lk, inv, ms)
			})
		})
	})
	return
}

// providers resolves the hierarchy against the scope, again when a variable
// it interpolated has changed since.
func (l *layer) providers(inv *invocation, useDefault bool) []*provider {
	if l.cfg.Error != "" {
		l.cfg.fail()
	}
	if !l.done || !l.stable(inv) {
		if l.done {
			inv.reportText(func() string {
				return "Hiera configuration recreated due to change of scope variables used in interpolation expressions"
			})
		}
		// an explained lookup resolves afresh (nothing of other compiles)
		reuse := inv.ex == nil
		if k, changed := l.keptResolution(reuse, inv.hieraScope); k != nil && changed == 0 {
			l.resolved, l.interps = k.providers(l), k.interps
		} else {
			// Puppet resolves the hierarchy with an invocation of its own
			// class, which finds no parent (Invocation.current is per
			// class): nothing is explained and no recursion guard is
			// inherited.
			slc := &invocation{s: inv.s, collect: &scopeCollector{}, hieraScope: inv.hieraScope, reuse: reuse}
			kept, fresh := l.resolveAll(slc, k, changed)
			if k == nil || !fresh {
				l.keepResolution(slc, kept)
			}
			l.interps = slc.collect.list
		}
		l.keys, l.keysDone, l.settled = nil, false, nil
		l.constant = true
		for _, si := range l.interps {
			l.constant = l.constant && compileConstant(si.root)
		}
		l.done = true
	}
	if useDefault {
		return l.resolvedDefault
	}
	return l.resolved
}

// resolveAll resolves the hierarchies with slc, taking prior's
// resolutions of the entries that read none of its changed reads
// (keptResolution; prior may be nil). An error for a variable
// that does not exist is Puppet's HIERA_UNDEFINED_VARIABLE, at the first
// line of the file that interpolates the variable as named
// (configured_data_providers). kept are the hierarchy's entries'
// resolutions, reused or kept, when each entry has one and there is no
// default hierarchy (nil otherwise); fresh says whether an entry's
// resolution is not its last kept one (resolved afresh, or a recent one).
func (l *layer) resolveAll(slc *invocation, prior *keptLayer, changed uint64) (kept []*entryResolution, fresh bool) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*values.Error); ok {
				if m := undefinedVariableRE.FindStringSubmatch(e.Message); m != nil {
					r = issueError("HIERA_UNDEFINED_VARIABLE", "Undefined variable '"+m[1]+"'"+l.cfg.location(l.cfg.VarLines[m[1]]))
				}
			}
			panic(r)
		}
	}()
	l.resolved, fresh = l.resolve(slc, l.cfg.Hierarchy, &kept, prior, changed)
	if len(l.cfg.DefaultHierarchy) > 0 {
		l.resolvedDefault, _ = l.resolve(slc, l.cfg.DefaultHierarchy, nil, nil, 0)
		kept = nil
	}
	return kept, fresh
}

func (l *layer) stable(inv *invocation) bool {
	if len(l.interps) == 0 || l.constant && inv.locals == nil {
		// nothing to read again (a local of the lookup would be read)
		return true
	}
	// variables and sub-lookups read without explaining (child's other
	// fields, the recursion guard among them, play no part here); Puppet
	// 8.10 reads them avoiding interpolation errors
	quiet := &invocation{s: inv.s, locals: inv.locals, hieraScope: inv.hieraScope, avoidErrors: inv.s.Puppet >= 8}
	for _, si := range l.interps {
		if compileConstant(si.root) && !quiet.isLocal(si.root) {
			continue
		}
		v, exists := quiet.variable(si.root)
		if !exists {
			inv.s.variableNotFound(si.root, quiet)
		}
		if v != nil && !values.IsUndef(v) && len(si.segments) > 0 {
			if found, ok := subLookup(si.key, quiet, si.segments, v); ok {
				v = found
			} else {
				v = nil
			}
		}
		if !rubyEql(si.value, v) {
			return false
		}
	}
	return true
}

// compileConstant reports whether a variable is one no code can assign,
// at top scope or in a local one (Scope#setvar refuses facts, trusted and
// server_facts but for the compiler's own): its value is the same for the
// whole compile.
func compileConstant(name string) bool {
	switch strings.TrimPrefix(name, "::") {
	case "facts", "trusted", "server_facts":
		return true
	}
	return false
}

func rubyEql(a, b values.Value) bool {
	an := a == nil || values.IsUndef(a)
	bn := b == nil || values.IsUndef(b)
	if an || bn {
		return an == bn
	}
	return values.Eql(a, b)
}

// resolve resolves entries, appending each one's resolution, reused or
// kept, to *kept (when kept is not nil); *kept is nil when one has none.
// fresh says whether one was resolved afresh or is a recent one of its
// entry's, not its last.
func (l *layer) resolve(inv *invocation, entries []*Entry, kept *[]*entryResolution, prior *keptLayer, changed uint64) (out []*provider, fresh bool) {
	if kept != nil && inv.reuse {
		*kept = roomFor(&l.s.resolutionRoom, len(entries))[:0]
	}
	keep := func(r *entryResolution) {
		if kept != nil && *kept != nil {
			if r == nil {
				*kept = nil
			} else {
				*kept = append(*kept, r)
			}
		}
	}
	if len(entries) > 0 {
		out = roomFor(&l.s.providerPtrRoom, len(entries))[:0]
	}
	var own []provider // the session's providers of reused resolutions
	for i, e := range entries {
		if r, last := l.reusable(inv, e, prior.unchanged(i, changed)); r != nil {
			fresh = fresh || !last
			keep(r)
			if !r.none {
				if own == nil {
					own = roomFor(&l.s.providerRoom, len(entries)-i)
				}
				p := &own[0]
				own = own[1:]
				*p = r.provider(l, e)
				out = append(out, p)
			}
			continue
		}
		p, r := l.resolveEntry(inv, e)
		fresh = true
		keep(r)
		if p != nil {
			out = append(out, p)
		}
	}
	return out, fresh
}

// resolveEntry resolves one entry, nil when it gives no provider (a default
// configuration's entry whose paths do not exist); with inv.reuse it
// records its reads and keeps the resolution for the compiles after
// (Entry.res), and gives it (kept).
func (l *layer) resolveEntry(inv *invocation, e *Entry) (_ *provider, kept *entryResolution) {
	s := inv.s
	var rec *resolutionRecord
	warnings := s.warnings
	if inv.reuse {
		rec = &resolutionRecord{}
		inv.rec = rec
	}
	datadir := interpString(s, e.Datadir, inv)
	var locs []*location
	hasLocs := true
	// Puppet 8.10 resolves a version 5 entry's locations avoiding
	// interpolation errors, not its datadir and options
	inv.avoidErrors = s.Puppet >= 8 && l.cfg.Version == 5
	switch e.LocationKind {
	case "path", "paths":
		for _, p := range e.Locations {
			ip := interpString(s, p, inv)
			if e.Extension != "" && !strings.HasSuffix(ip, e.Extension) {
				ip += e.Extension
			}
			full := joinPath(datadir, ip)
			f := s.d.file(full)
			if e.DefaultConfig && f == nil {
				continue
			}
			locs = append(locs, &location{original: p, path: full, exists: f != nil, file: f})
		}
	case "glob", "globs":
		for _, g := range e.Locations {
			full := joinPath(datadir, interpString(s, g, inv))
			for _, f := range s.d.glob(full) {
				locs = append(locs, &location{original: full, path: f, exists: true})
			}
		}
	case "uri", "uris":
		for _, u := range e.Locations {
			locs = append(locs, &location{original: u, path: interpString(s, u, inv), uri: true, exists: true})
		}
	case "mapped_paths":
		locs = l.mappedPaths(inv, datadir, e.Locations)
	default:
		hasLocs = false
	}
	inv.avoidErrors = false
	var p *provider
	if !e.DefaultConfig || !hasLocs || len(locs) > 0 {
		p = &provider{l: l, e: e}
		if hasLocs {
			p.locations = locs
			if locs == nil {
				p.locations = []*location{}
			}
		}
		if e.Options != nil {
			p.options, _ = s.interpolate(e.Options, inv, false).(*values.Hash)
		}
	}
	if rec != nil {
		inv.rec = nil
		if !rec.tainted && s.warnings == warnings {
			kept = e.keep(s, inv, rec, p)
		}
	}
	return p, kept
}

func interpString(s *Session, str string, inv *invocation) string {
	if !strings.Contains(str, "%{") {
		return str
	}
	return values.ToString(s.interpolate(values.String(str), inv, false))
}

func joinPath(dir, p string) string {
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return path.Clean(dir + "/" + p)
}

func (l *layer) mappedPaths(inv *invocation, datadir string, triplet []string) []*location {
	s := inv.s
	if len(triplet) != 3 {
		return nil
	}
	mapped := s.scopeLookup(triplet[0], inv, "mapped_path[0]")
	var vars []values.Value
	switch m := mapped.(type) {
	case nil:
		return []*location{}
	case values.String:
		if m == "" {
			return []*location{}
		}
		vars = []values.Value{m}
	case *values.Array:
		if m.Len() == 0 {
			return []*location{}
		}
		vars = m.Elems()
	case *values.Hash:
		if m.Len() == 0 {
			return []*location{}
		}
		for i := 0; i < m.Len(); i++ {
			vars = append(vars, values.NewArray(m.KeyAt(i), m.ValueAt(i)))
		}
	default:
		if values.IsUndef(mapped) {
			return []*location{}
		}
		vars = []values.Value{mapped}
	}
	varKey, template := triplet[1], triplet[2]
	saveElude := ""
	if inv.collect != nil {
		saveElude = inv.collect.eluded
		inv.collect.eluded = varKey
	}
	saveLocals := inv.locals
	var out []*location
	for _, v := range vars {
		locals := map[string]values.Value{}
		for k, lv := range saveLocals {
			locals[k] = lv
		}
		locals[varKey] = v
		inv.locals = locals
		full := joinPath(datadir, interpString(s, template, inv))
		f := s.d.file(full)
		out = append(out, &location{original: template, path: full, exists: f != nil, file: f})
	}
	inv.locals = saveLocals
	if inv.collect != nil {
		inv.collect.eluded = saveElude
	}
	return out
}

func (p *provider) name() string { return `Hierarchy entry "` + p.e.Name + `"` }

func (p *provider) fullName() string {
	if p.e.Kind == "v4_data_hash" {
		return "deprecated API function '" + p.e.Function + "'"
	}
	return p.e.Kind + " function '" + p.e.Function + "'"
}

// optionsFor is the options hash the function receives for a location.
func (p *provider) optionsFor(loc *location) *values.Hash {
	b := values.NewHashBuilder(4)
	if p.options != nil {
		for i := 0; i < p.options.Len(); i++ {
			b.Put(p.options.KeyAt(i), p.options.ValueAt(i))
		}
	}
	if loc != nil {
		k := "path"
		if loc.uri {
			k = "uri"
		}
		b.Put(values.String(k), values.String(loc.path))
	}
	return b.Build()
}

func (p *provider) uncheckedKeyLookup(lk *lookupKey, inv *invocation, ms *mergeStrategy) (result values.Value, found bool) {
	locs := p.locations
	if locs == nil {
		locs = []*location{nil}
	}
	if len(inv.v3Overrides) > 0 && (p.e.Kind == "v3_data_hash" || p.e.Kind == "v3_lookup_key") {
		// hiera()'s override: extra hierarchy levels searched first
		datadir := interpString(inv.s, p.e.Datadir, inv)
		var extra []*location
		for _, o := range inv.v3Overrides {
			ip := interpString(inv.s, o, inv)
			if p.e.Extension != "" && !strings.HasSuffix(ip, p.e.Extension) {
				ip += p.e.Extension
			}
			full := joinPath(datadir, ip)
			f := inv.s.d.file(full)
			extra = append(extra, &location{original: o, path: full, exists: f != nil, file: f})
		}
		locs = append(extra, locs...)
	}
	inv.with(explainDataProvider, p, func() {
		result, found = lookupVariants(ms, inv, locs, func(loc *location) (v values.Value, ok bool) {
			if loc == nil {
				return p.lookupAt(lk, inv, nil)
			}
			inv.with(explainLocation, loc, func() {
				if !loc.exists && p.e.Kind != "data_dig" && p.e.Kind != "hiera3_backend" {
					inv.reportLocationNotFound()
					return
				}
				v, ok = p.lookupAt(lk, inv, loc)
			})
			return
		})
	})
	return
}

func (p *provider) lookupAt(lk *lookupKey, inv *invocation, loc *location) (values.Value, bool) {
	switch p.e.Kind {
	case "data_hash", "v3_data_hash", "v4_data_hash":
		h := p.dataHash(inv, loc)
		v, ok := h.GetString(lk.root)
		if !ok {
			inv.reportNotFound(keyRoot{lk})
			return nil, false
		}
		var f *File
		if loc != nil {
			if f = loc.file; f == nil {
				f = inv.s.d.file(loc.path)
			}
		}
		if f != nil && f.Invalid != nil {
			if t, bad := f.Invalid[lk.root]; bad {
				// Puppet's own words, not those of the lookup's call (as
				// validValue's)
				panic(&values.Error{Code: values.IssueTypeMismatch, Preformatted: true, Message: "Value for key '" + lk.root + "', in hash returned from " +
					p.fullName() + ", when using location '" + loc.path + "', has wrong type, expects Puppet::LookupValue, got " + t})
			}
		}
		if !p.readsFiles() {
			v = p.validValue(v, "Value for key '"+lk.root+"', in hash returned from", loc)
		}
		if f == nil || !p.readsFiles() || f.interpolates(lk.root) {
			v = inv.s.interpolate(v, inv, true)
		}
		return inv.reportFound(keyRoot{lk}, v), true
	case "lookup_key", "v3_lookup_key":
		v, ok := p.lookupKey(lk.root, inv, loc)
		if !ok {
			inv.reportNotFound(keyRoot{lk})
			return nil, false
		}
		return inv.reportFound(keyRoot{lk}, v), true
	case "data_dig":
		v, ok := p.dataDig(lk, inv, loc)
		if !ok {
			inv.reportNotFound(lk)
			return nil, false
		}
		return lk.undig(inv.reportFound(lk, v)), true
	case "hiera3_backend":
		inv.reportText(func() string {
			return "Unable to load backend '" + p.e.Function + "': cannot load such file -- hiera/backend/" + strings.ToLower(p.e.Function) + "_backend"
		})
		return nil, false
	}
	return nil, false
}

// readsFiles reports whether the provider's data_hash function reads the
// data file at its location (yaml_data, json_data, hocon_data): the hash it
// gives has the file's values.
func (p *provider) readsFiles() bool {
	switch p.e.Function {
	case "yaml_data", "json_data", "hocon_data":
		return true
	}
	return false
}

// functionNotFound fails a lookup that reaches a level whose backend
// function is neither one of pp2go's own (written in Go) nor one of the
// environment's, with Puppet's error.
func (p *provider) functionNotFound() {
	msg := "Unable to find '" + p.e.Kind + "' function named '" + p.e.Function + "'"
	if p.l.cfg.Path != "" {
		msg += " (file: " + p.l.cfg.Path + ")"
	}
	panic(issueError("HIERA_DATA_PROVIDER_FUNCTION_NOT_FOUND", msg))
}

const missingPathMsg = "one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this data_hash function"

func (p *provider) dataHash(inv *invocation, loc *location) *values.Hash {
	s := inv.s
	var h *values.Hash
	switch p.e.Function {
	case "yaml_data", "json_data", "hocon_data":
		if loc == nil || loc.uri { // the function needs a path option
			panic(lookupError("'" + p.e.Function + "' " + missingPathMsg))
		}
		f := loc.file // found as the location was resolved
		if f == nil {
			f = s.d.file(loc.path)
		}
		if f == nil || f.Dir {
			panic(lookupError("Unable to parse (" + loc.path + "): No such file or directory"))
		}
		if f.Error != "" {
			panic(lookupError(f.Error))
		}
		s.fileWarning(loc.path, f)
		h = f.Hash()
		if h == nil {
			h = values.NewHash()
		}
	default:
		if fn, ok := dataHashFunctions[p.e.Function]; ok {
			h = fn(&BackendContext{inv: inv, p: p, loc: loc}, p.optionsFor(loc))
			break
		}
		if h = p.functionDataHash(inv, loc); h == nil {
			return values.NewHash() // not_found: nothing at the location
		}
	}
	if p.l.place == "Module" {
		h = p.moduleKeysOnly(h, loc)
	}
	return h
}

// moduleKeysOnly drops the keys a module may not bind, warning as Puppet
// does.
func (p *provider) moduleKeysOnly(h *values.Hash, loc *location) *values.Hash {
	pfx := p.l.module + "::"
	if bindsOnly(h, pfx) {
		return h
	}
	msg := "Value returned from " + p.fullName()
	if loc != nil {
		msg += ", when using location '" + loc.path + "',"
	}
	b := values.NewHashBuilder(h.Len())
	for i := 0; i < h.Len(); i++ {
		k, isStr := h.KeyAt(i).(values.String)
		if isStr && (string(k) == lookupOptionsKey || strings.HasPrefix(string(k), pfx)) {
			b.Put(h.KeyAt(i), h.ValueAt(i))
			continue
		}
		locKey := ""
		if loc != nil {
			locKey = loc.path
		}
		p.l.s.warn("module-key:"+p.l.module+":"+p.e.Name+":"+locKey+":"+values.ToString(h.KeyAt(i)),
			"Module '"+p.l.module+"': "+msg+" must use keys qualified with the name of the module")
	}
	return b.Build()
}

// bindsOnly reports whether h has only keys a module whose keys start with
// pfx may bind.
func bindsOnly(h *values.Hash, pfx string) bool {
	for i := 0; i < h.Len(); i++ {
		k, isStr := h.KeyAt(i).(values.String)
		if !isStr || (string(k) != lookupOptionsKey && !strings.HasPrefix(string(k), pfx)) {
			return false
		}
	}
	return true
}

// locationKey keys a provider's tables by location ("" for none).
func locationKey(loc *location) string {
	if loc == nil {
		return ""
	}
	return "@" + loc.path
}

func (p *provider) cache(loc *location) map[string]lookupKeyResult {
	k := locationKey(loc)
	if p.ctx == nil {
		p.ctx = map[string]map[string]lookupKeyResult{}
	}
	c := p.ctx[k]
	if c == nil {
		c = map[string]lookupKeyResult{}
		p.ctx[k] = c
	}
	return c
}

func (p *provider) lookupKey(key string, inv *invocation, loc *location) (values.Value, bool) {
	c := p.cache(loc)
	if r, ok := c[key]; ok {
		return r.v, r.ok
	}
	var v values.Value
	var found bool
	if fn, ok := lookupKeyFunctions[p.e.Function]; ok {
		v, found = fn(&BackendContext{inv: inv, p: p, loc: loc}, key, p.optionsFor(loc))
	} else if v, found = p.callFunction(inv, loc, values.String(key)); found {
		v = p.validValue(v, "Value for key '"+key+"', returned from", loc)
	}
	c[key] = lookupKeyResult{v, found}
	return v, found
}

func (p *provider) dataDig(lk *lookupKey, inv *invocation, loc *location) (values.Value, bool) {
	if loc != nil && !loc.exists {
		inv.reportLocationNotFound()
		return nil, false
	}
	c := p.cache(loc)
	if r, ok := c[lk.text]; ok {
		return r.v, r.ok
	}
	segs := append([]values.Value{values.String(lk.root)}, lk.segments...)
	var v values.Value
	var found bool
	if fn, ok := dataDigFunctions[p.e.Function]; ok {
		v, found = fn(&BackendContext{inv: inv, p: p, loc: loc}, segs, p.optionsFor(loc))
	} else if v, found = p.callFunction(inv, loc, values.NewArray(segs...)); found {
		v = p.validValue(v, "Value for key '"+lk.text+"', returned from", loc)
	}
	c[lk.text] = lookupKeyResult{v, found}
	return v, found
}
