package rt

import (
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// PlainJSON says how a catalog's parameter values are written with rich
// data off: as puppetserver renders a catalog in the plain JSON format
// (network/formats.rb: the rich format only for an environment whose
// rich_data? is true; Puppet::Resource#to_data_hash converting with the
// context's rich_data, false). ToDataConverter then turns a value JSON
// cannot hold (default, a type, a Regexp, Binary, time, versions,
// Deferred) and a hash key that is not a String into a string, each with
// a SERIALIZATION_*_CONVERTED_TO_STRING issue: a warning, an error under
// strict=error (runtime3_support.rb).
type PlainJSON struct {
	Strict string // the strict setting
	// Grow is Puppet 7's path_to_s, which appends each issue's path to
	// the message prefix (the resource's reference) itself, so that a
	// resource's next issue names the paths of all before it; Puppet 8
	// copies the prefix first.
	Grow bool
}

// PlainJSON is how the program writes a catalog with rich data off.
func (p *Program) PlainJSON() *PlainJSON {
	return &PlainJSON{Strict: p.strict, Grow: p.Puppet().Major < 8}
}

// RichData is the program's rich_data setting: whether catalogs are
// written with rich data (Puppet's default) or as plain JSON.
func (p *Program) RichData() bool { return !p.noRichData }

// plainState is a plain rendering's progress: the resource written, the
// path of the value within its parameters, and the issues met.
type plainState struct {
	PlainJSON
	res    *Resource
	prefix string         // the message prefix: the resource's reference (grown in Puppet 7)
	path   []values.Value // keys (String) and indexes (Int) from the parameters hash
	logs   []LogEntry
	err    *Error
}

// issue reports a SERIALIZATION_* issue of the value at the current path:
// text follows the path in the message.
func (p *plainState) issue(code, text string) {
	if p.err != nil {
		return
	}
	var b strings.Builder
	b.WriteString(p.prefix)
	for _, seg := range p.path {
		// JsonPath.to_json_path: a key as StringConverter's %p
		b.WriteByte('[')
		if i, ok := seg.(values.Int); ok {
			b.WriteString(strconv.FormatInt(int64(i), 10))
		} else {
			b.WriteString(values.PuppetQuote(values.ToString(seg)))
		}
		b.WriteByte(']')
	}
	path := b.String()
	if p.Grow {
		p.prefix = path
	}
	msg := path + " " + text
	if p.Strict == "error" {
		// raised by the acceptor with the resource as the semantic
		// object, after the compile: no node named
		if loc := locationString(p.res.File, p.res.Line, 0); loc != "" {
			msg += " " + loc
		}
		p.err = &Error{Message: "Evaluation Error: " + msg, File: p.res.File, Line: p.res.Line, Code: code}
		return
	}
	p.logs = append(p.logs, LogEntry{Level: "warning", Message: msg, File: p.res.File, Line: p.res.Line})
}

// with writes the value under key (an Int index or a String key) of the
// current path.
func (w *jsonWriter) plainWith(key, v values.Value) {
	p := w.plain
	p.path = append(p.path, key)
	w.plainValue(v)
	p.path = p.path[:len(p.path)-1]
}

// plainValue writes a parameter value as ToDataConverter does with
// rich_data off (symbols as strings, resource references as "Type[title]"
// strings as Puppet::Resource.value_to_json_data makes them).
func (w *jsonWriter) plainValue(v values.Value) {
	switch x := v.(type) {
	case nil, values.UndefValue, values.String, values.Int, values.Float, values.Bool:
		w.buf = appendValue(w.buf, v)
	case values.DefaultValue:
		w.plain.issue("SERIALIZATION_DEFAULT_CONVERTED_TO_STRING", "contains the special value default. It will be converted to the String 'default'")
		w.str("default")
	case *values.Array:
		w.raw("[")
		for i, e := range x.Elems() {
			if i > 0 {
				w.raw(",")
			}
			w.plainWith(values.Int(i), e)
		}
		w.raw("]")
	case *values.Hash:
		w.plainHash(x)
	case *values.Sensitive:
		// a Sensitive nested in a parameter keeps its Pcore form
		w.raw(`{"__ptype":"Sensitive","__pvalue":`)
		w.plainValue(x.Unwrap())
		w.raw("}")
	default:
		if isReference(v) {
			w.buf = appendValue(w.buf, v)
			return
		}
		s := unknownToString(v)
		w.plain.issue("SERIALIZATION_UNKNOWN_CONVERTED_TO_STRING", "contains "+values.AAn(rubyClassLabel(v))+" value. It will be converted to the String '"+s+"'")
		w.str(s)
	}
}

// plainHash writes a hash with String keys: a key that is not one (but
// default, a Symbol, and a reference) is converted to its string with an
// issue, before its value is written; a key converted to one seen before
// replaces that entry's value, as Ruby's Hash#[]= does.
func (w *jsonWriter) plainHash(h *values.Hash) {
	stringKeys := true
	for i := 0; i < h.Len() && stringKeys; i++ {
		_, stringKeys = h.KeyAt(i).(values.String)
	}
	w.raw("{")
	if stringKeys {
		for i := 0; i < h.Len(); i++ {
			if i > 0 {
				w.raw(",")
			}
			k := h.KeyAt(i)
			w.str(string(k.(values.String)))
			w.raw(":")
			w.plainWith(k, h.ValueAt(i))
		}
		w.raw("}")
		return
	}
	type entry struct {
		key   string
		value []byte
	}
	var entries []entry
	for i := 0; i < h.Len(); i++ {
		var key string
		switch k := h.KeyAt(i); {
		case isString(k):
			key = string(k.(values.String))
		case k == values.Default:
			key = "default"
		case isReference(k):
			key = refString(k)
		default:
			key = unknownToString(k)
			w.plain.issue("SERIALIZATION_UNKNOWN_KEY_CONVERTED_TO_STRING", "contains a hash with "+values.AAn(rubyClassLabel(k))+" key. It will be converted to the String '"+key+"'")
		}
		start := len(w.buf)
		w.plainWith(values.String(key), h.ValueAt(i))
		value := append([]byte(nil), w.buf[start:]...)
		w.buf = w.buf[:start]
		replaced := false
		for j := range entries {
			if entries[j].key == key {
				entries[j].value, replaced = value, true
			}
		}
		if !replaced {
			entries = append(entries, entry{key, value})
		}
	}
	for i, e := range entries {
		if i > 0 {
			w.raw(",")
		}
		w.str(e.key)
		w.raw(":")
		w.buf = append(w.buf, e.value...)
	}
	w.raw("}")
}

func isString(v values.Value) bool {
	_, ok := v.(values.String)
	return ok
}

// isReference says whether v is a resource reference, which Puppet's
// catalog holds as a Puppet::Resource and writes as its "Type[title]".
func isReference(v values.Value) bool {
	switch x := v.(type) {
	case *values.ResourceType:
		return x.HasTitle
	case *values.ClassType:
		return x.ClassName != ""
	}
	return false
}

// unknownToString is ToDataConverter#unknown_to_string: a Regexp with its
// delimiters, anything else as Ruby's to_s.
func unknownToString(v values.Value) string {
	if r, ok := v.(*values.Regexp); ok {
		return r.Inspect()
	}
	return fn.RubyToS(v)
}

// rubyClassLabel is ModelLabelProvider#label of the value's Ruby class
// (fn.RubyClass), as the SERIALIZATION_* issues name it: a type's class
// PIntegerType as "Integer-Type", any other class by its name.
func rubyClassLabel(v values.Value) string {
	switch v.(type) {
	case *values.Deferred:
		return "Deferred" // its Pcore type's name: the class has none
	case *values.ObjectType:
		return "Object-Type"
	case values.Type:
		c := fn.RubyClass(v)
		c = c[strings.LastIndexByte(c, ':')+1:]
		return strings.TrimSuffix(strings.TrimPrefix(c, "P"), "Type") + "-Type"
	}
	return fn.RubyClass(v)
}
