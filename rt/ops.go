package rt

import (
	"errors"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/pp2go/pp2go/rt/cell"
	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// The expression operators generated code calls. Each takes the site of
// its expression, where Puppet reports what fails: an issue of the values
// package at the site itself ("Evaluation Error: Operator '+' is not
// applicable ..."), anything else as "Error while evaluating a <label>".

// raise reports an error of an operation at site.
func raise(site *Site, err error) {
	// An issue of package values carries Puppet's whole message; a
	// RUNTIME_ERROR's already says "Error while evaluating a '+'
	// expression, ...", as fail(Issues::RUNTIME_ERROR, o, ...) of the
	// operator's own expression does, and is not wrapped again.
	if ve, ok := err.(*values.Error); ok && ve.Code != "" {
		panic(issueError(site, ve.Code, ve.Message))
	}
	panic(runtimeError(site, err.Error()))
}

// typeNameSite is the site of the type name that starts the expression
// at site (an access expression, M_rule['a'], starts with it): Puppet
// fails there when naming the type loads it and that fails.
func typeNameSite(at *Site) *Site {
	return &Site{File: at.File, Line: at.Line, Column: at.Column, Label: "Type-Name"}
}

// Arith is a binary arithmetic operator: + - * / % << >>. Puppet reports
// some of its errors at an operand (Runtime3Support#calculate).
func Arith(site *Site, op string, a, b values.Value) values.Value {
	v, err := values.Arithmetic(op, a, b)
	if err != nil {
		raise(operandSite(site, err, a), err)
	}
	return v
}

// IntArith is Arith of two Integers (the generated code's, for operands
// the checker proved are): its site is built only for an error.
func IntArith(ref SiteRef, op string, a, b values.Int) values.Int {
	v, err := values.IntArithmetic(op, a, b)
	if err != nil {
		raise(operandSite(ref.Site(), err, a), err)
	}
	return v
}

// operandSite is where Puppet reports an arithmetic error: at the left
// operand when the operator does not apply, at the right one for a
// division by zero, at the operand that is not a number.
func operandSite(site *Site, err error, left values.Value) *Site {
	ve, ok := err.(*values.Error)
	if !ok || site.Left() == nil {
		return site
	}
	switch ve.Code {
	case values.IssueOperatorNotApplicable, values.IssueOperatorNotApplicableWhen, values.IssueResultIsInfinity:
		return site.Left()
	case values.IssueDivByZero:
		return site.Right()
	case values.IssueNotNumeric:
		switch left.(type) {
		case values.Timespan, values.Timestamp:
			return site.Right()
		}
		if values.ToNumber(left) == nil {
			return site.Left()
		}
		return site.Right()
	}
	return site
}

// Neg is unary minus.
func Neg(site *Site, a values.Value) values.Value {
	v, err := values.Negate(a)
	if err != nil {
		raise(site, err)
	}
	return v
}

// Compare is a comparison: == != < <= > >=.
func Compare(site SiteRef, op string, a, b values.Value) values.Value {
	switch op {
	case "==":
		return values.BoolOf(values.Equals(a, b))
	case "!=":
		return values.BoolOf(!values.Equals(a, b))
	}
	ok, err := values.CompareOp(op, a, b)
	if err != nil {
		raise(site.Site(), err)
	}
	return values.BoolOf(ok)
}

// Not is `!v`.
func Not(v values.Value) values.Value { return values.BoolOf(!values.Truthy(v)) }

// Truthy is a condition's truth.
func Truthy(v values.Value) bool { return values.Truthy(v) }

// Match is `a =~ b` (negate for !~): a successful regexp match sets $0..$n
// in the scope. The site is built only for an error.
func (s *Scope) Match(ref SiteRef, negate bool, a, b values.Value) values.Value {
	m, err := values.MatchOp(a, b)
	if err != nil {
		// eval_MatchExpression fails at the operand it blames: the
		// pattern that is no regexp, the left value that is no string.
		site := ref.Site()
		at := site
		if ve, ok := err.(*values.Error); ok && site.Left() != nil {
			switch ve.Code {
			case values.IssueMatchNotString:
				at = site.Left()
			case values.IssueMatchNotRegexp:
				at = site.Right()
			}
		}
		raise(at, err)
	}
	if m.Groups != nil {
		s.setMatch(m.Groups)
	}
	return values.BoolOf(m.Matched != negate)
}

// In is `a in b`; a regexp match sets $0..$n.
func (s *Scope) In(site SiteRef, a, b values.Value) values.Value {
	m := values.In(a, b)
	if m.Groups != nil {
		s.setMatch(m.Groups)
	}
	return values.BoolOf(m.Matched)
}

// CaseMatch reports whether a case option or selector entry matches the
// test value, setting $0..$n for a regexp match.
func (s *Scope) CaseMatch(test, option values.Value) bool {
	m := values.Match(test, option)
	if m.Matched && m.Groups != nil {
		s.setMatch(m.Groups)
	}
	return m.Matched
}

// CaseTable is a case expression's or selector's options when each value
// is a string literal (the generated code's table, laid out by the
// linker): the literals in order, and for each the index of the first
// option whose literal compares equal to it (Puppet compares strings
// ignoring ASCII case), so that an option repeated under another case
// gives the first's branch.
type CaseTable struct {
	Lits   []string
	Option []int32
}

// CaseIndex is the index of the first option of tab that the test value
// matches, as CaseMatch tries them in order, or -1 for none. A String is
// compared with the literals as written first (facts mostly are), then
// ignoring case; other values as CaseMatch compares them.
func CaseIndex(test values.Value, tab *CaseTable) int {
	t, ok := test.(values.String)
	if !ok {
		for i, l := range tab.Lits {
			if values.Match(test, values.String(l)).Matched {
				return int(tab.Option[i])
			}
		}
		return -1
	}
	for i, l := range tab.Lits {
		if string(t) == l {
			return int(tab.Option[i])
		}
	}
	for i, l := range tab.Lits {
		if values.EqualsString(string(t), l) {
			return int(tab.Option[i])
		}
	}
	return -1
}

// Access is `v[keys...]`, including reading a parameter of a declared
// resource (File['x']['mode']). Its keys stay on the caller's stack: the
// common accesses read them here, and the others are given a copy, which
// values.Access may keep.
func (s *Scope) Access(site SiteRef, v values.Value, keys ...values.Value) values.Value {
	if len(keys) == 1 {
		switch x := v.(type) {
		case *values.Hash:
			// $h[k], as values.Access's one key reads it
			if r, ok := x.Get(keys[0]); ok {
				return r
			}
			return values.Undef
		case *values.ResourceType:
			// Type[$title]: the reference Access would make, in the
			// compile's chunks (apache::mod makes several an instance)
			if title, ok := keys[0].(values.String); ok && values.TitleReferences(x) {
				r := alloc(&s.c.refSlab, 64)
				*r = values.ResourceType{TypeName: x.TypeName, Title: string(title), HasTitle: true}
				return r
			}
		}
	}
	if v == values.Value(values.EnumT) {
		// Enum[$list] of strings, as the type kept for them (its keys
		// stay on the stack)
		if e := values.EnumOf(keys); e != nil {
			return e
		}
	}
	return s.access(site.Site(), v, slices.Clone(keys))
}

func (s *Scope) access(site *Site, v values.Value, keys []values.Value) values.Value {
	if a, ok := v.(*values.Array); ok && s.c.prog.strict != "off" {
		s.indexCoercion(site, a, keys)
	}
	r, err := values.Access(v, keys)
	if err == nil {
		return r
	}
	if ce, ok := err.(*values.CatalogAccessError); ok {
		return s.c.resourceParam(site, ce)
	}
	// A key that does not apply is reported at the key (AccessOperator's
	// coerce_numeric, bad_access_key_type, bad_string_access_key_type).
	if ve, ok := err.(*values.Error); ok && ve.Key > 0 && ve.Key <= len(site.Keys()) {
		site = site.Keys()[ve.Key-1]
	}
	raise(site, err)
	return nil
}

// indexCoercion reports Puppet's NUMERIC_COERCION issue of an array
// index or slice given as a string that converts to a number
// (AccessOperator#access_Array's coerce_numeric), at the key, the first
// key before the second; a string's index converts without it
// (access_String's to_n), a hash's key not at all.
func (s *Scope) indexCoercion(site *Site, a *values.Array, keys []values.Value) {
	flat := values.FlattenKeys(keys)
	if len(flat) == 0 || len(flat) > 2 {
		return // the arity error comes first
	}
	for i, k := range flat {
		at := site
		if i < len(site.Keys()) {
			at = site.Keys()[i]
		}
		if _, ok := k.(values.String); !ok && values.ToNumber(k) == nil || !s.numericCoercion(at, k) {
			return // NOT_NUMERIC is the access's error
		}
	}
}

// resourceParam reads a declared resource's parameter (AccessOperator on a
// resource reference with a parameter name).
func (c *Ctx) resourceParam(site *Site, ce *values.CatalogAccessError) values.Value {
	var r *Resource
	switch x := ce.Ref.(type) {
	case *values.ResourceType:
		r = c.findResourceByName(x.TypeName, x.Title)
	case *values.ClassType:
		r = c.findResourceByName("class", x.ClassName)
	}
	if r == nil {
		IssueAt(site, "UNKNOWN_RESOURCE", "Resource not found: %s", refString(ce.Ref))
	}
	if len(ce.Keys) != 1 {
		IssueAt(site, "BAD_TYPE_SLICE_ARITY", "%s[] accepts 1 argument. Got %d", r.Ref(), len(ce.Keys))
	}
	name, ok := ce.Keys[0].(values.String)
	if !ok {
		IssueAt(site, "BAD_TYPE_SLICE_TYPE", "%s[] arguments must be String. Got %s", r.Ref(), values.TypeString(values.Generalize(values.Infer(ce.Keys[0]))))
	}
	if v := r.Get(string(name)); v != nil {
		return v
	}
	IssueAt(site, "UNKNOWN_RESOURCE_PARAMETER", "The resource %s does not have a parameter called '%s'", r.Ref(), string(name))
	return nil
}

// Interpolate joins the parts of a double quoted string, each converted as
// string interpolation does.
func Interpolate(parts ...values.Value) values.Value { return interpolate(nil, SiteRef{}, parts) }

// StrSite is a place in the generated code where a string is interpolated
// (a package's interps): the boxes of the short strings made there, in the
// order first made, and where the next one is expected. Compiles run the
// same code with mostly the same values, and a site makes the strings it
// made in the last compile, in the same order (a define's, one for each
// instance): found there, a string is not looked up among those the
// process keeps (values.BoxedStringBytes: a hash of the string and a probe
// of a large map, ~240 instructions). The zero StrSite is ready; a StrSite
// is safe for compiles running at once (a list, once kept, never changes).
type StrSite struct {
	next atomic.Uint32
	list atomicptr.Pointer[[]*values.String]
}

// strSiteMax is the most strings a StrSite keeps.
const strSiteMax = 32

// find is the box of b among those the site keeps, nil for none; it
// expects the string after it next.
func (site *StrSite) find(b []byte) *values.String {
	l := atomicptr.Load(&site.list)
	if l == nil {
		return nil
	}
	boxes := *l
	if i := int(site.next.Load()); i < len(boxes) && string(*boxes[i]) == string(b) {
		site.next.Store(uint32(i) + 1)
		return boxes[i]
	}
	for i, p := range boxes {
		if string(*p) == string(b) {
			site.next.Store(uint32(i) + 1)
			return p
		}
	}
	return nil
}

// keep adds v, a String's boxed value made at the site, to its list
// unless the list is full, or the process has compiled no catalog before
// (values.KeepsCopies: a one-shot compile would keep them in vain).
func (site *StrSite) keep(v values.Value) {
	if !values.KeepsCopies() {
		return
	}
	old := atomicptr.Load(&site.list)
	var boxes []*values.String
	if old != nil {
		boxes = *old
	}
	if len(boxes) >= strSiteMax {
		return
	}
	l := append(boxes[:len(boxes):len(boxes)], values.BoxOf(v))
	if atomicptr.CompareAndSwap(&site.list, old, &l) {
		site.next.Store(uint32(len(l)))
	}
}

// InterpolateAt is Interpolate for the code at site, the string at.
func InterpolateAt(site *StrSite, at SiteRef, parts ...values.Value) values.Value {
	return interpolate(site, at, parts)
}

// interpolate is Interpolate, finding and keeping the short strings it
// makes at site (nil for none); at is the string's expression.
func interpolate(site *StrSite, at SiteRef, parts []values.Value) values.Value {
	if len(parts) == 1 {
		if _, ok := parts[0].(values.String); ok {
			return parts[0] // "${x}": the string itself, as it is boxed
		}
	}
	if values.AnyBinaryStrings() {
		binary, ok := values.JoinEncoding(parts)
		if !ok {
			err := errors.New(values.IncompatibleEncodings(binary, !binary))
			if s := at.Site(); s != nil {
				raise(s, err)
			}
			panic(err)
		}
		if binary {
			return values.BinaryString(string(join(nil, parts).(values.String)))
		}
	}
	return join(site, parts)
}

// join is the text of parts joined, each converted as string
// interpolation does, the short strings found and kept at site (nil for
// none).
func join(site *StrSite, parts []values.Value) values.Value {
	// one allocation for the result: the strings' lengths, and a guess
	// for the other values (numbers mostly)
	n := 0
	for _, p := range parts {
		if s, ok := p.(values.String); ok {
			n += len(s)
		} else {
			n += 16
		}
	}
	if n <= maxStrValue {
		// a short string is mostly one the last compile made: made on
		// the stack, and boxed once per process
		var buf [maxStrValue]byte
		b := buf[:0]
		for _, p := range parts {
			if s, ok := p.(values.String); ok {
				b = append(b, s...)
			} else {
				b = append(b, values.ToString(p)...)
			}
		}
		if site == nil {
			return strValueBytes(b)
		}
		if p := site.find(b); p != nil {
			return values.StringAt(p)
		}
		v := strValueBytes(b)
		site.keep(v)
		return v
	}
	var b strings.Builder
	b.Grow(n)
	for _, p := range parts {
		if s, ok := p.(values.String); ok {
			b.WriteString(string(s))
			continue
		}
		b.WriteString(values.ToString(p))
	}
	return values.String(b.String())
}

// Args builds an argument list, expanding the values marked by Splat.
func Args(vs ...values.Value) []values.Value {
	out := vs[:0:0]
	for _, v := range vs {
		if sp, ok := v.(splat); ok {
			out = append(out, values.Unfold(sp.v)...)
			continue
		}
		out = append(out, v)
	}
	return out
}

// Splat marks `*v` in an argument list or array literal for Args and
// ArrayOf.
func Splat(v values.Value) values.Value { return splat{v: v} }

type splat struct {
	values.External
	v values.Value
}

// ArrayOf is an array literal with splats expanded.
func ArrayOf(vs ...values.Value) values.Value { return values.NewArray(Args(vs...)...) }

// ArrayCopy is an array literal of the compile, of a copy of elems, so
// that the generated code's list stays on its stack: the Array and its
// elements are in the compile's chunks, not an allocation each.
func (s *Scope) ArrayCopy(elems ...values.Value) *values.Array { return s.c.copyArray(elems) }

// HashOf is a hash literal of the compile (keys and values alternate),
// as the function HashOf makes it, the Hash and its entries in the
// compile's chunks.
func (s *Scope) HashOf(kv ...values.Value) values.Value { return s.c.newHash(kv) }

// HashOf is a hash literal: keys and values alternate.
func HashOf(kv ...values.Value) values.Value {
	b := values.NewHashBuilder(len(kv) / 2)
	for i := 0; i+1 < len(kv); i += 2 {
		b.Put(kv[i], kv[i+1])
	}
	return b.Build()
}

// ---- types ----

// TypeRef is a type written in the source whose value is known at build
// time (Integer[1], Stdlib::Port, File): generated code keeps one per
// expression and resolves it once, when first used.
type TypeRef struct {
	Text string // Puppet's type syntax
	// Static is the type, laid out by the build, when the text names
	// Puppet's own types only (no alias, resource type or reference,
	// which resolve in the program): it is then used as it is, never
	// parsed. nil for the others. A Value, not a values.Type: Scope.Type
	// returns it as it is, where converting a Type to a Value looked up
	// the Value's itab at each use.
	Static values.Value
	// Cell keeps the type the text resolves to in the program that used
	// it last (package cell).
	Cell *Cell
}

type typeResolution struct {
	prog *Program
	t    values.Value
	// names are the type names the text names, when naming one of them
	// may load a file or fail (Ctx.loadAliases)
	names []string
	// loadError is what evaluating the text fails with each time: it
	// names a resource type that does not autoload (autoloadError)
	loadError string
}

// UnknownType fails as evaluating a type name that names no type does:
// Puppet's evaluator raises "Resource type not found" where the name
// stands (evaluator_impl.rb eval_QualifiedReference); the generated code
// calls it for the names that resolve to nothing in the environment.
// Puppet's type loader looks the name up as a defined type first
// (runtime3_type_loader.rb, find_definition), importing what it imports
// for one: a manifest there that fails to load fails first.
func (s *Scope) UnknownType(site *Site, name string) values.Value {
	s.c.autoload(s.c.prog.walkOf(name, true))
	IssueAt(site, values.IssueUnknownResourceType, "Resource type not found: %s", name)
	return nil
}

// Type is the value of a type expression in this compilation's program.
func (s *Scope) Type(site SiteRef, r *TypeRef) values.Value {
	if r.Static != nil {
		return r.Static
	}
	prog := s.c.prog
	kept := cell.Pointer[typeResolution](&r.Cell)
	tr := atomicptr.Load(kept)
	if tr == nil || tr.prog != prog {
		t, err := prog.parseType(r.Text)
		if err != nil {
			raise(site.Site(), err)
		}
		tr = &typeResolution{prog: prog, t: t}
		if prog.hasAliasIssues() {
			if names := typeNames(r.Text); prog.namesAliasWithIssues(names) {
				tr.names = names
			}
		}
		if prog.failingTypes {
			tr.loadError = prog.namesTypeLoadError(typeNames(r.Text))
		}
		atomicptr.Store(kept, tr)
	}
	if tr.loadError != "" {
		raise(typeNameSite(site.Site()), errors.New(tr.loadError))
	}
	if tr.names != nil {
		s.c.loadAliases(site.Site(), tr.names)
	}
	return tr.t
}

// typeIn is the type r stands for in program p: its Static, or its text
// parsed (parseType).
func (r *TypeRef) typeIn(p *Program) (values.Value, error) {
	if r.Static != nil {
		return r.Static, nil
	}
	return p.parseType(r.Text)
}

// parseType parses a type's text against the program's aliases and
// resource types. Alias resolution fills caches, so it is serialized. A
// text parsed is kept: definitions' parameters share their types' texts
// (keystone's compile parsed 272 texts, 114 of them different).
func (p *Program) parseType(text string) (values.Value, error) {
	p.typeMu.Lock()
	defer p.typeMu.Unlock()
	if t, ok := p.parsedTypes[text]; ok {
		return t, nil
	}
	t, err := values.ParseExpression(text, p)
	if err == nil {
		if p.parsedTypes == nil {
			p.parsedTypes = map[string]values.Value{}
		}
		p.parsedTypes[text] = t
	}
	return t, err
}

// ResolveType implements values.TypeResolver: type aliases, then native
// and defined resource types; other names are type references.
func (p *Program) ResolveType(name string) (values.Type, bool) {
	if t, ok := p.aliases.ResolveType(name); ok {
		return t, true
	}
	lower := strings.ToLower(name)
	if p.natives[lower] != nil || p.define(lower) != nil {
		return values.NewResourceType(capitalizeTypeName(name), "", false), true
	}
	return nil, false
}

// TypeResolver resolves type names as ResolveType does, serialized with
// the program's other type parsing: module functions' signatures
// (rt/fn's Builder.Resolver) parse when first called, from any compile.
func (p *Program) TypeResolver() values.TypeResolver { return lockedTypes{p} }

type lockedTypes struct{ p *Program }

func (l lockedTypes) ResolveType(name string) (values.Type, bool) {
	l.p.typeMu.Lock()
	defer l.p.typeMu.Unlock()
	return l.p.ResolveType(name)
}

// Arith is Arith with Puppet's NUMERIC_COERCION issue
// (Runtime3Support#coerce_numeric): a string operand that converts to a
// number is a warning under strict=warning, an error under strict=error
// (Puppet 8's default), at the operand, before the operation.
func (s *Scope) Arith(site *Site, op string, a, b values.Value) values.Value {
	if s.c.prog.strict != "off" && coercesOperands(op, a) {
		l, r := site, site
		if site.Left() != nil {
			l, r = site.Left(), site.Right()
		}
		if s.numericCoercion(l, a) {
			s.numericCoercion(r, b)
		}
	}
	return Arith(site, op, a, b)
}

// Neg is Neg with Puppet's NUMERIC_COERCION issue at the expression.
func (s *Scope) Neg(site *Site, a values.Value) values.Value {
	if s.c.prog.strict != "off" {
		s.numericCoercion(site, a)
	}
	return Neg(site, a)
}

// coercesOperands reports whether Puppet's calculate converts the operands
// of op to numbers: all but a collection's +, - and <<, and a Binary's or
// URI's +.
func coercesOperands(op string, a values.Value) bool {
	switch a.(type) {
	case *values.Array, *values.Hash:
		return op != "+" && op != "-" && op != "<<"
	case *values.Binary:
		return op != "+"
	}
	return true
}

// numericCoercion reports the issue when v is a string that converts to a
// number; it reports whether v converts (or is a number), as Puppet goes
// on to the right operand only then.
func (s *Scope) numericCoercion(site *Site, v values.Value) bool {
	str, ok := v.(values.String)
	if !ok {
		return true
	}
	n := values.ToNumber(str)
	if n == nil {
		return false
	}
	msg := "The string '" + string(str) + "' was automatically coerced to the numerical value " + values.ToString(n)
	if s.c.prog.strict == "error" {
		IssueAt(site, "NUMERIC_COERCION", "%s", msg)
	}
	s.c.issueWarning(site, msg)
	return true
}
