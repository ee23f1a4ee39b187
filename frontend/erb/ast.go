package erb

// The syntax tree of the Ruby program of a template. Every node records the
// offset of its first token in the program (Template.Position turns it into
// a template line and column, Template.RubyLine into the line Ruby reports).

// Node is a Ruby expression or statement.
type Node interface {
	Offset() int
}

// At is the position part shared by all nodes.
type At struct{ Off int }

// Offset returns the node's offset in the program.
func (a At) Offset() int { return a.Off }

type (
	// Nil is nil.
	Nil struct{ At }
	// Bool is true or false.
	Bool struct {
		At
		V bool
	}
	// Self is self (the template wrapper).
	Self struct{ At }
	// Int is an Integer literal (Text is the source, V its value).
	Int struct {
		At
		Text string
		V    int64
	}
	// Float is a Float literal.
	Float struct {
		At
		Text string
		V    float64
	}
	// Str is a string literal, with interpolated parts.
	Str struct {
		At
		Parts []Part
	}
	// Sym is a symbol literal (:name, or :"..." with Parts).
	Sym struct {
		At
		Name  string
		Parts []Part // non-nil for :"..." forms
	}
	// Regexp is a regexp literal.
	Regexp struct {
		At
		Parts []Part
		Flags string
	}
	// Array is an array literal (elements may be *Splat).
	Array struct {
		At
		Elems []Node
	}
	// Hash is a hash literal.
	Hash struct {
		At
		Pairs []Pair
	}
	// Range is a range literal.
	Range struct {
		At
		Lo, Hi Node // either may be nil (endless, beginless)
		Excl   bool // ...
	}
	// LVar is a read of a local variable.
	LVar struct {
		At
		Name string
	}
	// IVar is an instance variable (@name).
	IVar struct {
		At
		Name string
	}
	// GVar is a global variable ($~, $stdout, ...).
	GVar struct {
		At
		Name string
	}
	// NthRef is a regexp group reference ($1).
	NthRef struct {
		At
		N int
	}
	// Const is a constant (Foo, A::B, ::Foo).
	Const struct {
		At
		Scope *Const // A in A::B
		Top   bool   // ::Foo
		Name  string
	}
	// Call is a method call: recv.name(args) { block }; Recv is nil for a
	// call on self (a "function-style" call). Index reads (a[i]) are calls
	// of "[]".
	Call struct {
		At
		Recv     Node
		Safe     bool // &.
		Name     string
		Args     []Node // may contain *Splat, *BlockPass, and a trailing *Hash of keywords
		Block    *Block
		Parens   bool // written with an argument list in parentheses
		NameOff  int  // offset of the method name
		Command  bool // arguments without parentheses
		Implicit bool // a bare identifier that is not a local variable (vcall)
	}
	// Binary is an operator call a OP b (+ - * / % ** == != < <= > >= <=>
	// === =~ !~ << >> & | ^).
	Binary struct {
		At
		Op   string
		L, R Node
	}
	// Unary is -x, +x, ~x.
	Unary struct {
		At
		Op string // "-@", "+@", "~"
		X  Node
	}
	// Not is !x or not x.
	Not struct {
		At
		X       Node
		Keyword bool // written as "not"
	}
	// And is a && b or a and b.
	And struct {
		At
		L, R    Node
		Keyword bool
	}
	// Or is a || b or a or b.
	Or struct {
		At
		L, R    Node
		Keyword bool
	}
	// Defined is defined?(x).
	Defined struct {
		At
		X Node
	}
	// Splat is *x in an argument list or array literal.
	Splat struct {
		At
		X Node
	}
	// BlockPass is &x in an argument list.
	BlockPass struct {
		At
		X Node
	}
	// Assign is target = value (targets: *LVarTarget, *IVar, *GVar,
	// *Call for a[i]= and a.b=).
	Assign struct {
		At
		Target Node
		Value  Node
	}
	// OpAssign is target op= value (+=, ||=, <<= ...).
	OpAssign struct {
		At
		Target Node
		Op     string // "+", "||", "&&", ...
		Value  Node
	}
	// LVarTarget is a local variable being assigned.
	LVarTarget struct {
		At
		Name string
	}
	// If is if/elsif/else, unless, a ternary or an if/unless modifier.
	If struct {
		At
		Cond    Node
		Then    []Node
		Else    []Node // nil when absent; an elsif is a single *If
		Unless  bool
		Ternary bool
		Mod     bool // statement modifier form
	}
	// Case is case/when.
	Case struct {
		At
		Subject Node // nil for a case without subject
		Whens   []When
		Else    []Node
		HasElse bool
	}
	// While is while/until (loop or modifier).
	While struct {
		At
		Cond  Node
		Body  []Node
		Until bool
	}
	// Begin is begin/rescue/else/ensure/end (also a def body with rescue).
	Begin struct {
		At
		Body    []Node
		Rescues []Rescue
		Else    []Node
		Ensure  []Node
		// Modifier is "x rescue y".
		Modifier bool
	}
	// Seq is (a; b) or begin..end without clauses.
	Seq struct {
		At
		Body []Node
	}
	// Def is a method definition.
	Def struct {
		At
		Singleton bool // def self.name
		Name      string
		Params    []Param
		Body      *Begin
	}
	// Return is return [x].
	Return struct {
		At
		X Node
	}
	// Next is next [x].
	Next struct {
		At
		X Node
	}
	// Break is break [x].
	Break struct {
		At
		X Node
	}
	// Text is ERB text output (_erbout.<< "..."): the compiler's own
	// command, recognised by the parser.
	Text struct {
		At
		S string
	}
	// Output is ERB's <%= x %> (_erbout.<<((x).to_s)).
	Output struct {
		At
		X Node
	}
)

// Part is a piece of a string-like literal: Lit when Expr is nil.
type Part struct {
	Lit  string
	Expr Node // an interpolated statement sequence (a *Seq when several)
}

// Pair is a key => value pair (Label: written key: value).
type Pair struct {
	Key, Value Node
	Label      bool
}

// When is one when clause.
type When struct {
	Off   int
	Conds []Node // may contain *Splat
	Body  []Node
}

// Rescue is one rescue clause.
type Rescue struct {
	Off     int
	Classes []Node // empty: StandardError
	Var     string // "" when there is no => var
	Body    []Node
}

// Param is a block or method parameter.
type Param struct {
	Name    string
	Default Node // optional parameter
	Kind    ParamKind
	Sub     []string // the names of a destructuring parameter |(a, b)|
}

// ParamKind is the kind of a parameter.
type ParamKind uint8

const (
	ParamReq         ParamKind = iota // x
	ParamOpt                          // x = 1
	ParamRest                         // *x
	ParamBlock                        // &x
	ParamKey                          // x: or x: 1
	ParamDestructure                  // (a, b)
	ParamKeyRest                      // **x (or **)
)

// Block is a block ({ |x| ... } or do |x| ... end).
type Block struct {
	At
	Params []Param
	// TrailingComma is |a,| (which splats like two parameters).
	TrailingComma bool
	Body          []Node
	Brace         bool
}

// LiteralString is the text of a string literal without interpolation;
// false for any other node.
func LiteralString(n Node) (string, bool) {
	s, ok := n.(*Str)
	if !ok {
		return "", false
	}
	out := ""
	for _, p := range s.Parts {
		if p.Expr != nil {
			return "", false
		}
		out += p.Lit
	}
	return out, true
}
