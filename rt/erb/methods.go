package erb

import (
	"sort"
	"strings"
	"sync"
)

// Method tables. Translated templates call Ruby methods as methods of *R
// named after them (GoName: include? is IncludeQ, compact! is CompactBang),
// with the receiver first:
//
//	func (r *R) Join(recv Value, args ...Value) Value
//	func (r *R) Map(recv Value, b *Block, args ...Value) Value   // block methods
//
// Each dispatches on the receiver's class; a receiver whose class has no
// such method raises NoMethodError as Ruby does.

// A method of the tables: its Ruby name and its *R method, which takes a
// block (blockMethod) or not (plainMethod).
type (
	plainMethod struct {
		name string
		fn   func(*R, Value, ...Value) Value
	}
	blockMethod struct {
		name string
		fn   func(*R, Value, *Block, ...Value) Value
	}
)

type methodInfo struct {
	plain func(*R, Value, ...Value) Value
	block func(*R, Value, *Block, ...Value) Value // nil for a plain method
}

func (m methodInfo) call(r *R, recv Value, b *Block, args []Value) Value {
	if m.block != nil {
		return m.block(r, recv, b, args...)
	}
	return m.plain(r, recv, args...)
}

// The files' method lists (each name is in one); methodTable indexes them
// when a template first looks a method up by name, which most binaries
// would otherwise pay for at start without using it.
var (
	plainLists [][]plainMethod
	blockLists [][]blockMethod
)

var methodTable = sync.OnceValue(func() map[string]methodInfo {
	n := 0
	for _, l := range plainLists {
		n += len(l)
	}
	for _, l := range blockLists {
		n += len(l)
	}
	t := make(map[string]methodInfo, n)
	for _, l := range plainLists {
		for _, m := range l {
			t[m.name] = methodInfo{plain: m.fn}
		}
	}
	for _, l := range blockLists {
		for _, m := range l {
			t[m.name] = methodInfo{block: m.fn}
		}
	}
	return t
})

// plain registers methods without a block parameter.
func plain(fns []plainMethod) { plainLists = append(plainLists, fns) }

// withBlock registers methods that take a block.
func withBlock(fns []blockMethod) { blockLists = append(blockLists, fns) }

// GoName is the name of the *R method that implements the Ruby method.
func GoName(ruby string) string {
	switch ruby {
	case "[]":
		return "Aref"
	case "[]=":
		return "Aset"
	case "scan":
		return "ScanRe" // Scan would look like fmt.Scanner to go vet
	case "at":
		return "TimeAt" // At is the line recorder (helpers.go)
	case "sprintf", "format":
		return "Kernel" + strings.ToUpper(ruby[:1]) + ruby[1:] // Kernel.sprintf; Sprintf is the receiverless one
	}
	suffix := ""
	switch {
	case strings.HasSuffix(ruby, "?"):
		suffix, ruby = "Q", ruby[:len(ruby)-1]
	case strings.HasSuffix(ruby, "!"):
		suffix, ruby = "Bang", ruby[:len(ruby)-1]
	case strings.HasSuffix(ruby, "="):
		suffix, ruby = "Set", ruby[:len(ruby)-1]
	}
	var b strings.Builder
	up := true
	for i := 0; i < len(ruby); i++ {
		c := ruby[i]
		if c == '_' {
			up = true
			continue
		}
		if up && c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		up = false
		b.WriteByte(c)
	}
	return b.String() + suffix
}

// Method reports whether templates may call the Ruby method name, and
// whether its Go method takes a block.
func Method(name string) (goName string, block, ok bool) {
	m, ok := methodTable()[name]
	if !ok {
		return "", false, false
	}
	return GoName(name), m.block != nil, true
}

// MethodNames lists the Ruby methods pp2go implements, sorted.
func MethodNames() []string {
	out := make([]string, 0, len(methodTable()))
	for k := range methodTable() {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Send calls a method by its Ruby name (for &:name blocks).
func (r *R) Send(recv Value, name string, b *Block, args ...Value) Value {
	switch name {
	case "+":
		return r.OpAdd(recv, args[0])
	case "-":
		return r.OpSub(recv, args[0])
	case "*":
		return r.OpMul(recv, args[0])
	case "/":
		return r.OpDiv(recv, args[0])
	case "%":
		return r.OpMod(recv, args[0])
	case "==":
		return r.OpEq(recv, args[0])
	case "<=>":
		return r.OpCmp(recv, args[0])
	case "|", "&", "^", "<<", ">>", "**", "<", "<=", ">", ">=", "!=", "===", "=~":
		if len(args) == 1 {
			return r.sendOp(name, recv, args[0])
		}
	}
	m, ok := methodTable()[name]
	if !ok {
		noMethod(name, recv)
	}
	return m.call(r, recv, b, args)
}

// sendOp calls a binary operator method by name (reduce(:|), send(:<<, x)).
func (r *R) sendOp(name string, a, b Value) Value {
	switch name {
	case "|":
		return r.OpOr(a, b)
	case "&":
		return r.OpAnd(a, b)
	case "^":
		return r.OpXor(a, b)
	case "<<":
		return r.OpShl(a, b)
	case ">>":
		return r.OpShr(a, b)
	case "**":
		return r.OpPow(a, b)
	case "<":
		return r.OpLt(a, b)
	case "<=":
		return r.OpLe(a, b)
	case ">":
		return r.OpGt(a, b)
	case ">=":
		return r.OpGe(a, b)
	case "!=":
		return r.OpNe(a, b)
	case "===":
		return r.OpCaseEq(a, b)
	}
	return r.OpMatch(a, b)
}
