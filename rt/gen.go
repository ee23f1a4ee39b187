package rt

import (
	"sync"
	"sync/atomic"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// IsVersion1 is the version marker of the API generated code uses: code
// generated for another version of rt refers to another marker and fails
// to compile against this one.
const IsVersion1 = true

// NewSites builds a package's site table from its compact form: four
// numbers per site (file index, line, column, label index), then three per
// binary expression whose operands are located (site, left, right), then
// for each access expression whose keys are located its site, the number
// of its keys and their sites.
func NewSites(files []File, labels []string, data, operands, accessKeys []int32) []Site {
	sites := make([]Site, len(data)/4)
	for i := range sites {
		d := data[i*4 : i*4+4]
		sites[i] = Site{File: &files[d[0]], Line: d[1], Column: d[2], Label: labels[d[3]]}
	}
	// the links of the sites that have some, in one slice (and their keys
	// in another): a site with both operands and keys has two
	n, nkeys := len(operands)/3, 0
	for i := 0; i+1 < len(accessKeys); i += 2 + int(accessKeys[i+1]) {
		n, nkeys = n+1, nkeys+int(accessKeys[i+1])
	}
	links, keys := make([]siteLinks, 0, n), make([]*Site, 0, nkeys)
	link := func(s *Site) *siteLinks {
		if s.links == nil {
			links = append(links, siteLinks{})
			s.links = &links[len(links)-1]
		}
		return s.links
	}
	for i := 0; i+2 < len(operands); i += 3 {
		l := link(&sites[operands[i]])
		l.left, l.right = &sites[operands[i+1]], &sites[operands[i+2]]
	}
	for i := 0; i+1 < len(accessKeys); {
		l, n := link(&sites[accessKeys[i]]), int(accessKeys[i+1])
		start := len(keys)
		for _, k := range accessKeys[i+2 : i+2+n] {
			keys = append(keys, &sites[k])
		}
		l.keys = keys[start:len(keys):len(keys)]
		i += 2 + n
	}
	return sites
}

// SiteTable is a generated package's site table in its compact form, built
// into Sites on first use: a binary holds the tables of every module of the
// environment and a compile uses few of them, so building them all when
// the program starts would cost every run (they are most of what the
// packages' initialization allocates).
type SiteTable struct {
	Files  []File
	Labels []string
	Data   []int32 // four numbers per site: file index, line, column, label index
	// Operands are three numbers per binary expression whose operands are
	// located: its site, its left operand's and its right operand's.
	Operands []int32
	// AccessKeys are, per access expression whose keys are located, its
	// site, its number of keys and their sites.
	AccessKeys []int32

	once  sync.Once
	ready atomic.Bool
	sites []Site
}

// At returns site i.
func (t *SiteTable) At(i int) *Site {
	if !t.ready.Load() {
		t.build()
	}
	return &t.sites[i]
}

func (t *SiteTable) build() {
	t.once.Do(func() {
		t.sites = NewSites(t.Files, t.Labels, t.Data, t.Operands, t.AccessKeys)
		t.ready.Store(true)
	})
}

// RegexpRef is a regular expression literal, compiled on first use.
type RegexpRef struct {
	Src string
	re  atomic.Pointer[values.Regexp]
}

// Regexp is the literal's value.
func (s *Scope) Regexp(site *Site, r *RegexpRef) values.Value {
	if re := r.re.Load(); re != nil {
		return re
	}
	re, err := values.NewRegexp(r.Src)
	if err != nil {
		raise(site, err)
	}
	r.re.Store(re)
	return re
}

// AddFunction registers a function written in Puppet; Finish makes it
// callable once every definition (and type alias) is registered.
func (p *Program) AddFunction(name, module string, sig *Signature, body func(s *Scope) values.Value) {
	p.functions = append(p.functions, puppetFunc{name, module, sig, body})
}

type puppetFunc struct {
	name, module string
	sig          *Signature
	body         func(s *Scope) values.Value
}

// Finish completes the program after registration: the steering
// functions and the Puppet-language functions join the function registry.
func (p *Program) Finish() {
	registerBuiltins()
	for _, f := range p.functions {
		fn.Register(PuppetFunction(p, f.name, f.module, f.sig, f.body))
	}
}

// ---- assignment forms ----

// AssignList is `[$a, $b] = value`: from an array by position, or from a
// hash by name.
func (s *Scope) AssignList(site *Site, names []string, v values.Value) values.Value {
	switch x := v.(type) {
	case *values.Array:
		if x.Len() != len(names) {
			IssueAt(site, "ILLEGAL_MULTI_ASSIGNMENT_SIZE", "Mismatched number of assignable entries and values, expected %d, got %d", len(names), x.Len())
		}
		for i, n := range names {
			s.Assign(site, n, x.At(i))
		}
	case *values.Hash:
		for _, n := range names {
			e, ok := x.GetString(n)
			if !ok {
				IssueAt(site, "MISSING_MULTI_ASSIGNMENT_KEY", "No value for required key '%s' in assignment to variables from hash", n)
			}
			s.Assign(site, n, e)
		}
	default:
		IssueAt(site, "ILLEGAL_MULTI_ASSIGNMENT_SIZE", "Mismatched number of assignable entries and values, expected %d, got 1", len(names))
	}
	return v
}

// UnfoldValue is `*v` outside an argument list: the array it unfolds to.
func UnfoldValue(v values.Value) values.Value { return values.NewArray(values.Unfold(v)...) }

// CaseMatchAny is a case option or selector entry written `*v`: it matches
// when any of the unfolded values does.
func (s *Scope) CaseMatchAny(test, option values.Value) bool {
	for _, o := range values.Unfold(option) {
		if s.CaseMatch(test, o) {
			return true
		}
	}
	return false
}

// NoSelectorMatch fails a selector none of whose entries matched (site
// locates the selector's test).
func NoSelectorMatch(site *Site, test values.Value) values.Value {
	IssueAt(site, "UNMATCHED_SELECTOR", "No matching entry for selector parameter with value '%s'", values.ToString(test))
	return nil
}

// ---- EPP ----

// EppText is template text in an EPP template.
func (s *Scope) EppText(text string) values.Value {
	if s.epp != nil {
		s.epp.WriteString(text)
	}
	return values.Undef
}

// EppRender is `<%= expr %>` in an EPP template.
func (s *Scope) EppRender(v values.Value) values.Value {
	if s.epp != nil {
		if sv, ok := v.(*values.Sensitive); ok {
			s.eppSensitive = true
			v = sv.Unwrap()
		}
		s.epp.WriteString(values.ToString(v))
	}
	return values.Undef
}
