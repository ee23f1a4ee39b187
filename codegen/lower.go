package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/codegen/erbgen"
	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/source"
	rtpkg "github.com/pp2go/pp2go/rt"
	rterb "github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/pp2go/pp2go/typecheck/static"
)

// lowerer turns the Puppet code of one source file into Go: each
// expression becomes a call into rt, in Puppet's evaluation order. The Go
// variable s is always the scope the code runs in.
type lowerer struct {
	u     *unit
	f     *env.File
	diags *diag.List
	g     *generator
	out   *jen.File // the Go file being written, for code hoisted out of expressions

	// slots numbers the parameters of the class or define whose body is
	// being lowered, by name, where a reference to one is read from its
	// slot (Scope.Param) instead of looked up by name; nil elsewhere
	// (defaults, functions, templates).
	slots map[string]int
	// nparams is the number of parameters: slots from nparams on are the
	// body's local variables (rt.Class.Locals), then $title and $name
	nparams int
}

// value kinds of a lowered expression, for statement positions: a pure
// value (a literal) has no effect and is dropped; a call can stand alone.
type kind uint8

const (
	pure kind = iota
	call
)

func (l *lowerer) pos(n ast.Expr) jen.Code { return l.u.pos(l.f, n, label(n)) }

// lazyPos is n's site for an operation that needs it only to fail or warn
// (rt.SiteRef).
func (l *lowerer) lazyPos(n ast.Expr) jen.Code { return l.u.lazyPos(l.f, n, label(n)) }

// fail records a build error for a construct pp2go cannot compile.
func (l *lowerer) fail(n ast.Positioned, format string, args ...any) {
	p := l.f.Program.Position(n)
	*l.diags = append(*l.diags, &diag.Diagnostic{Severity: diag.Error, Code: "UNSUPPORTED", Message: fmt.Sprintf(format, args...),
		File: l.f.Path, Line: p.Line, Column: p.Column})
}

func v(name string) *jen.Statement  { return jen.Qual(valuesPath, name) }
func rt(name string) *jen.Statement { return jen.Qual(rtPath, name) }
func s() *jen.Statement             { return jen.Id("s") }
func undef() *jen.Statement         { return v("Undef") }

// aliasFails reports whether a type expression names a type alias whose
// resolution may fail at run time (generator.aliasFails): it is then
// evaluated name by name, each failing at its own position, as Puppet's
// evaluator does.
func (l *lowerer) aliasFails(e ast.Expr) bool {
	fails := false
	inspect(e, func(n ast.Expr) bool {
		if r, ok := n.(*ast.QualifiedReference); ok && !fails {
			fails = l.g.aliasFails(strings.ToLower(strings.TrimPrefix(r.CasedValue, "::")))
		}
		return !fails
	})
	return fails
}

// ---- statements ----

// stmts lowers code whose value is not used.
func (l *lowerer) stmts(e ast.Expr) []jen.Code {
	switch x := e.(type) {
	case nil, *ast.Nop:
		return nil
	case *ast.BlockExpression:
		var out []jen.Code
		for _, st := range x.Statements {
			out = append(out, l.stmts(st)...)
		}
		return out
	case *ast.ParenthesizedExpression:
		return l.stmts(x.Expr)
	case *ast.IfExpression:
		return l.ifStmt(x.Test, x.Then, x.Else, false, false)
	case *ast.UnlessExpression:
		return l.ifStmt(x.Test, x.Then, x.Else, true, false)
	case *ast.CaseExpression:
		return l.caseStmt(x, false)
	case ast.Definition:
		return nil // registered separately; evaluates to undef
	case *ast.ResourceExpression:
		// no references built for a value nobody reads
		return []jen.Code{chain(l.declaration(x), "Exec")}
	}
	code, k := l.exprK(e)
	if k == pure {
		return nil
	}
	return []jen.Code{code}
}

// tail lowers code whose value is returned (a lambda's or function's body,
// a default value): the statements, ending in return.
func (l *lowerer) tail(e ast.Expr) []jen.Code {
	switch x := e.(type) {
	case nil, *ast.Nop:
		return []jen.Code{jen.Return(undef())}
	case *ast.BlockExpression:
		if len(x.Statements) == 0 {
			return []jen.Code{jen.Return(undef())}
		}
		var out []jen.Code
		for _, st := range x.Statements[:len(x.Statements)-1] {
			out = append(out, l.stmts(st)...)
		}
		return append(out, l.tail(x.Statements[len(x.Statements)-1])...)
	case *ast.ParenthesizedExpression:
		return l.tail(x.Expr)
	case *ast.IfExpression:
		return l.ifStmt(x.Test, x.Then, x.Else, false, true)
	case *ast.UnlessExpression:
		return l.ifStmt(x.Test, x.Then, x.Else, true, true)
	case *ast.CaseExpression:
		return l.caseStmt(x, true)
	}
	return []jen.Code{jen.Return(l.expr(e))}
}

// body lowers the code of a branch: statements, or statements ending in
// return when the value is wanted.
func (l *lowerer) body(e ast.Expr, ret bool) []jen.Code {
	if ret {
		return l.tail(e)
	}
	return l.stmts(e)
}

// guarded wraps code in Puppet's guarded scope (match variables set inside
// do not outlive it) when the code can set match variables.
func (l *lowerer) guarded(needed, ret bool, code []jen.Code) []jen.Code {
	if !needed {
		return code
	}
	enter := jen.Id("lvl").Op(":=").Add(s()).Dot("Guard").Call()
	if ret {
		return append([]jen.Code{enter, jen.Defer().Add(s()).Dot("Unguard").Call(jen.Id("lvl"))}, code...)
	}
	return []jen.Code{jen.Block(append(append([]jen.Code{enter}, code...), jen.Id("s.Unguard").Call(jen.Id("lvl")))...)}
}

// cond lowers an expression used as a condition to a Go bool.
func (l *lowerer) cond(e ast.Expr) *jen.Statement {
	if c, ok := l.constValue(e).(values.Bool); ok {
		return jen.Lit(bool(c))
	}
	switch x := e.(type) {
	case *ast.ParenthesizedExpression:
		return l.cond(x.Expr)
	case *ast.AndExpression:
		return jen.Parens(l.cond(x.Left).Op("&&").Add(l.cond(x.Right)))
	case *ast.OrExpression:
		return jen.Parens(l.cond(x.Left).Op("||").Add(l.cond(x.Right)))
	case *ast.NotExpression:
		return l.notCond(x.Expr)
	case *ast.LiteralBoolean:
		return jen.Lit(x.Value)
	case *ast.ComparisonExpression:
		if c, ok := l.comparison(x, false); ok {
			return c
		}
		return rt("Truthy").Call(l.compareValue(x))
	}
	if l.kindOf(e) == boolKind {
		return l.typed(e, boolKind)
	}
	return rt("Truthy").Call(l.expr(e))
}

func (l *lowerer) ifStmt(test, then, els ast.Expr, negate, ret bool) []jen.Code {
	cond := l.cond(test)
	if negate {
		cond = l.notCond(test)
	}
	st := jen.If(cond).Block(l.body(then, ret)...)
	switch {
	case els == nil && ret:
		st.Else().Block(jen.Return(undef()))
	case els == nil:
	default:
		if elif, ok := els.(*ast.IfExpression); ok && !setsMatch(elif.Test) {
			st.Else().Add(l.ifStmt(elif.Test, elif.Then, elif.Else, false, ret)...)
		} else {
			st.Else().Block(l.body(els, ret)...)
		}
	}
	return l.guarded(setsMatch(test), ret, []jen.Code{st})
}

// caseStmt lowers a case expression to a switch over the options, each
// option's values tried in order (EvaluatorImpl#eval_CaseExpression);
// options of string literals only, to a switch over the option a table
// of them finds (caseTable).
func (l *lowerer) caseStmt(x *ast.CaseExpression, ret bool) []jen.Code {
	var clauses []jen.Code
	var dflt *ast.CaseOption
	var matches [][]ast.Expr // each option's values but default
	for _, o := range x.Options {
		var vals []ast.Expr
		for _, val := range o.Values {
			if _, ok := unparen(val).(*ast.LiteralDefault); ok {
				dflt = o
			} else {
				vals = append(vals, unparen(val))
			}
		}
		matches = append(matches, vals)
	}
	tab := l.caseTable(matches)
	for i, o := range x.Options {
		var conds []jen.Code
		if tab != nil {
			if len(matches[i]) > 0 {
				conds = append(conds, jen.Lit(i))
			}
		} else {
			conds = l.caseConds(matches[i])
		}
		if len(conds) > 0 {
			clauses = append(clauses, jen.Case(conds...).Block(l.body(o.Then, ret)...))
		}
	}
	if dflt != nil {
		clauses = append(clauses, jen.Default().Block(l.body(dflt.Then, ret)...))
	} else if ret {
		clauses = append(clauses, jen.Default().Block(jen.Return(undef())))
	}
	var code []jen.Code
	if len(clauses) == 0 || (len(clauses) == 1 && dflt != nil) {
		code = append(code, jen.Id("_").Op("=").Add(l.expr(x.Test)))
		if dflt != nil && ret {
			// a block of its own: a case its value ends with declares
			// lvl and t too
			code = append(code, jen.Block(l.body(dflt.Then, ret)...))
		} else if dflt != nil {
			code = append(code, l.body(dflt.Then, ret)...)
		} else if ret {
			code = append(code, jen.Return(undef()))
		}
		return l.guarded(true, ret, code)
	}
	code = append(code, jen.Id("t").Op(":=").Add(l.expr(x.Test)), caseSwitch(tab).Block(clauses...))
	return l.guarded(true, ret, code)
}

// caseConds are the conditions of a case option or selector entry whose
// values are vals, tried in order.
func (l *lowerer) caseConds(vals []ast.Expr) []jen.Code {
	var conds []jen.Code
	for _, val := range vals {
		if vv, ok := val.(*ast.UnfoldExpression); ok {
			conds = append(conds, jen.Id("s.CaseMatchAny").Call(jen.Id("t"), l.expr(vv.Expr)))
		} else {
			conds = append(conds, jen.Id("s.CaseMatch").Call(jen.Id("t"), l.expr(val)))
		}
	}
	return conds
}

// caseTable is the table (rt.CaseTable) of the options whose values are
// matches (default left out), when every value is a string literal (a
// quoted string or a bare word): the test is then compared with the
// literals at once (rt.CaseIndex), as CaseMatch compares it with each in
// turn. nil otherwise.
func (l *lowerer) caseTable(matches [][]ast.Expr) jen.Code {
	var lits []string
	var option []int
	for i, vals := range matches {
		for _, val := range vals {
			var lit string
			switch x := val.(type) {
			case *ast.LiteralString:
				lit = x.Value
			case *ast.QualifiedName:
				lit = x.Value
			default:
				return nil
			}
			lits, option = append(lits, lit), append(option, i)
		}
	}
	if len(lits) == 0 {
		return nil
	}
	// each literal's option is the first whose literal compares equal
	for i := range lits {
		for j := range i {
			if values.EqualsString(lits[j], lits[i]) {
				option[i] = option[j]
				break
			}
		}
	}
	litCode, optCode := make([]jen.Code, len(lits)), make([]jen.Code, len(lits))
	for i := range lits {
		litCode[i], optCode[i] = jen.Lit(lits[i]), jen.Lit(option[i])
	}
	key := fmt.Sprintf("case%q%v", lits, option)
	return l.u.constantAddr(key, jen.Qual(rtPath, "CaseTable").Values(
		jen.Id("Lits").Op(":").Index().String().Values(litCode...),
		jen.Id("Option").Op(":").Index().Int32().Values(optCode...)))
}

// caseSwitch is the switch of a case expression or selector: over the
// option its table finds, else over the conditions of its clauses.
func caseSwitch(tab jen.Code) *jen.Statement {
	if tab == nil {
		return jen.Switch()
	}
	return jen.Switch(jen.Qual(rtPath, "CaseIndex").Call(jen.Id("t"), tab))
}

// ---- expressions ----

// expr lowers an expression in a value position.
func (l *lowerer) expr(e ast.Expr) jen.Code {
	code, _ := l.exprK(e)
	return code
}

// iife evaluates statement-like code in a value position.
func (l *lowerer) iife(e ast.Expr) jen.Code {
	return jen.Func().Params().Qual(valuesPath, "Value").Block(l.tail(e)...).Call()
}

func (l *lowerer) exprK(e ast.Expr) (jen.Code, kind) {
	if c := l.folded(e); c != nil {
		return c, pure
	}
	switch x := e.(type) {
	case nil, *ast.Nop:
		return undef(), pure
	case *ast.LiteralString:
		return v("String").Call(jen.Lit(x.Value)), pure
	case *ast.LiteralInteger:
		if x.Big != nil {
			l.fail(x, "integer literal out of range")
			return undef(), pure
		}
		return v("Int").Call(jen.Lit(int(x.Value))), pure
	case *ast.LiteralFloat:
		return v("Float").Call(jen.Lit(x.Value)), pure
	case *ast.LiteralBoolean:
		if x.Value {
			return v("True"), pure
		}
		return v("False"), pure
	case *ast.LiteralUndef:
		return undef(), pure
	case *ast.LiteralDefault:
		return v("Default"), pure
	case *ast.LiteralRegularExpression:
		return jen.Id("s.Regexp").Call(l.lazyPos(x), l.u.regexpRef(x.Pattern)), call
	case *ast.QualifiedName:
		return v("String").Call(jen.Lit(x.Value)), pure
	case *ast.ReservedWord:
		return v("String").Call(jen.Lit(x.Word)), pure
	case *ast.QualifiedReference:
		// ::T::Cfg is T::Cfg, as Puppet's loaders find it
		name := strings.TrimPrefix(x.CasedValue, "::")
		if !l.g.typeKnown(name) {
			return jen.Id("s.UnknownType").Call(l.pos(x), jen.Lit(name)), call
		}
		return jen.Id("s.Type").Call(l.lazyPos(x), l.u.typeRef(name)), call
	case *ast.LiteralList:
		return l.list(x)
	case *ast.LiteralHash:
		return l.hash(x)
	case *ast.ConcatenatedString:
		parts := make([]jen.Code, len(x.Segments))
		for i, seg := range x.Segments {
			parts[i] = l.expr(seg)
		}
		if len(parts) == 1 {
			if _, ok := x.Segments[0].(*ast.LiteralString); ok {
				return parts[0], pure
			}
		}
		return l.interpolate(x, parts), call
	case *ast.TextExpression:
		return l.exprK(x.Expr)
	case *ast.HeredocExpression:
		return l.exprK(x.Text)
	case *ast.ParenthesizedExpression:
		return l.exprK(x.Expr)
	case *ast.NotExpression:
		return v("BoolOf").Call(l.notCond(x.Expr)), call
	case *ast.UnaryMinusExpression:
		switch n := x.Expr.(type) {
		case *ast.LiteralInteger:
			if n.Big == nil {
				return v("Int").Call(jen.Lit(int(-n.Value))), pure
			}
		case *ast.LiteralFloat:
			if n.Value == 0 {
				// Go's constant -0.0 is 0: Ruby's -0.0 is negative zero
				// ("-0.000000" as a string)
				return v("Float").Call(jen.Qual("math", "Copysign").Call(jen.Lit(0), jen.Lit(-1))), pure
			}
			return v("Float").Call(jen.Lit(-n.Value)), pure
		}
		return jen.Id("s.Neg").Call(l.pos(x), l.expr(x.Expr)), call
	case *ast.UnfoldExpression:
		return rt("UnfoldValue").Call(l.expr(x.Expr)), call
	case *ast.VariableExpression:
		name := varName(x)
		if k, ok := l.slots[name]; ok && k < l.nparams {
			return jen.Id("s.Param").Call(l.lazyPos(x), jen.Lit(k), jen.Lit(name)), call
		} else if ok {
			return jen.Id("s.Local").Call(l.lazyPos(x), jen.Lit(k), jen.Lit(name)), call
		}
		if strings.Contains(name, "::") {
			return jen.Id("s.Qualified").Call(l.lazyPos(x), l.u.varRef(name, l.g.classSlot(name))), call
		}
		return jen.Id("s.Var").Call(l.lazyPos(x), jen.Lit(name)), call
	case *ast.AssignmentExpression:
		return l.assign(x), call
	case *ast.ArithmeticExpression:
		if c, ok := l.intArith(x); ok {
			return c, call
		}
		return jen.Id("s.Arith").Call(l.u.binarySite(l.f, x, x.Left, x.Right, label(x)), jen.Lit(x.Op), l.expr(x.Left), l.expr(x.Right)), call
	case *ast.ComparisonExpression:
		if c, ok := l.comparison(x, false); ok {
			return v("BoolOf").Call(c), call
		}
		return l.compareValue(x), call
	case *ast.MatchExpression:
		return jen.Id("s.Match").Call(l.u.lazyBinarySite(l.f, x, x.Left, x.Right, label(x)), jen.Lit(x.Op == "!~"), l.expr(x.Left), l.expr(x.Right)), call
	case *ast.InExpression:
		return jen.Id("s.In").Call(l.lazyPos(x), l.expr(x.Left), l.expr(x.Right)), call
	case *ast.AndExpression, *ast.OrExpression:
		return v("BoolOf").Call(l.cond(x)), call
	case *ast.RelationshipExpression:
		return jen.Id("s.Relate").Call(l.lazyPos(x), jen.Lit(x.Op), l.expr(x.Left), l.expr(x.Right)), call
	case *ast.AccessExpression:
		if text, ok := static.Text(x); ok && isType(x) && l.unknownType(x) == nil && !l.aliasFails(x) {
			return jen.Id("s.Type").Call(l.lazyPos(x), l.u.typeRef(text)), call
		}
		// a key that does not apply fails at the key
		site := l.u.accessSite(l.f, x, x.Keys, label(x))
		args := append([]jen.Code{site, l.expr(x.Left)}, l.args(x.Keys)...)
		return jen.Id("s.Access").Call(args...), call
	case *ast.CallNamedFunctionExpression:
		return l.callNamed(x), call
	case *ast.CallMethodExpression:
		return l.callMethod(x), call
	case *ast.LambdaExpression:
		return l.lambda(x), call
	case *ast.IfExpression, *ast.UnlessExpression, *ast.CaseExpression, *ast.BlockExpression:
		return l.iife(e), call
	case *ast.SelectorExpression:
		return l.selector(x), call
	case *ast.ResourceExpression:
		return l.resource(x), call
	case *ast.ResourceDefaultsExpression:
		return l.defaults(x), call
	case *ast.ResourceOverrideExpression:
		return l.override(x), call
	case *ast.CollectExpression:
		return l.collect(x), call
	case *ast.RenderStringExpression:
		return jen.Id("s.EppText").Call(jen.Lit(x.Value)), call
	case *ast.RenderExpression:
		return jen.Id("s.EppRender").Call(l.expr(x.Expr)), call
	case ast.Definition:
		return undef(), pure
	}
	l.fail(e, "pp2go cannot compile %s here", label(e))
	return undef(), pure
}

func varName(x *ast.VariableExpression) string {
	switch n := x.Expr.(type) {
	case *ast.QualifiedName:
		return n.Value
	case *ast.LiteralInteger:
		return fmt.Sprint(n.Value)
	}
	return ""
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenthesizedExpression)
		if !ok {
			return e
		}
		e = p.Expr
	}
}

// list lowers an array literal; a constant one is hoisted, and the
// others copy their elements into the compile's chunks (Scope.ArrayCopy),
// so that the call's list stays on the stack.
func (l *lowerer) list(x *ast.LiteralList) (jen.Code, kind) {
	if text, ok := static.Text(x); ok && !containsType(x) {
		elems := make([]jen.Code, len(x.Values))
		for i, e := range x.Values {
			elems[i] = l.constElem(e)
		}
		return l.u.constantAddr(text, v("ArrayLit").Call(elems...)), pure
	}
	for _, e := range x.Values {
		if _, ok := e.(*ast.UnfoldExpression); ok {
			return rt("ArrayOf").Call(l.args(x.Values)...), call
		}
	}
	elems := make([]jen.Code, len(x.Values))
	for i, e := range x.Values {
		elems[i] = l.expr(e)
	}
	return jen.Id("s.ArrayCopy").Call(elems...), call
}

// hash lowers a hash literal; a constant one is hoisted, the others are
// made in the compile's chunks (Scope.HashOf).
func (l *lowerer) hash(x *ast.LiteralHash) (jen.Code, kind) {
	text, constant := static.Text(x)
	constant = constant && !containsType(x)
	if constant && distinctKeys(x) {
		keys, vals := make([]jen.Code, 0, len(x.Entries)), make([]jen.Code, 0, len(x.Entries))
		for _, en := range x.Entries {
			keys, vals = append(keys, l.constElem(en.Key)), append(vals, l.constElem(en.Value))
		}
		slice := jen.Index().Qual(valuesPath, "Value")
		return l.u.constantAddr(text, v("HashLit").Call(slice.Clone().Values(keys...), slice.Clone().Values(vals...))), pure
	}
	kv := make([]jen.Code, 0, 2*len(x.Entries))
	for _, en := range x.Entries {
		kv = append(kv, l.expr(en.Key), l.expr(en.Value))
	}
	if constant {
		return l.u.constant(text, rt("HashOf").Call(kv...)), pure
	}
	return jen.Id("s.HashOf").Call(kv...), call
}

// constElem lowers an element of a hoisted constant list or hash so that
// Go initializes the constant statically: a scalar literal as a
// conversion of a constant (staticConst: v.Bool(true), not the variable
// v.True of another package, whose copy Go's static initialization
// leaves to code at start-up), a nested list or hash by the address of
// its own hoisted constant.
func (l *lowerer) constElem(e ast.Expr) jen.Code {
	if c, ok := l.staticConst(e); ok {
		return c
	}
	return l.expr(e)
}

// distinctKeys reports whether a hash literal's keys are strings or
// integers, each once (a HashLit's; HashOf keeps the last of a repeated
// key). The string "1" and the integer 1 are different keys.
func distinctKeys(x *ast.LiteralHash) bool {
	seen := map[string]bool{}
	for _, en := range x.Entries {
		var k string
		switch key := en.Key.(type) {
		case *ast.LiteralString:
			k = "s" + key.Value
		case *ast.QualifiedName:
			k = "s" + key.Value
		case *ast.LiteralInteger:
			if key.Big != nil {
				return false
			}
			k = "i" + strconv.FormatInt(int64(key.Value), 10)
		default:
			return false
		}
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// containsType reports whether a literal holds a type or regexp, whose
// value depends on the program (aliases) and so is not hoisted.
func containsType(e ast.Expr) bool {
	found := false
	inspect(e, func(n ast.Expr) bool {
		switch n.(type) {
		case *ast.QualifiedReference, *ast.AccessExpression, *ast.LiteralRegularExpression:
			found = true
		}
		return !found
	})
	return found
}

// args lowers an argument list; `*x` arguments are unfolded.
func (l *lowerer) args(exprs []ast.Expr) []jen.Code {
	out := make([]jen.Code, len(exprs))
	splat := false
	for i, e := range exprs {
		if u, ok := e.(*ast.UnfoldExpression); ok {
			out[i] = rt("Splat").Call(l.expr(u.Expr))
			splat = true
			continue
		}
		out[i] = l.expr(e)
	}
	if splat {
		return []jen.Code{rt("Args").Call(out...).Op("...")}
	}
	return out
}

func (l *lowerer) assign(x *ast.AssignmentExpression) jen.Code {
	if x.Op != "=" {
		l.fail(x, "the operator '%s' is not supported", x.Op)
	}
	switch left := x.Left.(type) {
	case *ast.VariableExpression:
		// a local of the body (a lambda's variables are no slots there;
		// $title and $name are numbered but no local: Assign fails)
		name := varName(left)
		if k, ok := l.slots[name]; ok && k >= l.nparams && !specialVariable(name) {
			return jen.Id("s.SetLocal").Call(l.lazyPos(x), jen.Lit(k), jen.Lit(name), l.expr(x.Right))
		}
		return jen.Id("s.Assign").Call(l.pos(x), jen.Lit(name), l.expr(x.Right))
	case *ast.LiteralList:
		names := make([]jen.Code, 0, len(left.Values))
		for _, e := range left.Values {
			ve, ok := e.(*ast.VariableExpression)
			if !ok {
				l.fail(e, "Illegal assignment")
				continue
			}
			names = append(names, jen.Lit(varName(ve)))
		}
		return jen.Id("s.AssignList").Call(l.pos(x), jen.Index().String().Values(names...), l.expr(x.Right))
	}
	l.fail(x, "Illegal attempt to assign to %s", label(x.Left))
	return undef()
}

// ---- calls and lambdas ----

func (l *lowerer) callNamed(x *ast.CallNamedFunctionExpression) jen.Code {
	var name string
	args := x.Args
	switch f := x.Functor.(type) {
	case *ast.QualifiedName:
		name = f.Value
	case *ast.QualifiedReference:
		// Type(args) is a call to new with the type first.
		name = "new"
		args = append([]ast.Expr{f}, args...)
	default:
		l.fail(x, "illegal function name")
		return undef()
	}
	return l.fnCall(x, name, x.Lambda, args)
}

func (l *lowerer) callMethod(x *ast.CallMethodExpression) jen.Code {
	na, ok := x.Functor.(*ast.NamedAccessExpression)
	if !ok {
		l.fail(x, "illegal method call")
		return undef()
	}
	name, ok := na.Right.(*ast.QualifiedName)
	if !ok {
		l.fail(x, "illegal method name")
		return undef()
	}
	if values.MemberType(name.Value) != nil {
		// the receiver may have the member (rt.Scope.Member)
		var block jen.Code = jen.Nil()
		if x.Lambda != nil {
			block = l.lambda(x.Lambda)
		}
		list := append([]jen.Code{l.lazyPos(x), l.u.funcRef(name.Value), block, l.expr(na.Left)}, l.args(x.Args)...)
		return jen.Id("s.Member").Call(list...)
	}
	return l.fnCall(x, name.Value, x.Lambda, append([]ast.Expr{na.Left}, x.Args...))
}

func (l *lowerer) fnCall(at ast.Expr, name string, lambda *ast.LambdaExpression, args []ast.Expr) jen.Code {
	if name == "inline_epp" && len(args) > 0 && lambda == nil {
		if text, ok := l.knownString(args[0]); ok {
			return l.inlineEPP(at, text, args[1:])
		}
	}
	if name == "inline_template" && len(args) > 0 && lambda == nil && l.out != nil {
		var texts []string
		for _, a := range args {
			text, ok := l.knownString(a)
			if !ok {
				break
			}
			texts = append(texts, text)
		}
		if len(texts) == len(args) {
			return l.inlineERB(at, texts)
		}
		if len(args) == 1 {
			x := unparen(args[0])
			if h, ok := x.(*ast.HeredocExpression); ok {
				x = unparen(h.Text)
			}
			if cs, ok := x.(*ast.ConcatenatedString); ok {
				if code, ok := l.inlineERBHoles(at, cs); ok {
					return code
				}
				if code, ok := l.inlineERBVariants(at, cs); ok {
					return code
				}
			}
		}
	}
	var block jen.Code = jen.Nil()
	var ref jen.Code
	if lambda != nil {
		block = l.lambda(lambda)
	} else if d, check := l.staticDispatch(name, args); d >= 0 {
		ref = l.u.boundFuncRef(name, d, check)
	}
	if ref == nil {
		ref = l.u.funcRef(name)
	}
	// the call's site is built only when it is needed (rt.Scope.Fn)
	list := append([]jen.Code{l.lazyPos(at), ref, block}, l.args(args)...)
	return jen.Id("s.Fn").Call(list...)
}

// staticDispatch is the dispatch of the function name that a call with
// these arguments and no lambda runs, when the function's dispatches are
// known at build time and the arguments whose values are known
// (constValue), and the types the checker proved the others have
// (Options.Checked's ArgTypes), prove it, and the other arguments the call
// checks against its types when it runs (rt.StaticDispatch); else -1.
func (l *lowerer) staticDispatch(name string, args []ast.Expr) (int, uint64) {
	known := make([]values.Value, len(args))
	types := make([]values.Type, len(args))
	for i, a := range args {
		if _, ok := a.(*ast.UnfoldExpression); ok {
			return -1, 0 // the number of arguments is known at run time
		}
		if known[i] = l.constValue(a); known[i] == nil && l.g != nil && l.g.opts.Checked != nil {
			types[i] = l.g.opts.Checked.ArgTypes[a]
		}
	}
	return rtpkg.StaticDispatch(name, known, types)
}

// literalValue is the value of a literal string, bare word, integer (a
// negative one too) or boolean; nil for any other expression.
func literalValue(e ast.Expr) values.Value {
	if text, ok := literalString(e); ok {
		return values.String(text)
	}
	switch x := unparen(e).(type) {
	case *ast.QualifiedName:
		return values.String(x.Value)
	case *ast.LiteralInteger:
		if x.Big == nil {
			return values.Int(x.Value)
		}
	case *ast.UnaryMinusExpression:
		if n, ok := x.Expr.(*ast.LiteralInteger); ok && n.Big == nil {
			return values.Int(-n.Value)
		}
	case *ast.LiteralBoolean:
		return values.Bool(x.Value)
	}
	return nil
}

func (l *lowerer) lambda(x *ast.LambdaExpression) jen.Code {
	sig := l.signature(x.Params, x.ReturnType, true)
	// A lambda's body runs over a local table of its parameters and the
	// variables it assigns: those names are no longer the definition's
	// parameters there.
	outer := l.slots
	if len(outer) > 0 {
		local := localNames(x)
		inner := make(map[string]int, len(outer))
		for name, k := range outer {
			if !local[name] {
				inner[name] = k
			}
		}
		l.slots = inner
	}
	body := l.tail(x.Body)
	l.slots = outer
	return jen.Id("s.Lambda").Call(sig, jen.Func().Params(jen.Id("s").Op("*").Qual(rtPath, "Scope")).Qual(valuesPath, "Value").Block(body...))
}

// localNames are the names a lambda binds in its local tables, its own
// and those of the lambdas inside it: parameters and assigned variables.
func localNames(x *ast.LambdaExpression) map[string]bool {
	names := map[string]bool{}
	var visit func(e ast.Expr) bool
	visit = func(e ast.Expr) bool {
		switch n := e.(type) {
		case *ast.LambdaExpression:
			for _, p := range n.Params {
				names[p.Name] = true
				inspect(p.Value, visit)
			}
		case *ast.AssignmentExpression:
			switch left := n.Left.(type) {
			case *ast.VariableExpression:
				names[varName(left)] = true
			case *ast.LiteralList:
				for _, v := range left.Values {
					if ve, ok := v.(*ast.VariableExpression); ok {
						names[varName(ve)] = true
					}
				}
			}
		}
		return true
	}
	inspect(x, visit)
	return names
}

// signature hoists the parameters of a lambda or function into a package
// variable.
func (l *lowerer) signature(params []*ast.Parameter, ret ast.Expr, lambda bool) jen.Code {
	fields := jen.Dict{}
	if len(params) > 0 {
		ps := make([]jen.Code, len(params))
		sited := false
		for i, p := range params {
			d := jen.Dict{jen.Id("Name"): jen.Lit(p.Name)}
			if lambda && p.Value == nil && !p.CapturesRest {
				d[jen.Id("At")] = jen.Lit(l.u.site(l.f, p, "Parameter") + 1)
				sited = true
			}
			if p.Type != nil && computedType(p.Type) {
				d[jen.Id("TypeExpr")] = l.scopeFunc(p.Type)
			} else if t := l.paramType(p.Type); t != nil {
				d[jen.Id("Type")] = t
			}
			if p.Value != nil {
				d[jen.Id("Default")] = l.scopeFunc(p.Value)
			}
			if p.CapturesRest {
				d[jen.Id("CapturesRest")] = jen.True()
			}
			ps[i] = jen.Values(d)
		}
		fields[jen.Id("Params")] = jen.Index().Qual(rtPath, "LambdaParam").Values(ps...)
		if sited {
			fields[jen.Id("Sites")] = jen.Id("sites")
		}
	}
	if ret != nil && computedType(ret) {
		fields[jen.Id("ReturnExpr")] = l.scopeFunc(ret)
	} else if t := l.paramType(ret); t != nil {
		fields[jen.Id("Return")] = t
	}
	key := fmt.Sprintf("%s:%d", l.f.Path, len(l.u.consts.keys))
	if len(params) > 0 {
		key = fmt.Sprintf("%s@%d", l.f.Path, params[0].Span().Offset)
	} else if ret != nil {
		key = fmt.Sprintf("%s@%d", l.f.Path, ret.Span().Offset)
	}
	id := l.u.ref(&l.u.consts, "sig "+key, "sig"+fmt.Sprint(len(l.u.consts.keys)+1), func() jen.Code {
		fields[jen.Id("Cell")] = l.u.cellAddr()
		return jen.Op("&").Qual(rtPath, "Signature").Values(fields)
	})
	return jen.Id(id)
}

// paramType is the TypeRef of a declared parameter type, nil for none.
func (l *lowerer) paramType(t ast.Expr) jen.Code {
	if t == nil {
		return nil
	}
	text, ok := static.Text(t)
	if !ok {
		l.fail(t, "a parameter type must be known at build time")
		return nil
	}
	return l.u.typeRef(text)
}

// scopeFunc is an expression evaluated apart from the code around it (a
// parameter's default value, a parameter type computed at run time) as a
// function of the scope it is evaluated in, which it reads variables of
// by name.
func (l *lowerer) scopeFunc(e ast.Expr) jen.Code {
	// defaults run over the parameter table, read by name
	outer := l.slots
	l.slots = nil
	defer func() { l.slots = outer }()
	return jen.Func().Params(jen.Id("s").Op("*").Qual(rtPath, "Scope")).Qual(valuesPath, "Value").Block(l.tail(e)...)
}

// paramDefault lowers a class's or define's parameter default into the
// fields of its rt.Parameter: a scalar literal is its value, the
// parameter's Const, which binding gives without evaluating code; a
// qualified variable is its DefaultVar, read at DefaultAt, data where a
// function would be one of thousands in the binary; the others are a
// scopeFunc, its Default. isConst tells a Const.
func (l *lowerer) paramDefault(e ast.Expr) (fields jen.Dict, isConst bool) {
	if c, ok := l.staticConst(e); ok {
		return jen.Dict{jen.Id("Const"): c}, true
	}
	if x, ok := e.(*ast.VariableExpression); ok {
		if name := varName(x); strings.Contains(name, "::") {
			return jen.Dict{
				jen.Id("DefaultVar"): l.u.varRef(name, l.g.classSlot(name)),
				jen.Id("DefaultAt"):  l.lazyPos(x),
			}, false
		}
	}
	return jen.Dict{jen.Id("Default"): l.scopeFunc(e)}, false
}

// staticConst is the value of a scalar literal as Go code that the Go
// compiler initializes statically (a conversion of a constant): a
// definition whose parameters name a variable (v.True, a hoisted lit) is
// made by code at the process's start instead, each of the environment's
// thousands of definitions then allocated and its data pages written
// (+250 page faults a keystone one-shot). Lists and hashes are not
// scalars: their Default returns their hoisted value.
func (l *lowerer) staticConst(e ast.Expr) (jen.Code, bool) {
	switch x := e.(type) {
	case *ast.ParenthesizedExpression:
		return l.staticConst(x.Expr)
	case *ast.TextExpression:
		return l.staticConst(x.Expr)
	case *ast.HeredocExpression:
		return l.staticConst(x.Text)
	case *ast.LiteralBoolean:
		return v("Bool").Call(jen.Lit(x.Value)), true
	case *ast.LiteralUndef:
		return v("UndefValue").Values(), true
	case *ast.LiteralDefault:
		return v("DefaultValue").Values(), true
	case *ast.LiteralString, *ast.QualifiedName, *ast.ReservedWord, *ast.LiteralFloat,
		*ast.ConcatenatedString, *ast.UnaryMinusExpression:
	case *ast.LiteralInteger:
		if x.Big != nil {
			return nil, false
		}
	default:
		return nil, false
	}
	// v.String, v.Int or v.Float of a constant when pure (exprK says
	// which: an interpolation or a negation of another is a call)
	code, k := l.exprK(e)
	return code, k == pure
}

// tailForm reports whether tail lowers e as statements (a block, an if,
// unless or case) rather than as one returned expression.
func tailForm(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BlockExpression, *ast.IfExpression, *ast.UnlessExpression, *ast.CaseExpression:
		return true
	case *ast.ParenthesizedExpression:
		return tailForm(x.Expr)
	}
	return false
}

// literalString is the value of a string literal (plain, double quoted
// without interpolation, or a heredoc of one).
func literalString(e ast.Expr) (string, bool) {
	switch x := unparen(e).(type) {
	case *ast.LiteralString:
		return x.Value, true
	case *ast.ConcatenatedString:
		if len(x.Segments) == 1 {
			return literalString(x.Segments[0])
		}
		if len(x.Segments) == 0 {
			return "", true
		}
	case *ast.HeredocExpression:
		return literalString(x.Text)
	}
	return "", false
}

// inlineEPP compiles inline_epp()'s literal template text.
func (l *lowerer) inlineEPP(at ast.Expr, text string, args []ast.Expr) jen.Code {
	src := source.NewFile("inlined-epp-text", text)
	res, d := parser.ParseEPP(src)
	if d != nil {
		l.fail(at, "inline_epp(): Invalid EPP: %s", d.Error())
		return undef()
	}
	lam, ok := res.Program.Body.(*ast.LambdaExpression)
	if !ok {
		l.fail(at, "inline_epp(): the parser did not produce a LambdaExpression")
		return undef()
	}
	tl := &lowerer{u: l.u, f: &env.File{Path: "inlined-epp-text", Source: src, Program: res.Program}, diags: l.diags, g: l.g, out: l.out}
	body := jen.Func().Params(jen.Id("s").Op("*").Qual(rtPath, "Scope")).Block(tl.eppBody(lam)...)
	dg := &defGen{lowerer: *tl}
	list := append([]jen.Code{l.lazyPos(at), jen.Op("&").Add(dg.eppValue(lam, body))}, l.args(args)...)
	return jen.Id("s.InlineEPP").Call(list...)
}

// inlineERB translates inline_template()'s literal template texts: each
// becomes a function of the file, rendered in turn at the call.
func (l *lowerer) inlineERB(at ast.Expr, texts []string) jen.Code {
	parts := make([]jen.Code, len(texts))
	for i, text := range texts {
		t, err := erbgen.Translate("inline_template", []byte(text))
		if err != nil {
			p := l.f.Program.Position(at)
			msg := err.Error()
			if d, ok := err.(*diag.Diagnostic); ok {
				msg = d.Message
			}
			*l.diags = append(*l.diags, &diag.Diagnostic{Severity: diag.Warning, Code: "ERB_UNSUPPORTED",
				Message: "inline_template(): " + msg, File: l.f.Path, Line: p.Line, Column: p.Column})
			parts[i] = jen.Id("s.InlineERBError").Call(l.pos(at), jen.Lit(msg))
			continue
		}
		id := l.u.ident(fmt.Sprintf("inlineERB%d", l.f.Program.Position(at).Line))
		l.emitERB(t, id)
		parts[i] = jen.Id("s.InlineERB").Call(l.lazyPos(at), jen.Id(id))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return l.interpolate(at, parts)
}

// emitERB emits a translated template into the file as id.
func (l *lowerer) emitERB(t *erbgen.Template, id string) {
	if !l.u.erbMarked[l.out] {
		if l.u.erbMarked == nil {
			l.u.erbMarked = map[*jen.File]bool{}
		}
		l.u.erbMarked[l.out] = true
		l.out.ImportAlias(erbgen.RuntimePath, "erb")
		erbgen.VersionMarker(l.out)
	}
	if l.g != nil {
		t.CallsPure(l.g.pureFunction)
	}
	t.Emit(l.out, id)
}

// inlineERBTexts translates a literal text that inline_template() may be
// given as a value, each text once a module, registered by its text
// (rt.ERB.Inline): the whole text (a Hiera value that is a template,
// statement tags and all), and each of its `<%= code %>` tags alone, of
// which a text known only at run time renders (haproxy's
// inline_template($haproxy::params::config_file_tmpl), a text made by
// interpolation), whatever the text between them. The EPP side are
// inline templates of the same texts (defGen.tagTemplates).
func (l *lowerer) inlineERBTexts(text string) {
	texts := []string{text}
	for _, code := range expressionTags(text) {
		texts = append(texts, "<%="+code+"%>")
	}
	r := l.u.root()
	for _, text := range texts {
		if r.inlineERB[text] {
			continue
		}
		if r.inlineERB == nil {
			r.inlineERB = map[string]bool{}
		}
		r.inlineERB[text] = true
		t, err := erbgen.Translate("inline_template", []byte(text))
		if err != nil {
			continue // inline_template() of this text fails, or renders its tags
		}
		id := l.u.rootIdent("inlineERB")
		l.emitERB(t, id)
		r.erbs = append(r.erbs, jen.Values(jen.Dict{jen.Id("Name"): jen.Lit(text), jen.Id("Inline"): jen.True(),
			jen.Id("Render"): jen.Qual(l.u.dir, id)}))
	}
}

// expressionTags are the codes of a text's `<%= code %>` tags (rterb.Tags),
// whatever its other tags.
func expressionTags(text string) []string {
	segs, _ := rterb.Tags(text)
	var codes []string
	for _, seg := range segs {
		if seg.Code {
			codes = append(codes, seg.Text)
		}
	}
	return codes
}

// interpolate joins the parts of the string at at a place of its own
// (rt.InterpolateAt).
func (l *lowerer) interpolate(at ast.Expr, parts []jen.Code) jen.Code {
	return rt("InterpolateAt").Call(append([]jen.Code{l.u.strSite(), l.lazyPos(at)}, parts...)...)
}

// ---- selectors ----

func (l *lowerer) selector(x *ast.SelectorExpression) jen.Code {
	var clauses []jen.Code
	var dflt ast.Expr
	var matches [][]ast.Expr // each entry's match but default
	for _, en := range x.Selectors {
		if _, ok := unparen(en.Match).(*ast.LiteralDefault); ok {
			if dflt == nil {
				dflt = en.Value
			}
			matches = append(matches, nil)
		} else {
			matches = append(matches, []ast.Expr{unparen(en.Match)})
		}
	}
	tab := l.caseTable(matches)
	for i, en := range x.Selectors {
		switch {
		case matches[i] == nil:
		case tab != nil:
			clauses = append(clauses, jen.Case(jen.Lit(i)).Block(l.tail(en.Value)...))
		default:
			clauses = append(clauses, jen.Case(l.caseConds(matches[i])...).Block(l.tail(en.Value)...))
		}
	}
	var last []jen.Code
	if _, isCase := unparen(dflt).(*ast.CaseExpression); isCase {
		// a block of its own: the case declares lvl and t too
		last = []jen.Code{jen.Block(l.tail(dflt)...)}
	} else if dflt != nil {
		last = l.tail(dflt)
	} else {
		last = []jen.Code{jen.Return(rt("NoSelectorMatch").Call(l.pos(x.Left), jen.Id("t")))}
	}
	body := []jen.Code{jen.Id("lvl").Op(":=").Add(s()).Dot("Guard").Call(), jen.Defer().Add(s()).Dot("Unguard").Call(jen.Id("lvl"))}
	switch {
	case len(clauses) > 0:
		body = append(body, jen.Id("t").Op(":=").Add(l.expr(x.Left)), caseSwitch(tab).Block(clauses...))
	case dflt == nil:
		body = append(body, jen.Id("t").Op(":=").Add(l.expr(x.Left)))
	default:
		// only a default branch: the test is evaluated all the same
		body = append(body, jen.Id("_").Op("=").Add(l.expr(x.Left)))
	}
	body = append(body, last...)
	return jen.Func().Params().Qual(valuesPath, "Value").Block(body...).Call()
}

// setsMatch reports whether evaluating e can set match variables ($0..$n)
// in its scope: it has a match, in, case or selector outside any lambda.
func setsMatch(e ast.Expr) bool {
	found := false
	inspect(e, func(n ast.Expr) bool {
		switch n.(type) {
		case *ast.MatchExpression, *ast.InExpression:
			found = true
		case *ast.LambdaExpression:
			return false
		}
		return !found
	})
	return found
}

// ---- resources ----

func form(f string) jen.Code {
	switch f {
	case ast.Virtual:
		return rt("Virtual")
	case ast.Exported:
		return rt("Exported")
	}
	return rt("Regular")
}

// chain adds `.Method(args)` on a new line to a statement.
func chain(st *jen.Statement, method string, args ...jen.Code) *jen.Statement {
	return st.Op(".").Line().Id(method).Call(args...)
}

func (l *lowerer) attrs(st *jen.Statement, ops []ast.AttributeOp) *jen.Statement {
	for _, op := range ops {
		switch o := op.(type) {
		case *ast.AttributeOperation:
			method := "Attr"
			switch {
			case o.Op == "+>":
				method = "Plus"
			case l.g != nil && l.g.opts.Checked != nil && l.g.opts.Checked.ProvenAttrs[o]:
				// of a type the parameter accepts: not checked again
				method = "ProvenAttr"
			}
			st = chain(st, method, l.u.lazyPos(l.f, o, "'"+o.Op+"' expression"), jen.Lit(o.Name), l.expr(o.Value))
		case *ast.AttributesOperation:
			st = chain(st, "Splat", l.pos(o.Expr), l.expr(o.Expr))
		}
	}
	return st
}

// resource lowers a resource expression whose value (the references to
// its resources) is used.
func (l *lowerer) resource(x *ast.ResourceExpression) jen.Code {
	return chain(l.declaration(x), "Done")
}

// declaration is a resource expression's Declare and bodies, to be ended
// by Done (the references wanted) or Exec (a statement).
func (l *lowerer) declaration(x *ast.ResourceExpression) *jen.Statement {
	var st *jen.Statement
	switch t := x.TypeName.(type) {
	case *ast.QualifiedName:
		st = jen.Id("s.DeclareType").Call(l.lazyPos(x), l.u.resourceTypeRef(strings.ToLower(t.Value)), form(x.Form))
	default:
		st = jen.Id("s.Declare").Call(l.lazyPos(x), rt("ResourceTypeName").Call(l.pos(t), l.expr(t)), form(x.Form))
	}
	for _, b := range x.Bodies {
		st = chain(st, "Body", l.lazyPos(b.Title), l.expr(b.Title))
		st = l.attrs(st, b.Operations)
	}
	return st
}

func (l *lowerer) defaults(x *ast.ResourceDefaultsExpression) jen.Code {
	// The type is evaluated first, and must be a resource type without a
	// title (eval_ResourceDefaultsExpression): a name of a resource type
	// is one; anything else (Class, a data type, Resource[...]) is
	// checked when evaluated.
	var name jen.Code
	switch t := x.TypeRef.(type) {
	case *ast.QualifiedReference:
		if !l.g.typeKnown(t.CasedValue) {
			return jen.Id("s.UnknownType").Call(l.pos(t), jen.Lit(t.CasedValue))
		}
		if native, define := l.g.e.FindResourceType(t.Value()); native != nil || define != nil {
			name = jen.Lit(t.Value())
		}
	case *ast.QualifiedName:
		name = jen.Lit(t.Value)
	}
	if name == nil {
		name = rt("DefaultsTypeName").Call(l.pos(x.TypeRef), l.expr(x.TypeRef))
	}
	st := jen.Id("s.Defaults").Call(l.pos(x), name)
	return chain(l.attrs(st, x.Operations), "Done")
}

func (l *lowerer) override(x *ast.ResourceOverrideExpression) jen.Code {
	st := jen.Id("s.Override").Call(l.pos(x), l.expr(x.Resources))
	return chain(l.attrs(st, x.Operations), "Done")
}

func (l *lowerer) collect(x *ast.CollectExpression) jen.Code {
	ref, ok := x.TypeExpr.(*ast.QualifiedReference)
	if !ok {
		l.fail(x, "LHS is not a type")
		return undef()
	}
	var q ast.Expr
	exported := false
	switch qq := x.Query.(type) {
	case *ast.VirtualQuery:
		q = qq.Expr
	case *ast.ExportedQuery:
		q, exported = qq.Expr, true
	}
	var query jen.Code = jen.Nil()
	if q != nil {
		if _, nop := q.(*ast.Nop); !nop {
			query = l.query(q)
		}
	}
	st := jen.Id("s.Collect").Call(l.pos(x), jen.Lit(ref.Value()), jen.Lit(exported), query)
	return chain(l.attrs(st, x.Operations), "Done")
}

// query lowers a collector query to an rt.Query; its operands are
// evaluated when the collector is created.
func (l *lowerer) query(e ast.Expr) jen.Code {
	switch x := e.(type) {
	case *ast.ParenthesizedExpression:
		return l.query(x.Expr)
	case *ast.AndExpression:
		return jen.Id("s.QueryAnd").Call(l.query(x.Left), l.query(x.Right))
	case *ast.OrExpression:
		return jen.Id("s.QueryOr").Call(l.query(x.Left), l.query(x.Right))
	case *ast.ComparisonExpression:
		var name jen.Code
		switch left := x.Left.(type) {
		case *ast.QualifiedName:
			name = jen.Lit(left.Value)
		default:
			name = rt("QueryName").Call(l.expr(left))
		}
		switch x.Op {
		case "==":
			return jen.Id("s.QueryEq").Call(name, l.expr(x.Right))
		case "!=":
			return jen.Id("s.QueryNe").Call(name, l.expr(x.Right))
		}
	}
	l.fail(e, "Cannot transform object of class %s in a collector query", label(e))
	return jen.Nil()
}
