// Package puppetdb is the catalog binary's PuppetDB client, as Puppet's
// puppetdb terminus (Debian's puppet-terminus-puppetdb 7.12) is
// puppetserver's: the query a collector of exported resources makes, and
// the commands that store a node's facts, catalog and report (replace
// facts v5, replace catalog v9, store report v8), in the wire formats
// PuppetDB 7 and 8 accept.
package puppetdb

import (
	"bytes"
	"crypto/sha1"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is what puppetdb.conf and Puppet's SSL settings give the terminus.
type Config struct {
	// URLs are server_urls: tried in order for a query (failover), and
	// for a command until one accepts it.
	URLs []string
	// CertFile, KeyFile and CAFile are the client certificate, its key and
	// the CA that signed PuppetDB's certificate (Puppet's hostcert,
	// hostprivkey and localcacert), for https URLs.
	CertFile, KeyFile, CAFile string
	// Timeout is server_url_timeout (Puppet's default: 30 seconds).
	Timeout time.Duration
}

// SSLDir fills the TLS files from a Puppet ssldir for a certificate name,
// as Puppet finds them: certs/NAME.pem, private_keys/NAME.pem, certs/ca.pem.
func (c *Config) SSLDir(dir, certname string) {
	c.CertFile = filepath.Join(dir, "certs", certname+".pem")
	c.KeyFile = filepath.Join(dir, "private_keys", certname+".pem")
	c.CAFile = filepath.Join(dir, "certs", "ca.pem")
}

// Client talks to PuppetDB. It is safe for concurrent use.
type Client struct {
	urls []*url.URL
	http *http.Client
}

// New checks the configuration and makes a client. Plain http URLs are
// accepted (PuppetDB serves plain HTTP on its loopback port), although
// Puppet's terminus accepts only https.
func New(cfg Config) (*Client, error) {
	if len(cfg.URLs) == 0 {
		return nil, fmt.Errorf("no PuppetDB server URL")
	}
	c := &Client{}
	needTLS := false
	for _, s := range cfg.URLs {
		u, err := url.Parse(strings.TrimSpace(s))
		if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
			return nil, fmt.Errorf("PuppetDB server URL %q: want https://HOST:PORT (or http:// for a loopback port)", s)
		}
		if u.RawQuery != "" || u.Fragment != "" {
			return nil, fmt.Errorf("PuppetDB server URL %q: must not include query parameters or a fragment", s)
		}
		needTLS = needTLS || u.Scheme == "https"
		c.urls = append(c.urls, u)
	}
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	if needTLS {
		tc := &tls.Config{MinVersion: tls.VersionTLS12}
		if cfg.CAFile != "" {
			pem, err := os.ReadFile(cfg.CAFile)
			if err != nil {
				return nil, fmt.Errorf("PuppetDB CA: %w", err)
			}
			pool := x509.NewCertPool()
			if !pool.AppendCertsFromPEM(pem) {
				return nil, fmt.Errorf("PuppetDB CA %s: no PEM certificate in it", cfg.CAFile)
			}
			tc.RootCAs = pool
		}
		if cfg.CertFile != "" || cfg.KeyFile != "" {
			cert, err := tls.LoadX509KeyPair(cfg.CertFile, cfg.KeyFile)
			if err != nil {
				return nil, fmt.Errorf("PuppetDB client certificate: %w", err)
			}
			tc.Certificates = []tls.Certificate{cert}
		}
		tr.TLSClientConfig = tc
	}
	c.http = &http.Client{Transport: tr, Timeout: timeout}
	return c, nil
}

// serverList is the URLs as the terminus lists them in its errors.
func (c *Client) serverList() string {
	s := make([]string, len(c.urls))
	for i, u := range c.urls {
		s[i] = u.String()
	}
	return strings.Join(s, ", ")
}

// hostPort is URI's scheme://host:port with the default port made explicit.
func hostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "443"
		if u.Scheme == "http" {
			port = "80"
		}
	}
	return u.Scheme + "://" + u.Hostname() + ":" + port
}

func concatURL(base *url.URL, suffix string) string {
	return strings.TrimSuffix(base.String(), "/") + "/" + strings.TrimPrefix(suffix, "/")
}

// response is a PuppetDB answer.
type response struct {
	code   int
	reason string
	body   []byte
}

func (r *response) success() bool { return r.code >= 200 && r.code < 300 }

// errorText is how the terminus reports an unsuccessful answer.
func (r *response) errorText() string {
	body := strings.NewReplacer("\r", "", "\n", "").Replace(string(r.body))
	return fmt.Sprintf("[%d %s] %s", r.code, r.reason, body)
}

// failover sends a request to each server in turn until one answers with
// something else than a server error or an unexpected 404
// (Http.failover_action); it returns the last URL tried too.
func (c *Client) failover(suffix string, do func(u string) (*http.Request, error)) (*response, *url.URL, error) {
	var last *url.URL
	for _, base := range c.urls {
		last = base
		req, err := do(concatURL(base, suffix))
		if err != nil {
			return nil, last, err
		}
		resp, err := c.http.Do(req)
		if err != nil {
			continue // a warning in Puppet, then the next server
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<30))
		resp.Body.Close()
		if err != nil {
			continue
		}
		r := &response{code: resp.StatusCode, reason: reasonPhrase(resp), body: body}
		if r.code >= 500 || (r.code == 404 && !bytes.HasPrefix(body, []byte("{"))) {
			continue
		}
		if r.code == 404 {
			return nil, last, fmt.Errorf("Failed to find '%s' on any of the following 'server_urls': %s", suffix, c.serverList())
		}
		return r, last, nil
	}
	return nil, last, fmt.Errorf("Failed to execute '%s' on at least 1 of the following 'server_urls': %s", suffix, c.serverList())
}

func reasonPhrase(resp *http.Response) string {
	if i := strings.IndexByte(resp.Status, ' '); i >= 0 {
		return resp.Status[i+1:]
	}
	return http.StatusText(resp.StatusCode)
}

// Query runs a query of the v4 API (path such as "/pdb/query/v4/nodes",
// query the AST, or nil) and decodes its JSON answer into out.
func (c *Client) Query(path string, query any, out any) error {
	suffix := path
	if query != nil {
		b, err := json.Marshal(query)
		if err != nil {
			return err
		}
		suffix += "?query=" + queryEscape(string(b))
	}
	r, _, err := c.failover(suffix, newGet)
	if err != nil {
		return err
	}
	if !r.success() {
		return fmt.Errorf("%s", r.errorText())
	}
	return json.Unmarshal(r.body, out)
}

func newGet(u string) (*http.Request, error) {
	req, err := http.NewRequest("GET", u, nil)
	if err == nil {
		req.Header.Set("Accept", "application/json")
	}
	return req, err
}

// queryEscape is Ruby's CGI.escape: spaces become '+', and everything but
// ASCII letters, digits and "-._~" is percent-encoded.
func queryEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z', ch >= '0' && ch <= '9', ch == '~', ch == '-', ch == '.', ch == '_':
			b.WriteByte(ch)
		case ch == ' ':
			b.WriteByte('+')
		default:
			fmt.Fprintf(&b, "%%%02X", ch)
		}
	}
	return b.String()
}

// Submit posts a command to /pdb/cmd/v1 as Puppet::Util::Puppetdb::Command
// does: the payload as JSON, with the checksum of the whole command, the
// certname, the command's name (spaces as underscores), its version and
// the producer timestamp as query parameters. It returns the UUID PuppetDB
// gave the command.
func (c *Client) Submit(command string, version int, certname string, producerTimestamp time.Time, payload any) (string, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return "", err
	}
	whole, err := json.Marshal(struct {
		Command  string          `json:"command"`
		Version  int             `json:"version"`
		Certname string          `json:"certname"`
		Payload  json.RawMessage `json:"payload"`
	}{command, version, certname, body})
	if err != nil {
		return "", err
	}
	sum := sha1.Sum(whole)
	params := "checksum=" + hex.EncodeToString(sum[:]) + "&version=" + strconv.Itoa(version) +
		"&certname=" + url.QueryEscape(certname) + "&command=" + strings.ReplaceAll(command, " ", "_") +
		"&producer-timestamp=" + url.QueryEscape(WireTime(producerTimestamp))
	r, last, err := c.failover("/pdb/cmd/v1?"+params, func(u string) (*http.Request, error) {
		req, err := http.NewRequest("POST", u, bytes.NewReader(body))
		if err == nil {
			req.Header.Set("Accept", "application/json")
			req.Header.Set("Content-Type", "application/json; charset=utf-8")
			req.Header.Set("X-Uncompressed-Length", strconv.Itoa(len(body)))
		}
		return req, err
	})
	if err == nil && !r.success() {
		err = fmt.Errorf("%s", r.errorText())
	}
	if err != nil {
		at := ""
		if last != nil {
			at = " at " + last.Hostname() + ":" + strings.TrimPrefix(hostPort(last), last.Scheme+"://"+last.Hostname()+":")
		}
		return "", fmt.Errorf("Failed to submit '%s' command for %s to PuppetDB%s: '%v'", command, certname, at, err)
	}
	var res struct {
		UUID string `json:"uuid"`
	}
	_ = json.Unmarshal(r.body, &res)
	return res.UUID, nil
}

// WireTime is Puppet::Util::Puppetdb.to_wire_time: ISO 8601 with
// milliseconds.
func WireTime(t time.Time) string {
	if t.Location() == time.UTC {
		return t.Format("2006-01-02T15:04:05.000Z")
	}
	return t.Format("2006-01-02T15:04:05.000-07:00")
}
