package erb

import "strings"

// Ruby's Shellwords.shellescape and shelljoin (stdlib's shell_escape and
// shell_join use them); Shellwords.split, escape and join are aliases
// (Split, Escape, Join).
var ClassShellwords = newModule("Shellwords")

func init() {
	defineConsts(func(g *constGroup) {
		g.class(ClassShellwords.Name, ClassShellwords)
	})
	plain([]plainMethod{
		{"shellescape", (*R).Shellescape},
		{"shelljoin", (*R).Shelljoin},
	})
}

// shellEscape escapes every character but A-Za-z0-9_-.,:+/@ and newline
// with a backslash, and a newline as a quoted newline; the empty string
// is two single quotes.
func shellEscape(s string) string {
	if s == "" {
		return "''"
	}
	var b strings.Builder
	for _, c := range s {
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9', strings.ContainsRune("_-.,:+/@", c):
			b.WriteRune(c)
		case c == '\n':
			b.WriteString("'\n'")
		default:
			b.WriteByte('\\')
			b.WriteRune(c)
		}
	}
	return b.String()
}

// Shellescape is Shellwords.shellescape(s) (or s.shellescape).
func (r *R) Shellescape(recv Value, args ...Value) Value {
	if s, ok := recv.(*Str); ok {
		arity(args, 0, 0)
		return S(shellEscape(s.S))
	}
	classRecv("shellescape", recv, ClassShellwords)
	arity(args, 1, 1)
	return S(shellEscape(ToS(args[0])))
}

// Shelljoin is Shellwords.shelljoin(array) (or array.shelljoin).
func (r *R) Shelljoin(recv Value, args ...Value) Value {
	var list Value
	if a, ok := recv.(*Array); ok {
		arity(args, 0, 0)
		list = a
	} else {
		classRecv("shelljoin", recv, ClassShellwords)
		arity(args, 1, 1)
		list = args[0]
	}
	var parts []string
	for _, e := range r.elems("shelljoin", list) {
		parts = append(parts, shellEscape(ToS(e)))
	}
	return S(strings.Join(parts, " "))
}
