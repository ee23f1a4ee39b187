package rt

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
)

// The catalog writer builds references as it writes them: its text must be
// refString's, JSON-encoded.
func TestJSONReferencesAsRefString(t *testing.T) {
	names := []string{"file", "File", "apache::vhost", "Apache::Vhost", "::apache::VHOST", "a:b::c", "keystone::db::mysql",
		"x\"y", "tab\tname", "é::ü", "Ünicode::name", "", "::", "a::", "9lives::x_y"}
	var refs []values.Value
	for _, n := range names {
		refs = append(refs, values.NewResourceType(n, "the title "+n, true), values.NewResourceType("class", n, true),
			values.NewClassType(n))
	}
	for _, ref := range refs {
		if ct, ok := ref.(*values.ClassType); ok && ct.ClassName == "" {
			continue // a type, not a reference
		}
		if rt, ok := ref.(*values.ResourceType); ok && !rt.HasTitle {
			continue
		}
		b := appendValue(nil, ref)
		want, _ := json.Marshal(refString(ref))
		var got, wantS string
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%v: %s is no JSON string: %v", ref, b, err)
		}
		_ = json.Unmarshal(want, &wantS)
		if got != wantS {
			t.Errorf("%v: wrote %q, refString is %q", ref, got, wantS)
		}
	}
}

// plainRun finds the end of a run of plain bytes exactly, whatever the
// byte that ends it, wherever it falls in an 8-byte word or in the last
// word of a string, and wherever the run starts.
func TestPlainRun(t *testing.T) {
	for c := 0; c < 256; c++ {
		for n := 1; n <= 20; n++ {
			for at := 0; at < n; at++ {
				b := []byte("abcdefghijklmnopqrstuvwxyz0123456789"[:n])
				b[at] = byte(c)
				for from := 0; from <= at; from++ {
					want := at
					if jsonPlain[c] {
						want = n
					}
					if got := plainRun(string(b), from); got != want {
						t.Fatalf("%q from %d: %d, want %d", b, from, got, want)
					}
				}
			}
		}
	}
}

// appendEscaped writes what a byte-at-a-time escaper writes, for strings
// of every length mixing plain bytes, escapes, multibyte characters and
// invalid UTF-8.
func TestAppendEscaped(t *testing.T) {
	pieces := []string{"a", "bcdefgh", "\"", "\\", "\n", "\x01", "\x7f", "é", "\u2028", "😀", "\xff", "\xe2\x82", "/"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var s strings.Builder
		for range rng.IntN(12) {
			s.WriteString(pieces[rng.IntN(len(pieces))])
		}
		got := string(appendEscaped(nil, s.String()))
		if want := escapeBytewise(s.String()); got != want {
			t.Fatalf("%q: %q, want %q", s.String(), got, want)
		}
	}
}

// escapeBytewise is Ruby's JSON generator's escaping, one byte or
// character at a time.
func escapeBytewise(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// A resource's tags are written as they are, a final newline escaped: the
// tags validTag accepts, and their segments, need no other escape.
func TestAppendTag(t *testing.T) {
	tags := []string{"apache", "apache::vhost", "a.b-c_d", "9lives", "_x", "étoile::ü", "日本", "x\n", "a::b\n",
		"a::::b", "tag\u0301", "a\"b", "a\\b", "a b", "a\tb", "a\n\n", "\xff", "-x", ":x", "x"}
	for n := 1; n <= 20; n++ {
		tags = append(tags, "abcdefghijklmnopqrstuvwxyz"[:n], "abcdefghijklmnopqrstuvwxyz"[:n]+"\n", "k::"+"é日"[:n%6])
	}
	for _, tag := range tags {
		if !validTag(tag) {
			continue
		}
		for _, seg := range append(strings.Split(tag, "::"), tag) {
			for _, room := range []int{0, 17, 18, 40} {
				b := append(make([]byte, 0, 2+room), "x:"...)
				if got, want := string(appendTag(b, seg)), "x:"+string(appendStr(nil, seg)); got != want {
					t.Errorf("tag %q (room %d): %s, want %s", seg, room, got, want)
				}
			}
		}
	}
}

// appendFile writes each file as appendStr does, again and in turn with
// files that have bytes to escape.
func TestAppendFile(t *testing.T) {
	var w jsonWriter
	files := []string{"", "/etc/puppet/code/modules/apache/manifests/vhost.pp", "/m/a\"b.pp", "/m/a\"b.pp", "/m/é.pp",
		"/m/\xff.pp", "/m/\xff.pp", "/m/tab\t.pp", "", "/m/é.pp", "/etc/puppet/code/modules/apache/manifests/vhost.pp"}
	for i, f := range append(files, files...) {
		if got, want := string(w.appendFile(nil, f)), string(appendStr(nil, f)); got != want {
			t.Errorf("file %d %q: %s, want %s", i, f, got, want)
		}
	}
}

func BenchmarkEscaped(b *testing.B) {
	s := `<VirtualHost *:5000>
  ServerName "ctl1.example.com"
  ## Vhost docroot
  DocumentRoot "/var/www/cgi-bin/keystone"
</VirtualHost>
`
	var buf []byte
	for b.Loop() {
		buf = buf[:0]
		for range 20 {
			buf = appendStr(buf, s)
		}
	}
}

// The writer copies the tags a resource shares at the end of its list with
// the resource written before, and writes the edges' ends without escaping
// a type and title written before with nothing to escape: the JSON read
// back has every resource's tags and every edge's ends as they are, for
// lists sharing ends or not (equal strings or the same), longer than the
// places kept (maxTagsAt), virtual resources between, titles to escape and
// an edge from a resource not in the catalog.
func TestRenderTagsAndEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pool := []string{"class", "apache", "apache::vhost", "vhost", "keystone", "node", "x\n", "a.b-c", "é::ü", "settings"}
	titles := []string{"plain", "with \"quote\"", `back\slash`, "tab\there", "é", "\x01ctl", "a]b[c", "x\xffy"}
	cat := newCatalog("n", "production", 0, 0, 0)
	var written []*Resource
	var prev []string
	for i := range 300 {
		var tags []string
		if prev != nil && rng.IntN(4) > 0 {
			// an end of the previous list, as the strings or copies
			keep := prev[rng.IntN(len(prev)+1):]
			for range rng.IntN(4) {
				tag := pool[rng.IntN(len(pool))]
				if !strings.HasSuffix(tag, "\n") { // a tag's only newline is its last byte
					tag += fmt.Sprint(rng.IntN(3))
				}
				tags = append(tags, tag)
			}
			for _, s := range keep {
				if rng.IntN(3) == 0 {
					s = strings.Clone(s)
				}
				tags = append(tags, s)
			}
		} else {
			for range rng.IntN(8) {
				tags = append(tags, pool[rng.IntN(len(pool))])
			}
		}
		if rng.IntN(40) == 0 {
			for j := range maxTagsAt + rng.IntN(3) - 1 {
				tags = append(tags, fmt.Sprint("t", j))
			}
		}
		r := &Resource{Type: "Notify", Title: fmt.Sprint(titles[rng.IntN(len(titles))], i), Tags: tags,
			Virtual: rng.IntN(10) == 0}
		if i%7 == 0 {
			r.Type = "My::T\"ype"
		}
		cat.add(r)
		if !r.Virtual {
			written = append(written, r)
			prev = tags
		}
	}
	outside := &Resource{Type: "Notify", Title: "outside \"x\""}
	for i := range 200 {
		a, b := cat.resources[rng.IntN(len(cat.resources))], cat.resources[rng.IntN(len(cat.resources))]
		if i%50 == 0 {
			a = outside
		}
		cat.addEdge(a, b)
	}
	var doc struct {
		Resources []struct {
			Type, Title string
			Tags        []string
		}
		Edges []struct{ Source, Target string }
	}
	if err := json.Unmarshal(cat.JSON(CatalogInfo{}), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Resources) != len(written) {
		t.Fatalf("%d resources, want %d", len(doc.Resources), len(written))
	}
	for i, r := range written {
		got := doc.Resources[i]
		if got.Type != r.Type || got.Title != strings.ToValidUTF8(r.Title, "\ufffd") ||
			fmt.Sprintf("%q", got.Tags) != fmt.Sprintf("%q", r.Tags) && !(len(got.Tags) == 0 && len(r.Tags) == 0) {
			t.Fatalf("resource %d: %q %q %q, want %q %q %q", i, got.Type, got.Title, got.Tags, r.Type, r.Title, r.Tags)
		}
	}
	var want []string
	for _, e := range cat.Edges() {
		if !e.Source.Virtual && !e.Target.Virtual {
			want = append(want, strings.ToValidUTF8(e.Source.Ref()+" "+e.Target.Ref(), "\ufffd"))
		}
	}
	var got []string
	for _, e := range doc.Edges {
		got = append(got, e.Source+" "+e.Target)
	}
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("edges\n%q\nwant\n%q", got, want)
	}
}

// appendStr writes a string of up to 16 bytes without escapes through
// appendShort, in place in a buffer with room: every length, with every
// byte at every place, and after a buffer's bytes, is written as the
// byte-at-a-time escaper writes it, and the bytes after are untouched.
func TestAppendShort(t *testing.T) {
	base := "abcdefghijklmnopqrstu"
	for c := 0; c < 256; c++ {
		for n := 0; n <= 20; n++ {
			for at := 0; at < max(n, 1); at++ {
				b := []byte(base[:n])
				if n > 0 {
					b[at] = byte(c)
				}
				s := string(b)
				want := `"` + escapeBytewise(s) + `"`
				for _, room := range []int{0, 17, 18, 40} {
					buf := append(make([]byte, 0, 3+room), "x:"...)
					got := appendStr(buf, s)
					if string(got) != "x:"+want {
						t.Fatalf("%q (room %d): %q, want %q", s, room, got, "x:"+want)
					}
					if rest := got[len(got):cap(got)]; len(got) < cap(got) && strings.Trim(string(rest), "\x00") != "" {
						t.Fatalf("%q: wrote %q beyond the string", s, rest)
					}
				}
			}
		}
	}
}

// Long strings are written as Ruby's JSON generator writes them whether
// their JSON is escaped or found kept (escapedStrings, in a process that
// wrote a catalog before): the second
// writing of a text, from another string with the same bytes, and texts
// that differ in one byte give each their own JSON.
func TestAppendStrLong(t *testing.T) {
	line := "  Require all granted \"quoted\"\tand\x01 é \\ path\n"
	var texts []string
	for _, n := range []int{3, 4, 40, 400} { // 141 bytes up to past escapedMax
		texts = append(texts, strings.Repeat(line, n))
	}
	texts = append(texts, strings.Repeat("plain text without escapes ", 10))
	warm := escapedWarm.Load()
	defer escapedWarm.Store(warm)
	escapedWarm.Store(false)
	cold := strings.Repeat("\"before the first catalog\"\n", 8)
	if got, want := string(appendStr(nil, cold)), `"`+escapeBytewise(cold)+`"`; got != want {
		t.Fatalf("%q, want %q", got, want)
	}
	if _, ok := readmap.Load(escapedStrings, cold); ok {
		t.Errorf("a string is kept before the process writes a second catalog")
	}
	escapedWarm.Store(true)
	for round := range 2 {
		for i, s := range texts {
			for _, v := range []string{s, strings.Clone(s), s[:len(s)-2] + "x\n"} {
				got := string(appendStr([]byte("x"), v))
				if want := `x"` + escapeBytewise(v) + `"`; got != want {
					t.Fatalf("round %d, text %d: %q, want %q", round, i, got, want)
				}
			}
		}
	}
	if _, ok := readmap.Load(escapedStrings, texts[0]); !ok {
		t.Errorf("a string with bytes to escape is not kept")
	}
	if _, ok := readmap.Load(escapedStrings, texts[len(texts)-1]); ok {
		t.Errorf("a string without bytes to escape is kept")
	}
}

// A catalog's writing copies the JSON of a string or reference it wrote
// before (seenJSON): whatever repeats, with the same bytes or a copy of
// them, a prefix of a string written (the same address, another length),
// strings to escape, references, in arrays and hashes, each value is
// written as Ruby's generator writes it, and as refString names a
// reference.
func TestSeenJSONCopiesWhatItWrote(t *testing.T) {
	text := "keystone::config \"quoted\" \\ tab\t é \x01 and a longer tail to pass sixteen bytes"
	var pool []values.Value
	for n := 1; n <= len(text); n += 3 {
		pool = append(pool, values.String(text[:n]), values.String(strings.Clone(text[:n])), values.String(text[len(text)-n:]))
	}
	pool = append(pool, values.NewResourceType("file", "/etc/x \"y\"", true), values.NewResourceType("class", "apache::vhost", true),
		values.NewClassType("keystone::db"), values.NewResourceType("apache::vhost", "é", true))
	rng := rand.New(rand.NewPCG(5, 6))
	var want func(v values.Value) string
	want = func(v values.Value) string {
		switch x := v.(type) {
		case values.String:
			return `"` + escapeBytewise(string(x)) + `"`
		case *values.Array:
			var parts []string
			for _, e := range x.Elems() {
				parts = append(parts, want(e))
			}
			return "[" + strings.Join(parts, ",") + "]"
		case *values.Hash:
			var parts []string
			for i := 0; i < x.Len(); i++ {
				parts = append(parts, want(x.KeyAt(i))+":"+want(x.ValueAt(i)))
			}
			return "{" + strings.Join(parts, ",") + "}"
		}
		j, _ := json.Marshal(refString(v))
		return string(j)
	}
	var seen seenJSON
	var b []byte
	for range 5000 {
		v := pool[rng.IntN(len(pool))]
		switch rng.IntN(6) {
		case 0:
			v = values.NewArray(v, pool[rng.IntN(len(pool))])
		case 1:
			v = values.NewHashFromPairs(values.String(text[:1+rng.IntN(8)]), v)
		}
		at := len(b)
		b = seen.value(b, v)
		if got, w := string(b[at:]), want(v); got != w {
			t.Fatalf("%v: wrote %s, want %s", v, got, w)
		}
	}
}

// A resource's parameters are written as Puppet::Resource#to_data_hash
// presents them: undef ones left out, relationship arrays flattened
// without undef, the name equal to the title left out, another name kept,
// and main's name, which is not its title, reported.
func TestOutputParams(t *testing.T) {
	p := func(name string, v values.Value) *Param { return &Param{Name: name, Value: v} }
	show := func(ps []outParam) string {
		var parts []string
		for _, p := range ps {
			parts = append(parts, p.Name+"="+values.ToString(p.Value))
		}
		return strings.Join(parts, " ")
	}
	ref := values.NewResourceType("file", "/a", true)
	r := &Resource{Type: "My::Def", Title: "t", Params: []*Param{
		p("name", values.String("t")), p("x", values.Undef),
		p("require", values.NewArray(values.NewArray(ref), values.Undef)), p("y", values.String("v"))}}
	if got, want := show(r.outputParams()), "require=[File['/a']] y=v"; got != want {
		t.Errorf("%s: %s, want %s", r.Ref(), got, want)
	}
	r = &Resource{Type: "My::Def", Title: "t", Params: []*Param{p("y", values.Int(1)), p("name", values.String("other"))}}
	if got, want := show(r.outputParams()), "y=1 name=other"; got != want {
		t.Errorf("%s: %s, want %s", r.Ref(), got, want)
	}
	main := &Resource{Type: "Class", Title: "main", mainTitle: true, Params: []*Param{p("name", values.String("main"))}}
	if got, want := show(main.outputParams()), "name=main"; got != want {
		t.Errorf("%s: %s, want %s", main.Ref(), got, want)
	}
}

// Strings are written as Ruby's JSON generator writes them whether their
// JSON is escaped or found in the process's table (stringJSON, once the
// process wrote a catalog): by catalogs after the one that kept it, with
// strings that share its bytes (a prefix: the same address, another
// length) or copy them, and with more strings than the table has places.
// The table keeps a string's JSON by its bytes' address, not its text,
// once a second catalog wrote the same bytes.
func TestStringJSONKeepsByAddress(t *testing.T) {
	knownJSON := func(s string) *jsonOf {
		places := stringJSONPlaces(unsafe.StringData(s))
		for i := range places {
			if e := places[i].Load(); e.of(unsafe.StringData(s), len(s)) {
				return e
			}
		}
		return nil
	}
	text := "keystone::config \"quoted\" \\ tab\t é \x01 and a longer tail to pass sixteen bytes"
	var pool []string
	for n := 1; n <= len(text); n++ {
		pool = append(pool, text[:n], strings.Clone(text[:n]))
	}
	for i := range 3 * stringJSONSlots {
		pool = append(pool, fmt.Sprint("s", i))
	}
	warm := escapedWarm.Load()
	defer escapedWarm.Store(warm)
	escapedWarm.Store(false)
	cold := strings.Clone(text)
	(&seenJSON{}).str(nil, cold)
	if knownJSON(cold) != nil {
		t.Errorf("a string is kept before the process writes a second catalog")
	}
	escapedWarm.Store(true)
	rng := rand.New(rand.NewPCG(7, 8))
	for round := range 3 {
		seen := seenJSON{catalog: uint32(round + 1), warm: true} // a catalog's
		b := []byte("x")
		for range 2 * len(pool) {
			s := pool[rng.IntN(len(pool))]
			at := len(b)
			b = seen.str(b, s)
			if got, want := string(b[at:]), `"`+escapeBytewise(s)+`"`; got != want {
				t.Fatalf("round %d: %q, want %q", round, got, want)
			}
		}
	}
	kept := strings.Clone(text)
	one := &seenJSON{catalog: 1000, warm: true}
	one.str(nil, kept)
	one.at = [seenSlots]seenAt{} // as if its slot were taken since
	one.str(nil, kept)
	if knownJSON(kept) != nil {
		t.Errorf("a string one catalog wrote is kept")
	}
	(&seenJSON{catalog: 1001, warm: true}).str(nil, kept)
	if e := knownJSON(kept); e == nil || e.json != `"`+escapeBytewise(kept)+`"` {
		t.Errorf("kept %q: %v", kept, e)
	}
	if knownJSON(strings.Clone(kept)) != nil {
		t.Errorf("a copy of a kept string's bytes is found")
	}
	if e := knownJSON(kept[:10]); e != nil {
		t.Errorf("a prefix of a kept string is found: %q", e.json)
	}
	// a process's first catalog (not warm) does not read the table: a
	// JSON kept for the string's bytes is not what it writes
	places := stringJSONPlaces(unsafe.StringData(kept))
	for i := range places {
		if e := places[i].Load(); e.of(unsafe.StringData(kept), len(kept)) {
			places[i].Store(&jsonOf{kept, `"not read"`})
			defer places[i].Store(e)
		}
	}
	if got := string((&seenJSON{catalog: 1002, warm: true}).str(nil, kept)); got != `"not read"` {
		t.Errorf("a warm catalog wrote %s, not the table's JSON", got)
	}
	if got := string((&seenJSON{catalog: 1003}).str(nil, kept)); got != `"`+escapeBytewise(kept)+`"` {
		t.Errorf("a first catalog wrote %s", got)
	}
}

// A resource's tags are written as it has them whether those of its scope
// resource (a class or define, finishEvaluation) are copied from that
// resource's JSON or not: its own tags before them, some of them its own
// too (not added again), tags added after, the scope resource's tags
// grown since, written after the resource, or not written (virtual), and
// final newlines.
func TestRenderScopeTags(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	pool := []string{"class", "apache", "apache::vhost", "vhost", "keystone", "node", "x\n", "a.b-c", "settings", "mod"}
	pick := func(n int, tags []string) []string {
		for range n {
			if tag := pool[rng.IntN(len(pool))]; !slices.Contains(tags, tag) {
				tags = append(tags, tag)
			}
		}
		return tags
	}
	for round := range 200 {
		cat := newCatalog("n", "production", 0, 0, 0)
		var scopes []*Resource
		for i := range 1 + rng.IntN(4) {
			sr := &Resource{Type: "Class", Title: fmt.Sprint("C", i), Tags: pick(rng.IntN(8), nil),
				Virtual: rng.IntN(8) == 0}
			scopes = append(scopes, sr)
		}
		var rs []*Resource
		for i := range 12 {
			sr := scopes[rng.IntN(len(scopes))]
			r := &Resource{Type: "Notify", Title: fmt.Sprint("n", i), Tags: pick(rng.IntN(4), nil), scope: &Scope{resource: sr}}
			(&Ctx{}).finishEvaluation(r)
			if rng.IntN(4) == 0 {
				r.Tags = append(r.Tags, fmt.Sprint("after", i))
			}
			if rng.IntN(6) == 0 {
				sr.Tags = append(sr.Tags, fmt.Sprint("grown", i))
			}
			rs = append(rs, r)
		}
		// the scope resources mostly before their resources
		all := append(slices.Clone(scopes), rs...)
		if rng.IntN(4) == 0 {
			all = append(rs, scopes...)
		}
		for _, r := range all {
			cat.add(r)
		}
		var doc struct {
			Resources []struct {
				Type, Title string
				Tags        []string
			}
		}
		if err := json.Unmarshal(cat.JSON(CatalogInfo{}), &doc); err != nil {
			t.Fatal(err)
		}
		i := 0
		for _, r := range all {
			if r.Virtual {
				continue
			}
			got := doc.Resources[i]
			i++
			if fmt.Sprintf("%q", got.Tags) != fmt.Sprintf("%q", r.Tags) && !(len(got.Tags) == 0 && len(r.Tags) == 0) {
				t.Fatalf("round %d, %s: tags %q, want %q", round, r.Ref(), got.Tags, r.Tags)
			}
		}
	}
}

// Merging a scope resource's tags adds those the resource has not, after
// its own, and says where the scope's tags it has at its end, in their
// order, start.
func TestAppendTagsRest(t *testing.T) {
	for _, c := range []struct {
		own, from, want []string
		rest            int
	}{
		{[]string{"notify", "x"}, []string{"class", "c", "node"}, []string{"notify", "x", "class", "c", "node"}, 0},
		{[]string{"class", "d"}, []string{"class", "c", "node"}, []string{"class", "d", "c", "node"}, 1},
		{[]string{"c", "x"}, []string{"class", "c", "node"}, []string{"c", "x", "class", "node"}, 2},
		{[]string{"node"}, []string{"class", "c", "node"}, []string{"node", "class", "c"}, 3},
		{nil, nil, nil, 0},
		// tags of an own tag's length that are not it, one 64 bytes
		// longer
		{[]string{"ab", "x"}, []string{"cd", "ab", "ef", "x" + strings.Repeat("y", 64)}, []string{"ab", "x", "cd", "ef", "x" + strings.Repeat("y", 64)}, 2},
	} {
		r := &Resource{Tags: slices.Clone(c.own)}
		rest := r.appendTags(c.from)
		if fmt.Sprintf("%q", r.Tags) != fmt.Sprintf("%q", c.want) || rest != c.rest {
			t.Errorf("%q + %q: %q, rest %d; want %q, rest %d", c.own, c.from, r.Tags, rest, c.want, c.rest)
		}
	}
}

// A program's catalogs write a resource from the JSON of one a catalog
// before wrote (keptResources) only when everything written of it is the
// same: each catalog's JSON is the one written without the table, while
// resources change a value, a tag, their file, line, kind or the like,
// and are made again of other strings of the same text, of new arrays of
// the same values and of new references to the same resources.
func TestKeptResourcesWriteWhatChanged(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	texts := []string{"a", "b \"q\"", "é", "x\ny", "80", "/etc/keystone/keystone.conf"}
	text := func() string { return texts[rng.IntN(len(texts))] }
	type spec struct {
		typ, title, file, kind string
		line                   int
		exported               bool
		tags, sensitive        []string
		names                  []string
		values                 []values.Value
	}
	value := func() values.Value {
		switch rng.IntN(5) {
		case 0:
			return values.Int(rng.IntN(3))
		case 1:
			return values.NewArray(values.String(text()), values.Undef)
		case 2:
			return values.NewResourceType("File", text(), true)
		case 3:
			return values.Undef
		}
		return values.String(text())
	}
	var specs []*spec
	for i := range 60 {
		s := &spec{typ: []string{"File", "Notify", "Apache::Vhost"}[i%3], title: fmt.Sprint(text(), i),
			file: "/m/manifests/init.pp", kind: "", line: i, tags: []string{"notify", "class", "keystone"}}
		for j := range rng.IntN(5) {
			s.names, s.values = append(s.names, fmt.Sprint("p", j)), append(s.values, value())
		}
		specs = append(specs, s)
	}
	// made again: the same text elsewhere, a new array of the same values
	again := func(v values.Value) values.Value {
		switch x := v.(type) {
		case values.String:
			return values.String(strings.Clone(string(x)))
		case *values.Array:
			return values.NewArray(slices.Clone(x.Elems())...)
		case *values.ResourceType:
			return values.NewResourceType(x.TypeName, strings.Clone(x.Title), true)
		}
		return v
	}
	change := func(s *spec) {
		switch rng.IntN(10) {
		case 0:
			if len(s.values) > 0 {
				s.values[rng.IntN(len(s.values))] = value()
			}
		case 1:
			s.names, s.values = append(s.names, "added"), append(s.values, value())
		case 2:
			s.tags = append(slices.Clone(s.tags), text())
		case 3:
			s.tags = slices.Clone(s.tags)
			s.tags[rng.IntN(len(s.tags))] = "other"
		case 4:
			s.line++
		case 5:
			s.file = "/m/manifests/" + text()
		case 6:
			s.exported = !s.exported
		case 7:
			s.kind = "defined_type"
		case 8:
			s.sensitive = []string{"p0"}
		case 9:
			if len(s.values) > 0 {
				if a, ok := s.values[0].(*values.Array); ok {
					s.values[0] = values.NewArray(append(slices.Clone(a.Elems()), values.String(text()))...)
				}
			}
		}
	}
	var bufs jsonBuffers
	copied := 0
	for round := range 12 {
		cat := newCatalog("n", "production", 0, 0, 0)
		var rs []*Resource
		for _, s := range specs {
			if round > 0 && rng.IntN(5) == 0 {
				change(s)
			}
			r := &Resource{Type: s.typ, Title: s.title, File: s.file, Line: s.line, Kind: s.kind,
				Exported: s.exported, Tags: s.tags, Sensitive: s.sensitive}
			if rng.IntN(3) == 0 {
				r.Title, r.Tags = strings.Clone(r.Title), slices.Clone(r.Tags)
			}
			for j, name := range s.names {
				v := s.values[j]
				if rng.IntN(3) == 0 {
					v = again(v)
				}
				r.Params = append(r.Params, &Param{Name: name, Value: v})
			}
			cat.add(r)
			rs = append(rs, r)
		}
		for range 40 {
			cat.addEdge(rs[rng.IntN(len(rs))], rs[rng.IntN(len(rs))])
		}
		if k := atomicptr.Load(&bufs.kept); k != nil {
			for _, r := range rs {
				if k.find(r, resourceKey(r), nil, nil) != nil {
					copied++
				}
			}
		}
		cat.jsonBufs = nil
		want := string(cat.JSON(CatalogInfo{}))
		cat.jsonBufs = &bufs
		if got := string(cat.JSON(CatalogInfo{})); got != want {
			t.Fatalf("round %d:\n%s\nwant\n%s", round, got, want)
		}
	}
	if copied < 5*len(specs) {
		t.Errorf("%d resources copied, want most of those that stayed the same", copied)
	}
}

// A native resource takes its scope resource's tags when it is finished
// (Parser::Resource#add_scope_tags: its own first, then the scope's it
// lacks, in their order) and its list holds them once they are read
// (tagsDeferred): the catalog's JSON has them, written or copied from a
// catalog before (keptResources), as does a tag merged later (a
// container's, Compiler#add_resource_metaparams) after them.
func TestDeferredScopeTags(t *testing.T) {
	var bufs jsonBuffers
	for round := range 3 {
		cat := newCatalog("n", "production", 0, 0, 0)
		sr := &Resource{Type: "Class", Title: "Web", Tags: []string{"class", "web", "node"}}
		cat.add(sr)
		scope := &Scope{resource: sr}
		nat := Native(restype.Core("file"))
		cases := []struct {
			title     string
			own, want []string
		}{
			{"x", []string{"file", "x"}, []string{"file", "x", "class", "web", "node"}},
			{"web", []string{"file", "web"}, []string{"file", "web", "class", "node"}},
			{"merged", []string{"notify", "merged"}, []string{"notify", "merged", "class", "web", "node", "extra"}},
			{"late", []string{"notify", "late"}, []string{"notify", "late", "class", "web", "node"}},
		}
		var rs []*Resource
		for _, c := range cases {
			r := &Resource{Type: "File", Title: c.title, Tags: slices.Clone(c.own), scope: scope, native: nat}
			(&Ctx{}).finishEvaluation(r)
			if !r.tagsDeferred || r.holdsScopeTags() || !r.rawTagged([]string{"web"}) {
				t.Fatalf("%s: deferred %v, holds %v, not tagged web by its scope", c.title, r.tagsDeferred, r.holdsScopeTags())
			}
			switch c.title {
			case "late":
				// tagged after r took its scope's tags: not r's
				sr.Tags = append(sr.Tags, "later")
			case "merged":
				r.mergeTags([]string{"class", "extra"})
			}
			cat.add(r)
			rs = append(rs, r)
		}
		cat.jsonBufs = &bufs
		var doc struct {
			Resources []struct {
				Title string
				Tags  []string
			}
		}
		if err := json.Unmarshal(cat.JSON(CatalogInfo{}), &doc); err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			got := doc.Resources[i+1]
			if got.Title != c.title || fmt.Sprintf("%q", got.Tags) != fmt.Sprintf("%q", c.want) {
				t.Errorf("round %d, %s: tags %q, want %q", round, got.Title, got.Tags, c.want)
			}
			if all := rs[i].AllTags(); fmt.Sprintf("%q", all) != fmt.Sprintf("%q", c.want) {
				t.Errorf("round %d, %s: AllTags %q, want %q", round, c.title, all, c.want)
			}
		}
	}
}

// sameTags finds a resource's tags the same as a list of a resource's tags
// (distinct) only when they are, those of its scope resource deferred
// (tagsDeferred) or not.
func TestSameTagsDeferred(t *testing.T) {
	sr := &Resource{Type: "Class", Title: "Web", Tags: []string{"class", "web", "node"}}
	nat := Native(restype.Core("file"))
	for _, c := range []struct {
		own, tags []string
		same      bool
	}{
		{[]string{"file", "x"}, []string{"file", "x", "class", "web", "node"}, true},
		{[]string{"file", "web"}, []string{"file", "web", "class", "node"}, true},
		{[]string{"file", "web"}, []string{"file", "web", "class", "node", "web2"}, false},
		{[]string{"file", "web"}, []string{"file", "web", "class", "web2", "node"}, false},
		{[]string{"file", "x"}, []string{"file", "x", "class", "web"}, false},
		{[]string{"file", "x"}, []string{"file", "y", "class", "web", "node"}, false},
		{[]string{"file", "x"}, []string{"file", "x", "class", "web", "node", "more"}, false},
		{[]string{"file", "node", "web"}, []string{"file", "node", "web", "class"}, true},
		{[]string{"file", "class"}, []string{"file", "class", "web", "node"}, true},
		{[]string{"file", "web"}, []string{"file", "web", "node", "class"}, false},
		{[]string{"file", "web"}, []string{"file", "web", "class"}, false},
		{[]string{"file", "web"}, []string{"file", "web", "class", "node", "more"}, false},
		{[]string{"file", "web"}, []string{"file", "x", "class", "node"}, false},
	} {
		r := &Resource{Type: "File", Title: "t", Tags: slices.Clone(c.own), scope: &Scope{resource: sr}, native: nat}
		(&Ctx{}).finishEvaluation(r)
		if got := sameTags(c.tags, r); got != c.same {
			t.Errorf("%q with its scope's %q against %q: %v, want %v", c.own, sr.Tags, c.tags, got, c.same)
		}
		r.takeScopeTags()
		if got := sameTags(c.tags, r); got != c.same {
			t.Errorf("%q, its list made (%q): %v, want %v", c.own, r.Tags, got, c.same)
		}
	}
}

// As many resources as a set of keptResources has places, whose types
// and titles hash to one set, are all kept: from a program's fourth catalog
// on each is copied (kept from the third), none written again because the
// others took its place.
func TestKeptResourcesShareASet(t *testing.T) {
	var titles []string
	set := -1
	for i := 0; len(titles) < keptWays; i++ {
		title := fmt.Sprint("/etc/keystone/", i)
		s := int(resourceKey(&Resource{Type: "File", Title: title}) >> (64 - keptResourcesBits))
		if set < 0 {
			set = s
		}
		if s == set {
			titles = append(titles, title)
		}
	}
	var bufs jsonBuffers
	for round := range 6 {
		cat := newCatalog("n", "production", 0, 0, 0)
		var rs []*Resource
		for _, title := range titles {
			r := &Resource{Type: "File", Title: title, Tags: []string{"file", "class"},
				Params: []*Param{{Name: "ensure", Value: values.String("file")}}}
			cat.add(r)
			rs = append(rs, r)
		}
		if k := atomicptr.Load(&bufs.kept); k != nil && round >= 3 {
			for _, r := range rs {
				if k.find(r, resourceKey(r), nil, nil) == nil {
					t.Errorf("round %d: %s not kept", round, r.Title)
				}
			}
		}
		cat.jsonBufs = &bufs
		cat.JSON(CatalogInfo{})
	}
}

// A native resource whose scope resource's tags it has not taken yet
// (tagsDeferred) is copied from the JSON a catalog before kept only when
// its own tags and its scope's are those of the one kept: its tags in the
// JSON are its own, then its scope's it lacks, whichever of them changed.
func TestKeptDeferredTagsChange(t *testing.T) {
	var bufs jsonBuffers
	nat := Native(restype.Core("file"))
	copied := 0
	for round := range 12 {
		cat := newCatalog("n", "production", 0, 0, 0)
		sr := &Resource{Type: "Class", Title: "Web", Tags: []string{"class", "web", fmt.Sprint("s", round/2%3)}}
		cat.add(sr)
		own := []string{"file", fmt.Sprint("s", round/3%2)}
		r := &Resource{Type: "File", Title: "x", Tags: own, scope: &Scope{resource: sr}, native: nat}
		(&Ctx{}).finishEvaluation(r)
		cat.add(r)
		want := append(slices.Clone(own), "class", "web")
		if s := sr.Tags[2]; !slices.Contains(own, s) {
			want = append(want, s)
		}
		if k := atomicptr.Load(&bufs.kept); k != nil && k.find(r, resourceKey(r), nil, nil) != nil {
			copied++
		}
		cat.jsonBufs = &bufs
		var doc struct{ Resources []struct{ Tags []string } }
		if err := json.Unmarshal(cat.JSON(CatalogInfo{}), &doc); err != nil {
			t.Fatal(err)
		}
		if got := doc.Resources[1].Tags; fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
			t.Errorf("round %d: tags %q, want %q", round, got, want)
		}
	}
	if copied == 0 {
		t.Error("no resource copied")
	}
}

// The native resources of a scope whose scope tags they have not taken
// yet are kept with one list of those tags (keep's lastHeld), which the
// writer compares with the scope's once for them all (heldMemo): each is
// still copied only when its scope's tags are those of the one kept, and
// written with its scope's tags when one of them changed.
func TestKeptDeferredTagsShared(t *testing.T) {
	var bufs jsonBuffers
	nat := Native(restype.Core("file"))
	copied := 0
	for round := range 9 {
		cat := newCatalog("n", "production", 0, 0, 0)
		sr := &Resource{Type: "Class", Title: "Web", Tags: []string{"class", "web", fmt.Sprint("s", round/6)}}
		cat.add(sr)
		var rs []*Resource
		for i := range 3 {
			r := &Resource{Type: "File", Title: fmt.Sprint("f", i), Tags: []string{"file"}, scope: &Scope{resource: sr}, native: nat}
			(&Ctx{}).finishEvaluation(r)
			cat.add(r)
			rs = append(rs, r)
		}
		k := atomicptr.Load(&bufs.kept)
		var held []*string
		for _, r := range rs {
			if k == nil {
				break
			}
			if e := k.find(r, resourceKey(r), nil, nil); e != nil {
				copied++
				held = append(held, unsafe.SliceData(e.held.scope))
			}
		}
		if len(held) == len(rs) && (held[0] != held[1] || held[1] != held[2]) {
			t.Errorf("round %d: the kept resources of a scope hold their scope tags in lists of their own", round)
		}
		cat.jsonBufs = &bufs
		var doc struct{ Resources []struct{ Tags []string } }
		if err := json.Unmarshal(cat.JSON(CatalogInfo{}), &doc); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%q", []string{"file", "class", "web", fmt.Sprint("s", round/6)})
		for i := 1; i < len(doc.Resources); i++ {
			if got := fmt.Sprintf("%q", doc.Resources[i].Tags); got != want {
				t.Errorf("round %d: resource %d's tags %s, want %s", round, i, got, want)
			}
		}
	}
	if copied == 0 {
		t.Error("no resource copied")
	}
}

// sameHeld's memo answers only for the lists it compared, as long as they
// were: a longer list with the same start is compared.
func TestSameHeld(t *testing.T) {
	kept := []string{"class", "web", "a"}
	scope := []string{"class", "web", "b"}
	var m heldMemo
	if !m.sameHeld(kept[:2], scope[:2]) || !m.sameHeld(kept[:2], scope[:2]) {
		t.Fatal("the same tags are not the same")
	}
	if m.sameHeld(kept, scope) {
		t.Error("lists that differ in their last tag found the same after their start was")
	}
	if m.sameHeld(kept[:2], scope) || (*heldMemo)(nil).sameHeld(kept, scope) {
		t.Error("lists that differ found the same")
	}
}

// A resource found at its position in the catalog before (keptResources.
// last) is copied only when it is written as the one kept there was, and
// one that moved is found by its type and title: each catalog's JSON is the
// one written without the table while the resources change places and
// one of them its value, and those that stay the same are copied.
func TestKeptResourcesByPosition(t *testing.T) {
	var bufs jsonBuffers
	titles := []string{"a", "b", "c", "d"}
	for round := range 8 {
		cat := newCatalog("n", "production", 0, 0, 0)
		order := slices.Clone(titles)
		if round == 3 || round == 6 {
			slices.Reverse(order)
		}
		var rs []*Resource
		for _, title := range order {
			v := values.String("same")
			if title == "c" {
				v = values.String(fmt.Sprint("round ", round/5))
			}
			r := &Resource{Type: "File", Title: title, Tags: []string{"file", title},
				Params: []*Param{{Name: "content", Value: v}}}
			cat.add(r)
			rs = append(rs, r)
		}
		cat.jsonBufs = nil
		want := string(cat.JSON(CatalogInfo{}))
		if k := atomicptr.Load(&bufs.kept); k != nil && round >= 3 {
			for _, r := range rs {
				e, _ := k.atPos(r, nil)
				if e == nil {
					e = k.find(r, resourceKey(r), nil, nil)
				}
				if copy := e != nil; copy != (r.Title != "c" || round != 5) {
					t.Errorf("round %d: %s copied %v", round, r.Title, copy)
				}
			}
		}
		cat.jsonBufs = &bufs
		if got := string(cat.JSON(CatalogInfo{})); got != want {
			t.Fatalf("round %d:\n%s\nwant\n%s", round, got, want)
		}
	}
}

// A resource that changes with each catalog (as one named after a node's
// facts does in a fleet's) is kept again only once in keptMisses catalogs
// while no catalog copies it, and its JSON is each catalog's; once it
// stays the same it is kept again, keptMisses catalogs later at most.
func TestKeptResourcesChangingEachCatalog(t *testing.T) {
	var bufs jsonBuffers
	entries := map[*keptResource]bool{}
	rounds := 3 + 2*keptMisses
	copied := 0
	for round := range rounds + keptMisses + 2 {
		cat := newCatalog("n", "production", 0, 0, 0)
		content := values.String(fmt.Sprint("node ", min(round, rounds)))
		r := &Resource{Type: "File", Title: "/etc/hosts", Tags: []string{"file"},
			Params: []*Param{{Name: "content", Value: content}}}
		cat.add(r)
		cat.jsonBufs = nil
		want := string(cat.JSON(CatalogInfo{}))
		cat.jsonBufs = &bufs
		if got := string(cat.JSON(CatalogInfo{})); got != want {
			t.Fatalf("round %d:\n%s\nwant\n%s", round, got, want)
		}
		if k := atomicptr.Load(&bufs.kept); k != nil {
			if e := k.find(r, resourceKey(r), nil, nil); e != nil && round > rounds {
				copied++
			}
			set := &k.at[resourceKey(r)>>(64-keptResourcesBits)]
			for i := range set {
				if e := atomicptr.Load(&set[i].e); e != nil && round <= rounds {
					entries[e] = true
				}
			}
		}
	}
	// kept by the third catalog, then by one in keptMisses
	if want := 1 + (rounds-2)/keptMisses; len(entries) > want {
		t.Errorf("kept %d times in %d catalogs, want at most %d", len(entries), rounds, want)
	}
	if copied == 0 {
		t.Error("not copied once it stays the same")
	}
}

// A catalog's edges are copied from the JSON of those a catalog before
// wrote (keptResources.edges) when they join resources copied from the
// same kept ones, in the same order: each catalog's JSON is the one
// written without the table while an edge changes its end, an end is
// virtual (not written) or is renamed, and edges that stay the same are
// copied from one kept entry (kept once the resources are copied, by the
// fourth catalog), which counts the catalogs that missed it.
func TestKeptEdges(t *testing.T) {
	var bufs jsonBuffers
	var kept []*keptPart[*keptResource]
	var misses []int32
	for round := range 10 {
		cat := newCatalog("n", "production", 0, 0, 0)
		var rs []*Resource
		for _, title := range []string{"a", "b", "c", "d"} {
			if title == "d" && round == 7 {
				title = "e"
			}
			r := &Resource{Type: "File", Title: title, Tags: []string{"file"},
				Params: []*Param{{Name: "content", Value: values.String("same")}}}
			r.Virtual = title == "c" && round == 6
			cat.add(r)
			rs = append(rs, r)
		}
		cat.addEdge(rs[0], rs[1])
		cat.addEdge(rs[1], rs[2])
		if round == 5 {
			cat.addEdge(rs[2], rs[0])
		} else {
			cat.addEdge(rs[2], rs[3])
		}
		cat.jsonBufs = nil
		want := string(cat.JSON(CatalogInfo{}))
		cat.jsonBufs = &bufs
		if got := string(cat.JSON(CatalogInfo{})); got != want {
			t.Fatalf("round %d:\n%s\nwant\n%s", round, got, want)
		}
		var e *keptPart[*keptResource]
		if k := atomicptr.Load(&bufs.kept); k != nil {
			e = atomicptr.Load(&k.edges)
		}
		kept = append(kept, e)
		if e != nil {
			misses = append(misses, e.misses.Load())
		}
	}
	for round := 3; round < len(kept); round++ {
		if kept[round] == nil || kept[round] != kept[3] {
			t.Errorf("round %d: edges kept %p, want %p", round, kept[round], kept[3])
		}
	}
	// rounds 5 (an end changed), 6 (one virtual) and 7 (one renamed) missed
	if want := []int32{0, 0, 1, 2, 3, 3, 3}; !slices.Equal(misses, want) {
		t.Errorf("misses after each round from the fourth %v, want %v", misses, want)
	}
}

// A catalog's tags and classes are copied from the JSON of the lists a
// catalog before wrote (keptResources.tags, classes) when they hold the
// same strings (the same text elsewhere too): each catalog's JSON is the
// one written without the table while a tag changes, one is added, or a
// class needs escaping, and lists that stay the same are copied from one
// kept entry.
func TestKeptTagsAndClasses(t *testing.T) {
	var bufs jsonBuffers
	var kept [][2]*keptPart[string]
	for round := range 8 {
		cat := newCatalog("n", "production", 0, 0, 0)
		cat.add(&Resource{Type: "File", Title: "a", Tags: []string{"file"}})
		cat.Tags = []string{"settings", "node", strings.Clone("web")}
		cat.Classes = []string{"settings", "web"}
		switch round {
		case 4:
			cat.Tags[1] = "nodf"
		case 5:
			cat.Tags = append(cat.Tags, "db")
		case 6:
			cat.Classes = []string{"settings", "we\"b"}
		}
		cat.jsonBufs = nil
		want := string(cat.JSON(CatalogInfo{}))
		cat.jsonBufs = &bufs
		if got := string(cat.JSON(CatalogInfo{})); got != want {
			t.Fatalf("round %d:\n%s\nwant\n%s", round, got, want)
		}
		var e [2]*keptPart[string]
		if k := atomicptr.Load(&bufs.kept); k != nil {
			e = [2]*keptPart[string]{atomicptr.Load(&k.tags), atomicptr.Load(&k.classes)}
		}
		kept = append(kept, e)
	}
	for round := 2; round < len(kept); round++ {
		if kept[round][0] == nil || kept[round] != kept[2] {
			t.Errorf("round %d: kept %p, want %p", round, kept[round], kept[2])
		}
	}
	if got := kept[7][0].misses.Load(); got != 2 {
		t.Errorf("tags missed by %d catalogs, want 2", got)
	}
	if got := kept[7][1].misses.Load(); got != 1 {
		t.Errorf("classes missed by %d catalogs, want 1", got)
	}
}

// TestRenderVersion: Puppet's default version, the time its environment
// was loaded, is a JSON integer; config_version's output and pp2go's code
// digest are strings, even when they are digits (a digest such as
// 012345678901 written bare would not be JSON).
func TestRenderVersion(t *testing.T) {
	for _, c := range []struct {
		info CatalogInfo
		want any
	}{
		{CatalogInfo{Version: "1764680000", TimeVersion: true}, float64(1764680000)},
		{CatalogInfo{Version: "012345678901"}, "012345678901"},
		{CatalogInfo{Version: "42"}, "42"},
		{CatalogInfo{Version: "v-42"}, "v-42"},
	} {
		cat := newCatalog("n", "production", 0, 0, 0)
		var doc struct{ Version any }
		if err := json.Unmarshal(cat.JSON(c.info), &doc); err != nil {
			t.Fatalf("%+v: %v", c.info, err)
		}
		if doc.Version != c.want {
			t.Errorf("%+v: version %#v, want %#v", c.info, doc.Version, c.want)
		}
	}
}
