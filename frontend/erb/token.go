package erb

import "strconv"

// tokKind is the kind of a Ruby token.
type tokKind uint8

const (
	tEOF     tokKind = iota
	tNL              // a newline that ends a statement, or ';'
	tIdent           // local variable or method name (foo, foo?, foo!)
	tConst           // Foo
	tIVar            // @foo
	tGVar            // $foo, $~, $!
	tNthRef          // $1
	tInt             // 12
	tFloat           // 1.5
	tString          // '..' "..", %q %Q %(), ?c
	tSymbol          // :foo
	tDSym            // :"foo#{x}"
	tRegexp          // /../ %r{..}
	tWords           // %w[] %i[] %W[]
	tXString         // `cmd` %x(cmd), in function files
	tLabel           // foo: (a hash key or keyword argument)
	tKeyword         // if, unless, end, ...
	tOp              // operators and punctuation
)

func (k tokKind) String() string {
	switch k {
	case tEOF:
		return "end-of-input"
	case tNL:
		return "'\\n'"
	case tIdent:
		return "local variable or method"
	case tConst:
		return "constant"
	case tIVar:
		return "instance variable"
	case tGVar, tNthRef:
		return "global variable"
	case tInt:
		return "integer literal"
	case tFloat:
		return "float literal"
	case tString:
		return "string literal"
	case tSymbol, tDSym:
		return "symbol literal"
	case tRegexp:
		return "regexp literal"
	case tWords:
		return "word list"
	case tXString:
		return "command literal"
	case tLabel:
		return "label"
	case tKeyword:
		return "keyword"
	}
	return "operator"
}

// strPart is a piece of a string-like literal: literal text, or code to
// interpolate (its source and offset in the program).
type strPart struct {
	lit    string
	code   string
	off    int
	isCode bool
}

// token is one Ruby token.
type token struct {
	kind  tokKind
	s     string    // identifier, keyword, operator or literal text
	parts []strPart // string-like literals
	words [][]strPart
	flags string // regexp options; 'i' for %i word lists
	off   int    // offset in the program
	end   int    // offset after the token
	space bool   // whitespace right before the token
}

func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end-of-input"
	case tNL:
		if t.s == ";" {
			return "';'"
		}
		return "'\\n'"
	case tKeyword:
		return "'" + t.s + "'"
	case tOp:
		return "'" + opText(t.s) + "'"
	case tIdent, tConst, tIVar, tGVar, tNthRef, tLabel:
		return t.kind.String() + " " + strconv.Quote(t.s)
	}
	return t.kind.String()
}

// opText is the source text of an operator token (the lexer marks the
// space-sensitive forms with a suffix).
func opText(s string) string {
	switch s {
	case "(call", "(arg":
		return "("
	case "[lit":
		return "["
	case "{blk", "{lit":
		return "{"
	case "-@":
		return "-"
	case "+@":
		return "+"
	case "*@":
		return "*"
	case "**@":
		return "**"
	case "&@":
		return "&"
	case "::@":
		return "::"
	}
	return s
}

var keywords = map[string]bool{
	"alias": true, "and": true, "begin": true, "BEGIN": true, "break": true,
	"case": true, "class": true, "def": true, "defined?": true, "do": true,
	"else": true, "elsif": true, "end": true, "END": true, "ensure": true,
	"false": true, "for": true, "if": true, "in": true, "module": true,
	"next": true, "nil": true, "not": true, "or": true, "redo": true,
	"rescue": true, "retry": true, "return": true, "self": true, "super": true,
	"then": true, "true": true, "undef": true, "unless": true, "until": true,
	"when": true, "while": true, "yield": true, "__FILE__": true,
	"__LINE__": true, "__ENCODING__": true,
}
