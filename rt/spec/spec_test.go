package spec

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/pp2go/pp2go/rt"
	_ "github.com/pp2go/pp2go/rt/fn/core"
	"github.com/pp2go/pp2go/rt/values"
)

// testProgram is the program pp2go generates for this environment,
// written by hand with the calls generated code makes:
//
//	# modules/mymod/functions/double.pp
//	function mymod::double(Integer $x) >> Integer {
//	  if $x > 100 { fail("too big: ${x}") }
//	  $x * 2
//	}
//	# modules/mymod/types/port.pp
//	type Mymod::Port = Integer[1, 65535]
//	# manifests/site.pp
//	class cyc {
//	  file { '/a': ensure => file, require => File['/b'] }
//	  file { '/b': ensure => file, require => File['/a'] }
//	}
//	class inner {
//	  file { '/in': ensure => file, require => Class['inner'] }
//	  notify { 'x': require => Notify['y'] }
//	  notify { 'y': require => Notify['x'] }
//	}
//	class monitoring::target {   # as ../shared/conformance/scenarios/lang_exported_local
//	  @@file { "/etc/monitoring/${facts['networking']['fqdn']}.cfg":
//	    content => "host ${facts['networking']['ip']}\n", tag => ['monitoring'] }
//	  @@user { "mon-${facts['networking']['hostname']}":
//	    uid => 4000, comment => $facts['networking']['ip'] }
//	}
//	class exp {
//	  include monitoring::target
//	  File <<| tag == 'monitoring' |>>
//	  notify { 'after-collect': message => 'collected' }
//	}
//	class mymod { file { '/etc/mymod.conf': ensure => file } notify { 'mymod': } }
var testProgram = sync.OnceValue(func() *rt.Program {
	p := rt.NewProgram("production")
	p.AddCoreTypes()
	site := func(line int, label string) *rt.Site {
		return &rt.Site{File: &rt.File{Path: "/env/manifests/site.pp"}, Line: int32(line), Column: 1, Label: label}
	}
	ref := func(typ, title string) values.Value { return values.NewResourceType(typ, title, true) }
	fail := &rt.FuncRef{Name: "fail"}
	file := func(s *rt.Scope, line int, title string, attrs ...any) {
		d := s.Declare(rt.SiteRefOf(site(line, "Resource Statement")), "file", rt.Regular).Body(rt.SiteRefOf(site(line, "")), values.String(title))
		for i := 0; i < len(attrs); i += 2 {
			d.Attr(rt.SiteRefOf(site(line, "")), attrs[i].(string), Value(attrs[i+1]))
		}
		d.Done()
	}
	notify := func(s *rt.Scope, line int, title string, attrs ...any) {
		d := s.Declare(rt.SiteRefOf(site(line, "Resource Statement")), "notify", rt.Regular).Body(rt.SiteRefOf(site(line, "")), values.String(title))
		for i := 0; i < len(attrs); i += 2 {
			d.Attr(rt.SiteRefOf(site(line, "")), attrs[i].(string), Value(attrs[i+1]))
		}
		d.Done()
	}
	p.AddFunction("mymod::double", "mymod", &rt.Signature{
		Params: []rt.LambdaParam{{Name: "x", Type: &rt.TypeRef{Text: "Integer"}}},
		Return: &rt.TypeRef{Text: "Integer"},
	}, func(s *rt.Scope) values.Value {
		at := &rt.Site{File: &rt.File{Path: "/env/modules/mymod/functions/double.pp"}, Line: 2, Column: 17, Label: "Function Call"}
		if rt.Truthy(rt.Compare(rt.SiteRefOf(at), ">", s.Var(rt.SiteRefOf(at), "x"), values.Int(100))) {
			s.Fn(rt.SiteRefOf(at), fail, nil, rt.Interpolate(values.String("too big: "), s.Var(rt.SiteRefOf(at), "x")))
		}
		return rt.Arith(at, "*", s.Var(rt.SiteRefOf(at), "x"), values.Int(2))
	})
	p.AddTypeAlias("Mymod::Port", "Integer[1, 65535]")
	p.AddClass(&rt.Class{Name: "cyc", File: &rt.File{Path: "/env/manifests/site.pp"}, Line: 1, Body: func(s *rt.Scope) {
		file(s, 2, "/a", "ensure", "file", "require", ref("File", "/b"))
		file(s, 3, "/b", "ensure", "file", "require", ref("File", "/a"))
	}})
	p.AddClass(&rt.Class{Name: "inner", File: &rt.File{Path: "/env/manifests/site.pp"}, Line: 5, Body: func(s *rt.Scope) {
		file(s, 6, "/in", "ensure", "file", "require", ref("Class", "Inner"))
		notify(s, 7, "x", "require", ref("Notify", "y"))
		notify(s, 8, "y", "require", ref("Notify", "x"))
	}})
	p.AddClass(&rt.Class{Name: "monitoring::target", File: &rt.File{Path: "/env/manifests/site.pp"}, Line: 10, Body: func(s *rt.Scope) {
		at := site(11, "")
		net := func(k string) values.Value {
			return s.Access(rt.SiteRefOf(at), s.Access(rt.SiteRefOf(at), s.Var(rt.SiteRefOf(at), "facts"), values.String("networking")), values.String(k))
		}
		s.Declare(rt.SiteRefOf(site(11, "Resource Statement")), "file", rt.Exported).
			Body(rt.SiteRefOf(at), rt.Interpolate(values.String("/etc/monitoring/"), net("fqdn"), values.String(".cfg"))).
			Attr(rt.SiteRefOf(at), "content", rt.Interpolate(values.String("host "), net("ip"), values.String("\n"))).
			Attr(rt.SiteRefOf(at), "tag", values.NewArray(values.String("monitoring"))).
			Done()
		s.Declare(rt.SiteRefOf(site(13, "Resource Statement")), "user", rt.Exported).
			Body(rt.SiteRefOf(at), rt.Interpolate(values.String("mon-"), net("hostname"))).
			Attr(rt.SiteRefOf(at), "uid", values.Int(4000)).
			Attr(rt.SiteRefOf(at), "comment", net("ip")).
			Done()
	}})
	p.AddClass(&rt.Class{Name: "exp", File: &rt.File{Path: "/env/manifests/site.pp"}, Line: 16, Body: func(s *rt.Scope) {
		rt.IncludeClasses("monitoring::target")(s)
		s.Collect(site(18, "Collector"), "file", true, rt.QueryEq("tag", values.String("monitoring"))).Done()
		notify(s, 19, "after-collect", "message", "collected")
	}})
	p.AddClass(&rt.Class{Name: "mymod", Module: "mymod", File: &rt.File{Path: "/env/modules/mymod/manifests/init.pp"}, Line: 1, Body: func(s *rt.Scope) {
		file(s, 1, "/etc/mymod.conf", "ensure", "file")
		notify(s, 1, "mymod")
	}})
	p.Finish()
	return p
})

// lang_exported_local's facts (nodes/lang.example.com.json), the part its
// manifest reads.
var exportedFacts = Facts(map[string]any{"networking": map[string]any{"fqdn": "lang.example.com", "ip": "10.0.0.5", "hostname": "lang"}})

// recorder is a testing.TB that keeps what is reported to it; Fatalf
// stops the function record runs, as it stops a test.
type recorder struct {
	testing.TB
	errors []string
	fatal  string
}

type stopped struct{}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	panic(stopped{})
}

// record runs f with a recorder and returns what f reported: its errors,
// then its fatal error.
func record(t *testing.T, f func(rec testing.TB)) []string {
	t.Helper()
	rec := &recorder{TB: t}
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(stopped); !ok {
					panic(r)
				}
			}
		}()
		f(rec)
	}()
	if rec.fatal != "" {
		return append(rec.errors, rec.fatal)
	}
	return rec.errors
}

// expectReports checks that f reports exactly the wanted messages (each
// report containing its want, in order); no wants: f passes.
func expectReports(t *testing.T, name string, f func(rec testing.TB), wants ...string) {
	t.Helper()
	got := record(t, f)
	ok := len(got) == len(wants)
	for i := 0; ok && i < len(wants); i++ {
		ok = strings.Contains(got[i], wants[i])
	}
	if !ok {
		t.Errorf("%s: reported %q, want %q", name, got, wants)
	}
}

// Cycles are reported by Compile with the agent's message. The expected
// messages are what `puppet apply` of the same manifests printed
// (Puppet 7.23): "Found 1 dependency cycle:\n(File[a] => File[b] =>
// File[a])" and "Found 2 dependency cycles:\n(File[in] => Class[Inner]
// => File[in])\n(Notify[x] => Notify[y] => Notify[x])".
func TestCompileReportsCycles(t *testing.T) {
	prog := testProgram()
	expectReports(t, "two files", func(rec testing.TB) {
		Compile(rec, prog, "n.example.com", Include("cyc"))
	}, "expected the catalog of n.example.com to compile, but it has a dependency cycle: Found 1 dependency cycle:\n(File[/a] => File[/b] => File[/a])")
	expectReports(t, "containment and notify", func(rec testing.TB) {
		Compile(rec, prog, "n.example.com", Include("inner"))
	}, "Found 2 dependency cycles:\n(File[/in] => Class[Inner] => File[/in])\n(Notify[x] => Notify[y] => Notify[x])")
	expectReports(t, "no cycle", func(rec testing.TB) {
		Compile(rec, prog, "n.example.com", Include("mymod")).WithAllDeps()
	})
	// Run does not check: the test looks at the cycles itself, or
	// WithAllDeps reports them.
	res, err := Run(prog, "n.example.com", Include("cyc"))
	if err != nil || res.Err != nil {
		t.Fatal(err, res.Err)
	}
	if got := fmt.Sprint(res.Catalog.Cycles()); got != "[[File[/a] File[/b]]]" {
		t.Errorf("Cycles: %s", got)
	}
	expectReports(t, "WithAllDeps on Run's catalog", func(rec testing.TB) {
		res.Catalog.For(rec).WithAllDeps()
	}, "the catalog of n.example.com has a dependency cycle: Found 1 dependency cycle:\n(File[/a] => File[/b] => File[/a])")
}

// The catalog holds what rspec-puppet's catalogue subject holds: Puppet's
// catalog terminus filters out virtual resources, and with them the
// exported resources, which stay virtual: Puppet's ExportedCollector
// collects nothing without storeconfigs (off in rspec-puppet, and in the
// oracle: Puppet's catalog of lang_exported_local has both resources,
// exported). ExportedResources holds the exported resources, as
// rspec-puppet's exported_resources subject (the compiled catalog
// filtered with `!r.exported?`).
func TestExportedResources(t *testing.T) {
	prog := testProgram()
	cat := Compile(t, prog, "lang.example.com", exportedFacts, Include("exp"))
	cat.NotContainResource("File", "/etc/monitoring/lang.example.com.cfg")
	cat.NotContainResource("User", "mon-lang")
	cat.ContainResource("Notify", "after-collect")
	cat.HaveResourceCount(1)

	exp := cat.ExportedResources()
	exp.ContainResource("user", "mon-lang").WithParams(Params{"uid": 4000, "comment": "10.0.0.5"})
	exp.ContainFile("/etc/monitoring/lang.example.com.cfg").TaggedWith("monitoring").WithContent("host 10.0.0.5\n")
	exp.NotContainResource("Notify", "after-collect")
	exp.HaveResourceCount(2)
	exp.HaveTypeCount("User", 1)

	expectReports(t, "exported view", func(rec testing.TB) {
		e := cat.For(rec).ExportedResources()
		e.ContainResource("Notify", "after-collect")
		e.ContainResource("User", "mon-lang").WithParam("uid", 4001)
		e.HaveResourceCount(3)
	},
		"expected the catalog of lang.example.com to contain Notify[after-collect] (it has no Notify resources)",
		"User[mon-lang]: expected parameter uid to be 4001, but it is 4000",
		"expected the catalog of lang.example.com to contain 3 resources, but it contains 2")
	expectReports(t, "main view", func(rec testing.TB) {
		cat.For(rec).ContainResource("User", "mon-lang")
	}, "expected the catalog of lang.example.com to contain User[mon-lang] (it has no User resources)")
}

// Function calls, with what Puppet 7.23 answers for the same function
// (puppet apply: mymod::double(2) is 4, upcase("abc") is "ABC",
// mymod::double(101) fails with "too big: 101", mymod::double("x") with
// "'mymod::double' parameter 'x' expects an Integer value, got String").
func TestFunction(t *testing.T) {
	prog := testProgram()
	double := Function(t, prog, "mymod::double")
	double.Run(2).Returns(4).Succeeds()
	double.Run(101).RaisesError(`too big: 101`)
	double.Run("x").RaisesError(`'mymod::double' parameter 'x' expects an Integer value, got String`)
	Function(t, prog, "upcase").Run("abc").Returns("ABC")
	Function(t, prog, "upcase").Run([]string{"a", "b"}).Returns([]string{"A", "B"})
	if got := double.Run(21).Result(); got != values.Int(42) {
		t.Errorf("Result: %v", got)
	}
	// a lambda: [1, 2].map |$x| { $x * 2 } is [2, 4]; each with two
	// parameters gives a hash's keys and values
	double2 := Lambda{Params: 1, Body: func(a ...values.Value) values.Value { return values.Int(int64(a[0].(values.Int)) * 2) }}
	Function(t, prog, "map").RunWithLambda(double2, []int{1, 2}).Returns([]int{2, 4})
	var pairs []string
	Function(t, prog, "each").RunWithLambda(Lambda{Params: 2, Body: func(a ...values.Value) values.Value {
		pairs = append(pairs, values.ToString(a[0])+"="+values.ToString(a[1]))
		return values.Undef
	}}, map[string]int{"a": 1, "b": 2}).Succeeds()
	if fmt.Sprint(pairs) != "[a=1 b=2]" {
		t.Errorf("each: %v", pairs)
	}
	// facts reach the function
	Function(t, prog, "getvar", exportedFacts).Run("facts.networking.ip").Returns("10.0.0.5")

	expectReports(t, "wrong result", func(rec testing.TB) { Function(rec, prog, "mymod::double").Run(2).Returns(5) },
		"expected mymod::double(2) to return 5, but it returned 4")
	expectReports(t, "a string is not an integer", func(rec testing.TB) { Function(rec, prog, "mymod::double").Run(2).Returns("4") },
		`expected mymod::double(2) to return "4", but it returned 4`)
	expectReports(t, "case counts", func(rec testing.TB) { Function(rec, prog, "upcase").Run("abc").Returns("abc") },
		`expected upcase("abc") to return "abc", but it returned "ABC"`)
	expectReports(t, "raised instead", func(rec testing.TB) { Function(rec, prog, "mymod::double").Run(101).Returns(202) },
		"expected mymod::double(101) to return 202, but it raised: ")
	expectReports(t, "returned instead", func(rec testing.TB) { Function(rec, prog, "mymod::double").Run(1).RaisesError(`too big`) },
		`expected mymod::double(1) to raise an error matching "too big", but it returned 2`)
	expectReports(t, "other error", func(rec testing.TB) { Function(rec, prog, "mymod::double").Run(101).RaisesError(`too small`) },
		`expected mymod::double(101) to raise an error matching "too small", but it raised: `)
	expectReports(t, "Succeeds", func(rec testing.TB) { Function(rec, prog, "mymod::double").Run(101).Succeeds() },
		"expected mymod::double(101) to run successfully, but it raised: ")
	expectReports(t, "unknown function", func(rec testing.TB) { Function(rec, prog, "mymod::triple").Run(1).Returns(3) },
		"spec.Function: the program has no function mymod::triple")
}

// Type checks, with what Puppet 7.23's assert_type answers (puppet apply:
// Mymod::Port accepts 80 and 65535; 0, 65536 and "x" fail with
// "assert_type(): expects a Mymod::Port = Integer[1, 65535] value, got
// ...").
func TestType(t *testing.T) {
	prog := testProgram()
	Type(t, prog, "Mymod::Port").Allows(80, 65535, 1).Rejects(0, 65536, "x", "80", nil)
	Type(t, prog, "Optional[Mymod::Port]").Allows(nil, 80).Rejects("x")
	Type(t, prog, "Pattern[/^a/]").Allows("abc").Rejects("b")

	expectReports(t, "allows", func(rec testing.TB) { Type(rec, prog, "Mymod::Port").Allows(80, 0) },
		"expected Mymod::Port to allow 0, but assert_type raised: assert_type(): expects a Mymod::Port = Integer[1, 65535] value, got Integer[0, 0]")
	expectReports(t, "rejects", func(rec testing.TB) { Type(rec, prog, "Mymod::Port").Rejects("x", 443) },
		"expected Mymod::Port not to allow 443, but it does")
	expectReports(t, "unknown alias", func(rec testing.TB) { Type(rec, prog, "Mymod::Prot").Allows(80) },
		"spec.Type(Mymod::Prot): the environment has no type Mymod::Prot")
	expectReports(t, "unknown alias inside", func(rec testing.TB) { Type(rec, prog, "Optional[Mymod::Prot]").Rejects("x") },
		"spec.Type(Optional[Mymod::Prot]): the environment has no type Mymod::Prot")
	expectReports(t, "no type", func(rec testing.TB) { Type(rec, prog, "Integer[").Allows(1) },
		"spec.Type(Integer[): ")
}

// Coverage counts the resources of Compile's catalogs, leaves out the
// defaults and a class spec's own class, and a class spec's resources of
// other modules (as rspec-puppet's Coverage does); assertions that find a
// resource touch it.
func TestCoverage(t *testing.T) {
	resetCoverage()
	defer resetCoverage()
	prog := testProgram()
	// a class spec of mymod: Class[Mymod] itself is left out
	cat := Compile(t, prog, "n.example.com", Include("mymod"))
	cat.ContainFile("/etc/mymod.conf")
	r := Coverage()
	if r.Total != 2 || r.Touched != 1 || fmt.Sprint(r.Untouched) != "[Notify[mymod]]" || r.Percent() != 50 {
		t.Errorf("coverage %+v", r)
	}
	var b bytes.Buffer
	if !CoverageReport(&b, 50) {
		t.Errorf("50%% is enough for 50%%")
	}
	want := "\nCoverage Report:\n\nTotal resources:   2\nTouched resources: 1\nResource coverage: 50.00%\n\nUntouched resources:\n  Notify[mymod]\n"
	if b.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if CoverageReport(&b, 75) || !strings.Contains(b.String(), "FAIL: resource coverage 50.00% is below the required 75.00%") {
		t.Errorf("75%% required: %s", b.String())
	}
	// a class spec of exp: Class[Exp] is its own, Class[Monitoring::Target]
	// belongs to another module; the resources declared in the main
	// manifest count, the exported ones once the test looks at them;
	// NotContainResource touches nothing
	cat = Compile(t, prog, "lang.example.com", exportedFacts, Include("exp"))
	cat.NotContainResource("User", "mon-lang")
	if r := Coverage(); r.Total != 3 || r.Touched != 1 {
		t.Errorf("coverage %+v", r)
	}
	cat.ExportedResources().ContainFile("/etc/monitoring/lang.example.com.cfg")
	r = Coverage()
	if r.Total != 5 || r.Touched != 2 || fmt.Sprint(r.Untouched) != "[Notify[after-collect] Notify[mymod] User[mon-lang]]" {
		t.Errorf("coverage %+v", r)
	}
}
