package rt

import (
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/internal/recent"
	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
)

// Resource kinds, as the catalog JSON names them.
const (
	kindClass       = "class"
	kindDefinedType = "defined_type"
	kindCompilable  = "compilable_type"
	kindUnknown     = "unknown"
)

// Resource is a resource of the catalog being compiled (Puppet's
// Parser::Resource): a native resource, a defined type instance, a class,
// a node or a stage.
type Resource struct {
	Type  string // capitalized: "File", "Apache::Vhost", "Class", "Node", "Stage"
	Title string // for classes the capitalized class name; "main" for main
	// titleValue is a title that is not a String (create_resources keeps
	// a hash's Integer keys): Puppet does not tag the resource with it,
	// gives it to $title and $name as it is, and reports the name
	// parameter, which differs from it. nil for String titles.
	titleValue values.Value

	Params []*Param
	Tags   []string // a set in insertion order

	File      string
	Line      int
	Kind      string
	Sensitive []string

	scope     *Scope
	source    definition // what declared it (scope.source)
	define    *Define    // for defined type instances
	class     *Class     // for class resources
	native    NativeType
	collector *Collector // the collector that realized it, if any
	// collectorID is "certname|type|title" for a resource collected from
	// PuppetDB (Parser::Resource#collector_id), "" otherwise.
	collectorID string

	// container is the source of the first edge to it, of inEdges
	container *Resource

	// fields caches titleFields (type and title never change); fieldsSet
	// says it is set
	fields  []TitleField
	fields0 [1]TitleField // room for fields

	// refStr and refTyp cache refValue and refType
	refStr values.Value
	refTyp *values.ResourceType

	// pos is the resource's position in the catalog's list
	pos     int32
	inEdges int32
	// the scopeTags tags at scopeTagsAt in Tags are the last ones of its
	// scope resource's tags, which were scopeTagsOf when they were added
	// (finishEvaluation), in their order: the writer copies their JSON
	// (0 scopeTags: none)
	scopeTagsAt, scopeTags, scopeTagsOf uint16
	// scopeTagsHeld is how many tags its scope's resource had when it
	// took them (finishEvaluation; holdsScopeTags)
	scopeTagsHeld int32
	// tagsDeferred: a native resource took its scope resource's first
	// scopeTagsHeld tags (finishEvaluation) but Tags does not hold them
	// yet (takeScopeTags)
	tagsDeferred bool
	// the flags last, in one word (a compile makes hundreds of resources)
	Exported bool
	Virtual  bool
	// mainTitle marks a title that Puppet holds as the symbol :main (main
	// class, main stage): its name parameter is then reported.
	mainTitle  bool
	evaluated  bool
	finished   bool
	tagsMerged bool // scope tags added (finish_evaluation)
	listed     bool // in the catalog (Catalog.add): tag changes count (tagsChanged)
	fieldsSet  bool
	// canonType: Type is as capitalizing leaves it (capitalized.get);
	// selfRef: its reference finds it (refFindsItself). Both are known
	// from the resource's type when a resource expression makes it;
	// false is no verdict (the test is made).
	canonType bool
	selfRef   bool
	// checked: the parameters passed their definition's check as they
	// were bound, and have changed since only in metaparameters, which
	// the check accepts with any value (validate skips it)
	checked bool
	// lowerParams: some parameter of its definition is named with a
	// capital letter ($purge_CAs), which the catalog names in lower case
	// as Puppet::Resource#parameter_name downcases every name
	lowerParams bool
}

// Param is a resource parameter with where it was set.
type Param struct {
	Name   string
	Value  values.Value
	Source definition
	// file is where the parameter was set (File), with Line: the site's
	// or the resource's path, not a copy of it (64 bytes a Param, a
	// compile makes thousands)
	file *string
	Line int32
	Add  bool // +>; with Line, in one word
	// replaced: a template changed the value in place (Scope.updateVar),
	// after the resources holding the parameter were checked
	replaced bool
	// proven: the build proved the value is one the parameter's type
	// accepts (Declaration.ProvenAttr), which binding need not check
	proven bool
	// shared: several resources may hold the parameter or its value, as
	// Puppet's hold one Param object or one value (setRelationshipParams)
	shared paramSharing
	// foundRefs: the last foundRefs elements of the Array value are
	// references that name resources of the catalog as they are
	// (relationships' ends, setRelationshipParams), which
	// validateRelationships does not look up again
	foundRefs uint16
}

// paramSharing says what several resources may share of a parameter.
type paramSharing uint8

const (
	// sharedParam: the parameter itself, given to the titles of one
	// body, or a default: body's to every body
	sharedParam paramSharing = 1 + iota
	// sharedValue: its value, a resource default's, which each resource
	// that takes it holds in a copy of the parameter (Param#dup)
	sharedValue
)

// File is the path of the file the parameter was set in, "" for none.
func (p *Param) File() string {
	if p.file == nil {
		return ""
	}
	return *p.file
}

// Ref is the resource's reference: Type[title].
func (r *Resource) Ref() string { return r.Type + "[" + r.Title + "]" }

// refValue is Ref as a String value, made once (relationships add it to
// the before and notify of every resource they start from), and kept for
// the process's later compiles (strValues).
func (r *Resource) refValue() values.Value {
	if r.refStr == nil {
		r.refStr = refValueOf(r.Type, r.Title)
	}
	return r.refStr
}

// refValues are the references refValueOf made, by the addresses of their
// type's and title's bytes: a compile makes the references of resources
// whose type and title are the strings the compile before had (the code's
// constants, strings found where the code made them), and building a
// reference's text to look it up among the process's Strings (strValue)
// costs several times comparing it with them. An entry is taken only when
// its text is the type and title (compared byte for byte: a string made
// later where another was is not taken for it), and keeps neither alive
// (their addresses are numbers). A reference is kept only when made
// twice of the same addresses (refSeen): one of strings a compile made
// anew (of a fact, a number) would take room and an allocation, and
// never be found.
var (
	refValues [1 << refValuesBits]atomic.Pointer[refOf]
	// refSeen is, for each place, the hash of the addresses of the last
	// reference made there that was not kept
	refSeen [1 << refValuesBits]atomic.Uint64
)

// refValuesBits is log2 of refValues' places: a keystone compile makes
// about 200 references.
const refValuesBits = 10

// refOf is a reference kept in refValues: its String, its text, and the
// addresses of the type and title it was made of.
type refOf struct {
	typ, title uintptr // numbers, not pointers: they keep nothing alive
	text       string
	ref        values.Value
}

// refValueOf is the String "Type[title]", the one kept for the process
// when there is one (strValue).
func refValueOf(typ, title string) values.Value {
	if !values.KeepsCopies() {
		return newRefValue(typ, title) // refValues is empty (see titleTagsOf)
	}
	h := (bytesHash(typ) ^ uint64(addressOf(title))) * fibonacci
	i := h >> (64 - refValuesBits)
	at := &refValues[i]
	if e := at.Load(); e != nil && e.typ == addressOf(typ) &&
		e.title == addressOf(title) && isRefText(e.text, typ, title) {
		return e.ref
	}
	ref := newRefValue(typ, title)
	if len(typ)+len(title)+2 > maxStrValue {
		return ref // not a String of the process's
	}
	if refSeen[i].Swap(h) == h {
		at.Store(&refOf{addressOf(typ), addressOf(title), string(ref.(values.String)), ref})
	}
	return ref
}

// newRefValue is strValue("typ[title]"), the text made on the stack.
func newRefValue(typ, title string) values.Value {
	var buf [maxStrValue]byte
	return strValueBytes(append(append(append(append(buf[:0], typ...), '['), title...), ']'))
}

// addressOf is the address of s's bytes, as a number.
func addressOf(s string) uintptr { return uintptr(unsafe.Pointer(unsafe.StringData(s))) }

// isRefText says whether text is "typ[title]".
func isRefText(text, typ, title string) bool {
	n := len(typ)
	return len(text) == n+len(title)+2 && text[:n] == typ && text[n] == '[' &&
		text[n+1:len(text)-1] == title && text[len(text)-1] == ']'
}

// refType is the resource's reference as a value, Type['title'], made once
// in c's chunks (what its resource expression's value and collectors
// stand for).
func (r *Resource) refType(c *Ctx) *values.ResourceType {
	if r.refTyp == nil {
		t := alloc(&c.refSlab, 64)
		*t = values.ResourceType{TypeName: values.CapitalizeSegments(r.Type), Title: r.Title, HasTitle: true}
		r.refTyp = t
	}
	return r.refTyp
}

// Get returns a parameter's value, or nil.
func (r *Resource) Get(name string) values.Value {
	if p := r.param(name); p != nil {
		return p.Value
	}
	return nil
}

func (r *Resource) param(name string) *Param {
	for _, p := range r.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// set stores a parameter, replacing an existing one in place.
func (r *Resource) set(p *Param) {
	for i, q := range r.Params {
		if q.Name == p.Name {
			if p.Name == "tag" {
				r.tagValues(p.Value)
			}
			r.Params[i] = p
			r.checked = r.checked && restype.IsMetaparam(p.Name)
			return
		}
	}
	r.add(p)
}

// add is set of a parameter r does not set yet.
func (r *Resource) add(p *Param) {
	if p.Name == "tag" {
		r.tagValues(p.Value)
	}
	r.Params = append(r.Params, p)
	r.checked = r.checked && restype.IsMetaparam(p.Name)
}

func (r *Resource) isClass() bool { return r.Type == "Class" }
func (r *Resource) isStage() bool { return r.Type == "Stage" }

// builtin reports whether the resource is of a native type.
func (r *Resource) builtin() bool { return r.native != nil }

// ---- tags (Puppet::Util::Tagging) ----

// tag adds tags; a qualified tag also adds its segments. Invalid tags fail.
func (r *Resource) tag(tags ...string) {
	for _, t := range tags {
		// one scan decides most tags valid, and finds them in lowercase
		valid, decided, upper := asciiTagCase(t)
		if !decided || !valid || upper {
			t = strings.ToLower(t)
			valid = validTag(t)
		}
		if !r.addTag(t) {
			continue
		}
		if !valid {
			r.removeTag(t)
			// Tagging#tag fails with a ParseError that takes the
			// resource's file and line when it has them (which the
			// evaluator then reports as is), else the nearest
			// expression's (util/errors.rb fail, adderrorcontext).
			msg := "Invalid tag '" + t + "'"
			if r.File != "" || r.Line > 0 {
				panic(located(msg, r.File, r.Line))
			}
			Fail(msg)
		}
		if strings.Contains(t, "::") {
			for seg := range strings.SplitSeq(t, "::") {
				r.addTag(seg)
			}
		}
	}
}

// typeTags are the tags tag gives a resource type's name (the name in
// lowercase, and its segments), by the name, for the names that are valid
// tags: every compile tags every resource with its type's.
var typeTags = readmap.New[[]string](maxCachedNames, roomCachedNames)

// typeTagsOf is the tags tag gives a type name, ok false when the name is
// no valid tag.
func typeTagsOf(typ string) (tags []string, ok bool) {
	if tags, ok := readmap.Load(typeTags, typ); ok {
		return tags, true
	}
	t := lowered.get(typ)
	if !validTag(t) {
		return nil, false
	}
	return readmap.Store(typeTags, typ, qualifiedTags(t)), true
}

// qualifiedTags is the tags tag adds for a valid lowercase tag t: t, and
// its segments when it is qualified, each once (Tagging's tags are a set).
func qualifiedTags(t string) []string {
	n := strings.Count(t, "::")
	if n == 0 {
		return []string{t}
	}
	// one list, with room for t and each segment
	tags := append(make([]string, 0, n+2), t)
	for rest := t; ; {
		seg, after, more := strings.Cut(rest, "::")
		if !slices.Contains(tags, seg) {
			tags = append(tags, seg)
		}
		if !more {
			return tags
		}
		rest = after
	}
}

// addTags adds the tags tag gives a name (the name, then its segments):
// a tag r has came with its segments, so adding them again is harmless.
func (r *Resource) addTags(tags []string) {
	for _, t := range tags {
		r.addTag(t)
	}
}

// addOwnTags is addTags for a resource that is not in the catalog yet,
// and has not taken its scope's tags (finishEvaluation): its tags are few.
func (r *Resource) addOwnTags(tags []string) {
	for _, t := range tags {
		if !holdsStr(r.Tags, t) {
			r.Tags = append(r.Tags, t)
		}
	}
}

// tagIfValid adds a title as a tag when it is a valid tag, with its
// segments (titleTagsOf): a tag r has came with its segments, so adding
// them again is harmless.
func (r *Resource) tagIfValid(name string) { r.addTags(titleTagsOf(name)) }

// titleTags are the tags titles give (the title in lowercase and its
// segments, none for a title that is no valid tag), by the title, for
// every compile of the process: each compile tags the same resources with
// their titles, and checked, lowercased and split each.
var titleTags = readmap.New[[]string](maxCachedNames, roomCachedNames)

// recentTitleTags are the tags titleTagsOf gave titles that are tags, by
// where the titles' bytes are: a compile's titles are mostly its code's
// constants and strings boxed once, and a title compared with a copy
// costs a fraction of its check byte by byte and its lookup.
var recentTitleTags recent.Table[[]string]

// titleTagsOf is the tags tagIfValid gives a title.
func titleTagsOf(title string) []string {
	if !values.KeepsCopies() {
		// the table is empty: its pages, in the binary's zeroed data,
		// would be a page fault each to look in
		return titleTagsFound(title)
	}
	e, h := recentTitleTags.Find(title)
	if e != nil && e.Key == title {
		return e.Answer
	}
	tags := titleTagsFound(title)
	if tags != nil {
		// a title that is no tag is mostly told so by its first bytes
		// (a path, a setting's section): cheaper than keeping it
		recentTitleTags.Keep(e, h, title, tags)
	}
	return tags
}

// titleTagsFound is titleTagsOf without recentTitleTags.
func titleTagsFound(title string) []string {
	valid, decided, upper := asciiTagCase(title)
	if decided && !valid {
		return nil // no lookup (half of a catalog's titles are paths, settings, commands)
	}
	if tags, ok := readmap.Load(titleTags, title); ok {
		return tags
	}
	var tags []string
	switch {
	case decided && !upper: // the scan found it a tag already in lowercase
		tags = qualifiedTags(title)
	case validTag(title):
		tags = qualifiedTags(strings.ToLower(title))
	}
	return readmap.Store(titleTags, title, tags)
}

// tagValues tags with a tag parameter's value (a string or an array).
func (r *Resource) tagValues(v values.Value) {
	switch x := v.(type) {
	case values.String:
		r.tag(string(x))
	case *values.Array:
		for _, e := range x.Elems() {
			r.tagValues(e)
		}
	case nil, values.UndefValue:
	default:
		r.tag(values.ToString(x))
	}
}

func (r *Resource) addTag(t string) bool {
	r.takeScopeTags()
	for _, u := range r.Tags {
		if u == t {
			return false
		}
	}
	if r.Tags == nil {
		// resources mostly end with a handful of tags: grow once
		r.Tags = make([]string, 0, 8)
	}
	r.Tags = append(r.Tags, t)
	r.tagsChanged()
	return true
}

func (r *Resource) removeTag(t string) {
	r.takeScopeTags()
	for i, u := range r.Tags {
		if u == t {
			r.Tags = append(r.Tags[:i], r.Tags[i+1:]...)
			r.tagsChanged()
			return
		}
	}
}

// tagsChanged counts a change of the tags of a resource in the catalog
// (Ctx.tagGen): a tag collector's verdict on a resource it looked at
// before (its tags or those of the resources enclosing it) may change.
// The tags a resource gets before it joins the catalog count for nothing:
// collectors see it as a new resource.
func (r *Resource) tagsChanged() {
	if r.listed && r.scope != nil && r.scope.c != nil {
		r.scope.c.tagGen++
	}
}

// takeScopeTags adds the tags r took from its scope's resource
// (finishEvaluation) to Tags, if it has not yet (tagsDeferred), and notes
// where they are (scopeTagsAt) for the writer.
func (r *Resource) takeScopeTags() {
	if !r.tagsDeferred {
		return
	}
	r.tagsDeferred = false
	// the first tags of a list never change: they are the ones r took
	from := r.scope.resource.Tags[:r.scopeTagsHeld]
	rest := r.appendTags(from)
	if n := len(from) - rest; n > 0 && len(from) <= math.MaxUint16 {
		r.scopeTagsAt, r.scopeTags, r.scopeTagsOf = uint16(len(r.Tags)-n), uint16(n), uint16(len(from))
	}
}

// AllTags is the resource's tags, Tags once it holds those it took from
// its scope's resource, which a native resource adds to Tags only when they
// are read (takeScopeTags). Code outside the compiler reads AllTags, not
// Tags.
func (r *Resource) AllTags() []string {
	r.takeScopeTags()
	return r.Tags
}

// mergeTags adds another resource's tags.
func (r *Resource) mergeTags(from []string) {
	r.takeScopeTags() // before n: taking them is no change
	n := len(r.Tags)
	r.appendTags(from)
	if len(r.Tags) > n {
		r.tagsChanged()
	}
}

// appendTags is mergeTags without tagsChanged. It returns where the tags
// of from that r has after the merge in the same order, at its end,
// start: from[rest:] are the last len(from)-rest tags of r (those after
// the last tag r had already). The tags are distinct, so each is only
// looked for among r's own: a scope's tags are many (a resource ends with
// 16 on average), r's before the merge few.
func (r *Resource) appendTags(from []string) (rest int) {
	r.takeScopeTags()
	if len(from) == 0 {
		return 0
	}
	if need := len(r.Tags) + len(from); need > cap(r.Tags) {
		// grow once
		r.Tags = append(make([]string, 0, need), r.Tags...)
	}
	own := r.Tags
	// r's own tags' lengths, as bits: a tag of another length is not
	// one of them, without comparing it with each
	var lens uint64
	for _, t := range own {
		lens |= 1 << (len(t) & 63)
	}
	// the tags r lacks are appended a run at a time
	run := 0
	for i, t := range from {
		if lens&(1<<(len(t)&63)) != 0 && holdsStr(own, t) {
			r.Tags = append(r.Tags, from[run:i]...)
			run, rest = i+1, i+1
		}
	}
	r.Tags = append(r.Tags, from[run:]...)
	return rest
}

// holdsStr is slices.Contains(list, s), without reading the bytes of a
// string that is s itself (sameStr): tags are mostly the process's own
// strings (typeTags, titleTags, Class.nameTags).
func holdsStr(list []string, s string) bool {
	for _, u := range list {
		if sameStr(u, s) {
			return true
		}
	}
	return false
}

// Tagged reports whether the resource has one of the tags.
func (r *Resource) Tagged(tags ...string) bool {
	r.takeScopeTags()
	for _, t := range tags {
		t = strings.ToLower(t)
		for _, u := range r.Tags {
			if u == t {
				return true
			}
		}
	}
	return false
}

// validTag is Puppet's ValidTagRegex: \A[[:alnum:]_][[:alnum:]_:.-]*\Z
// (\Z: a final newline is allowed; the tag keeps it). Most tags are
// decided from their bytes (asciiTag), without decoding runes.
func validTag(s string) bool {
	if valid, decided := asciiTag(s); decided {
		return valid
	}
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return false
	}
	for i, r := range s {
		alnum := r == '_' || isAlnumRune(r)
		if i == 0 && !alnum {
			return false
		}
		if !alnum && r != ':' && r != '.' && r != '-' {
			return false
		}
	}
	return true
}

// asciiTag says whether s is a valid tag (validTag), decided from its
// ASCII bytes: empty, a first byte that is no letter, digit or '_', or a
// later one that is none of those nor ':', '.' or '-' is none; a string of
// only such bytes is one. It decides nothing (decided false) for a
// multibyte character or a final newline met before the end or a byte
// that is no tag's.
func asciiTag(s string) (valid, decided bool) {
	valid, decided, _ = asciiTagCase(s)
	return valid, decided
}

// asciiTagCase is asciiTag, and whether s has an uppercase letter (when
// decided): a title decided a tag without one is its own lowercase.
func asciiTagCase(s string) (valid, decided, upper bool) {
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case 'a' <= b && b <= 'z', '0' <= b && b <= '9', b == '_':
		case 'A' <= b && b <= 'Z':
			upper = true
		case i > 0 && (b == ':' || b == '.' || b == '-'):
		case b >= utf8.RuneSelf, b == '\n' && i == len(s)-1:
			return false, false, false
		default:
			return false, true, false
		}
	}
	return s != "", true, upper
}

// NativeType is what the runtime needs to know of a native resource type
// (file, package, a module's Ruby type): its attributes and how titles map
// to its namevars. The code generator supplies these from rt/restype data.
type NativeType interface {
	// Name is the type's lower-case name.
	Name() string
	// HasAttribute reports whether name is a parameter, property or
	// metaparameter of the type.
	HasAttribute(name string) bool
	// KeyAttributes are the namevars, sorted by name (the uniqueness key).
	KeyAttributes() []string
	// ParseTitle maps a title to namevar values with the type's title
	// patterns; ok is false when no pattern matches.
	ParseTitle(title string) (fields []TitleField, ok bool)
	// Isomorphic reports whether resources of the type are unique by their
	// namevars (most types are).
	Isomorphic() bool
}

// TitleField is one namevar value taken from a title.
type TitleField struct {
	Name  string
	Value string
}

func isAlnumRune(r rune) bool {
	if r < utf8.RuneSelf { // no ASCII mark; IsMark searches its table
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// ---- names ----

// capitalizeTypeName is Puppet's munge_type_name: each segment capitalized.
// Names mostly arrive capitalized already, and are then returned as they are;
// other ASCII names cost one allocation.
func capitalizeTypeName(name string) string {
	name = strings.TrimPrefix(name, "::")
	if isCapitalizedName(name) {
		return name
	}
	if !values.IsASCII(name) {
		segs := strings.Split(strings.ToLower(name), "::")
		for i, s := range segs {
			if r, n := utf8.DecodeRuneInString(s); n > 0 {
				segs[i] = string(unicode.ToUpper(r)) + s[n:]
			}
		}
		return strings.Join(segs, "::")
	}
	// the bytes set in place, not appended to a strings.Builder: a
	// process's first compile capitalizes each type and class name it
	// meets (nameCache), at a Builder's call a byte
	b := make([]byte, len(name))
	start := true
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == ':' && i+1 < len(name) && name[i+1] == ':':
			b[i], b[i+1] = ':', ':'
			i++
			start = true
			continue
		case start && c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		case !start && c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		b[i] = c
		start = false
	}
	return unsafe.String(&b[0], len(b)) // b is not written again
}

// isCapitalizedName tells whether an ASCII name is already in
// capitalizeTypeName's form.
func isCapitalizedName(name string) bool {
	start := true // at a segment's first byte
	for i := 0; i < len(name); i++ {
		b := name[i]
		switch {
		case b >= 0x80:
			return false
		case b == ':' && i+1 < len(name) && name[i+1] == ':':
			i++
			start = true
			continue
		case start && b >= 'a' && b <= 'z', !start && b >= 'A' && b <= 'Z':
			return false
		}
		start = false
	}
	return true
}
