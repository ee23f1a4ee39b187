// Package spec is the Go API for testing Puppet code compiled by pp2go, with
// `go test`: compile a node's catalog with facts, then assert what it
// holds; call the environment's functions, check its type aliases. Its
// helpers are named after rspec-puppet's matchers.
//
// Tests live in the Puppet environment, as *_test.go files in ENV/spec
// (and its subdirectories, one package each), and `pp2go test ENV` runs
// them: it generates the environment's Go module and runs `go test` on
// them there, in their own directory (relative paths are as in the
// repository). They get the environment from the generated catalog
// package, pp2go.local/catalog/catalog:
//
//	import (
//		"github.com/pp2go/pp2go/rt/spec"
//		"pp2go.local/catalog/catalog"
//	)
//
//	func TestWeb(t *testing.T) {
//		cat := spec.Compile(t, catalog.Program(), "web1.example.com",
//			spec.FactsFile("facts/web1.example.com.json"))
//		cat.ContainClass("web")
//		cat.ContainFile("/etc/nginx/nginx.conf").
//			WithParam("mode", "0644").
//			WithContent(regexp.MustCompile(`listen 8080;`)).
//			ThatRequires("Package[nginx]")
//		cat.HaveResourceCount(12)
//	}
//
// rspec-puppet's matchers and their counterparts:
//
//	is_expected.to compile                  Compile(t, prog, node, ...) (a dependency cycle fails it)
//	compile.with_all_deps                   cat.WithAllDeps()
//	compile.and_raise_error(/re/)           CompileFails(t, prog, node, `re`, ...)
//	subject { exported_resources }          cat.ExportedResources() (the same assertions)
//	contain_class('ntp')                    cat.ContainClass("ntp")
//	contain_file('/f')                      cat.ContainFile("/f") (or ContainResource("File", "/f"))
//	.with_mode('0644')                      .WithParam("mode", "0644")
//	.with(mode: '0644', owner: 'root')      .WithParams(spec.Params{"mode": "0644", "owner": "root"})
//	.only_with(...)                         .OnlyWithParams(spec.Params{...})
//	.without_owner / .without(['owner'])    .WithoutParam("owner")
//	.with_content(/re/)                     .WithContent(regexp.MustCompile(`re`))
//	.that_requires('Package[x]')            .ThatRequires("Package[x]")
//	.that_comes_before / that_notifies      .ThatComesBefore(..) / .ThatNotifies(..)
//	.that_subscribes_to                     .ThatSubscribesTo(..)
//	not_to contain_file('/f')               cat.NotContainResource("File", "/f")
//	have_resource_count(n)                  cat.HaveResourceCount(n)
//	have_class_count(n)                     cat.HaveClassCount(n)
//	have_file_resource_count(n)             cat.HaveTypeCount("File", n)
//	let(:facts)                             Facts(..), FactsFile(..), Fact(..)
//	let(:params) in a class spec            Class("ntp", spec.Params{..})
//	a class spec's `include ntp`            Include("ntp")
//	a define spec (title and params)        Declare("ntp::server", "a", spec.Params{..})
//	let(:pre_condition) of a function spec  Include, Class, Declare given to Function
//	run.with_params(2).and_return(4)        Function(t, prog, "mymod::double").Run(2).Returns(4)
//	run.with_params(..).and_raise_error(/re/) .Run(..).RaisesError(`re`)
//	run.with_params(..) (runs)              .Run(..).Succeeds()
//	run.with_params(..).with_lambda { .. }  .RunWithLambda(spec.Lambda{Params: 1, Body: ..}, ..)
//	type alias: allow_value(80)             Type(t, prog, "Mymod::Port").Allows(80)
//	not_to allow_value('x')                 .Rejects("x")
//	RSpec::Puppet::Coverage.report!(80)     CoverageMain(m, 80) in TestMain, or CoverageReport(w, 80)
//
// Compile fails the test (without stopping it) on a dependency cycle, as
// rspec-puppet's compile matcher does, with the agent's message ("Found 1
// dependency cycle:\n(File[/a] => File[/b] => File[/a])"): Puppet
// compiles such a catalog, its agent refuses to apply it. Cycles are
// found, as the agent finds them, in the graph of the relationships
// (before, require, notify, subscribe, the arrows) and containment;
// autorequires are not in it (they come from the types' Ruby code). Run
// compiles without that check; Catalog.Cycles lists the cycles.
//
// Function and Type compile a catalog for the node (DefaultNode, or
// NodeName's) with the options, then call the function, or assert_type
// the values, from the node's scope, after the code of Include, Class and
// Declare. Returns compares as rspec-puppet's and_return (Ruby's ==:
// strings with their case, a String never equal to a number), unlike
// parameter matching.
//
// The coverage counts the resources of the catalogs Compile made, and
// touches those a ContainResource (or ContainClass, ContainFile, ...)
// found, as rspec-puppet's coverage does; see CoverageMain, with which
// pp2go test reports the coverage of all the packages of tests it runs.
//
// Expected parameter values follow rspec-puppet's parameter matching: a
// string, number or boolean matches a value whose text is the same
// ("0644", 80 matches both 80 and "80"); a *regexp.Regexp matches the
// value's text; a slice matches an array element by element (a single
// value counts as a one-element array); a map[string]T matches a hash with
// the same keys; a func(values.Value) bool decides for itself; nil means
// the parameter is not set; Sensitive(x) matches a Sensitive value whose
// content matches x. Resource references are compared as the catalog
// writes them: "Package[nginx]".
//
// Assertions report failures with t.Errorf (and go on: chained assertions
// on a resource the catalog lacks report once); Compile and CompileFails
// stop the test with t.Fatalf when the compile does not go as expected.
//
// The accessors (Resource, ResourcesOf, Param, Edges, Classes, Tags, ...)
// read the catalog as rspec-puppet's catalogue subject presents it, which
// is Puppet's catalog JSON without its exported resources: virtual
// resources that were not realized are not in it, nor are exported ones
// (Puppet's catalog terminus filters out virtual resources, and without
// storeconfigs no collector realizes an exported resource); parameters
// are those the JSON has. ExportedResources reads the exported resources.
// JSON is the whole catalog JSON.
package spec

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/cli"
	"github.com/pp2go/pp2go/rt/values"
)

// Option sets up a compile: the node's facts, and code for the node.
type Option func(*config) error

type config struct {
	facts   *values.Hash
	setters []func(*values.Hash) *values.Hash
	code    []func(s *rt.Scope)
	trusted *values.Hash
	node    string // NodeName's
	// subjects are what Include, Class and Declare declare, as type and
	// title: what a class or define spec tests (see coverage)
	subjects [][2]string
}

// Params are parameters of a class or resource declared for a test, in Go
// values (see Value); they are declared in the order of their names.
type Params map[string]any

// Facts sets the node's facts from Go values (see Value): what `facter
// --json` prints, as a map.
func Facts(facts map[string]any) Option {
	return func(c *config) error {
		h, ok := Value(facts).(*values.Hash)
		if !ok {
			return fmt.Errorf("spec.Facts: not a hash")
		}
		c.facts = h
		return nil
	}
}

// FactsHash sets the node's facts.
func FactsHash(facts *values.Hash) Option {
	return func(c *config) error { c.facts = facts; return nil }
}

// FactsFile reads the node's facts from a file, as the catalog binary's
// --facts does: `facter --json` output or PuppetDB's {"name":..,
// "values":..} form, JSON or YAML (.yaml, .yml).
func FactsFile(path string) Option {
	return func(c *config) error {
		h, err := cli.LoadFacts(path)
		if err != nil {
			return err
		}
		c.facts = h
		return nil
	}
}

// Fact sets one fact, after the others are set: path is a fact name or a
// dotted path into a structured fact ("os.family" sets facts['os']
// ['family'], creating hashes as needed); value is a Go value (see Value).
func Fact(path string, value any) Option {
	return func(c *config) error {
		v := Value(value)
		keys := splitPath(path)
		c.setters = append(c.setters, func(h *values.Hash) *values.Hash { return setPath(h, keys, v) })
		return nil
	}
}

// Trusted sets $trusted (by default that of an authenticated agent whose
// certificate name is the node's name).
func Trusted(trusted map[string]any) Option {
	return func(c *config) error {
		h, ok := Value(trusted).(*values.Hash)
		if !ok {
			return fmt.Errorf("spec.Trusted: not a hash")
		}
		c.trusted = h
		return nil
	}
}

// Include makes the node's code `include` the classes, as rspec-puppet's
// class specs do. With Include, Class or Declare the node definitions of
// the environment's main manifest are not used (the node's code is
// `node default { ... }` with what these options declare, in their
// order); the main manifest's top-level code still runs.
func Include(classes ...string) Option {
	return func(c *config) error {
		c.code = append(c.code, rt.IncludeClasses(classes...))
		for _, cl := range classes {
			c.subjects = append(c.subjects, [2]string{"Class", cl})
		}
		return nil
	}
}

// Class makes the node's code declare a class with parameters, as
// `class { 'name': p => v, ... }` does (rspec-puppet's class spec with
// `let(:params)`). See Include.
func Class(name string, params Params) Option {
	return Declare("class", name, params)
}

// Declare makes the node's code declare a resource, as `type { 'title':
// p => v, ... }` does: a defined type instance (rspec-puppet's define spec
// with its title and `let(:params)`), a native resource, or a class when
// typ is "class". See Include.
func Declare(typ, title string, params Params) Option {
	return func(c *config) error {
		names := make([]string, 0, len(params))
		for k := range params {
			names = append(names, k)
		}
		sort.Strings(names)
		vals := make([]values.Value, len(names))
		for i, k := range names {
			vals[i] = Value(params[k])
		}
		c.subjects = append(c.subjects, [2]string{typ, title})
		c.code = append(c.code, func(s *rt.Scope) {
			d := s.Declare(testSiteRef, typ, rt.Regular).Body(testSiteRef, values.String(title))
			for i, k := range names {
				d.Attr(testSiteRef, k, vals[i])
			}
			d.Done()
		})
		return nil
	}
}

// testSite is where the code of Include, Class and Declare is: nowhere in
// the environment (resources it declares have no file and line).
var testSite = &rt.Site{File: &rt.File{}, Label: "Resource Statement"}

// testSiteRef is testSite where an operation takes a rt.SiteRef.
var testSiteRef = rt.SiteRefOf(testSite)

// Result is a compile's outcome, for tests that look at it themselves.
type Result struct {
	Catalog *Catalog  // nil when the compile failed
	Err     *rt.Error // Puppet's error, or nil
	Logs    []rt.LogEntry
}

// Run compiles the catalog of a node without a test to report to: an
// error in the options is returned, a failed compile is in the Result.
func Run(prog *rt.Program, node string, opts ...Option) (*Result, error) {
	c := &config{}
	for _, o := range opts {
		if err := o(c); err != nil {
			return nil, err
		}
	}
	facts := c.facts
	if facts == nil {
		facts = values.NewHash()
	}
	for _, set := range c.setters {
		facts = set(facts)
	}
	n := &rt.Node{Name: node, Facts: facts, Trusted: c.trusted}
	if len(c.code) > 0 {
		code := c.code
		n.Main = func(s *rt.Scope) {
			for _, f := range code {
				f(s)
			}
		}
	}
	res := rt.CompileWith(prog, n)
	out := &Result{Logs: res.Logs}
	if res.Err != nil {
		e, ok := res.Err.(*rt.Error)
		if !ok {
			e = &rt.Error{Message: res.Err.Error(), Node: node}
		}
		out.Err = e
		return out, nil
	}
	out.Catalog = newCatalog(res, prog, false)
	return out, nil
}

// Compile compiles the catalog of a node (rspec-puppet's `compile`): the
// test stops with Puppet's error if the compile fails. As rspec-puppet's
// compile matcher, it also fails the test (without stopping it) when the
// catalog has a dependency cycle, which the agent would refuse to apply;
// the message is the agent's ("Found 1 dependency cycle:\n(File[/a] =>
// File[/b] => File[/a])"). Use Run for a catalog whose cycles the test
// looks at itself (Catalog.Cycles). The catalog's assertions report to t,
// and its resources count in the resource coverage (see CoverageReport).
func Compile(t testing.TB, prog *rt.Program, node string, opts ...Option) *Catalog {
	t.Helper()
	c := &config{}
	for _, o := range opts {
		if err := o(c); err != nil {
			t.Fatalf("compiling %s: %v", node, err)
		}
	}
	res, err := Run(prog, node, opts...)
	if err != nil {
		t.Fatalf("compiling %s: %v", node, err)
	}
	if res.Err != nil {
		t.Fatalf("expected the catalog of %s to compile, but it fails: %v", node, res.Err)
	}
	cat := res.Catalog
	cat.t = t
	cat.cyclesChecked = true
	if msg := cat.cycleReport(); msg != "" {
		t.Errorf("expected the catalog of %s to compile, but it has a dependency cycle: %s", node, msg)
	}
	var subjects []string
	module := ""
	for _, s := range c.subjects {
		r := cat.Resource(s[0], s[1])
		if r == nil {
			continue
		}
		subjects = append(subjects, r.Ref())
		if module == "" && (r.Type == "Class" || r.Kind == "defined_type") {
			name := r.Title
			if r.Type != "Class" {
				name = r.Type
			}
			module = strings.ToLower(strings.SplitN(name, "::", 2)[0])
		}
	}
	cat.cov = &covSpec{subjects, module}
	addCoverage(cat, subjects, module)
	return cat
}

// CompileFails compiles the catalog of a node and expects it to fail with
// an error whose message matches the regular expression pattern
// (rspec-puppet's `compile.and_raise_error(/pattern/)`); the message is
// Puppet's, with " on node NAME" at its end. The test stops if the compile
// succeeds or fails otherwise. It returns the error.
func CompileFails(t testing.TB, prog *rt.Program, node, pattern string, opts ...Option) *rt.Error {
	t.Helper()
	re, err := regexp.Compile(pattern)
	if err != nil {
		t.Fatalf("CompileFails: %v", err)
	}
	res, err := Run(prog, node, opts...)
	if err != nil {
		t.Fatalf("compiling %s: %v", node, err)
	}
	if res.Err == nil {
		t.Fatalf("expected the catalog of %s to fail to compile with an error matching %q, but it compiles", node, pattern)
	}
	if !re.MatchString(res.Err.Error()) {
		t.Fatalf("expected the catalog of %s to fail with an error matching %q, but the error is:\n%s", node, pattern, res.Err)
	}
	return res.Err
}
