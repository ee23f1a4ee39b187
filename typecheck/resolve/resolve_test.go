package resolve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
)

// tree writes files (path -> text) under dir.
func tree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, text := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func check(t *testing.T, dir string, opts env.Options, ropts Options) *Result {
	t.Helper()
	e, err := env.Load(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	return Check(e, ropts)
}

func messages(l diag.List, sev diag.Severity) []string {
	var out []string
	for _, d := range l {
		if d.Severity == sev {
			out = append(out, d.Message)
		}
	}
	return out
}

// TestTemplatesAndFiles: the messages are Puppet 7.23's for the same calls
// (compile-catalog: "Could not find template 'apt/nope.erb'", "Could not
// find template 'apt/nope.epp'", "Could not find any files from apt/nope,
// apt/nope2").
func TestTemplatesAndFiles(t *testing.T) {
	dir := t.TempDir()
	tree(t, dir, map[string]string{
		"environment.conf": "modulepath = modules\n",
		"manifests/site.pp": `notice(template('m/nope.erb'))
notice(template('m/ok.erb'))
notice(epp('m/nope'))
notice(epp('m/ok.epp'))
notice(file('m/nope', 'm/nope2'))
notice(file('m/nope', 'm/there'))
notice(file('/etc/hostname'))
`,
		"modules/m/templates/ok.erb": "x",
		"modules/m/templates/ok.epp": "<%= $nope %>",
		"modules/m/files/there":      "x",
	})
	res := check(t, dir, env.Options{}, Options{})
	got := strings.Join(messages(res.Diags, diag.Error), "\n")
	want := "Could not find template 'm/nope.erb'\nCould not find template 'm/nope.epp'\nCould not find any files from m/nope, m/nope2"
	if got != want {
		t.Errorf("errors\n got  %s\n want %s", got, want)
	}
}

// TestReach: an environment's own code is checked whole; a module outside
// the environment directory only where the environment reaches it, its
// errors as warnings; with All, everything, as errors.
func TestReach(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "env")
	base := filepath.Join(root, "base")
	tree(t, root, map[string]string{
		"env/environment.conf":                "modulepath = modules:$basemodulepath\n",
		"env/manifests/site.pp":               "include used\n",
		"env/modules/own/manifests/init.pp":   "class own { nope_own() }\n", // never included: still checked
		"base/used/manifests/init.pp":         "class used { nope_used() include used::deeper }\n",
		"base/used/manifests/deeper.pp":       "class used::deeper { nope_deeper() }\n",
		"base/unused/manifests/init.pp":       "class unused { nope_unused() }\n",
		"base/unused/manifests/typed.pp":      "class unused::typed(Integer $n = 1) { if $n > 2 { notify { 'x': } } }\n",
		"base/broken/manifests/init.pp":       "class broken { ",
		"base/used/manifests/not_reached.pp":  "class used::not_reached { nope_not_reached() }\n",
		"base/used/functions/helper.pp":       "function used::helper() { nope_in_function() }\n",
		"env/modules/own/manifests/caller.pp": "class own::caller { used::helper() }\n",
	})
	res := check(t, dir, env.Options{BaseModulePath: base}, Options{})
	errs := strings.Join(messages(res.Diags, diag.Error), "\n")
	if errs != "Unknown function: 'nope_own'." {
		t.Errorf("errors: %q", errs)
	}
	warns := messages(res.Diags, diag.Warning)
	want := []string{"Unknown function: 'nope_used'.", "Unknown function: 'nope_deeper'.", "Unknown function: 'nope_in_function'."}
	for _, w := range want {
		found := false
		for _, g := range warns {
			found = found || g == w
		}
		if !found {
			t.Errorf("missing warning %q in %q", w, warns)
		}
	}
	for _, g := range append(warns, errs) {
		if strings.Contains(g, "unused") || strings.Contains(g, "not_reached") || strings.Contains(g, "Syntax") {
			t.Errorf("unreached code reported: %q", g)
		}
	}
	for _, d := range res.Diags {
		if d.Severity == diag.Warning && !strings.Contains(d.Hint, "outside the environment") {
			t.Errorf("a downgraded error says why: %+v", d)
		}
	}

	// Everywhere: the unreached code's side tables, none of its findings
	every := check(t, dir, env.Options{BaseModulePath: base}, Options{Everywhere: true})
	if got, want := messages(every.Diags, diag.Error), messages(res.Diags, diag.Error); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Everywhere reports errors %q, want %q", got, want)
	}
	if len(every.Diags) != len(res.Diags) {
		t.Errorf("Everywhere reports %d findings, want %d", len(every.Diags), len(res.Diags))
	}
	// unused::typed's comparison of its Integer parameter
	if len(every.Operands) <= len(res.Operands) {
		t.Errorf("Everywhere infers the operands of unreached classes: %d, %d without", len(every.Operands), len(res.Operands))
	}

	all := check(t, dir, env.Options{BaseModulePath: base}, Options{All: true})
	errs = strings.Join(messages(all.Diags, diag.Error), "\n")
	for _, w := range []string{"nope_unused", "nope_not_reached", "nope_used", "Syntax error at end of input"} {
		if !strings.Contains(errs, w) {
			t.Errorf("with All, %s is an error; errors: %s", w, errs)
		}
	}
}

// TestSideTables: what calls and type references resolve to.
func TestSideTables(t *testing.T) {
	dir := t.TempDir()
	tree(t, dir, map[string]string{
		"environment.conf": "modulepath = modules\n",
		"manifests/site.pp": `$a = split('a,b', ',')
$b = m::pp()
$c = m::rb()
$d = three()
$e = [1].map |$x| { $x }
notice(M::Alias, File, Integer, M::Def)
`,
		"modules/m/functions/pp.pp":                      "function m::pp() { 1 }\n",
		"modules/m/lib/puppet/functions/m/rb.rb":         "Puppet::Functions.create_function(:'m::rb') do\n  def rb()\n  end\nend\n",
		"modules/m/lib/puppet/parser/functions/three.rb": "module Puppet::Parser::Functions\n  newfunction(:three, :type => :rvalue) do |args|\n  end\nend\n",
		"modules/m/types/alias.pp":                       "type M::Alias = Integer\n",
		"modules/m/manifests/def.pp":                     "define m::def() { }\n",
	})
	res := check(t, dir, env.Options{}, Options{})
	if len(res.Diags) != 0 {
		t.Fatalf("diagnostics: %v", res.Diags)
	}
	calls := map[string]string{}
	for _, callee := range res.Calls {
		kind := "core"
		if !callee.Core {
			switch callee.Env.Kind {
			case env.PuppetFunction:
				kind = "puppet"
			case env.Ruby4Function:
				kind = "ruby4"
			case env.Ruby3Function:
				kind = "ruby3"
			}
		}
		calls[callee.Name] = kind
	}
	want := map[string]string{"split": "core", "m::pp": "puppet", "m::rb": "ruby4", "three": "ruby3", "map": "core", "notice": "core"}
	for n, k := range want {
		if calls[n] != k {
			t.Errorf("call %s: %q, want %q", n, calls[n], k)
		}
	}
	types := map[string]string{}
	for ref, tr := range res.Types {
		switch {
		case tr.Builtin:
			types[ref.CasedValue] = "builtin"
		case tr.Alias != nil:
			types[ref.CasedValue] = "alias"
		case tr.Native != nil:
			types[ref.CasedValue] = "native"
		case tr.Define != nil:
			types[ref.CasedValue] = "define"
		}
	}
	wantTypes := map[string]string{"M::Alias": "alias", "File": "native", "Integer": "builtin", "M::Def": "define"}
	for n, k := range wantTypes {
		if types[n] != k {
			t.Errorf("type %s: %q, want %q", n, types[n], k)
		}
	}
}

func TestSuggest(t *testing.T) {
	cases := []struct{ name, want string }{
		{"warn", "did you mean 'warning'?"},
		{"notise", "did you mean 'notice'?"},
		{"includ", "did you mean 'include'?"},
		{"xyzzy", ""},
		{"ab", "did you mean 'abs'?"}, // one edit of a short name
		{"qq", ""},
	}
	cands := []string{"warning", "notice", "include", "alert", "abs"}
	for _, c := range cases {
		if got := suggest(c.name, cands); got != c.want {
			t.Errorf("suggest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if d := distance("ab", "ba"); d != 1 {
		t.Errorf("a transposition is one edit, got %d", d)
	}
}
