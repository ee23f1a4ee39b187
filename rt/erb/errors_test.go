package erb

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// testScope is a scope with fixed variables whose function fail() fails
// as Puppet's does.
type testScope struct{ vars *values.Hash }

func (s *testScope) LookupVar(name string) (values.Value, bool) { return s.vars.GetString(name) }
func (s *testScope) Vars() *values.Hash                         { return s.vars }
func (s *testScope) Call(name string, args []values.Value) values.Value {
	switch name {
	case "fail":
		panic(errors.New(string(args[0].(values.String))))
	case "args":
		return values.NewArray(args...)
	case "template":
		// as the compiler's template() does: render, fail with the error
		n := string(args[0].(values.String))
		out, err := Render(probeTemplates[n], s, n, "modules/"+strings.Replace(n, "/", "/templates/", 1))
		if err != nil {
			panic(err)
		}
		return values.String(out)
	}
	return values.Undef
}

// The probe templates of testdata/probe, written as erbgen writes them.
var probeTemplates = map[string]Template{
	"probe/nil_method.erb": func(s Scope) string {
		r := New(s)
		defer r.Fail()
		r.Text("line one\n")
		r.L(2)
		r.Out(r.Upcase(r.IVar("missing")))
		r.Text("\n")
		return r.Result()
	},
	"probe/function_fail.erb": func(s Scope) string {
		r := New(s)
		defer r.Fail()
		r.L(1)
		r.Out(r.Function("fail", NewArray(S("boom"))))
		return r.Result()
	},
	"probe/call_function_fail.erb": func(s Scope) string {
		r := New(s)
		defer r.Fail()
		r.L(1)
		r.Out(r.CallFunction(S("fail"), NewArray(S("boom2"))))
		return r.Result()
	},
	"probe/float.erb": func(s Scope) string {
		r := New(s)
		defer r.Fail()
		r.L(2)
		r.Out(r.Float(S("x")))
		return r.Result()
	},
	"probe/nested.erb": func(s Scope) string {
		r := New(s)
		defer r.Fail()
		r.Text("outer\n")
		r.L(2)
		r.Out(r.Function("template", NewArray(S("probe/nil_method.erb"))))
		r.Text("\n")
		return r.Result()
	},
	"probe/ipaddr.erb": func(s Scope) string {
		r := New(s)
		defer r.Fail()
		r.L(2)
		r.Require(S("ipaddr"))
		r.L(3)
		r.New(Const("IPAddr"), nil, S("999.1.1.1"))
		return r.Result()
	},
}

// TestTemplateErrorMessages compares the errors with Puppet's
// (testdata/template_errors.txt, made by template_errors.sh).
func TestTemplateErrorMessages(t *testing.T) {
	data, err := os.ReadFile("testdata/template_errors.txt")
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "Evaluation Error: Error while evaluating a Function Call, "
	n := 0
	for _, block := range strings.Split(string(data), "=== ")[1:] {
		call, puppet, _ := strings.Cut(block, "\nEvaluation Error:")
		puppet = "Evaluation Error:" + puppet
		want := strings.TrimPrefix(puppet, prefix)
		want = want[:strings.LastIndex(want, " (file: ")]
		s := &testScope{vars: values.NewHash()}
		var got error
		switch {
		case strings.HasPrefix(call, "template('"):
			name := strings.TrimSuffix(strings.TrimPrefix(call, "template('"), "')")
			tmpl := probeTemplates[name]
			if tmpl == nil {
				t.Fatalf("no probe template %s", name)
			}
			_, got = Render(tmpl, s, name, "modules/"+strings.Replace(name, "/", "/templates/", 1))
		case strings.HasPrefix(call, "inline_template("):
			_, got = RenderInline(probeTemplates["probe/nil_method.erb"], s)
		}
		n++
		if got == nil {
			t.Errorf("%s: no error", call)
			continue
		}
		if got.Error() != want {
			t.Errorf("%s:\n got: %q\nwant: %q", call, got.Error(), want)
		}
	}
	if n != 7 {
		t.Errorf("%d cases", n)
	}
}
