package erb

import (
	"strings"

	"github.com/pp2go/pp2go/internal/rubystr"
)

// This file turns template text into the Ruby program that Ruby's ERB
// library builds from it when Puppet creates the template with
// ERB.new(text, trim_mode: '-') (Puppet::Util.create_erb): text becomes
// `_erbout.<< "text".freeze`, `<%= e %>` becomes `_erbout.<<((e).to_s)`,
// `<% code %>` is copied, and the pieces of one line are joined with "; ".
// Reproducing the program, rather than only the tags, keeps ERB's quirks:
// a `#` comment in a code tag runs to the end of the program line and so
// swallows the text that follows it on that line, an unclosed tag is
// emitted as text, and Ruby's line numbers (which a multi-line `<%# %>`
// comment shifts) are those of the program.

// segment maps a stretch of the generated program back to the template.
type segment struct {
	prog int  // offset in the program
	tmpl int  // offset in the template
	n    int  // length in the program
	text bool // a text output command (maps to its first byte only)
}

// program is the Ruby source ERB generates for a template.
type program struct {
	src  []byte
	segs []segment
}

// erbCompiler mirrors the state of ERB's compiler driven by its explicit
// trim scanner.
type erbCompiler struct {
	src []byte

	out     strings.Builder
	line    []piece // commands of the current program line
	content []byte  // text or code collected so far
	cstart  int     // template offset where content started (-1: unset)
	stag    string  // open tag, "" outside tags
	segs    []segment
}

// piece is one command of a program line and where it came from.
type piece struct {
	s    string
	tmpl int  // template offset of the command's source
	off  int  // offset within s where the mapped source starts
	text bool // a text command
	code bool // copied code
}

func compileERB(src []byte) *program {
	c := &erbCompiler{src: src, cstart: -1}
	c.push(piece{s: "_erbout = +''", tmpl: 0})
	c.scan()
	if len(c.content) > 0 {
		c.putText()
	}
	c.push(piece{s: "_erbout", tmpl: len(src)})
	c.flush()
	return &program{src: []byte(c.out.String()), segs: c.segs}
}

func (c *erbCompiler) push(p piece) { c.line = append(c.line, p) }

// flush writes the current line's commands joined with "; " (ERB's
// Buffer#cr without the newline, and Buffer#close).
func (c *erbCompiler) flush() {
	for i, p := range c.line {
		if i > 0 {
			c.out.WriteString("; ")
		}
		if p.code || p.text {
			c.segs = append(c.segs, segment{prog: c.out.Len() + p.off, tmpl: p.tmpl, n: len(p.s) - p.off, text: p.text})
		}
		c.out.WriteString(p.s)
	}
	c.line = c.line[:0]
}

func (c *erbCompiler) cr() {
	c.flush()
	c.out.WriteByte('\n')
}

func (c *erbCompiler) addContent(s []byte, at int) {
	if c.cstart < 0 {
		c.cstart = at
	}
	c.content = append(c.content, s...)
}

func (c *erbCompiler) resetContent() {
	c.content = c.content[:0]
	c.cstart = -1
}

// putText emits the collected text as an output command (add_put_cmd): the
// dumped string stays on one program line and is followed by as many
// newlines as the text has.
func (c *erbCompiler) putText() {
	var b strings.Builder
	b.WriteString(`_erbout.<< `)
	b.WriteString(rubystr.Dump(string(c.content), true)) // without raw newlines, as a binary string's
	b.WriteString(".freeze")
	b.WriteString(strings.Repeat("\n", strings.Count(string(c.content), "\n")))
	c.push(piece{s: b.String(), tmpl: max(c.cstart, 0), off: len(`_erbout.<< `), text: true})
}

// scan runs ERB's explicit trim scanner ("-" mode) and feeds the compiler.
func (c *erbCompiler) scan() {
	src := c.src
	pos := 0
	for pos < len(src) {
		if c.stag == "" {
			// (.*?)(^[ \t]*<%-|<%-|<%%|<%=|<%#|<%|\z)
			p, tagStart, tag := findStartTag(src, pos)
			c.token(src[pos:p], pos)
			pos = tagStart + len(tag)
			switch {
			case tag == "":
			case strings.HasSuffix(tag, "<%-"):
				c.stagToken("<%", tagStart, pos)
			default:
				c.stagToken(tag, tagStart, pos)
			}
			if tag == "" {
				pos = len(src)
			}
		} else {
			// (.*?)(-%>|%%>|%>|\z)
			p, tag := findEndTag(src, pos)
			c.token(src[pos:p], pos)
			pos = p + len(tag)
			switch tag {
			case "-%>":
				c.etagToken("%>", p)
				// a newline (or the end) right after -%> is trimmed
				switch {
				case pos < len(src) && src[pos] == '\n':
					pos++
					c.crToken()
				case pos+1 < len(src) && src[pos] == '\r' && src[pos+1] == '\n':
					pos += 2
					c.crToken()
				case pos == len(src):
					c.crToken()
				}
			case "":
				pos = len(src)
			default:
				c.etagToken(tag, p)
			}
		}
	}
}

// findStartTag finds the first start tag at or after pos. It returns where
// the text before it ends, where the tag (including the leading blanks of a
// line-start "<%-") starts and the tag text ("" at the end of input). The
// scanner is a StringScanner, whose "^" matches at the start of a line and
// also where the scan starts (pos: the end of the tag before), so that
// blanks between a tag and a "<%-" are trimmed too.
func findStartTag(src []byte, pos int) (textEnd, tagStart int, tag string) {
	for p := pos; p < len(src); p++ {
		if p == pos || src[p-1] == '\n' {
			q := p
			for q < len(src) && (src[q] == ' ' || src[q] == '\t') {
				q++
			}
			if hasAt(src, q, "<%-") {
				return p, p, string(src[p : q+3])
			}
		}
		if src[p] == '<' && p+1 < len(src) && src[p+1] == '%' {
			if p+2 < len(src) {
				switch src[p+2] {
				case '-', '%', '=', '#':
					return p, p, string(src[p : p+3])
				}
			}
			return p, p, "<%"
		}
	}
	return len(src), len(src), ""
}

// findEndTag finds the first end tag at or after pos.
func findEndTag(src []byte, pos int) (textEnd int, tag string) {
	for p := pos; p < len(src); p++ {
		switch {
		case hasAt(src, p, "-%>"):
			return p, "-%>"
		case hasAt(src, p, "%%>"):
			return p, "%%>"
		case hasAt(src, p, "%>"):
			return p, "%>"
		}
	}
	return len(src), ""
}

func hasAt(src []byte, p int, s string) bool {
	return p+len(s) <= len(src) && string(src[p:p+len(s)]) == s
}

// token handles a text token (the part a scan matched before a tag).
func (c *erbCompiler) token(text []byte, at int) {
	if len(text) == 0 {
		return
	}
	if c.stag == "" {
		if string(text) == "\n" {
			c.addContent(text, at)
			c.putText()
			c.resetContent()
			return
		}
		c.addContent(text, at)
		return
	}
	c.addContent(text, at)
}

// stagToken handles a start tag (or the end of input) outside tags.
func (c *erbCompiler) stagToken(tag string, at, end int) {
	switch tag {
	case "<%", "<%=", "<%#":
		c.stag = tag
		if len(c.content) > 0 {
			c.putText()
		}
		c.resetContent()
		c.cstart = end
	case "<%%":
		c.addContent([]byte("<%"), at)
	}
}

// crToken handles the newline trimmed after "-%>".
func (c *erbCompiler) crToken() { c.cr() }

// etagToken handles an end tag inside a tag.
func (c *erbCompiler) etagToken(tag string, at int) {
	switch tag {
	case "%>":
		c.closeTag()
		c.stag = ""
		c.resetContent()
	case "%%>":
		c.addContent([]byte("%>"), at)
	}
}

func (c *erbCompiler) closeTag() {
	start := max(c.cstart, 0)
	switch c.stag {
	case "<%":
		code := string(c.content)
		if strings.HasSuffix(code, "\n") {
			c.push(piece{s: code[:len(code)-1], tmpl: start, code: true})
			c.cr()
		} else {
			c.push(piece{s: code, tmpl: start, code: true})
		}
	case "<%=":
		c.push(piece{s: "_erbout.<<((" + string(c.content) + ").to_s)", tmpl: start, off: len("_erbout.<<(("), code: true})
	}
}

// templateOffset maps an offset of the program back to the template.
func (p *program) templateOffset(off int) int {
	// segments are in program order
	lo, hi := 0, len(p.segs)
	for lo < hi {
		m := (lo + hi) / 2
		if p.segs[m].prog <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return 0
	}
	s := p.segs[lo-1]
	if s.text {
		return s.tmpl
	}
	d := off - s.prog
	if d > s.n {
		d = s.n
	}
	return s.tmpl + d
}
