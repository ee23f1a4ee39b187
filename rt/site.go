// Package rt is the runtime that generated code links against: it compiles
// a catalog for a node the way Puppet 7.23's compiler does, with the code of
// the environment's classes, defines, nodes and functions supplied as Go
// functions by the generated packages.
//
// The generated code is thin: each Puppet expression becomes a call into rt
// (an operator, a variable, a resource declaration), and rt carries Puppet's
// semantics: scopes, the catalog, the evaluation order, errors.
package rt

import "github.com/pp2go/pp2go/rt/values"

// A Site is a place in the Puppet source that the generated code refers to
// when something can fail or be reported there: the expression's position
// and the label Puppet uses for it in "Error while evaluating a ...".
type Site struct {
	File   *File
	Line   int32
	Column int32
	Label  string // e.g. "Function Call"; "" when the site only locates
	// links locates the parts of the few sites whose parts Puppet reports
	// errors at (see Left, Keys): nil for the others, which keeps a site
	// small (a generated package's table holds thousands).
	links *siteLinks
}

// siteLinks locates the parts of a binary or access expression.
type siteLinks struct {
	left, right *Site
	keys        []*Site
}

// Left and Right locate a binary expression's operands, where Puppet
// reports some of its errors (arithmetic); nil for other sites.
func (s *Site) Left() *Site {
	if s == nil || s.links == nil {
		return nil
	}
	return s.links.left
}

// Right is the right operand's site (see Left).
func (s *Site) Right() *Site {
	if s == nil || s.links == nil {
		return nil
	}
	return s.links.right
}

// Keys locate an access expression's keys, where Puppet reports a key
// that does not apply; nil for other sites.
func (s *Site) Keys() []*Site {
	if s == nil || s.links == nil {
		return nil
	}
	return s.links.keys
}

// File is a Puppet source file of the environment.
type File struct {
	Path string // absolute, as Puppet reports it
}

// Sites is a generated package's table of sites; code refers to them by index.
type Sites []Site

// Location formats the site as Puppet appends it to messages.
func (s *Site) Location() string {
	if s == nil || s.File == nil {
		return ""
	}
	return locationString(s.File.Path, int(s.Line), int(s.Column))
}

// LabelWithArticle is the site's label as "a Function Call".
func (s *Site) LabelWithArticle() string {
	if s == nil || s.Label == "" {
		return "a Function Call"
	}
	return values.Article(s.Label) + " " + s.Label
}
