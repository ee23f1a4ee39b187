package erb

import (
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"github.com/pp2go/pp2go/rt/values"
)

// YAML output (#to_yaml, YAML.dump) as Ruby 3.1's Psych 4 produces it
// through libyaml's emitter: Psych picks a scalar style for each string
// (plain, quoted, literal), libyaml checks which styles the text allows,
// indents by 2 with sequences in mappings not indented, writes empty
// collections as [] and {}, and folds long lines at 80 columns.

type yamlStyle int

const (
	yPlain yamlStyle = iota
	ySingle
	yDouble
	yLiteral
)

type yamlEmitter struct {
	b          strings.Builder
	column     int
	indent     int
	indents    []int
	whitespace bool
	indention  bool
	openEnded  int
}

// YAML is what Ruby's to_yaml writes for a Puppet value as Puppet hands
// it to Ruby (FromPuppet): puppet lookup's output. An error says what
// pp2go cannot write (a value Psych dumps as a Ruby object).
func YAML(v values.Value) (out string, err error) {
	defer func() {
		if p := recover(); p != nil {
			re, ok := p.(*RubyError)
			if !ok {
				panic(p)
			}
			err = re
		}
	}()
	return yamlDump(FromPuppet(v)), nil
}

func yamlDump(v Value) string {
	e := &yamlEmitter{indent: -1, whitespace: true, indention: true}
	e.writeIndicator("---", true, false, false)
	e.node(v, true, false, false)
	e.writeIndent()
	if e.openEnded == 2 {
		e.writeIndicator("...", true, false, false)
		e.writeIndent()
	}
	return e.b.String()
}

func (e *yamlEmitter) put(s string) {
	e.b.WriteString(s)
	e.column += utf8.RuneCountInString(s)
}

// writeBreak writes a line break of a scalar's text as libyaml's
// WRITE_BREAK does: a line feed as the emitter's break, another (CR, NEL,
// LS, PS) as it is.
func (e *yamlEmitter) writeBreak(c rune) {
	if c == '\n' {
		e.putBreak()
		return
	}
	e.b.WriteRune(c)
	e.column = 0
}

func (e *yamlEmitter) putBreak() {
	e.b.WriteByte('\n')
	e.column = 0
}

func (e *yamlEmitter) writeIndicator(ind string, needWS, isWS, isIndention bool) {
	if needWS && !e.whitespace {
		e.put(" ")
	}
	e.put(ind)
	e.whitespace = isWS
	e.indention = e.indention && isIndention
	e.openEnded = 0
}

func (e *yamlEmitter) writeIndent() {
	indent := max(e.indent, 0)
	if !e.indention || e.column > indent || e.column == indent && !e.whitespace {
		e.putBreak()
	}
	for e.column < indent {
		e.put(" ")
	}
	e.whitespace = true
	e.indention = true
}

func (e *yamlEmitter) increaseIndent(flow, indentless bool) {
	e.indents = append(e.indents, e.indent)
	if e.indent < 0 {
		if flow {
			e.indent = 2
		} else {
			e.indent = 0
		}
	} else if !indentless {
		e.indent += 2
	}
}

func (e *yamlEmitter) popIndent() {
	e.indent = e.indents[len(e.indents)-1]
	e.indents = e.indents[:len(e.indents)-1]
}

// key emits a block mapping's key and its ':', simple or complex
// (simpleKey).
func (e *yamlEmitter) key(k Value) {
	e.writeIndent()
	if simpleKey(k) {
		e.node(k, false, true, true)
		e.writeIndicator(":", false, false, false)
		return
	}
	e.writeIndicator("?", true, false, true)
	e.node(k, false, true, false)
	e.writeIndent()
	e.writeIndicator(":", true, false, true)
}

// node emits a value; root, mappingValue and simpleKey are libyaml's
// contexts.
func (e *yamlEmitter) node(v Value, root, mappingCtx, simpleKey bool) {
	switch x := v.(type) {
	case *Hash:
		if x.Len() == 0 {
			e.writeIndicator("{}", true, false, false)
			return
		}
		e.increaseIndent(false, false)
		for i, k := range x.Keys() {
			e.key(k)
			e.node(x.Values()[i], false, true, false)
		}
		e.popIndent()
	case *Array:
		if len(x.A) == 0 {
			e.writeIndicator("[]", true, false, false)
			return
		}
		e.increaseIndent(false, mappingCtx && !e.indention)
		for _, el := range x.A {
			e.writeIndent()
			e.writeIndicator("-", true, false, true)
			e.node(el, false, false, false)
		}
		e.popIndent()
	case *Object:
		tag, ivars, ok := yamlObject(x)
		if !ok || simpleKey {
			e.scalar(v, root, simpleKey)
			return
		}
		// Psych's dump of a Ruby object: its class as a tag, its
		// instance variables as a mapping
		e.writeIndicator("!ruby/object:"+tag, true, false, false)
		e.increaseIndent(false, false)
		for i := 0; i < len(ivars); i += 2 {
			e.writeIndent()
			e.scalar(ivars[i], false, true)
			e.writeIndicator(":", false, false, false)
			e.node(ivars[i+1], false, true, false)
		}
		e.popIndent()
	default:
		e.scalar(v, root, simpleKey)
	}
}

// yamlObject is the class and the instance variables (name, value in
// turn, in the order Puppet's initialize sets them) of a Puppet object
// Psych dumps as a Ruby object: a resource reference or type
// (PResourceType), a class reference (PClassType).
func yamlObject(o *Object) (class string, ivars []Value, ok bool) {
	str := func(s string, set bool) Value {
		if !set {
			return nil
		}
		return S(s)
	}
	switch t := o.V.(type) {
	case *values.ResourceType:
		if t.Ruby {
			return "", nil, false // a Puppet::Resource, not a type
		}
		named := t.TypeName != ""
		return "Puppet::Pops::Types::PResourceType", []Value{
			S("type_name"), str(t.TypeName, named),
			S("title"), str(t.Title, t.HasTitle),
			S("downcased_name"), str(strings.ToLower(t.TypeName), named),
		}, true
	case *values.ClassType:
		return "Puppet::Pops::Types::PClassType", []Value{S("class_name"), str(t.ClassName, t.ClassName != "")}, true
	}
	return "", nil, false
}

var (
	reYAMLNonWordStart = lazyre.New(`(?m)^[^\p{L}\p{M}\p{Nd}\p{Pc}][^"]*$`)
	reYAMLOctal89      = lazyre.New(`\A0[0-7]*[89]`)
)

// yamlScalar is a scalar as Psych hands it to libyaml: its text, the
// style it asks for, its tag ("" for none), and whether a quoted style
// needs no tag (quoted_implicit: Strings only; a quoted Symbol or nil is
// tagged "!", and numbers and booleans are never quoted).
type yamlScalar struct {
	text           string
	style          yamlStyle
	tag            string
	quotedImplicit bool
}

// yamlScalarOf is v as Psych's YAMLTree hands it to the emitter.
func yamlScalarOf(v Value) yamlScalar {
	switch x := v.(type) {
	case nil:
		return yamlScalar{}
	case bool:
		return yamlScalar{text: ToS(x)}
	case int64:
		return yamlScalar{text: ToS(x)}
	case *bigInteger:
		return yamlScalar{text: x.n.String()}
	case float64:
		text := floatToS(x)
		switch {
		case x != x:
			text = ".nan"
		case x > 1.7976931348623157e308:
			text = ".inf"
		case x < -1.7976931348623157e308:
			text = "-.inf"
		}
		return yamlScalar{text: text}
	case Symbol:
		if x == "" {
			return yamlScalar{tag: "!ruby/symbol"}
		}
		return yamlScalar{text: ":" + string(x)}
	case *Str:
		if !utf8.ValidString(x.S) {
			raise(ClassNoMethodError, "pp2go: YAML of binary strings is not supported")
		}
		if x.S == "<<" {
			return yamlScalar{text: x.S, style: ySingle, tag: "!!str"}
		}
		return yamlScalar{text: x.S, style: psychStringStyle(x.S), quotedImplicit: true}
	}
	raise(ClassNoMethodError, "pp2go: YAML of %s is not supported", classOf(v).Name)
	return yamlScalar{}
}

// simpleKey reports whether libyaml writes k as a simple key (key: value)
// rather than a complex one (? key, then : value): an empty collection,
// or a scalar on one line of at most 128 bytes, its tag's counted
// (yaml_emitter_check_simple_key).
func simpleKey(k Value) bool {
	switch x := k.(type) {
	case *Hash:
		return x.Len() == 0
	case *Array:
		return len(x.A) == 0
	case *Object:
		if _, _, ok := yamlObject(x); ok {
			return false
		}
	}
	sc := yamlScalarOf(k)
	return !analyzeYAML(sc.text).multiline && len(sc.tag)+len(sc.text) <= 128
}

// scalar emits a scalar with the style Psych asks for and libyaml allows.
func (e *yamlEmitter) scalar(v Value, root, simpleKey bool) {
	sc := yamlScalarOf(v)
	text, style := sc.text, sc.style
	a := analyzeYAML(text)
	switch style {
	case yPlain:
		if !a.blockPlain || text == "" && simpleKey {
			style = ySingle
		}
	}
	if style == ySingle && !a.singleQuoted {
		style = yDouble
	}
	if style == yLiteral && (!a.block || simpleKey) {
		style = yDouble
	}
	tag := sc.tag
	if tag == "" && style != yPlain && !sc.quotedImplicit {
		tag = "!"
	}
	if tag != "" {
		e.writeIndicator(tag, true, false, false)
	}
	e.increaseIndent(true, false)
	switch style {
	case yPlain:
		if text != "" {
			e.writePlain(text, !simpleKey)
		}
		if root {
			e.openEnded = 1
		}
	case ySingle:
		e.writeSingle(text, !simpleKey)
	case yDouble:
		e.writeDouble(text, !simpleKey)
	case yLiteral:
		e.writeLiteral(text)
	}
	e.popIndent()
}

// yamlMultiline is Psych's /\n(?!\Z)/: a newline that is not the last
// character nor followed only by a final newline.
func yamlMultiline(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			rest := s[i+1:]
			if rest != "" && rest != "\n" {
				return true
			}
		}
	}
	return false
}

// psychStringStyle is the style Psych's YAMLTree asks for a String.
func psychStringStyle(s string) yamlStyle {
	switch {
	case yamlMultiline(s):
		return yLiteral
	case s == "<<":
		return ySingle
	case s == "y" || s == "n":
		return yDouble
	case reYAMLNonWordStart.MatchString(s):
		return yDouble
	case !psychIsString(s) || reYAMLOctal89.MatchString(s):
		return ySingle
	}
	return yPlain
}

var (
	rePsychWordy   = lazyre.New(`(?m)^[^\d.:-]?[\p{L}\p{M}_\s!@#$%\^&*(){}<>|/\\~;=]+`)
	rePsychTime    = lazyre.New(`(?m)^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$`)
	rePsychDate    = lazyre.New(`(?m)^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$`)
	rePsychInf     = lazyre.New(`(?im)^[-+]?\.inf$`)
	rePsychNan     = lazyre.New(`(?im)^\.nan$`)
	rePsychSym     = lazyre.New(`(?m)^:.`)
	rePsychSexaInt = lazyre.New(`(?m)^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$`)
	rePsychSexaFlt = lazyre.New(`(?m)^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*$`)
	rePsychFloat   = lazyre.New(`(?m)^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?)$`)
	rePsychInt     = lazyre.New(`(?m)^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$`)
	rePsychNotYTON = lazyre.New(`(?im)^[^ytonf~]`)
	rePsychNull    = lazyre.New(`(?im)^null$`)
	rePsychBool    = lazyre.New(`(?im)^(yes|true|on|no|false|off)$`)
)

// psychIsString reports whether Psych's ScalarScanner reads s back as a
// String (rather than nil, a boolean, a number, a time or a symbol).
func psychIsString(s string) bool {
	if s == "" {
		return false
	}
	if rePsychWordy.MatchString(s) || strings.Contains(s, "\n") {
		if utf8.RuneCountInString(s) > 5 {
			return true
		}
		switch {
		case rePsychNotYTON.MatchString(s):
			return true
		case s == "~" || rePsychNull.MatchString(s):
			return false
		case rePsychBool.MatchString(s):
			return false
		}
		return true
	}
	switch {
	case rePsychTime.MatchString(s), rePsychDate.MatchString(s):
		return false
	case rePsychInf.MatchString(s), rePsychNan.MatchString(s):
		return false
	case rePsychSym.MatchString(s):
		return false
	case rePsychSexaInt.MatchString(s), rePsychSexaFlt.MatchString(s):
		return false
	case rePsychFloat.MatchString(s):
		trimmed := strings.TrimLeft(s, "+-")
		return trimmed == "."
	case rePsychInt.MatchString(s):
		_, ok := parseIntegerStrict(strings.NewReplacer(",", "", "_", "").Replace(s), 0)
		if !ok {
			// Integer() raises inside Psych: the dump fails
			raise(ClassArgumentError, "invalid value for Integer(): %s", inspectString(strings.NewReplacer(",", "", "_", "").Replace(s)))
		}
		return false
	}
	return true
}

type yamlAnalysis struct {
	multiline                       bool
	blockPlain, singleQuoted, block bool
}

// yamlPrintable is libyaml's IS_PRINTABLE, which tests UTF-8 bytes: no
// NEL (0x85), and no character past the BMP (libyaml has no case for
// four bytes), which the emitter escapes in double quotes ("\U0001F600").
func yamlPrintable(r rune) bool {
	return r == 0x0A || r >= 0x20 && r <= 0x7E || r >= 0xA0 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD && r != 0xFEFF
}

func isYBreak(r rune) bool { return r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029 }

func isYBlankZ(rs []rune, i int) bool {
	if i >= len(rs) {
		return true
	}
	r := rs[i]
	return r == ' ' || r == '\t' || isYBreak(r) || r == 0
}

// analyzeYAML is libyaml's analysis of which styles can carry the text.
func analyzeYAML(s string) yamlAnalysis {
	if s == "" {
		return yamlAnalysis{blockPlain: true, singleQuoted: true}
	}
	rs := []rune(s)
	var flowInd, blockInd, lineBreaks, special bool
	var leadingSpace, leadingBreak, trailingSpace, trailingBreak, breakSpace, spaceBreak bool
	var prevSpace, prevBreak bool
	if strings.HasPrefix(s, "---") || strings.HasPrefix(s, "...") {
		blockInd, flowInd = true, true
	}
	preceded := true
	followed := isYBlankZ(rs, 1)
	for i, c := range rs {
		if i == 0 {
			switch c {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				flowInd, blockInd = true, true
			case '?', ':':
				flowInd = true
				if followed {
					blockInd = true
				}
			case '-':
				if followed {
					flowInd, blockInd = true, true
				}
			}
		} else {
			switch c {
			case ',', '?', '[', ']', '{', '}':
				flowInd = true
			case ':':
				flowInd = true
				if followed {
					blockInd = true
				}
			case '#':
				if preceded {
					flowInd, blockInd = true, true
				}
			}
		}
		if !yamlPrintable(c) {
			special = true
		}
		if isYBreak(c) {
			lineBreaks = true
		}
		switch {
		case c == ' ':
			if i == 0 {
				leadingSpace = true
			}
			if i == len(rs)-1 {
				trailingSpace = true
			}
			if prevBreak {
				breakSpace = true
			}
			prevSpace, prevBreak = true, false
		case isYBreak(c):
			if i == 0 {
				leadingBreak = true
			}
			if i == len(rs)-1 {
				trailingBreak = true
			}
			if prevSpace {
				spaceBreak = true
			}
			prevBreak, prevSpace = true, false
		default:
			prevSpace, prevBreak = false, false
		}
		preceded = isYBlankZ(rs, i)
		followed = isYBlankZ(rs, i+2)
	}
	a := yamlAnalysis{multiline: lineBreaks, blockPlain: true, singleQuoted: true, block: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak {
		a.blockPlain = false
	}
	if trailingSpace {
		a.block = false
	}
	if breakSpace {
		a.blockPlain, a.singleQuoted = false, false
	}
	if spaceBreak || special {
		a.blockPlain, a.singleQuoted, a.block = false, false, false
	}
	if lineBreaks {
		a.blockPlain = false
	}
	if blockInd {
		a.blockPlain = false
	}
	_ = flowInd
	return a
}

const yamlWidth = 80

func (e *yamlEmitter) writePlain(s string, allowBreaks bool) {
	if !e.whitespace && s != "" {
		e.put(" ")
	}
	rs := []rune(s)
	spaces, breaks := false, false
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == ' ':
			if allowBreaks && !spaces && e.column > yamlWidth && !(i+1 < len(rs) && rs[i+1] == ' ') {
				e.writeIndent()
			} else {
				e.put(" ")
			}
			spaces = true
		case isYBreak(c):
			if !breaks && c == '\n' {
				e.putBreak()
			}
			e.writeBreak(c)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			e.put(string(c))
			e.indention = false
			spaces, breaks = false, false
		}
	}
	e.whitespace = false
	e.indention = false
}

func (e *yamlEmitter) writeSingle(s string, allowBreaks bool) {
	e.writeIndicator("'", true, false, false)
	rs := []rune(s)
	spaces, breaks := false, false
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == ' ':
			if allowBreaks && !spaces && e.column > yamlWidth && i != 0 && i != len(rs)-1 && !(i+1 < len(rs) && rs[i+1] == ' ') {
				e.writeIndent()
			} else {
				e.put(" ")
			}
			spaces = true
		case isYBreak(c):
			if !breaks && c == '\n' {
				e.putBreak()
			}
			e.writeBreak(c)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			if c == '\'' {
				e.put("'")
			}
			e.put(string(c))
			e.indention = false
			spaces, breaks = false, false
		}
	}
	if breaks {
		e.writeIndent()
	}
	e.writeIndicator("'", false, false, false)
}

func (e *yamlEmitter) writeDouble(s string, allowBreaks bool) {
	e.writeIndicator("\"", true, false, false)
	rs := []rune(s)
	spaces := false
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		if !yamlPrintable(c) || c == 0xFEFF || isYBreak(c) || c == '"' || c == '\\' {
			e.put("\\")
			switch c {
			case 0:
				e.put("0")
			case 7:
				e.put("a")
			case 8:
				e.put("b")
			case 9:
				e.put("t")
			case 0xA:
				e.put("n")
			case 0xB:
				e.put("v")
			case 0xC:
				e.put("f")
			case 0xD:
				e.put("r")
			case 0x1B:
				e.put("e")
			case '"':
				e.put("\"")
			case '\\':
				e.put("\\")
			case 0x85:
				e.put("N")
			case 0xA0:
				e.put("_")
			case 0x2028:
				e.put("L")
			case 0x2029:
				e.put("P")
			default:
				switch {
				case c <= 0xFF:
					e.put("x" + strings.ToUpper(hex2(byte(c))))
				case c <= 0xFFFF:
					e.put("u" + strings.ToUpper(padHex(int(c), 4)))
				default:
					e.put("U" + strings.ToUpper(padHex(int(c), 8)))
				}
			}
			spaces = false
			continue
		}
		if c == ' ' {
			if allowBreaks && !spaces && e.column > yamlWidth && i != 0 && i != len(rs)-1 {
				e.writeIndent()
				if i+1 < len(rs) && rs[i+1] == ' ' {
					e.put("\\")
				}
			} else {
				e.put(" ")
			}
			spaces = true
			continue
		}
		e.put(string(c))
		spaces = false
	}
	e.writeIndicator("\"", false, false, false)
}

func padHex(n, w int) string {
	s := ""
	for n > 0 {
		s = string("0123456789abcdef"[n%16]) + s
		n /= 16
	}
	for len(s) < w {
		s = "0" + s
	}
	return s
}

func (e *yamlEmitter) writeLiteral(s string) {
	e.writeIndicator("|", true, false, false)
	rs := []rune(s)
	hint := ""
	if len(rs) > 0 && (rs[0] == ' ' || isYBreak(rs[0])) {
		hint = "2"
	}
	e.openEnded = 0
	chomp := ""
	switch {
	case len(rs) == 0:
		chomp = "-"
	case !isYBreak(rs[len(rs)-1]):
		chomp = "-"
	case len(rs) == 1:
		chomp = "+"
		e.openEnded = 2
	case isYBreak(rs[len(rs)-2]):
		chomp = "+"
		e.openEnded = 2
	}
	if hint+chomp != "" {
		e.put(hint + chomp)
	}
	e.putBreak()
	e.indention = true
	e.whitespace = true
	breaks := true
	for _, c := range rs {
		if isYBreak(c) {
			e.writeBreak(c)
			e.indention = true
			breaks = true
			continue
		}
		if breaks {
			e.writeIndent()
		}
		e.put(string(c))
		e.indention = false
		breaks = false
	}
}
