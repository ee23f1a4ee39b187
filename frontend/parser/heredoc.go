package parser

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/frontend/diag"
)

// subLocation maps offsets of a heredoc's processed text back to the text it
// was cut from, undoing the removed margins (Puppet's SubLocator#to_global).
type subLocation struct {
	leadingOffset int
	hasMargin     bool
	lineStarts    []int // line starts of the processed text
	accumulated   []int // accumulated[l] = margin removed from lines 1..l
}

func (s *subLocation) toParent(off int) int {
	if !s.hasMargin {
		return off + s.leadingOffset
	}
	if off == 0 {
		return s.leadingOffset
	}
	line := sort.SearchInts(s.lineStarts, off+1)
	if line >= len(s.accumulated) {
		line = len(s.accumulated) - 1
	}
	return off + s.leadingOffset + s.accumulated[line]
}

// heredocSpec parses "@(endtag[:syntax][/escapes])" at the start of s (the
// text up to the first ')'), Puppet's PATTERN_HEREDOC.
func heredocSpec(s string) (endtag, syntax, escapes string, hasEscapes, ok bool) {
	if !strings.HasPrefix(s, "@(") {
		return
	}
	i := 2
	for i < len(s) && !strings.ContainsRune(":/\r\n)", rune(s[i])) {
		i++
	}
	if i == 2 {
		return
	}
	endtag = s[2:i]
	skipBlanks := func(j int) int {
		for j < len(s) {
			n := blankAt(s, j)
			if n == 0 || s[j] == '\r' {
				break
			}
			j += n
		}
		return j
	}
	if i < len(s) && s[i] == ':' {
		j := skipBlanks(i + 1)
		k := j
		if k < len(s) && s[k] >= 'a' && s[k] <= 'z' {
			k++
			for k < len(s) && (isWord(s[k]) || s[k] == '+') {
				k++
			}
		}
		if k-j >= 2 {
			syntax = s[j:k]
			i = skipBlanks(k)
		}
	}
	if i < len(s) && s[i] == '/' {
		j := i + 1
		for j < len(s) && (isWord(s[j]) || s[j] == '$') {
			j++
		}
		escapes, hasEscapes = s[i+1:j], true
		i = skipBlanks(j)
	}
	if i < len(s) && s[i] == ')' {
		ok = true
	}
	return
}

// heredoc lexes "@(...)" and the heredoc text on the following lines.
func (lx *lexer) heredoc() {
	if lx.parent != nil {
		raiseRuby(subLocatorFailure)
	}
	src, before := lx.src, lx.pos
	close := strings.IndexByte(src[before:], ')')
	if close < 0 {
		lx.lastMatched = ""
		lx.error("HEREDOC_UNCLOSED_PARENTHESIS", fmt.Sprintf("Unclosed parenthesis after '@(' followed by '%s'", lx.followedBy()))
	}
	afterSpec := before + close + 1
	lx.pos = afterSpec
	lx.lastMatched = ")"
	spec := src[before:afterSpec]
	var endtag, syntax, escapes string
	var hasEscapes, ok bool
	// Puppet matches the pattern anywhere in the text up to ')'.
	for i := 0; i < len(spec) && !ok; i++ {
		if strings.HasPrefix(spec[i:], "@(") {
			endtag, syntax, escapes, hasEscapes, ok = heredocSpec(spec[i:])
		}
	}
	if !ok {
		lx.error("HEREDOC_INVALID_SYNTAX", "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])")
	}
	endtag = rubyStrip(endtag)
	dqStyle := false
	if len(endtag) >= 2 && endtag[0] == '"' && endtag[len(endtag)-1] == '"' {
		dqStyle = true
		endtag = rubyStrip(endtag[1 : len(endtag)-1])
	}
	if endtag == "" {
		lx.error("HEREDOC_EMPTY_ENDTAG", "Heredoc with an empty endtag")
	}
	var esc strings.Builder
	if hasEscapes {
		if escapes == "" {
			escapes = "trnsuL$"
		}
		seen := map[rune]bool{}
		for _, r := range escapes {
			if seen[r] {
				chars := strings.Split(escapes, "")
				lx.error("HEREDOC_MULTIPLE_AT_ESCAPES", fmt.Sprintf("An escape char for @() may only appear once. Got '%s'", strings.Join(chars, ", ")))
			}
			seen[r] = true
		}
		esc.WriteByte('\\')
		for _, r := range escapes {
			switch r {
			case 't', 'r', 'n', 's', 'u', '$':
				esc.WriteRune(r)
			case 'L':
				esc.WriteByte('\n')
			default:
				lx.error("HEREDOC_INVALID_ESCAPE", fmt.Sprintf("Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '%c'", r))
			}
		}
	}
	lx.enqueueCompleted(HEREDOC, syntax, before, afterSpec-before)

	// The text starts on the line after the @(...), or after the text of a
	// previous heredoc on the same line.
	if lx.newlineJump >= 0 {
		lx.pos = lx.newlineJump
	} else {
		nl := strings.IndexByte(src[lx.pos:], '\n')
		if nl < 0 {
			lx.error("HEREDOC_WITHOUT_TEXT", "Heredoc without any following lines of text")
		}
		lx.pos += nl + 1
	}
	textOffset := lx.pos
	eofPos := lx.pos // Puppet creates the "no end" error here

	var lines []string
	for lx.pos < len(src) {
		nl := strings.IndexByte(src[lx.pos:], '\n')
		end := len(src)
		if nl >= 0 {
			end = lx.pos + nl + 1
		}
		line := src[lx.pos:end]
		lx.pos = end
		leading, margin, trim, found := endLine(line, endtag)
		if !found {
			lines = append(lines, line)
			continue
		}
		lx.newlineJump = lx.pos
		text, margins := heredocText(lines, leading, margin, trim)
		sub := &lexer{
			src: text, file: lx.file, parent: lx, newlineJump: -1, eppOpenPos: -1,
			warnings: lx.warnings,
			sub:      newSubLocation(text, textOffset, margin, margins),
		}
		sub.escapes = esc.String()
		switch {
		case !dqStyle:
			sub.uqPattern = patAll
		case strings.IndexByte(sub.escapes, '$') >= 0:
			sub.uqPattern = patUQ
		default:
			sub.uqPattern = patUQNE
		}
		lx.enqueueCompleted(SUBLOCATE, "", textOffset, 0)
		sub.interpolateUQ()
		lx.queue = append(lx.queue, sub.queue[sub.head:]...)
		lx.pos = afterSpec
		return
	}
	lx.errorAt(eofPos, "HEREDOC_WITHOUT_END_TAGGED_LINE", "Heredoc without end-tagged line")
}

func newSubLocation(text string, leadingOffset int, hasMargin bool, margins []int) *subLocation {
	s := &subLocation{leadingOffset: leadingOffset, hasMargin: hasMargin}
	if hasMargin {
		s.lineStarts = []int{0}
		for i := 0; i < len(text); i++ {
			if text[i] == '\n' {
				s.lineStarts = append(s.lineStarts, i+1)
			}
		}
		s.accumulated = make([]int, 1, len(margins)+2)
		for _, m := range margins {
			s.accumulated = append(s.accumulated, s.accumulated[len(s.accumulated)-1]+m)
		}
		s.accumulated = append(s.accumulated, s.accumulated[len(s.accumulated)-1])
	}
	return s
}

// endLine matches Puppet's end-line pattern anywhere in a line, trying the
// optional '|' and '-' the way the regexp backtracks:
// ([[:blank:]]*)(?:([|])[[:blank:]]*)?(?:(\-)[[:blank:]]*)?ENDTAG[[:blank:]]*\r?(?:\n|\z)
func endLine(line, endtag string) (leading string, margin, trim, found bool) {
	blanks := func(i int) int {
		for i < len(line) {
			n := blankAt(line, i)
			if n == 0 || line[i] == '\r' {
				break
			}
			i += n
		}
		return i
	}
	tail := func(i int) bool {
		if !strings.HasPrefix(line[i:], endtag) {
			return false
		}
		i = blanks(i + len(endtag))
		if i < len(line) && line[i] == '\r' {
			i++
		}
		return i == len(line) || i == len(line)-1 && line[i] == '\n'
	}
	for start := 0; start < len(line); start++ {
		if !utf8.RuneStart(line[start]) {
			continue
		}
		i := blanks(start)
		for _, m := range []bool{true, false} {
			j := i
			if m {
				if j >= len(line) || line[j] != '|' {
					continue
				}
				j = blanks(j + 1)
			}
			for _, t := range []bool{true, false} {
				k := j
				if t {
					if k >= len(line) || line[k] != '-' {
						continue
					}
					k = blanks(k + 1)
				}
				if tail(k) {
					return line[start:i], m, t, true
				}
			}
		}
	}
	return "", false, false, false
}

// heredocText joins a heredoc's lines, removing the margin and the final
// line break as the end line asks. It also returns the margin removed from
// each line, in characters.
func heredocText(lines []string, leading string, margin, trim bool) (string, []int) {
	margins := make([]int, len(lines))
	if margin && leading != "" {
		for i, l := range lines {
			if strings.HasPrefix(l, leading) {
				margins[i] = utf8.RuneCountInString(leading)
				lines[i] = l[len(leading):]
			}
		}
	}
	text := strings.Join(lines, "")
	if trim {
		if strings.HasSuffix(text, "\r\n") {
			text = text[:len(text)-2]
		} else if strings.HasSuffix(text, "\n") {
			text = text[:len(text)-1]
		}
	}
	return text, margins
}

// rubyStrip is Ruby's String#strip.
func rubyStrip(s string) string {
	return strings.Trim(s, " \t\n\v\f\r\x00")
}

// ---- EPP ----

// interpolateEpp scans EPP template text up to the next tag and queues the
// text and the tag's token; Puppet's EppScanner.
func (lx *lexer) interpolateEpp(skipLeading bool) {
	before := lx.pos
	s, mode, issue := lx.eppScan(skipLeading)
	switch mode {
	case eppText:
		if s != nil {
			lx.enqueueCompleted(RENDER_STRING, *s, before, lx.pos-before)
		}
		lx.eppOpenPos = -1
	case -1:
		lx.error(issue[0], issue[1])
	case eppCode:
		if s != nil && *s != "" {
			lx.enqueueCompleted(RENDER_STRING, *s, before, lx.pos-before)
		}
		lx.eppMode = eppCode
		lx.eppOpenPos = lx.pos
	case eppExpr:
		if s != nil && *s != "" {
			lx.enqueueCompleted(RENDER_STRING, *s, before, lx.pos-before)
		}
		lx.enqueueCompleted(RENDER_EXPR, "", before, 0)
		lx.eppMode = eppExpr
		lx.eppOpenPos = lx.pos
	}
}

// eppScan scans template text. It returns the text (nil at the end of
// input), the mode the tag switches to (eppText when the input ended, -1 on
// error with the issue's code and message).
func (lx *lexer) eppScan(skipLeading bool) (*string, int, [2]string) {
	src := lx.src
	if lx.pos >= len(src) {
		return nil, eppText, [2]string{}
	}
	var s strings.Builder
	for lx.pos < len(src) {
		var part string
		if i := strings.Index(src[lx.pos:], "<%"); i >= 0 {
			part = src[lx.pos : lx.pos+i+2]
		} else {
			part = src[lx.pos:]
		}
		lx.pos += len(part)
		if skipLeading {
			part = trimLeadingLine(part)
			skipLeading = false
		}
		s.WriteString(strings.ReplaceAll(part, "%%>", "%>"))
		str := s.String()
		if lx.pos >= len(src) {
			if strings.HasSuffix(str, "<%") {
				return &str, -1, [2]string{"EPP_UNBALANCED_EXPRESSION", "Unbalanced embedded expression - opening <% and reaching end of input"}
			}
			return &str, eppText, [2]string{}
		}
		switch src[lx.pos] {
		case '-':
			lx.pos++
			str = strings.TrimSuffix(str, "<%")
			str = strings.TrimRight(str, " \t")
			return &str, eppCode, [2]string{}
		case '%':
			lx.pos++
			continue
		case '=':
			lx.pos++
			str = str[:len(str)-2]
			return &str, eppExpr, [2]string{}
		case '#':
			str = str[:len(str)-2]
			s.Reset()
			s.WriteString(str)
			// The comment runs to the first "%>" not preceded by '%'.
			end := -1
			for i := lx.pos + 1; i+1 < len(src); i++ {
				if src[i] == '%' && src[i+1] == '>' && src[i-1] != '%' {
					end = i + 2
					break
				}
			}
			if end < 0 {
				return &str, -1, [2]string{"EPP_UNBALANCED_COMMENT", "Reaching end after opening <%# without seeing %>"}
			}
			comment := src[lx.pos:end]
			lx.pos = end
			if len(comment) > 1 && comment[1] == '-' {
				t := strings.TrimRight(s.String(), " \t")
				s.Reset()
				s.WriteString(t)
			}
			skipLeading = strings.HasSuffix(comment, "-%>")
			continue
		}
		str = str[:len(str)-2]
		return &str, eppCode, [2]string{}
	}
	// Puppet's scan loop ends here without returning its text: text before a
	// comment or "<%%" that ends the template is dropped.
	return nil, eppText, [2]string{}
}

// trimLeadingLine removes what Puppet's /^[ \t]*\r?(?:\n|\z)?/ removes after
// a trimming tag: leading blanks and, if the line ends there, its break.
func trimLeadingLine(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	j := i
	if j < len(s) && s[j] == '\r' {
		j++
	}
	if j < len(s) && s[j] == '\n' {
		return s[j+1:]
	}
	return s[j:]
}

// internalError is a failure that Puppet reports without a position.
func internalError(msg string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Code: "INTERNAL", Message: msg}
}
