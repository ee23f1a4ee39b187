package hiera

import (
	"slices"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"github.com/pp2go/pp2go/rt/values"
)

var methodRE = lazyre.New(`^(\w+)\((?:"([^"]+)"|'([^']+)')\)$`)

var emptyInterpolations = map[string]bool{
	"": true, "::": true, `""`: true, "''": true, `"::"`: true, "'::'": true,
}

// interpolate replaces %{...} expressions in strings, recursively in arrays
// and hashes (keys too).
func (s *Session) interpolate(v values.Value, inv *invocation, allowMethods bool) values.Value {
	switch x := v.(type) {
	case values.String:
		if !strings.Contains(string(x), "%{") {
			return v
		}
		return s.interpolateString(string(x), inv, allowMethods)
	case *values.Array:
		var out []values.Value
		for i, e := range x.Elems() {
			ne := s.interpolate(e, inv, allowMethods)
			if out == nil && ne != e {
				out = make([]values.Value, x.Len())
				copy(out, x.Elems()[:i])
			}
			if out != nil {
				out[i] = ne
			}
		}
		if out == nil {
			return v
		}
		return values.NewArray(out...)
	case *values.Hash:
		if !hashNeedsInterpolation(x) {
			return v
		}
		b := values.NewHashBuilder(x.Len())
		for i := 0; i < x.Len(); i++ {
			b.Put(s.interpolate(x.KeyAt(i), inv, allowMethods), s.interpolate(x.ValueAt(i), inv, allowMethods))
		}
		return b.Build()
	}
	return v
}

func hashNeedsInterpolation(h *values.Hash) bool {
	for i := 0; i < h.Len(); i++ {
		if NeedsInterpolation(h.KeyAt(i)) || NeedsInterpolation(h.ValueAt(i)) {
			return true
		}
	}
	return false
}

// NeedsInterpolation says whether a value holds a string that
// interpolates (%{...}), in itself or in its elements, keys and values.
func NeedsInterpolation(v values.Value) bool {
	switch x := v.(type) {
	case values.String:
		return strings.Contains(string(x), "%{")
	case *values.Array:
		for _, e := range x.Elems() {
			if NeedsInterpolation(e) {
				return true
			}
		}
	case *values.Hash:
		return hashNeedsInterpolation(x)
	}
	return false
}

// aliasResult carries the value of an alias interpolation out of the
// replacement loop.
type aliasResult struct{ v values.Value }

// template is a string with %{...} expressions, split once and cached
// (data strings are interpolated on every lookup).
type template struct {
	parts []templatePart
	whole bool // the subject is exactly one expression
}

type templatePart struct {
	lit    string // text before the expression (or the tail)
	expr   string // the stripped expression; "" with isExpr false for the tail
	full   string // the expression as written, %{...}
	isExpr bool
	// scopeName is the recursion guard's name of the expression as a
	// scope lookup ("scope:" + expr), made once with the template
	scopeName string
}

var templates sync.Map // string -> *template

func parseTemplate(subject string) *template {
	if t, ok := templates.Load(subject); ok {
		return t.(*template)
	}
	t := &template{}
	rest := subject
	for {
		i := strings.Index(rest, "%{")
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+2:], '}')
		if j < 0 {
			break
		}
		full := rest[i : i+2+j+1]
		expr := strings.TrimSpace(rest[i+2 : i+2+j])
		t.parts = append(t.parts, templatePart{lit: rest[:i], expr: expr, full: full, isExpr: true, scopeName: "scope:" + expr})
		rest = rest[i+2+j+1:]
	}
	if rest != "" {
		t.parts = append(t.parts, templatePart{lit: rest})
	}
	t.whole = len(t.parts) == 1 && t.parts[0].isExpr && t.parts[0].full == subject
	templates.Store(subject, t)
	return t
}

func (s *Session) interpolateString(subject string, inv *invocation, allowMethods bool) (result values.Value) {
	t := parseTemplate(subject)
	body := func() {
		var room [128]byte // the result, on the stack when short
		b := room[:0]
		for _, p := range t.parts {
			b = append(b, p.lit...)
			if !p.isExpr || emptyInterpolations[p.expr] {
				continue
			}
			method, key := methodAndData(p.expr, allowMethods)
			if method == "alias" && !t.whole {
				panic(issueError("HIERA_INTERPOLATION_ALIAS_NOT_ENTIRE_STRING", "'alias' interpolation is only permitted if the expression is equal to the entire string"))
			}
			value := s.interpolationMethod(method, key, inv, subject)
			if method == "alias" {
				result = value
				return
			}
			name := key
			if method == "scope" && key == p.expr {
				name = p.scopeName
			} else if method == "scope" { // scope('key')
				name = "scope:" + key
			}
			inv.check(name, func() { value = s.interpolate(value, inv, allowMethods) })
			if value != nil && !values.IsUndef(value) {
				b = append(b, fn.RubyToS(value)...)
			}
		}
		// the same strings each compile (hierarchy paths, data): boxed once
		result = values.BoxedStringBytes(b)
	}
	if inv.ex == nil {
		body()
	} else {
		inv.with(explainInterpolate, subject, body)
	}
	return result
}

func methodAndData(expr string, allowMethods bool) (string, string) {
	if !strings.HasSuffix(expr, ")") {
		return "scope", expr
	}
	m := methodRE.FindStringSubmatch(expr)
	if m == nil {
		return "scope", expr
	}
	if !allowMethods {
		panic(issueError("HIERA_INTERPOLATION_METHOD_SYNTAX_NOT_ALLOWED", "Interpolation using method syntax is not allowed in this context"))
	}
	data := m[2]
	if data == "" {
		data = m[3]
	}
	return m[1], data
}

func (s *Session) interpolationMethod(method, key string, inv *invocation, subject string) values.Value {
	switch method {
	case "lookup", "hiera", "alias":
		sub := inv.child()
		sub.overrides, sub.defaults = inv.overrides, inv.defaults
		sub.globalOnlyLocal = inv.globalOnlyLocal
		// Puppet unwraps Hiera::Scope for the lookup unless it is global only
		sub.hieraScope = inv.hieraScope && inv.globalOnlyLocal
		return s.lookupNames(sub, []string{key}, values.String(key), nil, values.String(""), true, nil, nil)
	case "scope":
		return s.scopeLookup(key, inv, subject)
	case "literal":
		return values.String(key)
	}
	panic(issueError("HIERA_INTERPOLATION_UNKNOWN_INTERPOLATION_METHOD", "Unknown interpolation method '"+method+"'"))
}

// scopeLookup resolves a variable reference, digging into its value when
// the reference is dotted (facts.os.family).
func (s *Session) scopeLookup(key string, inv *invocation, subject string) values.Value {
	segs := splitKey(key, func(p string) error { return lookupError(p + " in string: " + subject) })
	root := segmentString(segs[0])
	var value values.Value
	exists := false
	inv.with(explainScope, "Global Scope", func() {
		if inv.overrides != nil {
			if v, ok := inv.overrides.GetString(root); ok {
				value = inv.reportFoundInOverrides(root, v)
				return
			}
		}
		var d values.Value
		hasDefault := false
		if inv.defaults != nil {
			d, hasDefault = inv.defaults.GetString(root)
		}
		var v values.Value
		v, exists = inv.variable(root)
		if (v == nil || values.IsUndef(v)) && !exists {
			// Puppet 8.10 catches the variable's :undefined_variable throw
			// when the lookup's defaults hold it (Hiera::Scope catches it
			// first)
			if !hasDefault || s.Puppet < 8 || inv.hieraScope {
				s.variableNotFound(root, inv)
			}
			if hasDefault {
				value = inv.reportFoundInDefaults(root, d)
				return
			}
			value = nil
			return
		}
		value = inv.reportFoundName(root, v)
	})
	if value != nil && !values.IsUndef(value) && len(segs) > 1 {
		found, ok := subLookup(key, inv, segs[1:], value)
		if ok {
			value = found
		} else {
			value = nil
		}
	}
	if inv.rec != nil {
		inv.rec.scopeRead(inv, root, segs[1:], value, exists)
	}
	inv.rememberScopeLookup(key, root, segs[1:], value)
	return value
}

// variableNotFound does what Puppet does for a variable that interpolation
// (inv) does not find, as Scope#variable_not_found: nothing under
// strict=off, a warning once per variable under warning, an ArgumentError
// under error (a session's strict unset is Puppet 7's default, warning),
// which Puppet 8.10's avoid_hiera_interpolation_errors
// (inv.avoidErrors) makes a warning. In a global version 3 layer Puppet
// looks variables up through Hiera::Scope, whose safe_lookupvar does the
// same, but names the variable as written and knows nothing of
// avoid_hiera_interpolation_errors.
func (s *Session) variableNotFound(name string, inv *invocation) {
	if inv.rec != nil {
		inv.rec.tainted = true
	}
	if s.scope == nil {
		return
	}
	reported, reason := name, ""
	if ns, ok := s.scope.(NotFoundScope); ok {
		reported, reason = ns.NotFound(name)
		if inv.hieraScope {
			reported = name
		}
	}
	msg := "Undefined variable '" + reported + "'; " + reason
	switch s.strict {
	case "off":
		return
	case "error":
		if !inv.avoidErrors || inv.hieraScope {
			panic(&values.Error{Message: msg})
		}
		msg = "Interpolation failed with '" + reported + "', but compilation continuing; " + reason
	}
	if slices.Contains(s.DisabledWarnings, "undefined_variables") {
		return
	}
	s.warnOnce("Variable: "+reported, msg+"\n   (file & line not available)")
}

// undefinedVariableRE matches the error of variableNotFound.
var undefinedVariableRE = lazyre.New(`^Undefined variable '([^']+)'`)
