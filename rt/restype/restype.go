// Package restype is resource type metadata as data: the attributes of each
// native resource type (parameters, properties and the metaparameters every
// type has), its namevars, title patterns and isomorphism. The code generator
// embeds it and the runtime uses it to validate and key resources.
//
// Puppet's own core types are in Core (generated from Puppet 7.23 by
// gen-core.rb); types of modules come from a static scan of their Ruby type
// DSL (package frontend/rubytype) or from .resource_types/*.pp.
package restype

import "sort"

// Kind is what an attribute is to Puppet.
type Kind uint8

const (
	Param     Kind = iota + 1 // newparam: not synced to the system
	Property                  // newproperty: managed state
	MetaParam                 // one of Puppet's metaparameters, valid on every type
)

func (k Kind) String() string {
	switch k {
	case Param:
		return "param"
	case Property:
		return "property"
	case MetaParam:
		return "metaparam"
	}
	return "unknown"
}

// Attr is one attribute of a resource type.
type Attr struct {
	Name    string
	Kind    Kind
	Namevar bool // part of the type's key (Puppet's key_attributes)
}

// TitlePattern is one of a type's title patterns: a Ruby regexp that splits
// a resource title into the values of the named attributes, one per group.
type TitlePattern struct {
	Regexp string   // the Ruby source of the pattern, between the slashes
	Flags  string   // Ruby regexp options: any of "m", "i", "x"
	Attrs  []string // the attribute that each capture group sets
}

// Type is a native resource type.
type Type struct {
	Name string // lower case, as declared with newtype
	// Attrs are the type's own attributes in Puppet's order (allattrs): the
	// namevars, provider, properties, then parameters. Metaparameters are
	// not listed; Attr finds them.
	Attrs         []Attr
	TitlePatterns []TitlePattern
	// TitlePatternsUnknown is set when the type computes its title patterns
	// in Ruby code that a static scan cannot evaluate.
	TitlePatternsUnknown bool
	// Isomorphic is false for types whose title does not name the resource
	// (exec, tidy): Puppet then does not check their names for uniqueness.
	Isomorphic bool
	Features   []string // provider features the type declares
	// Open is set when the attribute list may be incomplete (attributes
	// created by Ruby code a static scan cannot follow): any attribute name
	// must then be accepted.
	Open bool
	// ResourceAPI is set for a type declared with the Resource API
	// (Puppet::ResourceApi.register_type), which has no provider
	// parameter.
	ResourceAPI bool
	Source      string // the file that defines the type; "" for Puppet's core types
	// Requires are the Ruby libraries the type's file requires when it
	// loads that no module provides (puppet/resource_api): a Puppet
	// installation without one fails to autoload the type.
	Requires []string
	// LoadError is what autoloading the type fails with in any Puppet,
	// after "Could not autoload puppet/type/NAME: " (a file it loads
	// requires a gem nothing provides: "Could not autoload
	// puppet/provider/iis_site/webadministration: cannot load such file
	// -- ruby-pwsh"); "" when it loads.
	LoadError string
}

// Attr finds an attribute by name: one of the type's own, a metaparameter,
// or "name", which Puppet accepts on every type.
func (t *Type) Attr(name string) (Attr, bool) {
	for _, a := range t.Attrs {
		if a.Name == name {
			return a, true
		}
	}
	if IsMetaparam(name) {
		return Attr{Name: name, Kind: MetaParam}, true
	}
	if name == "name" {
		return Attr{Name: name, Kind: Param}, true
	}
	return Attr{}, false
}

// ValidAttr reports whether name may be set on resources of the type, as
// Puppet's Type.valid_parameter? decides it.
func (t *Type) ValidAttr(name string) bool {
	if t.Open {
		return true
	}
	_, ok := t.Attr(name)
	return ok
}

// Namevars are the names of the key attributes, in declaration order.
func (t *Type) Namevars() []string {
	var out []string
	for _, a := range t.Attrs {
		if a.Namevar {
			out = append(out, a.Name)
		}
	}
	return out
}

// AttrNames lists the names of the type's own attributes and of the
// metaparameters, sorted (for suggestions and documentation).
func (t *Type) AttrNames() []string {
	out := make([]string, 0, len(t.Attrs)+len(Metaparams))
	for _, a := range t.Attrs {
		out = append(out, a.Name)
	}
	out = append(out, Metaparams...)
	sort.Strings(out)
	return out
}

// DefaultTitlePatterns are the patterns Puppet gives a type that declares
// none: the whole title is the single namevar; none when there is no
// namevar. (With several namevars Puppet requires explicit patterns.)
func DefaultTitlePatterns(namevars []string) []TitlePattern {
	if len(namevars) != 1 {
		return nil
	}
	return []TitlePattern{{Regexp: "(.*)", Flags: "m", Attrs: []string{namevars[0]}}}
}

// IsMetaparam reports whether name is one of Puppet's metaparameters
// (Metaparams), which every type, class and defined type accepts.
func IsMetaparam(name string) bool {
	// a switch, not a set: every attribute of every resource is checked,
	// and a switch decides by length and a compare or two, without hashing
	switch name {
	case "noop", "schedule", "audit", "loglevel", "alias", "tag", "require", "subscribe", "before", "notify", "stage":
		return true
	}
	return false
}

// RelationshipMetaparams are the metaparameters whose values are
// references to other resources.
var RelationshipMetaparams = []string{"require", "subscribe", "before", "notify"}

// Core returns Puppet's built-in type of that name, or nil.
func Core(name string) *Type {
	return coreByName[name]
}

// CoreTypes returns Puppet's built-in types, sorted by name.
func CoreTypes() []*Type {
	return coreTypes
}

var coreByName = func() map[string]*Type {
	m := make(map[string]*Type, len(coreTypes))
	for _, t := range coreTypes {
		m[t.Name] = t
	}
	return m
}()

// Vendored8 returns the types of the modules Puppet 8.10 vendors (Debian
// 13's puppet-agent, in vendormoduledir), sorted by name. Puppet finds
// them after the module path's: it appends their lib directories to
// Ruby's load path. Debian 12's Puppet 7.23 vendors none.
func Vendored8() []*Type { return vendored8 }

// IsVendored reports whether t is one of the Vendored8 types (not a
// module's type of the same name).
func IsVendored(t *Type) bool {
	for _, v := range vendored8 {
		if v == t {
			return true
		}
	}
	return false
}
