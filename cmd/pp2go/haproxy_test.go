package main

import (
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
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/internal/testca"
	"github.com/pp2go/pp2go/rt/puppetdb"
)

// haproxyConfig is the README's example configuration, with the test's
// addresses: TLS passes through to the replicas (they authenticate the
// agents' certificates), a replica is taken out when its /status/v1/simple
// stops answering, a connection a stopped replica refuses goes to the
// other one, and the admin socket drains a replica before a restart.
const haproxyConfig = `global
    maxconn 2000
    stats socket %s mode 600 level admin

defaults
    mode tcp
    timeout connect 2s
    timeout client 5m
    timeout server 5m
    retries 3
    option redispatch

frontend puppet
    bind %s
    default_backend serve

backend serve
    balance leastconn
    option httpchk GET /status/v1/simple
    http-check expect status 200
    default-server check check-ssl verify none inter 500ms fall 2 rise 2
    server a %s
    server b %s
`

// replica is a serve process of the test.
type replica struct {
	addr string
	cmd  *exec.Cmd
	done chan error
	log  *syncBuffer
}

// TestHAProxyReplicas: two serve replicas behind Debian's HAProxy, sharing
// one PuppetDB, serve agents while each in turn is stopped (SIGTERM) and
// started again. The first is drained first (HAProxy's admin socket: "set
// server serve/a state drain", as the README's rolling restart does): no
// agent run fails. The second is stopped as it is: only the runs with a
// request in flight on it may fail (a connection it accepted but had not
// yet read when it closed its listener), at most one per agent, at the time
// it stops; the others go to the first (a replica being stopped finishes
// the requests it has begun, HAProxy sends new connections to the other).
// PuppetDB has every successful run's report and each node's last catalog.
// An agent run is what Puppet's agent does over HTTPS with its certificate:
// a catalog request with its facts and a transaction UUID, then the
// report, each on a new connection. Last, Debian's real puppet agent
// (when installed) runs through HAProxy in noop mode, and its report
// reaches PuppetDB.
func TestHAProxyReplicas(t *testing.T) {
	base := os.Getenv("PP2GO_PUPPETDB_URL")
	if base == "" {
		t.Skip("PP2GO_PUPPETDB_URL is not set: start a throwaway PuppetDB with tools/puppetdb/start (as .ci/run does) and export what it prints")
	}
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		t.Skip("needs Debian's haproxy")
	}
	dir, _, binary := buildPuppetDBEnv(t)
	client, err := puppetdb.New(puppetdb.Config{URLs: []string{base}})
	require.NoError(t, err)

	ca, err := testca.New("pp2go-test")
	require.NoError(t, err)
	server, err := ca.Issue("puppet.test", testca.Options{IPs: []net.IP{net.IPv4(127, 0, 0, 1)}})
	require.NoError(t, err)
	var nodes []string
	certs := map[string]*testca.Cert{}
	for i := 3; i < 9; i++ {
		n := fmt.Sprintf("web%d.example.com", i)
		nodes = append(nodes, n)
		certs[n], err = ca.Issue(n, testca.Options{})
		require.NoError(t, err)
	}
	deactivateOthers(t, client, append([]string{"web1.example.com", "web2.example.com", "lb.example.com"}, nodes...))
	ssldir := filepath.Join(t.TempDir(), "ssl")
	require.NoError(t, ca.WriteSSLDir(ssldir, server))

	start := func(addr string) *replica {
		r := &replica{addr: addr, done: make(chan error, 1), log: &syncBuffer{}}
		r.cmd = exec.Command(binary, "serve", "--ssldir", ssldir, "--certname", "puppet.test", "--listen", addr,
			"--puppetdb", base, "-q")
		r.cmd.Stdout, r.cmd.Stderr = r.log, r.log
		require.NoError(t, r.cmd.Start())
		go func() { r.done <- r.cmd.Wait() }()
		waitListening(t, addr, r.log)
		return r
	}
	stop := func(r *replica) {
		require.NoError(t, r.cmd.Process.Signal(syscall.SIGTERM))
		select {
		case err := <-r.done:
			require.NoError(t, err, "serve on %s after SIGTERM:\n%s", r.addr, r.log.String())
		case <-time.After(40 * time.Second):
			t.Fatalf("serve on %s does not stop", r.addr)
		}
	}
	replicas := []*replica{start(freeAddr(t)), start(freeAddr(t))}
	t.Cleanup(func() {
		for _, r := range replicas {
			r.cmd.Process.Kill()
			if t.Failed() {
				t.Logf("serve on %s:\n%s", r.addr, r.log.String())
			}
		}
	})

	front := freeAddr(t)
	cfg := filepath.Join(t.TempDir(), "haproxy.cfg")
	sock := filepath.Join(t.TempDir(), "admin.sock")
	require.NoError(t, os.WriteFile(cfg, []byte(fmt.Sprintf(haproxyConfig, sock, front, replicas[0].addr, replicas[1].addr)), 0o644))
	hlog := &syncBuffer{}
	hp := exec.Command(haproxy, "-f", cfg, "-db")
	hp.Stdout, hp.Stderr = hlog, hlog
	require.NoError(t, hp.Start())
	t.Cleanup(func() {
		hp.Process.Kill()
		hp.Wait()
		if t.Failed() {
			t.Logf("haproxy:\n%s", hlog.String())
		}
	})
	waitListening(t, front, hlog)

	facts, err := os.ReadFile(filepath.Join(dir, "nodes", "web1.example.com.json"))
	require.NoError(t, err)
	report, err := os.ReadFile(filepath.Join("..", "..", "rt", "puppetdb", "testdata", "report.json"))
	require.NoError(t, err)
	agentRun := func(node string) (string, error) {
		c := &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{DisableKeepAlives: true,
			TLSClientConfig: &tls.Config{RootCAs: ca.Pool(), ServerName: "127.0.0.1", Certificates: []tls.Certificate{certs[node].TLS()}}}}
		txn := puppetdb.NewUUID()
		doc, _ := json.Marshal(map[string]json.RawMessage{"name": json.RawMessage(`"` + node + `"`), "values": facts})
		form := url.Values{"environment": {"production"}, "facts_format": {"application/json"},
			"facts": {url.QueryEscape(string(doc))}, "transaction_uuid": {txn}}
		resp, err := c.PostForm("https://"+front+"/puppet/v3/catalog/"+node+"?environment=production", form)
		if err != nil {
			return txn, fmt.Errorf("catalog: %w", err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return txn, fmt.Errorf("catalog: %d %s", resp.StatusCode, body)
		}
		var r map[string]any
		json.Unmarshal(report, &r)
		r["host"], r["transaction_uuid"], r["catalog_uuid"] = node, txn, txn
		b, _ := json.Marshal(r)
		req, _ := http.NewRequest("PUT", "https://"+front+"/puppet/v3/report/"+node+"?environment=production", strings.NewReader(string(b)))
		req.Header.Set("Content-Type", "application/json")
		resp, err = c.Do(req)
		if err != nil {
			return txn, fmt.Errorf("report: %w", err)
		}
		body, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return txn, fmt.Errorf("report: %d %s", resp.StatusCode, body)
		}
		return txn, nil
	}

	var mu sync.Mutex
	var done []string // transaction UUIDs of the runs that succeeded
	last := map[string]string{}
	type failure struct {
		at   time.Time
		text string
	}
	var failures []failure
	quit := make(chan struct{})
	var wg sync.WaitGroup
	for _, n := range nodes {
		wg.Add(1)
		go func(n string) {
			defer wg.Done()
			for {
				select {
				case <-quit:
					return
				default:
				}
				txn, err := agentRun(n)
				mu.Lock()
				if err != nil {
					failures = append(failures, failure{time.Now(), fmt.Sprintf("%s %s: %v", time.Now().Format("15:04:05.000"), n, err)})
				} else {
					done = append(done, txn)
					last[n] = txn
				}
				mu.Unlock()
			}
		}(n)
	}
	runs := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(done)
	}
	time.Sleep(2 * time.Second)
	var stoppedAt time.Time
	for i := range replicas {
		before := runs()
		name := string(rune('a' + i))
		if i == 0 {
			t.Logf("draining replica a (%s) after %d runs", replicas[i].addr, before)
			haproxyAdmin(t, sock, "set server serve/a state drain")
			waitNoSessions(t, sock, "serve", "a")
		}
		t.Logf("stopping replica %s (%s) after %d runs", name, replicas[i].addr, runs())
		stoppedAt = time.Now()
		stop(replicas[i])
		time.Sleep(2 * time.Second)
		require.Greater(t, runs(), before, "agents get no catalogs while replica %s is stopped", name)
		replicas[i] = start(replicas[i].addr)
		if i == 0 {
			haproxyAdmin(t, sock, "set server serve/a state ready")
		}
		time.Sleep(2 * time.Second) // HAProxy's checks see it again (rise 2, inter 500ms)
	}
	close(quit)
	wg.Wait()
	t.Logf("%d agent runs, %d failed", len(done), len(failures))
	require.Greater(t, len(done), 20)
	require.LessOrEqual(t, len(failures), len(nodes), "more agent runs failed than agents had requests in flight")
	for _, f := range failures {
		// Only when b stopped: not while a was drained and stopped, nor
		// when they were started again.
		require.WithinDuration(t, stoppedAt, f.at, 2*time.Second, "an agent run failed: %s", f.text)
		t.Logf("in flight on b when it stopped: %s", f.text)
	}

	// PuppetDB has every report, and each node's last catalog.
	deadline := time.Now().Add(90 * time.Second)
	for {
		var stored []struct {
			TransactionUUID string `json:"transaction_uuid"`
		}
		err := client.Query("/pdb/query/v4/reports", []any{"extract", []any{"transaction_uuid"},
			[]any{"~", "certname", `^web[3-8]\.example\.com$`}}, &stored)
		require.NoError(t, err)
		have := map[string]bool{}
		for _, r := range stored {
			have[r.TransactionUUID] = true
		}
		missing := 0
		for _, u := range done {
			if !have[u] {
				missing++
			}
		}
		if missing == 0 {
			break
		}
		require.True(t, time.Now().Before(deadline), "PuppetDB lacks %d of the %d reports after 90s", missing, len(done))
		time.Sleep(500 * time.Millisecond)
	}
	for _, n := range nodes {
		var cat map[string]any
		deadline := time.Now().Add(60 * time.Second)
		for {
			require.NoError(t, client.Query("/pdb/query/v4/catalogs/"+n, nil, &cat))
			if cat["transaction_uuid"] == last[n] {
				break
			}
			require.True(t, time.Now().Before(deadline), "PuppetDB's catalog of %s is not its last run's", n)
			time.Sleep(300 * time.Millisecond)
		}
	}

	// A real agent through HAProxy (Debian's puppet agent, in noop mode:
	// the catalog manages this machine's /srv/www), its report in PuppetDB.
	if _, err := exec.LookPath("puppet"); err == nil {
		agentStart := time.Now().Add(-time.Second)
		out, code := noopAgent(t, ca, certs["web3.example.com"], front)
		require.True(t, code == 0 || code == 2, "puppet agent --noop through HAProxy: exit %d\n%s", code, out)
		// (Facter's own errors, where /proc is closed to it, do not fail a run.)
		require.Contains(t, out, "Notice: Applied catalog in", out)
		require.NotContains(t, out, "Error: Could not", out)
		deadline := time.Now().Add(60 * time.Second)
		for {
			var reports []struct {
				Noop              bool   `json:"noop"`
				ProducerTimestamp string `json:"producer_timestamp"`
			}
			require.NoError(t, client.Query("/pdb/query/v4/reports", []any{"and", []any{"=", "certname", "web3.example.com"},
				[]any{"=", "noop", true}}, &reports))
			found := false
			for _, r := range reports {
				if ts, err := time.Parse(time.RFC3339Nano, r.ProducerTimestamp); err == nil && ts.After(agentStart) {
					found = true
				}
			}
			if found {
				break
			}
			require.True(t, time.Now().Before(deadline), "PuppetDB has no report of the agent's noop run:\n%s", out)
			time.Sleep(300 * time.Millisecond)
		}
	} else {
		t.Log("no puppet agent: no real agent run through HAProxy")
	}
}

// haproxyAdmin sends a command to HAProxy's admin socket and returns the
// answer.
func haproxyAdmin(t *testing.T, sock, command string) string {
	t.Helper()
	c, err := net.Dial("unix", sock)
	require.NoError(t, err)
	defer c.Close()
	_, err = io.WriteString(c, command+"\n")
	require.NoError(t, err)
	b, err := io.ReadAll(c)
	require.NoError(t, err)
	answer := strings.TrimSpace(string(b))
	require.False(t, strings.Contains(answer, "Unknown") || strings.Contains(answer, "No such"), "%s: %s", command, answer)
	return answer
}

// waitNoSessions waits until HAProxy has no session open with a server
// (show stat's scur).
func waitNoSessions(t *testing.T, sock, backend, server string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		lines := strings.Split(haproxyAdmin(t, sock, "show stat"), "\n")
		col := -1
		for _, l := range lines {
			f := strings.Split(l, ",")
			if strings.HasPrefix(l, "# ") {
				for i, name := range f {
					if name == "scur" {
						col = i
					}
				}
				continue
			}
			if col > 0 && len(f) > col && strings.TrimPrefix(f[0], "# ") == backend && f[1] == server && f[col] == "0" {
				return
			}
		}
		require.True(t, time.Now().Before(deadline), "HAProxy still has sessions with %s/%s", backend, server)
		time.Sleep(100 * time.Millisecond)
	}
}

// noopAgent runs Debian's `puppet agent -t --noop` as cert's node against
// addr, with directories of its own, and returns its output and exit code.
func noopAgent(t *testing.T, ca *testca.CA, cert *testca.Cert, addr string) (string, int) {
	t.Helper()
	dir := t.TempDir()
	ssldir := filepath.Join(dir, "ssl")
	require.NoError(t, ca.WriteSSLDir(ssldir, cert))
	host, port, _ := net.SplitHostPort(addr)
	args := []string{"agent", "--test", "--noop", "--no-daemonize", "--onetime", "--color", "false", "--no-splay",
		"--no-usecacheonfailure", "--confdir", filepath.Join(dir, "conf"), "--vardir", filepath.Join(dir, "var"),
		"--ssldir", ssldir, "--rundir", filepath.Join(dir, "run"), "--logdir", filepath.Join(dir, "log"),
		"--codedir", filepath.Join(dir, "code"), "--publicdir", filepath.Join(dir, "public"),
		"--certname", cert.Name, "--server", host, "--serverport", port, "--environment", "production"}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "puppet", args...).CombinedOutput()
	code := 0
	if err != nil {
		xe, ok := err.(*exec.ExitError)
		require.True(t, ok, "puppet agent: %v\n%s", err, out)
		code = xe.ExitCode()
	}
	return string(out), code
}
