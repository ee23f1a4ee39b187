package rt

import (
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
)

// native is a NativeType backed by resource type metadata.
type native struct {
	t *restype.Type

	keysOnce sync.Once
	keys     []string // namevars, sorted (keyAttrs)
	rule     keyRule  // what adding a resource needs of them (keyRuleOf)

	attrsOnce sync.Once
	// attrs are the names HasAttribute accepts: the type's own
	// attributes', the metaparameters' and "name"
	attrs nameSet

	once     sync.Once
	patterns []*values.Regexp // title patterns (a bad one fails to match)
	// literals are the strings a title must contain, in order, to match
	// each pattern (values.RequiredLiterals): a title without them is
	// not matched, and the pattern not compiled for it
	literals [][]string
	// shapes are the patterns matched without a regexp (titleShapeOf;
	// nil for the others)
	shapes []*titleShape
	// titles are the titles a regexp of the patterns was matched with,
	// and the fields they gave: a process parses the same titles again
	// (each compile makes the same resources and references)
	titles readmap.Map[titleMatch]
}

// titleMatch is what a title gave: its fields, and whether a pattern
// matched.
type titleMatch struct {
	fields []TitleField
	ok     bool
}

// Native makes the runtime's view of a native resource type from its
// metadata.
func Native(t *restype.Type) NativeType {
	n := &native{t: t}
	n.titles.Limit = titlesKept
	return n
}

// titlesKept is how many titles a type's cache of matched titles keeps.
const titlesKept = 1 << 12

// keyAttrs are the type's namevars, sorted: made on first use, as a
// compile uses few of a program's hundreds of types.
func (n *native) keyAttrs() []string {
	n.keysOnce.Do(n.makeKeys)
	return n.keys
}

func (n *native) makeKeys() {
	n.keys = n.t.Namevars()
	sort.Strings(n.keys)
	n.rule = keyRule{isomorphic: n.t.Isomorphic}
	n.rule.patterned = len(n.t.TitlePatterns) > 0 && !n.t.TitlePatternsUnknown &&
		!slices.ContainsFunc(n.t.TitlePatterns, matchesAll)
	if len(n.keys) != 1 {
		return
	}
	n.rule.name = n.keys[0]
	switch ps := n.t.TitlePatterns; len(ps) {
	case 0:
		n.rule.titleIsKey = true // DefaultTitlePatterns' (.*), or none: the title
	case 1:
		p := ps[0]
		n.rule.titleIsKey = matchesAll(p) && len(p.Attrs) == 1 && p.Attrs[0] == n.rule.name
	}
}

// checkAutoload fails as Puppet's autoloader does for a module type whose
// autoload fails (autoloadError).
func (p *Program) checkAutoload(t NativeType) {
	if msg := p.autoloadError(t); msg != "" {
		Fail(msg)
	}
}

// autoloadError is what autoloading type t fails with in the program's
// release (Release.AutoloadError), "" when it loads.
func (p *Program) autoloadError(t NativeType) string {
	n, ok := t.(*native)
	if !ok {
		return ""
	}
	return p.Puppet().AutoloadError(n.t, n.t.LoadError)
}

// AddCoreTypes registers Puppet's built-in resource types.
func (p *Program) AddCoreTypes() { p.AddNatives(restype.CoreTypes()) }

// AddNatives registers native resource types, each in its order (as
// AddNative(Native(t))): their runtime views are one allocation and the
// program's table grows once.
func (p *Program) AddNatives(ts []*restype.Type) {
	grown := make(map[string]NativeType, len(p.natives)+len(ts))
	maps.Copy(grown, p.natives)
	p.natives = grown
	ns := make([]native, len(ts))
	for i, t := range ts {
		ns[i].t = t
		ns[i].titles.Limit = titlesKept
		p.natives[t.Name] = &ns[i]
		p.failingTypes = p.failingTypes || t.LoadError != "" || len(t.Requires) > 0
	}
}

// namesTypeLoadError is the autoloadError of the first of names (a type
// text's type names, typeNames) that is a resource type that does not
// autoload in the program's release, or "". Puppet evaluates a type name
// by loading the type: a reference to it (M_rule['a'], the type in a
// relationship, defined() or resource defaults) fails as a resource of it
// would.
func (p *Program) namesTypeLoadError(names []string) string {
	for _, name := range names {
		if t := p.findNative(name); t != nil {
			if msg := p.autoloadError(t); msg != "" {
				return msg
			}
		}
	}
	return ""
}

func (n *native) Name() string            { return n.t.Name }
func (n *native) KeyAttributes() []string { return n.keyAttrs() }
func (n *native) Isomorphic() bool        { return n.t.Isomorphic }

// HasAttribute is the type's ValidAttr, its own attributes found in a set
// instead of a scan of the list: finish checks every parameter of every
// resource (a file has 34 attributes).
func (n *native) HasAttribute(name string) bool {
	if n.t.Open {
		return true
	}
	n.attrsOnce.Do(func() {
		names := make([]string, 0, len(n.t.Attrs)+len(restype.Metaparams)+1)
		for _, a := range n.t.Attrs {
			names = append(names, a.Name)
		}
		names = append(append(names, restype.Metaparams...), "name")
		n.attrs = newNameSet(names)
	})
	return n.attrs.has(name)
}

// ParseTitle applies the type's title patterns (Puppet::Resource#
// parse_title): the first pattern that matches gives the namevars' values.
func (n *native) ParseTitle(title string) ([]TitleField, bool) { return n.appendTitle(nil, title) }

// appendTitle is ParseTitle appending the fields to dst.
func (n *native) appendTitle(dst []TitleField, title string) ([]TitleField, bool) {
	patterns := n.t.TitlePatterns
	if len(patterns) == 0 {
		// none, or Puppet's default ones (restype.DefaultTitlePatterns:
		// (.*) for one namevar, none for more), without making them
		if keys := n.keyAttrs(); len(keys) == 1 {
			return append(dst, TitleField{Name: keys[0], Value: title}), true
		}
		return nil, false
	}
	for i, p := range patterns {
		if v, ok, handled := fastTitle(p, title); handled {
			if ok {
				return append(dst, TitleField{Name: p.Attrs[0], Value: v}), true
			}
			continue
		}
		m, found := readmap.Load(&n.titles, title)
		if !found {
			m.fields, m.ok = n.matchTitle(patterns, i, title)
			m = readmap.Store(&n.titles, title, m)
		}
		if !m.ok {
			return nil, false
		}
		return append(dst, m.fields...), true
	}
	return nil, false
}

// matchTitle is appendTitle's search from the patterns[from], which needs
// a regexp.
func (n *native) matchTitle(patterns []restype.TitlePattern, from int, title string) ([]TitleField, bool) {
	for i := from; i < len(patterns); i++ {
		p := patterns[i]
		if v, ok, handled := fastTitle(p, title); handled {
			if ok {
				return []TitleField{{Name: p.Attrs[0], Value: v}}, true
			}
			continue
		}
		n.once.Do(func() {
			// each compiled when first matched: the first pattern that
			// matches ends the search (keystone's types have up to 8)
			n.patterns = make([]*values.Regexp, len(patterns))
			n.literals = make([][]string, len(patterns))
			n.shapes = make([]*titleShape, len(patterns))
			for i, p := range patterns {
				src := p.Regexp
				if p.Flags != "" {
					src = "(?" + p.Flags + ")" + src
				}
				n.patterns[i] = values.RegexpOf(src)
				n.literals[i] = values.RequiredLiterals(p.Regexp, p.Flags)
				n.shapes[i] = titleShapeOf(p)
			}
		})
		if !values.ContainsInOrder(title, n.literals[i]) {
			continue
		}
		if sh := n.shapes[i]; sh != nil {
			groups := make([]string, sh.groups)
			if ok, handled := sh.match(title, groups); handled {
				if !ok {
					continue
				}
				var out []TitleField
				for j, attr := range patterns[i].Attrs {
					if j < len(groups) {
						out = append(out, TitleField{Name: attr, Value: groups[j]})
					}
				}
				return out, true
			}
		}
		groups, err := n.patterns[i].Match(title)
		if err != nil || groups == nil {
			continue
		}
		var out []TitleField
		for j, attr := range patterns[i].Attrs {
			if j+1 < len(groups) {
				out = append(out, TitleField{Name: attr, Value: values.ToString(groups[j+1])})
			}
		}
		return out, true
	}
	return nil, false
}

// filePattern is the title pattern of the file type.
const filePattern = `^(/|.+:/|.*[^/])/*\Z`

// matchesAll says whether p matches every title: (.*) across lines, the
// default pattern of a type with one namevar.
func matchesAll(p restype.TitlePattern) bool { return p.Regexp == "(.*)" && p.Flags == "m" }

// fastTitle matches the title patterns that nearly every type has without
// a regular expression (compiling Ruby-compatible regexps is a large part
// of a short run): `(.*)` with Ruby's m flag, which takes the whole title,
// and the file type's, which drops trailing slashes. handled is false for
// other patterns, and for titles with a line break in the file pattern's
// case.
func fastTitle(p restype.TitlePattern, title string) (value string, ok, handled bool) {
	if len(p.Attrs) != 1 || p.Flags != "m" {
		return "", false, false
	}
	switch p.Regexp {
	case "(.*)":
		return title, true, true
	case filePattern:
		if title == "" || strings.IndexByte(title, '\n') >= 0 {
			return "", false, title == ""
		}
		t := strings.TrimRight(title, "/")
		switch {
		case t == "":
			return "/", true, true // "/", "///": the first alternative
		case len(t) < len(title) && len(t) > 1 && t[len(t)-1] == ':':
			return t + "/", true, true // "C:/", "x:///": the second
		}
		return t, true, true
	}
	return "", false, false
}

// NodeRegexp compiles a node definition's regexp (checked at build time).
func NodeRegexp(src string) *values.Regexp {
	re, err := values.NewRegexp(src)
	if err != nil {
		panic(err)
	}
	return re
}
