// Package rubyresult reads what a module's Ruby function returns from its
// source: the type of each value the function's block (3.x) or dispatched
// methods (4.x) can give (each return, and the value of the last
// statement), when every one of them is evident from the Ruby alone (a
// literal, the arguments array, a local variable every assignment of
// which is, a conversion such as to_s or join). A 3.x function's result
// reaches Puppet as Ruby made it (Runtime3FunctionArgumentConverter.
// convert_return keeps an Array an Array, a Hash a Hash), a 4.x
// function's as it is, so the type holds for every call that does not
// fail. Anything else, a call of another method or a value of unknown
// kind, makes the result unknown: the checker and codegen then know
// nothing of it, as before.
package rubyresult

import (
	"slices"
	"strings"

	"github.com/pp2go/pp2go/frontend/erb"
	"github.com/pp2go/pp2go/rt/values"
)

// Of3x is the type of what the rvalue 3.x function name, defined in the
// Ruby source src, returns; nil when the source does not make it evident.
func Of3x(path string, src []byte, name string) values.Type {
	t, err := erb.ParseRuby(path, src)
	if err != nil {
		return nil
	}
	b := functionBlock(t.Body, "newfunction", name)
	if b == nil || len(b.Params) > 1 {
		return nil
	}
	in := &inferrer{body: b.Body}
	if len(b.Params) == 1 {
		in.args = b.Params[0].Name
	}
	return in.result()
}

// Of4x is the type of what the 4.x function name, created in the Ruby
// source src (Puppet::Functions.create_function), returns: the Variant of
// what each method its dispatches (and argument_mismatch handlers) call
// returns, nil when one is not evident or the function defines its own
// call.
func Of4x(path string, src []byte, name string) values.Type {
	t, err := erb.ParseRuby(path, src)
	if err != nil {
		return nil
	}
	b := functionBlock(t.Body, "create_function", name)
	if b == nil {
		return nil
	}
	defs := map[string]*erb.Def{}
	var methods []string
	for _, n := range b.Body {
		switch x := n.(type) {
		case *erb.Def:
			defs[x.Name] = x
		case *erb.Call:
			if x.Recv == nil && (x.Name == "dispatch" || x.Name == "argument_mismatch") && len(x.Args) > 0 {
				m, ok := x.Args[0].(*erb.Sym)
				if !ok || m.Parts != nil {
					return nil
				}
				methods = append(methods, m.Name)
			}
		}
	}
	if defs["call"] != nil {
		return nil
	}
	if len(methods) == 0 {
		// the default dispatch: the method named as the last segment
		methods = []string{name[strings.LastIndex(name, ":")+1:]}
	}
	var types []values.Type
	for _, m := range methods {
		d := defs[m]
		if d == nil || d.Singleton {
			return nil
		}
		in := &inferrer{body: []erb.Node{d.Body}}
		for _, p := range d.Params {
			in.params = append(in.params, p.Name)
		}
		t := in.result()
		if t == nil {
			return nil
		}
		types = append(types, t)
	}
	return values.VariantOf(types...)
}

// literalName is the text of a symbol or string literal, "" for another
// node.
func literalName(n erb.Node) string {
	if s, ok := n.(*erb.Sym); ok {
		if s.Parts == nil {
			return s.Name
		}
		n = &erb.Str{At: s.At, Parts: s.Parts}
	}
	text, _ := erb.LiteralString(n)
	return text
}

// functionBlock is the block of a call of method (newfunction,
// create_function) defining the function name, among the top-level
// statements (or those of a module around them).
func functionBlock(body []erb.Node, method, name string) *erb.Block {
	for _, n := range body {
		switch x := n.(type) {
		case *erb.Module:
			if b := functionBlock(x.Body.Body, method, name); b != nil {
				return b
			}
		case *erb.Call:
			if x.Name == method && len(x.Args) > 0 && x.Block != nil && literalName(x.Args[0]) == name {
				return x.Block
			}
		}
	}
	return nil
}

// inferrer infers the result of a function's block.
type inferrer struct {
	body []erb.Node
	args string // the block's parameter: the arguments, an Array
	// assigned are the local variables' assignments, read once
	assigned map[string][]*erb.Assign
	// unsure are the locals assigned otherwise than by a plain
	// assignment (op-assignment, a block or rescue parameter, a
	// destructuring), whose values the inferrer does not follow
	unsure map[string]bool
	// escapes: the block defines a method or a proc, whose return the
	// inferrer cannot tell from the function's
	escapes bool
	// returns are the block's returns, guard the if modifier whose only
	// statement one is
	returns []*erb.Return
	guard   map[*erb.Return]*erb.If
	// reading are the locals whose assignments are being typed
	reading map[string]bool
	// params are a method's parameters, whose values it does not follow
	params []string
}

// scan reads the block's assignments and returns.
func (in *inferrer) scan(body []erb.Node) {
	in.assigned, in.unsure, in.guard, in.reading = map[string][]*erb.Assign{}, map[string]bool{}, map[*erb.Return]*erb.If{}, map[string]bool{}
	for _, p := range in.params {
		in.unsure[p] = true
	}
	for _, s := range body {
		erb.Walk(s, func(n erb.Node) {
			switch x := n.(type) {
			case *erb.Assign:
				if t, ok := x.Target.(*erb.LVarTarget); ok {
					in.assigned[t.Name] = append(in.assigned[t.Name], x)
				}
			case *erb.OpAssign:
				if t, ok := x.Target.(*erb.LVarTarget); ok {
					in.unsure[t.Name] = true
				}
			case *erb.MultiAssign, *erb.For:
				erb.Walk(x, func(n erb.Node) {
					if t, ok := n.(*erb.LVarTarget); ok {
						in.unsure[t.Name] = true
					}
				})
			case *erb.Call:
				if x.Block != nil {
					in.blockParams(x.Block.Params)
				}
				switch x.Name {
				case "lambda", "proc", "define_method", "instance_eval", "instance_exec", "binding", "eval", "local_variable_set":
					in.escapes = true
				}
			case *erb.Begin:
				for _, r := range x.Rescues {
					in.unsure[r.Var] = true
				}
			case *erb.Def, *erb.Lambda, *erb.Class, *erb.Module, *erb.Yield:
				in.escapes = true
			case *erb.Return:
				in.returns = append(in.returns, x)
			case *erb.If:
				if r, ok := one(x.Then).(*erb.Return); ok && x.Mod && !x.Unless && len(x.Else) == 0 {
					in.guard[r] = x
				}
			}
		})
	}
}

// blockParams notes a block's parameters, whose values it does not
// follow.
func (in *inferrer) blockParams(ps []erb.Param) {
	for _, p := range ps {
		in.unsure[p.Name] = true
		for _, sub := range p.Sub {
			in.unsure[sub] = true
		}
	}
}

// result is the Variant of the types of the block's values, nil when one
// is not known.
func (in *inferrer) result() values.Type {
	in.scan(in.body)
	if in.escapes || in.unsure[in.args] || len(in.assigned[in.args]) > 0 || slices.ContainsFunc(in.body, leaves) {
		return nil
	}
	var types []values.Type
	for _, r := range in.returns {
		t := in.returned(r)
		if t == nil {
			return nil
		}
		types = append(types, t)
	}
	last, known := in.valueOf(in.body)
	if !known {
		return nil
	}
	if last != nil {
		types = append(types, last)
	}
	if len(types) == 0 {
		return nil
	}
	return values.VariantOf(types...)
}

// leaves says whether statement n has a next or break outside a loop or
// block of its own: in a 3.x function's block (a method, by
// define_method), it returns from the function.
func leaves(n erb.Node) bool {
	switch x := n.(type) {
	case *erb.Next, *erb.Break:
		return true
	case *erb.While, *erb.For:
		return false
	case *erb.Call:
		// its block's next and break are the block's; its arguments' not
		return slices.ContainsFunc(x.Args, leaves) || x.Recv != nil && leaves(x.Recv)
	}
	found := false
	for _, l := range statementLists(n) {
		found = found || slices.ContainsFunc(l, leaves)
	}
	return found
}

// returned is the type of what return r gives: its value's, or, for
// `return x if x.is_a?(K)`, K's.
func (in *inferrer) returned(r *erb.Return) values.Type {
	if r.X == nil {
		return values.UndefT
	}
	if cond := in.guard[r]; cond != nil {
		if c, ok := cond.Cond.(*erb.Call); ok && (c.Name == "is_a?" || c.Name == "kind_of?") && len(c.Args) == 1 && sameRead(c.Recv, r.X) {
			if t := classType(c.Args[0]); t != nil {
				return t
			}
		}
	}
	return in.typeOf(r.X)
}

// valueOf is the type of the value of a statement sequence that runs to
// its end (nil, true: it never does, it returns or raises); known false
// when it is not known.
func (in *inferrer) valueOf(stmts []erb.Node) (values.Type, bool) {
	if len(stmts) == 0 {
		return values.UndefT, true
	}
	switch x := stmts[len(stmts)-1].(type) {
	case *erb.Return:
		return nil, true
	case *erb.If:
		if x.Ternary {
			break
		}
		then, ok1 := in.valueOf(x.Then)
		els, ok2 := in.valueOf(x.Else)
		return variant(then, els), ok1 && ok2
	case *erb.Case:
		var types []values.Type
		for _, w := range x.Whens {
			t, ok := in.valueOf(w.Body)
			if !ok {
				return nil, false
			}
			types = append(types, t)
		}
		t, ok := in.valueOf(x.Else) // no else: nil
		return variant(append(types, t)...), ok
	case *erb.Begin:
		if x.Modifier || len(x.Else) > 0 {
			return nil, false
		}
		t, ok := in.valueOf(x.Body)
		for _, r := range x.Rescues {
			rt, rok := in.valueOf(r.Body)
			t, ok = variant(t, rt), ok && rok
		}
		return t, ok
	case *erb.Seq:
		return in.valueOf(x.Body)
	case *erb.Call:
		if x.Recv == nil && (x.Name == "raise" || x.Name == "fail") {
			return nil, true
		}
	}
	t := in.typeOf(stmts[len(stmts)-1])
	return t, t != nil
}

// variant is the Variant of the types that are not nil (nil for none).
func variant(types ...values.Type) values.Type {
	types = slices.DeleteFunc(types, func(t values.Type) bool { return t == nil })
	if len(types) == 0 {
		return nil
	}
	return values.VariantOf(types...)
}

// typeOf is the type of an expression's value, nil when not known.
func (in *inferrer) typeOf(n erb.Node) values.Type {
	switch x := n.(type) {
	case *erb.Nil:
		return values.UndefT
	case *erb.Bool, *erb.Not:
		return values.BooleanT
	case *erb.Int:
		return values.IntegerT
	case *erb.Float:
		return values.FloatT
	case *erb.Str:
		return values.StringT
	case *erb.Array:
		return values.ArrayT
	case *erb.Hash:
		return values.HashT
	case *erb.Seq:
		t, _ := in.valueOf(x.Body)
		return t
	case *erb.If:
		if !x.Ternary {
			return nil
		}
		return both(in.typeOf(one(x.Then)), in.typeOf(one(x.Else)))
	case *erb.And:
		return both(in.typeOf(x.L), in.typeOf(x.R))
	case *erb.Or:
		return both(in.typeOf(x.L), in.typeOf(x.R))
	case *erb.Assign:
		return in.typeOf(x.Value)
	case *erb.LVar:
		return in.localType(x)
	case *erb.Binary:
		return in.binaryType(x)
	case *erb.Call:
		return in.callType(x)
	}
	return nil
}

// one is the only node of a sequence, nil for another count.
func one(ns []erb.Node) erb.Node {
	if len(ns) != 1 {
		return nil
	}
	return ns[0]
}

// both is the Variant of two known types, nil when one is not known.
func both(a, b values.Type) values.Type {
	if a == nil || b == nil {
		return nil
	}
	return values.VariantOf(a, b)
}

// localType is the type of a read of a local variable: the arguments
// array, or what every assignment of the variable gives (nil before the
// first unless a top-level statement before the read assigns it).
func (in *inferrer) localType(x *erb.LVar) values.Type {
	if x.Name == in.args {
		return values.ArrayT
	}
	as := in.assigned[x.Name]
	if len(as) == 0 || in.unsure[x.Name] || in.reading[x.Name] {
		return nil // (x = f(x): not followed)
	}
	in.reading[x.Name] = true
	defer delete(in.reading, x.Name)
	types := make([]values.Type, 0, len(as)+1)
	for _, a := range as {
		t := in.typeOf(a.Value)
		if t == nil {
			return nil
		}
		types = append(types, t)
	}
	if !assignedBefore(in.body, x, as) {
		types = append(types, values.UndefT) // maybe unassigned: nil
	}
	return values.VariantOf(types...)
}

// assignedBefore says whether one of as is a statement before x of
// stmts or of a statement list around x in them: it runs before x does.
func assignedBefore(stmts []erb.Node, x *erb.LVar, as []*erb.Assign) bool {
	for _, s := range stmts {
		if a, ok := s.(*erb.Assign); ok && slices.Contains(as, a) && a.Offset() < x.Offset() {
			return true
		}
		holds := false
		erb.Walk(s, func(n erb.Node) { holds = holds || n == x })
		if holds {
			return slices.ContainsFunc(statementLists(s), func(l []erb.Node) bool { return assignedBefore(l, x, as) })
		}
	}
	return false
}

// statementLists are the statement lists of a compound statement.
func statementLists(n erb.Node) [][]erb.Node {
	switch x := n.(type) {
	case *erb.If:
		return [][]erb.Node{x.Then, x.Else}
	case *erb.Case:
		lists := [][]erb.Node{x.Else}
		for _, w := range x.Whens {
			lists = append(lists, w.Body)
		}
		return lists
	case *erb.While:
		return [][]erb.Node{x.Body}
	case *erb.Begin:
		lists := [][]erb.Node{x.Body, x.Else, x.Ensure}
		for _, r := range x.Rescues {
			lists = append(lists, r.Body)
		}
		return lists
	case *erb.Seq:
		return [][]erb.Node{x.Body}
	case *erb.Call:
		if x.Block != nil {
			return [][]erb.Node{x.Block.Body}
		}
	}
	return nil
}

// binaryType is the type of a comparison (a Boolean) or of + and << on
// Strings and Arrays (of the left operand's kind).
func (in *inferrer) binaryType(x *erb.Binary) values.Type {
	switch x.Op {
	case "==", "!=":
		return values.BooleanT
	case "+", "<<":
		l := in.typeOf(x.L)
		if l == values.StringT || l == values.ArrayT {
			return l
		}
	}
	return nil
}

// callType is the type of what a call of one of Ruby's own conversions
// and predicates gives (to_s a String, join of an Array a String, is_a? a
// Boolean...), nil for any other call.
func (in *inferrer) callType(x *erb.Call) values.Type {
	if x.Block != nil || x.Safe {
		return nil
	}
	if x.Recv == nil {
		switch x.Name {
		case "Integer":
			return values.IntegerT
		case "Float":
			return values.FloatT
		case "String":
			return values.StringT
		case "Array":
			return values.ArrayT
		}
		return nil
	}
	switch x.Name {
	case "to_s", "inspect":
		return values.StringT
	case "to_a":
		return values.ArrayT
	case "nil?", "is_a?", "kind_of?", "instance_of?":
		return values.BooleanT
	}
	switch in.typeOf(x.Recv) {
	case values.ArrayT:
		switch x.Name {
		case "join":
			return values.StringT
		case "flatten", "compact", "uniq", "sort", "reverse", "dup":
			return values.ArrayT
		case "empty?", "include?":
			return values.BooleanT
		case "length", "size":
			return values.IntegerT
		}
	case values.StringT:
		switch x.Name {
		case "downcase", "upcase", "capitalize", "strip", "lstrip", "rstrip", "chomp", "chop", "dup", "squeeze", "reverse":
			return values.StringT
		case "split", "lines", "chars":
			return values.ArrayT
		case "empty?", "include?", "start_with?", "end_with?":
			return values.BooleanT
		case "length", "size", "to_i":
			return values.IntegerT
		case "to_f":
			return values.FloatT
		}
	case values.HashT:
		switch x.Name {
		case "keys", "values":
			return values.ArrayT
		case "empty?", "key?", "has_key?", "include?":
			return values.BooleanT
		case "length", "size":
			return values.IntegerT
		case "dup":
			return values.HashT
		}
	}
	return nil
}

// classType is the type of the instances of a Ruby class a constant names
// (Array, Hash, String, Integer, Float), nil for another.
func classType(n erb.Node) values.Type {
	c, ok := n.(*erb.Const)
	if !ok || c.Scope != nil {
		return nil
	}
	switch c.Name {
	case "Array":
		return values.ArrayT
	case "Hash":
		return values.HashT
	case "String":
		return values.StringT
	case "Integer":
		return values.IntegerT
	case "Float":
		return values.FloatT
	}
	return nil
}

// sameRead says whether a and b read the same thing: the same local
// variable, or the same index of it (args[0]).
func sameRead(a, b erb.Node) bool {
	switch x := a.(type) {
	case *erb.LVar:
		y, ok := b.(*erb.LVar)
		return ok && x.Name == y.Name
	case *erb.Call:
		y, ok := b.(*erb.Call)
		if !ok || x.Name != "[]" || y.Name != "[]" || len(x.Args) != 1 || len(y.Args) != 1 || x.Block != nil || y.Block != nil {
			return false
		}
		i, iok := x.Args[0].(*erb.Int)
		j, jok := y.Args[0].(*erb.Int)
		return iok && jok && i.V == j.V && sameRead(x.Recv, y.Recv)
	}
	return false
}
