package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/codegen/erbgen"
	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/rt/values"
)

// An inline_template() text made by interpolation is translated at build
// time when its interpolations (holes) are in the template's text or in
// string literals of its tags' Ruby: inline_template("<%=
// scope.lookupvar('::ipaddress_${iface}') %>"), puppet-rundeck's "<%
// package_version = '${package_ensure}' %>...". Each hole becomes a
// lookup of scope['pp2go hole N'] (a name no Puppet variable has), which
// rt.Scope.InlineERBHoles sets to the hole's text; a hole whose text
// would change the Ruby Puppet reads renders the whole text as a text
// known only at run time.

// holeMark stands for a hole in the text holeTemplate reads.
const holeMark = "\x00"

// inlineERBHoles lowers inline_template(x), x an interpolated text; false
// when its holes are elsewhere than holeTemplate translates.
func (l *lowerer) inlineERBHoles(at ast.Expr, x *ast.ConcatenatedString) (jen.Code, bool) {
	lits, holes := splitHoles(x)
	if len(holes) == 0 || strings.Contains(strings.Join(lits, ""), holeMark) {
		return nil, false
	}
	text, kinds, ok := holeTemplate(strings.Join(lits, holeMark))
	if !ok {
		return nil, false
	}
	t, err := erbgen.Translate("inline_template", []byte(text))
	if err != nil {
		return nil, false
	}
	id := l.u.ident(fmt.Sprintf("inlineERB%d", l.f.Program.Position(at).Line))
	l.emitERB(t, id)
	args := []jen.Code{l.lazyPos(at), jen.Id(id), l.u.funcRef("inline_template"), jen.Lit(kinds), stringSlice(lits)}
	return jen.Id("s.InlineERBHoles").Call(append(args, l.holeTexts(holes)...)...), true
}

// splitHoles are an interpolated text's literal parts, one more than its
// holes, and its holes.
func splitHoles(x *ast.ConcatenatedString) (lits []string, holes []ast.Expr) {
	var cur strings.Builder
	for _, seg := range x.Segments {
		if s, ok := seg.(*ast.LiteralString); ok {
			cur.WriteString(s.Value)
			continue
		}
		lits = append(lits, cur.String())
		cur.Reset()
		holes = append(holes, seg)
	}
	return append(lits, cur.String()), holes
}

// holeTexts are the holes' values as the text interpolates them.
func (l *lowerer) holeTexts(holes []ast.Expr) []jen.Code {
	out := make([]jen.Code, len(holes))
	for i, h := range holes {
		out[i] = l.interpolate(h, []jen.Code{l.expr(h)})
	}
	return out
}

// stringSlice is a []string literal of ss.
func stringSlice(ss []string) jen.Code {
	return jen.Index().String().ValuesFunc(func(g *jen.Group) {
		for _, s := range ss {
			g.Lit(s)
		}
	})
}

// holeTemplate rewrites src, an ERB text whose holes are holeMarks, into
// a template of the same Ruby with each hole a lookup of scope['pp2go
// hole N'], and says where each hole is ('t' in the text, 's' in a
// single-quoted and 'd' in a double-quoted string literal of a tag, 'r'
// in a regexp literal, 'i' in an instance variable's name):
// false for a hole anywhere else (a name, code, a comment), or in a tag
// whose Ruby it does not follow (%-literals, heredocs, a '/' it cannot
// tell a regexp's from division's, #{} in a string or regexp with a
// hole).
func holeTemplate(src string) (string, string, bool) {
	var out, kinds strings.Builder
	hole := 0
	lookup := func() string {
		s := "scope['pp2go hole " + strconv.Itoa(hole) + "']"
		hole++
		return s
	}
	for len(src) > 0 {
		i := strings.Index(src, "<%")
		if i < 0 {
			i = len(src)
		}
		for _, part := range strings.SplitAfter(src[:i], holeMark) {
			if text, ok := strings.CutSuffix(part, holeMark); ok {
				out.WriteString(text + "<%= " + lookup() + " %>")
				kinds.WriteByte('t')
			} else {
				out.WriteString(part)
			}
		}
		src = src[i:]
		if src == "" {
			break
		}
		if strings.HasPrefix(src, "<%%") {
			out.WriteString("<%%")
			src = src[3:]
			continue
		}
		end := strings.Index(src, "%>")
		if end < 0 {
			return "", "", false
		}
		code := src[2:end]
		if strings.HasPrefix(code, "#") || strings.HasPrefix(code, "-#") {
			if strings.Contains(code, holeMark) {
				return "", "", false
			}
			out.WriteString(src[:end+2])
		} else {
			rewritten, ok := holeCode(code, &kinds, lookup)
			if !ok {
				return "", "", false
			}
			out.WriteString("<%" + rewritten + "%>")
		}
		src = src[end+2:]
	}
	return out.String(), kinds.String(), true
}

// holeCode rewrites the Ruby of a tag whose holes are in its string and
// regexp literals (holeTemplate): a double-quoted literal's or a regexp's
// hole becomes an interpolation (Ruby puts a String interpolated in a
// regexp in its source as it is, as Puppet's text would be), and a
// single-quoted literal with a hole the double-quoted literal of the same
// text with that interpolation.
func holeCode(code string, kinds *strings.Builder, lookup func() string) (string, bool) {
	if !strings.Contains(code, holeMark) {
		return code, true
	}
	var out strings.Builder
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case c == '\'' || c == '"':
			end, ok := stringEnd(code, i)
			if !ok {
				return "", false
			}
			body := code[i+1 : end]
			switch {
			case !strings.Contains(body, holeMark):
				out.WriteString(code[i : end+1])
			case c == '"':
				if strings.Contains(body, "#{") {
					return "", false
				}
				out.WriteByte('"')
				interpolateHoles(&out, body, 'd', kinds, lookup)
				out.WriteByte('"')
			default:
				out.WriteString(doubleQuoted(body, kinds, lookup))
			}
			i = end
		case c == '@' && i+1 < len(code) && code[i+1] != '@':
			// an instance variable, its name a hole in part:
			// instance_variable_get of the name
			j := i + 1
			for j < len(code) && (isNameByte(code[j]) || code[j] == holeMark[0]) {
				j++
			}
			name := code[i:j]
			if !strings.Contains(name, holeMark) {
				out.WriteString(name)
				i = j - 1
				continue
			}
			if name[1] == holeMark[0] {
				return "", false // the hole would start the name
			}
			out.WriteString(`instance_variable_get("`)
			interpolateHoles(&out, name, 'i', kinds, lookup)
			out.WriteString(`")`)
			i = j - 1
		case c == '/' && regexpStart(code[:i]):
			closing, end, ok := regexpEnd(code, i)
			if !ok {
				return "", false
			}
			body := code[i+1 : closing]
			if strings.Contains(body, holeMark) && strings.Contains(body, "#{") {
				return "", false
			}
			out.WriteByte('/')
			interpolateHoles(&out, body, 'r', kinds, lookup)
			out.WriteString(code[closing : end+1])
			i = end
		case c == '/' && divisionAfter(code[:i], code[i+1:]):
			out.WriteByte(c)
		case c == holeMark[0], c == '/', c == '%', c == '#',
			c == '?' && i+1 < len(code) && (code[i+1] == '\'' || code[i+1] == '"'),
			c == '<' && (strings.HasPrefix(code[i:], "<<~") || strings.HasPrefix(code[i:], "<<-")):
			// a hole outside a literal; a regexp, a %-literal, a
			// comment, a character literal or a heredoc, which holeCode
			// does not follow
			return "", false
		default:
			out.WriteByte(c)
		}
	}
	return out.String(), true
}

// regexpStart reports whether a '/' after before starts a regexp
// literal: where Ruby reads an operand (the code's start, after an
// operator, an opening bracket, a comma or a keyword that takes one).
func regexpStart(before string) bool {
	b := strings.TrimRight(before, " \t\n")
	if b == "" {
		return true
	}
	if strings.ContainsRune("(,=~!|&{[;?:<>+-*", rune(b[len(b)-1])) {
		return true
	}
	i := len(b)
	for i > 0 && isNameByte(b[i-1]) {
		i--
	}
	switch b[i:] {
	case "when", "if", "unless", "elsif", "while", "until", "and", "or", "not", "return":
		return i == 0 || !isNameByte(b[i-1]) && b[i-1] != '.'
	}
	return false
}

// divisionAfter reports whether a '/' between before and after is the
// division operator: after a closing bracket or a number, or after a name
// with a space on each side (a name and "/x" may be a call given a
// regexp).
func divisionAfter(before, after string) bool {
	if before == "" {
		return false
	}
	switch last := before[len(before)-1]; {
	case last == ')' || last == ']' || last == '}' || last >= '0' && last <= '9':
		return true
	case last == ' ':
		b := strings.TrimRight(before, " ")
		return b != "" && isNameByte(b[len(b)-1]) && strings.HasPrefix(after, " ")
	}
	return false
}

// regexpEnd is the index of the '/' that closes the regexp literal whose
// opening '/' is at i (past backslash escapes: Ruby closes it there even
// in a character class), and of the literal's last byte, its options'.
func regexpEnd(code string, i int) (closing, end int, ok bool) {
	closing, ok = stringEnd(code, i)
	end = closing
	for end+1 < len(code) && strings.IndexByte("imxounse", code[end+1]) >= 0 {
		end++
	}
	return closing, end, ok
}

// interpolateHoles writes text, the body of a double-quoted literal,
// with its holes interpolated, each of kind.
func interpolateHoles(out *strings.Builder, text string, kind byte, kinds *strings.Builder, lookup func() string) {
	for _, part := range strings.SplitAfter(text, holeMark) {
		text, isHole := strings.CutSuffix(part, holeMark)
		out.WriteString(text)
		if isHole {
			out.WriteString("#{" + lookup() + "}")
			kinds.WriteByte(kind)
		}
	}
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// stringEnd is the index of the quote that ends the string literal whose
// opening quote is at i, past backslash escapes.
func stringEnd(code string, i int) (int, bool) {
	q := code[i]
	for j := i + 1; j < len(code); j++ {
		switch code[j] {
		case '\\':
			j++
		case q:
			return j, true
		}
	}
	return 0, false
}

// doubleQuoted is the double-quoted literal of a single-quoted literal's
// body, its holes interpolated.
func doubleQuoted(body string, kinds *strings.Builder, lookup func() string) string {
	var out strings.Builder
	out.WriteByte('"')
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c == '\\' && i+1 < len(body) && (body[i+1] == '\\' || body[i+1] == '\'') {
			i++
			c = body[i]
		}
		switch c {
		case holeMark[0]:
			out.WriteString("#{" + lookup() + "}")
			kinds.WriteByte('s')
		case '\\', '"', '#':
			out.WriteByte('\\')
			out.WriteByte(c)
		default:
			out.WriteByte(c)
		}
	}
	out.WriteByte('"')
	return out.String()
}

// maxVariants is how many texts inlineERBVariants translates at most for
// one call.
const maxVariants = 16

// inlineERBVariants lowers inline_template(x), x an interpolated text
// whose holes would change its Ruby (simplib::inspect's "<%=
// scope[@var_name].to_${_output_type} %>"), when the build knows every
// value each hole can have: the type the checker infers for it is an Enum
// or a union of them and of single Strings (Result.Operands), and they
// make at most maxVariants texts. Each text is translated; the call
// renders the one its holes make, and any other as inline_template()
// does a text known only at run time. False when a hole's values are not
// known, or a text does not translate.
func (l *lowerer) inlineERBVariants(at ast.Expr, x *ast.ConcatenatedString) (jen.Code, bool) {
	if l.g == nil || l.g.opts.Checked == nil {
		return nil, false
	}
	lits, holes := splitHoles(x)
	var choices [][]string
	for _, h := range holes {
		te, ok := h.(*ast.TextExpression)
		if !ok {
			return nil, false
		}
		vals, ok := finiteStrings(l.g.opts.Checked.Operands[te.Expr])
		if !ok {
			return nil, false
		}
		choices = append(choices, vals)
	}
	texts := []string{lits[0]}
	for i, vals := range choices {
		if len(texts)*len(vals) > maxVariants {
			return nil, false
		}
		var next []string
		for _, t := range texts {
			for _, v := range vals {
				next = append(next, t+v+lits[i+1])
			}
		}
		texts = next
	}
	// every text translated before any is emitted: one that is not
	// leaves the call to run time, and the file without the others
	ts := make([]*erbgen.Template, len(texts))
	for i, text := range texts {
		t, err := erbgen.Translate("inline_template", []byte(text))
		if err != nil {
			return nil, false
		}
		ts[i] = t
	}
	line := l.f.Program.Position(at).Line
	var ids []jen.Code
	for _, t := range ts {
		id := l.u.ident(fmt.Sprintf("inlineERB%d", line))
		l.emitERB(t, id)
		ids = append(ids, jen.Id(id))
	}
	args := []jen.Code{l.lazyPos(at), l.u.funcRef("inline_template"), stringSlice(lits), stringSlice(texts),
		jen.Index().Qual(erbgen.RuntimePath, "Template").Values(ids...)}
	return jen.Id("s.InlineERBVariants").Call(append(args, l.holeTexts(holes)...)...), true
}

// finiteStrings are the texts a value of type t can have when they are
// few and known: an Enum's values (case sensitive), a String type's one
// value, or those of each type of a Variant.
func finiteStrings(t values.Type) ([]string, bool) {
	switch x := t.(type) {
	case *values.EnumType:
		if x.CaseInsensitive || len(x.Values) == 0 {
			return nil, false
		}
		return x.Values, true
	case *values.StringType:
		if x.HasValue {
			return []string{x.Value}, true
		}
	case *values.VariantType:
		var out []string
		seen := map[string]bool{}
		for _, m := range x.Types {
			vals, ok := finiteStrings(m)
			if !ok {
				return nil, false
			}
			for _, v := range vals {
				if !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		}
		return out, len(out) > 0
	}
	return nil, false
}
