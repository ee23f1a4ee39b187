package validate

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/source"
)

// A heredoc's syntax tag (`@(END:json)`) makes Puppet check a literal text
// with the checker registered for the tag or, for `a+b+json`, for its
// longest registered suffix. A failing check stops validation at once.

// syntaxChecker returns Puppet's built-in checker for a tag; a checker
// returns the message of a failure as a Puppet release (its major
// version) words it, or "".
func syntaxChecker(tag string) func(s string, puppet int) string {
	switch tag {
	case "json":
		return checkJSON
	case "base64":
		return func(s string, _ int) string { return checkBase64(s) }
	case "pp":
		return func(s string, puppet int) string { return checkPuppet(s, false, puppet) }
	case "epp":
		return func(s string, puppet int) string { return checkPuppet(s, true, puppet) }
	}
	return nil
}

// fatal is raised (as a panic) by a check that stops validation (a
// failing syntax check, a Ruby error): its diagnostics are the result.
type fatal struct{ ds diag.List }

func (c *checker) externalSyntax(text, syntax string, at *ast.LiteralString) {
	if syntax == "" {
		return
	}
	segments := strings.Split(syntax, "+")
	for i := range segments {
		key := strings.Join(segments[i:], "+")
		check := syntaxChecker(key)
		if check == nil {
			continue
		}
		// the releases' Ruby may word a failure differently (json's):
		// each then has a diagnostic of its own
		msg7, msg8 := check(text, 7), check(text, 8)
		failure := func(msg string, puppet int) *diag.Diagnostic {
			d := &diag.Diagnostic{Severity: diag.Error, Code: "ILLEGAL_" + strings.ToUpper(key), Puppet: puppet,
				Message: fmt.Sprintf("Invalid produced text having syntax: '%s'. %s", syntax, msg)}
			return d.At(c.prog.File, int(at.Offset))
		}
		var ds diag.List
		switch {
		case msg7 == msg8 && msg7 != "":
			ds = diag.List{failure(msg7, 0)}
		case msg7 != msg8:
			if msg7 != "" {
				ds = append(ds, failure(msg7, 7))
			}
			if msg8 != "" {
				ds = append(ds, failure(msg8, 8))
			}
		}
		if len(ds) > 0 {
			panic(fatal{ds})
		}
		return
	}
}

// ---- json: Ruby's JSON.parse (json 2.6), with its error texts ----

func checkJSON(s string, puppet int) string {
	msg := jsonErrorMessage(s)
	if msg == "" {
		return ""
	}
	if puppet >= 8 {
		msg = json27Message(msg)
	}
	if utf8.RuneCountInString(msg) > 100 {
		msg = string([]rune(msg)[:100])
	}
	msg = strings.ReplaceAll(strings.ReplaceAll(msg, "\r\n", `\n`), "\n", `\n`)
	return fmt.Sprintf(`JSON syntax checker: Cannot parse invalid JSON string. "%s"`, msg)
}

// jsonError is Ruby's "NNN: unexpected token at '...'" where NNN is the line
// of its parser that gave up.
type jsonError struct {
	code int
	at   int // offset of the quoted rest; -1 for an empty quote
}

// json27Message is the message of json 2.6 (Ruby 3.1's) as json 2.7
// (Ruby 3.3's) words it: without the "NNN: " of its parser's line.
func json27Message(msg string) string {
	if code, rest, ok := strings.Cut(msg, ": "); ok && strings.Trim(code, "0123456789") == "" {
		return rest
	}
	return msg
}

// RubyJSONError is the message of the error Ruby's JSON.parse (the json
// 2.6 gem of Debian 12's Ruby 3.1, Puppet 7.23's) raises parsing s, "" when
// s parses. The json 2.7 gem of Puppet 8.10's Ruby 3.3 gives up at the same
// place, without the "NNN: " prefix.
func RubyJSONError(s string) string { return jsonErrorMessage(s) }

func jsonErrorMessage(s string) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			e := r.(jsonError)
			rest := ""
			if e.at >= 0 && e.at <= len(s) {
				rest = s[e.at:]
			}
			msg = fmt.Sprintf("%d: unexpected token at '%s'", e.code, rest)
		}
	}()
	p := jsonParser{s}
	i := p.ignore(0)
	end, ok := p.value(i)
	if !ok {
		panic(jsonError{859, i})
	}
	if j := p.ignore(end); j != len(s) {
		panic(jsonError{859, j})
	}
	return ""
}

type jsonParser struct{ s string }

// ignore skips whitespace and comments.
func (p jsonParser) ignore(i int) int {
	s := p.s
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n':
			i++
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return len(s)
			}
			i += 2 + end + 2
		case strings.HasPrefix(s[i:], "//"):
			end := strings.IndexAny(s[i:], "\r\n")
			if end < 0 {
				return len(s)
			}
			i += end
		default:
			return i
		}
	}
	return i
}

func (p jsonParser) value(i int) (int, bool) {
	s := p.s
	if i >= len(s) {
		return i, false
	}
	switch c := s[i]; {
	case c == '"':
		return p.str(i)
	case c == '{':
		return p.object(i)
	case c == '[':
		return p.array(i), true
	case c == '-' && strings.HasPrefix(s[i:], "-Infinity"):
		panic(jsonError{249, i})
	case c == '-' || c >= '0' && c <= '9':
		return p.number(i)
	case strings.HasPrefix(s[i:], "NaN"):
		panic(jsonError{225, i})
	case strings.HasPrefix(s[i:], "Infinity"):
		panic(jsonError{232, i - 1})
	}
	for _, lit := range []string{"true", "false", "null"} {
		if strings.HasPrefix(s[i:], lit) {
			return i + len(lit), true
		}
	}
	return i, false
}

func (p jsonParser) str(i int) (int, bool) {
	s := p.s
	for j := i + 1; j < len(s); j++ {
		switch c := s[j]; {
		case c == '"':
			return j + 1, true
		case c < 0x20:
			return i, false
		case c == '\\':
			if j+1 >= len(s) {
				return i, false
			}
			if s[j+1] == 'u' {
				if j+6 > len(s) || !isHex4(s[j+2:j+6]) {
					return i, false
				}
				j += 5
			} else {
				j++
			}
		}
	}
	return i, false
}

func isHex4(s string) bool {
	for i := 0; i < 4; i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

var (
	jsonFloat   = regexp.MustCompile(`^-?(0|[1-9][0-9]*)((\.[0-9]+([Ee][+\-]?[0-9]+)?)|([Ee][+\-]?[0-9]+))`)
	jsonInteger = regexp.MustCompile(`^-?(0|[1-9][0-9]*)`)
)

func (p jsonParser) number(i int) (int, bool) {
	rest := p.s[i:]
	m := jsonFloat.FindString(rest)
	if m == "" {
		m = jsonInteger.FindString(rest)
	}
	if m == "" || len(m) < len(rest) && rest[len(m)] >= '0' && rest[len(m)] <= '9' {
		return i, false
	}
	return i + len(m), true
}

// array raises Ruby's array error (451) where it gives up.
func (p jsonParser) array(i int) int {
	s := p.s
	j := p.ignore(i + 1)
	if j < len(s) && s[j] == ']' {
		return j + 1
	}
	for {
		end, ok := p.value(j)
		if !ok {
			panic(jsonError{451, j})
		}
		j = p.ignore(end)
		switch {
		case j < len(s) && s[j] == ',':
			j = p.ignore(j + 1)
		case j < len(s) && s[j] == ']':
			return j + 1
		default:
			panic(jsonError{451, j})
		}
	}
}

// object fails without raising: the caller reports at the object's start.
func (p jsonParser) object(i int) (int, bool) {
	s := p.s
	j := p.ignore(i + 1)
	if j < len(s) && s[j] == '}' {
		return j + 1, true
	}
	for {
		if j >= len(s) || s[j] != '"' {
			return i, false
		}
		end, ok := p.str(j)
		if !ok {
			return i, false
		}
		j = p.ignore(end)
		if j >= len(s) || s[j] != ':' {
			return i, false
		}
		if end, ok = p.value(p.ignore(j + 1)); !ok {
			return i, false
		}
		j = p.ignore(end)
		switch {
		case j < len(s) && s[j] == ',':
			j = p.ignore(j + 1)
		case j < len(s) && s[j] == '}':
			return j + 1, true
		default:
			return i, false
		}
	}
}

// ---- base64: Ruby's Base64.strict_decode64 ----

// base64Blanks is Puppet's /[\r?\n[:blank:]]/ (a stray '?' included).
var base64Blanks = regexp.MustCompile(`[\r?\n\t \p{Zs}]`)

func checkBase64(s string) string {
	cleaned := base64Blanks.ReplaceAllString(s, "")
	if _, err := base64.StdEncoding.Strict().DecodeString(cleaned); err == nil {
		return ""
	}
	if (len(cleaned)*8)%6 != 0 {
		return "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct"
	}
	return "Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside strict base 64 range (or whitespace)"
}

// ---- pp and epp: Puppet's own parser and validator ----

func checkPuppet(s string, epp bool, puppet int) string {
	f := source.NewFile("", s)
	var res *parser.Result
	var err *diag.Diagnostic
	if epp {
		res, err = parser.ParseEPP(f)
	} else {
		res, err = parser.ParseFile(f)
	}
	if len(res.Raised) > 0 {
		err = Raised(res.Raised, puppet)
	}
	if err == nil {
		err = FirstError(ForPuppet(Program(res.Program, Options{}), puppet, "warning"))
	}
	if err == nil {
		return ""
	}
	msg := err.Error()
	if utf8.RuneCountInString(msg) > 500 {
		msg = string([]rune(msg)[:500])
	}
	msg = strings.ReplaceAll(strings.ReplaceAll(msg, "\r\n", `\n`), "\n", `\n`)
	name := "PP"
	if epp {
		name = "EPP"
	}
	return fmt.Sprintf(`%s syntax checker: "%s"`, name, msg)
}
