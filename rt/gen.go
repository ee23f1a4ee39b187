package rt

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/pp2go/pp2go/rt/cell"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/values"
)

// IsVersion1 is the version marker of the API generated code uses: code
// generated for another version of rt refers to another marker and fails
// to compile against this one.
const IsVersion1 = true

// SiteTable is a generated package's site table in its compact form:
// four numbers per site (file index, line, column, label index), then
// three per binary expression whose operands are located (site, left,
// right), then for each access expression whose keys are located its
// site, the number of its keys and their sites. A site is built when first
// used, next to the sites built before it: a binary holds the tables of
// every module of the environment and a compile uses a third of the sites
// of the few tables it touches (keystone: 3,790 of 11,777), so building
// whole tables, or all of them when the program starts, would cost every
// run the time and the heap pages of the others.
type SiteTable struct {
	// Files is the first of the package's files and FileCount their
	// number: generated code gives its array of files as &files[0] and
	// its length. A slice of the array, files[:], would make the table a
	// variable that code initializes at start-up, and a list of each
	// file's address is a static array, which costs the runtime a repeat
	// of its GC program (the pointers of the binary's data) at every start.
	Files     *File
	FileCount int32
	// Labels are the sites' labels separated by newlines: one string, not
	// a list, as Class.Locals is; a table's first build splits them
	Labels string
	Data   []int32 // four numbers per site: file index, line, column, label index
	// Operands are three numbers per binary expression whose operands are
	// located: its site, its left operand's and its right operand's.
	Operands []int32
	// AccessKeys are, per access expression whose keys are located, its
	// site, its number of keys and their sites.
	AccessKeys []int32
	// Cell keeps the sites built so far (package cell).
	Cell *Cell
}

// built is the table's sites built so far.
func (t *SiteTable) built() *atomicptr.Pointer[builtSites] {
	return cell.Pointer[builtSites](&t.Cell)
}

// builtSites is a table's sites built so far.
type builtSites struct {
	sites  []atomicptr.Pointer[Site] // by index, nil until built
	labels []string                  // the table's Labels, split
	// links are the sites that have links, by site then in the table's
	// order, each with its entry: an offset in Operands, or -1-offset in
	// AccessKeys
	links   []siteEntry
	linking map[int]*Site // the sites whose links are being built
}

type siteEntry struct{ site, at int32 }

// sitesMu serializes the building of sites, which are allocated from
// freeSites (with sitesMu): the sites a compile uses are a few pages of
// memory instead of a page for each few.
var (
	sitesMu   sync.Mutex
	freeSites []Site
)

// file is the table's file i, the i-th element of the array whose first
// element Files is. i is one of the table's own numbers, which the build
// wrote below FileCount: the address is computed without the checks of a
// slice made of the array (unsafe.Slice), which cost 13 instructions more
// a call (SiteRef.fileLine, a call for each parameter a compile sets).
func (t *SiteTable) file(i int32) *File {
	return (*File)(unsafe.Add(unsafe.Pointer(t.Files), uintptr(i)*unsafe.Sizeof(File{})))
}

// At returns site i.
func (t *SiteTable) At(i int) *Site {
	if b := atomicptr.Load(t.built()); b != nil {
		if s := atomicptr.Load(&b.sites[i]); s != nil {
			return s
		}
	}
	return t.build(i)
}

// SiteRef is site I of table T, not built yet: generated code passes one
// where the operation needs its site only when it fails or warns (a
// variable's read, a local's assignment, a type's reference, a
// comparison, a resource body's title, an access), and the site is built
// (At) only then; an attribute operation (Attr, Plus) records only the
// site's file and line, read from the table (fileLine). A keystone compile
// built 8,168 sites (At) with pos for each operation, 1,056 with these.
// The zero SiteRef is no site (nil).
type SiteRef struct {
	T *SiteTable
	I int32
}

// Ref is site i, built only when used (SiteRef.Site).
func (t *SiteTable) Ref(i int32) SiteRef { return SiteRef{t, i} }

// Site is the site r refers to, nil for the zero SiteRef.
func (r SiteRef) Site() *Site {
	if r.T == nil {
		return nil
	}
	return r.T.At(int(r.I))
}

// fileLine is the file and the line of r's site, as a parameter set there
// records them (newParamAt), read from the table's numbers without
// building the site: nil and 0 for none.
func (r SiteRef) fileLine() (*string, int32) {
	if file, line, ok := r.tableFileLine(); ok {
		return file, line
	}
	// none, or a table of sites built elsewhere (SiteRefOf)
	if s := r.Site(); s != nil && s.File != nil {
		return &s.File.Path, s.Line
	}
	return nil, 0
}

// tableFileLine is fileLine of a site of a generated table (ok): small
// enough for the inliner, where a parameter is made (newParamAt, Attr).
func (r SiteRef) tableFileLine() (file *string, line int32, ok bool) {
	if t := r.T; t != nil {
		if k := int(r.I) * 4; k+1 < len(t.Data) {
			return &t.file(t.Data[k]).Path, t.Data[k+1], true
		}
	}
	return nil, 0, false
}

// SiteRefOf is a SiteRef to s, a site that is no generated table's (nil:
// the zero SiteRef).
func SiteRefOf(s *Site) SiteRef {
	if s == nil {
		return SiteRef{}
	}
	b := &builtSites{sites: make([]atomicptr.Pointer[Site], 1)}
	atomicptr.Store(&b.sites[0], s)
	t := &SiteTable{}
	atomicptr.Store(t.built(), b)
	return SiteRef{t, 0}
}

// build builds site i, and the index of the table's links when it builds
// its first site. (Its deferred unlock is open-coded, a few nanoseconds:
// a site's building that failed, a pp2go bug, must not leave every later
// compile of the process waiting for the lock.)
func (t *SiteTable) build(i int) *Site {
	sitesMu.Lock()
	defer sitesMu.Unlock()
	b := atomicptr.Load(t.built())
	if b == nil {
		n := len(t.Data) / 4
		b = &builtSites{sites: make([]atomicptr.Pointer[Site], n), labels: strings.Split(t.Labels, "\n")}
		if k := len(t.Operands)/3 + len(t.AccessKeys)/3; k > 0 {
			b.links = make([]siteEntry, 0, k) // an access expression has a key or more
		}
		for k := 0; k+2 < len(t.Operands); k += 3 {
			b.links = append(b.links, siteEntry{t.Operands[k], int32(k)})
		}
		for k := 0; k+1 < len(t.AccessKeys); k += 2 + int(t.AccessKeys[k+1]) {
			b.links = append(b.links, siteEntry{t.AccessKeys[k], int32(-1 - k)})
		}
		if !slices.IsSortedFunc(b.links, compareSiteEntries) {
			slices.SortStableFunc(b.links, compareSiteEntries)
		}
		atomicptr.Store(t.built(), b)
	}
	return t.site(b, i)
}

func compareSiteEntries(x, y siteEntry) int { return cmp.Compare(x.site, y.site) }

// firstLink is the index in links of site i's first entry, or of the
// first entry after it when it has none.
func (b *builtSites) firstLink(i int32) int {
	lo, hi := 0, len(b.links)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if b.links[m].site < i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// site returns site i, built with its links and the sites they point at
// (with sitesMu). A later entry of a site's links replaces an earlier
// one's, as a later use of the site would.
func (t *SiteTable) site(b *builtSites, i int) *Site {
	if s := atomicptr.Load(&b.sites[i]); s != nil {
		return s
	}
	if s := b.linking[i]; s != nil {
		return s // a link back (none are generated: their targets have no links)
	}
	if len(freeSites) == 0 {
		freeSites = make([]Site, 64)
	}
	s := &freeSites[0]
	freeSites = freeSites[1:]
	d := t.Data[i*4 : i*4+4]
	s.File, s.Line, s.Column, s.Label = t.file(d[0]), d[1], d[2], b.labels[d[3]]
	if k := b.firstLink(int32(i)); k < len(b.links) && b.links[k].site == int32(i) {
		s.links = &siteLinks{}
		if b.linking == nil {
			b.linking = map[int]*Site{}
		}
		b.linking[i] = s
		for ; k < len(b.links) && b.links[k].site == int32(i); k++ {
			if at := b.links[k].at; at >= 0 {
				s.links.left, s.links.right = t.site(b, int(t.Operands[at+1])), t.site(b, int(t.Operands[at+2]))
			} else {
				at := int(-1 - at)
				keys := make([]*Site, t.AccessKeys[at+1])
				for j := range keys {
					keys[j] = t.site(b, int(t.AccessKeys[at+2+j]))
				}
				s.links.keys = keys
			}
		}
		delete(b.linking, i)
	}
	atomicptr.Store(&b.sites[i], s)
	return s
}

// RegexpRef is a regular expression literal, compiled on first use.
type RegexpRef struct {
	Src string
	// Cell keeps the compiled expression (package cell).
	Cell *Cell
}

// Regexp is the literal's value.
func (s *Scope) Regexp(site SiteRef, r *RegexpRef) values.Value {
	kept := cell.Pointer[values.Regexp](&r.Cell)
	if re := atomicptr.Load(kept); re != nil {
		return re
	}
	re, err := values.NewRegexp(r.Src)
	if err != nil {
		raise(site.Site(), err)
	}
	atomicptr.Store(kept, re)
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
	// Puppet interpolates the value into its message as Ruby does: an
	// Array as ["a"], undef as nothing
	IssueAt(site, "UNMATCHED_SELECTOR", "No matching entry for selector parameter with value '%s'", fn.RubyToS(test))
	return nil
}

// ---- EPP ----

// EppText is template text in an EPP template.
func (s *Scope) EppText(text string) values.Value {
	if s.epp != nil {
		s.epp.write(text, false)
	}
	return values.Undef
}

// EppRender is `<%= expr %>` in an EPP template.
func (s *Scope) EppRender(v values.Value) values.Value {
	if s.epp != nil {
		if sv, ok := v.(*values.Sensitive); ok {
			s.epp.sensitive = true
			v = sv.Unwrap()
		}
		if str, ok := v.(values.String); ok {
			s.epp.write(string(str), values.IsBinaryString(str))
		} else {
			s.epp.write(values.ToString(v), false)
		}
	}
	return values.Undef
}
