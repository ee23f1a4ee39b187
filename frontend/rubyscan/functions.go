package rubyscan

import "strings"

// ParamKind is how a function parameter takes arguments (Puppet's
// param, optional_param, repeated_param, required_repeated_param).
type ParamKind uint8

const (
	Required ParamKind = iota
	Optional
	Repeated         // zero or more
	RequiredRepeated // one or more
)

// BlockKind says whether a signature takes a block (lambda).
type BlockKind uint8

const (
	NoBlock BlockKind = iota
	BlockRequired
	BlockOptional
)

// Param is a parameter of a dispatch.
type Param struct {
	Name string
	Type string // the Puppet type expression as written; "Any" when not given
	Kind ParamKind
}

// Signature is one dispatch of a 4.x function (or the implied dispatch of
// its method, or a 3.x function's arity).
type Signature struct {
	Params    []Param
	Block     BlockKind
	BlockName string
	BlockType string // "" when the block is untyped (Callable)
	Return    string // the return_type, "" when none is declared
}

// Function is a Ruby function found in a file.
type Function struct {
	Name string // as declared (4.x may be qualified)
	API  int    // 3 or 4
	// Signatures are the dispatches; nil when the scan could not read them
	// (then any arguments must be accepted).
	Signatures []Signature
	// Rvalue is set for 3.x functions declared `:type => :rvalue`: only
	// those produce a value.
	Rvalue bool
	// CustomCall is set for 4.x functions that define their own `call`
	// method: it may change the arguments before dispatching (stdlib's
	// validate_legacy adds the scope), so the signatures do not say what
	// callers pass.
	CustomCall bool
}

// Functions4x reads a 4.x function file (Puppet::Functions.create_function).
func Functions4x(path, src string) (fns []*Function, notes []string) {
	toks := lex(src)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || t.text != "create_function" {
			continue
		}
		s := &typeScanner{toks: toks, path: path, i: i}
		args, end := s.callArgs(i + 1)
		if len(args) == 0 || (args[0].kind != tSymbol && args[0].kind != tString) {
			notes = append(notes, path+": create_function with a name that is not a literal")
			continue
		}
		f := &Function{Name: args[0].text, API: 4}
		fns = append(fns, f)
		bodyEnd := blockEnd(toks, end)
		for k := end; k+1 < bodyEnd; k++ {
			if toks[k].kind == tKeyword && toks[k].text == "def" && toks[k+1].text == "call" {
				f.CustomCall = true
			}
		}
		sigs, ok := dispatches(toks[end:bodyEnd], f.Name)
		if ok {
			f.Signatures = sigs
		} else {
			notes = append(notes, path+": dispatch of "+f.Name+" not read")
		}
		i = bodyEnd - 1
	}
	return fns, notes
}

// blockEnd returns the index after the block (do..end or {..}) that starts
// at i, or i when there is none.
func blockEnd(toks []token, i int) int {
	if i >= len(toks) {
		return i
	}
	s := &typeScanner{toks: toks, i: i}
	open := toks[i]
	if !(open.kind == tKeyword && open.text == "do") && !(open.kind == tPunct && open.text == "{") {
		return i
	}
	for s.tok().kind != tEOF {
		before := len(s.stack)
		t := s.tok()
		switch t.kind {
		case tKeyword:
			s.keyword(t)
		case tPunct:
			switch t.text {
			case "{":
				s.push(frame{closer: "}"})
			case "}":
				s.pop("}")
			}
			s.i++
		default:
			s.i++
		}
		if len(s.stack) == 0 && before > 0 {
			return s.i
		}
	}
	return s.i
}

// dispatches reads the dispatch blocks of a function body. Without any,
// Puppet dispatches to the method named after the function, taking its
// Ruby parameters.
func dispatches(body []token, name string) ([]Signature, bool) {
	body = append(body, token{kind: tEOF})
	var sigs []Signature
	found := false
	for i := 0; i < len(body); i++ {
		t := body[i]
		if t.kind != tIdent || (t.text != "dispatch" && t.text != "argument_mismatch") || !startOfStatement(body, i) {
			continue
		}
		found = true
		end := blockEnd(body, skipCallArgs(body, i+1))
		sig, ok := dispatchBody(body[i+1 : end])
		if !ok {
			return nil, false
		}
		if t.text == "dispatch" {
			sigs = append(sigs, sig)
		}
		i = end - 1
	}
	if found {
		return sigs, true
	}
	simple := name
	if k := strings.LastIndex(name, "::"); k >= 0 {
		simple = name[k+2:]
	}
	for i := 0; i+1 < len(body); i++ {
		if body[i].kind == tKeyword && body[i].text == "def" && body[i+1].text == simple {
			sig, ok := methodParams(body[i+2:])
			if !ok {
				return nil, false
			}
			return []Signature{sig}, true
		}
	}
	return nil, false
}

func startOfStatement(toks []token, i int) bool {
	if i == 0 {
		return true
	}
	p := toks[i-1]
	return p.kind == tNewline || (p.kind == tPunct && p.text == ";") || (p.kind == tKeyword && p.text == "do")
}

// skipCallArgs moves past the arguments of a call without parentheses
// (`dispatch :name do`), to its block opener.
func skipCallArgs(toks []token, i int) int {
	for i < len(toks) && toks[i].kind != tEOF && toks[i].kind != tNewline && !(toks[i].kind == tKeyword && toks[i].text == "do") && !(toks[i].kind == tPunct && toks[i].text == "{") {
		i++
	}
	return i
}

// dispatchBody reads the param declarations of one dispatch block.
func dispatchBody(toks []token) (Signature, bool) {
	var sig Signature
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || !startOfStatement(toks, i) {
			continue
		}
		var kind ParamKind
		switch t.text {
		case "param", "required_param":
			kind = Required
		case "optional_param":
			kind = Optional
		case "repeated_param":
			kind = Repeated
		case "required_repeated_param":
			kind = RequiredRepeated
		case "block_param", "required_block_param", "optional_block_param":
			sig.Block = BlockRequired
			if t.text == "optional_block_param" {
				sig.Block = BlockOptional
			}
			args := stmtArgs(toks, i+1)
			for _, a := range args {
				switch a.kind {
				case tSymbol:
					sig.BlockName = a.text
				case tString:
					sig.BlockType = a.text
				}
			}
			if sig.BlockName == "" {
				sig.BlockName = "block"
			}
			continue
		case "return_type":
			if args := stmtArgs(toks, i+1); len(args) == 1 && args[0].kind == tString {
				sig.Return = args[0].text
			}
			continue
		case "scope_param", "local_types", "type":
			continue
		default:
			if strings.HasSuffix(t.text, "_param") {
				return sig, false
			}
			continue
		}
		args := stmtArgs(toks, i+1)
		if len(args) < 2 || args[0].kind != tString || args[len(args)-1].kind != tSymbol {
			return sig, false
		}
		sig.Params = append(sig.Params, Param{Name: args[len(args)-1].text, Type: args[0].text, Kind: kind})
	}
	return sig, true
}

// stmtArgs returns the literal tokens of a call's arguments up to the end
// of the statement, leaving out punctuation.
func stmtArgs(toks []token, i int) []token {
	var out []token
	for ; i < len(toks) && toks[i].kind != tNewline && toks[i].kind != tEOF; i++ {
		if toks[i].kind == tPunct && toks[i].text == ";" {
			break
		}
		if toks[i].kind == tString || toks[i].kind == tSymbol {
			out = append(out, toks[i])
		}
	}
	return out
}

// methodParams reads a Ruby method's parameter list: required, optional
// (with defaults), a splat and a block parameter.
func methodParams(toks []token) (Signature, bool) {
	var sig Signature
	if len(toks) == 0 || toks[0].kind != tPunct || toks[0].text != "(" || toks[0].spaceBefore {
		// no parentheses: parameters up to the newline
		toks = append([]token{{kind: tPunct, text: "("}}, toks...)
	}
	depth := 0
	expectName := true
	kind := Required
	for i := 1; i < len(toks); i++ {
		t := toks[i]
		if depth == 0 && (t.kind == tNewline || (t.kind == tPunct && (t.text == ")" || t.text == ";"))) {
			break
		}
		switch {
		case t.kind == tPunct && (t.text == "(" || t.text == "[" || t.text == "{"):
			depth++
		case t.kind == tPunct && (t.text == ")" || t.text == "]" || t.text == "}"):
			depth--
		case depth > 0:
		case t.kind == tPunct && t.text == ",":
			expectName, kind = true, Required
		case t.kind == tPunct && t.text == "*" && expectName:
			kind = Repeated
		case t.kind == tPunct && t.text == "**":
			return sig, false
		case t.kind == tPunct && t.text == "&" && expectName:
			sig.Block = BlockOptional
			expectName = false
		case t.kind == tPunct && t.text == "=" && len(sig.Params) > 0:
			sig.Params[len(sig.Params)-1].Kind = Optional
		case t.kind == tIdent && expectName:
			sig.Params = append(sig.Params, Param{Name: t.text, Type: "Any", Kind: kind})
			expectName = false
		case t.kind == tLabel:
			return sig, false // keyword arguments
		}
	}
	return sig, true
}

// Functions3x reads a 3.x function file (Puppet::Parser::Functions
// newfunction). The arity option gives its signature: N exactly N
// arguments, -N at least N-1; without it any arguments are accepted.
func Functions3x(path, src string) (fns []*Function, notes []string) {
	toks := lex(src)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || t.text != "newfunction" {
			continue
		}
		s := &typeScanner{toks: toks, path: path, i: i}
		args, end := s.callArgs(i + 1)
		if len(args) == 0 || (args[0].kind != tSymbol && args[0].kind != tString) {
			notes = append(notes, path+": newfunction with a name that is not a literal")
			continue
		}
		f := &Function{Name: args[0].text, API: 3}
		arity, hasArity := 0, false
		for k := 1; k+1 < len(args); k++ {
			a := args[k]
			key := ""
			v := args[k+1]
			if a.kind == tLabel {
				key = a.text
			} else if a.kind == tSymbol && v.text == "=>" && k+2 < len(args) {
				key = a.text
				v = args[k+2]
			}
			switch key {
			case "type":
				f.Rvalue = v.kind == tSymbol && v.text == "rvalue"
			case "arity":
				n, neg := 0, false
				j := k + 1
				if a.kind == tSymbol {
					j = k + 2
				}
				if args[j].text == "-" {
					neg = true
					j++
				}
				if args[j].kind == tNumber {
					for _, c := range args[j].text {
						if c >= '0' && c <= '9' {
							n = n*10 + int(c-'0')
						}
					}
					if neg {
						n = -n
					}
					arity, hasArity = n, true
				}
			}
		}
		if hasArity {
			var sig Signature
			min := arity
			if arity < 0 {
				min = -arity - 1
			}
			for p := 0; p < min; p++ {
				sig.Params = append(sig.Params, Param{Name: "arg", Type: "Any", Kind: Required})
			}
			if arity < 0 {
				sig.Params = append(sig.Params, Param{Name: "args", Type: "Any", Kind: Repeated})
			}
			f.Signatures = []Signature{sig}
		}
		fns = append(fns, f)
		i = end - 1
	}
	return fns, notes
}
