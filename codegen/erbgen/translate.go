package erbgen

import (
	"encoding/hex"
	"fmt"
	"go/token"
	"math"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/erb"
	"github.com/pp2go/pp2go/internal/rubyregexp"
	rterb "github.com/pp2go/pp2go/rt/erb"
)

// scopeKind is the kind of a Ruby local variable scope.
type scopeKind int

const (
	scopeTop   scopeKind = iota // the template
	scopeDef                    // a def body (sees no outer locals)
	scopeBlock                  // a block (sees its parent's locals)
)

type local struct {
	ruby, goName string
	read         bool
	param        bool
}

type scope struct {
	kind   scopeKind
	vars   map[string]*local
	order  []*local
	parent *scope
}

// frame is a Go function body being generated: the template function, a
// def's closure or a block's closure.
type frame struct {
	kind     scopeKind
	loops    int // enclosing while loops inside this frame
	lastLine int // line last recorded with r.L (0: unknown)
	// lambda: the block of a lambda, which return and break leave.
	lambda bool
	// closures counts the begin/rescue closures around the statement
	// being translated, inside this frame; closureLoops is the number of
	// loops outside the innermost one (a Go break or continue cannot
	// leave a closure).
	closures, closureLoops int
	// ret and brk name the *erb.Jump a return/next (ret) or a break out
	// of the block (brk) jumps to when a Go return cannot leave the
	// frame: set on first use (jump).
	ret, brk string
	// forOf is the frame a for loop's body (this frame) is in.
	forOf *frame
	// parent is the frame a block's frame is in; proc: the block is a
	// proc's (Proc.new, proc), which may run after its method returned
	parent *frame
	proc   bool
}

type translator struct {
	t         *erb.Template
	scope     *scope
	frame     *frame
	defs      map[string]string // Ruby method name -> Go variable
	defOrder  []string
	functions map[string]bool
	variables map[string]bool
	ivars     map[string]bool
	spreads   map[*jen.Statement]bool // argument lists r.Spread(...)...
	lits      *litPool                // a function's frozen literals (nil: none hoisted)
	breaks    map[*erb.Block]string   // blocks that break out: their jump target
	consts    map[string]bool         // constants the file assigns (fileConst)
	classes   *classCtx               // module classes (classes.go)
	module    *ModuleRuby             // the module Ruby a template loads (nil: none)
	// selfObj: the methods are a module class's, self its object
	selfObj bool
	// function: the Puppet function a function file defines
	function string
	// defSole: the statement of the def being translated when it has one
	defSole  erb.Node
	curDef   *erb.Def // the method being translated
	temps    int
	stmtLine int
	api      int // 0 in a template; API3 or API4 in a function (function.go)
	// inDef is set while a def's body is translated: its block is the Go
	// parameter blk_, which yield and block_given? set usesBlock to use.
	inDef, usesBlock bool
	// untranslated are a function file's methods that did not translate
	// (methodDef), their error starting with untranslatedPrefix.
	untranslated       []*diag.Diagnostic
	untranslatedPrefix string
	// nestingName is the module a function file's code runs in ("": the
	// API's usual one)
	nestingName string
	// partial: a statement did not translate (stmtOrRaise); failedDefs
	// counts the methods that did not (methodDef)
	partial    bool
	failedDefs int
	// outTail: the statements being translated end a block's Go function
	// (blockTail), not a value's (tail)
	outTail bool
	// unused is the expression statement being translated, whose value
	// nothing reads
	unused erb.Node
}

func newTranslator(t *erb.Template) *translator {
	return &translator{
		t:         t,
		defs:      map[string]string{},
		functions: map[string]bool{},
		variables: map[string]bool{},
		ivars:     map[string]bool{},
		spreads:   map[*jen.Statement]bool{},
		breaks:    map[*erb.Block]string{},
	}
}

func erbQ(name string) *jen.Statement { return jen.Qual(RuntimePath, name) }

func valueT() *jen.Statement { return erbQ("Value") }

// rcall is a call of the rendering's method: `r.method` is one token
// (see codegen's siteRef).
func rcall(method string, args ...jen.Code) *jen.Statement {
	return jen.Id("r." + method).Call(args...)
}

// catchUnsupported, deferred, turns the panic of a construct the
// translator does not handle into the translation's error.
func (t *translator) catchUnsupported(body *[]jen.Code, err *error) {
	p := recover()
	if p == nil {
		return
	}
	u, ok := p.(*unsupported)
	if !ok {
		panic(p)
	}
	*body = nil
	code := erb.CodeUnsupported
	if u.syntax {
		code = erb.CodeSyntax
	}
	*err = t.t.Errorf(code, u.off, "%s", u.msg)
}

// run translates the whole template into the statements of its function
// after r := erb.NewSized(...), which Template.Emit writes.
func (t *translator) run() (body []jen.Code, err error) {
	defer t.catchUnsupported(&body, &err)
	t.collectDefs(t.t.Body)
	t.scope = &scope{kind: scopeTop, vars: map[string]*local{}}
	t.frame = &frame{kind: scopeTop}
	stmts := t.stmts(t.t.Body)
	body = append(body, jen.Defer().Id("r").Dot("Fail").Call())
	for _, name := range t.defOrder {
		body = append(body, jen.Var().Id(t.defs[name]).Op("*").Qual(RuntimePath, "Def"))
		body = append(body, jen.Id("_").Op("=").Id(t.defs[name]))
	}
	body = append(body, t.declarations(t.scope)...)
	body = append(body, stmts...)
	body = append(body, jen.Return(rcall("Result")))
	return body, nil
}

// textSize is the length of the template's text (the output's size when
// no loop repeats it), to size the output buffer.
func textSize(nodes []erb.Node) int {
	n := 0
	var walk func(erb.Node)
	walk = func(x erb.Node) {
		switch y := x.(type) {
		case *erb.Text:
			n += len(y.S)
		case *erb.If:
			for _, s := range y.Then {
				walk(s)
			}
			for _, s := range y.Else {
				walk(s)
			}
		case *erb.Seq:
			for _, s := range y.Body {
				walk(s)
			}
		case *erb.Call:
			if y.Block != nil {
				for _, s := range y.Block.Body {
					walk(s)
				}
			}
		case *erb.Case:
			for _, w := range y.Whens {
				for _, s := range w.Body {
					walk(s)
				}
			}
			for _, s := range y.Else {
				walk(s)
			}
		case *erb.While:
			for _, s := range y.Body {
				walk(s)
			}
		case *erb.Begin:
			for _, s := range y.Body {
				walk(s)
			}
		}
	}
	for _, x := range nodes {
		walk(x)
	}
	return n
}

// collectDefs finds the template's def statements (anywhere: Ruby defines
// methods when the def runs, which the generated code mirrors by assigning
// the method's variable there).
func (t *translator) collectDefs(nodes []erb.Node) {
	var walk func(n erb.Node)
	walk = func(n erb.Node) {
		switch x := n.(type) {
		case *erb.Def:
			if _, ok := t.defs[x.Name]; !ok {
				t.defs[x.Name] = "def" + goCamel(x.Name)
				t.defOrder = append(t.defOrder, x.Name)
			}
			for _, s := range x.Body.Body {
				walk(s)
			}
		case *erb.If:
			for _, s := range x.Then {
				walk(s)
			}
			for _, s := range x.Else {
				walk(s)
			}
		case *erb.Seq:
			for _, s := range x.Body {
				walk(s)
			}
		case *erb.Begin:
			for _, s := range x.Body {
				walk(s)
			}
		}
	}
	for _, n := range nodes {
		walk(n)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// camelMarks spells a Ruby method name's ? and ! in Go.
var camelMarks = strings.NewReplacer("?", "Q", "!", "Bang")

// operatorNames name a def of an operator method in Go.
var operatorNames = map[string]string{
	"^": "OpXor", "&": "OpAnd", "|": "OpOr", "+": "OpPlus", "-": "OpMinus", "*": "OpTimes", "/": "OpDiv",
	"%": "OpMod", "==": "OpEq", "<=>": "OpCmp", "<": "OpLt", "<=": "OpLe", ">": "OpGt", ">=": "OpGe",
	"<<": "OpShl", ">>": "OpShr", "[]": "OpIndex", "[]=": "OpIndexSet",
}

func goCamel(s string) string {
	if op, ok := operatorNames[s]; ok {
		return op
	}
	if !isASCII(s) {
		return "ǂ" + hex.EncodeToString([]byte(s))
	}
	g := rterb.GoName(s)
	g = camelMarks.Replace(g)
	return g
}

// goReserved are names a Ruby local cannot keep in Go.
var goReserved = map[string]bool{
	"r": true, "s": true, "erb": true,
	"any": true, "append": true, "bool": true, "byte": true, "cap": true, "clear": true,
	"close": true, "comparable": true, "complex": true, "complex64": true, "complex128": true,
	"copy": true, "delete": true, "error": true, "false": true, "float32": true,
	"float64": true, "imag": true, "int": true, "int8": true, "int16": true, "int32": true,
	"int64": true, "iota": true, "len": true, "make": true, "max": true, "min": true,
	"new": true, "nil": true, "panic": true, "print": true, "println": true, "real": true,
	"recover": true, "rune": true, "string": true, "true": true, "uint": true, "uint8": true,
	"uint16": true, "uint32": true, "uint64": true, "uintptr": true,
}

// goLocal maps a Ruby local variable name to a Go identifier, one to one:
// reserved names and names ending in "_" get a "_" appended.
func goLocal(name string) string {
	if name == "_" {
		return "u_"
	}
	if !isASCII(name) {
		// non-ASCII names keep only what Go allows; a prefix no ASCII name
		// has keeps the mapping one to one
		return "ǂ" + hex.EncodeToString([]byte(name))
	}
	if token.IsKeyword(name) || goReserved[name] || strings.HasSuffix(name, "_") || strings.HasPrefix(name, "def") && len(name) > 3 && name[3] >= 'A' && name[3] <= 'Z' {
		return name + "_"
	}
	return name
}

func (t *translator) temp(base string) string {
	t.temps++
	return fmt.Sprintf("%s%d_", base, t.temps)
}

// lookup finds a visible local.
func (t *translator) lookup(name string) *local {
	for s := t.scope; s != nil; s = s.parent {
		if l, ok := s.vars[name]; ok {
			return l
		}
		if s.kind != scopeBlock {
			break
		}
	}
	return nil
}

// declare makes name a local of the current scope if it is not visible.
func (t *translator) declare(name string) *local {
	if l := t.lookup(name); l != nil {
		return l
	}
	l := &local{ruby: name, goName: goLocal(name)}
	t.scope.vars[name] = l
	t.scope.order = append(t.scope.order, l)
	return l
}

// declarations declares a scope's locals (not its parameters) at the top
// of its Go function.
func (t *translator) declarations(s *scope) []jen.Code {
	var names []jen.Code
	var unused []jen.Code
	for _, l := range s.order {
		if l.param {
			continue
		}
		names = append(names, jen.Id(l.goName))
		if !l.read || t.partial {
			unused = append(unused, jen.Id("_").Op("=").Id(l.goName))
		}
	}
	if len(names) == 0 {
		return nil
	}
	out := []jen.Code{jen.Var().List(names...).Add(valueT())}
	return append(out, unused...)
}

// line emits r.L(n) when the statement's line differs from the last one
// recorded in this Go function.
func (t *translator) line(n erb.Node) []jen.Code {
	l := t.t.RubyLine(n.Offset())
	t.stmtLine = l
	if l == t.frame.lastLine {
		return nil
	}
	t.frame.lastLine = l
	return []jen.Code{rcall("L", jen.Lit(l))}
}

func (t *translator) lineOf(off int) int { return t.t.RubyLine(off) }

// stmts translates statements whose values are not used.
func (t *translator) stmts(nodes []erb.Node) []jen.Code {
	var out []jen.Code
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, rcall("Text", jen.Lit(text.String())))
			text.Reset()
		}
	}
	for _, n := range nodes {
		if tx, ok := n.(*erb.Text); ok && !t.inDef {
			text.WriteString(tx.S)
			continue
		}
		flush()
		code, failed := t.stmtOrRaise(n)
		out = append(out, code...)
		if failed || isJump(n) || t.raises(n) || t.erboutInDef(n) {
			// what follows never runs (Ruby does not run it either)
			return out
		}
	}
	flush()
	return out
}

// stmtOrRaise translates statement n. In a function file, a statement
// pp2go cannot translate (a method of Ruby's or Puppet's it lacks, in a
// branch a call may never take) becomes the raise of why (failed): the
// calls that reach it fail, the others run as Ruby runs them.
func (t *translator) stmtOrRaise(n erb.Node) (out []jen.Code, failed bool) {
	return t.orRaise(n, t.stmt, false)
}

// orRaise translates n with translate, and in a function file a
// statement that does not translate as the raise of why (failed): as a
// Go statement, or as the Go function's result where n's value is
// (tail).
func (t *translator) orRaise(n erb.Node, translate func(erb.Node) []jen.Code, tail bool) (out []jen.Code, failed bool) {
	if t.untranslatedPrefix == "" || n == t.defSole {
		// a method whose one statement does not translate does not
		// translate (methodDef)
		return translate(n), false
	}
	// the statement's translation stopped where it was: in a block's
	// scope, a nested frame, an expression whose value is unused
	saved := *t
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		u, ok := p.(*unsupported)
		if !ok || u.syntax {
			panic(p)
		}
		t.scope, t.frame, t.temps, t.curDef, t.inDef, t.outTail, t.unused = saved.scope, saved.frame, saved.temps, saved.curDef, saved.inDef, saved.outTail, saved.unused
		dg := t.t.Errorf(erb.CodeUnsupported, u.off, "%s", u.msg)
		t.untranslated = append(t.untranslated, dg)
		// what the statement's code read, or declared, may be read by no
		// code left (declarations)
		t.partial = true
		raise := rcall("Untranslated", jen.Lit(t.untranslatedPrefix+dg.Error()))
		if tail {
			raise = jen.Return(raise)
		}
		out, failed = append(t.line(n), raise), true
	}()
	return translate(n), false
}

// erboutInDef reports whether n is a template's text or <%= %> in a def,
// which raises (stmt).
func (t *translator) erboutInDef(n erb.Node) bool {
	switch n.(type) {
	case *erb.Text, *erb.Output:
		return t.inDef
	}
	return false
}

// raises reports whether statement n always raises an exception: a
// raise (or fail), a require of a gem Puppet's Ruby does not have, a
// begin whose body raises and whose rescue clauses all raise too.
func (t *translator) raises(n erb.Node) bool {
	switch x := n.(type) {
	case *erb.Call:
		if x.Recv != nil || x.Block != nil || t.defs[x.Name] != "" {
			return false
		}
		switch x.Name {
		case "raise", "fail":
			return len(x.Args) > 0
		case "require":
			lib, ok := erb.LiteralString(oneArg(x))
			return ok && len(x.Args) == 1 && missingGem(lib)
		}
	case *erb.Begin:
		if x.Modifier || len(x.Else) > 0 || !t.anyRaises(x.Body) {
			return false
		}
		for _, r := range x.Rescues {
			if !t.anyRaises(r.Body) {
				return false
			}
		}
		return true
	case *erb.Seq:
		return t.anyRaises(x.Body)
	}
	return false
}

func (t *translator) anyRaises(nodes []erb.Node) bool {
	for _, n := range nodes {
		if isJump(n) {
			return false
		}
		if t.raises(n) {
			return true
		}
	}
	return false
}

// missingGem reports whether require of lib fails in Puppet's Ruby: a
// gem's name (no module's lib/ directory holds a file of one path
// segment) that is not a library of Puppet's Ruby.
func missingGem(lib string) bool {
	return lib != "" && !strings.Contains(lib, "/") && !rterb.RubyLibrary(lib)
}

func isJump(n erb.Node) bool {
	switch n.(type) {
	case *erb.Return, *erb.Next, *erb.Break:
		return true
	}
	return false
}

// nested translates statements of a nested Go block (branches, loops):
// the recorded line is unknown at their start and after them.
func (t *translator) nested(nodes []erb.Node) []jen.Code {
	t.frame.lastLine = 0
	out := t.stmts(nodes)
	t.frame.lastLine = 0
	return out
}

func (t *translator) stmt(n erb.Node) []jen.Code {
	if t.loadsModuleLib(n) {
		return nil
	}
	if t.erboutInDef(n) {
		// a def's text and <%= %> write to _erbout, a local variable of
		// the template's code, not of the method: a NameError
		return append(t.line(n), rcall("UndefinedName", jen.Lit("_erbout")))
	}
	switch x := n.(type) {
	case *erb.Text:
		return []jen.Code{rcall("Text", jen.Lit(x.S))}
	case *erb.Output:
		out := t.line(x.X)
		return append(out, rcall("Out", t.expr(x.X)))
	case *erb.If:
		out := t.line(x)
		cond := t.cond(x.Cond)
		if x.Unless {
			cond = jen.Op("!").Parens(cond)
		}
		then := t.nested(x.Then)
		st := jen.If(cond).Block(then...)
		if len(x.Else) > 0 {
			if len(x.Else) == 1 {
				if e, ok := x.Else[0].(*erb.If); ok && !e.Unless && !e.Ternary && !e.Mod {
					elif := t.stmt(e)
					// the elsif's own r.L call precedes its condition
					st.Else().Block(elif...)
					t.frame.lastLine = 0
					return append(out, st)
				}
			}
			st.Else().Block(t.nested(x.Else)...)
		}
		t.frame.lastLine = 0
		return append(out, st)
	case *erb.Case:
		return t.caseStmt(x, false)
	case *erb.While:
		out := t.line(x)
		cond := t.cond(x.Cond)
		if x.Until {
			cond = jen.Op("!").Parens(cond)
		}
		t.frame.loops++
		body := t.nested(x.Body)
		t.frame.loops--
		return append(out, jen.For(cond).Block(body...))
	case *erb.Seq:
		return t.stmts(x.Body)
	case *erb.Assign:
		out := t.line(x)
		return append(out, t.assign(x, false))
	case *erb.MultiAssign:
		return t.multiAssign(x)
	case *erb.For:
		out := t.line(x)
		return append(out, t.forLoop(x))
	case *erb.OpAssign:
		out := t.line(x)
		return append(out, t.opAssign(x)...)
	case *erb.Def:
		return t.def(x)
	case *erb.Begin:
		out := t.line(x)
		return append(out, t.begin(x))
	case *erb.Next:
		if t.loopHere() && x.X == nil {
			return []jen.Code{jen.Continue()}
		}
		if t.frame.kind == scopeBlock && t.frame.loops == 0 {
			out := t.line(x)
			return append(out, t.jump(x.X, &t.frame.ret))
		}
		if t.frame.loops > 0 {
			t.unsupported(x, "next in a while loop from inside begin/rescue")
		}
		t.unsupported(x, "next outside a block")
	case *erb.Break:
		if t.loopHere() && x.X == nil {
			return []jen.Code{jen.Break()}
		}
		if t.frame.kind == scopeBlock && t.frame.loops == 0 {
			out := t.line(x)
			if t.frame.lambda {
				// break in a lambda leaves the lambda, as return
				return append(out, t.jump(x.X, &t.frame.ret))
			}
			// the block's call ends with the value (breakTarget)
			return append(out, jen.Panic(jen.Id(t.jumpVar(&t.frame.brk, "brk")).Dot("With").Call(t.optExpr(x.X))))
		}
		if t.frame.loops > 0 {
			t.unsupported(x, "break out of a while loop from inside begin/rescue")
		}
		t.unsupported(x, "break out of a block")
	case *erb.Return:
		if t.frame.kind == scopeDef || t.frame.lambda {
			out := t.line(x)
			return append(out, t.jump(x.X, &t.frame.ret))
		}
		if j, ok := t.forReturn(x.X); ok {
			return append(t.line(x), j)
		}
		if m := t.methodFrame(); m != nil {
			// a return in a block leaves the method the block is in
			return append(t.line(x), jen.Panic(jen.Id(t.jumpVar(&m.ret, "ret")).Dot("With").Call(t.optExpr(x.X))))
		}
		t.unsupported(x, "return outside a method body")
	}
	switch x := n.(type) {
	case *erb.Nil, *erb.Bool, *erb.Int, *erb.Float, *erb.Sym, *erb.Self:
		// a value without effects, unused
		return nil
	case *erb.Call:
		if loadPathEdit(x) {
			return nil // nothing to do (calls.go)
		}
	}
	out := t.line(n)
	t.unused = n
	e, isCall := t.exprCall(n)
	t.unused = nil
	if isCall {
		return append(out, e)
	}
	return append(out, jen.Id("_").Op("=").Add(e))
}

// loopHere reports whether a while loop encloses the statement inside
// the innermost closure, so a Go break or continue reaches it.
func (t *translator) loopHere() bool { return t.frame.loops > t.frame.closureLoops }

// jump leaves the frame with the value of v (nil: nil): a Go return when
// no closure is in between, else a jump to the frame's *erb.Jump
// (jumpTarget wraps the frame's body).
func (t *translator) jump(v erb.Node, target *string) jen.Code {
	if t.frame.closures == 0 {
		return jen.Return(t.optExpr(v))
	}
	return jen.Panic(jen.Id(t.jumpVar(target, "ret")).Dot("With").Call(t.optExpr(v)))
}

// methodFrame is the frame of the method (or lambda) the blocks around
// the statement are in, which a return in them leaves: nil when they are
// not in one, or one of them is a proc's, which may run after the method
// returned.
func (t *translator) methodFrame() *frame {
	for f := t.frame; f != nil; f = f.parent {
		switch {
		case f.proc:
			return nil
		case f.kind == scopeDef || f.lambda:
			return f
		case f.kind != scopeBlock:
			return nil
		}
	}
	return nil
}

// jumpVar is the Go name of a frame's jump target, made on first use.
func (t *translator) jumpVar(target *string, base string) string {
	if *target == "" {
		*target = t.temp(base)
	}
	return *target
}

// jumpTarget wraps a frame's body when a jump leaves it (ret set): the
// body runs under r.JumpTarget, whose value a jump gives.
func jumpTarget(ret string, body []jen.Code) []jen.Code {
	if ret == "" {
		return body
	}
	return []jen.Code{jen.Return(rcall("JumpTarget", jen.Func().Params(jen.Id(ret).Op("*").Qual(RuntimePath, "Jump")).Add(valueT()).Block(body...)))}
}

func (t *translator) optExpr(n erb.Node) jen.Code {
	if n == nil {
		return jen.Nil()
	}
	return t.expr(n)
}

// tail translates statements whose last value is the Go function's
// result (def bodies, rescue clauses, if and case as values).
func (t *translator) tail(nodes []erb.Node) []jen.Code { return t.tailIn(nodes, false) }

// blockTail is tail for the body of a block, whose value goes to the
// block's caller only: a last statement that writes output gives
// r.BlockOut(), _erbout made only when the caller takes it (Array#each
// does not).
func (t *translator) blockTail(nodes []erb.Node) []jen.Code { return t.tailIn(nodes, true) }

// tailIn begins a Go function's tail: outTail says it is a block's.
func (t *translator) tailIn(nodes []erb.Node, outTail bool) []jen.Code {
	saved := t.outTail
	t.outTail = outTail
	defer func() { t.outTail = saved }()
	return t.tailOf(nodes)
}

// tailOf is tail within the Go function tail or blockTail began.
func (t *translator) tailOf(nodes []erb.Node) []jen.Code {
	if len(nodes) == 0 {
		return []jen.Code{jen.Return(jen.Nil())}
	}
	for i, n := range nodes[:len(nodes)-1] {
		if isJump(n) {
			return t.stmts(nodes[:i+1])
		}
		if t.raises(n) || t.erboutInDef(n) {
			// the value of the raise, which never comes
			return append(t.stmts(nodes[:i]), t.tailStmt(n)...)
		}
	}
	out := t.stmts(nodes[:len(nodes)-1])
	last, _ := t.orRaise(nodes[len(nodes)-1], t.tailStmt, true)
	return append(out, last...)
}

func (t *translator) tailStmt(n erb.Node) []jen.Code {
	switch x := n.(type) {
	case *erb.If:
		out := t.line(x)
		cond := t.cond(x.Cond)
		if x.Unless {
			cond = jen.Op("!").Parens(cond)
		}
		t.frame.lastLine = 0
		then := t.tailOf(x.Then)
		t.frame.lastLine = 0
		st := jen.If(cond).Block(then...)
		if x.Else != nil {
			els := t.tailOf(x.Else)
			t.frame.lastLine = 0
			return append(out, st.Else().Block(els...))
		}
		return append(out, st, jen.Return(jen.Nil()))
	case *erb.Case:
		return t.caseStmt(x, true)
	case *erb.Seq:
		return t.tailOf(x.Body)
	case *erb.Text, *erb.Output:
		out := t.stmt(n)
		if t.outTail {
			return append(out, jen.Return(rcall("BlockOut")))
		}
		return append(out, jen.Return(rcall("Erbout")))
	case *erb.While, *erb.Def, *erb.OpAssign:
		out := t.stmt(n)
		switch d := n.(type) {
		case *erb.Def:
			return append(out, jen.Return(erbQ("Symbol").Call(jen.Lit(d.Name))))
		case *erb.OpAssign:
			return append(out, jen.Return(t.readTarget(d.Target)))
		}
		return append(out, jen.Return(jen.Nil()))
	case *erb.Return, *erb.Next, *erb.Break:
		return t.stmt(n)
	case *erb.MultiAssign:
		out, v := t.multiAssignValue(x)
		return append(out, jen.Return(v))
	}
	out := t.line(n)
	return append(out, jen.Return(t.expr(n)))
}

// readTarget reads an assignment target's current value.
func (t *translator) readTarget(n erb.Node) jen.Code {
	switch x := n.(type) {
	case *erb.LVarTarget:
		l := t.declare(x.Name)
		l.read = true
		return jen.Id(l.goName)
	case *erb.IVar:
		return rcall("IVar", jen.Lit(x.Name))
	}
	return jen.Nil()
}

func (t *translator) caseStmt(x *erb.Case, tail bool) []jen.Code {
	out := t.line(x)
	var subj string
	if x.Subject != nil {
		subj = t.temp("subject")
		out = append(out, jen.Id(subj).Op(":=").Add(t.expr(x.Subject)))
	}
	var cases []jen.Code
	for _, w := range x.Whens {
		var conds []jen.Code
		for _, c := range w.Conds {
			if sp, ok := c.(*erb.Splat); ok {
				if subj == "" {
					conds = append(conds, rcall("WhenSplat", t.expr(sp.X), jen.True()))
				} else {
					conds = append(conds, rcall("WhenSplat", t.expr(sp.X), jen.Id(subj)))
				}
				continue
			}
			if subj == "" {
				conds = append(conds, t.cond(c))
			} else {
				conds = append(conds, rcall("When", t.expr(c), jen.Id(subj)))
			}
		}
		var body []jen.Code
		t.frame.lastLine = 0
		if tail {
			body = t.tailOf(w.Body)
		} else {
			body = t.nested(w.Body)
		}
		cases = append(cases, jen.Case(conds...).Block(body...))
	}
	t.frame.lastLine = 0
	if x.HasElse || tail {
		var body []jen.Code
		if tail {
			body = t.tailOf(x.Else)
		} else {
			body = t.nested(x.Else)
		}
		if len(body) > 0 {
			cases = append(cases, jen.Default().Block(body...))
		}
	}
	t.frame.lastLine = 0
	return append(out, jen.Switch().Block(cases...))
}

// cond translates an expression used as a condition into a Go bool.
func (t *translator) cond(n erb.Node) jen.Code {
	switch x := n.(type) {
	case *erb.Not:
		return jen.Op("!").Parens(t.cond(x.X))
	case *erb.And:
		return jen.Parens(t.cond(x.L)).Op("&&").Parens(t.cond(x.R))
	case *erb.Or:
		return jen.Parens(t.cond(x.L)).Op("||").Parens(t.cond(x.R))
	case *erb.Bool:
		return jen.Lit(x.V)
	case *erb.Nil:
		return jen.False()
	case *erb.Binary:
		switch x.Op {
		case "==":
			return t.equal(x.L, x.R)
		case "!=":
			return jen.Op("!").Add(t.equal(x.L, x.R))
		}
	case *erb.Seq:
		if len(x.Body) == 1 {
			return t.cond(x.Body[0])
		}
	}
	return erbQ("Truthy").Call(t.expr(n))
}

// equal is l == r as a Go bool; a literal String on either side is
// compared without making it.
func (t *translator) equal(l, r erb.Node) jen.Code {
	if s, ok := erb.LiteralString(r); ok {
		return erbQ("EqualStr").Call(t.expr(l), jen.Lit(s))
	}
	if s, ok := erb.LiteralString(l); ok {
		return erbQ("StrEqual").Call(jen.Lit(s), t.expr(r))
	}
	return erbQ("Equal").Call(t.expr(l), t.expr(r))
}

// expr translates an expression into a Go expression of type erb.Value.
func (t *translator) expr(n erb.Node) jen.Code {
	e, _ := t.exprCall(n)
	return e
}

// exprCall translates an expression and reports whether the Go code is a
// function call (usable as a statement).
func (t *translator) exprCall(n erb.Node) (*jen.Statement, bool) {
	switch x := n.(type) {
	case *erb.Nil:
		return jen.Nil(), false
	case *erb.Bool:
		return jen.Lit(x.V), false
	case *erb.Self:
		if t.selfObj {
			return rcall("Self"), true
		}
		if t.api == API3 {
			// a 3.x function's self is the scope (scope = self)
			return erbQ("ScopeValue").Call(), true
		}
		return rcall("Wrapper"), true
	case *erb.File:
		// __FILE__: the path the file was read from, where Puppet loads
		// it from
		return rcall("Str", jen.Lit(t.t.Name)), true
	case *erb.Int:
		return jen.Lit(x.V), false
	case *erb.Float:
		if x.V == 0 && math.Signbit(x.V) {
			return erbQ("NegativeZero").Call(), true
		}
		return jen.Lit(x.V), false
	case *erb.Str:
		return t.str(x.Parts), true
	case *erb.Sym:
		if x.Parts == nil {
			return erbQ("Symbol").Call(jen.Lit(x.Name)), false
		}
		return rcall("ToSym", t.str(x.Parts)), true
	case *erb.Regexp:
		return t.regexp(x), true
	case *erb.Array:
		var elems []jen.Code
		splat := false
		for _, e := range x.Elems {
			if sp, ok := e.(*erb.Splat); ok {
				splat = true
				elems = append(elems, rcall("Splat", t.expr(sp.X)))
				continue
			}
			elems = append(elems, t.expr(e))
		}
		if splat {
			return rcall("ArrayOf", elems...), true
		}
		return erbQ("NewArray").Call(elems...), true
	case *erb.Hash:
		var kv []jen.Code
		for _, p := range x.Pairs {
			kv = append(kv, t.expr(p.Key), t.expr(p.Value))
		}
		return erbQ("HashOf").Call(kv...), true
	case *erb.Range:
		return erbQ("NewRange").Call(t.optExpr(x.Lo), t.optExpr(x.Hi), jen.Lit(x.Excl)), true
	case *erb.LVar:
		l := t.lookup(x.Name)
		if l == nil {
			l = t.declare(x.Name)
		}
		l.read = true
		return jen.Id(l.goName), false
	case *erb.IVar:
		t.ivars[x.Name] = true
		return rcall("IVar", jen.Lit(x.Name)), true
	case *erb.GVar:
		switch {
		case x.Name == "~":
			return rcall("MatchVar"), true
		case userGlobal(x.Name):
			// a global no Ruby code of Puppet's sets: what the call or
			// rendering assigned it, else nil (varnish 5's template's `if
			// $drop_stat_cookies`, meant as @)
			return rcall("Global", jen.Lit(x.Name)), true
		}
		t.unsupported(x, "global variable $%s", x.Name)
	case *erb.NthRef:
		return rcall("NthRef", jen.Lit(x.N)), true
	case *erb.Const:
		return t.constant(x), true
	case *erb.Call:
		return t.breakTarget(x, t.call(x)), true
	case *erb.Lambda:
		return t.procValue(x.Block, true), true
	case *erb.Binary:
		return t.binary(x), true
	case *erb.Unary:
		switch x.Op {
		case "-@":
			return rcall("OpNeg", t.expr(x.X)), true
		case "+@":
			return rcall("OpPos", t.expr(x.X)), true
		case "~":
			return rcall("OpBitNot", t.expr(x.X)), true
		}
	case *erb.Not:
		return erbQ("Not").Call(t.expr(x.X)), true
	case *erb.And:
		return erbQ("And").Call(t.expr(x.L), t.lazy(x.R)), true
	case *erb.Or:
		return erbQ("Or").Call(t.expr(x.L), t.lazy(x.R)), true
	case *erb.Defined:
		return t.defined(x), true
	case *erb.Yield:
		return t.yield(x), true
	case *erb.Super:
		return t.super(x), true
	case *erb.Assign:
		return t.assign(x, true), true
	case *erb.If:
		return t.iife([]erb.Node{x}), true
	case *erb.Case:
		return t.iife([]erb.Node{x}), true
	case *erb.Seq:
		if len(x.Body) == 1 {
			return t.exprCall(x.Body[0])
		}
		return t.iife(x.Body), true
	case *erb.Begin:
		return t.begin(x), true
	case *erb.OpAssign, *erb.While, *erb.MultiAssign:
		return t.iife([]erb.Node{x}), true
	case *erb.For:
		return t.forLoop(x), true
	case *erb.Splat:
		t.unsupported(x, "splat (*) here")
	case *erb.BlockPass:
		t.unsupported(x, "block argument (&) here")
	case *erb.Def:
		t.unsupported(x, "def used as a value")
	case *erb.Return, *erb.Next, *erb.Break:
		t.unsupported(x, "return/next/break used inside an expression")
	case *erb.Text, *erb.Output:
		t.unsupported(x, "template output inside an expression")
	case *erb.LVarTarget:
		t.unsupported(x, "assignment target used as a value")
	}
	t.unsupported(n, "unsupported Ruby construct %T", n)
	return nil, false
}

// lazy wraps an expression in a closure (the right side of && and ||).
func (t *translator) lazy(n erb.Node) jen.Code {
	saved := t.frame.lastLine
	e := t.expr(n)
	t.frame.lastLine = saved
	return jen.Func().Params().Add(valueT()).Block(jen.Return(e))
}

// iife evaluates statements as an expression (if/case as values).
func (t *translator) iife(nodes []erb.Node) *jen.Statement {
	if containsJump(nodes, true) {
		t.unsupported(nodes[0], "return, next or break inside an expression")
	}
	saved := t.frame.lastLine
	body := t.tail(nodes)
	t.frame.lastLine = saved
	if t.frame.lastLine != 0 {
		t.frame.lastLine = 0
	}
	return jen.Func().Params().Add(valueT()).Block(body...).Call()
}

func (t *translator) str(parts []erb.Part) *jen.Statement {
	allLit := true
	for _, p := range parts {
		if p.Expr != nil {
			allLit = false
		}
	}
	if allLit {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Lit)
		}
		if t.lits != nil && t.t.FrozenStringLiterals {
			return t.lits.ref(b.String())
		}
		return rcall("Str", jen.Lit(b.String()))
	}
	return rcall("Interp", t.interpParts(parts)...)
}

func (t *translator) interpParts(parts []erb.Part) []jen.Code {
	var args []jen.Code
	for _, p := range parts {
		if p.Expr == nil {
			if p.Lit != "" {
				args = append(args, jen.Lit(p.Lit))
			}
			continue
		}
		args = append(args, t.expr(p.Expr))
	}
	return args
}

func (t *translator) regexp(x *erb.Regexp) *jen.Statement {
	flags := ""
	for _, f := range x.Flags {
		switch f {
		case 'i', 'm', 'x':
			flags += string(f)
		case 'o', 'u', 'n', 'e', 's':
			if f != 'o' {
				t.unsupported(x, "regexp encoding option /%c", f)
			}
		}
	}
	allLit := true
	var src strings.Builder
	for _, p := range x.Parts {
		if p.Expr != nil {
			allLit = false
		}
		src.WriteString(p.Lit)
	}
	if allLit {
		if err := rubyregexp.Check(src.String()); err != nil {
			// Ruby rejects the template when it compiles it
			panic(&unsupported{off: x.Offset(), msg: err.Error(), syntax: true})
		}
		if _, err := rterb.NewRegexp(src.String(), flags); err != nil {
			t.unsupported(x, "regexp /%s/ (%s)", src.String(), err.Error())
		}
		return erbQ("Re").Call(jen.Lit(src.String()), jen.Lit(flags))
	}
	return erbQ("Re").Call(rcall("InterpS", t.interpParts(x.Parts)...), jen.Lit(flags))
}

func constPath(c *erb.Const) string {
	if c.Scope != nil {
		return constPath(c.Scope) + "::" + c.Name
	}
	return c.Name
}

// missingPuppetConst is NAME when c is Puppet::NAME or a constant in it,
// and Puppet defines no Puppet::NAME (rterb.PuppetConstPossible).
func missingPuppetConst(c *erb.Const) (string, bool) {
	for c.Scope != nil && c.Scope.Scope != nil {
		c = c.Scope
	}
	if c.Scope == nil || c.Scope.Name != "Puppet" || rterb.PuppetConstPossible(c.Name) {
		return "", false
	}
	return c.Name, true
}

func (t *translator) constant(c *erb.Const) *jen.Statement {
	if t.fileConst(c) {
		return rcall("FileConst", jen.Lit(c.Name))
	}
	if k, name := t.userConst(c); k != nil {
		if name != "" {
			return jen.Id(t.classes.refs[k.Name].v).Dot("Const").Call(jen.Lit(name))
		}
		return jen.Id(t.classes.refs[k.Name].v).Dot("Class")
	}
	p := constPath(c)
	if rterb.ReleaseConst(p) {
		return rcall("ReleaseConst", jen.Lit(p))
	}
	if rterb.RemovedConst(p) {
		return rcall("RemovedConst", jen.Lit(p), jen.Lit(t.nesting()))
	}
	if name, ok := missingPuppetConst(c); ok {
		return rcall("MissingPuppetConst", jen.Lit(name))
	}
	if !rterb.KnownConst(p) {
		t.unsupported(c, "constant %s", p)
	}
	if t.lits != nil { // a function file's: looked up once
		return t.lits.konst(p).Dot("Value").Call()
	}
	return erbQ("Const").Call(jen.Lit(p))
}

// nesting is the module Puppet evaluates the translated code in, which
// names a constant Ruby does not find: a template's wrapper, the module
// of a 3.x function's newfunction, the instantiator of a 4.x function.
func (t *translator) nesting() string {
	if t.nestingName != "" {
		return t.nestingName
	}
	switch t.api {
	case API3:
		// Puppet::Parser::Functions.newfunction at the file's top level
		return "Puppet::Pops::Loader::RubyLegacyFunctionInstantiator"
	case API4:
		return "Puppet::Pops::Loader::RubyFunctionInstantiator"
	}
	return "Puppet::Parser::TemplateWrapper"
}

var binaryOps = map[string]string{
	"+": "OpAdd", "-": "OpSub", "*": "OpMul", "/": "OpDiv", "%": "OpMod", "**": "OpPow",
	"==": "OpEq", "!=": "OpNe", "<": "OpLt", "<=": "OpLe", ">": "OpGt", ">=": "OpGe",
	"<=>": "OpCmp", "===": "OpCaseEq", "=~": "OpMatch", "!~": "OpNotMatch",
	"<<": "OpShl", ">>": "OpShr", "&": "OpAnd", "|": "OpOr", "^": "OpXor",
}

func (t *translator) binary(x *erb.Binary) *jen.Statement {
	return t.operator(x, x.Op, "operator %s", t.expr(x.L), t.expr(x.R))
}

// operator is l op r (x's, unsupported as what when Ruby's op is not
// translated): Ruby's, or when a module class defines op (def +(other)),
// that method when l is one of its objects (erb.R.UserOp).
func (t *translator) operator(x erb.Node, op, what string, l, r jen.Code) *jen.Statement {
	m, ok := binaryOps[op]
	if !ok {
		t.unsupported(x, what, op)
	}
	if t.classes != nil && t.classes.user[op] {
		return rcall("UserOp", jen.Lit(op), l, r, jen.Id("r").Dot(m))
	}
	return rcall(m, l, r)
}

func (t *translator) defined(x *erb.Defined) *jen.Statement {
	switch y := x.X.(type) {
	case *erb.IVar:
		return rcall("IVarDefined", jen.Lit(y.Name))
	case *erb.LVar:
		return erbQ("Defined").Call(jen.Lit("local-variable"))
	case *erb.Const:
		if t.fileConst(y) {
			return rcall("FileConstDefined", jen.Lit(y.Name))
		}
		if k, _ := t.userConst(y); k != nil || rterb.KnownConst(constPath(y)) {
			return erbQ("Defined").Call(jen.Lit("constant"))
		}
	case *erb.Call:
		if y.Recv == nil && len(y.Args) == 0 {
			if _, ok := t.defs[y.Name]; ok {
				return jen.Func().Params().Add(valueT()).Block(
					jen.If(jen.Id(t.defs[y.Name]).Op("==").Nil()).Block(jen.Return(jen.Nil())),
					jen.Return(erbQ("Defined").Call(jen.Lit("method"))),
				).Call()
			}
			if y.Name == "scope" || y.Name == "has_variable?" {
				return erbQ("Defined").Call(jen.Lit("method"))
			}
			if t.api == 0 && y.Block == nil {
				// the wrapper's methods, Kernel's and Object's among
				// them, else one a template defined (thias-bind's
				// `byte.to_s(base=16)' leaves no local after its block)
				if wrapperMethods[y.Name] || kernelFuncs[y.Name] != "" {
					return erbQ("Defined").Call(jen.Lit("method"))
				}
				return rcall("WrapperDefined", jen.Lit(y.Name))
			}
		}
	case *erb.Nil, *erb.Bool, *erb.Self:
		return erbQ("Defined").Call(jen.Lit("expression"))
	}
	if c, ok := x.X.(*erb.Call); ok && c.Recv != nil && c.Block == nil {
		if _, known := t.puppetCall(c); known {
			// a method of Puppet's API that pp2go implements
			return erbQ("Defined").Call(jen.Lit("method"))
		}
		return t.definedMethod(x, c)
	}
	switch x.X.(type) {
	case *erb.Int, *erb.Float, *erb.Str, *erb.Sym, *erb.Regexp, *erb.Array, *erb.Hash, *erb.Range:
		return erbQ("Defined").Call(jen.Lit("expression"))
	}
	t.unsupported(x, "defined? of this expression")
	return nil
}

// yield translates yield(args): the enclosing method's block called.
func (t *translator) yield(x *erb.Yield) *jen.Statement {
	if !t.inDef {
		t.unsupported(x, "yield outside a method")
	}
	t.usesBlock = true
	args, blk := t.callArgs(x.Args)
	if blk != nil {
		t.unsupported(x, "a block argument to yield")
	}
	return rcall("Yield", append([]jen.Code{jen.Id("blk_")}, args...)...)
}

// definedMethod is defined?(recv.m(args)) as Ruby decides it: nil when
// the receiver is not defined or raises when evaluated, "method" when its
// value responds to m. The arguments are not evaluated: they must be
// plain values.
func (t *translator) definedMethod(x *erb.Defined, c *erb.Call) *jen.Statement {
	for _, a := range c.Args {
		switch a.(type) {
		case *erb.Nil, *erb.Bool, *erb.Int, *erb.Float, *erb.Str, *erb.Sym, *erb.Array, *erb.Hash, *erb.LVar, *erb.IVar:
		default:
			t.unsupported(x, "defined? of a method call with this argument")
		}
	}
	recvDefined := t.defined(&erb.Defined{At: x.At, X: c.Recv})
	recv := jen.Func().Params().Add(valueT()).Block(jen.Return(t.expr(c.Recv)))
	return rcall("DefinedMethod", recvDefined, recv, jen.Lit(c.Name))
}

// assign translates an assignment; asValue makes it an expression.
func (t *translator) assign(x *erb.Assign, asValue bool) *jen.Statement {
	if tg, ok := x.Target.(*erb.LVarTarget); ok {
		// Ruby makes the local when it reads the target: the value (a
		// proc calling itself) already sees it
		t.declare(tg.Name)
	}
	return t.assignTo(x, x.Target, t.expr(x.Value), asValue)
}

// assignTo assigns the Go value v to a target of the assignment x.
func (t *translator) assignTo(x erb.Node, target erb.Node, v jen.Code, asValue bool) *jen.Statement {
	switch tg := target.(type) {
	case *erb.LVarTarget:
		l := t.declare(tg.Name)
		if asValue {
			return erbQ("Assign").Call(jen.Op("&").Id(l.goName), v)
		}
		if st, ok := v.(*jen.Statement); ok && fmt.Sprintf("%#v", st) == l.goName {
			// x = x: go vet refuses a self-assignment
			return jen.Id("_").Op("=").Id(l.goName)
		}
		return jen.Id(l.goName).Op("=").Add(v)
	case *erb.IVar:
		return rcall("SetIVar", jen.Lit(tg.Name), v)
	case *erb.GVar:
		if !userGlobal(tg.Name) {
			t.unsupported(tg, "assignment to the global variable $%s", tg.Name)
		}
		return rcall("SetGlobal", jen.Lit(tg.Name), v)
	case *erb.Const:
		return t.setFileConst(tg, v)
	case *erb.MultiAssign:
		if !asValue { // a nested (b, c) of a multiple assignment
			return jen.Block(t.destructure(x, tg.Targets, v)...)
		}
	case *erb.Call:
		if c, ok := tg.Recv.(*erb.Const); ok && tg.Name == "[]" && constPath(c) == "ENV" && len(tg.Args) == 1 {
			return rcall("Setenv", t.expr(tg.Args[0]), v)
		}
		if isPuppetSettings(tg.Recv) && tg.Name == "[]" && len(tg.Args) == 1 && t.api != 0 {
			// Puppet[:name] = v
			return t.lineFor(tg).call("SetPuppetSetting", t.expr(tg.Args[0]), v)
		}
		if tg.Name == "[]" {
			args := []jen.Code{t.expr(tg.Recv)}
			for _, a := range tg.Args {
				args = append(args, t.expr(a))
			}
			args = append(args, v)
			if t.classes != nil && t.classes.user["[]="] {
				// a module class defines []=
				return rcall("AsetUser", args...)
			}
			return rcall("Aset", args...)
		}
		if t.classes != nil && t.classes.user[tg.Name+"="] && len(tg.Args) == 0 && tg.Recv != nil {
			// recv.name = v of a module class's setter (on an object of
			// another class, Ruby's writer of the name)
			return rcall("SetAttr", t.expr(tg.Recv), jen.Lit(tg.Name), v)
		}
		if goName, takesBlock, ok := rterb.Method(tg.Name + "="); ok && !takesBlock && len(tg.Args) == 0 && tg.Recv != nil {
			// recv.name = v: the writer name= (its value is v, which the
			// writers return)
			return rcall(goName, t.expr(tg.Recv), v)
		}
		t.unsupported(tg, "attribute assignment (.%s =)", tg.Name)
	}
	t.unsupported(x, "assignment")
	return nil
}

func (t *translator) opAssign(x *erb.OpAssign) []jen.Code {
	switch tg := x.Target.(type) {
	case *erb.LVarTarget:
		l := t.declare(tg.Name)
		l.read = true
		cur := jen.Id(l.goName)
		switch x.Op {
		case "||":
			return []jen.Code{jen.If(jen.Op("!").Qual(RuntimePath, "Truthy").Call(cur)).Block(jen.Id(l.goName).Op("=").Add(t.expr(x.Value)))}
		case "&&":
			return []jen.Code{jen.If(erbQ("Truthy").Call(cur)).Block(jen.Id(l.goName).Op("=").Add(t.expr(x.Value)))}
		}
		return []jen.Code{jen.Id(l.goName).Op("=").Add(t.opCall(x, jen.Id(l.goName), t.expr(x.Value)))}
	case *erb.IVar:
		return []jen.Code{t.opAssignVia(x, "IVar", "SetIVar", tg.Name)}
	case *erb.GVar:
		if !userGlobal(tg.Name) {
			break
		}
		return []jen.Code{t.opAssignVia(x, "Global", "SetGlobal", tg.Name)}
	case *erb.Call:
		if tg.Name != "[]" && len(tg.Args) == 0 && tg.Block == nil && sameEachTime(tg.Recv) {
			// recv.name op= v: recv.name = recv.name op v, recv read
			// twice (self, a variable or a constant)
			read := &erb.Call{At: tg.At, Recv: tg.Recv, Name: tg.Name}
			write := func(v erb.Node) jen.Code { return t.assign(&erb.Assign{At: x.At, Target: read, Value: v}, false) }
			switch x.Op {
			case "||":
				return []jen.Code{jen.If(jen.Op("!").Add(erbQ("Truthy").Call(t.expr(read)))).Block(write(x.Value))}
			case "&&":
				return []jen.Code{jen.If(erbQ("Truthy").Call(t.expr(read))).Block(write(x.Value))}
			}
			return []jen.Code{write(&erb.Binary{At: x.At, Op: x.Op, L: read, R: x.Value})}
		}
		if tg.Name != "[]" || len(tg.Args) != 1 {
			break
		}
		recv := t.temp("recv")
		key := t.temp("key")
		out := []jen.Code{
			jen.Id(recv).Op(":=").Add(t.expr(tg.Recv)),
			jen.Id(key).Op(":=").Add(t.expr(tg.Args[0])),
		}
		cur := rcall("Aref", jen.Id(recv), jen.Id(key))
		set := func(v jen.Code) jen.Code { return rcall("Aset", jen.Id(recv), jen.Id(key), v) }
		switch x.Op {
		case "||":
			out = append(out, jen.If(jen.Op("!").Qual(RuntimePath, "Truthy").Call(cur)).Block(set(t.expr(x.Value))))
		case "&&":
			out = append(out, jen.If(erbQ("Truthy").Call(cur)).Block(set(t.expr(x.Value))))
		default:
			out = append(out, set(t.opCall(x, rcall("Aref", jen.Id(recv), jen.Id(key)), t.expr(x.Value))))
		}
		return []jen.Code{jen.Block(out...)}
	}
	t.unsupported(x, "%s= on this target", x.Op)
	return nil
}

// sameEachTime reports whether evaluating n twice gives the same object
// and does nothing else: self, a variable, a constant.
func sameEachTime(n erb.Node) bool {
	switch n.(type) {
	case *erb.Self, *erb.LVar, *erb.IVar, *erb.Const:
		return true
	}
	return false
}

// opAssignVia is x (name op= value) of a variable the rendering reads
// with R's get method and assigns with its set method (instance
// variables, globals).
func (t *translator) opAssignVia(x *erb.OpAssign, get, set, name string) jen.Code {
	cur := rcall(get, jen.Lit(name))
	assign := func(v jen.Code) jen.Code { return rcall(set, jen.Lit(name), v) }
	switch x.Op {
	case "||":
		return jen.If(jen.Op("!").Qual(RuntimePath, "Truthy").Call(cur)).Block(assign(t.expr(x.Value)))
	case "&&":
		return jen.If(erbQ("Truthy").Call(cur)).Block(assign(t.expr(x.Value)))
	}
	return assign(t.opCall(x, rcall(get, jen.Lit(name)), t.expr(x.Value)))
}

func (t *translator) opCall(x *erb.OpAssign, cur, v jen.Code) jen.Code {
	return t.operator(x, x.Op, "operator %s=", cur, v)
}

// begin translates begin/rescue/else/ensure: r.Rescue for one rescue
// clause, r.BeginRescue for several or an else clause, r.Ensure around.
func (t *translator) begin(x *erb.Begin) *jen.Statement {
	return t.beginBlock(x, false)
}

// beginBlock translates a begin; defBody: it is a whole method body, whose
// closures' return values are the method's (so return works inside).
func (t *translator) beginBlock(x *erb.Begin, defBody bool) *jen.Statement {
	if !defBody {
		// a jump out of the begin's closures goes to the frame's target
		savedLoops := t.frame.closureLoops
		t.frame.closures++
		t.frame.closureLoops = t.frame.loops
		defer func() { t.frame.closures--; t.frame.closureLoops = savedLoops }()
	}
	saved := t.frame.lastLine
	t.frame.lastLine = 0
	body := jen.Func().Params().Add(valueT()).Block(t.tail(x.Body)...)
	var result *jen.Statement
	switch {
	case len(x.Rescues) == 0 && x.Else == nil:
		result = body.Call()
	case len(x.Rescues) == 1 && x.Else == nil:
		c := x.Rescues[0]
		classes, handler := t.rescueClause(c)
		result = rcall("Rescue", body, classes, handler)
	default:
		els := jen.Nil()
		if x.Else != nil {
			t.frame.lastLine = 0
			els = jen.Func().Params().Add(valueT()).Block(t.tail(x.Else)...)
		}
		args := []jen.Code{body, els}
		for _, c := range x.Rescues {
			classes, handler := t.rescueClause(c)
			args = append(args, erbQ("Clause").Values(jen.Dict{jen.Id("Classes"): classes, jen.Id("Handle"): handler}))
		}
		result = rcall("BeginRescue", args...)
	}
	if x.Ensure != nil {
		t.frame.lastLine = 0
		// a func() without a result: a jump there needs the frame's target
		savedLoops := t.frame.closureLoops
		t.frame.closures++
		t.frame.closureLoops = t.frame.loops
		ens := t.stmts(x.Ensure)
		t.frame.closures--
		t.frame.closureLoops = savedLoops
		result = rcall("Ensure", jen.Func().Params().Add(valueT()).Block(jen.Return(result)), jen.Func().Params().Block(ens...))
	}
	t.frame.lastLine = saved
	t.frame.lastLine = 0
	return result
}

// containsReturn reports whether statements contain a return (outside
// nested defs and blocks).
func containsReturn(nodes []erb.Node) bool { return containsJump(nodes, false) }

// containsJump reports whether statements contain a return, or also a
// next or break (outside nested defs and blocks).
func containsJump(nodes []erb.Node, loops bool) bool {
	found := false
	var walk func(erb.Node)
	walk = func(n erb.Node) {
		switch x := n.(type) {
		case *erb.Return:
			found = true
		case *erb.Next, *erb.Break:
			if loops {
				found = true
			}
		case *erb.If:
			for _, s := range x.Then {
				walk(s)
			}
			for _, s := range x.Else {
				walk(s)
			}
		case *erb.Case:
			for _, w := range x.Whens {
				for _, s := range w.Body {
					walk(s)
				}
			}
			for _, s := range x.Else {
				walk(s)
			}
		case *erb.Seq:
			for _, s := range x.Body {
				walk(s)
			}
		case *erb.While:
			for _, s := range x.Body {
				walk(s)
			}
		case *erb.Begin:
			for _, s := range x.Body {
				walk(s)
			}
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return found
}

// rescueClause translates a rescue clause's classes and body.
func (t *translator) rescueClause(c erb.Rescue) (jen.Code, jen.Code) {
	var classes []jen.Code
	splat := false
	for _, k := range c.Classes {
		if sp, ok := k.(*erb.Splat); ok {
			// rescue *list
			splat = true
			classes = append(classes, rcall("Splat", t.expr(sp.X)))
			continue
		}
		classes = append(classes, t.expr(k))
	}
	classList := jen.Index().Add(valueT()).Values(classes...)
	if splat {
		classList = rcall("Spread", classes...)
	}
	errName := "err_"
	t.frame.lastLine = 0
	var handler []jen.Code
	if c.Var != "" {
		l := t.declare(c.Var)
		handler = append(handler, jen.Id(l.goName).Op("=").Id(errName))
	} else {
		errName = "_"
	}
	handler = append(handler, t.tail(c.Body)...)
	return classList, jen.Func().Params(jen.Id(errName).Add(valueT())).Add(valueT()).Block(handler...)
}

// def translates a method definition.
func (t *translator) def(x *erb.Def) []jen.Code {
	if t.frame.kind != scopeTop {
		t.unsupported(x, "def inside a method or block")
	}
	out := t.line(x)
	savedScope, savedFrame := t.scope, t.frame
	t.scope = &scope{kind: scopeDef, vars: map[string]*local{}}
	t.frame = &frame{kind: scopeDef}
	t.inDef, t.usesBlock, t.curDef = true, false, x
	defer func() { t.inDef, t.curDef, t.defSole = false, nil, nil }()
	var positional, keywords []erb.Param
	var params []jen.Code
	for _, p := range x.Params {
		switch p.Kind {
		case erb.ParamReq, erb.ParamOpt, erb.ParamRest:
			positional = append(positional, p)
		case erb.ParamKey, erb.ParamKeyRest:
			keywords = append(keywords, p)
		case erb.ParamBlock:
			t.usesBlock = true
			l := t.paramLocal(p.Name)
			params = append(params, jen.Var().Id(l.goName).Add(valueT()).Op("=").Add(erbQ("BlockValue")).Call(jen.Id("blk_")), jen.Id("_").Op("=").Id(l.goName))
		default:
			t.unsupported(x, "destructuring parameters of a def")
		}
	}
	var kwTake []jen.Code
	if len(keywords) > 0 {
		kwTake = []jen.Code{jen.List(jen.Id("kw_"), jen.Id("a_")).Op(":=").Add(erbQ("Keywords")).Call(jen.Id("a_"), jen.Lit(countRequired(positional)))}
	}
	bind, req, opt, rest := t.bindParams(x, positional)
	params = append(append(kwTake, bind...), append(t.bindKeywords(keywords), params...)...)
	max := req + opt
	if len(keywords) > 0 {
		max++ // the keywords' Hash
	}
	if rest {
		max = -1
	}
	var body []jen.Code
	if len(x.Body.Rescues) > 0 || x.Body.Ensure != nil || x.Body.Else != nil {
		// a return in the body leaves the body's closure, which gives the
		// method's value, unless an else clause would then run
		whole := x.Body.Else == nil || !containsReturn(x.Body.Body)
		body = []jen.Code{jen.Return(t.beginBlock(x.Body, whole))}
	} else {
		if len(x.Body.Body) == 1 {
			t.defSole = x.Body.Body[0]
		}
		body = t.tail(x.Body.Body)
	}
	body = jumpTarget(t.frame.ret, body)
	fn := append(params, t.declarations(t.scope)...)
	fn = append(fn, body...)
	t.scope, t.frame = savedScope, savedFrame
	t.frame.lastLine = 0
	field, params := "Fn", []jen.Code{jen.Id("a_").Index().Add(valueT())}
	if t.usesBlock {
		field, params = "Blk", append(params, jen.Id("blk_").Op("*").Qual(RuntimePath, "Block"))
	}
	d := jen.Op("&").Qual(RuntimePath, "Def").Values(jen.Dict{
		jen.Id("Name"):  jen.Lit(x.Name),
		jen.Id("Arity"): jen.Lit(req),
		jen.Id("Max"):   jen.Lit(max),
		jen.Id(field):   jen.Func().Params(params...).Add(valueT()).Block(fn...),
	})
	if t.api == 0 {
		// a template's def also defines the wrapper's method
		return append(out, jen.Id(t.defs[x.Name]).Op("=").Add(rcall("Define", d)))
	}
	return append(out, jen.Id(t.defs[x.Name]).Op("=").Add(d))
}

// block translates the block of a call into an *erb.Block value; a
// break in it ends the call (breakTarget).
func (t *translator) block(b *erb.Block) jen.Code {
	code, brk := t.blockFn(b, false, false)
	if brk != "" {
		t.breaks[b] = brk
	}
	return code
}

// breakTarget wraps the Go call of x when its block breaks out: the call
// runs under r.JumpTarget, whose value the break gives.
func (t *translator) breakTarget(x *erb.Call, call *jen.Statement) *jen.Statement {
	if x.Block == nil || t.breaks[x.Block] == "" {
		return call
	}
	return rcall("JumpTarget", jen.Func().Params(jen.Id(t.breaks[x.Block]).Op("*").Qual(RuntimePath, "Jump")).Add(valueT()).Block(jen.Return(call)))
}

// blockFn translates a block (lambda: a lambda's) into an *erb.Block
// value and the Go name of the jump target of a break out of it ("":
// none).
func (t *translator) blockFn(b *erb.Block, lambda, proc bool) (jen.Code, string) {
	savedScope, savedFrame := t.scope, t.frame
	t.scope = &scope{kind: scopeBlock, vars: map[string]*local{}, parent: savedScope}
	t.frame = &frame{kind: scopeBlock, lambda: lambda, parent: savedFrame, proc: proc && !lambda}
	var params []jen.Code
	var unpackSub []jen.Code
	if general := blockNeedsBinding(b.Params); general {
		// optional or *rest parameters: bound from the arguments as given
		bind, req, opt, rest := t.bindParams(b, b.Params)
		body := jumpTarget(t.frame.ret, t.blockTail(b.Body))
		fn := append(bind, t.declarations(t.scope)...)
		fn = append(fn, body...)
		brk := t.frame.brk
		t.scope, t.frame = savedScope, savedFrame
		t.frame.lastLine = 0
		return erbQ("BlkParams").Call(jen.Lit(req), jen.Lit(opt), jen.Lit(rest),
			jen.Func().Params(jen.Id("a_").Index().Add(valueT())).Add(valueT()).Block(fn...)), brk
	}
	seen := map[string]bool{}
	for _, p := range b.Params {
		switch p.Kind {
		case erb.ParamReq:
			if seen[p.Name] {
				// |_, v, _|: Ruby allows a name starting with _ twice;
				// the variable has the first value
				params = append(params, jen.Id("_"))
				continue
			}
			seen[p.Name] = true
			l := t.paramLocal(p.Name)
			params = append(params, jen.Id(l.goName))
		case erb.ParamDestructure:
			tmp := t.temp("pair")
			params = append(params, jen.Id(tmp))
			unpackSub = append(unpackSub, t.destructureParam(p, jen.Id(tmp))...)
		default:
			t.unsupported(b, "block parameters other than names and (a, b)")
		}
	}
	body := jumpTarget(t.frame.ret, t.blockTail(b.Body))
	fn := append(unpackSub, t.declarations(t.scope)...)
	fn = append(fn, body...)
	brk := t.frame.brk
	t.scope, t.frame = savedScope, savedFrame
	t.frame.lastLine = 0
	n := len(params)
	switch {
	case n == 0:
		return rcall("Blk0", jen.Func().Params().Add(valueT()).Block(fn...)), brk
	case n == 1 && b.TrailingComma:
		return rcall("Blk1Splat", jen.Func().Params(jen.List(params...).Add(valueT())).Add(valueT()).Block(fn...)), brk
	case n <= 3:
		return rcall(fmt.Sprintf("Blk%d", n), jen.Func().Params(jen.List(params...).Add(valueT())).Add(valueT()).Block(fn...)), brk
	}
	// more parameters: unpack a slice
	var unpack []jen.Code
	for i, p := range params {
		unpack = append(unpack, jen.Add(p).Op(":=").Id("a_").Index(jen.Lit(i)))
	}
	fn = append(unpack, fn...)
	return erbQ("BlkN").Call(jen.Lit(n), jen.Func().Params(jen.Id("a_").Index().Add(valueT())).Add(valueT()).Block(fn...)), brk
}

// blockNeedsBinding reports whether a block's parameters include optional
// or *rest ones (bindParams), not only names and (a, b).
func blockNeedsBinding(ps []erb.Param) bool {
	for _, p := range ps {
		if p.Kind == erb.ParamOpt || p.Kind == erb.ParamRest {
			return true
		}
	}
	return false
}

// paramLocal declares a parameter of the method or block being translated.
func (t *translator) paramLocal(name string) *local {
	l := &local{ruby: name, goName: goLocal(name), param: true}
	t.scope.vars[name] = l
	t.scope.order = append(t.scope.order, l)
	return l
}

// destructureParam binds a parameter |(a, b)| from the value v.
func (t *translator) destructureParam(p erb.Param, v jen.Code) []jen.Code {
	var out []jen.Code
	for i, name := range p.Sub {
		l := t.paramLocal(name)
		out = append(out, jen.Id(l.goName).Op(":=").Qual(RuntimePath, "Elem").Call(v, jen.Lit(i)), jen.Id("_").Op("=").Id(l.goName))
	}
	return out
}

// bindParams declares positional parameters (required, (a, b), optional,
// *rest) and returns the Go that binds them from the arguments a_ by
// Ruby's rule (erb.ParamArgs): the required ones before and after the
// optional ones first, then the optional ones in order as far as
// arguments remain, *rest what is left. A method's or lambda's caller has
// checked the count (req, opt, rest); a proc's missing arguments are nil.
func (t *translator) bindParams(at erb.Node, ps []erb.Param) (code []jen.Code, req, opt int, rest bool) {
	pre, post := 0, 0
	for _, p := range ps {
		switch p.Kind {
		case erb.ParamReq, erb.ParamDestructure:
			if opt > 0 || rest {
				post++
			} else {
				pre++
			}
		case erb.ParamOpt:
			if post > 0 || rest {
				t.unsupported(at, "an optional parameter after a *rest or a required one")
			}
			opt++
		case erb.ParamRest:
			if rest || post > 0 {
				t.unsupported(at, "a *rest parameter after a required one")
			}
			rest = true
		default:
			t.unsupported(at, "block or keyword parameters")
		}
	}
	simple := opt == 0 && !rest
	fixed, nopt, restArgs := "a_", "", ""
	if !simple {
		fixed, nopt, restArgs = t.temp("args"), t.temp("nopt"), t.temp("rest")
		code = append(code, jen.List(jen.Id(fixed), jen.Id(nopt), jen.Id(restArgs)).Op(":=").Add(erbQ("ParamArgs")).Call(jen.Id("a_"), jen.Lit(pre), jen.Lit(opt), jen.Lit(post), jen.Lit(rest)),
			jen.List(jen.Id("_"), jen.Id("_"), jen.Id("_")).Op("=").List(jen.Id(fixed), jen.Id(nopt), jen.Id(restArgs)))
	}
	nreq, nopts := 0, 0
	for _, p := range ps {
		// the argument of the next required parameter
		var arg jen.Code
		if p.Kind == erb.ParamReq || p.Kind == erb.ParamDestructure {
			if nreq < pre {
				arg = jen.Id(fixed).Index(jen.Lit(nreq))
			} else {
				arg = jen.Id(fixed).Index(jen.Lit(pre).Op("+").Id(nopt).Op("+").Lit(nreq - pre))
			}
			nreq++
		}
		switch p.Kind {
		case erb.ParamReq:
			l := t.paramLocal(p.Name)
			code = append(code, jen.Id(l.goName).Op(":=").Add(arg))
			code = append(code, jen.Id("_").Op("=").Id(l.goName))
		case erb.ParamDestructure:
			code = append(code, t.destructureParam(p, arg)...)
		case erb.ParamOpt:
			// the default may read the parameters before it
			def := t.expr(p.Default)
			l := t.paramLocal(p.Name)
			code = append(code, jen.Var().Id(l.goName).Add(valueT()),
				jen.If(jen.Id(nopt).Op(">").Lit(nopts)).Block(
					jen.Id(l.goName).Op("=").Id(fixed).Index(jen.Lit(pre+nopts)),
				).Else().Block(jen.Id(l.goName).Op("=").Add(def)),
				jen.Id("_").Op("=").Id(l.goName))
			nopts++
		case erb.ParamRest:
			// a Value: the method may assign anything to it
			l := t.paramLocal(p.Name)
			code = append(code, jen.Var().Id(l.goName).Add(valueT()).Op("=").Add(erbQ("NewArray")).Call(jen.Id(restArgs).Op("...")),
				jen.Id("_").Op("=").Id(l.goName))
		}
	}
	return code, pre + post, opt, rest
}

// countRequired is the number of required positional parameters.
func countRequired(ps []erb.Param) int {
	n := 0
	for _, p := range ps {
		if p.Kind == erb.ParamReq || p.Kind == erb.ParamDestructure {
			n++
		}
	}
	return n
}

// bindKeywords declares a def's keyword parameters (x:, x: default,
// **rest) and returns the Go that binds them from the keywords' Hash kw_
// (erb.Keywords): missing required and unknown keywords raise Ruby's
// ArgumentError first; a default is evaluated, in order, only when its
// keyword was not given.
func (t *translator) bindKeywords(ps []erb.Param) []jen.Code {
	if len(ps) == 0 {
		return nil
	}
	var required, known []jen.Code
	rest := false
	for _, p := range ps {
		switch {
		case p.Kind == erb.ParamKeyRest:
			rest = true
		case p.Default == nil:
			required = append(required, jen.Lit(p.Name))
			known = append(known, jen.Lit(p.Name))
		default:
			known = append(known, jen.Lit(p.Name))
		}
	}
	knownList := jen.Index().String().Values(known...)
	code := []jen.Code{erbQ("CheckKeywords").Call(jen.Id("kw_"), jen.Index().String().Values(required...), knownList, jen.Lit(rest))}
	for _, p := range ps {
		if p.Kind == erb.ParamKeyRest {
			if p.Name != "" {
				l := t.paramLocal(p.Name)
				code = append(code, jen.Var().Id(l.goName).Add(valueT()).Op("=").Add(erbQ("KeywordRest")).Call(jen.Id("kw_"), knownList),
					jen.Id("_").Op("=").Id(l.goName))
			}
			continue
		}
		var def jen.Code
		if p.Default != nil {
			def = t.expr(p.Default) // may read the parameters before it
		}
		l := t.paramLocal(p.Name)
		keyword := erbQ("Keyword").Call(jen.Id("kw_"), jen.Lit(p.Name))
		if def == nil { // CheckKeywords made sure it is given
			code = append(code, jen.List(jen.Id(l.goName), jen.Id("_")).Op(":=").Add(keyword))
		} else {
			given := t.temp("kw")
			code = append(code, jen.Var().Id(l.goName).Add(valueT()),
				jen.If(jen.List(jen.Id(given), jen.Id("ok")).Op(":=").Add(keyword), jen.Id("ok")).Block(
					jen.Id(l.goName).Op("=").Id(given),
				).Else().Block(jen.Id(l.goName).Op("=").Add(def)))
		}
		code = append(code, jen.Id("_").Op("=").Id(l.goName))
	}
	return code
}

// procValue translates proc { }, Proc.new { } (lambda false) and
// lambda { }, ->() { } (lambda true) into the block as a value.
func (t *translator) procValue(b *erb.Block, lambda bool) *jen.Statement {
	code, brk := t.blockFn(b, lambda, true)
	if brk != "" {
		// Ruby raises LocalJumpError unless the proc runs in the call
		// that made it
		t.unsupported(b, "break in a proc")
	}
	if lambda {
		return erbQ("LambdaValue").Call(code)
	}
	return erbQ("ProcValue").Call(code)
}

// userGlobal reports whether $name is a global of a program's own, named
// in lower case, as Ruby's special globals ($stdout, $stderr, $stdin
// aside) are not.
func userGlobal(name string) bool {
	switch name {
	case "stdout", "stderr", "stdin":
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return name != ""
}
