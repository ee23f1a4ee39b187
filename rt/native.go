package rt

import (
	"sort"
	"sync"

	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
)

// native is a NativeType backed by resource type metadata.
type native struct {
	t    *restype.Type
	keys []string // namevars, sorted

	once     sync.Once
	patterns []*values.Regexp // compiled title patterns, nil entries for bad ones
}

// Native makes the runtime's view of a native resource type from its
// metadata.
func Native(t *restype.Type) NativeType {
	keys := t.Namevars()
	sort.Strings(keys)
	return &native{t: t, keys: keys}
}

// AddCoreTypes registers Puppet's built-in resource types.
func (p *Program) AddCoreTypes() {
	for _, t := range restype.CoreTypes() {
		p.AddNative(Native(t))
	}
}

func (n *native) Name() string                  { return n.t.Name }
func (n *native) HasAttribute(name string) bool { return n.t.ValidAttr(name) }
func (n *native) KeyAttributes() []string       { return n.keys }
func (n *native) Isomorphic() bool              { return n.t.Isomorphic }

// ParseTitle applies the type's title patterns (Puppet::Resource#
// parse_title): the first pattern that matches gives the namevars' values.
func (n *native) ParseTitle(title string) ([]TitleField, bool) {
	patterns := n.t.TitlePatterns
	if len(patterns) == 0 && !n.t.TitlePatternsUnknown {
		patterns = restype.DefaultTitlePatterns(n.t.Namevars())
	}
	if len(patterns) == 0 {
		if len(n.keys) == 1 {
			return []TitleField{{Name: n.keys[0], Value: title}}, true
		}
		return nil, false
	}
	n.once.Do(func() {
		n.patterns = make([]*values.Regexp, len(patterns))
		for i, p := range patterns {
			src := p.Regexp
			if p.Flags != "" {
				src = "(?" + p.Flags + ")" + src
			}
			if re, err := values.NewRegexp(src); err == nil {
				n.patterns[i] = re
			}
		}
	})
	for i, re := range n.patterns {
		if re == nil {
			continue
		}
		groups, err := re.Match(title)
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

// NodeRegexp compiles a node definition's regexp (checked at build time).
func NodeRegexp(src string) *values.Regexp {
	re, err := values.NewRegexp(src)
	if err != nil {
		panic(err)
	}
	return re
}
