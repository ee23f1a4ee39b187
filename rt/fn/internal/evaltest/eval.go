// Package evaltest is a small evaluator of Puppet expressions for the tests
// of the function library: literals, variables, operators, conditionals,
// function and method calls with lambdas. It exists so that the library's
// tests can run the same Puppet expressions that rt/fn/testdata/gen.rb ran
// through Puppet 7.23, before and independently of the real runtime. It is
// not used outside tests.
package evaltest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Ctx evaluates expressions; it implements fn.Context.
type Ctx struct {
	Node   string
	Facts  *values.Hash
	Logs   []string // "level: message"
	Files  map[string]string
	Extras map[string]values.Value // further top scope variables
	top    *scope
	cur    *scope // the scope of the call being evaluated
	line   int    // the line of the call being evaluated
	file   *source.File

	resources []*resource

	// Version is the Puppet release evaluated as (fn.Releaser); "" is
	// 7.23.0
	Version string
	// ModulePath are the directories ModuleDirectory finds modules in.
	ModulePath []string
	warned     map[string]bool // the keys of the warnings given once (per case, as gen.rb clears Puppet's)
}

type scope struct {
	vars   map[string]values.Value
	parent *scope
}

func (s *scope) lookup(name string) (values.Value, bool) {
	for ; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// EvalError is an error as the evaluator reports it (Puppet's message
// without the "Evaluation Error: " prefix and the location).
type EvalError struct{ Msg string }

func (e *EvalError) Error() string { return e.Msg }

type nextSignal struct{ v values.Value }
type returnSignal struct{ v values.Value }

// New returns a context for node with the given facts.
func New(node string, facts *values.Hash) *Ctx {
	c := &Ctx{Node: node, Facts: facts}
	c.reset()
	return c
}

func (c *Ctx) reset() {
	vars := map[string]values.Value{}
	if c.Facts != nil {
		for i := 0; i < c.Facts.Len(); i++ {
			vars[values.ToString(c.Facts.KeyAt(i))] = c.Facts.ValueAt(i)
		}
		vars["facts"] = c.Facts
	}
	for k, v := range c.Extras {
		vars[k] = v
	}
	c.top = &scope{vars: vars}
}

// PuppetVersion implements fn.Releaser.
func (c *Ctx) PuppetVersion() string {
	if c.Version == "" {
		return "7.23.0"
	}
	return c.Version
}

// Eval parses and evaluates src in a fresh local scope; an error is
// returned as an *EvalError.
func (c *Ctx) Eval(src string) (result values.Value, err error) {
	c.Logs = nil
	c.warned = nil
	c.resources = nil
	c.reset()
	c.file = source.NewFile("case.pp", src)
	res, d := parser.ParseFile(c.file)
	if d != nil {
		return nil, &EvalError{Msg: d.Message}
	}
	defer func() {
		if r := recover(); r != nil {
			switch x := r.(type) {
			case *EvalError:
				err = x
			case fn.BreakSignal, *fn.BreakSignal:
				err = &EvalError{Msg: "break() from context where this is illegal"}
			case nextSignal:
				err = &EvalError{Msg: "next() from context where this is illegal"}
			case error:
				err = &EvalError{Msg: x.Error()}
			default:
				panic(r)
			}
		}
	}()
	return c.eval(res.Program.Body, &scope{vars: map[string]values.Value{}, parent: c.top}), nil
}

func fail(format string, a ...any) { panic(&EvalError{Msg: fmt.Sprintf(format, a...)}) }

func check(v values.Value, err error) values.Value {
	if err != nil {
		panic(&EvalError{Msg: err.Error()})
	}
	return v
}

func (c *Ctx) eval(e ast.Expr, s *scope) values.Value {
	switch x := e.(type) {
	case nil, *ast.Nop:
		return values.Undef
	case *ast.BlockExpression:
		var r values.Value = values.Undef
		for _, st := range x.Statements {
			r = c.eval(st, s)
		}
		return r
	case *ast.LiteralString:
		return values.String(x.Value)
	case *ast.LiteralInteger:
		return values.Int(x.Value)
	case *ast.LiteralFloat:
		return values.Float(x.Value)
	case *ast.LiteralBoolean:
		return values.BoolOf(x.Value)
	case *ast.LiteralUndef:
		return values.Undef
	case *ast.LiteralDefault:
		return values.Default
	case *ast.LiteralRegularExpression:
		return check(values.NewRegexp(x.Pattern))
	case *ast.QualifiedName:
		return values.String(x.Value)
	case *ast.QualifiedReference:
		if t, ok := values.TypeByName(x.CasedValue); ok {
			return t
		}
		return values.NewResourceType(x.CasedValue, "", false)
	case *ast.LiteralList:
		var out []values.Value
		for _, v := range x.Values {
			if u, ok := v.(*ast.UnfoldExpression); ok {
				out = append(out, values.Unfold(c.eval(u.Expr, s))...)
				continue
			}
			out = append(out, c.eval(v, s))
		}
		return values.NewArray(out...)
	case *ast.LiteralHash:
		b := values.NewHashBuilder(len(x.Entries))
		for _, en := range x.Entries {
			b.Put(c.eval(en.Key, s), c.eval(en.Value, s))
		}
		return b.Build()
	case *ast.ConcatenatedString:
		var sb strings.Builder
		for _, seg := range x.Segments {
			if t, ok := seg.(*ast.TextExpression); ok {
				sb.WriteString(values.ToString(c.eval(t.Expr, s)))
			} else {
				sb.WriteString(values.ToString(c.eval(seg, s)))
			}
		}
		return values.String(sb.String())
	case *ast.TextExpression:
		return values.String(values.ToString(c.eval(x.Expr, s)))
	case *ast.HeredocExpression:
		return c.eval(x.Text, s)
	case *ast.ParenthesizedExpression:
		return c.eval(x.Expr, s)
	case *ast.NotExpression:
		return values.BoolOf(!values.Truthy(c.eval(x.Expr, s)))
	case *ast.UnaryMinusExpression:
		return check(values.Negate(c.eval(x.Expr, s)))
	case *ast.VariableExpression:
		name := ""
		switch n := x.Expr.(type) {
		case *ast.QualifiedName:
			name = n.Value
		case *ast.LiteralInteger:
			name = fmt.Sprint(n.Value)
		}
		if v, ok := c.lookupIn(s, name); ok {
			return v
		}
		c.Log("warning", "Unknown variable: '"+name+"'.")
		return values.Undef
	case *ast.AssignmentExpression:
		v := c.eval(x.Right, s)
		if ve, ok := x.Left.(*ast.VariableExpression); ok {
			s.vars[ve.Expr.(*ast.QualifiedName).Value] = v
			return v
		}
		fail("unsupported assignment")
	case *ast.ArithmeticExpression:
		return check(values.Arithmetic(x.Op, c.eval(x.Left, s), c.eval(x.Right, s)))
	case *ast.ComparisonExpression:
		l, r := c.eval(x.Left, s), c.eval(x.Right, s)
		b, err := values.CompareOp(x.Op, l, r)
		if err != nil {
			fail("%s", err.Error())
		}
		return values.BoolOf(b)
	case *ast.MatchExpression:
		m, err := values.MatchOp(c.eval(x.Left, s), c.eval(x.Right, s))
		if err != nil {
			fail("%s", err.Error())
		}
		ok := m.Matched
		if x.Op == "!~" {
			ok = !ok
		}
		return values.BoolOf(ok)
	case *ast.InExpression:
		return values.BoolOf(values.In(c.eval(x.Left, s), c.eval(x.Right, s)).Matched)
	case *ast.AndExpression:
		return values.BoolOf(values.Truthy(c.eval(x.Left, s)) && values.Truthy(c.eval(x.Right, s)))
	case *ast.OrExpression:
		return values.BoolOf(values.Truthy(c.eval(x.Left, s)) || values.Truthy(c.eval(x.Right, s)))
	case *ast.AccessExpression:
		l := c.eval(x.Left, s)
		keys := make([]values.Value, 0, len(x.Keys))
		for _, k := range x.Keys {
			keys = append(keys, c.eval(k, s))
		}
		if t, ok := l.(values.Type); ok {
			return check(values.Parameterize(t, keys))
		}
		return check(values.Access(l, keys))
	case *ast.IfExpression:
		if values.Truthy(c.eval(x.Test, s)) {
			return c.eval(x.Then, s)
		}
		return c.eval(x.Else, s)
	case *ast.UnlessExpression:
		if !values.Truthy(c.eval(x.Test, s)) {
			return c.eval(x.Then, s)
		}
		return c.eval(x.Else, s)
	case *ast.CaseExpression:
		v := c.eval(x.Test, s)
		for _, o := range x.Options {
			for _, ov := range o.Values {
				if values.Match(v, c.eval(ov, s)).Matched {
					return c.eval(o.Then, s)
				}
			}
		}
		return values.Undef
	case *ast.SelectorExpression:
		v := c.eval(x.Left, s)
		for _, o := range x.Selectors {
			if values.Match(v, c.eval(o.Match, s)).Matched {
				return c.eval(o.Value, s)
			}
		}
		fail("No matching entry for selector parameter with value '%s'", fn.RubyToS(v))
	case *ast.CallNamedFunctionExpression:
		var args []values.Value
		name := ""
		switch f := x.Functor.(type) {
		case *ast.QualifiedName:
			name = f.Value
		default:
			// a type: Integer('1'), Integer[1,2]('1')
			name = "new"
			args = append(args, c.eval(f, s))
		}
		args = append(args, c.args(x.Args, s)...)
		c.line = c.lineOf(x)
		return c.callAt(s, "Function Call", name, args, c.lambda(x.Lambda, s))
	case *ast.CallMethodExpression:
		na := x.Functor.(*ast.NamedAccessExpression)
		recv := c.eval(na.Left, s)
		name := na.Right.(*ast.QualifiedName).Value
		args := append([]values.Value{recv}, c.args(x.Args, s)...)
		c.line = c.lineOf(x)
		return c.callAt(s, "Method call", name, args, c.lambda(x.Lambda, s))
	}
	fail("evaltest: unsupported expression %T", e)
	return nil
}

func (c *Ctx) lookupIn(s *scope, name string) (values.Value, bool) {
	name = strings.TrimPrefix(name, "::")
	if strings.Contains(name, "::") {
		return c.top.lookup(name)
	}
	return s.lookup(name)
}

func (c *Ctx) args(es []ast.Expr, s *scope) []values.Value {
	var out []values.Value
	for _, a := range es {
		if u, ok := a.(*ast.UnfoldExpression); ok {
			out = append(out, values.Unfold(c.eval(u.Expr, s))...)
			continue
		}
		out = append(out, c.eval(a, s))
	}
	return out
}

// callAt calls a function from an expression as the evaluator does: errors
// the function raises become "Error while evaluating a <label>, <message>".
func (c *Ctx) callAt(s *scope, label, name string, args []values.Value, block fn.Block) (result values.Value) {
	saved := c.cur
	c.cur = s
	defer func() { c.cur = saved }()
	defer func() {
		if r := recover(); r != nil {
			if ie, ok := r.(*fn.IssueError); ok {
				panic(&EvalError{Msg: ie.Message})
			}
			if e, ok := r.(error); ok {
				_, isEval := r.(*EvalError)
				_, isFatal := r.(*fn.FatalError)
				if !isEval && !isFatal {
					panic(&EvalError{Msg: "Error while evaluating a " + label + ", " + e.Error()})
				}
			}
			panic(r)
		}
	}()
	return c.call(name, args, block)
}

// call calls a function by name.
func (c *Ctx) call(name string, args []values.Value, block fn.Block) (result values.Value) {
	switch name {
	case "break":
		panic(fn.BreakSignal{})
	case "next":
		var v values.Value = values.Undef
		if len(args) > 0 {
			v = args[0]
		}
		panic(nextSignal{v})
	case "return":
		var v values.Value = values.Undef
		if len(args) > 0 {
			v = args[0]
		}
		panic(returnSignal{v})
	case "create_resources":
		return c.createResources(args)
	case "notice", "warning", "info", "debug", "err", "alert", "emerg", "crit":
		parts := make([]string, len(args))
		for i, a := range args {
			parts[i] = values.ToString(a)
		}
		c.Log(name, strings.Join(parts, " "))
		return values.Undef
	}
	f := fn.Lookup(name)
	if f == nil {
		fail("Unknown function: '%s'.", name)
	}
	return f.Call(c, args, block)
}

// ---- lambdas ----

type lambda struct {
	values.External
	c      *Ctx
	expr   *ast.LambdaExpression
	scope  *scope
	ctype  *values.CallableType
	params []string
}

func (c *Ctx) lambda(l *ast.LambdaExpression, s *scope) fn.Block {
	if l == nil {
		return nil
	}
	var types []values.Type
	min, max := int64(0), int64(0)
	var names []string
	for _, p := range l.Params {
		names = append(names, p.Name)
		var t values.Type = values.AnyT
		if p.Type != nil {
			t = c.eval(p.Type, s).(values.Type)
		}
		types = append(types, t)
		if p.CapturesRest {
			max = 1 << 62
			continue
		}
		max++
		if p.Value == nil {
			min++
		}
	}
	var size *values.IntegerType
	if max == 1<<62 {
		size = values.NewIntegerType(min, 1<<63-1)
	} else if min != max {
		size = values.NewIntegerType(min, max)
	}
	ct := values.NewCallableType(values.NewTupleType(types, size), nil, nil)
	return &lambda{c: c, expr: l, scope: s, ctype: ct, params: names}
}

func (l *lambda) CallableType() *values.CallableType { return l.ctype }
func (l *lambda) ParameterNames() []string           { return l.params }

func (l *lambda) Call(args ...values.Value) (result values.Value) {
	s := &scope{vars: map[string]values.Value{}, parent: l.scope}
	for i, p := range l.expr.Params {
		switch {
		case p.CapturesRest:
			if i < len(args) {
				s.vars[p.Name] = values.NewArray(append([]values.Value(nil), args[i:]...)...)
			} else {
				s.vars[p.Name] = values.EmptyArray
			}
		case i < len(args):
			s.vars[p.Name] = args[i]
		case p.Value != nil:
			s.vars[p.Name] = l.c.eval(p.Value, s)
		default:
			fail("block expects %d arguments, got %d", len(l.expr.Params), len(args))
		}
	}
	defer func() {
		if r := recover(); r != nil {
			if n, ok := r.(nextSignal); ok {
				result = n.v
				return
			}
			panic(r)
		}
	}()
	return l.c.eval(l.expr.Body, s)
}

// ---- fn.Context ----

func (c *Ctx) LookupVar(name string) (values.Value, bool) {
	s := c.cur
	if s == nil {
		s = c.top
	}
	return c.lookupIn(s, name)
}

// Call is call_function: an unknown function is an ArgumentError of the
// calling function.
func (c *Ctx) Call(name string, args []values.Value, block fn.Block) values.Value {
	if fn.Lookup(name) == nil {
		switch name {
		case "create_resources", "break", "next", "return", "notice", "warning", "info", "debug", "err", "alert", "emerg", "crit":
		default:
			panic(fn.Errorf("Unknown function '%s'", name))
		}
	}
	return c.call(name, args, block)
}

// ParseType parses a type expression with Puppet's parser, as Puppet's
// TypeParser does.
func (c *Ctx) ParseType(src string) (values.Type, error) {
	res, d := parser.ParseFile(source.NewFile("type.pp", src))
	if d != nil {
		return nil, fn.Errorf("%s", d.Message)
	}
	var t values.Value
	func() {
		defer func() {
			if r := recover(); r != nil {
				t = nil
			}
		}()
		t = c.eval(res.Program.Body, c.top)
	}()
	if tt, ok := t.(values.Type); ok {
		return tt, nil
	}
	return nil, fn.Errorf("The expression <%s> is not a valid type specification.", src)
}
func (c *Ctx) Log(level, msg string) { c.Logs = append(c.Logs, level+": "+msg) }
func (c *Ctx) Warn(msg string)       { c.Log("warning", msg) }
func (c *Ctx) NodeName() string      { return c.Node }
func (c *Ctx) Environment() string   { return "testenv" }
func (c *Ctx) FindFile(path string) ([]byte, bool) {
	if s, ok := c.Files[path]; ok {
		return []byte(s), true
	}
	if filepath.IsAbs(path) {
		b, err := os.ReadFile(path)
		return b, err == nil
	}
	return nil, false
}

// ModuleDirectory is the directory of the module name on ModulePath, as
// Puppet's environment finds it (module Ruby's Puppet::Module.find).
func (c *Ctx) ModuleDirectory(name string) (string, bool) {
	if !moduleName.MatchString(name) {
		return "", false
	}
	for _, d := range c.ModulePath {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p, true
		}
	}
	return "", false
}

var moduleName = regexp.MustCompile(`\A[a-z][a-z0-9_]*\z`)

// SortedKeys is a helper for deterministic test output.
func SortedKeys(m map[string]values.Value) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func (c *Ctx) lineOf(n ast.Positioned) int {
	return c.file.Line(int(n.Span().Offset))
}

// WarnOnce implements fn.OnceWarner (Puppet.warn_once).
func (c *Ctx) WarnOnce(key, msg string) {
	if c.warned[key] {
		return
	}
	if c.warned == nil {
		c.warned = map[string]bool{}
	}
	c.warned[key] = true
	c.Warn(msg)
}
