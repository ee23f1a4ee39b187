package main

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/internal/testca"
	"github.com/pp2go/pp2go/rt/puppetdb"
)

// TestPuppetDB: with a real PuppetDB (Debian's puppetdb 7.12 on PostgreSQL,
// which tools/puppetdb/start starts; it prints PP2GO_PUPPETDB_URL and .ci/run
// exports it), the catalog binary stores two web nodes' facts and catalogs,
// one over plain HTTP and one over HTTPS with a client certificate; then
// lb.example.com collects their exported resources (queries on a tag, a
// parameter, titles, with and without overrides, +> included, twice) and its
// catalog is the one Puppet 7.23 compiled with the same PuppetDB
// (testdata/puppetdb/expected, by its regen script, which had Puppet store
// the web nodes with its puppetdb terminus). PuppetDB then returns the
// catalog of web1 as it returns the one Puppet stored (the terminus's
// payload, expected/web1.example.com.catalog-wire.json) and the facts
// given. Collecting an export whose title a resource of the node has
// already, and a PuppetDB that cannot be reached, fail the compile with
// Puppet's errors.
//
// The PuppetDB is the test's own: nodes of example.com other than these
// three are deactivated first, so that only their exports are collected.
func TestPuppetDB(t *testing.T) {
	base := os.Getenv("PP2GO_PUPPETDB_URL")
	if base == "" {
		t.Skip("PP2GO_PUPPETDB_URL is not set: start a throwaway PuppetDB with tools/puppetdb/start (as .ci/run does) and export what it prints")
	}
	dir, envDir, binary := buildPuppetDBEnv(t)

	client, err := puppetdb.New(puppetdb.Config{URLs: []string{base}})
	require.NoError(t, err)
	nodes := []string{"web1.example.com", "web2.example.com", "lb.example.com"}
	deactivateOthers(t, client, nodes)

	const producer = "pp2go-test.example.net"
	start := time.Now().Add(-time.Second)
	compile := func(node string, extra ...string) ([]byte, string, error) {
		out := filepath.Join(t.TempDir(), node+".json")
		args := append([]string{"compile", node, "--facts", filepath.Join(dir, "nodes", node+".json"),
			"--setting", "certname=" + producer, "-q", "-o", out}, extra...)
		cmd := exec.Command(binary, args...)
		var errOut strings.Builder
		cmd.Stderr = &errOut
		err := cmd.Run()
		if err != nil {
			return nil, errOut.String(), err
		}
		b, err := os.ReadFile(out)
		return b, errOut.String(), err
	}
	_, errOut, err := compile("web1.example.com", "--puppetdb", base)
	require.NoError(t, err, errOut)
	sslURL, ssl := os.Getenv("PP2GO_PUPPETDB_SSL_URL"), os.Getenv("PP2GO_PUPPETDB_SSLDIR")
	if sslURL != "" && ssl != "" {
		_, errOut, err = compile("web2.example.com", "--puppetdb", sslURL, "--puppetdb-cert", filepath.Join(ssl, "client.pem"),
			"--puppetdb-key", filepath.Join(ssl, "client.key"), "--puppetdb-ca", filepath.Join(ssl, "ca.pem"))
	} else {
		t.Log("PP2GO_PUPPETDB_SSL_URL or PP2GO_PUPPETDB_SSLDIR not set: web2 is stored over plain HTTP too")
		_, errOut, err = compile("web2.example.com", "--puppetdb", base)
	}
	require.NoError(t, err, errOut)

	// PuppetDB processes commands in the background.
	stored := map[string]map[string]any{}
	for _, n := range nodes[:2] {
		stored[n] = waitForCatalog(t, client, n, producer, start)
	}

	got, errOut, err := compile("lb.example.com", "--puppetdb", base)
	require.NoError(t, err, errOut)
	want, err := os.ReadFile(filepath.Join(dir, "expected", "lb.example.com.json"))
	require.NoError(t, err)
	diffs, err := conformance.DiffCatalogs(want, got, envDir)
	require.NoError(t, err)
	require.Empty(t, diffs, "lb.example.com's catalog differs from Puppet's")

	// What PuppetDB holds of web1 is what Puppet's terminus sent for it.
	wire, err := os.ReadFile(filepath.Join(dir, "expected", "web1.example.com.catalog-wire.json"))
	require.NoError(t, err)
	var puppet map[string]any
	require.NoError(t, json.Unmarshal(wire, &puppet))
	require.Equal(t, wireResources(puppet["resources"].([]any), "/envs/production/"),
		wireResources(stored["web1.example.com"]["resources"].(map[string]any)["data"].([]any), envDir+"/"))
	require.Equal(t, wireEdges(puppet["edges"].([]any)), wireEdges(stored["web1.example.com"]["edges"].(map[string]any)["data"].([]any)))
	require.Equal(t, puppet["environment"], stored["web1.example.com"]["environment"])
	require.Equal(t, producer, stored["web1.example.com"]["producer"])

	// The facts stored are the node's, with $trusted.
	var facts []struct {
		Name  string `json:"name"`
		Value any    `json:"value"`
	}
	require.NoError(t, client.Query("/pdb/query/v4/nodes/web1.example.com/facts", nil, &facts))
	gotFacts := map[string]any{}
	for _, f := range facts {
		gotFacts[f.Name] = f.Value
	}
	b, err := os.ReadFile(filepath.Join(dir, "nodes", "web1.example.com.json"))
	require.NoError(t, err)
	wantFacts := map[string]any{}
	require.NoError(t, json.Unmarshal(b, &wantFacts))
	wantFacts["trusted"] = map[string]any{"authenticated": "remote", "certname": "web1.example.com", "domain": "example.com",
		"extensions": map[string]any{}, "external": map[string]any{}, "hostname": "web1"}
	require.Equal(t, wantFacts, gotFacts)

	// lb's own catalog is stored too: PuppetDB has each of its resources.
	lb := waitForCatalog(t, client, "lb.example.com", producer, start)
	var compiled struct {
		Resources []struct{ Type, Title string } `json:"resources"`
	}
	require.NoError(t, json.Unmarshal(got, &compiled))
	var refs, storedRefs []string
	for _, r := range compiled.Resources {
		refs = append(refs, r.Type+"["+r.Title+"]")
	}
	for _, r := range lb["resources"].(map[string]any)["data"].([]any) {
		m := r.(map[string]any)
		storedRefs = append(storedRefs, fmt.Sprintf("%s[%s]", m["type"], m["title"]))
	}
	sort.Strings(refs)
	sort.Strings(storedRefs)
	require.Equal(t, refs, storedRefs)

	// server_urls fail over: the first cannot be reached, the second answers.
	got, errOut, err = compile("lb.example.com", "--puppetdb", "http://127.0.0.1:9,"+base, "--puppetdb-no-store")
	require.NoError(t, err, errOut)
	diffs, err = conformance.DiffCatalogs(want, got, envDir)
	require.NoError(t, err)
	require.Empty(t, diffs, "lb.example.com's catalog with a PuppetDB that fails over")

	// A local resource with the title of a collected one: Puppet's error.
	wantErr, err := os.ReadFile(filepath.Join(dir, "expected", "dup.example.com.error"))
	require.NoError(t, err)
	_, errOut, err = compile("dup.example.com", "--puppetdb", base, "--puppetdb-no-store")
	require.Error(t, err, "dup.example.com compiles")
	require.Equal(t, "Error: "+string(wantErr), errOut)

	// No PuppetDB: Puppet's error, no catalog.
	wantErr, err = os.ReadFile(filepath.Join(dir, "expected", "unreachable.error"))
	require.NoError(t, err)
	_, errOut, err = compile("lb.example.com", "--puppetdb", "https://127.0.0.1:9")
	var xe *exec.ExitError
	require.True(t, errors.As(err, &xe), "compile without a PuppetDB: %v", err)
	require.Equal(t, "Error: "+string(wantErr), errOut)
}

// TestPuppetDBReplay: without a PuppetDB, the binary's compile of
// lb.example.com with --puppetdb against a server that answers the queries
// Puppet 7.23's terminus made for it with PuppetDB 7.12's answers
// (expected/lb.example.com.pdb-answers.json, recorded by the regen script
// while Puppet compiled it) asks exactly those queries, byte for byte, and
// gives Puppet's catalog.
func TestPuppetDBReplay(t *testing.T) {
	dir, envDir, binary := buildPuppetDBEnv(t)
	b, err := os.ReadFile(filepath.Join(dir, "expected", "lb.example.com.pdb-answers.json"))
	require.NoError(t, err)
	answers := map[string]string{}
	require.NoError(t, json.Unmarshal(b, &answers))
	var mu sync.Mutex
	asked := map[string]bool{}
	var unknown []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		body, ok := answers[r.URL.RequestURI()]
		if !ok || r.Method != http.MethodGet {
			unknown = append(unknown, r.Method+" "+r.URL.RequestURI())
			http.Error(w, "not a query Puppet made", http.StatusInternalServerError)
			return
		}
		asked[r.URL.RequestURI()] = true
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, body)
	}))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "lb.json")
	cmd := exec.Command(binary, "compile", "lb.example.com", "--facts", filepath.Join(dir, "nodes", "lb.example.com.json"),
		"--puppetdb", srv.URL, "--puppetdb-no-store", "-q", "-o", out)
	var errOut strings.Builder
	cmd.Stderr = &errOut
	require.NoError(t, cmd.Run(), errOut.String())
	require.Empty(t, unknown, "queries Puppet did not make")
	require.Len(t, asked, len(answers), "Puppet made queries the binary did not")
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	want, err := os.ReadFile(filepath.Join(dir, "expected", "lb.example.com.json"))
	require.NoError(t, err)
	diffs, err := conformance.DiffCatalogs(want, got, envDir)
	require.NoError(t, err)
	require.Empty(t, diffs, "lb.example.com's catalog differs from Puppet's")
}

// buildPuppetDBEnv builds testdata/puppetdb/env with the modules it uses
// from Debian's packages (host_core, sshkeys_core) as the base module path,
// and returns the testdata directory, the environment and the binary.
func buildPuppetDBEnv(t *testing.T) (dir, envDir, binary string) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command to build the environment")
	}
	mods := t.TempDir()
	for _, m := range []string{"host_core", "sshkeys_core"} {
		src := filepath.Join(conformance.ModulesDir(), m)
		if _, err := os.Stat(src); err != nil {
			t.Skipf("needs Debian's puppet-module-puppetlabs-%s (%s): %v", strings.ReplaceAll(m, "_", "-"), src, err)
		}
		require.NoError(t, os.Symlink(src, filepath.Join(mods, m)))
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "puppetdb"))
	require.NoError(t, err)
	envDir = filepath.Join(dir, "env")
	work := filepath.Join(os.TempDir(), "pp2go-puppetdb-test", "work")
	binary = filepath.Join(filepath.Dir(work), "catalog")
	_, stderr, err := run(t, ".", "build", "--puppet", "7", envDir, "-o", binary, "--work", work, "--basemodulepath", mods)
	require.NoError(t, err, stderr)
	return dir, envDir, binary
}

// deactivateOthers deactivates the nodes of example.com that are not keep,
// so that collectors find only what the test stores, and waits until
// PuppetDB has processed that.
func deactivateOthers(t *testing.T, c *puppetdb.Client, keep []string) {
	t.Helper()
	others := func() []string {
		var active []struct {
			Certname string `json:"certname"`
		}
		require.NoError(t, c.Query("/pdb/query/v4/nodes", []any{"~", "certname", `\.example\.com$`}, &active))
		var out []string
		for _, n := range active {
			if !contains(keep, n.Certname) {
				out = append(out, n.Certname)
			}
		}
		return out
	}
	for _, n := range others() {
		now := time.Now().UTC()
		_, err := c.Submit("deactivate node", 3, n, now, map[string]any{"certname": n, "producer_timestamp": puppetdb.WireTime(now)})
		require.NoError(t, err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for len(others()) > 0 {
		require.True(t, time.Now().Before(deadline), "PuppetDB has not deactivated %v after 30s", others())
		time.Sleep(200 * time.Millisecond)
	}
}

// waitForCatalog returns the node's catalog as PuppetDB's query API gives
// it, once PuppetDB has the one producer stored after start.
func waitForCatalog(t *testing.T, c *puppetdb.Client, node, producer string, start time.Time) map[string]any {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var cat map[string]any
		err := c.Query("/pdb/query/v4/catalogs/"+url.PathEscape(node), nil, &cat)
		if err == nil && cat["producer"] == producer {
			if ts, perr := time.Parse(time.RFC3339Nano, fmt.Sprint(cat["producer_timestamp"])); perr == nil && !ts.Before(start) {
				return cat
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("PuppetDB has no catalog of %s from %s after a minute (last error: %v)", node, producer, err)
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// wireResources are resources of a catalog payload or of PuppetDB's
// answer, comparable: by reference, with tags as a set and files relative
// to the environment (the part after envMark).
func wireResources(list []any, envMark string) map[string]any {
	out := map[string]any{}
	for _, x := range list {
		m := x.(map[string]any)
		tags := []string{}
		for _, t := range m["tags"].([]any) {
			tags = append(tags, t.(string))
		}
		sort.Strings(tags)
		r := map[string]any{"tags": tags, "exported": m["exported"], "parameters": m["parameters"], "line": m["line"]}
		if f, ok := m["file"].(string); ok {
			if i := strings.Index(f, envMark); i >= 0 {
				f = f[i+len(envMark):]
			}
			r["file"] = f
		} else {
			r["file"] = nil
		}
		if r["parameters"] == nil {
			r["parameters"] = map[string]any{}
		}
		out[fmt.Sprintf("%s[%s]", m["type"], m["title"])] = r
	}
	return out
}

// wireEdges are a catalog's edges (a payload's, {source: {type, title}},
// or PuppetDB's answer's, {source_type, source_title}) as a sorted list of
// "source relationship target".
func wireEdges(list []any) []string {
	var out []string
	ref := func(m map[string]any, end string) string {
		if v, ok := m[end].(map[string]any); ok {
			return fmt.Sprintf("%s[%s]", v["type"], v["title"])
		}
		return fmt.Sprintf("%s[%s]", m[end+"_type"], m[end+"_title"])
	}
	for _, x := range list {
		m := x.(map[string]any)
		out = append(out, ref(m, "source")+" "+fmt.Sprint(m["relationship"])+" "+ref(m, "target"))
	}
	sort.Strings(out)
	return out
}

// TestServePuppetDB: serve --puppetdb stores what puppetserver stores: the
// facts and catalog of each catalog request (with the run's
// transaction_uuid), which a later request of another node collects, and
// each report with 'store report'.
func TestServePuppetDB(t *testing.T) {
	base := os.Getenv("PP2GO_PUPPETDB_URL")
	if base == "" {
		t.Skip("PP2GO_PUPPETDB_URL is not set: start a throwaway PuppetDB with tools/puppetdb/start (as .ci/run does) and export what it prints")
	}
	dir, _, binary := buildPuppetDBEnv(t)
	client, err := puppetdb.New(puppetdb.Config{URLs: []string{base}})
	require.NoError(t, err)
	nodes := []string{"web1.example.com", "web2.example.com", "lb.example.com", "dup.example.com"}
	deactivateOthers(t, client, nodes)

	ca, err := testca.New("pp2go-test")
	require.NoError(t, err)
	server, err := ca.Issue("puppet.test", testca.Options{IPs: []net.IP{net.IPv4(127, 0, 0, 1)}})
	require.NoError(t, err)
	certs := map[string]*testca.Cert{}
	for _, n := range nodes {
		certs[n], err = ca.Issue(n, testca.Options{})
		require.NoError(t, err)
	}
	ssldir := filepath.Join(t.TempDir(), "ssl")
	require.NoError(t, ca.WriteSSLDir(ssldir, server))
	addr := freeAddr(t)
	log := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, binary, "serve", "--ssldir", ssldir, "--certname", "puppet.test", "--listen", addr,
		"--puppetdb", base, "--verbose")
	cmd.Stdout, cmd.Stderr = log, log
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cancel()
		cmd.Wait()
		if t.Failed() {
			t.Logf("serve's output:\n%s", log.String())
		}
	})
	waitListening(t, addr, log)

	start := time.Now().Add(-time.Second)
	httpClient := func(n string) *http.Client {
		cfg := &tls.Config{RootCAs: ca.Pool(), ServerName: "127.0.0.1", Certificates: []tls.Certificate{certs[n].TLS()}}
		return &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{TLSClientConfig: cfg}}
	}
	post := func(n, txn string) (int, []byte) {
		facts, err := os.ReadFile(filepath.Join(dir, "nodes", n+".json"))
		require.NoError(t, err)
		doc, err := json.Marshal(map[string]json.RawMessage{"name": json.RawMessage(`"` + n + `"`), "values": facts})
		require.NoError(t, err)
		form := url.Values{"environment": {"production"}, "facts_format": {"application/json"},
			"facts": {url.QueryEscape(string(doc))}, "transaction_uuid": {txn}}
		resp, err := httpClient(n).PostForm("https://"+addr+"/puppet/v3/catalog/"+n+"?environment=production", form)
		require.NoError(t, err)
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, body
	}
	catalog := func(n, txn string) map[string]any {
		code, body := post(n, txn)
		require.Equal(t, 200, code, "%s", body)
		var cat map[string]any
		require.NoError(t, json.Unmarshal(body, &cat))
		return cat
	}
	txns := map[string]string{}
	for _, n := range nodes[:2] {
		txns[n] = puppetdb.NewUUID()
		catalog(n, txns[n])
	}
	for _, n := range nodes[:2] {
		stored := waitForCatalog(t, client, n, "puppet.test", start)
		require.Equal(t, txns[n], stored["transaction_uuid"], n)
		// The catalog stored has the exports the agent's has not.
		exported := 0
		for _, r := range stored["resources"].(map[string]any)["data"].([]any) {
			if r.(map[string]any)["exported"] == true {
				exported++
			}
		}
		require.Equal(t, 7, exported, n)
	}
	lb := catalog("lb.example.com", puppetdb.NewUUID())
	refs := map[string]map[string]any{}
	for _, r := range lb["resources"].([]any) {
		m := r.(map[string]any)
		refs[fmt.Sprintf("%s[%s]", m["type"], m["title"])], _ = m["parameters"].(map[string]any)
	}
	for _, ref := range []string{"Host[web1.example.com]", "Host[web2.example.com]", "File[/etc/lb/web.d/web_web1]",
		"File[/etc/lb/api.d/legacy_web2]", "Sshkey[web2.example.com]", "Notify[check http_web1]"} {
		require.Contains(t, refs, ref)
	}
	require.Equal(t, []any{"check", "inter 2s", "backup"}, refs["Lb::Member[web_web2]"]["options"])

	// A node whose catalog fails to compile: its facts are stored all the
	// same, as puppetserver saves them before it compiles.
	code, body := post("dup.example.com", puppetdb.NewUUID())
	require.Equal(t, 500, code, "%s", body)
	require.Contains(t, string(body), "A duplicate resource was found while collecting exported resources")
	deadline := time.Now().Add(60 * time.Second)
	for {
		var nodes []map[string]any
		require.NoError(t, client.Query("/pdb/query/v4/nodes", []any{"=", "certname", "dup.example.com"}, &nodes))
		if len(nodes) == 1 {
			if ts, err := time.Parse(time.RFC3339Nano, fmt.Sprint(nodes[0]["facts_timestamp"])); err == nil && !ts.Before(start) {
				break
			}
		}
		require.True(t, time.Now().Before(deadline), "PuppetDB has no facts of dup.example.com from serve")
		time.Sleep(300 * time.Millisecond)
	}

	// A report: stored by PuppetDB's store report.
	report, err := os.ReadFile(filepath.Join("..", "..", "rt", "puppetdb", "testdata", "report.json"))
	require.NoError(t, err)
	var r map[string]any
	require.NoError(t, json.Unmarshal(report, &r))
	txn := puppetdb.NewUUID()
	r["host"], r["transaction_uuid"], r["catalog_uuid"] = "lb.example.com", txn, txn
	body, err = json.Marshal(r)
	require.NoError(t, err)
	req, err := http.NewRequest("PUT", "https://"+addr+"/puppet/v3/report/lb.example.com?environment=production", strings.NewReader(string(body)))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	resp, err := httpClient("lb.example.com").Do(req)
	require.NoError(t, err)
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode, "%s", answer)
	deadline = time.Now().Add(60 * time.Second)
	for {
		var reports []map[string]any
		require.NoError(t, client.Query("/pdb/query/v4/reports", []any{"=", "transaction_uuid", txn}, &reports))
		if len(reports) == 1 {
			require.Equal(t, "lb.example.com", reports[0]["certname"])
			require.Equal(t, "failed", reports[0]["status"])
			require.Equal(t, "puppet.test", reports[0]["producer"])
			break
		}
		require.True(t, time.Now().Before(deadline), "PuppetDB has no report %s after a minute:\n%s", txn, log.String())
		time.Sleep(300 * time.Millisecond)
	}
}

// waitListening waits until a server listens on addr.
func waitListening(t *testing.T, addr string, log *syncBuffer) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return
		}
		require.True(t, time.Now().Before(deadline), "serve does not listen on %s:\n%s", addr, log.String())
		time.Sleep(50 * time.Millisecond)
	}
}
