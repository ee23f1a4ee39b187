package rt

import (
	"math/bits"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/values"
)

// CatalogInfo is what the catalog JSON carries besides the resources.
type CatalogInfo struct {
	// Version is the catalog's version. Puppet's is the time its
	// environment was loaded (Time.now.to_i, an integer), or the output of
	// the environment's config_version command (a string): a version of
	// digits only is written as a JSON integer, anything else as a string.
	Version     string
	CatalogUUID string
	// Agent leaves exported resources out too, as the catalog
	// indirection's filter does before puppetserver sends the catalog to
	// an agent (which would apply them otherwise).
	Agent bool
	// Plain, when set, writes the parameter values as plain JSON, as
	// Puppet does with rich data off (see PlainJSON); nil: rich data.
	Plain *PlainJSON
}

// digitsOnly says whether a version is Puppet's integer one.
func digitsOnly(s string) bool {
	if s == "" || len(s) > 18 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// JSON writes the catalog in Puppet's catalog format (Catalog#to_data_hash
// of the catalog converted to plain resources, as puppetserver serves it):
// virtual resources that are not exported are left out, parameter values
// are Puppet's rich data, or plain JSON with info.Plain (whose warnings and
// error Render returns). The output is deterministic.
func (cat *Catalog) JSON(info CatalogInfo) []byte {
	b, _, _ := cat.Render(info)
	return b
}

// Render is JSON with what writing the catalog logged (plain JSON's
// warnings) and its error (plain JSON's under strict=error: then no JSON).
func (cat *Catalog) Render(info CatalogInfo) ([]byte, []LogEntry, *Error) {
	w := &jsonWriter{buf: cat.jsonBufs.get(len(cat.resources))}
	if info.Plain != nil {
		w.plain = &plainState{PlainJSON: *info.Plain}
	}
	w.raw(`{"tags":`)
	w.stringArray(cat.Tags)
	w.raw(`,"name":`)
	w.str(cat.Name)
	w.raw(`,"version":`)
	if digitsOnly(info.Version) {
		w.raw(info.Version)
	} else {
		w.str(info.Version)
	}
	// catalog_format is 2 from Puppet 6 on (Catalog#initialize); code_id
	// is null unless a code_id_command is configured.
	w.raw(`,"code_id":null,"catalog_uuid":`)
	w.str(info.CatalogUUID)
	w.raw(`,"catalog_format":2,"environment":`)
	w.str(cat.Environment)
	w.raw(`,"resources":[`)
	first := true
	for _, r := range cat.resources {
		if r.Virtual && (!r.Exported || info.Agent) {
			continue
		}
		if !first {
			w.raw(",")
		}
		first = false
		w.resource(r)
	}
	w.raw(`],"edges":[`)
	first = true
	for _, e := range cat.edges {
		if (e.Source.Virtual && (!e.Source.Exported || info.Agent)) || (e.Target.Virtual && (!e.Target.Exported || info.Agent)) {
			continue
		}
		if !first {
			w.raw(",")
		}
		first = false
		w.raw(`{"source":`)
		w.ref(e.Source)
		w.raw(`,"target":`)
		w.ref(e.Target)
		w.raw("}")
	}
	w.raw(`],"classes":`)
	w.stringArray(cat.Classes)
	w.raw("}\n")
	cat.jsonBufs.wrote(len(w.buf))
	if p := w.plain; p != nil {
		if p.err != nil {
			return nil, p.logs, p.err
		}
		return w.buf, p.logs, nil
	}
	return w.buf, nil, nil
}

// jsonBuffers are a program's buffers for catalog JSON: the length of the
// last catalog's JSON (the nodes of a program make catalogs of similar
// sizes: growing a buffer of a few hundred kB copies it each time), and the
// buffers of results released (Result.Release), for the next catalogs.
type jsonBuffers struct {
	last atomic.Int64
	free sync.Pool // *[]byte
}

// get is an empty buffer with room for the last catalog's JSON and a
// little more, else (nil b, or no catalog yet) for about 768 bytes a
// resource (keystone's write 710).
func (b *jsonBuffers) get(resources int) []byte {
	size := 4096 + 768*resources
	if b == nil {
		return make([]byte, 0, size)
	}
	if last := int(b.last.Load()); last > 0 {
		size = last + last/8
	}
	if p, ok := b.free.Get().(*[]byte); ok && cap(*p) >= size {
		return (*p)[:0]
	}
	return make([]byte, 0, size)
}

// wrote records the length of a catalog's JSON.
func (b *jsonBuffers) wrote(n int) {
	if b != nil {
		b.last.Store(int64(n))
	}
}

// put keeps a buffer for a next catalog.
func (b *jsonBuffers) put(buf []byte) {
	if b != nil && cap(buf) > 0 {
		b.free.Put(&buf)
	}
}

func (w *jsonWriter) resource(r *Resource) {
	w.raw(`{"type":`)
	w.str(r.Type)
	w.raw(`,"title":`)
	w.str(r.Title)
	w.raw(`,"tags":`)
	w.stringArray(r.Tags)
	if r.File != "" || r.Line > 0 {
		// a line without a file: the code setting's source, whose
		// file Puppet gives as ""
		w.raw(`,"file":`)
		w.str(r.File)
	}
	if r.Line > 0 {
		w.raw(`,"line":`)
		w.buf = strconv.AppendInt(w.buf, int64(r.Line), 10)
	}
	w.raw(`,"exported":`)
	w.buf = strconv.AppendBool(w.buf, r.Exported)
	if r.Kind != "" {
		w.raw(`,"kind":`)
		w.str(r.Kind)
	}
	w.params = r.appendOutputParams(w.params[:0])
	params := w.params
	if len(params) > 0 {
		w.raw(`,"parameters":{`)
		if w.plain != nil {
			w.plain.res, w.plain.prefix = r, r.Ref()
		}
		for i, p := range params {
			if i > 0 {
				w.raw(",")
			}
			w.str(p.Name)
			w.raw(":")
			if w.plain != nil {
				w.plainWith(values.String(p.Name), p.Value)
			} else {
				w.value(p.Value, true)
			}
		}
		w.raw("}")
	}
	if len(r.Sensitive) > 0 {
		w.raw(`,"sensitive_parameters":`)
		w.stringArray(r.Sensitive)
	}
	w.raw("}")
}

// outputParams are the parameters as Puppet::Resource#to_hash and
// to_data_hash present them: undef ones dropped, relationship arrays
// flattened, `name` under the type's namevar, and the namevar left out
// when it equals the title.
func (r *Resource) outputParams() []outParam { return r.appendOutputParams(nil) }

// appendOutputParams is outputParams appended to out.
func (r *Resource) appendOutputParams(out []outParam) []outParam {
	namevar := "name"
	if r.native != nil {
		if keys := r.native.KeyAttributes(); len(keys) == 1 {
			namevar = keys[0]
		}
	}
	titleFields := r.titleFields()
	first := len(out)
	for _, f := range titleFields {
		if r.Get(f.Name) == nil && !(f.Name == namevar && f.Value == r.Title && !r.mainTitle && r.titleValue == nil) {
			out = append(out, outParam{f.Name, values.String(f.Value)})
		}
	}
	// a parameter can only repeat a title field's name, or the namevar's
	// ("name" is written as the namevar): the others need no search
	titled := len(out)
	for _, p := range r.Params {
		v := p.Value
		if values.IsUndef(v) {
			continue
		}
		name := p.Name
		if name == "name" && r.native != nil {
			name = namevar
		}
		if isRelationshipParam(name) {
			if a, ok := v.(*values.Array); ok && !flatDefined(a) {
				var flat []values.Value
				for _, e := range flattenInto(nil, a) {
					if !values.IsUndef(e) {
						flat = append(flat, e)
					}
				}
				v = values.NewArray(flat...)
			}
		}
		if name == namevar && !r.mainTitle && r.titleValue == nil {
			if s, ok := v.(values.String); ok && string(s) == r.Title {
				continue
			}
		}
		replaced := false
		end := titled
		if name == namevar {
			end = len(out)
		}
		for i, q := range out[first:end] {
			if q.Name == name {
				out[first+i].Value = v
				replaced = true
			}
		}
		if !replaced {
			out = append(out, outParam{name, v})
		}
	}
	return out
}

// flatDefined reports whether an array holds neither arrays nor undef
// (flattening it and dropping undef would give it back).
func flatDefined(a *values.Array) bool {
	for _, e := range a.Elems() {
		switch e.(type) {
		case *values.Array, nil, values.UndefValue:
			return false
		}
	}
	return true
}

// outParam is a parameter as the catalog presents it.
type outParam struct {
	Name  string
	Value values.Value
}

type jsonWriter struct {
	buf    []byte
	params []outParam  // a resource's parameters, the slice reused
	plain  *plainState // writing plain JSON (rich data off)
}

func (w *jsonWriter) raw(s string) { w.buf = append(w.buf, s...) }

func (w *jsonWriter) stringArray(list []string) {
	w.raw("[")
	for i, s := range list {
		if i > 0 {
			w.raw(",")
		}
		w.str(s)
	}
	w.raw("]")
}

// value writes a parameter value as rich data (ToDataConverter with
// rich_data, symbols as strings; resource references as "Type[title]").
func (w *jsonWriter) value(v values.Value, top bool) {
	switch x := v.(type) {
	case nil, values.UndefValue:
		w.raw("null")
	case values.String:
		w.str(string(x))
	case values.Int:
		w.buf = strconv.AppendInt(w.buf, int64(x), 10)
	case values.Float:
		w.raw(values.ToString(x))
	case values.Bool:
		w.buf = strconv.AppendBool(w.buf, bool(x))
	case values.DefaultValue:
		w.raw(`{"__ptype":"Default"}`)
	case *values.Array:
		w.raw("[")
		for i, e := range x.Elems() {
			if i > 0 {
				w.raw(",")
			}
			w.value(e, false)
		}
		w.raw("]")
	case *values.Hash:
		// a reference key is its string already
		// (Puppet::Resource.value_to_json_data)
		plain := true
		for i := 0; i < x.Len() && plain; i++ {
			k := x.KeyAt(i)
			if s, ok := k.(values.String); ok {
				plain = s != "__ptype"
			} else {
				plain = isReference(k)
			}
		}
		if plain {
			w.raw("{")
			for i := 0; i < x.Len(); i++ {
				if i > 0 {
					w.raw(",")
				}
				w.value(x.KeyAt(i), false)
				w.raw(":")
				w.value(x.ValueAt(i), false)
			}
			w.raw("}")
			return
		}
		w.raw(`{"__ptype":"Hash","__pvalue":[`)
		for i := 0; i < x.Len(); i++ {
			if i > 0 {
				w.raw(",")
			}
			w.value(x.KeyAt(i), false)
			w.raw(",")
			w.value(x.ValueAt(i), false)
		}
		w.raw("]}")
	case *values.Sensitive:
		w.raw(`{"__ptype":"Sensitive","__pvalue":`)
		w.value(x.Unwrap(), false)
		w.raw("}")
	case *values.ResourceType:
		if x.HasTitle {
			if strings.EqualFold(x.TypeName, "class") {
				w.refParts("Class", x.Title, true)
			} else {
				w.refParts(x.TypeName, x.Title, false)
			}
			return
		}
		w.typeValue(x)
	case *values.ClassType:
		if x.ClassName != "" {
			w.refParts("Class", x.ClassName, true)
			return
		}
		w.typeValue(x)
	case *values.Deferred:
		// an Object: its type, then its attributes by name (arguments
		// left out when not given, as Puppet leaves out a default)
		w.raw(`{"__ptype":"Deferred","name":`)
		w.str(x.Name)
		if x.Arguments != nil {
			w.raw(`,"arguments":`)
			w.value(x.Arguments, false)
		}
		w.raw("}")
	case *values.Regexp:
		w.tagged("Regexp", x.Source())
	case values.Timespan, values.Timestamp, *values.SemVer, *values.SemVerRange, *values.Binary:
		w.tagged(ptypeName(x), values.ToString(x))
	case values.Type:
		w.typeValue(x)
	default:
		w.str(values.ToString(x))
	}
}

func ptypeName(v values.Value) string {
	switch v.(type) {
	case values.Timespan:
		return "Timespan"
	case values.Timestamp:
		return "Timestamp"
	case *values.SemVer:
		return "SemVer"
	case *values.SemVerRange:
		return "SemVerRange"
	case *values.Binary:
		return "Binary"
	}
	return "Object"
}

func (w *jsonWriter) tagged(ptype, text string) {
	w.raw(`{"__ptype":`)
	w.str(ptype)
	w.raw(`,"__pvalue":`)
	w.str(text)
	w.raw("}")
}

// typeValue writes a type as rich data. Puppet writes the type's
// initialization hash; pp2go writes the type's string form, which Puppet
// reads back as the same type.
func (w *jsonWriter) typeValue(t values.Type) {
	w.tagged("Type", values.TypeString(t))
}

// str writes a JSON string as Ruby's JSON generator does: UTF-8 as is,
// control characters, quote and backslash escaped.
func (w *jsonWriter) str(s string) {
	w.buf = append(w.buf, '"')
	w.escaped(s)
	w.buf = append(w.buf, '"')
}

// ref writes a resource's reference, Type[title], as a JSON string.
func (w *jsonWriter) ref(r *Resource) {
	w.buf = append(w.buf, '"')
	w.escaped(r.Type)
	w.buf = append(w.buf, '[')
	w.escaped(r.Title)
	w.buf = append(w.buf, ']', '"')
}

// refParts writes refString's "Type[title]" as a JSON string without
// building it: the type name capitalized, and a class's title too.
func (w *jsonWriter) refParts(typ, title string, class bool) {
	w.buf = append(w.buf, '"')
	w.capitalized(typ)
	w.buf = append(w.buf, '[')
	if class {
		w.capitalized(title)
	} else {
		w.escaped(title)
	}
	w.buf = append(w.buf, ']', '"')
}

// capitalized writes capitalizeTypeName(name) escaped, through the
// process's cache of capitalized names (class references' titles are
// mostly lowercase: no string is built for each).
func (w *jsonWriter) capitalized(name string) {
	w.escaped(capitalized.get(name))
}

// jsonPlain tells the bytes a JSON string holds as they are.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// plainRun is where the run of plain bytes (jsonPlain) from s[i] ends. It
// tests eight bytes at a time: a word whose bytes are all printable ASCII
// but for '"' and '\\' is plain (catalogs' strings are mostly such runs, file
// contents long ones).
func plainRun(s string, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8]
		x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		q, bs := x^(ones*'"'), x^(ones*'\\')
		// a byte < 0x20, a zero byte of q or bs (haszero), a byte >= 0x80;
		// the lowest byte flagged is the first not plain (a borrow flags
		// only bytes above the one that caused it)
		if m := ((x-ones*0x20)&^x | (q-ones)&^q | (bs-ones)&^bs | x) & highs; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(s) && jsonPlain[s[i]] {
		i++
	}
	return i
}

// escaped writes s's characters as a JSON string holds them.
func (w *jsonWriter) escaped(s string) {
	for i := 0; i < len(s); {
		// the run of bytes written as they are
		j := plainRun(s, i)
		if j > i {
			w.buf = append(w.buf, s[i:j]...)
			i = j
			continue
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case '"':
				w.raw(`\"`)
			case '\\':
				w.raw(`\\`)
			case '\n':
				w.raw(`\n`)
			case '\r':
				w.raw(`\r`)
			case '\t':
				w.raw(`\t`)
			case '\b':
				w.raw(`\b`)
			case '\f':
				w.raw(`\f`)
			default:
				if c < 0x20 {
					w.raw(`\u00`)
					w.buf = append(w.buf, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
				} else {
					w.buf = append(w.buf, c)
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			w.raw(`\ufffd`)
		} else {
			w.buf = append(w.buf, s[i:i+size]...)
		}
		i += size
	}
}

// sortStrings sorts in place (kept here so callers need not import sort).
func sortStrings(s []string) { sort.Strings(s) }

// trimColons removes a leading "::".
func trimColons(s string) string { return strings.TrimPrefix(s, "::") }
