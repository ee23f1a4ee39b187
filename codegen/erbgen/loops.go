package erbgen

import (
	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/erb"
)

// forLoop translates for var in iter ... end: iter.each with a block that
// assigns var, whose body's locals are the enclosing scope's (a for loop
// makes no scope). Its value is iter's each (iter itself); next goes to
// the next element, break ends the loop with nil (or its value) and
// return leaves the enclosing method.
func (t *translator) forLoop(x *erb.For) *jen.Statement {
	iter := t.expr(x.Iter)
	savedFrame := t.frame
	t.frame = &frame{kind: scopeBlock, forOf: savedFrame, parent: savedFrame}
	var body []jen.Code
	if m, ok := x.Var.(*erb.MultiAssign); ok {
		// for a, b in iter: each element spread as by a, b = elem
		parts := t.temp("parts")
		body = append(body, jen.Id(parts).Op(":=").Add(erbQ("Destructure").Call(jen.Id("elem_"), jen.Lit(len(m.Targets)), jen.Lit(-1))))
		for i, tg := range m.Targets {
			body = append(body, t.assignTo(x, tg, jen.Id(parts).Index(jen.Lit(i)), false))
		}
	} else {
		body = append(body, t.assignTo(x, x.Var, jen.Id("elem_"), false))
	}
	body = append(body, t.blockTail(x.Body)...)
	body = jumpTarget(t.frame.ret, body)
	brk := t.frame.brk
	t.frame = savedFrame
	t.frame.lastLine = 0
	call := rcall("Each", iter, rcall("Blk1", jen.Func().Params(jen.Id("elem_").Add(valueT())).Add(valueT()).Block(body...)))
	if brk == "" {
		return call
	}
	return rcall("JumpTarget", jen.Func().Params(jen.Id(brk).Op("*").Qual(RuntimePath, "Jump")).Add(valueT()).Block(jen.Return(call)))
}

// forReturn is return inside a for loop's body: a jump to the method (or
// lambda) the loops are in; ok false when they are in neither.
func (t *translator) forReturn(v erb.Node) (jen.Code, bool) {
	f := t.frame
	for f.forOf != nil {
		f = f.forOf
	}
	if f == t.frame || f.kind != scopeDef && !f.lambda {
		return nil, false
	}
	return jen.Panic(jen.Id(t.jumpVar(&f.ret, "ret")).Dot("With").Call(t.optExpr(v))), true
}

// multiAssignValue translates a, b = x where its value is used: the
// assignments, then the value (x as given: the Array of a, b = 1, 2).
func (t *translator) multiAssignValue(x *erb.MultiAssign) ([]jen.Code, jen.Code) {
	val := t.temp("value")
	out := append(t.line(x), jen.Id(val).Op(":=").Add(t.expr(x.Value)))
	return append(out, t.destructure(x, x.Targets, jen.Id(val))...), jen.Id(val)
}
