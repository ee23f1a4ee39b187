package conformance

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The module sweep's catalog digest (../shared/conformance/sweep/README.md,
// "Canonical form and digest"): what the shipped catalog-digest script
// computes, without Python. The canonical form is serialized as Python's
// json.dumps(sort_keys=True, ensure_ascii=False, separators=(',', ':'))
// prints it, numbers included (Python's int and float repr).

// DigestFormat is the canonical form's version tag.
const DigestFormat = "pp2go-sweep-digest/1"

// PathRoot is a path prefix and what replaces it in a digest.
type PathRoot struct{ Prefix, Replace string }

// DigestRoots are the prefixes catalog-digest relativizes file paths with,
// longest first: the environment dir (as given and resolved), the modules
// dir, and each module dir's resolved path.
func DigestRoots(envRoot string) []PathRoot {
	var roots []PathRoot
	if envRoot != "" {
		roots = append(roots, PathRoot{strings.TrimRight(realpath(envRoot), "/") + "/", ""}, PathRoot{strings.TrimRight(envRoot, "/") + "/", ""})
	}
	mods := strings.TrimRight(ModulesDir(), "/")
	roots = append(roots, PathRoot{realpath(mods) + "/", "<modules>/"}, PathRoot{mods + "/", "<modules>/"})
	if entries, err := os.ReadDir(mods); err == nil {
		for _, e := range entries {
			real := realpath(filepath.Join(mods, e.Name()))
			if st, err := os.Stat(real); err == nil && st.IsDir() {
				roots = append(roots, PathRoot{real + "/", "<modules>/" + e.Name() + "/"})
			}
		}
	}
	sort.SliceStable(roots, func(i, j int) bool { return len(roots[i].Prefix) > len(roots[j].Prefix) })
	seen := map[string]bool{}
	var out []PathRoot
	for _, r := range roots {
		if !seen[r.Prefix] && r.Prefix != "/" {
			seen[r.Prefix] = true
			out = append(out, r)
		}
	}
	return out
}

func realpath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		if a, err := filepath.Abs(r); err == nil {
			return a
		}
	}
	return p
}

// ParseCatalog reads a catalog's JSON as catalog-digest does: nil when the
// text is not a catalog (an error outcome).
func ParseCatalog(b []byte) map[string]any {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil
	}
	if d.More() {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if _, has := m["resources"]; !has {
		if inner, ok := m["data"].(map[string]any); ok {
			m = inner
		}
	}
	if _, ok := m["resources"].([]any); !ok {
		return nil
	}
	return m
}

// CatalogDigest is catalog-digest's SHA-256 of a parsed catalog.
func CatalogDigest(cat map[string]any, roots []PathRoot) string {
	sum := sha256.Sum256([]byte(CanonicalCatalog(cat, roots)))
	return hex.EncodeToString(sum[:])
}

// CatalogStats are the resource count and the number of distinct edges.
func CatalogStats(cat map[string]any) (resources, edges int) {
	rs, _ := cat["resources"].([]any)
	es, _ := cat["edges"].([]any)
	seen := map[string]bool{}
	for _, e := range es {
		em, _ := e.(map[string]any)
		seen[pyJSON(em["source"])+"\x00"+pyJSON(em["target"])] = true
	}
	return len(rs), len(seen)
}

// CanonicalCatalog is the canonical form's compact JSON text.
func CanonicalCatalog(cat map[string]any, roots []PathRoot) string {
	type res struct {
		typ, title, text string
	}
	var rs []res
	list, _ := cat["resources"].([]any)
	for _, x := range list {
		r, _ := x.(map[string]any)
		params, _ := r["parameters"].(map[string]any)
		if !truthy(r["parameters"]) {
			params = map[string]any{}
		}
		var p any = params
		if params == nil {
			p = r["parameters"] // a truthy non-object: kept as Python keeps it
		}
		file := r["file"]
		if s, ok := file.(string); ok {
			for _, root := range roots {
				if strings.HasPrefix(s, root.Prefix) {
					file = root.Replace + s[len(root.Prefix):]
					break
				}
			}
		}
		obj := map[string]any{
			"type":                 r["type"],
			"title":                r["title"],
			"exported":             truthy(r["exported"]),
			"parameters":           p,
			"sensitive_parameters": sortedSet(r["sensitive_parameters"]),
			"tags":                 sortedSet(r["tags"]),
			"file":                 file,
			"line":                 r["line"],
		}
		rs = append(rs, res{pyStr(r["type"]), pyStr(r["title"]), pyJSON(obj)})
	}
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		if a.typ != b.typ {
			return a.typ < b.typ
		}
		if a.title != b.title {
			return a.title < b.title
		}
		return a.text < b.text
	})
	type edge struct {
		src, dst any
		key      [2]string
	}
	var edges []edge
	seen := map[string]bool{}
	es, _ := cat["edges"].([]any)
	for _, x := range es {
		e, _ := x.(map[string]any)
		k := pyJSON(e["source"]) + "\x00" + pyJSON(e["target"])
		if seen[k] {
			continue
		}
		seen[k] = true
		edges = append(edges, edge{e["source"], e["target"], [2]string{pyStr(e["source"]), pyStr(e["target"])}})
	}
	sort.SliceStable(edges, func(i, j int) bool {
		if edges[i].key[0] != edges[j].key[0] {
			return edges[i].key[0] < edges[j].key[0]
		}
		return edges[i].key[1] < edges[j].key[1]
	})
	var b strings.Builder
	b.WriteString(`{"classes":`)
	b.WriteString(pyJSON(sortedSet(cat["classes"])))
	b.WriteString(`,"edges":[`)
	for i, e := range edges {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("[" + pyJSON(e.src) + "," + pyJSON(e.dst) + "]")
	}
	b.WriteString(`],"format":` + pyJSON(DigestFormat) + `,"resources":[`)
	for i, r := range rs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(r.text)
	}
	b.WriteString("]}")
	return b.String()
}

// truthy is Python's bool() of a JSON value.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case json.Number:
		f, err := x.Float64()
		return err != nil || f != 0
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}

// sortedSet is sorted(set(v or [])) of a list of strings.
func sortedSet(v any) []any {
	list, _ := v.([]any)
	seen := map[string]any{}
	var keys []string
	for _, x := range list {
		k := pyJSON(x)
		if _, ok := seen[k]; !ok {
			seen[k] = x
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool { return pyStr(seen[keys[i]]) < pyStr(seen[keys[j]]) })
	out := make([]any, len(keys))
	for i, k := range keys {
		out[i] = seen[k]
	}
	return out
}

// pyStr is Python's str() of a value as sort keys use it (strings only
// matter: catalog types, titles, tags and class names are strings).
func pyStr(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return pyJSON(v)
}

// pyJSON serializes a value as Python's json.dumps(sort_keys=True,
// ensure_ascii=False, separators=(',', ':')).
func pyJSON(v any) string {
	var b strings.Builder
	writePyJSON(&b, v)
	return b.String()
}

func writePyJSON(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case string:
		writePyString(b, x)
	case json.Number:
		b.WriteString(pyNumber(string(x)))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writePyJSON(b, e)
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys) // UTF-8 byte order is code point order
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writePyString(b, k)
			b.WriteByte(':')
			writePyJSON(b, x[k])
		}
		b.WriteByte('}')
	case []string:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writePyString(b, e)
		}
		b.WriteByte(']')
	default:
		panic(fmt.Sprintf("pyJSON: unexpected %T", v))
	}
}

func writePyString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
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
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
}

// pyNumber is how Python prints a JSON number it parsed: an int exactly,
// a float (a number with a fraction or exponent) as repr(float).
func pyNumber(s string) string {
	if !strings.ContainsAny(s, ".eE") {
		n, ok := new(big.Int).SetString(s, 10)
		if !ok {
			return s
		}
		return n.String()
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return s // out of range: Python prints inf, which dumps refuses
	}
	return pyFloatRepr(f)
}

// pyFloatRepr is Python's repr(float): the shortest digits that round-trip,
// in fixed notation when the decimal exponent is in [-4, 16), else in
// scientific notation with a signed two-digit (at least) exponent.
func pyFloatRepr(f float64) string {
	e := strconv.FormatFloat(f, 'e', -1, 64) // -d.ddde±dd
	neg := strings.HasPrefix(e, "-")
	e = strings.TrimPrefix(e, "-")
	mant, expStr, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	var out string
	if exp >= -4 && exp < 16 {
		switch {
		case exp < 0:
			out = "0." + strings.Repeat("0", -exp-1) + digits
		case exp+1 >= len(digits):
			out = digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
		default:
			out = digits[:exp+1] + "." + digits[exp+1:]
		}
	} else {
		m := digits[:1]
		if len(digits) > 1 {
			m += "." + digits[1:]
		}
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		out = fmt.Sprintf("%se%s%02d", m, sign, exp)
	}
	if neg {
		out = "-" + out
	}
	return out
}
