package erb

import "strings"

// Methods of Ruby's core and standard library that module functions use:
// Enumerable#grep and grep_v, Array#slice!, MatchData#names,
// Shellwords.shellsplit, to_h with a block.

func init() {
	withBlock([]blockMethod{
		{"grep", (*R).Grep},
		{"grep_v", (*R).GrepV},
		{"to_h", (*R).ToH},
	})
	plain([]plainMethod{
		{"slice!", (*R).SliceBang},
		{"names", (*R).Names},
		{"shellsplit", (*R).Shellsplit},
		{"shellwords", (*R).Shellwords},
	})
}

func (r *R) grep(name string, recv Value, b *Block, args []Value, keep bool) Value {
	arity(args, 1, 1)
	var out []Value
	r.eachValue(name, recv, func(v Value) {
		if Truthy(r.OpCaseEq(args[0], v)) == keep {
			if b != nil {
				v = b.yield1(v)
			}
			out = append(out, v)
		}
	})
	return &Array{A: out}
}

// Grep is Enumerable#grep(pattern): the elements pattern === selects,
// mapped by the block if there is one.
func (r *R) Grep(recv Value, b *Block, args ...Value) Value {
	return r.grep("grep", recv, b, args, true)
}

// GrepV is Enumerable#grep_v(pattern): the elements pattern === rejects.
func (r *R) GrepV(recv Value, b *Block, args ...Value) Value {
	return r.grep("grep_v", recv, b, args, false)
}

// SliceBang is Array#slice! and String#slice!: what slice returns,
// removed from the receiver.
func (r *R) SliceBang(recv Value, args ...Value) Value {
	arity(args, 1, 2)
	switch x := recv.(type) {
	case *Array:
		n := len(x.A)
		start, end := 0, 0
		if len(args) == 2 {
			start, end = int(intArg(args[0])), 0
			length := int(intArg(args[1]))
			if start < 0 {
				start += n
			}
			if start < 0 || start > n || length < 0 {
				return nil
			}
			end = min(start+length, n)
		} else if rg, ok := args[0].(*Range); ok {
			s, e, ok := rangeBounds(rg, n)
			if !ok {
				return nil
			}
			start, end = s, e
		} else {
			i := int(intArg(args[0]))
			if i < 0 {
				i += n
			}
			if i < 0 || i >= n {
				return nil
			}
			v := x.A[i]
			x.A = append(x.A[:i:i], x.A[i+1:]...)
			return v
		}
		out := &Array{A: append([]Value(nil), x.A[start:end]...)}
		x.A = append(x.A[:start:start], x.A[end:]...)
		return out
	case *Str:
		checkFrozen(x)
		rs := []rune(x.S)
		n := len(rs)
		switch a := args[0].(type) {
		case *Str:
			if len(args) == 1 {
				i := strings.Index(x.S, a.S)
				if i < 0 {
					return nil
				}
				x.S = x.S[:i] + x.S[i+len(a.S):]
				return S(a.S)
			}
		case *Range:
			if len(args) == 1 {
				s, e, ok := rangeBounds(a, n)
				if !ok {
					return nil
				}
				out := string(rs[s:e])
				x.S = string(rs[:s]) + string(rs[e:])
				return S(out)
			}
		case int64, float64:
			start := int(intArg(a))
			if start < 0 {
				start += n
			}
			if len(args) == 1 {
				if start < 0 || start >= n {
					return nil
				}
				out := string(rs[start])
				x.S = string(rs[:start]) + string(rs[start+1:])
				return S(out)
			}
			length := int(intArg(args[1]))
			if start < 0 || start > n || length < 0 {
				return nil
			}
			end := min(start+length, n)
			out := string(rs[start:end])
			x.S = string(rs[:start]) + string(rs[end:])
			return S(out)
		}
		raise(ClassNotImplementedError, "pp2go: String#slice! with these arguments is not supported")
	}
	noMethod("slice!", recv)
	return nil
}

// Names is MatchData#names and Regexp#names: the group names, each once,
// in the order they first appear.
func (r *R) Names(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	var re *Regexp
	switch x := recv.(type) {
	case *MatchData:
		re = x.re
	case *Regexp:
		re = x
	default:
		noMethod("names", recv)
	}
	out := NewArray()
	seen := map[string]bool{}
	for _, n := range re.names {
		if n != "" && !seen[n] {
			seen[n] = true
			out.A = append(out.A, S(n))
		}
	}
	return out
}

// shellSplit splits a line into words as Ruby's Shellwords.shellsplit:
// words end at blanks; '...' is literal; in "..." a backslash escapes
// only $ ` " \ and newline; elsewhere a backslash escapes any character
// but a newline (then both stay); an unterminated quote is an error.
func shellSplit(line string) []string {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' }
	var words []string
	var field strings.Builder
	i, n := 0, len(line)
	for i < n && isSpace(line[i]) {
		i++
	}
	for i < n {
		switch c := line[i]; c {
		case '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				argError("Unmatched quote: %s", inspectString(line))
			}
			field.WriteString(line[i+1 : i+1+j])
			i += j + 2
		case '"':
			j := i + 1
			var b strings.Builder
			for ; j < n && line[j] != '"'; j++ {
				if line[j] == '\\' && j+1 < n {
					if strings.IndexByte("$`\"\\\n", line[j+1]) < 0 {
						b.WriteByte('\\')
					}
					j++
				}
				b.WriteByte(line[j])
			}
			if j >= n {
				argError("Unmatched quote: %s", inspectString(line))
			}
			field.WriteString(b.String())
			i = j + 1
		case '\\':
			switch {
			case i+1 >= n:
				field.WriteByte('\\')
				i++
			case line[i+1] == '\n':
				field.WriteString("\\\n")
				i += 2
			default:
				// the escaped character, whole
				j := i + 2
				for j < n && line[j]&0xC0 == 0x80 {
					j++
				}
				field.WriteString(line[i+1 : j])
				i = j
			}
		default:
			j := i
			for j < n && !isSpace(line[j]) && line[j] != '\\' && line[j] != '\'' && line[j] != '"' {
				j++
			}
			field.WriteString(line[i:j])
			i = j
		}
		if i >= n || isSpace(line[i]) {
			words = append(words, field.String())
			field.Reset()
			for i < n && isSpace(line[i]) {
				i++
			}
		}
	}
	return words
}

func (r *R) shellsplit(name string, recv Value, args []Value) Value {
	var line string
	if s, ok := recv.(*Str); ok {
		arity(args, 0, 0)
		line = s.S
	} else {
		classRecv(name, recv, ClassShellwords)
		arity(args, 1, 1)
		line = strArg(args[0])
	}
	out := NewArray()
	for _, w := range shellSplit(line) {
		out.A = append(out.A, S(w))
	}
	return out
}

// Shellsplit is Shellwords.shellsplit(s) (or s.shellsplit).
func (r *R) Shellsplit(recv Value, args ...Value) Value {
	return r.shellsplit("shellsplit", recv, args)
}

// Shellwords is Shellwords.shellwords(s) (or s.shellwords).
func (r *R) Shellwords(recv Value, args ...Value) Value {
	return r.shellsplit("shellwords", recv, args)
}
