// Tests of the example environment's Puppet code, written in Go with
// package github.com/pp2go/pp2go/rt/spec (helpers named after
// rspec-puppet's matchers).
//
// They run in the Go module that pp2go generates for the environment:
//
//	pp2go test examples/hello
//
// (../hello_test.go does the same in pp2go's test suite). Paths are
// relative to this directory: the facts are in ../nodes; what the tests
// expect is what Puppet 7.23 compiles, kept in expected/ (made by regen.sh,
// beside this file, with the oracle).
package catalog_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/spec"

	"pp2go.local/catalog/catalog"
)

func facts(node string) spec.Option {
	return spec.FactsFile(filepath.Join("..", "nodes", node+".json"))
}

// A web server node: the node definition /^web\d+\.example\.com$/ of
// manifests/site.pp.
func TestWebNode(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "web1.example.com", facts("web1.example.com"))
	cat.WithAllDeps()

	cat.ContainClass("motd")
	cat.ContainClass("web").WithParams(spec.Params{"port": 8080, "ensure": "running"})
	cat.ContainClass("web::install").
		ContainedBy("Class[Web]").
		ThatComesBefore("Class[Web::Config]")

	cat.ContainPackage("nginx").
		WithEnsure("installed").
		ContainedBy("Class[Web::Install]")
	cat.ContainFile("/etc/nginx/nginx.conf").
		WithParams(spec.Params{"ensure": "file", "owner": "root", "mode": "0644"}).
		WithContent(regexp.MustCompile(`(?m)^user www-data;$`)).
		WithContent(regexp.MustCompile(`listen 8080 default_server;`)).
		ThatRequires("Package[nginx]"). // Class[web::install] -> Class[web::config]
		ThatNotifies("Service[nginx]")  // Class[web::config] ~> Class[web::service]
	cat.ContainService("nginx").
		WithParams(spec.Params{"ensure": "running", "enable": true}).
		ThatSubscribesTo("File[/etc/nginx/sites-enabled/example.org.conf]")

	cat.ContainResource("web::vhost", "example.org").
		WithParams(spec.Params{"port": 8080, "docroot": "/srv/www/example.org", "aliases": []string{"www.example.org"}})
	cat.ContainResource("Web::Vhost", "example.net").
		WithParam("port", 8081).
		WithParam("aliases", []string{})
	cat.ContainFile("/etc/nginx/sites-enabled/example.org.conf").
		WithContent(regexp.MustCompile(`server_name example.org www.example.org;`)).
		WithParam("require", []string{"Package[nginx]", "File[/srv/www/example.org]"}).
		ThatRequires("Package[nginx]", "File[/srv/www/example.org]").
		ThatNotifies("Class[Web::Service]").
		ContainedBy("Web::Vhost[example.org]")

	cat.ContainFile("/etc/motd").
		WithParam("owner", "root").
		WithContent("Hello from pp2go, this is web1.\n")
	cat.NotContainResource("File", "/etc/hello.conf")

	cat.HaveClassCount(5)
	cat.HaveResourceCount(11)
	cat.HaveTypeCount("File", 7)
	cat.HaveTag("web::config")
}

// Hiera data (data/nodes/web2.example.com.yaml) and a RedHat node.
func TestHieraData(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "web2.example.com", facts("web2.example.com"))
	cat.ContainFile("/etc/motd").WithParam("owner", "webadmin")
	cat.ContainService("nginx").WithParams(spec.Params{"ensure": "stopped", "enable": false})
	cat.ContainFile("/etc/nginx/nginx.conf").WithContent(regexp.MustCompile(`(?m)^user nginx;$`))
}

// Any other node: node default.
func TestDefaultNode(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "mail.example.com", facts("mail.example.com"))
	cat.WithAllDeps()
	cat.NotContainClass("web")
	cat.ContainPackage("curl").WithEnsure("installed").ContainedBy("Node[default]")
	cat.ContainFile("/etc/hello.conf").
		OnlyWithParams(spec.Params{
			"ensure":  "file",
			"mode":    "0644",
			"content": "# managed by Puppet\ngreeting = Hello from pp2go\nnode     = mail.example.com\n",
			"require": []string{"Package[curl]", "Package[vim]"},
		}).
		ThatRequires("Package[vim]")
	if got := cat.Resource("File", "/etc/hello.conf").String("mode"); got != "0644" {
		t.Errorf("mode = %q", got)
	}
}

// A class spec: the class included alone on a node.
func TestClassWeb(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "test.example.com", facts("web1.example.com"), spec.Include("web"))
	cat.ContainClass("web").WithParams(spec.Params{"port": 80, "ensure": "running", "vhosts": map[string]any{}})
	cat.ContainFile("/etc/nginx/nginx.conf").WithContent(regexp.MustCompile(`listen 80 default_server;`))
	cat.NotContainClass("motd")
	cat.HaveTypeCount("Web::Vhost", 0)
}

// A class spec with parameters (let(:params)) and a changed fact.
func TestClassWebWithParams(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "test.example.com",
		facts("web1.example.com"),
		spec.Fact("os.family", "RedHat"),
		spec.Class("web", spec.Params{"port": 8443, "vhosts": map[string]any{"a.example": map[string]any{}}}))
	cat.ContainFile("/etc/nginx/nginx.conf").
		WithContent(regexp.MustCompile(`(?m)^user nginx;$`)).
		WithContent(regexp.MustCompile(`listen 8443 default_server;`))
	cat.ContainResource("Web::Vhost", "a.example").
		WithParams(spec.Params{"port": 8443, "docroot": "/srv/www/a.example", "aliases": []string{}}).
		ContainedBy("Class[Web]")
}

// A define spec: a title and parameters.
func TestDefineVhost(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "test.example.com",
		facts("web1.example.com"),
		spec.Include("web"),
		spec.Declare("web::vhost", "shop.example", spec.Params{"port": 9000, "aliases": []string{"www.shop.example"}}))
	cat.WithAllDeps()
	cat.ContainResource("web::vhost", "shop.example").
		OnlyWithParams(spec.Params{"port": 9000, "aliases": []string{"www.shop.example"}, "docroot": "/srv/www/shop.example"}).
		ContainedBy("Node[default]")
	cat.ContainFile("/etc/nginx/sites-enabled/shop.example.conf").
		WithContent(regexp.MustCompile(`server_name shop.example www.shop.example;`)).
		WithContent(regexp.MustCompile(`listen 9000;`)).
		ThatNotifies("Service[nginx]")
}

// A compile that fails, with Puppet's message.
func TestBadPort(t *testing.T) {
	spec.CompileFails(t, catalog.Program(), "test.example.com",
		`Class\[Web\]: parameter 'port' expects an Integer\[1, 65535\] value, got Integer\[0, 0\]`,
		facts("web1.example.com"), spec.Class("web", spec.Params{"port": 0}))
}

// The accessors, for checks of one's own.
func TestAccessors(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "web1.example.com", facts("web1.example.com"))
	var vhosts []string
	for _, r := range cat.ResourcesOf("Web::Vhost") {
		vhosts = append(vhosts, r.Title+":"+r.String("port"))
	}
	if got, want := strings.Join(vhosts, " "), "example.org:8080 example.net:8081"; got != want {
		t.Errorf("vhosts: got %q, want %q", got, want)
	}
	conf := cat.Resource("File", "/etc/nginx/sites-enabled/example.net.conf")
	if conf == nil {
		t.Fatal("no site configuration for example.net")
	}
	if got := conf.Container().Ref(); got != "Web::Vhost[example.net]" {
		t.Errorf("container: %s", got)
	}
	var notified []string
	for _, r := range conf.Related("notify") {
		notified = append(notified, r.Ref())
	}
	if got := strings.Join(notified, " "); got != "Class[Web::Service]" {
		t.Errorf("notify: %s", got)
	}
	if !conf.HasTag("web::vhost") || !conf.HasTag("vhost") {
		t.Errorf("tags: %v", conf.Tags)
	}
	if got := strings.Join(cat.Classes(), " "); got != "settings __node_regexp__webd.example.com motd web web::install web::config web::service" {
		t.Errorf("classes: %s", got)
	}
	if !strings.HasSuffix(conf.File, "modules/web/manifests/vhost.pp") || conf.Line != 13 {
		t.Errorf("declared at %s:%d", conf.File, conf.Line)
	}
	edges := 0
	for _, e := range cat.Edges() {
		if e.Source.Ref() == "Class[Web]" {
			edges++
		}
	}
	if edges != 5 { // web::install, web::config, web::service and the two vhosts
		t.Errorf("Class[Web] contains %d resources", edges)
	}
}

// The exported resources (rspec-puppet's exported_resources subject): the
// monitoring checks of the virtual hosts, which the catalog itself leaves
// out (Puppet exports them to the monitoring server; expected/ has them
// with "exported": true).
func TestExportedChecks(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "web1.example.com", facts("web1.example.com"))
	cat.NotContainResource("File", "/etc/monitoring/sites/example.org.cfg")
	exported := cat.ExportedResources()
	exported.ContainFile("/etc/monitoring/sites/example.org.cfg").
		WithParams(spec.Params{"content": "check_http example.org 8080\n", "tag": []string{"monitoring"}})
	exported.ContainFile("/etc/monitoring/sites/example.net.cfg").WithContent(regexp.MustCompile(` 8081\n$`))
	exported.HaveResourceCount(2)
}

// A function test (rspec-puppet's run.with_params(..).and_return(..)), with
// Puppet 7.23's answers: web::docroot('shop.example') is
// '/srv/www/shop.example', and an empty name is refused.
func TestFunctionDocroot(t *testing.T) {
	docroot := spec.Function(t, catalog.Program(), "web::docroot")
	docroot.Run("shop.example").Returns("/srv/www/shop.example")
	docroot.Run("").RaisesError(`'web::docroot' parameter 'site' expects a String\[1\] value, got String`)
}

// A type alias test (allow_value), with Puppet 7.23's answers: assert_type
// accepts 80 and 65535 as a Web::Port, and refuses 0, 65536 and "80".
func TestTypePort(t *testing.T) {
	spec.Type(t, catalog.Program(), "Web::Port").Allows(80, 65535).Rejects(0, 65536, "80")
}

// TestMain gathers the resource coverage of the tests, which pp2go test
// reports as rspec-puppet's Coverage.report! does (go test shows it with
// -v).
func TestMain(m *testing.M) {
	os.Exit(spec.CoverageMain(m, 0))
}

// recorder is a testing.TB that keeps what assertions report.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// Assertions that do not hold report failures (and chained ones on a
// missing resource report once).
func TestFailingAssertions(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "web1.example.com", facts("web1.example.com"))
	for _, c := range []struct {
		name   string
		assert func(c *spec.Catalog)
		want   string
	}{
		{"wrong value", func(c *spec.Catalog) { c.ContainFile("/etc/motd").WithParam("owner", "nobody") },
			`File[/etc/motd]: expected parameter owner to be "nobody", but it is "root"`},
		{"missing", func(c *spec.Catalog) {
			c.ContainFile("/etc/nope").WithParam("owner", "root").ThatRequires("Package[nginx]")
		},
			"expected the catalog of web1.example.com to contain File[/etc/nope]"},
		{"order reversed", func(c *spec.Catalog) { c.ContainPackage("nginx").ThatRequires("File[/etc/nginx/nginx.conf]") },
			"Package[nginx]: expected to require File[/etc/nginx/nginx.conf], but no relationship says so"},
		{"before is not notify", func(c *spec.Catalog) { c.ContainPackage("nginx").ThatNotifies("File[/etc/nginx/nginx.conf]") },
			"Package[nginx]: expected to notify File[/etc/nginx/nginx.conf]"},
		{"not contained", func(c *spec.Catalog) { c.ContainPackage("nginx").ContainedBy("Class[Web]") },
			"Package[nginx]: expected to be contained by Class[Web], but it is contained by Class[Web::Install]"},
		{"only_with", func(c *spec.Catalog) { c.ContainService("nginx").OnlyWithParams(spec.Params{"ensure": "running"}) },
			"Service[nginx]: expected no parameters but ensure; it also has enable"},
		{"count", func(c *spec.Catalog) { c.HaveResourceCount(12) },
			"expected the catalog of web1.example.com to contain 12 resources, but it contains 11"},
		{"present", func(c *spec.Catalog) { c.NotContainClass("web") },
			"expected the catalog of web1.example.com not to contain Class[Web]"},
		{"exported count", func(c *spec.Catalog) { c.ExportedResources().HaveResourceCount(3) },
			"expected the catalog of web1.example.com to contain 3 resources, but it contains 2"},
		{"function result", func(c *spec.Catalog) {
			spec.Function(c.T(), catalog.Program(), "web::docroot").Run("a").Returns("/srv/a")
		}, `expected web::docroot("a") to return "/srv/a", but it returned "/srv/www/a"`},
		{"type", func(c *spec.Catalog) { spec.Type(c.T(), catalog.Program(), "Web::Port").Allows(0) },
			"expected Web::Port to allow 0, but assert_type raised: assert_type(): expects a Web::Port = Integer[1, 65535] value, got Integer[0, 0]"},
		{"cycle", func(c *spec.Catalog) {
			// Service[nginx] -> File[/etc/nginx/extra.conf] -> Package[nginx], and the
			// web class applies its package before its service: Compile fails as
			// rspec-puppet's compile does, with the message of Puppet's agent
			// (puppet apply of the same code).
			spec.Compile(c.T(), catalog.Program(), "web1.example.com", facts("web1.example.com"), spec.Include("web"),
				spec.Declare("file", "/etc/nginx/extra.conf", spec.Params{"require": "Service[nginx]", "before": "Package[nginx]"}))
		}, "has a dependency cycle: Found 1 dependency cycle:\n(File[/etc/nginx/extra.conf] => Package[nginx] => Class[Web::Install] => " +
			"Class[Web::Config] => File[/etc/nginx/nginx.conf] => Class[Web::Config] => Class[Web::Service] => Service[nginx] => File[/etc/nginx/extra.conf])"},
	} {
		rec := &recorder{TB: t}
		c.assert(cat.For(rec))
		if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], c.want) {
			t.Errorf("%s: reported %q, want one report containing %q", c.name, rec.errors, c.want)
		}
	}
}

// Every catalog of expected/, which Puppet 7.23 compiled, checked
// resource by resource through the API: parameters, tags, containment,
// declaration sites, classes and counts.
func TestAsPuppetCompiles(t *testing.T) {
	redhat := spec.Fact("os.family", "RedHat")
	cases := map[string][]spec.Option{
		"web1.example.com":  {facts("web1.example.com")},
		"web2.example.com":  {facts("web2.example.com")},
		"mail.example.com":  {facts("mail.example.com")},
		"include_web":       {facts("web1.example.com"), spec.Include("web")},
		"web_params_redhat": {facts("web1.example.com"), redhat, spec.Class("web", spec.Params{"port": 8443, "vhosts": map[string]any{"a.example": map[string]any{}}})},
		"vhost_define":      {facts("web1.example.com"), spec.Include("web"), spec.Declare("web::vhost", "shop.example", spec.Params{"aliases": []string{"www.shop.example"}, "port": 9000})},
		"web2_hiera":        {facts("web2.example.com"), spec.Include("web")},
		"bad_port":          {facts("web1.example.com"), spec.Class("web", spec.Params{"port": 0})},
	}
	files, _ := filepath.Glob(filepath.Join("expected", "*"))
	if len(files) != len(cases) {
		t.Fatalf("expected/ has %d files, the test knows %d cases", len(files), len(cases))
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		opts, ok := cases[name]
		if !ok {
			t.Fatalf("no case for %s", file)
		}
		node := name
		if !strings.Contains(name, ".") {
			node = "test.example.com"
			if name == "web2_hiera" {
				node = "web2.example.com"
			}
		}
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(file, ".error") {
				msg := strings.TrimSpace(string(data))
				msg = regexp.MustCompile(` \((file: [^)]*, )?line: \d+(, column: \d+)?\) on node .*$`).ReplaceAllString(msg, "")
				spec.CompileFails(t, catalog.Program(), node, regexp.QuoteMeta(msg), opts...)
				return
			}
			checkAsPuppet(t, spec.Compile(t, catalog.Program(), node, opts...), data)
		})
	}
}

// puppetCatalog is the oracle's form of a catalog.
type puppetCatalog struct {
	Tags      []string
	Classes   []string
	Resources []struct {
		Type, Title string
		Tags        []string
		File        *string
		Line        *int
		Exported    bool
		Parameters  map[string]any
	}
	Edges []struct{ Source, Target string }
}

// checkAsPuppet checks a catalog against Puppet's: its exported resources
// through ExportedResources (as rspec-puppet, the catalog itself leaves
// them out, as Puppet's catalog terminus does), the others through the
// catalog.
func checkAsPuppet(t *testing.T, cat *spec.Catalog, data []byte) {
	var want puppetCatalog
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.UseNumber() // numbers compare by their text, as rspec-puppet compares
	if err := d.Decode(&want); err != nil {
		t.Fatal(err)
	}
	exported := cat.ExportedResources()
	var nExported int
	isExported := map[string]bool{}
	for _, w := range want.Resources {
		view := cat
		if w.Exported {
			view = exported
			nExported++
			isExported[w.Type+"["+w.Title+"]"] = true
		}
		a := view.ContainResource(w.Type, w.Title).OnlyWithParams(w.Parameters).TaggedWith(w.Tags...)
		r := a.Resource()
		if r == nil {
			continue
		}
		if r.Exported != w.Exported {
			t.Errorf("%s: exported %v, Puppet says %v", r.Ref(), r.Exported, w.Exported)
		}
		if len(r.Tags) != len(w.Tags) {
			t.Errorf("%s: tags %v, Puppet's %v", r.Ref(), r.Tags, w.Tags)
		}
		if w.File != nil && *w.File != "" && !strings.HasSuffix(r.File, "/"+*w.File) {
			t.Errorf("%s: declared in %s, Puppet says %s", r.Ref(), r.File, *w.File)
		}
		if w.File != nil && *w.File != "" && w.Line != nil && r.Line != *w.Line {
			t.Errorf("%s: declared on line %d, Puppet says %d", r.Ref(), r.Line, *w.Line)
		}
	}
	if got := len(cat.Resources()); got != len(want.Resources)-nExported {
		t.Errorf("%d resources, Puppet has %d and %d exported", got, len(want.Resources)-nExported, nExported)
	}
	if got := len(exported.Resources()); got != nExported {
		t.Errorf("%d exported resources, Puppet has %d", got, nExported)
	}
	// Containment edges, but those of exported resources: neither view has
	// both ends of them.
	edges := 0
	for _, e := range want.Edges {
		if isExported[e.Target] {
			continue
		}
		edges++
		cat.ContainResource(refParts(e.Target)).ContainedBy(e.Source)
	}
	if got := len(cat.Edges()); got != edges {
		t.Errorf("%d edges, Puppet has %d", got, edges)
	}
	if got, w := strings.Join(cat.Classes(), " "), strings.Join(want.Classes, " "); got != w {
		t.Errorf("classes %s, Puppet's %s", got, w)
	}
	tags := append([]string(nil), cat.Tags()...)
	sort.Strings(tags)
	if got, w := strings.Join(tags, " "), strings.Join(want.Tags, " "); got != w {
		t.Errorf("tags %s, Puppet's %s", got, w)
	}
}

func refParts(ref string) (typ, title string) {
	i := strings.IndexByte(ref, '[')
	return ref[:i], ref[i+1 : len(ref)-1]
}
