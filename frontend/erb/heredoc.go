package erb

import "strings"

// heredocRead is a here document already read: relex may read its start
// again, and must not take the following body for it.
type heredocRead struct {
	tok    token
	pos    int // after the start (<<~ID)
	resume int // after the body's terminator line
}

// heredoc reads a here document start at l.pos (<<ID, <<-ID, <<~ID, with
// 'ID' or "ID" quoting) in a Ruby file: the token is the string of its
// body, which begins on the next line (after the bodies of earlier here
// documents started on the same line); reading resumes after the
// terminator when the lexer reaches the end of the current line. ok is
// false when this is no here document (a << operator).
func (l *lexer) heredoc(start int, space bool) (token, bool) {
	if r, ok := l.heredocs[start]; ok {
		l.pos = r.pos
		l.hdResume = r.resume
		l.state = sEnd
		return r.tok, true
	}
	p := start + 2
	squiggly, dash := false, false
	switch l.src[p] {
	case '~':
		squiggly = true
		p++
	case '-':
		dash = true
		p++
	}
	quote := byte(0)
	if p < len(l.src) && (l.src[p] == '\'' || l.src[p] == '"') {
		quote = l.src[p]
		p++
	}
	idStart := p
	for p < len(l.src) && (isIdentChar(l.src[p]) || quote != 0 && l.src[p] != quote && l.src[p] != '\n') {
		p++
	}
	id := l.src[idStart:p]
	if id == "" {
		return token{}, false
	}
	if quote != 0 {
		if p >= len(l.src) || l.src[p] != quote {
			return token{}, false
		}
		p++
	}
	after := p
	lineEnd := strings.IndexByte(l.src[after:], '\n')
	if lineEnd < 0 {
		l.fail(start, "can't find string \"%s\" anywhere before EOF", id)
		return token{}, false
	}
	bodyStart := after + lineEnd + 1
	if l.hdResume > bodyStart {
		bodyStart = l.hdResume
	}
	// find the terminator line
	q := bodyStart
	bodyEnd := -1
	for q <= len(l.src) {
		e := strings.IndexByte(l.src[q:], '\n')
		line := l.src[q:]
		next := len(l.src) + 1
		if e >= 0 {
			line = l.src[q : q+e]
			next = q + e + 1
		}
		t := strings.TrimRight(line, "\r")
		if squiggly || dash {
			t = strings.TrimLeft(t, " \t")
		}
		if t == id {
			bodyEnd = q
			if next > len(l.src) {
				next = len(l.src)
			}
			q = next
			break
		}
		if e < 0 {
			break
		}
		q = next
	}
	if bodyEnd < 0 {
		l.fail(start, "can't find string \"%s\" anywhere before EOF", id)
		return token{}, false
	}
	mode := mDouble
	if quote == '\'' {
		mode = mSingle
	}
	var parts []strPart
	if mode == mSingle {
		parts = []strPart{{lit: l.src[bodyStart:bodyEnd]}}
	} else {
		// the body read as a double-quoted string ending at a NUL put
		// after it (offsets of interpolated code stay the program's)
		sub := newLexer(l.src[:bodyEnd]+"\x00", l.base, l.isLocal)
		sub.ruby = true
		sub.pos = bodyStart
		var ok bool
		parts, ok = sub.stringBodyNest(0, 0, mode)
		if !ok {
			if sub.err != nil {
				l.err = sub.err
			} else {
				l.fail(start, "unterminated here document")
			}
			return token{}, false
		}
	}
	if squiggly {
		parts = dedent(parts, l.src[bodyStart:bodyEnd])
	}
	l.pos = after
	l.state = sEnd
	tok := token{kind: tString, parts: parts, off: start, space: space}
	l.hdResume = q
	if l.heredocs == nil {
		l.heredocs = map[int]heredocRead{}
	}
	l.heredocs[start] = heredocRead{tok: tok, pos: after, resume: q}
	return tok, true
}

// dedent removes a <<~ here document's common indentation (of its
// non-blank raw lines; a tab counts to the next multiple of 8, as Ruby)
// from the start of each line of the literal parts.
func dedent(parts []strPart, raw string) []strPart {
	min := -1
	for _, line := range strings.Split(raw, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		w := 0
		for _, c := range []byte(line) {
			if c == ' ' {
				w++
			} else if c == '\t' {
				w = (w/8 + 1) * 8
			} else {
				break
			}
		}
		if min < 0 || w < min {
			min = w
		}
	}
	if min <= 0 {
		return parts
	}
	atStart := true
	out := make([]strPart, 0, len(parts))
	for _, p := range parts {
		if p.isCode {
			out = append(out, p)
			atStart = false
			continue
		}
		var b strings.Builder
		s := p.lit
		for i := 0; i < len(s); {
			if atStart {
				w := 0
				for i < len(s) && w < min && (s[i] == ' ' || s[i] == '\t') {
					if s[i] == '\t' {
						nw := (w/8 + 1) * 8
						if nw > min {
							break
						}
						w = nw
					} else {
						w++
					}
					i++
				}
				atStart = false
				continue
			}
			c := s[i]
			b.WriteByte(c)
			i++
			if c == '\n' {
				atStart = true
			}
		}
		out = append(out, strPart{lit: b.String()})
	}
	return out
}
