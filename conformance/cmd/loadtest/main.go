// Command loadtest measures a Puppet catalog server (a pp2go binary's
// `serve`, or puppetserver) with concurrent agent-like clients on loopback.
//
//	loadtest mkca -dir DIR [-server puppet.test] [-clients 16] [-prefix web]
//
// makes a CA (internal/testca) and writes DIR/server-ssl (a server ssldir
// for `serve --ssldir`, and puppetserver's ssldir), DIR/cadir
// (puppetserver's CA directory) and DIR/clients/NAME/ (each client's
// certificate and key: NAME is PREFIX1.example.com, PREFIX2...).
//
//	loadtest run -url https://127.0.0.1:8140 -dir DIR -facts F.json [-c 16] [-n 400] [-time 60s]
//
// runs -c clients, each with its own certificate of DIR/clients, doing
// what an agent does during `puppet agent -t` (GET node, POST catalog with
// its facts, GET file_metadatas of plugins) until -n catalogs were
// received or -time passed, and prints the catalogs per second and the
// latency percentiles of the catalog requests and of whole runs.
package main

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pp2go/pp2go/internal/testca"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "mkca":
		err = mkca(os.Args[2:])
	case "run":
		err = runLoad(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: loadtest mkca -dir DIR [-server NAME] [-clients N] [-prefix P]\n       loadtest run -url URL -dir DIR -facts F.json [-c N] [-n N] [-time D] [-env E]")
	os.Exit(2)
}

func mkca(args []string) error {
	fs := flag.NewFlagSet("mkca", flag.ExitOnError)
	dir := fs.String("dir", "", "output directory")
	server := fs.String("server", "puppet.test", "the server's certname (its certificate is also for localhost and 127.0.0.1)")
	clients := fs.Int("clients", 16, "client certificates")
	prefix := fs.String("prefix", "web", "client certnames are PREFIX1.example.com, PREFIX2...")
	extra := fs.String("extra", "", "more client certnames, comma-separated")
	revoked := fs.String("revoked", "", "a client certname whose certificate is revoked (in the CRL)")
	fs.Parse(args)
	if *dir == "" {
		return fmt.Errorf("mkca: -dir is required")
	}
	ca, err := testca.New("loadtest")
	if err != nil {
		return err
	}
	srv, err := ca.Issue(*server, testca.Options{DNSNames: []string{"localhost"}, IPs: []net.IP{net.IPv4(127, 0, 0, 1)}})
	if err != nil {
		return err
	}
	var names []string
	for i := 1; i <= *clients; i++ {
		names = append(names, fmt.Sprintf("%s%d.example.com", *prefix, i))
	}
	if *extra != "" {
		names = append(names, strings.Split(*extra, ",")...)
	}
	if *revoked != "" {
		names = append(names, *revoked)
	}
	for _, name := range names {
		c, err := ca.Issue(name, testca.Options{})
		if err != nil {
			return err
		}
		if name == *revoked {
			ca.Revoke(c)
		}
		d := filepath.Join(*dir, "clients", name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(d, "cert.pem"), c.PEM, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(d, "key.pem"), c.KeyPEM, 0o600); err != nil {
			return err
		}
	}
	if err := ca.WriteSSLDir(filepath.Join(*dir, "server-ssl"), srv); err != nil {
		return err
	}
	if err := ca.WriteCADir(filepath.Join(*dir, "cadir")); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(*dir, "ca.pem"), ca.PEM, 0o644)
}

// client is one agent: its certname and HTTPS client.
type client struct {
	name string
	http *http.Client
}

func loadClients(dir, prefix string, n int) ([]client, error) {
	caPEM, err := os.ReadFile(filepath.Join(dir, "ca.pem"))
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(caPEM)
	all, err := os.ReadDir(filepath.Join(dir, "clients"))
	if err != nil {
		return nil, err
	}
	// The numbered clients (PREFIXN.example.com), not -extra's.
	var entries []os.DirEntry
	for _, e := range all {
		host := strings.SplitN(e.Name(), ".", 2)[0]
		if n := strings.TrimPrefix(host, prefix); n != host && n != "" && strings.Trim(n, "0123456789") == "" {
			entries = append(entries, e)
		}
	}
	if len(entries) < n {
		return nil, fmt.Errorf("%d clients wanted, %d certificates in %s/clients", n, len(entries), dir)
	}
	var cs []client
	for _, e := range entries[:n] {
		d := filepath.Join(dir, "clients", e.Name())
		cert, err := tls.LoadX509KeyPair(filepath.Join(d, "cert.pem"), filepath.Join(d, "key.pem"))
		if err != nil {
			return nil, err
		}
		// One connection per client, kept alive, as an agent keeps its
		// connection during a run.
		tr := &http.Transport{
			TLSClientConfig:     &tls.Config{RootCAs: pool, Certificates: []tls.Certificate{cert}},
			MaxIdleConnsPerHost: 1,
			DisableCompression:  true,
		}
		cs = append(cs, client{name: e.Name(), http: &http.Client{Transport: tr, Timeout: 5 * time.Minute}})
	}
	return cs, nil
}

func runLoad(args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	base := fs.String("url", "https://127.0.0.1:8140", "the server")
	dir := fs.String("dir", "", "the directory of mkca")
	factsFile := fs.String("facts", "", "facts (facter's JSON) each client sends, its certname as name")
	conc := fs.Int("c", 16, "concurrent clients")
	count := fs.Int("n", 400, "stop after this many catalogs")
	limit := fs.Duration("time", 60*time.Second, "stop after this long")
	env := fs.String("env", "production", "the environment")
	prefix := fs.String("prefix", "web", "the clients of mkca's -prefix")
	warm := fs.Int("warmup", 1, "runs per client before measuring (servers that compile lazily)")
	fs.Parse(args)
	if *dir == "" || *factsFile == "" {
		return fmt.Errorf("run: -dir and -facts are required")
	}
	factsJSON, err := os.ReadFile(*factsFile)
	if err != nil {
		return err
	}
	var facts map[string]any
	if err := json.Unmarshal(factsJSON, &facts); err != nil {
		return fmt.Errorf("%s: %v", *factsFile, err)
	}
	clients, err := loadClients(*dir, *prefix, *conc)
	if err != nil {
		return err
	}

	resources := 0
	for i := 0; i < *warm; i++ {
		if _, _, resources, err = agentRun(clients[0], *base, *env, facts); err != nil {
			return fmt.Errorf("warm-up: %v", err)
		}
	}

	var (
		mu        sync.Mutex
		catLat    []time.Duration
		runLat    []time.Duration
		errs      []string
		remaining = int64(*count)
	)
	start := time.Now()
	deadline := start.Add(*limit)
	var wg sync.WaitGroup
	for _, c := range clients {
		wg.Add(1)
		go func(c client) {
			defer wg.Done()
			for time.Now().Before(deadline) && atomic.AddInt64(&remaining, -1) >= 0 {
				cat, whole, _, err := agentRun(c, *base, *env, facts)
				mu.Lock()
				if err != nil {
					errs = append(errs, err.Error())
				} else {
					catLat = append(catLat, cat)
					runLat = append(runLat, whole)
				}
				mu.Unlock()
			}
		}(c)
	}
	wg.Wait()
	elapsed := time.Since(start)
	fmt.Printf("server %s: %d clients, %d catalogs (%d resources each) in %.1fs: %.2f catalogs/s, %d errors\n",
		*base, *conc, len(catLat), resources, elapsed.Seconds(), float64(len(catLat))/elapsed.Seconds(), len(errs))
	fmt.Printf("  catalog request  p50 %s  p90 %s  p99 %s  max %s\n", pct(catLat, 50), pct(catLat, 90), pct(catLat, 99), pct(catLat, 100))
	fmt.Printf("  agent-like run   p50 %s  p90 %s  p99 %s  max %s\n", pct(runLat, 50), pct(runLat, 90), pct(runLat, 99), pct(runLat, 100))
	if len(errs) > 0 {
		fmt.Printf("  first error: %s\n", errs[0])
	}
	return nil
}

// agentRun does a run's requests, as Puppet 7's agent sends them, and
// returns the catalog request's duration, the whole run's and the number of
// resources in the catalog.
func agentRun(c client, base, env string, facts map[string]any) (time.Duration, time.Duration, int, error) {
	start := time.Now()
	q := "?environment=" + url.QueryEscape(env)
	if err := get(c, base+"/puppet/v3/node/"+c.name+q+"&transaction_uuid=00000000-0000-4000-8000-000000000000&configured_environment="+env); err != nil {
		return 0, 0, 0, err
	}
	if err := get(c, base+"/puppet/v3/file_metadatas/plugins"+q+"&links=follow&recurse=true&source_permissions=ignore&ignore=.svn&ignore=CVS&ignore=.git&ignore=.hg&checksum_type=sha256"); err != nil {
		return 0, 0, 0, err
	}
	now := time.Now().UTC()
	doc, _ := json.Marshal(map[string]any{
		"name": c.name, "values": facts,
		"timestamp":  now.Format("2006-01-02T15:04:05.000000000+00:00"),
		"expiration": now.Add(30 * time.Minute).Format("2006-01-02T15:04:05.000000000+00:00"),
	})
	form := url.Values{
		"environment": {env}, "facts_format": {"application/json"},
		// Puppet's agent encodes the facts once more (compiler.rb's
		// post_catalog), and puppetserver decodes them once more.
		"facts":            {url.QueryEscape(string(doc))},
		"transaction_uuid": {"00000000-0000-4000-8000-000000000000"}, "static_catalog": {"true"},
		"checksum_type": {"sha256.sha1.md5"}, "fail_on_404": {"true"}, "configured_environment": {env},
	}
	cs := time.Now()
	req, _ := http.NewRequest("POST", base+"/puppet/v3/catalog/"+c.name+q, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/vnd.puppet.rich+json, application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, 0, 0, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return 0, 0, 0, err
	}
	if resp.StatusCode != 200 {
		return 0, 0, 0, fmt.Errorf("catalog %s: %s: %.300s", c.name, resp.Status, body)
	}
	var cat struct {
		Resources []json.RawMessage `json:"resources"`
	}
	if err := json.Unmarshal(body, &cat); err != nil || len(cat.Resources) == 0 {
		return 0, 0, 0, fmt.Errorf("catalog %s: not a catalog: %.300s", c.name, body)
	}
	end := time.Now()
	return end.Sub(cs), end.Sub(start), len(cat.Resources), nil
}

func get(c client, u string) error {
	req, _ := http.NewRequest("GET", u, nil)
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != 200 {
		return fmt.Errorf("GET %s: %s: %.300s", u, resp.Status, body)
	}
	return nil
}

func pct(ds []time.Duration, p int) string {
	if len(ds) == 0 {
		return "-"
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := (len(s)*p + 99) / 100
	if i < 1 {
		i = 1
	}
	if i > len(s) {
		i = len(s)
	}
	return s[i-1].Round(time.Millisecond).String()
}
