package erb

import "strings"

// File's path functions (File.join, File.basename, File.dirname,
// File.extname): string operations, no file access.

func init() {
	plain([]plainMethod{
		{"basename", (*R).Basename},
		{"dirname", (*R).Dirname},
		{"extname", (*R).Extname},
	})
}

// fileJoin is File.join: the parts joined with "/", with the slashes at
// each join collapsed to one; arrays are joined recursively.
func fileJoin(args []Value) string {
	var parts []string
	var walk func([]Value, int)
	walk = func(list []Value, depth int) {
		if depth > 100 {
			argError("recursive array")
		}
		for _, a := range list {
			if arr, ok := a.(*Array); ok {
				walk(arr.A, depth+1)
				continue
			}
			parts = append(parts, strArg(a))
		}
	}
	walk(args, 0)
	if len(parts) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(parts[0])
	for _, p := range parts[1:] {
		cur := b.String()
		switch {
		case strings.HasSuffix(cur, "/") && strings.HasPrefix(p, "/"):
			b.Reset()
			b.WriteString(strings.TrimRight(cur, "/"))
			b.WriteString("/")
			b.WriteString(strings.TrimLeft(p, "/"))
		case strings.HasSuffix(cur, "/") || strings.HasPrefix(p, "/"):
			b.WriteString(p)
		default:
			b.WriteString("/")
			b.WriteString(p)
		}
	}
	return b.String()
}

// Basename is File.basename(path [, suffix]).
func (r *R) Basename(recv Value, args ...Value) Value {
	classRecv("basename", recv, ClassFile)
	arity(args, 1, 2)
	p := strArg(args[0])
	trimmed := strings.TrimRight(p, "/")
	if trimmed == "" {
		if p == "" {
			return S("")
		}
		return S("/")
	}
	base := trimmed[strings.LastIndexByte(trimmed, '/')+1:]
	if len(args) == 2 {
		suf := strArg(args[1])
		if suf == ".*" {
			if i := strings.LastIndexByte(base, '.'); i > 0 {
				base = base[:i]
			}
		} else if strings.HasSuffix(base, suf) && base != suf {
			base = base[:len(base)-len(suf)]
		}
	}
	return S(base)
}

// Dirname is File.dirname(path).
func (r *R) Dirname(recv Value, args ...Value) Value {
	classRecv("dirname", recv, ClassFile)
	arity(args, 1, 1)
	p := strArg(args[0])
	trimmed := strings.TrimRight(p, "/")
	if trimmed == "" {
		if strings.HasPrefix(p, "/") {
			return S("/")
		}
		return S(".")
	}
	i := strings.LastIndexByte(trimmed, '/')
	if i < 0 {
		return S(".")
	}
	dir := strings.TrimRight(trimmed[:i], "/")
	if dir == "" {
		return S("/")
	}
	return S(dir)
}

// Extname is File.extname(path).
func (r *R) Extname(recv Value, args ...Value) Value {
	classRecv("extname", recv, ClassFile)
	arity(args, 1, 1)
	base := r.Basename(ClassFile, args[0]).(*Str).S
	i := strings.LastIndexByte(base, '.')
	if i <= 0 || i == len(base)-1 {
		return &Str{Bin: true} // rb_str_new(0, 0): binary
	}
	return S(base[i:])
}
