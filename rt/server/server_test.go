package server

import (
	"bytes"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pp2go/pp2go/internal/testca"
	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/fileserve"
	_ "github.com/pp2go/pp2go/rt/fn/core"
	"github.com/pp2go/pp2go/rt/values"
)

// testProgram is the program pp2go generates for this main manifest,
// written with the calls generated code makes:
//
//	notify { 'role': message => "${trusted['certname']} ${trusted['extensions']['pp_role']} ${facts['os']['family']}" }
//	@@file { '/tmp/exported': ensure => file }
//	@notify { 'virtual': }
//	if $trusted['certname'] == 'bad.example.com' { fail('boom') }
//	notify { 'private': message => $trusted['extensions']['1.3.6.1.4.1.34380.1.2.1'] }
//
// For bad.example.com, Puppet 7.23 (puppet apply of this file as
// /env/manifests/site.pp) fails with "Evaluation Error: Error while
// evaluating a Function Call, boom (file: /env/manifests/site.pp, line: 4,
// column: 48) on node bad.example.com".
func testProgram() *rt.Program {
	p := rt.NewProgram("production")
	p.AddCoreTypes()
	file := &rt.File{Path: "/env/manifests/site.pp"}
	at := func(line, col int, label string) *rt.Site {
		return &rt.Site{File: file, Line: int32(line), Column: int32(col), Label: label}
	}
	failRef := &rt.FuncRef{Name: "fail"}
	p.AddMain(func(s *rt.Scope) {
		a := at(1, 1, "")
		trusted := func(keys ...string) values.Value {
			v := s.Var(rt.SiteRefOf(a), "trusted")
			for _, k := range keys {
				v = s.Access(rt.SiteRefOf(a), v, values.String(k))
			}
			return v
		}
		family := s.Access(rt.SiteRefOf(a), s.Access(rt.SiteRefOf(a), s.Var(rt.SiteRefOf(a), "facts"), values.String("os")), values.String("family"))
		s.Declare(rt.SiteRefOf(at(1, 1, "Resource Statement")), "notify", rt.Regular).Body(rt.SiteRefOf(a), values.String("role")).
			Attr(rt.SiteRefOf(a), "message", rt.Interpolate(trusted("certname"), values.String(" "), trusted("extensions", "pp_role"), values.String(" "), family)).
			Done()
		s.Declare(rt.SiteRefOf(at(2, 1, "Resource Statement")), "file", rt.Exported).Body(rt.SiteRefOf(at(2, 1, "")), values.String("/tmp/exported")).
			Attr(rt.SiteRefOf(at(2, 1, "")), "ensure", values.String("file")).Done()
		s.Declare(rt.SiteRefOf(at(3, 1, "Resource Statement")), "notify", rt.Virtual).Body(rt.SiteRefOf(at(3, 1, "")), values.String("virtual")).Done()
		if rt.Truthy(rt.Compare(rt.SiteRefOf(at(4, 4, "")), "==", trusted("certname"), values.String("bad.example.com"))) {
			s.Fn(rt.SiteRefOf(at(4, 48, "Function Call")), failRef, nil, values.String("boom"))
		}
		s.Declare(rt.SiteRefOf(at(5, 1, "Resource Statement")), "notify", rt.Regular).Body(rt.SiteRefOf(at(5, 1, "")), values.String("private")).
			Attr(rt.SiteRefOf(at(5, 1, "")), "message", trusted("extensions", "1.3.6.1.4.1.34380.1.2.1")).Done()
	})
	p.Finish()
	return p
}

// decodeJSON stands for the catalog binary's decoder (rt/cli's), which
// keeps key order; order does not matter here.
func decodeJSON(b []byte) (values.Value, error) {
	var x any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&x); err != nil {
		return nil, err
	}
	var conv func(any) values.Value
	conv = func(x any) values.Value {
		switch v := x.(type) {
		case string:
			return values.String(v)
		case bool:
			return values.BoolOf(v)
		case json.Number:
			if i, err := v.Int64(); err == nil {
				return values.Int(i)
			}
			f, _ := v.Float64()
			return values.Float(f)
		case []any:
			out := make([]values.Value, len(v))
			for i, e := range v {
				out[i] = conv(e)
			}
			return values.NewArray(out...)
		case map[string]any:
			b := values.NewHashBuilder(len(v))
			for k, e := range v {
				b.Put(values.String(k), conv(e))
			}
			return b.Build()
		}
		return values.Undef
	}
	return conv(x), nil
}

// env is a running server and the certificates of its clients.
type env struct {
	t       testing.TB
	ca      *testca.CA
	ssldir  string
	reports string
	addr    string
	log     *syncBuffer
	certs   map[string]*testca.Cert
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

const (
	roleOID    = "1.3.6.1.4.1.34380.1.1.13" // pp_role
	privateOID = "1.3.6.1.4.1.34380.1.2.1"  // a private extension: no name
)

func start(t testing.TB) *env {
	t.Helper()
	ca, err := testca.New("test")
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, ca: ca, ssldir: t.TempDir(), reports: t.TempDir(), log: &syncBuffer{}, certs: map[string]*testca.Cert{}}
	issue := func(name string, opts testca.Options) *testca.Cert {
		c, err := ca.Issue(name, opts)
		if err != nil {
			t.Fatal(err)
		}
		e.certs[name] = c
		return c
	}
	srv := issue("puppet.test", testca.Options{DNSNames: []string{"puppet.test"}, IPs: []net.IP{net.IPv4(127, 0, 0, 1)}})
	issue("web1.example.com", testca.Options{Extensions: map[string]string{roleOID: "webserver", privateOID: "s3cret"}})
	issue("bad.example.com", testca.Options{})
	revoked := issue("revoked.example.com", testca.Options{})
	ca.Revoke(revoked)
	if err := ca.WriteSSLDir(e.ssldir, srv); err != nil {
		t.Fatal(err)
	}
	// A signed certificate the CA endpoint serves.
	if err := os.WriteFile(filepath.Join(e.ssldir, "certs", "web1.example.com.pem"), e.certs["web1.example.com"].PEM, 0o644); err != nil {
		t.Fatal(err)
	}
	p := testProgram()
	s, err := New(Config{
		Program:    p,
		Files:      fileserve.New(p),
		SSLDir:     e.ssldir,
		Certname:   "puppet.test",
		ReportDir:  e.reports,
		DecodeJSON: decodeJSON,
		Log:        e.log,
		MaxBody:    1 << 20,
		Jobs:       2,
	})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e.addr = l.Addr().String()
	go s.Serve(l)
	t.Cleanup(func() { s.Shutdown(t.Context()) })
	return e
}

// client is an HTTPS client with the certificate of name ("" for none).
func (e *env) client(name string) *http.Client {
	cfg := &tls.Config{RootCAs: e.ca.Pool(), ServerName: "puppet.test"}
	if name != "" {
		cfg.Certificates = []tls.Certificate{e.certs[name].TLS()}
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg}}
}

func (e *env) file(name string) string {
	b, err := os.ReadFile(filepath.Join(e.ssldir, name))
	if err != nil {
		e.t.Fatal(err)
	}
	return string(b)
}

type reply struct {
	status int
	ctype  string
	body   string
}

func (e *env) do(client *http.Client, method, path string, body io.Reader, ctype string) reply {
	e.t.Helper()
	req, err := http.NewRequest(method, "https://"+e.addr+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return reply{resp.StatusCode, resp.Header.Get("Content-Type"), string(b)}
}

// factsForm is the body of the agent's catalog request (Puppet 7's
// Puppet::HTTP::Service::Compiler#post_catalog): the facts' JSON encoded
// once for the query, then once more as a form field.
func factsForm(name string, vals map[string]any, env string) string {
	doc, _ := json.Marshal(map[string]any{"name": name, "values": vals, "timestamp": "2026-11-25T12:00:00.000000000+00:00", "expiration": "2026-11-25T12:30:00.000000000+00:00"})
	return url.Values{
		"facts_format":           {"application/json"},
		"facts":                  {url.QueryEscape(string(doc))},
		"environment":            {env},
		"transaction_uuid":       {"0f1b54c6-8c7f-4c38-9a2e-6b8f7d1a2b3c"},
		"static_catalog":         {"true"},
		"checksum_type":          {"sha256.md5.sha1.sha224.sha384"},
		"job_id":                 {""},
		"configured_environment": {env},
	}.Encode()
}

var debianFacts = map[string]any{"os": map[string]any{"family": "Debian"}, "networking": map[string]any{"fqdn": "web1.example.com"}}

func puppetMessage(t *testing.T, r reply) string {
	t.Helper()
	var m struct {
		Message   string `json:"message"`
		IssueKind string `json:"issue_kind"`
	}
	if err := json.Unmarshal([]byte(r.body), &m); err != nil || r.ctype != rubyJSON {
		t.Fatalf("not Puppet's JSON error body (%s): %s", r.ctype, r.body)
	}
	if m.IssueKind == "" {
		t.Errorf("no issue_kind in %s", r.body)
	}
	return m.Message
}

type catalog struct {
	Name          string `json:"name"`
	Version       any    `json:"version"`
	CatalogFormat int    `json:"catalog_format"`
	CatalogUUID   string `json:"catalog_uuid"`
	Environment   string `json:"environment"`
	CodeID        any    `json:"code_id"`
	Resources     []struct {
		Type       string         `json:"type"`
		Title      string         `json:"title"`
		Exported   bool           `json:"exported"`
		Parameters map[string]any `json:"parameters"`
	} `json:"resources"`
}

func (c *catalog) param(typ, title, name string) (any, bool) {
	for _, r := range c.Resources {
		if r.Type == typ && r.Title == title {
			v, ok := r.Parameters[name]
			return v, ok || name == ""
		}
	}
	return nil, false
}

func TestCatalog(t *testing.T) {
	e := start(t)
	web1 := e.client("web1.example.com")
	check := func(t *testing.T, r reply) {
		t.Helper()
		if r.status != 200 || r.ctype != rubyJSON {
			t.Fatalf("status %d (%s): %s", r.status, r.ctype, r.body)
		}
		var c catalog
		if err := json.Unmarshal([]byte(r.body), &c); err != nil {
			t.Fatal(err)
		}
		if c.Name != "web1.example.com" || c.Environment != "production" || c.CatalogFormat != 2 || c.CodeID != nil {
			t.Errorf("top-level fields: name %q environment %q catalog_format %d code_id %v", c.Name, c.Environment, c.CatalogFormat, c.CodeID)
		}
		// Puppet's version is an integer (Time.now.to_i), its UUID random.
		if _, ok := c.Version.(float64); !ok {
			t.Errorf("version %#v is not an integer", c.Version)
		}
		if len(c.CatalogUUID) != 36 || c.CatalogUUID[14] != '4' {
			t.Errorf("catalog_uuid %q is not a random UUID", c.CatalogUUID)
		}
		if msg, _ := c.param("Notify", "role", "message"); msg != "web1.example.com webserver Debian" {
			t.Errorf("Notify[role] message %q: $trusted from the certificate, $facts from the request", msg)
		}
		if msg, _ := c.param("Notify", "private", "message"); msg != "s3cret" {
			t.Errorf("Notify[private] message %q: a private extension under its OID", msg)
		}
		// What puppetserver sends an agent leaves virtual and exported
		// resources out.
		for _, r := range c.Resources {
			if r.Exported || r.Title == "virtual" || r.Title == "/tmp/exported" {
				t.Errorf("%s[%s] is in the agent's catalog", r.Type, r.Title)
			}
		}
	}
	t.Run("POST", func(t *testing.T) {
		check(t, e.do(web1, "POST", "/puppet/v3/catalog/web1.example.com", strings.NewReader(factsForm("web1.example.com", debianFacts, "production")), "application/x-www-form-urlencoded"))
	})
	t.Run("rich data", func(t *testing.T) {
		// Puppet 7.23's agent accepts these (Puppet::HTTP::Service
		// #get_mime_types of Puppet::Resource::Catalog).
		req, _ := http.NewRequest("POST", "https://"+e.addr+"/puppet/v3/catalog/web1.example.com", strings.NewReader(factsForm("web1.example.com", debianFacts, "production")))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept", "application/vnd.puppet.rich+json, application/json, application/x-msgpack, text/pson")
		resp, err := web1.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || ct != "application/vnd.puppet.rich+json;charset=utf-8" {
			t.Errorf("got %s %q", resp.Status, ct)
		}
	})
	t.Run("GET", func(t *testing.T) {
		check(t, e.do(web1, "GET", "/puppet/v3/catalog/web1.example.com?"+factsForm("web1.example.com", debianFacts, "production"), nil, ""))
	})
	t.Run("one after another", func(t *testing.T) {
		// Each compile takes the chunks and JSON buffer of the one
		// before it (rt.Result.Release): nothing of that catalog is left
		// in the next, a node of other facts in between.
		catalogOf := func(facts map[string]any) string {
			r := e.do(web1, "POST", "/puppet/v3/catalog/web1.example.com", strings.NewReader(factsForm("web1.example.com", facts, "production")), "application/x-www-form-urlencoded")
			var c map[string]any
			if err := json.Unmarshal([]byte(r.body), &c); r.status != 200 || err != nil {
				t.Fatalf("status %d: %s", r.status, r.body)
			}
			delete(c, "version")
			delete(c, "catalog_uuid")
			b, _ := json.Marshal(c)
			return string(b)
		}
		redhat := map[string]any{"os": map[string]any{"family": "RedHat"}, "networking": map[string]any{"fqdn": "web1.example.com"}}
		first, other := catalogOf(debianFacts), catalogOf(redhat)
		if other == first {
			t.Fatal("the RedHat facts made the Debian catalog")
		}
		for i := 0; i < 3; i++ {
			if got := catalogOf(debianFacts); got != first {
				t.Fatalf("compile %d: %s\nwant %s", i+3, got, first)
			}
			if got := catalogOf(redhat); got != other {
				t.Fatalf("compile %d: %s\nwant %s", i+4, got, other)
			}
		}
	})
	t.Run("facts cannot make another node", func(t *testing.T) {
		// A fact named trusted or clientcert changes nothing of $trusted.
		facts := map[string]any{"os": map[string]any{"family": "Debian"}, "trusted": map[string]any{"certname": "bad.example.com", "authenticated": "remote", "extensions": map[string]any{"pp_role": "x"}}, "clientcert": "bad.example.com"}
		check(t, e.do(web1, "POST", "/puppet/v3/catalog/web1.example.com", strings.NewReader(factsForm("web1.example.com", facts, "production")), "application/x-www-form-urlencoded"))
	})
	t.Run("parallel", func(t *testing.T) {
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				check(t, e.do(web1, "POST", "/puppet/v3/catalog/web1.example.com", strings.NewReader(factsForm("web1.example.com", debianFacts, "production")), "application/x-www-form-urlencoded"))
			}()
		}
		wg.Wait()
	})
	t.Run("compile error", func(t *testing.T) {
		r := e.do(e.client("bad.example.com"), "POST", "/puppet/v3/catalog/bad.example.com", strings.NewReader(factsForm("bad.example.com", debianFacts, "production")), "application/x-www-form-urlencoded")
		want := "Server Error: Evaluation Error: Error while evaluating a Function Call, boom (file: /env/manifests/site.pp, line: 4, column: 48) on node bad.example.com"
		if r.status != 500 || puppetMessage(t, r) != want {
			t.Errorf("got %d %s\nwant 500 %s", r.status, r.body, want)
		}
	})
	// What puppetserver 7.9.5 (Debian's, Puppet 7.23) answered the same
	// requests with.
	t.Run("unknown environment", func(t *testing.T) {
		// The catalog compiles in the server's environment (the agent then
		// switches to it); the node is not found.
		check(t, e.do(web1, "POST", "/puppet/v3/catalog/web1.example.com", strings.NewReader(factsForm("web1.example.com", debianFacts, "nope")), "application/x-www-form-urlencoded"))
		r := e.do(web1, "GET", "/puppet/v3/node/web1.example.com?environment=nope", nil, "")
		if want := "Not Found: Could not find environment 'nope'"; r.status != 404 || puppetMessage(t, r) != want {
			t.Errorf("node: got %d %s\nwant 404 %s", r.status, r.body, want)
		}
		r = e.do(web1, "GET", "/puppet/v3/node/web1.example.com", nil, "")
		if want := "Bad Request: An environment parameter must be specified"; r.status != 400 || puppetMessage(t, r) != want {
			t.Errorf("node without environment: got %d %s\nwant 400 %s", r.status, r.body, want)
		}
		r = e.do(web1, "GET", "/puppet/v3/node/web1.example.com?environment=a%2Fb", nil, "")
		if want := "Bad Request: The environment must be purely alphanumeric, not 'a/b'"; r.status != 400 || puppetMessage(t, r) != want {
			t.Errorf("node in a/b: got %d %s\nwant 400 %s", r.status, r.body, want)
		}
		for query, want := range map[string]string{"": "The environment must be purely alphanumeric, not 'null'", "?environment=bad%20env": "The environment must be purely alphanumeric, not 'bad env'"} {
			r = e.do(web1, "GET", "/puppet/v3/catalog/web1.example.com"+query, nil, "")
			if r.status != 400 || r.body != want || !strings.HasPrefix(r.ctype, "text/plain") {
				t.Errorf("catalog%s: got %d %s\nwant 400 %s", query, r.status, r.body, want)
			}
		}
		r = e.do(web1, "GET", "/puppet/v3/file_content/plugins/x", nil, "")
		if want := "A file_content request must include an `environment` or `versioned_project` query parameter."; r.status != 400 || r.body != want {
			t.Errorf("file_content without environment: got %d %s\nwant 400 %s", r.status, r.body, want)
		}
	})
	t.Run("malformed facts", func(t *testing.T) {
		for name, body := range map[string]string{
			"not JSON":       url.Values{"facts_format": {"application/json"}, "facts": {"%7Bnot json"}, "environment": {"production"}}.Encode(),
			"no values":      url.Values{"facts_format": {"application/json"}, "facts": {url.QueryEscape(`{"name":"web1.example.com"}`)}, "environment": {"production"}}.Encode(),
			"values a list":  url.Values{"facts_format": {"application/json"}, "facts": {url.QueryEscape(`{"name":"web1.example.com","values":[1]}`)}, "environment": {"production"}}.Encode(),
			"no format":      url.Values{"facts": {url.QueryEscape(`{"name":"web1.example.com","values":{}}`)}, "environment": {"production"}}.Encode(),
			"another node's": factsForm("bad.example.com", debianFacts, "production"),
			"bad escape":     "environment=production&facts_format=application%2Fjson&facts=%25zz",
		} {
			r := e.do(web1, "POST", "/puppet/v3/catalog/web1.example.com", strings.NewReader(body), "application/x-www-form-urlencoded")
			if msg := puppetMessage(t, r); r.status != 400 || !strings.HasPrefix(msg, "Bad Request: ") {
				t.Errorf("%s: got %d %s, want 400 Bad Request", name, r.status, r.body)
			}
		}
	})
	t.Run("huge facts", func(t *testing.T) {
		big := factsForm("web1.example.com", map[string]any{"pad": strings.Repeat("x", 2<<20)}, "production")
		r := e.do(web1, "POST", "/puppet/v3/catalog/web1.example.com", strings.NewReader(big), "application/x-www-form-urlencoded")
		if r.status != 413 || !strings.Contains(puppetMessage(t, r), "larger than 1048576 bytes") {
			t.Errorf("got %d %s, want 413", r.status, r.body)
		}
	})
}

// BenchmarkCatalog asks for a node's catalog again and again over one
// connection: a request's cost to the server (TLS set up once), its
// compile's allocations among it.
func BenchmarkCatalog(b *testing.B) {
	e := start(b)
	web1 := e.client("web1.example.com")
	form := factsForm("web1.example.com", debianFacts, "production")
	b.ReportAllocs()
	for b.Loop() {
		if r := e.do(web1, "POST", "/puppet/v3/catalog/web1.example.com", strings.NewReader(form), "application/x-www-form-urlencoded"); r.status != 200 {
			b.Fatalf("status %d: %s", r.status, r.body)
		}
	}
}

func TestAccess(t *testing.T) {
	e := start(t)
	web1 := e.client("web1.example.com")
	none := e.client("")
	for _, c := range []struct {
		name         string
		client       *http.Client
		method, path string
		status       int
		body         string // the reply's body starts so
		log          string // and the server's log has this
	}{
		{"another node's catalog", web1, "GET", "/puppet/v3/catalog/bad.example.com?environment=production", 403,
			"Forbidden request: /puppet/v3/catalog/bad.example.com (method :get). Please see the server logs for details.",
			"Forbidden request: web1.example.com(127.0.0.1) access to /puppet/v3/catalog/bad.example.com (method :get) (authenticated: true) denied by rule 'puppetlabs v3 catalog from agents'."},
		{"another node's node", web1, "GET", "/puppet/v3/node/bad.example.com?environment=production", 403,
			"Forbidden request: /puppet/v3/node/bad.example.com (method :get).", "denied by rule 'puppetlabs node'"},
		{"another node's report", web1, "PUT", "/puppet/v3/report/bad.example.com?environment=production", 403,
			"Forbidden request: /puppet/v3/report/bad.example.com (method :put).", "denied by rule 'puppetlabs report'"},
		{"no certificate: catalog", none, "GET", "/puppet/v3/catalog/web1.example.com?environment=production", 403,
			"Forbidden request: /puppet/v3/catalog/web1.example.com (method :get).",
			"Forbidden request: 127.0.0.1 access to /puppet/v3/catalog/web1.example.com (method :get) (authenticated: false) denied by rule 'puppetlabs v3 catalog from agents'."},
		{"no certificate: files", none, "GET", "/puppet/v3/file_metadatas/plugins?environment=production", 403,
			"Forbidden request: /puppet/v3/file_metadatas/plugins (method :get).", "denied by rule 'puppetlabs file metadata'"},
		{"no certificate: status", none, "GET", "/status/v1/simple", 200, "running", ""},
		{"puppet status", none, "GET", "/puppet/v3/status/x?environment=production", 404, "{\n\"message\":\"Not Found\",\n\"url\":\"/puppet/v3/status/x\",\n\"status\":\"404\"\n}", ""},
		{"facts", web1, "PUT", "/puppet/v3/facts/web1.example.com?environment=production", 404, "{\n\"message\":\"Not Found\",\n\"url\":\"/puppet/v3/facts/web1.example.com\",", ""},
		{"environments", web1, "GET", "/puppet/v3/environments", 200, `{"environments":{"production":{"settings":{"config_version":"","environment_timeout":"unlimited","manifest":`, ""},
		{"no certificate: CA", none, "GET", "/puppet-ca/v1/certificate/ca", 200, string(e.ca.PEM), ""},
		{"no certificate: CRL", none, "GET", "/puppet-ca/v1/certificate_revocation_list/ca", 200, e.file("crl.pem"), ""},
		{"a signed certificate", none, "GET", "/puppet-ca/v1/certificate/web1.example.com", 200, string(e.certs["web1.example.com"].PEM), ""},
		{"an unknown certificate", none, "GET", "/puppet-ca/v1/certificate/nobody", 404, "Could not find certificate nobody", ""},
		{"a private key", none, "GET", "/puppet-ca/v1/certificate/..%2fprivate_keys%2fpuppet.test", 404, "Could not find certificate", ""},
		{"the CA's signing", web1, "PUT", "/puppet-ca/v1/certificate_status/web1.example.com", 403, "Forbidden request", "denied by rule 'puppetlabs deny all'"},
		{"v4 catalog", web1, "POST", "/puppet/v4/catalog", 403, "Forbidden request", "denied by rule 'puppetlabs v4 catalog for services'"},
		{"anything else", web1, "GET", "/etc/passwd", 403, "Forbidden request: /etc/passwd (method :get).", "denied by rule 'puppetlabs deny all'"},
		{"dot dot in a catalog name", web1, "GET", "/puppet/v3/catalog/..%2F..%2Fetc?environment=production", 403, "Forbidden request", "denied by rule 'puppetlabs v3 catalog from agents'"},
		{"dot dot in a report name", web1, "PUT", "/puppet/v3/report/%2e%2e?environment=production", 403, "Forbidden request", "denied by rule 'puppetlabs report'"},
		{"dot dot in a file path", web1, "GET", "/puppet/v3/file_content/modules/../../../etc/passwd?environment=production", 400, `{"message":"Bad Request: `, ""},
		{"encoded dot dot in a file path", web1, "GET", "/puppet/v3/file_content/plugins/%2e%2e/%2e%2e/etc/passwd?environment=production", 400, `{"message":"Bad Request: `, ""},
		{"pluginsync", web1, "GET", "/puppet/v3/file_metadatas/plugins?environment=production&recurse=true&links=follow&checksum_type=sha256&source_permissions=ignore", 200, `[{"path":`, ""},
		{"an unknown module file", web1, "GET", "/puppet/v3/file_metadata/modules/x/y?environment=production", 404, `{"message":"Not Found: Could not find file_metadata modules/x/y"`, ""},
		{"files of an unknown environment", web1, "GET", "/puppet/v3/file_metadatas/plugins?environment=nope", 404, `{"message":"Not Found: Could not find environment 'nope'"`, ""},
		{"an unrouted endpoint", web1, "GET", "/puppet/v3/file_bucket_file/md5/abc?environment=production", 404, "{\n\"message\":\"Not Found\",\n\"url\":\"/puppet/v3/file_bucket_file/md5/abc\",", ""},
		{"node", web1, "GET", "/puppet/v3/node/web1.example.com?environment=production&configured_environment=production&transaction_uuid=x", 200, `{"environment":"production","name":"web1.example.com"}`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := e.do(c.client, c.method, c.path, nil, "")
			if r.status != c.status || !strings.HasPrefix(r.body, c.body) {
				t.Errorf("got %d %q\nwant %d %q...", r.status, r.body, c.status, c.body)
			}
			if c.log != "" && !strings.Contains(e.log.String(), c.log) {
				t.Errorf("the log has no %q:\n%s", c.log, e.log.String())
			}
		})
	}
	t.Run("revoked certificate", func(t *testing.T) {
		r := e.do(e.client("revoked.example.com"), "GET", "/puppet/v3/catalog/revoked.example.com?environment=production", nil, "")
		if r.status != 403 || !strings.Contains(r.body, "revoked") {
			t.Errorf("got %d %q, want 403 revoked", r.status, r.body)
		}
	})
	t.Run("certificate of another CA", func(t *testing.T) {
		other, err := testca.New("other")
		if err != nil {
			t.Fatal(err)
		}
		c, err := other.Issue("web1.example.com", testca.Options{})
		if err != nil {
			t.Fatal(err)
		}
		// The client sends it though the server names its own CA only.
		cert := c.TLS()
		client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: e.ca.Pool(), ServerName: "puppet.test",
			GetClientCertificate: func(*tls.CertificateRequestInfo) (*tls.Certificate, error) { return &cert, nil }}}}
		req, _ := http.NewRequest("GET", "https://"+e.addr+"/status/v1/simple", nil)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			t.Errorf("a certificate of another CA was accepted: %s", resp.Status)
		}
	})
	t.Run("request log", func(t *testing.T) {
		log := e.log.String()
		for _, want := range []string{
			`127.0.0.1 - web1.example.com [`,
			`"GET /puppet/v3/catalog/bad.example.com?environment=production HTTP/1.1" 403 `,
			`127.0.0.1 - - [`,
			`"GET /status/v1/simple HTTP/1.1" 200 7 `,
		} {
			if !strings.Contains(log, want) {
				t.Errorf("the request log has no %q:\n%s", want, log)
			}
		}
	})
}

func TestReport(t *testing.T) {
	e := start(t)
	web1 := e.client("web1.example.com")
	report := `{"host":"web1.example.com","configuration_version":1764072000,"status":"changed","report_format":12}`
	r := e.do(web1, "PUT", "/puppet/v3/report/web1.example.com?environment=production", strings.NewReader(report), "application/json")
	if r.status != 200 || r.body != `["store"]` {
		t.Fatalf("got %d %s, want 200 [\"store\"]", r.status, r.body)
	}
	files, _ := filepath.Glob(filepath.Join(e.reports, "web1.example.com", "*.json"))
	if len(files) != 1 {
		t.Fatalf("reports stored: %v", files)
	}
	if b, _ := os.ReadFile(files[0]); string(b) != report {
		t.Errorf("stored %s, want %s", b, report)
	}
	r = e.do(web1, "PUT", "/puppet/v3/report/web1.example.com?environment=production", strings.NewReader("{not json"), "application/json")
	if msg := puppetMessage(t, r); r.status != 400 || !strings.HasPrefix(msg, "Bad Request: The request body is invalid") {
		t.Errorf("malformed report: got %d %s", r.status, r.body)
	}
	r = e.do(web1, "PUT", "/puppet/v3/report/web1.example.com?environment=production", strings.NewReader(fmt.Sprintf(`{"x":%q}`, strings.Repeat("y", 2<<20))), "application/json")
	if r.status != 413 {
		t.Errorf("huge report: got %d %s, want 413", r.status, r.body)
	}
}

func TestTrustedExtensionValue(t *testing.T) {
	for _, c := range []struct {
		der  []byte
		want string
	}{
		{[]byte{0x0c, 0x03, 'w', 'e', 'b'}, "web"}, // UTF8String, as puppetserver ca signs
		{[]byte{0x16, 0x02, 'd', 'b'}, "db"},       // IA5String
		{[]byte("plain"), "plain"},                 // not DER: Puppet before 3.7 (PUP-3560)
	} {
		if got := extensionValue(c.der); got != c.want {
			t.Errorf("extensionValue(% x) = %q, want %q", c.der, got, c.want)
		}
	}
}

// The catalog's format is the first of the agent's Accept list that
// Puppet supports for the environment (network/formats.rb): the rich data
// JSON only when its rich_data is on; the plain JSON format writes plain
// data (the context's rich_data is false) whatever the setting.
func TestCatalogType(t *testing.T) {
	agent := "application/vnd.puppet.rich+json, application/json, application/x-msgpack, text/pson"
	for _, c := range []struct {
		accept string
		rich   bool
		ctype  string
		plain  bool
	}{
		{agent, true, "application/vnd.puppet.rich+json;charset=utf-8", false},
		{agent, false, "application/json;charset=utf-8", true},
		{"application/json", true, "application/json;charset=utf-8", true},
		{"application/json; q=1, application/vnd.puppet.rich+json", true, "application/json;charset=utf-8", true},
	} {
		ctype, rich := catalogType(c.accept, c.rich)
		if ctype != c.ctype || rich == c.plain {
			t.Errorf("Accept %q, rich_data %v: %s, rich %v; want %s, rich %v", c.accept, c.rich, ctype, rich, c.ctype, !c.plain)
		}
	}
}
