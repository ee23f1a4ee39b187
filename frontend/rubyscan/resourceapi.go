package rubyscan

import (
	"regexp"
	"slices"
	"strings"

	"github.com/pp2go/pp2go/frontend/erb"
	"github.com/pp2go/pp2go/rt/restype"
)

// resourceAPITypes reads the types a file declares with the Resource API,
// Puppet::ResourceApi.register_type(name: ..., attributes: {...}), as the
// puppet-resource_api gem makes them: each attribute in its order, a
// parameter when its behaviour is namevar, parameter or read_only, else
// a property; the title patterns given, or the first namevar taking the
// whole title. A definition it cannot read (not literals) is not read.
func resourceAPITypes(path, src string) []*restype.Type {
	if !strings.Contains(src, "register_type") {
		return nil
	}
	t, err := erb.ParseRuby(path, []byte(src))
	if err != nil {
		return nil
	}
	var types []*restype.Type
	for _, n := range t.Body {
		erb.Walk(n, func(n erb.Node) {
			c, ok := n.(*erb.Call)
			if !ok || c.Name != "register_type" || len(c.Args) != 1 || !isResourceAPI(c.Recv) {
				return
			}
			if h, ok := c.Args[0].(*erb.Hash); ok {
				if ty := resourceAPIType(h, path); ty != nil {
					types = append(types, ty)
				}
			}
		})
	}
	return types
}

// isResourceAPI reports whether n is the constant Puppet::ResourceApi.
func isResourceAPI(n erb.Node) bool {
	c, ok := n.(*erb.Const)
	return ok && c.Name == "ResourceApi" && c.Scope != nil && c.Scope.Name == "Puppet" && c.Scope.Scope == nil
}

// resourceAPIType is the type of a register_type definition, nil when
// its name or attributes are not literals.
func resourceAPIType(def *erb.Hash, path string) *restype.Type {
	name, ok := erb.LiteralString(pairValue(def, "name"))
	attrs, isHash := pairValue(def, "attributes").(*erb.Hash)
	if !ok || !isHash {
		return nil
	}
	b := &typeBuilder{name: name, isomorphic: true, source: path, tpSet: true}
	var namevars []string
	for _, p := range attrs.Pairs {
		attr, ok := keyName(p.Key)
		opts, isHash := p.Value.(*erb.Hash)
		if !ok || !isHash {
			return nil
		}
		kind := restype.Property
		behaviour, _ := keyName(pairValue(opts, "behaviour"))
		switch behaviour {
		case "namevar":
			kind = restype.Param
			namevars = append(namevars, attr)
		case "parameter", "read_only":
			kind = restype.Param
		}
		b.attr(attr, kind).Namevar = behaviour == "namevar"
	}
	switch patterns := pairValue(def, "title_patterns").(type) {
	case nil:
		if len(namevars) > 0 {
			b.titlePatterns = []restype.TitlePattern{{Regexp: "(.*)", Flags: "m", Attrs: namevars[:1]}}
		}
	case *erb.Array:
		for _, e := range patterns.Elems {
			h, ok := e.(*erb.Hash)
			var re *erb.Regexp
			if ok {
				re, ok = pairValue(h, "pattern").(*erb.Regexp)
			}
			src, lit := regexpSource(re)
			if !ok || !lit {
				b.tpUnknown = true
				break
			}
			b.titlePatterns = append(b.titlePatterns, restype.TitlePattern{Regexp: src, Flags: normFlags(re.Flags), Attrs: groupNames(src)})
		}
	default:
		b.tpUnknown = true
	}
	t := b.finish()
	t.ResourceAPI = true
	return t
}

// pairValue is the value of a hash literal's key (a symbol or string),
// nil when it has none.
func pairValue(h *erb.Hash, key string) erb.Node {
	for _, p := range h.Pairs {
		if k, ok := keyName(p.Key); ok && k == key {
			return p.Value
		}
	}
	return nil
}

// keyName is the name of a symbol or string literal.
func keyName(n erb.Node) (string, bool) {
	if s, ok := n.(*erb.Sym); ok && s.Parts == nil {
		return s.Name, true
	}
	return erb.LiteralString(n)
}

// regexpSource is a regexp literal's source when it interpolates nothing.
func regexpSource(re *erb.Regexp) (string, bool) {
	if re == nil {
		return "", false
	}
	var b strings.Builder
	for _, p := range re.Parts {
		if p.Expr != nil {
			return "", false
		}
		b.WriteString(p.Lit)
	}
	return b.String(), true
}

var namedGroup = regexp.MustCompile(`\(\?<([A-Za-z_]\w*)>`)

// groupNames are a regexp's named groups in order, each once (Ruby's
// Regexp#names).
func groupNames(src string) []string {
	var names []string
	for _, m := range namedGroup.FindAllStringSubmatch(src, -1) {
		if !slices.Contains(names, m[1]) {
			names = append(names, m[1])
		}
	}
	return names
}
