package hiera

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/pp2go/pp2go/frontend/diag"
	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// The conformance suite: testdata/cases/*.txtar are environments with
// lookups, testdata/expected/*.json what Puppet 7.23 answered
// (testdata/gen/gen.rb). Each case runs through Load and a Session and must
// give Puppet's value or Puppet's error message.

type expectedFile struct {
	Node         string                     `json:"node"`
	Scope        map[string]json.RawMessage `json:"scope"`
	CompileError string                     `json:"compile_error"`
	Cases        []expectedCase             `json:"cases"`
}

type expectedCase struct {
	Call     string            `json:"call"`
	Fn       string            `json:"fn"`
	Args     []json.RawMessage `json:"args"`
	Block    bool              `json:"block"`
	Result   json.RawMessage   `json:"result"`
	Found    *bool             `json:"found"`
	Error    string            `json:"error"`
	Explain  string            `json:"explain"`
	Warnings []string          `json:"warnings"`
}

// decodeValue reads gen.rb's tagged encoding of a Puppet value.
func decodeValue(t testing.TB, raw json.RawMessage) values.Value {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("bad encoded value %s: %v", raw, err)
	}
	for k, v := range m {
		switch k {
		case "undef":
			return values.Undef
		case "bool":
			var b bool
			json.Unmarshal(v, &b)
			return values.BoolOf(b)
		case "int":
			var s string
			json.Unmarshal(v, &s)
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				t.Fatalf("int %s: %v", s, err)
			}
			return values.Int(n)
		case "float":
			var s string
			json.Unmarshal(v, &s)
			switch s {
			case "Infinity":
				return values.Float(math.Inf(1))
			case "-Infinity":
				return values.Float(math.Inf(-1))
			case "NaN":
				return values.Float(math.NaN())
			}
			f, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("float %s: %v", s, err)
			}
			return values.Float(f)
		case "str", "sym":
			var s string
			json.Unmarshal(v, &s)
			return values.String(s)
		case "array":
			var elems []json.RawMessage
			json.Unmarshal(v, &elems)
			out := make([]values.Value, len(elems))
			for i, e := range elems {
				out[i] = decodeValue(t, e)
			}
			return values.NewArray(out...)
		case "hash":
			var pairs [][2]json.RawMessage
			json.Unmarshal(v, &pairs)
			b := values.NewHashBuilder(len(pairs))
			for _, p := range pairs {
				b.Put(decodeValue(t, p[0]), decodeValue(t, p[1]))
			}
			return b.Build()
		case "sensitive":
			return values.NewSensitive(decodeValue(t, v))
		case "type":
			var s string
			json.Unmarshal(v, &s)
			ty, err := values.ParseType(s, nil)
			if err != nil {
				t.Fatalf("type %s: %v", s, err)
			}
			return ty
		}
	}
	t.Fatalf("cannot decode %s", raw)
	return nil
}

// sameValue is strict equality: same types (Integer is not Float), same hash
// key order.
func sameValue(a, b values.Value) bool {
	switch x := a.(type) {
	case *values.Hash:
		y, ok := b.(*values.Hash)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i := 0; i < x.Len(); i++ {
			if !sameValue(x.KeyAt(i), y.KeyAt(i)) || !sameValue(x.ValueAt(i), y.ValueAt(i)) {
				return false
			}
		}
		return true
	case *values.Array:
		y, ok := b.(*values.Array)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i := range x.Elems() {
			if !sameValue(x.At(i), y.At(i)) {
				return false
			}
		}
		return true
	case values.Float:
		y, ok := b.(values.Float)
		if !ok {
			return false
		}
		return x == y || math.IsNaN(float64(x)) && math.IsNaN(float64(y))
	case *values.Sensitive:
		y, ok := b.(*values.Sensitive)
		return ok && sameValue(x.Unwrap(), y.Unwrap())
	case values.Type:
		y, ok := b.(values.Type)
		return ok && values.TypeString(x) == values.TypeString(y)
	}
	if values.IsUndef(a) || values.IsUndef(b) {
		return values.IsUndef(a) && values.IsUndef(b)
	}
	return fmt.Sprintf("%T", a) == fmt.Sprintf("%T", b) && values.Equals(a, b)
}

type mapScope map[string]values.Value

func (m mapScope) LookupVar(name string) (values.Value, bool) {
	v, ok := m[strings.TrimPrefix(name, "::")]
	return v, ok
}

// extract writes a case archive's files: the environment under dir/env
// (with an empty module standing for gen.rb's helper module), the global
// layer under dir/global.
func extract(t testing.TB, ar *txtar.Archive, dir string) Options {
	env := filepath.Join(dir, "env")
	global := filepath.Join(dir, "global")
	os.MkdirAll(env, 0o755)
	mods := map[string]string{"pp2go_gen": filepath.Join(dir, "genmods", "pp2go_gen")}
	for _, f := range ar.Files {
		var dest string
		switch {
		case f.Name == "cases" || f.Name == "site.pp" || f.Name == "facts.json":
			continue
		case strings.HasPrefix(f.Name, "abs/"):
			dest = "/" + strings.TrimPrefix(f.Name, "abs/")
		case strings.HasPrefix(f.Name, "global/"):
			dest = filepath.Join(global, strings.TrimPrefix(f.Name, "global/"))
		default:
			dest = filepath.Join(env, f.Name)
			if strings.HasPrefix(f.Name, "modules/") {
				parts := strings.SplitN(f.Name, "/", 3)
				mods[parts[1]] = filepath.Join(env, "modules", parts[1])
			}
		}
		os.MkdirAll(filepath.Dir(dest), 0o755)
		if err := os.WriteFile(dest, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Options{EnvDir: env, GlobalConfig: filepath.Join(global, "hiera.yaml"), Modules: mods}
}

type caseRun struct {
	value    values.Value
	found    bool
	err      string
	explain  string
	warnings []string
}

// runCase runs one case in s: like Puppet, which runs a file's cases in one
// compile, the session (and its caches) is shared by a file's cases.
func runCase(t testing.TB, s *rthiera.Session, c *expectedCase) (r caseRun) {
	s.Warn = func(msg string) { r.warnings = append(r.warnings, msg) }
	args := make([]values.Value, len(c.Args))
	for i, a := range c.Args {
		args[i] = decodeValue(t, a)
	}
	var block rthiera.Block
	if c.Block {
		block = func(name values.Value) values.Value { return values.String("blk-" + values.ToString(name)) }
	}
	defer func() {
		if p := recover(); p != nil {
			e, ok := p.(error)
			if !ok {
				panic(p)
			}
			r.err = e.Error()
		}
	}()
	switch c.Fn {
	case "lookup":
		i, msg := rthiera.LookupDispatch(args, c.Block)
		if i < 0 {
			r.err = msg
			return
		}
		r.value = s.LookupCall(i, args, block)
	case "hiera", "hiera_array", "hiera_hash", "hiera_include":
		kind := map[string]rthiera.HieraKind{"hiera": rthiera.HieraPriority, "hiera_array": rthiera.HieraArray,
			"hiera_hash": rthiera.HieraHash, "hiera_include": rthiera.HieraInclude}[c.Fn]
		i, msg := rthiera.HieraDispatch(kind, args, c.Block)
		if i < 0 {
			r.err = msg
			return
		}
		if kind == rthiera.HieraInclude {
			// gen.rb records what include() returned: the classes as
			// Class types, undef when there were none to include.
			var classes []values.Value
			for _, c := range s.HieraIncludeCall(i, args, block) {
				classes = append(classes, values.NewClassType(values.ToString(c)))
			}
			r.value = values.Undef
			if len(classes) > 0 {
				r.value = values.NewArray(classes...)
			}
			return
		}
		r.value = s.HieraCall(kind, i, args, block)
	case "apl":
		key := values.ToString(args[0])
		i := strings.LastIndex(key, "::")
		r.value, r.found = s.AutomaticParameter(key[:i], key[i+2:])
	case "explain":
		v, text, err := s.Explain(&rthiera.LookupArgs{Name: args[0]})
		r.value, r.explain = v, text
		if err != nil {
			r.err = err.Error()
		}
	default:
		t.Fatalf("unknown function %s", c.Fn)
	}
	return
}

func loadCase(t testing.TB, name string) (*rthiera.Data, diag.List, *expectedFile, mapScope, func(string) string) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "cases", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join("testdata", "expected", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var exp expectedFile
	if err := json.Unmarshal(b, &exp); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	o := extract(t, ar, dir)
	d, diags := Load(o)
	scope := mapScope{}
	for k, raw := range exp.Scope {
		scope[k] = decodeValue(t, raw)
	}
	norm := func(s string) string {
		s = strings.ReplaceAll(s, filepath.Join(dir, "env"), "<env>")
		return strings.ReplaceAll(s, filepath.Join(dir, "global"), "<global>")
	}
	return d, diags, &exp, scope, norm
}

func caseNames(t testing.TB) []string {
	files, _ := filepath.Glob(filepath.Join("testdata", "cases", "*.txtar"))
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".txtar"))
	}
	sort.Strings(names)
	if len(names) == 0 {
		t.Fatal("no cases")
	}
	return names
}

func TestConformance(t *testing.T) {
	total := 0
	for _, name := range caseNames(t) {
		t.Run(name, func(t *testing.T) {
			d, diags, exp, scope, norm := loadCase(t, name)
			for _, dg := range diags {
				t.Logf("diagnostic: %s", norm(dg.Short()))
			}
			s := rthiera.NewSession(d, scope)
			for i := range exp.Cases {
				c := &exp.Cases[i]
				total++
				r := runCase(t, s, c)
				r.err = norm(r.err)
				switch {
				case strings.HasPrefix(c.Error, "undefined method `hiera'"):
					// Puppet's NoMethodError names Ruby objects
					if !strings.HasPrefix(r.err, "undefined method `hiera'") {
						t.Errorf("%s\n  want error: %s\n  got:        %s%s", c.Call, c.Error, r.err, valueNote(r))
					}
				case strings.Contains(c.Error, ": unexpected token at '"):
					// Ruby's JSON parser words its errors after its C
					// source; only the file is compared.
					want, _, _ := strings.Cut(c.Error, "): ")
					if !strings.HasPrefix(r.err, want+"): ") {
						t.Errorf("%s\n  want error: %s\n  got:        %s%s", c.Call, c.Error, r.err, valueNote(r))
					}
				case c.Error != "":
					if r.err != c.Error {
						t.Errorf("%s\n  want error: %s\n  got:        %s%s", c.Call, c.Error, r.err, valueNote(r))
					}
				case c.Fn == "apl" && c.Found != nil && !*c.Found:
					if r.err != "" || r.found {
						t.Errorf("%s\n  want not found\n  got: %s%s", c.Call, r.err, valueNote(r))
					}
				default:
					want := decodeValue(t, c.Result)
					if r.err != "" {
						t.Errorf("%s\n  want: %s\n  got error: %s", c.Call, rubyish(want), r.err)
					} else if !sameValue(want, r.value) {
						t.Errorf("%s\n  want: %s\n  got:  %s", c.Call, rubyish(want), rubyish(r.value))
					}
				}
				var wantW, gotW []string
				for _, w := range c.Warnings {
					// the log's location suffix is the caller's formatting
					w, _, _ = strings.Cut(w, "\n   (file")
					// hiera_*'s deprecation is logged by the function's caller
					if !strings.Contains(w, "is deprecated in favor of using 'lookup'") {
						wantW = append(wantW, w)
					}
				}
				for _, w := range r.warnings {
					w, _, _ = strings.Cut(w, "\n   (file")
					gotW = append(gotW, norm(w))
				}
				if strings.Join(wantW, "\n") != strings.Join(gotW, "\n") {
					t.Errorf("%s: warnings differ\n  want: %q\n  got:  %q", c.Call, wantW, gotW)
				}
				if c.Fn == "explain" && norm(r.explain) != c.Explain {
					t.Errorf("%s: explain differs\n--- want\n%s--- got\n%s", c.Call, c.Explain, norm(r.explain))
				}
			}
		})
	}
	t.Logf("%d lookup cases", total)
}

func valueNote(r caseRun) string {
	if r.value == nil {
		return ""
	}
	return " (value " + rubyish(r.value) + ")"
}

func rubyish(v values.Value) string {
	if v == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%T %s", v, values.ToString(v))
}
