package erbcorpus

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/values"
)

// The cases are renderings done by Ruby: templates rendered by Puppet's
// TemplateWrapper while real Puppet compiled every class of every Debian
// module (the sweep), and renderings with made-up variables (see
// ../testdata/gen). Each case holds the variables the template could see,
// every scope lookup and Puppet function call it made with the results,
// and Ruby's output or error. The test gives the same variables and
// function results to the translated template and compares.

const casesFile = "../testdata/corpus/cases.jsonl"

type rcase struct {
	ID       string          `json:"id"`
	Template string          `json:"template"`
	Inline   *string         `json:"inline"`
	Vars     json.RawMessage `json:"vars"`
	Lookups  [][2]json.RawMessage
	Calls    []rcall `json:"calls"`
	Output   *string `json:"output"`
	Error    *rerror `json:"error"`
	// SetVars are the scope.setvar calls Ruby made; TemplateData the
	// objects earlier templates had set in the scope (Ruby values).
	SetVars      [][2]json.RawMessage       `json:"setvars"`
	TemplateData map[string]json.RawMessage `json:"template_data"`
	// Mutated are the variables the template changed in place, with their
	// new values (when MutationChecked).
	MutationChecked bool                       `json:"mutation_checked"`
	Mutated         map[string]json.RawMessage `json:"mutated"`
}

type rerror struct {
	Class   string `json:"class"`
	Message string `json:"message"`
	Frame   *struct {
		File string `json:"file"`
		Line int    `json:"line"`
	} `json:"frame"`
}

type rcall struct {
	Name   string          `json:"name"`
	Args   json.RawMessage `json:"args"`
	Result json.RawMessage `json:"result"`
	Error  *rerror         `json:"error"`
}

func loadCases(t testing.TB) []*rcase {
	f, err := os.Open(casesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*rcase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		c := &rcase{}
		if err := json.Unmarshal(sc.Bytes(), c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// decode turns capture.rb's JSON form of a Ruby value into a Puppet value.
func decode(raw json.RawMessage) (values.Value, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return fromJSON(v)
}

func fromJSON(v any) (values.Value, error) {
	switch x := v.(type) {
	case nil:
		return values.Undef, nil
	case bool:
		return values.BoolOf(x), nil
	case string:
		return values.String(x), nil
	case json.Number:
		s := x.String()
		if strings.ContainsAny(s, ".eE") {
			f, err := strconv.ParseFloat(s, 64)
			return values.Float(f), err
		}
		n, err := strconv.ParseInt(s, 10, 64)
		return values.Int(n), err
	case []any:
		out := make([]values.Value, len(x))
		for i, e := range x {
			v, err := fromJSON(e)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return values.NewArray(out...), nil
	case map[string]any:
		if pairs, ok := x["__h"].([]any); ok {
			b := values.NewHashBuilder(len(pairs))
			for _, p := range pairs {
				kv := p.([]any)
				k, err := fromJSON(kv[0])
				if err != nil {
					return nil, err
				}
				v, err := fromJSON(kv[1])
				if err != nil {
					return nil, err
				}
				b.Put(k, v)
			}
			return b.Build(), nil
		}
		if s, ok := x["__sym"].(string); ok {
			switch s {
			case "default":
				return values.Default, nil
			case "undef":
				return values.Undef, nil
			}
			return nil, fmt.Errorf("symbol :%s has no Puppet form", s)
		}
		if s, ok := x["__re"].(string); ok {
			return values.RegexpOf(s), nil
		}
	}
	return nil, fmt.Errorf("cannot decode %v", v)
}

// encode is capture.rb's JSON form of the Ruby value a Puppet value is
// given to functions as (for matching recorded calls).
func encode(v values.Value) any {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return nil
	case values.Bool:
		return bool(x)
	case values.String:
		return string(x)
	case values.Int:
		return json.Number(strconv.FormatInt(int64(x), 10))
	case values.Float:
		return json.Number(strconv.FormatFloat(float64(x), 'g', -1, 64))
	case values.DefaultValue:
		return map[string]any{"__sym": "default"}
	case *values.Array:
		out := make([]any, x.Len())
		for i, e := range x.Elems() {
			out[i] = encode(e)
		}
		return out
	case *values.Hash:
		pairs := make([]any, x.Len())
		for i := 0; i < x.Len(); i++ {
			pairs[i] = []any{encode(x.KeyAt(i)), encode(x.ValueAt(i))}
		}
		return map[string]any{"__h": pairs}
	case *values.Regexp:
		return map[string]any{"__re": x.Source()}
	}
	return fmt.Sprintf("%T", v)
}

// normalize makes numbers comparable (1.0 and 1 differ, 1.0 and 1.00 not).
func normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		s := x.String()
		if strings.ContainsAny(s, ".eE") {
			f, _ := strconv.ParseFloat(s, 64)
			return f
		}
		n, _ := strconv.ParseInt(s, 10, 64)
		return n
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[k] = normalize(e)
		}
		return out
	}
	return v
}

func rawAny(raw json.RawMessage) any {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	_ = d.Decode(&v)
	return normalize(v)
}

// rubyFromJSON decodes capture.rb's JSON into a Ruby value (symbols kept).
func rubyFromJSON(raw json.RawMessage) (erb.Value, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return rubyValue(v)
}

func rubyValue(v any) (erb.Value, error) {
	switch x := v.(type) {
	case []any:
		out := make([]erb.Value, len(x))
		for i, e := range x {
			r, err := rubyValue(e)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return erb.NewArray(out...), nil
	case map[string]any:
		if pairs, ok := x["__h"].([]any); ok {
			h := erb.NewHash()
			for _, p := range pairs {
				kv := p.([]any)
				k, err := rubyValue(kv[0])
				if err != nil {
					return nil, err
				}
				val, err := rubyValue(kv[1])
				if err != nil {
					return nil, err
				}
				h.Set(k, val)
			}
			return h, nil
		}
		if s, ok := x["__sym"].(string); ok {
			return erb.Symbol(s), nil
		}
	}
	pv, err := fromJSON(v)
	if err != nil {
		return nil, err
	}
	return erb.FromPuppet(pv), nil
}

// replayScope answers with what the Ruby rendering saw.
type replayScope struct {
	vars    *values.Hash
	lookups map[string]json.RawMessage
	calls   []rcall
	used    []bool
	errs    []string
	setvars [][2]json.RawMessage
	nset    int
	data    map[string]any
	updated map[string]values.Value
}

func (s *replayScope) UpdateVar(name string, v values.Value) {
	if s.updated == nil {
		s.updated = map[string]values.Value{}
	}
	s.updated[name] = v
}

func (s *replayScope) SetVar(name string, v values.Value) {
	if s.nset >= len(s.setvars) {
		s.errs = append(s.errs, fmt.Sprintf("scope.setvar(%q), which Ruby did not call", name))
		return
	}
	var want string
	_ = json.Unmarshal(s.setvars[s.nset][0], &want)
	s.nset++
	if want != name {
		s.errs = append(s.errs, fmt.Sprintf("scope.setvar(%q), Ruby set %q", name, want))
	}
}

func (s *replayScope) TemplateData() map[string]any { return s.data }

func newReplay(c *rcase) (*replayScope, error) {
	v, err := decode(c.Vars)
	if err != nil {
		return nil, err
	}
	s := &replayScope{vars: v.(*values.Hash), lookups: map[string]json.RawMessage{}, calls: c.Calls, used: make([]bool, len(c.Calls)), setvars: c.SetVars, data: map[string]any{}}
	for name, raw := range c.TemplateData {
		rv, err := rubyFromJSON(raw)
		if err != nil {
			return nil, err
		}
		s.data[name] = rv
	}
	for _, l := range c.Lookups {
		var name string
		if err := json.Unmarshal(l[0], &name); err != nil {
			return nil, err
		}
		if old, ok := s.lookups[name]; ok && !bytes.Contains(old, []byte("__present")) {
			continue
		}
		s.lookups[name] = l[1]
	}
	return s, nil
}

func (s *replayScope) Vars() *values.Hash { return s.vars }

func (s *replayScope) LookupVar(name string) (values.Value, bool) {
	raw, ok := s.lookups[name]
	if !ok {
		s.errs = append(s.errs, fmt.Sprintf("looked up %q, which Ruby did not", name))
		return values.Undef, false
	}
	switch {
	case bytes.Contains(raw, []byte(`{"__absent":true}`)) && len(raw) < 20:
		return values.Undef, false
	case bytes.Contains(raw, []byte(`{"__present":true}`)) && len(raw) < 20:
		return values.String("(present)"), true
	}
	v, err := decode(raw)
	if err != nil {
		s.errs = append(s.errs, err.Error())
		return values.Undef, false
	}
	return v, true
}

// functionError is a Puppet function's failure as Ruby recorded it.
type functionError struct{ msg string }

func (e *functionError) Error() string { return e.msg }

func (s *replayScope) Call(name string, args []values.Value) values.Value {
	got := normalize(encode(values.NewArray(args...)))
	for i, c := range s.calls {
		if s.used[i] || c.Name != name || !reflect.DeepEqual(rawAny(c.Args), got) {
			continue
		}
		s.used[i] = true
		if c.Error != nil {
			panic(&functionError{msg: c.Error.Message})
		}
		v, err := decode(c.Result)
		if err != nil {
			s.errs = append(s.errs, err.Error())
		}
		return v
	}
	s.errs = append(s.errs, fmt.Sprintf("called %s(%v), which Ruby did not", name, got))
	return values.Undef
}

var address = regexp.MustCompile(`0x[0-9a-f]{16}`)

func inlineKey(src string) string {
	h := sha256.Sum256([]byte(src))
	return "inline:" + hex.EncodeToString(h[:8])
}

// render runs a case; it returns the output or the error.
func render(c *rcase, s erb.Scope) (string, error) {
	if c.Inline != nil {
		t := Inline[inlineKey(*c.Inline)]
		if t == nil {
			return "", errors.New("inline template not translated")
		}
		return erb.RenderInline(t, s)
	}
	t := Files[c.Template]
	if t == nil {
		return "", errors.New("template not translated")
	}
	return erb.Render(t, s, c.Template, c.Template)
}

// rubyClassName maps pp2go's exception classes to Ruby's names.
func rubyClassName(e *erb.RubyError) string { return e.Class.Name }

func TestCorpusRendering(t *testing.T) {
	cases := loadCases(t)
	pass, fail, skipped := 0, 0, 0
	for _, c := range cases {
		if c.Template != "" && Files[c.Template] == nil {
			skipped++
			continue
		}
		ok := t.Run(c.ID, func(t *testing.T) {
			s, err := newReplay(c)
			if err != nil {
				t.Skip(err)
			}
			out, err := render(c, s)
			for _, e := range s.errs {
				t.Error(e)
			}
			if c.MutationChecked && err == nil {
				checkMutations(t, c, s)
			}
			switch {
			case c.Error == nil && err != nil:
				t.Fatalf("Ruby rendered, pp2go failed: %v", err)
			case c.Error == nil:
				if out != *c.Output {
					t.Errorf("output differs\n%s", firstDiff(*c.Output, out))
				}
			case err == nil:
				t.Fatalf("Ruby failed with %s: %s; pp2go rendered", c.Error.Class, c.Error.Message)
			default:
				checkError(t, c, err)
			}
		})
		if ok {
			pass++
		} else {
			fail++
		}
	}
	t.Logf("%d cases: %d pass, %d fail, %d skipped (template not translated)", len(cases), pass, fail, skipped)
}

// checkMutations compares the variables reported changed with those Ruby
// changed.
func checkMutations(t *testing.T, c *rcase, s *replayScope) {
	for name, raw := range c.Mutated {
		got, ok := s.updated[name]
		if !ok {
			t.Errorf("the template changed $%s in place, pp2go did not report it", name)
			continue
		}
		if !reflect.DeepEqual(normalize(encode(got)), rawAny(raw)) {
			t.Errorf("$%s changed to %v, Ruby: %s", name, encode(got), raw)
		}
	}
	for name := range s.updated {
		if _, ok := c.Mutated[name]; !ok {
			t.Errorf("pp2go reported $%s changed, Ruby did not change it", name)
		}
	}
}

func checkError(t *testing.T, c *rcase, err error) {
	var te *erb.TemplateError
	if !errors.As(err, &te) {
		t.Fatalf("error is not a template error: %v", err)
	}
	want := address.ReplaceAllString(c.Error.Message, "0x0000000000000000")
	got := address.ReplaceAllString(te.Err.Msg, "0x0000000000000000")
	// Ruby shows the template wrapper with its inspect (every variable and
	// the whole Puppet scope); pp2go shows only its class
	const wrapper = "#<Puppet::Parser::TemplateWrapper:0x0000000000000000"
	if i := strings.Index(want, wrapper); i >= 0 {
		want = want[:i+len(wrapper)]
		if len(got) > len(want) {
			got = got[:len(want)]
		}
	}
	if te.Err.Cause != nil {
		// a Puppet function's error: Ruby's class and frame are Puppet's
		if got != want {
			t.Errorf("error message: got %q, want %q", got, want)
		}
		return
	}
	if got != want {
		t.Errorf("error message: got %q, want %q", got, want)
	}
	if cls := rubyClassName(te.Err); cls != c.Error.Class {
		t.Errorf("error class: got %s, want %s", cls, c.Error.Class)
	}
	if f := c.Error.Frame; f != nil {
		// Puppet shows the first two fields of Ruby's backtrace line
		// split at ':'
		parts := strings.SplitN(f.File+":"+strconv.Itoa(f.Line), ":", 3)
		wantFile, wantLine := parts[0], parts[1]
		if c.Inline == nil && te.Filepath != wantFile {
			t.Errorf("error file: got %s, want %s", te.Filepath, wantFile)
		}
		if te.Line != wantLine {
			t.Errorf("error line: got %s, want %s", te.Line, wantLine)
		}
	}
}

// firstDiff shows where two outputs start to differ.
func firstDiff(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	lo := max(0, i-120)
	hiW := min(len(want), i+120)
	hiG := min(len(got), i+120)
	return fmt.Sprintf("at byte %d:\nwant: %q\n got: %q", i, want[lo:hiW], got[lo:hiG])
}

// benchCases are the largest corpus templates, each with a case that
// renders (testdata/gen/bench.rb times the same cases in Ruby).
var benchCases = []string{
	"redis/templates/redis.conf.erb#synthetic-1",
	"redis/templates/redis.conf.2.8.erb#synthetic-1",
	"horizon/templates/local_settings.py.erb#synthetic-3",
	"redis/templates/redis.conf.2.4.10.erb#synthetic-1",
	"chrony/templates/chrony.conf.archlinux.erb#synthetic-3",
	"apache/templates/mod/security_crs.conf.erb#synthetic-1",
	"monit/templates/conf_file.erb#synthetic-1",
	"apache/templates/mod/nss.conf.erb#synthetic-1",
}

// BenchmarkLargest renders the largest templates (go test -bench Largest
// ./codegen/erbgen/erbcorpus). Each iteration renders all of them once,
// as template() does: a new rendering state, the variables converted on
// first use.
func BenchmarkLargest(b *testing.B) {
	byID := map[string]*rcase{}
	for _, c := range loadCases(b) {
		byID[c.ID] = c
	}
	for _, id := range benchCases {
		c := byID[id]
		if c == nil || c.Output == nil {
			b.Fatalf("no rendering case %s", id)
		}
		name := strings.NewReplacer("/templates/", "_", "/", "_").Replace(strings.TrimSuffix(strings.SplitN(id, "#", 2)[0], ".erb"))
		b.Run(name, func(b *testing.B) {
			s, err := newReplay(c)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.SetBytes(int64(len(*c.Output)))
			for i := 0; i < b.N; i++ {
				for j := range s.used {
					s.used[j] = false
				}
				out, err := render(c, s)
				if err != nil || len(out) != len(*c.Output) {
					b.Fatalf("render: %v", err)
				}
			}
		})
	}
}
