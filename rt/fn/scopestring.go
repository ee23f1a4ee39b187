package fn

import (
	"strconv"
	"strings"
)

// ScopeString is Puppet's Scope#to_s: "Scope(<resource>)", or the file and
// line of the top of the Puppet stack for a scope without a resource (as
// Ruby shows the scope in a NoMethodError).
func ScopeString(c Context) string {
	if cat, ok := c.(Catalog); ok {
		if r := cat.CurrentResource(); r != nil {
			return "Scope(" + refString(r.Type(), r.Title()) + ")"
		}
	}
	st := Stacktrace(c)
	if len(st) == 0 {
		return "Scope()"
	}
	top := st[len(st)-1]
	return "Scope(" + top.File + ", " + strconv.Itoa(top.Line) + ")"
}

// refString is a resource reference as Puppet writes it: each segment of
// the type capitalized ("foo::bar", "x" -> "Foo::Bar[x]").
func refString(typ, title string) string {
	segs := strings.Split(typ, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	return strings.Join(segs, "::") + "[" + title + "]"
}
