// Package psych writes Puppet values as YAML the way Ruby's Psych (with
// libyaml) writes them: to_yaml's output, puppet lookup's.
package psych

import (
	"fmt"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// YAML as Ruby's Psych (with libyaml) writes and reads it: to_yaml's output
// and parseyaml's results.

// Dump is data.to_yaml.
func Dump(x v.Value) string {
	e := &yamlEmitter{}
	e.write("---")
	switch y := x.(type) {
	case *v.Array:
		if y.Len() == 0 {
			e.write(" []\n")
			return e.b.String()
		}
		e.newline()
		e.sequence(y, 0)
	case *v.Hash:
		if y.Len() == 0 {
			e.write(" {}\n")
			return e.b.String()
		}
		e.newline()
		e.mapping(y, 0, false)
	default:
		e.rootScalar(x)
	}
	return e.b.String()
}

type yamlEmitter struct {
	b      strings.Builder
	column int
}

func (e *yamlEmitter) write(s string) {
	e.b.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		e.column = utf8.RuneCountInString(s[i+1:])
	} else {
		e.column += utf8.RuneCountInString(s)
	}
}

func (e *yamlEmitter) newline() { e.write("\n") }

func (e *yamlEmitter) indent(n int) {
	if e.column > n {
		e.newline()
	}
	if e.column < n {
		e.write(strings.Repeat(" ", n-e.column))
	}
}

// scalarText returns the text and style of a scalar value (plain, single,
// double, literal).
type scalarStyle int

const (
	stylePlain scalarStyle = iota
	styleSingle
	styleDouble
	styleLiteral
)

var (
	nonWordStart = lazyre.New(`(?m)^[^\pL\pM\pN\p{Pc}][^"]*$`)
	octal89      = lazyre.New(`^0[0-7]*[89]`)
	innerBreak   = lazyre.New(`\n[^\n]|\n\n`)
)

// requestedStyle is Psych's visit_String choice.
func requestedStyle(s string) scalarStyle {
	switch {
	case strings.Contains(s, "\n") && !(strings.Index(s, "\n") == len(s)-1):
		return styleLiteral
	case s == "<<":
		return styleSingle
	case s == "y" || s == "n":
		return styleDouble
	case nonWordStart.MatchString(s):
		return styleDouble
	}
	if _, isStr := Tokenize(s).(v.String); !isStr || octal89.MatchString(s) {
		return styleSingle
	}
	return stylePlain
}

type scalarAnalysis struct {
	multiline                                                   bool
	flowPlain, blockPlain, singleQuoted, blockAllowed, emptyStr bool
}

func isBreak(r rune) bool { return r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029 }

func isPrintable(r rune) bool {
	return r == 0x0A || (r >= 0x20 && r <= 0x7E) || r == 0x85 || (r >= 0xA0 && r <= 0xD7FF) ||
		(r >= 0xE000 && r <= 0xFFFD && r != 0xFEFF) || (r >= 0x10000 && r <= 0x10FFFF)
}

// analyze is libyaml's yaml_emitter_analyze_scalar.
func analyze(s string) scalarAnalysis {
	if s == "" {
		return scalarAnalysis{blockPlain: true, singleQuoted: true, emptyStr: true}
	}
	var flowInd, blockInd, lineBreaks, special bool
	var leadingSpace, leadingBreak, trailingSpace, trailingBreak, breakSpace, spaceBreak bool
	var prevSpace, prevBreak bool
	if strings.HasPrefix(s, "---") || strings.HasPrefix(s, "...") {
		if len(s) == 3 || strings.ContainsRune(" \t\r\n", rune(s[3])) {
			flowInd, blockInd = true, true
		}
	}
	precededByWS := true
	runes := []rune(s)
	for i, r := range runes {
		followedByWS := i+1 >= len(runes) || strings.ContainsRune(" \t\r\n\u0085\u2028\u2029", runes[i+1])
		if i == 0 {
			switch {
			case strings.ContainsRune("#,[]{}&*!|>'\"%@`", r):
				flowInd, blockInd = true, true
			case r == '?' || r == ':':
				flowInd = true
				if followedByWS {
					blockInd = true
				}
			case r == '-' && followedByWS:
				flowInd, blockInd = true, true
			}
		} else {
			switch {
			case strings.ContainsRune(",?[]{}", r):
				flowInd = true
			case r == ':':
				flowInd = true
				if followedByWS {
					blockInd = true
				}
			case r == '#' && precededByWS:
				flowInd, blockInd = true, true
			}
		}
		if !isPrintable(r) || r == 0xFEFF {
			special = true
		}
		if isBreak(r) {
			lineBreaks = true
		}
		switch {
		case r == ' ':
			if i == 0 {
				leadingSpace = true
			}
			if i == len(runes)-1 {
				trailingSpace = true
			}
			if prevBreak {
				breakSpace = true
			}
			prevSpace, prevBreak = true, false
		case isBreak(r):
			if i == 0 {
				leadingBreak = true
			}
			if i == len(runes)-1 {
				trailingBreak = true
			}
			if prevSpace {
				spaceBreak = true
			}
			prevBreak, prevSpace = true, false
		default:
			prevSpace, prevBreak = false, false
		}
		precededByWS = strings.ContainsRune(" \t\r\n\u0085\u2028\u2029", r)
	}
	a := scalarAnalysis{multiline: lineBreaks, flowPlain: true, blockPlain: true, singleQuoted: true, blockAllowed: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak {
		a.flowPlain, a.blockPlain = false, false
	}
	if trailingSpace {
		a.blockAllowed = false
	}
	if breakSpace {
		a.flowPlain, a.blockPlain, a.singleQuoted = false, false, false
	}
	if spaceBreak || special {
		a.flowPlain, a.blockPlain, a.singleQuoted, a.blockAllowed = false, false, false, false
	}
	if lineBreaks {
		a.flowPlain, a.blockPlain = false, false
	}
	if flowInd {
		a.flowPlain = false
	}
	if blockInd {
		a.blockPlain = false
	}
	return a
}

// selectStyle is libyaml's yaml_emitter_select_scalar_style.
func selectStyle(s string, style scalarStyle, simpleKey bool) scalarStyle {
	a := analyze(s)
	if simpleKey && a.multiline {
		return styleDouble
	}
	if style == stylePlain {
		if !a.blockPlain || (a.emptyStr && simpleKey) {
			style = styleSingle
		}
	}
	if style == styleSingle && !a.singleQuoted {
		style = styleDouble
	}
	if style == styleLiteral && (!a.blockAllowed || simpleKey) {
		style = styleDouble
	}
	return style
}

// scalar writes a scalar at the current position; indent is the
// indentation of continuation lines' block (libyaml's emitter->indent).
func (e *yamlEmitter) scalar(x v.Value, indent int, simpleKey bool) {
	switch y := x.(type) {
	case nil, v.UndefValue:
		return // an empty plain scalar
	case v.Bool, v.Int:
		e.write(fn.RubyToS(y))
		return
	case v.Float:
		f := float64(y)
		switch {
		case math.IsNaN(f):
			e.write(".nan")
		case math.IsInf(f, 1):
			e.write(".inf")
		case math.IsInf(f, -1):
			e.write("-.inf")
		default:
			e.write(fn.RubyToS(y))
		}
		return
	case v.DefaultValue:
		e.write(":default")
		return
	}
	s := fn.RubyToS(x)
	if _, isStr := x.(v.String); !isStr {
		// Psych writes objects it does not know as tagged mappings; the
		// values that reach to_yaml from Puppet are strings, numbers,
		// booleans, undef, arrays and hashes
		s = fn.RubyToS(x)
	}
	style := selectStyle(s, requestedStyle(s), simpleKey)
	switch style {
	case stylePlain:
		e.writePlain(s, indent, !simpleKey)
	case styleSingle:
		e.writeSingle(s, indent, !simpleKey)
	case styleDouble:
		e.writeDouble(s, indent, !simpleKey)
	case styleLiteral:
		e.writeLiteral(s, indent)
	}
}

const bestWidth = 80

func (e *yamlEmitter) writeIndent(indent int) {
	e.newline()
	e.write(strings.Repeat(" ", indent))
}

func (e *yamlEmitter) writePlain(s string, indent int, allowBreaks bool) {
	runes := []rune(s)
	spaces := false
	for i, r := range runes {
		if r == ' ' {
			if allowBreaks && !spaces && e.column > bestWidth && i+1 < len(runes) && runes[i+1] != ' ' {
				e.writeIndent(indent)
			} else {
				e.write(" ")
			}
			spaces = true
			continue
		}
		e.write(string(r))
		spaces = false
	}
}

func (e *yamlEmitter) writeSingle(s string, indent int, allowBreaks bool) {
	e.write("'")
	runes := []rune(s)
	spaces, breaks := false, false
	for i, r := range runes {
		switch {
		case r == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && i != 0 && i != len(runes)-1 && runes[i+1] != ' ' {
				e.writeIndent(indent)
			} else {
				e.write(" ")
			}
			spaces = true
		case isBreak(r):
			if !breaks && r == '\n' {
				e.newline()
			}
			e.newline()
			breaks = true
		default:
			if breaks {
				e.write(strings.Repeat(" ", indent))
			}
			if r == '\'' {
				e.write("''")
			} else {
				e.write(string(r))
			}
			spaces, breaks = false, false
		}
	}
	if breaks {
		e.write(strings.Repeat(" ", indent))
	}
	e.write("'")
}

func (e *yamlEmitter) writeDouble(s string, indent int, allowBreaks bool) {
	e.write(`"`)
	runes := []rune(s)
	spaces := false
	for i, r := range runes {
		if !isPrintable(r) || r == 0xFEFF || isBreak(r) || r == '"' || r == '\\' {
			esc := ""
			switch r {
			case 0:
				esc = `\0`
			case 7:
				esc = `\a`
			case 8:
				esc = `\b`
			case 9:
				esc = `\t`
			case 0x0A:
				esc = `\n`
			case 0x0B:
				esc = `\v`
			case 0x0C:
				esc = `\f`
			case 0x0D:
				esc = `\r`
			case 0x1B:
				esc = `\e`
			case '"':
				esc = `\"`
			case '\\':
				esc = `\\`
			case 0x85:
				esc = `\N`
			case 0xA0:
				esc = `\_`
			case 0x2028:
				esc = `\L`
			case 0x2029:
				esc = `\P`
			default:
				switch {
				case r <= 0xFF:
					esc = fmt.Sprintf(`\x%02X`, r)
				case r <= 0xFFFF:
					esc = fmt.Sprintf(`\u%04X`, r)
				default:
					esc = fmt.Sprintf(`\U%08X`, r)
				}
			}
			e.write(esc)
			spaces = false
			continue
		}
		if r == ' ' {
			if allowBreaks && !spaces && e.column > bestWidth && i != 0 && i != len(runes)-1 {
				e.writeIndent(indent)
				if i+1 < len(runes) && runes[i+1] == ' ' {
					e.write(`\`)
				}
			} else {
				e.write(" ")
			}
			spaces = true
			continue
		}
		e.write(string(r))
		spaces = false
	}
	e.write(`"`)
}

func (e *yamlEmitter) writeLiteral(s string, indent int) {
	e.write("|")
	r, _ := utf8.DecodeRuneInString(s)
	if r == ' ' || isBreak(r) {
		e.write("2")
	}
	switch {
	case !strings.HasSuffix(s, "\n"):
		e.write("-")
	case s == "\n" || strings.HasSuffix(s, "\n\n"):
		e.write("+")
	}
	e.newline()
	body := strings.TrimSuffix(s, "\n")
	for _, line := range strings.Split(body, "\n") {
		if line != "" {
			e.write(strings.Repeat(" ", indent))
			e.write(line)
		}
		e.newline()
	}
	if strings.HasSuffix(s, "\n\n") {
		// the kept trailing breaks are already written as empty lines
	}
}

// rootScalar writes a top-level scalar after "---".
func (e *yamlEmitter) rootScalar(x v.Value) {
	if v.IsUndef(x) {
		e.newline()
		return
	}
	e.write(" ")
	e.scalar(x, 2, false)
	if e.column != 0 {
		e.newline()
	}
}

func isEmptyColl(x v.Value) (string, bool) {
	switch y := x.(type) {
	case *v.Array:
		if y.Len() == 0 {
			return "[]", true
		}
	case *v.Hash:
		if y.Len() == 0 {
			return "{}", true
		}
	}
	return "", false
}

// mapping writes a block mapping whose keys are at column n; compact when
// the first key follows "- " on the current line.
func (e *yamlEmitter) mapping(h *v.Hash, n int, compact bool) {
	for i := 0; i < h.Len(); i++ {
		if i > 0 || !compact {
			e.indent(n)
		}
		k, val := h.KeyAt(i), h.ValueAt(i)
		switch k.(type) {
		case *v.Array, *v.Hash:
			e.write("? ")
			e.node(k, n+2)
			e.indent(n)
			e.write(":")
		default:
			e.scalar(k, n+2, true)
			e.write(":")
		}
		e.value(val, n, true)
	}
}

// value writes the value of a mapping entry or sequence item.
func (e *yamlEmitter) value(val v.Value, n int, inMapping bool) {
	if s, ok := isEmptyColl(val); ok {
		e.write(" " + s)
		e.newline()
		return
	}
	switch y := val.(type) {
	case *v.Hash:
		if inMapping {
			e.newline()
			e.mapping(y, n+2, false)
		} else {
			e.write(" ")
			e.mapping(y, n+2, true)
		}
	case *v.Array:
		if inMapping {
			e.newline()
			e.sequence(y, n)
		} else {
			e.write(" ")
			e.sequenceCompact(y, n+2)
		}
	default:
		if !v.IsUndef(val) {
			e.write(" ")
			e.scalar(val, n+2, false)
		}
		if e.column != 0 {
			e.newline()
		}
	}
}

func (e *yamlEmitter) sequence(a *v.Array, n int) {
	for _, item := range a.Elems() {
		e.indent(n)
		e.write("-")
		e.value(item, n, false)
	}
}

func (e *yamlEmitter) sequenceCompact(a *v.Array, n int) {
	for i, item := range a.Elems() {
		if i > 0 {
			e.indent(n)
		}
		e.write("-")
		e.value(item, n, false)
	}
}

func (e *yamlEmitter) node(x v.Value, n int) {
	switch y := x.(type) {
	case *v.Array:
		e.sequenceCompact(y, n)
	case *v.Hash:
		e.mapping(y, n, true)
	default:
		e.scalar(x, n, false)
	}
}
