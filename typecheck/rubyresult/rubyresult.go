// Package rubyresult reads what a module's Ruby function returns from its
// source: the type of each value the function's block (3.x) or dispatched
// methods (4.x) can give (each return, and the value of the last
// statement), when every one of them is evident from the Ruby alone (a
// literal, the arguments array, a local variable every assignment of
// which is, a conversion such as to_s or join). A 3.x function's result
// reaches Puppet as Ruby made it (Runtime3FunctionArgumentConverter.
// convert_return keeps an Array an Array, a Hash a Hash), a 4.x
// function's as it is, so the type holds for every call that does not
// fail. A 3.x function may also return one of its arguments (stdlib's
// pick), where the arguments array only loses elements: the checker then
// types the call by its arguments' types (Result.Arg). Anything else, a
// call of another method or a value of unknown kind, makes the result
// unknown: the checker and codegen then know nothing of it, as before.
package rubyresult

import (
	"slices"
	"strings"

	"github.com/pp2go/pp2go/frontend/erb"
	"github.com/pp2go/pp2go/rt/values"
)

// A Result is what a 3.x function returns: a value of Type, one of the
// arguments it was given (Arg: the array's elements, as Puppet's 3.x
// calling convention passed them), or either. The zero Result is not
// known.
type Result struct {
	Type values.Type // nil: no value but an argument
	Arg  bool
	// NoEmptyString: the function deletes the empty strings from the
	// arguments before it reads one, so that an undef argument, which
	// arrives as an empty string, is never the one it returns
	NoEmptyString bool
}

// String is r as the tests spell it: the type, "an argument", "T or an
// argument", with " (not an empty one)" for NoEmptyString; "" for not
// known.
func (r Result) String() string {
	arg := "an argument"
	if r.NoEmptyString {
		arg += " (not an empty one)"
	}
	switch {
	case r.Type != nil && r.Arg:
		return r.Type.String() + " or " + arg
	case r.Arg:
		return arg
	case r.Type != nil:
		return r.Type.String()
	}
	return ""
}

// Of3x is what the rvalue 3.x function name, defined in the Ruby source
// src, returns; the zero Result when the source does not make it evident.
func Of3x(path string, src []byte, name string) Result {
	t, err := erb.ParseRuby(path, src)
	if err != nil {
		return Result{}
	}
	b := functionBlock(t.Body, "newfunction", name)
	if b == nil || len(b.Params) > 1 {
		return Result{}
	}
	in := &inferrer{body: b.Body}
	if len(b.Params) == 1 {
		in.args = b.Params[0].Name
	}
	r := splitArg(in.result())
	r.NoEmptyString = r.Arg && in.deletesEmptyFirst()
	return r
}

// splitArg is the Result of a type of the inferrer's, argElem among its
// Variant's types meaning an argument.
func splitArg(t values.Type) Result {
	if t == nil {
		return Result{}
	}
	members := []values.Type{t}
	if v, ok := t.(*values.VariantType); ok {
		members = v.Types
	}
	var r Result
	var rest []values.Type
	for _, m := range members {
		if m == argElem {
			r.Arg = true
		} else {
			rest = append(rest, m)
		}
	}
	if len(rest) > 0 {
		r.Type = values.VariantOf(rest...)
	}
	return r
}

// argElem stands for an element of the arguments array in the types the
// inferrer gives (split off by splitArg).
var argElem values.Type = &values.TypeReferenceType{TypeString: "pp2go::Argument"}

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
	// argsKept: the arguments array only loses elements (filters,
	// deletions), gains none but its own (pushed), and is otherwise only
	// read (keepsArgs), so that an element read is one of the arguments
	// (elementRead)
	argsKept bool
	// pushed are the values pushed onto the arguments array (args << x),
	// each an element of it read where it is not empty (keepsArgs)
	pushed []erb.Node
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
	if in.escapes || in.unsure[in.args] || slices.ContainsFunc(in.body, leaves) {
		return nil
	}
	for _, a := range in.assigned[in.args] {
		if !in.filtersArgs(a.Value) {
			return nil
		}
	}
	in.argsKept = in.args != "" && in.keepsArgs()
	// a pushed value is an argument when it was read from the array where
	// it held some (the array held arguments then: what was pushed before
	// was read before)
	for _, v := range in.pushed {
		in.argsKept = in.argsKept && in.typeOf(v) == argElem
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
		if holds(s, func(n erb.Node) bool { return n == x }) {
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
	if in.argsKept && elementRead(x, in.args) {
		if endElement(x) && in.nonEmptyAt(x) {
			return argElem
		}
		return values.VariantOf(argElem, values.UndefT) // nil past the end
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

// Methods of the arguments array by what they do to it.
var (
	// arrayFilters give an array of some of its elements
	arrayFilters = set("compact", "uniq", "reject", "select", "filter", "drop", "drop_while", "take", "take_while", "dup", "sort", "reverse")
	// arrayRemovals remove elements from it, or reorder them
	arrayRemovals = set("delete", "delete_at", "delete_if", "reject!", "select!", "filter!", "keep_if", "compact!", "uniq!",
		"shift", "pop", "clear", "slice!", "sort!", "reverse!")
	// arrayReads read it
	arrayReads = set("[]", "first", "last", "empty?", "any?", "all?", "none?", "size", "length", "count", "include?", "index",
		"each", "each_with_index", "map", "collect", "is_a?", "kind_of?", "instance_of?", "nil?", "to_s", "inspect", "join", "flatten")
)

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// isArgs says whether n reads the local variable args.
func isArgs(n erb.Node, args string) bool {
	x, ok := n.(*erb.LVar)
	return ok && x.Name == args
}

// filtersArgs says whether v, assigned to the arguments array, is some
// of its elements: a filter of it, or it without some (args - [...]).
func (in *inferrer) filtersArgs(v erb.Node) bool {
	switch x := v.(type) {
	case *erb.Call:
		if x.Safe || !isArgs(x.Recv, in.args) && !in.filtersArgs(x.Recv) {
			return false
		}
		return arrayFilters[x.Name] || x.Name == "[]" && x.Block == nil && slice(x.Args)
	case *erb.Binary:
		return x.Op == "-" && (isArgs(x.L, in.args) || in.filtersArgs(x.L))
	}
	return false
}

// slice says whether the arguments of [] take a part of an array
// (args[0..-2], args[1, 2]) rather than one element.
func slice(args []erb.Node) bool {
	switch len(args) {
	case 1:
		_, ok := args[0].(*erb.Range)
		return ok
	case 2:
		_, ok1 := args[0].(*erb.Int)
		_, ok2 := args[1].(*erb.Int)
		return ok1 && ok2
	}
	return false
}

// keepsArgs says whether every element of the arguments array is one of
// the arguments: each read of the array is the receiver of a method that
// reads, filters or removes from it, or an operand of an operator that
// makes a new array, and none is the target of an assignment (args[0] =
// x); nothing else (a method it is given to, an alias) can add to it. It
// may push values onto it (args << x, args.push(x)), noted in pushed: the
// caller has each be an argument.
func (in *inferrer) keepsArgs() bool {
	// the walk visits parents first: an assignment before its target, a
	// call or an operator before its operands
	targets := map[erb.Node]bool{}
	ok := map[*erb.LVar]bool{}
	kept := true
	for _, s := range in.body {
		erb.Walk(s, func(n erb.Node) {
			switch x := n.(type) {
			case *erb.Assign:
				targets[x.Target] = true
			case *erb.OpAssign:
				targets[x.Target] = true
			case *erb.Call:
				r, isVar := x.Recv.(*erb.LVar)
				if !isVar || r.Name != in.args || targets[x] {
					break
				}
				switch {
				case arrayReads[x.Name] || arrayFilters[x.Name] || arrayRemovals[x.Name]:
					ok[r] = true
				case x.Name == "push" && x.Block == nil:
					ok[r] = true
					in.pushed = append(in.pushed, x.Args...)
				}
			case *erb.Binary:
				if r, isVar := x.L.(*erb.LVar); isVar && r.Name == in.args && x.Op == "<<" {
					ok[r] = true
					in.pushed = append(in.pushed, x.R)
				}
				switch x.Op {
				case "+", "-", "&", "|", "==", "!=":
					for _, o := range []erb.Node{x.L, x.R} {
						if r, isVar := o.(*erb.LVar); isVar && r.Name == in.args {
							ok[r] = true
						}
					}
				}
			case *erb.LVar:
				kept = kept && (x.Name != in.args || ok[x])
			}
		})
	}
	return kept
}

// elementRead says whether x reads one element of the arguments array:
// args[i], args.first, args.last, args.shift, args.pop.
func elementRead(x *erb.Call, args string) bool {
	if !isArgs(x.Recv, args) || x.Block != nil {
		return false
	}
	switch x.Name {
	case "[]":
		if len(x.Args) != 1 {
			return false
		}
		_, isInt := x.Args[0].(*erb.Int)
		return isInt
	case "first", "last", "shift", "pop":
		return len(x.Args) == 0
	}
	return false
}

// firstElement says whether x is args[0] or args.first.
func firstElement(x *erb.Call) bool {
	switch x.Name {
	case "first":
		return true
	case "[]":
		i, ok := x.Args[0].(*erb.Int)
		return ok && i.V == 0
	}
	return false
}

// endElement says whether x reads an end of the array, which is an
// element when it has any: args[0], args[-1], first, last, shift, pop.
func endElement(x *erb.Call) bool {
	switch x.Name {
	case "first", "last", "shift", "pop":
		return true
	case "[]":
		i, ok := x.Args[0].(*erb.Int)
		return ok && (i.V == 0 || i.V == -1)
	}
	return false
}

// nonEmptyAt says whether the arguments array has an element where x
// reads it: a top-level statement before x's raises or returns when it
// has none or its first element is nil (raise ... if args.empty?, if
// args[0].nil?, if args[0].to_s.empty?), or pushes an argument onto it
// (args << x), and neither x's statement nor one between them removes
// from the array or assigns it.
func (in *inferrer) nonEmptyAt(x erb.Node) bool {
	k := slices.IndexFunc(in.body, func(s erb.Node) bool {
		return holds(s, func(n erb.Node) bool { return n == x })
	})
	removes := func(n erb.Node) bool {
		switch y := n.(type) {
		case *erb.Call:
			// (x itself may: args.shift reads before it removes)
			return y != x && isArgs(y.Recv, in.args) && arrayRemovals[y.Name]
		case *erb.LVarTarget:
			return y.Name == in.args
		}
		return false
	}
	for j := k - 1; j >= 0 && !holds(in.body[j+1], removes); j-- {
		if in.guardsEmpty(in.body[j]) || in.pushesArgument(in.body[j]) {
			return true
		}
	}
	return false
}

// guardsEmpty says whether statement s raises or returns when the
// arguments array is empty or its first element nil.
func (in *inferrer) guardsEmpty(s erb.Node) bool {
	x, ok := s.(*erb.If)
	return ok && x.Mod && !x.Unless && len(x.Else) == 0 && leavesFunction(one(x.Then)) && in.emptyTest(x.Cond)
}

// pushesArgument says whether statement s pushes an argument onto the
// arguments array (args << x, args.push(x)).
func (in *inferrer) pushesArgument(s erb.Node) bool {
	switch x := s.(type) {
	case *erb.Binary:
		return x.Op == "<<" && isArgs(x.L, in.args) && in.typeOf(x.R) == argElem
	case *erb.Call:
		return x.Name == "push" && isArgs(x.Recv, in.args) && len(x.Args) > 0 &&
			!slices.ContainsFunc(x.Args, func(a erb.Node) bool { return in.typeOf(a) != argElem })
	}
	return false
}

// leavesFunction says whether n returns or raises (a call of raise or
// fail).
func leavesFunction(n erb.Node) bool {
	if _, ok := n.(*erb.Return); ok {
		return true
	}
	c, ok := n.(*erb.Call)
	return ok && c.Recv == nil && (c.Name == "raise" || c.Name == "fail")
}

// emptyTest says whether cond is true when the arguments array is empty:
// args.empty?, args[0].nil?, args[0].to_s.empty? (args.first too).
func (in *inferrer) emptyTest(cond erb.Node) bool {
	c, ok := cond.(*erb.Call)
	if !ok || len(c.Args) != 0 || c.Safe {
		return false
	}
	first := func(n erb.Node) bool {
		e, ok := n.(*erb.Call)
		return ok && elementRead(e, in.args) && firstElement(e)
	}
	switch c.Name {
	case "empty?":
		if isArgs(c.Recv, in.args) {
			return true
		}
		s, ok := c.Recv.(*erb.Call)
		return ok && s.Name == "to_s" && len(s.Args) == 0 && first(s.Recv)
	case "nil?":
		return first(c.Recv)
	}
	return false
}

// deletesEmptyFirst says whether a top-level statement deletes the empty
// strings from the arguments array (args.delete of an empty string)
// before every statement that reads an element of it.
func (in *inferrer) deletesEmptyFirst() bool {
	for i, s := range in.body {
		c, ok := s.(*erb.Call)
		if !ok || !isArgs(c.Recv, in.args) || c.Name != "delete" || len(c.Args) != 1 {
			continue
		}
		if text, ok := erb.LiteralString(c.Args[0]); !ok || text != "" {
			continue
		}
		reads := func(n erb.Node) bool {
			x, ok := n.(*erb.Call)
			return ok && elementRead(x, in.args)
		}
		return !slices.ContainsFunc(in.body[:i+1], func(before erb.Node) bool { return holds(before, reads) })
	}
	return false
}

// holds says whether s or a node below it satisfies p.
func holds(s erb.Node, p func(erb.Node) bool) bool {
	found := false
	erb.Walk(s, func(n erb.Node) { found = found || p(n) })
	return found
}
