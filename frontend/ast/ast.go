// Package ast is the syntax tree of the Puppet language. It mirrors Puppet 7's
// own model (pops/model/ast.pp) class for class, so that every later stage
// can follow Puppet's source where it dispatches on model classes.
//
// Every node carries its span: a byte offset into its file and a byte length.
// The file itself is kept once, in the Program.
package ast

import (
	"math/big"
	"strings"

	"github.com/pp2go/pp2go/frontend/source"
)

// Loc is the span of a node in its file: a byte offset and length. They
// are 32-bit because every node has one and files are far below 2 GiB.
type Loc struct {
	Offset int32
	Length int32
}

// Span returns the node's span.
func (l *Loc) Span() Loc { return *l }

// SetSpan sets the node's span.
func (l *Loc) SetSpan(s Loc) { *l = s }

// End returns the offset just after the node.
func (l Loc) End() int32 { return l.Offset + l.Length }

// Positioned is any node with a span.
type Positioned interface {
	Span() Loc
	SetSpan(Loc)
}

// Expr is an expression: everything that can appear where Puppet's model
// allows an Expression.
type Expr interface {
	Positioned
	exprNode()
}

// Program is a parsed file: its body and the definitions found in it.
type Program struct {
	Body        Expr
	Definitions []Definition
	File        *source.File
}

// Position resolves a node's span in the program's file.
func (p *Program) Position(n Positioned) source.Position {
	s := n.Span()
	return p.File.Position(int(s.Offset), int(s.Length))
}

// ---- literals ----

type (
	// Nop is an empty expression (an empty program, a missing branch).
	Nop struct{ Loc }

	LiteralString struct {
		Loc
		Value string
	}
	// LiteralInteger keeps its radix because Puppet's dump shows it. Big is set
	// (and Value is meaningless) when the literal does not fit 64 bits; the
	// validator reports it.
	LiteralInteger struct {
		Loc
		Value int64
		Big   *big.Int
		Radix int
	}
	LiteralFloat struct {
		Loc
		Value float64
	}
	LiteralBoolean struct {
		Loc
		Value bool
	}
	LiteralUndef   struct{ Loc }
	LiteralDefault struct{ Loc }
	// LiteralRegularExpression holds the pattern between the slashes, with
	// escaped slashes unescaped.
	LiteralRegularExpression struct {
		Loc
		Pattern string
	}
	// QualifiedName is a bare lower-case name (a function name, a bare word).
	QualifiedName struct {
		Loc
		Value string
	}
	// QualifiedReference is a capitalized name: a type or resource reference.
	QualifiedReference struct {
		Loc
		CasedValue string
	}
	// ReservedWord is a reserved word used as a value (attr, private).
	ReservedWord struct {
		Loc
		Word   string
		Future bool
	}
	LiteralList struct {
		Loc
		Values []Expr
	}
	LiteralHash struct {
		Loc
		Entries []*KeyedEntry
		// Unfolded marks a hash written without braces in an argument list;
		// adjacent unfolded hashes are merged while parsing.
		Unfolded bool
	}
	KeyedEntry struct {
		Loc
		Key   Expr
		Value Expr
	}
	// ConcatenatedString is a double quoted string with interpolation.
	ConcatenatedString struct {
		Loc
		Segments []Expr
	}
	HeredocExpression struct {
		Loc
		Syntax string
		Text   Expr
	}
)

// Value is the lower-cased name, the form Puppet compares and looks up.
func (q *QualifiedReference) Value() string { return strings.ToLower(q.CasedValue) }

// ---- unary expressions ----

type (
	ParenthesizedExpression struct {
		Loc
		Expr Expr
	}
	NotExpression struct {
		Loc
		Expr Expr
	}
	UnaryMinusExpression struct {
		Loc
		Expr Expr
	}
	// UnfoldExpression is the splat `*expr`.
	UnfoldExpression struct {
		Loc
		Expr Expr
	}
	// VariableExpression is `$name`; Expr is a QualifiedName (or, from string
	// interpolation, a LiteralInteger for `${1}`-like forms).
	VariableExpression struct {
		Loc
		Expr Expr
	}
	// TextExpression is an interpolated expression inside a string.
	TextExpression struct {
		Loc
		Expr Expr
	}
	// RenderExpression is EPP's `<%= expr %>`.
	RenderExpression struct {
		Loc
		Expr Expr
	}
	// RenderStringExpression is EPP template text.
	RenderStringExpression struct {
		Loc
		Value string
	}
)

// ---- binary expressions ----

type (
	AssignmentExpression struct {
		Loc
		Op          string // = += -=
		Left, Right Expr
	}
	ArithmeticExpression struct {
		Loc
		Op          string // + - * / % << >>
		Left, Right Expr
	}
	RelationshipExpression struct {
		Loc
		Op          string // -> <- ~> <~
		Left, Right Expr
	}
	ComparisonExpression struct {
		Loc
		Op          string // == != < <= > >=
		Left, Right Expr
	}
	MatchExpression struct {
		Loc
		Op          string // =~ !~
		Left, Right Expr
	}
	InExpression struct {
		Loc
		Left, Right Expr
	}
	AndExpression struct {
		Loc
		Left, Right Expr
	}
	OrExpression struct {
		Loc
		Left, Right Expr
	}
	// NamedAccessExpression is `left.name`, the functor of a method call.
	NamedAccessExpression struct {
		Loc
		Left, Right Expr
	}
	AccessExpression struct {
		Loc
		Left Expr
		Keys []Expr
	}
)

// ---- control flow and blocks ----

type (
	BlockExpression struct {
		Loc
		Statements []Expr
	}
	IfExpression struct {
		Loc
		Test       Expr
		Then, Else Expr // nil when absent
	}
	UnlessExpression struct {
		Loc
		Test       Expr
		Then, Else Expr
	}
	CaseExpression struct {
		Loc
		Test    Expr
		Options []*CaseOption
	}
	CaseOption struct {
		Loc
		Values []Expr
		Then   Expr // nil when the option's block is empty
	}
	SelectorExpression struct {
		Loc
		Left      Expr
		Selectors []*SelectorEntry
	}
	SelectorEntry struct {
		Loc
		Match, Value Expr
	}
)

// ---- calls and lambdas ----

type (
	// CallNamedFunctionExpression is `f(args)` or a statement call `include x`.
	// RvalRequired is false where the call is a statement of its own.
	CallNamedFunctionExpression struct {
		Loc
		Functor      Expr
		Args         []Expr
		Lambda       *LambdaExpression
		RvalRequired bool
	}
	// CallMethodExpression is `x.f(args)`; Functor is a NamedAccessExpression.
	CallMethodExpression struct {
		Loc
		Functor      Expr
		Args         []Expr
		Lambda       *LambdaExpression
		RvalRequired bool
	}
	LambdaExpression struct {
		Loc
		Params     []*Parameter
		Body       Expr
		ReturnType Expr
	}
	Parameter struct {
		Loc
		Name         string
		Value        Expr // default value
		Type         Expr
		CapturesRest bool
	}
)

// ---- definitions ----

// Definition is a class, define, function, plan, node, type alias, type
// mapping or type definition.
type Definition interface {
	Expr
	definitionNode()
}

type (
	HostClassDefinition struct {
		Loc
		Name        string
		Params      []*Parameter
		ParentClass string // "" when the class inherits nothing
		Body        Expr
	}
	ResourceTypeDefinition struct {
		Loc
		Name   string
		Params []*Parameter
		Body   Expr
	}
	FunctionDefinition struct {
		Loc
		Name       string
		Params     []*Parameter
		Body       Expr
		ReturnType Expr
	}
	PlanDefinition struct {
		Loc
		Name       string
		Params     []*Parameter
		Body       Expr
		ReturnType Expr
	}
	NodeDefinition struct {
		Loc
		HostMatches []Expr
		Parent      Expr
		Body        Expr
	}
	TypeAlias struct {
		Loc
		Name     string
		TypeExpr Expr
	}
	TypeMapping struct {
		Loc
		TypeExpr    Expr
		MappingExpr Expr
	}
	TypeDefinition struct {
		Loc
		Name   string
		Parent string
		Body   Expr
	}
)

// ---- resources ----

// Resource forms.
const (
	Regular  = "regular"
	Virtual  = "virtual"
	Exported = "exported"
)

// AbstractResource is a resource, resource defaults or override expression:
// the expressions that `@` and `@@` apply to.
type AbstractResource interface {
	Expr
	ResourceForm() string
	SetResourceForm(string)
}

type (
	ResourceExpression struct {
		Loc
		Form     string
		TypeName Expr
		Bodies   []*ResourceBody
	}
	ResourceBody struct {
		Loc
		Title      Expr
		Operations []AttributeOp
	}
	ResourceDefaultsExpression struct {
		Loc
		Form       string
		TypeRef    Expr
		Operations []AttributeOp
	}
	ResourceOverrideExpression struct {
		Loc
		Form       string
		Resources  Expr
		Operations []AttributeOp
	}
	CollectExpression struct {
		Loc
		TypeExpr   Expr
		Query      Expr // *VirtualQuery or *ExportedQuery
		Operations []AttributeOp
	}
	VirtualQuery struct {
		Loc
		Expr Expr // nil when the query is empty
	}
	ExportedQuery struct {
		Loc
		Expr Expr
	}
)

// AttributeOp is an AttributeOperation (`name => value`, `name +> value`) or
// an AttributesOperation (`* => hash`).
type AttributeOp interface {
	Positioned
	attributeOpNode()
}

type (
	AttributeOperation struct {
		Loc
		Name  string
		Op    string // => or +>
		Value Expr
	}
	AttributesOperation struct {
		Loc
		Expr Expr
	}
)

func (r *ResourceExpression) ResourceForm() string             { return r.Form }
func (r *ResourceDefaultsExpression) ResourceForm() string     { return r.Form }
func (r *ResourceOverrideExpression) ResourceForm() string     { return r.Form }
func (r *ResourceExpression) SetResourceForm(f string)         { r.Form = f }
func (r *ResourceDefaultsExpression) SetResourceForm(f string) { r.Form = f }
func (r *ResourceOverrideExpression) SetResourceForm(f string) { r.Form = f }

// ---- EPP and Bolt-only expressions ----

type (
	// EppExpression is the body of an EPP template; the template itself is a
	// LambdaExpression whose body is this.
	EppExpression struct {
		Loc
		ParamsSpecified bool
		Body            Expr
	}
	// ApplyExpression and ApplyBlockExpression exist only with Puppet's
	// --tasks setting; the grammar keeps them so that it stays Puppet's.
	ApplyExpression struct {
		Loc
		Args []Expr
		Body Expr
	}
	ApplyBlockExpression struct {
		Loc
		Statements []Expr
	}
)

func (*Nop) exprNode()                         {}
func (*LiteralString) exprNode()               {}
func (*LiteralInteger) exprNode()              {}
func (*LiteralFloat) exprNode()                {}
func (*LiteralBoolean) exprNode()              {}
func (*LiteralUndef) exprNode()                {}
func (*LiteralDefault) exprNode()              {}
func (*LiteralRegularExpression) exprNode()    {}
func (*QualifiedName) exprNode()               {}
func (*QualifiedReference) exprNode()          {}
func (*ReservedWord) exprNode()                {}
func (*LiteralList) exprNode()                 {}
func (*LiteralHash) exprNode()                 {}
func (*ConcatenatedString) exprNode()          {}
func (*HeredocExpression) exprNode()           {}
func (*ParenthesizedExpression) exprNode()     {}
func (*NotExpression) exprNode()               {}
func (*UnaryMinusExpression) exprNode()        {}
func (*UnfoldExpression) exprNode()            {}
func (*VariableExpression) exprNode()          {}
func (*TextExpression) exprNode()              {}
func (*RenderExpression) exprNode()            {}
func (*RenderStringExpression) exprNode()      {}
func (*AssignmentExpression) exprNode()        {}
func (*ArithmeticExpression) exprNode()        {}
func (*RelationshipExpression) exprNode()      {}
func (*ComparisonExpression) exprNode()        {}
func (*MatchExpression) exprNode()             {}
func (*InExpression) exprNode()                {}
func (*AndExpression) exprNode()               {}
func (*OrExpression) exprNode()                {}
func (*NamedAccessExpression) exprNode()       {}
func (*AccessExpression) exprNode()            {}
func (*BlockExpression) exprNode()             {}
func (*IfExpression) exprNode()                {}
func (*UnlessExpression) exprNode()            {}
func (*CaseExpression) exprNode()              {}
func (*CaseOption) exprNode()                  {}
func (*SelectorExpression) exprNode()          {}
func (*KeyedEntry) exprNode()                  {}
func (*CallNamedFunctionExpression) exprNode() {}
func (*CallMethodExpression) exprNode()        {}
func (*LambdaExpression) exprNode()            {}
func (*HostClassDefinition) exprNode()         {}
func (*ResourceTypeDefinition) exprNode()      {}
func (*FunctionDefinition) exprNode()          {}
func (*PlanDefinition) exprNode()              {}
func (*NodeDefinition) exprNode()              {}
func (*TypeAlias) exprNode()                   {}
func (*TypeMapping) exprNode()                 {}
func (*TypeDefinition) exprNode()              {}
func (*ResourceExpression) exprNode()          {}
func (*ResourceDefaultsExpression) exprNode()  {}
func (*ResourceOverrideExpression) exprNode()  {}
func (*CollectExpression) exprNode()           {}
func (*VirtualQuery) exprNode()                {}
func (*ExportedQuery) exprNode()               {}
func (*EppExpression) exprNode()               {}
func (*ApplyExpression) exprNode()             {}
func (*ApplyBlockExpression) exprNode()        {}

func (*HostClassDefinition) definitionNode()    {}
func (*ResourceTypeDefinition) definitionNode() {}
func (*FunctionDefinition) definitionNode()     {}
func (*PlanDefinition) definitionNode()         {}
func (*NodeDefinition) definitionNode()         {}
func (*TypeAlias) definitionNode()              {}
func (*TypeMapping) definitionNode()            {}
func (*TypeDefinition) definitionNode()         {}

func (*AttributeOperation) attributeOpNode()  {}
func (*AttributesOperation) attributeOpNode() {}
