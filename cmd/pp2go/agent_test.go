package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pp2go/pp2go/internal/testca"
	"github.com/stretchr/testify/require"
)

// agentEnv is a served environment: the binary of examples/agent running
// `serve` on loopback with a CA made for the test.
type agentEnv struct {
	binary    string
	addr      string // 127.0.0.1:PORT
	ca        *testca.CA
	certs     map[string]*testca.Cert
	reportDir string
	log       *syncBuffer // serve's output (the request log)
	envDir    string
}

// syncBuffer collects a process's output while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startAgentEnv builds examples/agent, makes a CA with a server
// certificate for 127.0.0.1 and agent certificates (agent1 with a pp_role
// extension, broken, other, and a revoked one), and starts `serve`.
func startAgentEnv(t *testing.T) *agentEnv {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command to build the environment")
	}
	envDir, err := filepath.Abs(filepath.Join("..", "..", "examples", "agent"))
	require.NoError(t, err)
	e := &agentEnv{envDir: envDir, certs: map[string]*testca.Cert{}, log: &syncBuffer{}}
	work := filepath.Join(os.TempDir(), "pp2go-agent-test", "work")
	e.binary = filepath.Join(work, "agent-catalog")
	_, stderr, err := run(t, ".", "build", "--puppet", "7", envDir, "-o", e.binary, "--work", work)
	require.NoError(t, err, stderr)

	e.ca, err = testca.New("pp2go-test")
	require.NoError(t, err)
	server, err := e.ca.Issue("puppet.test", testca.Options{DNSNames: []string{"localhost"}, IPs: []net.IP{net.IPv4(127, 0, 0, 1)}})
	require.NoError(t, err)
	for name, ext := range map[string]map[string]string{
		"agent1.example.com":  {testca.OIDRole: "webserver"},
		"broken.example.com":  nil,
		"other.example.com":   nil,
		"revoked.example.com": nil,
	} {
		c, err := e.ca.Issue(name, testca.Options{Extensions: ext})
		require.NoError(t, err)
		e.certs[name] = c
	}
	e.ca.Revoke(e.certs["revoked.example.com"])
	ssldir := filepath.Join(t.TempDir(), "server-ssl")
	require.NoError(t, e.ca.WriteSSLDir(ssldir, server))

	e.addr = freeAddr(t)
	e.reportDir = filepath.Join(t.TempDir(), "reports")
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, e.binary, "serve", "--ssldir", ssldir, "--certname", "puppet.test",
		"--listen", e.addr, "--reportdir", e.reportDir)
	cmd.Stdout, cmd.Stderr = e.log, e.log
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cancel()
		<-exited
		if t.Failed() {
			t.Logf("serve's output:\n%s", e.log.String())
		}
	})
	deadline := time.Now().Add(15 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", e.addr, time.Second)
		if err == nil {
			c.Close()
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("serve exited: %v\n%s", err, e.log.String())
		default:
		}
		require.True(t, time.Now().Before(deadline), "serve does not listen on %s:\n%s", e.addr, e.log.String())
		time.Sleep(50 * time.Millisecond)
	}
	return e
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().String()
}

// agent runs Debian's `puppet agent -t` as certname against the server,
// with its own directories under dir, and returns its output and exit code.
func (e *agentEnv) agent(t *testing.T, certname, dir, root string) (string, int) {
	t.Helper()
	ssldir := filepath.Join(dir, "ssl")
	if _, err := os.Stat(ssldir); os.IsNotExist(err) {
		require.NoError(t, e.ca.WriteSSLDir(ssldir, e.certs[certname]))
		// An agent without a CRL downloads it from the server.
		if e.certs[certname].Revoked {
			require.NoError(t, os.Remove(filepath.Join(ssldir, "crl.pem")))
		}
	}
	_, port, _ := net.SplitHostPort(e.addr)
	args := []string{"agent", "--test", "--detailed-exitcodes", "--no-daemonize", "--onetime", "--no-noop",
		"--color", "false", "--no-splay", "--no-usecacheonfailure",
		"--confdir", filepath.Join(dir, "conf"), "--vardir", filepath.Join(dir, "var"),
		"--ssldir", ssldir, "--rundir", filepath.Join(dir, "run"), "--logdir", filepath.Join(dir, "log"),
		"--codedir", filepath.Join(dir, "code"), "--publicdir", filepath.Join(dir, "public"),
		"--certname", certname, "--server", "127.0.0.1", "--serverport", port, "--environment", "production",
	}
	// An agent run takes a few seconds; the bound is generous because on a
	// loaded 2-core machine facter alone took over a minute.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "puppet", args...)
	// agent_root is the directory the catalog manages (the site class
	// reads it), given to facter as an environment fact.
	cmd.Env = append(os.Environ(), "FACTER_agent_root="+root)
	out, err := cmd.CombinedOutput()
	code := 0
	if err != nil {
		xe, ok := err.(*exec.ExitError)
		require.True(t, ok, "puppet agent: %v\n%s", err, out)
		code = xe.ExitCode()
	}
	return string(out), code
}

// TestServeAgent: Debian's real `puppet agent -t` (Puppet 7) gets its
// catalog, its plugins and facts.d files and its module files from the
// binary's `serve`, over TLS with certificates of the test's CA.
//
// The first run applies the catalog (exit code 2). A notify resource
// changes something on every run (`puppet apply -e 'notify{x:}'
// --detailed-exitcodes` exits 2 each time), so examples/agent declares its
// notify only while the custom fact site_applied (the module's
// lib/facter, which the agent gets by pluginsync) is false, that is until
// the first run has written the marker file: the second run changes
// nothing (exit code 0). Neither run applies the exported and virtual
// resources, which the served catalog must not have. Each run's report
// arrives in serve's report directory. A node whose catalog fails to
// compile gets Puppet's error, the text the binary's compile prints.
func TestServeAgent(t *testing.T) {
	if _, err := exec.LookPath("puppet"); err != nil {
		t.Skip("needs Puppet's agent (Debian's puppet-agent package; .ci/run installs it)")
	}
	e := startAgentEnv(t)
	dir := t.TempDir()
	root := filepath.Join(dir, "managed")

	out, code := e.agent(t, "agent1.example.com", filepath.Join(dir, "agent1"), root)
	require.Equal(t, 2, code, "the first run changes the node:\n%s", out)
	require.Contains(t, out, "Notice: first run of agent1.example.com (role webserver, tier test)")
	want := map[string]string{
		"motd":              "Managed by Puppet, served by pp2go.\n",
		"conf.d/a.conf":     "a = 1\n",
		"conf.d/sub/b.conf": "b = 2\n",
		"app.conf":          "# app.conf of agent1.example.com\nrole = webserver\ntier = test\nroot = " + root + "\n",
		"stamp":             "stamped\n",
		"exec.log":          "ran\n",
		"applied":           "applied\n",
	}
	for name, content := range want {
		b, err := os.ReadFile(filepath.Join(root, name))
		require.NoError(t, err, "%s\n%s", name, out)
		require.Equal(t, content, string(b), name)
	}
	_, err := os.Stat(filepath.Join(root, "exported"))
	require.True(t, os.IsNotExist(err), "the exported file is not applied")
	require.NotContains(t, out, "Notify[virtual]")
	report := e.latestReport(t, "agent1.example.com")
	require.Equal(t, "changed", report["status"])

	out, code = e.agent(t, "agent1.example.com", filepath.Join(dir, "agent1"), root)
	require.Equal(t, 0, code, "the second run changes nothing:\n%s", out)
	require.NotContains(t, out, "first run")

	report = e.latestReport(t, "agent1.example.com")
	require.Equal(t, "unchanged", report["status"])

	// The node that fails to compile: the agent prints Puppet's error,
	// the one the binary's compile gives.
	facts := filepath.Join(dir, "broken-facts.json")
	require.NoError(t, os.WriteFile(facts, []byte(`{"agent_root": "`+root+`"}`), 0o644))
	cmd := exec.Command(e.binary, "compile", "broken.example.com", "--facts", facts, "-q")
	var compileErr bytes.Buffer
	cmd.Stderr = &compileErr
	require.Error(t, cmd.Run())
	msg := strings.TrimPrefix(strings.TrimSpace(compileErr.String()), "Error: ")
	require.Equal(t, "Evaluation Error: Error while evaluating a Function Call, broken.example.com is not ready to be managed (file: "+
		filepath.Join(e.envDir, "modules", "site", "manifests", "broken.pp")+", line: 3, column: 3) on node broken.example.com", msg)
	out, code = e.agent(t, "broken.example.com", filepath.Join(dir, "broken"), filepath.Join(dir, "broken-root"))
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "Error: Could not retrieve catalog from remote server: Error 500 on SERVER: Server Error: "+msg+"\n", out)

	// A revoked certificate, its agent without a CRL: the agent downloads
	// serve's CRL and stops with Puppet's own error, as against
	// puppetserver 7.9.
	out, code = e.agent(t, "revoked.example.com", filepath.Join(dir, "revoked"), filepath.Join(dir, "revoked-root"))
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "Error: Certificate 'CN=revoked.example.com' is revoked", out)
}

// latestReport is the newest of the reports serve wrote for node (JSON,
// as Puppet 7's agent sends them; named by the minute as Puppet's store
// processor names them, so that a run replaces the report of a run of the
// same minute).
func (e *agentEnv) latestReport(t *testing.T, node string) map[string]any {
	t.Helper()
	var reports []map[string]any
	err := filepath.Walk(e.reportDir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() || !strings.Contains(p, node) {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var r map[string]any
		if err := json.Unmarshal(b, &r); err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		reports = append(reports, r)
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, reports, "no report of %s in %s", node, e.reportDir)
	latest := reports[0]
	for _, r := range reports {
		require.Equal(t, node, r["host"])
		require.Equal(t, "production", r["environment"])
		if fmt.Sprint(r["time"]) > fmt.Sprint(latest["time"]) {
			latest = r
		}
	}
	return latest
}

// client is an HTTPS client of the server with cert (nil: none).
func (e *agentEnv) client(cert *testca.Cert) *http.Client {
	cfg := &tls.Config{RootCAs: e.ca.Pool(), ServerName: "127.0.0.1"}
	if cert != nil {
		cfg.Certificates = []tls.Certificate{cert.TLS()}
	}
	return &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{TLSClientConfig: cfg}}
}

// TestServeHostile: requests an agent must not get answered, over real TLS
// against the binary's serve, each a 4xx with a body that says why (or,
// for a revoked certificate, a refused handshake), the server still
// answering afterwards and never a file outside the module files.
func TestServeHostile(t *testing.T) {
	e := startAgentEnv(t)
	agent1 := e.client(e.certs["agent1.example.com"])
	base := "https://" + e.addr
	facts := `{"name":"agent1.example.com","values":{"agent_root":"/tmp/x"}}`
	// The facts encoded twice, as Puppet's agent sends them.
	catalogForm := func(facts string) url.Values {
		return url.Values{"environment": {"production"}, "facts_format": {"application/json"},
			"facts": {url.QueryEscape(facts)}, "transaction_uuid": {"6f1b4a6e-2b1a-4c9e-9f25-3b1f0f2e8a11"}}
	}
	check := func(t *testing.T, resp *http.Response, err error) (int, string) {
		t.Helper()
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		require.GreaterOrEqual(t, resp.StatusCode, 400, "%s", b)
		require.Less(t, resp.StatusCode, 500, "%s", b)
		require.NotEmpty(t, strings.TrimSpace(string(b)), "a body that says why")
		require.NotContains(t, string(b), "root:x:0:0", "no file outside the module files")
		require.NotContains(t, string(b), "goroutine ", "no Go panic")
		return resp.StatusCode, string(b)
	}

	t.Run("another node's catalog", func(t *testing.T) {
		resp, err := agent1.PostForm(base+"/puppet/v3/catalog/other.example.com", catalogForm(facts))
		code, body := check(t, resp, err)
		// puppetserver 7.9's answer, and the agent prints it.
		require.Equal(t, http.StatusForbidden, code, body)
		require.Contains(t, body, "Forbidden request: /puppet/v3/catalog/other.example.com (method :post)")
		resp, err = agent1.Get(base + "/puppet/v3/node/other.example.com?environment=production")
		code, body = check(t, resp, err)
		require.Equal(t, http.StatusForbidden, code, body)
		require.Contains(t, body, "Forbidden request: /puppet/v3/node/other.example.com (method :get)")
	})

	// puppetserver 7.9 answers each of these 400 (Jetty's "Bad Message",
	// or "Invalid relative path (.. or .) in: ...") or 404.
	t.Run("dot-dot in file paths", func(t *testing.T) {
		for _, p := range []string{
			"/puppet/v3/file_content/modules/site/../../../../../../etc/passwd",
			"/puppet/v3/file_content/modules/site/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
			"/puppet/v3/file_content/modules/site/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
			"/puppet/v3/file_content/modules/site/conf.d/%2E%2E/%2E%2E/manifests/init.pp",
			"/puppet/v3/file_content/modules/..%2fsite/motd",
			"/puppet/v3/file_metadata/modules/site/../../../../../../etc/passwd",
			"/puppet/v3/file_metadatas/modules/site/%2e%2e/%2e%2e?recurse=true",
			"/puppet/v3/file_metadatas/plugins/..%2f..%2f..?recurse=true",
			"/puppet/v3/file_content/plugins/../../../../etc/passwd",
			"/puppet/v3/file_content/modules//etc/passwd",
			"/puppet/v3/file_content/modules/site//etc/passwd",
		} {
			// Sent as written: Go's client would clean a path of '..'.
			req, err := http.NewRequest("GET", base+"/", nil)
			require.NoError(t, err)
			req.URL.Opaque = p
			if i := strings.IndexByte(p, '?'); i >= 0 {
				req.URL.Opaque, req.URL.RawQuery = p[:i], p[i+1:]
			}
			q := req.URL.Query()
			q.Set("environment", "production")
			req.URL.RawQuery = q.Encode()
			req.Header.Set("Accept", "application/json, application/octet-stream")
			resp, err := agent1.Do(req)
			code, body := check(t, resp, err)
			require.Contains(t, []int{400, 403, 404}, code, "%s: %s", p, body)
			require.NotContains(t, body, "class site", p)
		}
		// The module's own file is served (the test asks the right thing).
		resp, err := agent1.Get(base + "/puppet/v3/file_content/modules/site/motd?environment=production")
		require.NoError(t, err)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, 200, resp.StatusCode, "%s", b)
		require.Equal(t, "Managed by Puppet, served by pp2go.\n", string(b))
	})

	// puppetserver 7.9 answers these 500 ("Server Error: Could not intern
	// from json: ..."); issue 16 asks for a 4xx: the request is wrong, not
	// the server.
	t.Run("malformed facts", func(t *testing.T) {
		for _, f := range []string{`{"name":`, `[1,2]`, `"x"`, `{"values": 5}`, "\x00\xff"} {
			resp, err := agent1.PostForm(base+"/puppet/v3/catalog/agent1.example.com", catalogForm(f))
			check(t, resp, err)
		}
		resp, err := agent1.PostForm(base+"/puppet/v3/catalog/agent1.example.com", url.Values{
			"environment": {"production"}, "facts_format": {"text/x-unknown"}, "facts": {facts}})
		check(t, resp, err)
	})

	t.Run("huge facts", func(t *testing.T) {
		// 64 MiB of facts, more than an agent sends.
		big := `{"name":"agent1.example.com","values":{"x":"` + strings.Repeat("a", 64<<20) + `"}}`
		resp, err := agent1.PostForm(base+"/puppet/v3/catalog/agent1.example.com", catalogForm(big))
		// (puppetserver 7.9 reads them all and compiles.) A server may
		// close the connection before the client has sent everything.
		if err == nil {
			check(t, resp, err)
		} else {
			t.Logf("64 MiB of facts: %v", err)
		}
		// Deeply nested facts.
		deep := `{"name":"agent1.example.com","values":{"x":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}}`
		resp, err = agent1.PostForm(base+"/puppet/v3/catalog/agent1.example.com", catalogForm(deep))
		check(t, resp, err)
	})

	t.Run("an unknown environment", func(t *testing.T) {
		resp, err := agent1.Get(base + "/puppet/v3/node/agent1.example.com?environment=nosuch")
		code, body := check(t, resp, err)
		require.Equal(t, http.StatusNotFound, code, body)
		require.Contains(t, body, "Could not find environment 'nosuch'")
	})

	t.Run("a revoked certificate", func(t *testing.T) {
		revoked := e.client(e.certs["revoked.example.com"])
		resp, err := revoked.Get(base + "/puppet/v3/node/revoked.example.com?environment=production")
		// puppetserver 7.9 refuses the handshake (a certificate_unknown alert).
		if err != nil {
			require.Contains(t, err.Error(), "remote error: tls:")
			return
		}
		code, body := check(t, resp, err)
		require.Equal(t, http.StatusForbidden, code, body)
	})

	t.Run("no certificate", func(t *testing.T) {
		anon := e.client(nil)
		resp, err := anon.PostForm(base+"/puppet/v3/catalog/agent1.example.com", catalogForm(facts))
		code, body := check(t, resp, err)
		require.Equal(t, http.StatusForbidden, code, body)
		require.Contains(t, body, "Forbidden request: /puppet/v3/catalog/agent1.example.com (method :post)")
		// What puppetserver gives anyone: the CA certificate, the CRL, the status.
		for p, want := range map[string]string{
			"/puppet-ca/v1/certificate/ca":                 "-----BEGIN CERTIFICATE-----",
			"/puppet-ca/v1/certificate_revocation_list/ca": "-----BEGIN X509 CRL-----",
			"/status/v1/simple":                            "running",
		} {
			resp, err := anon.Get(base + p)
			require.NoError(t, err)
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			require.Equal(t, 200, resp.StatusCode, "%s: %s", p, b)
			require.Contains(t, string(b), want, p)
		}
	})

	// Still serving after all that.
	resp, err := agent1.Get(base + "/puppet/v3/node/agent1.example.com?environment=production")
	require.NoError(t, err)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode, "%s", b)
	require.Contains(t, string(b), `"name":"agent1.example.com"`)
}
