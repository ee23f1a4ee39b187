// Package server is the HTTPS side of a catalog binary's `serve`: the API
// a Puppet agent (7 and 8) uses during `puppet agent -t`, as puppetserver
// serves it, answered from the environment compiled into the binary.
//
// TLS comes from an ssldir in puppetserver's layout; a client certificate
// is verified against the CA and the CRL, and its CN is the client's
// certname, from which (with its extensions) $trusted is built. Access
// follows puppetserver's default auth.conf; errors have puppetserver's
// status codes and bodies, so that the agent prints Puppet's messages.
// The file endpoints are another package's (Config.Files).
package server

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"github.com/pp2go/pp2go/rt/values"
)

// Config is what a server serves and how.
type Config struct {
	Program  *rt.Program
	SSLDir   string
	Certname string // the server's certificate's name in SSLDir
	// ReportDir receives agents' reports as REPORTDIR/NODE/YYYYMMDDHHMM.json
	// (Puppet's `store` report processor's names); "" accepts and drops them.
	ReportDir string
	// Files answers /puppet/v3/file_metadata(s) and file_content requests
	// once they are authorized; nil answers them 404.
	Files http.Handler
	// DecodeJSON decodes a JSON document into Puppet values, keeping the
	// order of hash keys (facts keep the agent's order, as in Puppet).
	DecodeJSON func([]byte) (values.Value, error)
	// Log receives a line per request (and the compiles' errors); nil
	// discards them.
	Log io.Writer
	// CompileLogs, when set, is given each compile's log entries.
	CompileLogs func(node string, logs []rt.LogEntry)
	// MaxBody is the largest request body accepted (413 beyond);
	// 0 means 64 MiB.
	MaxBody int64
	// Jobs is how many catalogs compile at once; others wait their turn.
	// 0 means one per CPU.
	Jobs int
	// Store, when set, is given each catalog request's compile, failed or
	// not, with the request's form (transaction_uuid, job_id), before the
	// answer is sent: puppetserver's saves of the facts (which it makes
	// before compiling) and of the catalog (PuppetDB); its error fails the
	// request as a compile error does, in place of the compile's. The
	// result is released once the answer is sent (rt.Result.Release):
	// Store keeps nothing of its catalog or JSON.
	Store func(node *rt.Node, res *rt.Result, info rt.CatalogInfo, form url.Values) error
	// Report, when set, processes each report an agent sends (PuppetDB's
	// report processor); an error is logged, the report still accepted,
	// as Puppet's report processors fail.
	Report func(node string, body []byte) error
	// OIDNames are the short names of certificate extensions that
	// $trusted['extensions'] uses besides Puppet's own (the
	// trusted_oid_mapping_file: OIDMapping).
	OIDNames map[string]string
}

// Server serves the agent API for one program.
type Server struct {
	cfg         Config
	ssl         *sslDir
	rules       []rule
	jobs        chan struct{}
	version     string // the catalogs' version: when the server loaded the environment
	timeVersion bool   // version is that time, not config_version's output
	logMu       sync.Mutex
	http        *http.Server
}

// New reads the ssldir and makes a server.
func New(cfg Config) (*Server, error) {
	if cfg.Program == nil || cfg.DecodeJSON == nil {
		return nil, errors.New("server: Config needs Program and DecodeJSON")
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 64 << 20
	}
	if cfg.Jobs <= 0 {
		cfg.Jobs = runtime.NumCPU()
	}
	ssl, err := loadSSLDir(cfg.SSLDir, cfg.Certname)
	if err != nil {
		return nil, err
	}
	s := &Server{
		cfg:   cfg,
		ssl:   ssl,
		rules: defaultRules,
		jobs:  make(chan struct{}, cfg.Jobs),
		// Puppet's catalog version is the time its environment's code was
		// loaded (Time.now.to_i): a binary's code is loaded once, at start.
		version:     strconv.FormatInt(time.Now().Unix(), 10),
		timeVersion: true,
	}
	if cv := configVersion(cfg.Program); cv != "" {
		// the environment's config_version command, which the build
		// ran: its output is the program's version
		s.version, s.timeVersion = cfg.Program.Version, false
	}
	s.http = &http.Server{
		Handler:           s,
		TLSConfig:         ssl.tlsConfig(),
		ReadHeaderTimeout: 30 * time.Second,
		// A body trickled in slowly must not hold a connection forever.
		ReadTimeout:    5 * time.Minute,
		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: 1 << 20,
		// net/http's own messages (a refused TLS handshake: a revoked or
		// foreign certificate) go to the request log too.
		ErrorLog: log.New(logWriter{s}, "", 0),
	}
	return s, nil
}

// TLSConfig is the server's TLS configuration (tests dial with it).
func (s *Server) TLSConfig() *tls.Config { return s.http.TLSConfig }

// Serve accepts TLS connections on l until Shutdown.
func (s *Server) Serve(l net.Listener) error {
	err := s.http.ServeTLS(l, "", "")
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown stops accepting connections and waits for requests in flight.
func (s *Server) Shutdown(ctx context.Context) error { return s.http.Shutdown(ctx) }

// request is what a handler knows of a request.
type request struct {
	w        *statusWriter
	r        *http.Request
	certname string // "" when not authenticated
	trusted  *values.Hash
}

// ServeHTTP authenticates, authorizes, routes and logs a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w}
	req := &request{w: sw, r: r}
	defer func() {
		if v := recover(); v != nil {
			// A bug must not take the server down: the client gets a 500
			// with the panic's text, as Puppet answers a StandardError.
			if sw.status == 0 {
				puppetError(sw, http.StatusInternalServerError, fmt.Sprintf("Server Error: %v", v), "RUNTIME_ERROR")
			}
			s.logf("Error: panic serving %s %s: %v", r.Method, r.URL.RequestURI(), v)
		}
		s.logRequest(req, start)
	}()
	w.Header().Set("X-Puppet-Version", s.cfg.Program.Puppet().Version)
	ip, _, _ := net.SplitHostPort(r.RemoteAddr)
	if r.TLS != nil && len(r.TLS.VerifiedChains) > 0 {
		cert := r.TLS.VerifiedChains[0][0]
		if s.ssl.isRevoked(cert) {
			// puppetserver refuses a revoked certificate in the TLS
			// handshake; here the client learns why.
			s.logf("Forbidden request: %s(%s): its certificate (serial %s) is revoked by %s", cert.Subject.CommonName, ip, cert.SerialNumber, s.ssl.crlPath)
			text(sw, http.StatusForbidden, fmt.Sprintf("Forbidden request: the client certificate for '%s' (serial %s) is revoked.", cert.Subject.CommonName, cert.SerialNumber))
			return
		}
		req.certname = cert.Subject.CommonName
		req.trusted = trustedFor(cert, s.cfg.OIDNames)
	}
	uri := r.URL.EscapedPath()
	if denial := authorize(s.rules, r.Method, uri, req.certname, ip); denial != "" {
		s.logf("%s", denial)
		text(sw, http.StatusForbidden, denialBody(r.Method, uri))
		return
	}
	if r.Body != nil {
		r.Body = http.MaxBytesReader(sw, r.Body, s.cfg.MaxBody)
	}
	s.route(req)
}

// route dispatches an authorized request.
func (s *Server) route(req *request) {
	r, w := req.r, req.w
	path := r.URL.Path
	switch {
	case path == "/status/v1/simple":
		text(w, http.StatusOK, "running")
	case strings.HasPrefix(path, "/status/v1/services"):
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		fmt.Fprintf(w, `{"pp2go":{"service_version":%q,"service_status_version":1,"detail_level":"info","state":"running","status":{}}}`, s.cfg.Program.Puppet().Version)
	case path == "/puppet-ca/v1/certificate_revocation_list/ca":
		s.serveFile(w, r, s.ssl.crlPath)
	case strings.HasPrefix(path, "/puppet-ca/v1/certificate/"):
		s.certificate(w, r, strings.TrimPrefix(path, "/puppet-ca/v1/certificate/"))
	case strings.HasPrefix(path, "/puppet-ca/"):
		// Signing stays with Puppet's CA tools.
		text(w, http.StatusNotFound, "Not Found: this server does not sign certificates; use Puppet's CA (puppetserver ca)")
	case strings.HasPrefix(path, "/puppet/v3/"):
		s.indirected(req)
	default:
		notRouted(w, r)
	}
}

// indirected answers Puppet's /puppet/v3 API as its indirected routes do:
// /puppet/v3/INDIRECTION/KEY?environment=ENV.
func (s *Server) indirected(req *request) {
	r, w := req.r, req.w
	rest := strings.TrimPrefix(r.URL.Path, "/puppet/v3/")
	indirection, key, _ := strings.Cut(rest, "/")
	switch indirection {
	case "catalog", "node", "report", "file_metadata", "file_metadatas", "file_content", "environments":
	default:
		// puppetserver 7 routes no other endpoint (status, facts,
		// file_bucket_file, static_file_content, tasks): Jetty answers.
		notRouted(w, r)
		return
	}
	if indirection == "environments" {
		s.environments(w)
		return
	}
	query := r.URL.Query()
	if r.Method == http.MethodPost && indirection == "catalog" {
		if err := r.ParseForm(); err != nil {
			bodyError(w, err)
			return
		}
		query = r.Form
	}
	env, given := query.Get("environment"), query.Has("environment")
	switch {
	case indirection == "catalog" && (!given || !wordRE.MatchString(env)):
		// puppetserver checks the catalog's environment itself.
		if !given {
			env = "null"
		}
		text(w, 400, fmt.Sprintf("The environment must be purely alphanumeric, not '%s'", env))
		return
	case !given && (indirection == "file_metadatas" || indirection == "file_content"):
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(400)
		fmt.Fprintf(w, "A %s request must include an `environment` or `versioned_project` query parameter.", indirection)
		return
	case env == "":
		puppetError(w, 400, "Bad Request: An environment parameter must be specified", "RUNTIME_ERROR")
		return
	case !wordRE.MatchString(env):
		puppetError(w, 400, fmt.Sprintf("Bad Request: The environment must be purely alphanumeric, not '%s'", env), "RUNTIME_ERROR")
		return
	}
	known := env == s.cfg.Program.Environment
	switch indirection {
	case "catalog", "node", "report":
		if key == "" {
			puppetError(w, 400, fmt.Sprintf("Bad Request: No request key specified in %s", r.URL.Path), "RUNTIME_ERROR")
			return
		}
		// The rules compared the path's name with the certname before it
		// was decoded; the decoded one must be the certname too.
		if key != req.certname {
			text(w, http.StatusForbidden, denialBody(r.Method, r.URL.EscapedPath()))
			return
		}
	}
	switch indirection {
	case "catalog":
		if r.Method != http.MethodGet && r.Method != http.MethodPost {
			puppetError(w, 405, fmt.Sprintf("Method Not Allowed: No support for http method %s", r.Method), "RUNTIME_ERROR")
			return
		}
		// The catalog terminus does not require a known environment: for
		// another one puppetserver compiles the node in its default
		// environment, and the agent, seeing the catalog's, switches to it.
		s.catalog(req, key, query)
	case "node":
		if !known {
			puppetError(w, 404, fmt.Sprintf("Not Found: Could not find environment '%s'", env), "RUNTIME_ERROR")
			return
		}
		w.Header().Set("Content-Type", rubyJSON)
		w.WriteHeader(http.StatusOK)
		b, _ := json.Marshal(map[string]string{"name": key, "environment": env})
		w.Write(b)
	case "report":
		if !known {
			puppetError(w, 404, fmt.Sprintf("Not Found: Could not find environment '%s'", env), "RUNTIME_ERROR")
			return
		}
		s.report(req, key)
	case "file_metadata", "file_metadatas", "file_content":
		if !known {
			puppetError(w, 404, fmt.Sprintf("Not Found: Could not find environment '%s'", env), "RUNTIME_ERROR")
			return
		}
		if s.cfg.Files == nil {
			puppetError(w, 404, fmt.Sprintf("Not Found: Could not find %s %s", indirection, key), "RESOURCE_NOT_FOUND")
			return
		}
		s.cfg.Files.ServeHTTP(w, r)
	}
}

// notRouted is Jetty's answer where puppetserver has no route.
func notRouted(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprintf(w, "{\n\"message\":\"Not Found\",\n\"url\":%s,\n\"status\":\"404\"\n}", jsonString(r.URL.EscapedPath()))
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// environments lists the one environment compiled into the binary, as
// puppetserver's /puppet/v3/environments lists its environments.
func (s *Server) environments(w http.ResponseWriter) {
	p := s.cfg.Program
	var modulepath []string
	if mp := p.Setting("modulepath"); mp != "" {
		modulepath = strings.Split(mp, ":")
	}
	doc := map[string]any{
		"search_paths": []string{"file://" + p.Setting("environmentpath"), "data:text/plain,internal"},
		"environments": map[string]any{
			p.Environment: map[string]any{"settings": map[string]any{
				"modulepath":          modulepath,
				"manifest":            p.Setting("manifest"),
				"environment_timeout": "unlimited",
				"config_version":      configVersion(p),
			}},
		},
	}
	b, _ := json.Marshal(doc)
	w.Header().Set("Content-Type", rubyJSON)
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// configVersion is the program's config_version setting, "" for none.
func configVersion(p *rt.Program) string {
	v, _ := p.BuildSetting("config_version")
	s, _ := v.(string)
	return s
}

// wordRE is Puppet's test for indirection and environment names (\w+).
var wordRE = lazyre.New(`^\w+$`)

// certnameRE is what a node name in a file name may be: a certname
// Puppet's CA signs (lower case letters, digits, '.', '-', '_').
var certnameRE = lazyre.New(`^[a-z0-9_-][a-z0-9._-]*$`)

// catalog compiles the node's catalog from the facts of the request.
func (s *Server) catalog(req *request, node string, form url.Values) {
	w := req.w
	facts, err := s.facts(form, node)
	if err != nil {
		puppetError(w, 400, "Bad Request: "+err.Error(), "RUNTIME_ERROR")
		return
	}
	s.jobs <- struct{}{}
	n := &rt.Node{Name: node, Facts: facts, Trusted: req.trusted}
	info := rt.CatalogInfo{Version: s.version, TimeVersion: s.timeVersion, CatalogUUID: newUUID()}
	ctype, rich := catalogType(req.r.Header.Get("Accept"), s.cfg.Program.RichData())
	if !rich {
		info.Plain = s.cfg.Program.PlainJSON()
	}
	res := rt.CompileForAgent(s.cfg.Program, n, info)
	<-s.jobs
	// once the catalog is stored and sent, its chunks and JSON buffer
	// go to the next compile (rt.Result.Release), as a batch's do
	defer res.Release()
	if s.cfg.Store != nil {
		if err := s.cfg.Store(n, res, info, form); err != nil {
			res.Err = err
		}
	}
	if s.cfg.CompileLogs != nil {
		s.cfg.CompileLogs(node, res.Logs)
	}
	if res.Err != nil {
		// Puppet logs the error and answers HTTPServerError.
		s.logf("Error: %s", res.Err)
		puppetError(w, 500, "Server Error: "+res.Err.Error(), "RUNTIME_ERROR")
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.WriteHeader(http.StatusOK)
	w.Write(res.JSON)
}

// facts are the facts of a catalog request: facts_format and facts (the
// JSON of Puppet::Node::Facts, {"name": .., "values": {..}}, which the
// agent encodes once more: Puppet unescapes it again). A request without
// facts compiles with none, as Puppet without cached facts does.
func (s *Server) facts(form url.Values, node string) (*values.Hash, error) {
	text, ok := form["facts"]
	if !ok {
		return values.NewHash(), nil
	}
	format := form.Get("facts_format")
	switch format {
	case "":
		return nil, fmt.Errorf("Facts but no fact format provided for %s", node)
	case "application/json", "pson":
	default:
		return nil, errors.New("Unsupported facts format")
	}
	raw, err := url.QueryUnescape(text[0])
	if err != nil {
		return nil, fmt.Errorf("the facts are not URL-encoded: %v", err)
	}
	// One pass of the binary's decoder (it keeps the agent's order of the
	// facts, as Puppet does).
	v, err := s.cfg.DecodeJSON([]byte(raw))
	if err != nil {
		return nil, fmt.Errorf("the facts are not JSON: %v", err)
	}
	doc, ok := v.(*values.Hash)
	if !ok {
		return nil, errors.New("the facts are not a JSON object of name and values")
	}
	name, _ := doc.GetString("name")
	vals, _ := doc.GetString("values")
	h, ok := vals.(*values.Hash)
	if _, isString := name.(values.String); !isString || !ok {
		return nil, errors.New("the facts are not a JSON object of name and values: the name is not a string or the values not a hash")
	}
	if n := string(name.(values.String)); n != node {
		return nil, fmt.Errorf("Catalog for %q was requested with fact definition for the wrong node (%q).", node, n)
	}
	return h, nil
}

// report stores an agent's report: REPORTDIR/NODE/YYYYMMDDHHMM.json, as
// Puppet's store processor names its YAML files.
func (s *Server) report(req *request, node string) {
	r, w := req.r, req.w
	if r.Method != http.MethodPut {
		puppetError(w, 405, fmt.Sprintf("Method Not Allowed: No support for http method %s", r.Method), "RUNTIME_ERROR")
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		bodyError(w, err)
		return
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(body, &doc); err != nil {
		puppetError(w, 400, "Bad Request: The request body is invalid: "+err.Error(), "RUNTIME_ERROR")
		return
	}
	processors := "[]"
	if s.cfg.ReportDir != "" {
		if !certnameRE.MatchString(node) {
			puppetError(w, 400, fmt.Sprintf("Bad Request: Invalid node name %q", node), "RUNTIME_ERROR")
			return
		}
		if err := storeReport(filepath.Join(s.cfg.ReportDir, node), body); err != nil {
			s.logf("Error: Report %s failed: %v", node, err)
			puppetError(w, 500, "Server Error: could not store the report: "+err.Error(), "RUNTIME_ERROR")
			return
		}
		processors = `["store"]`
	}
	if s.cfg.Report != nil {
		if err := s.cfg.Report(node, body); err != nil {
			s.logf("Error: Report processor failed: %v", err)
		}
		processors = strings.TrimSuffix(processors, "]")
		if processors != "[" {
			processors += ","
		}
		processors += `"puppetdb"]`
	}
	w.Header().Set("Content-Type", rubyJSON)
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, processors)
}

func storeReport(dir string, body []byte) error {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	stamp := time.Now().UTC().Format("200601021504")
	for i := 1; ; i++ {
		name := stamp + ".json"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.json", stamp, i)
		}
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return err
		}
		if _, err := f.Write(body); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
}

// certificate serves a signed certificate: the CA's ("ca"), or a node's
// from the CA's signed directory (SSLDIR/ca/signed) or SSLDIR/certs.
func (s *Server) certificate(w http.ResponseWriter, r *http.Request, name string) {
	if name == "ca" {
		s.serveFile(w, r, filepath.Join(s.ssl.dir, "certs", "ca.pem"))
		return
	}
	if certnameRE.MatchString(name) {
		for _, p := range []string{filepath.Join(s.ssl.dir, "ca", "signed", name+".pem"), filepath.Join(s.ssl.dir, "certs", name+".pem")} {
			if _, err := os.Stat(p); err == nil {
				s.serveFile(w, r, p)
				return
			}
		}
	}
	text(w, http.StatusNotFound, "Could not find certificate "+name)
}

// serveFile serves a PEM file of the ssldir, answering If-Modified-Since
// (the agent refreshes its CRL so).
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, path string) {
	f, err := os.Open(path)
	if err != nil {
		text(w, http.StatusNotFound, "Not Found: "+filepath.Base(path))
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		text(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain")
	http.ServeContent(w, r, "", st.ModTime(), f)
}

// puppetError answers as Puppet's HTTP handler does when a request fails:
// JSON {"message": .., "issue_kind": ..}; the agent prints the message
// ("Error 500 on SERVER: Server Error: ...").
func puppetError(w http.ResponseWriter, status int, message, kind string) {
	b, _ := json.Marshal(struct {
		Message   string `json:"message"`
		IssueKind string `json:"issue_kind"`
	}{message, kind})
	w.Header().Set("Content-Type", rubyJSON)
	w.WriteHeader(status)
	w.Write(b)
}

// bodyError answers a body that could not be read: too large (413), or
// malformed (400).
func bodyError(w http.ResponseWriter, err error) {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		puppetError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("Request Entity Too Large: the request body is larger than %d bytes", tooBig.Limit), "RUNTIME_ERROR")
		return
	}
	puppetError(w, 400, "Bad Request: The request body is invalid: "+err.Error(), "RUNTIME_ERROR")
}

func text(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

// newUUID is a random (version 4) UUID, as Puppet gives each catalog.
func newUUID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// statusWriter remembers the status and size of a response for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
	size   int64
}

func (w *statusWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.size += int64(n)
	return n, err
}

// logRequest writes the request's line, in the common log format
// puppetserver's access log uses, with the client's certname as the user
// and the duration in milliseconds last:
// 127.0.0.1 - web1.example.com [25/Nov/2026:12:00:00 +0000] "POST /puppet/v3/catalog/web1.example.com HTTP/1.1" 200 5123 12.5
func (s *Server) logRequest(req *request, start time.Time) {
	if s.cfg.Log == nil {
		return
	}
	ip, _, _ := net.SplitHostPort(req.r.RemoteAddr)
	user := req.certname
	if user == "" {
		user = "-"
	}
	status := req.w.status
	if status == 0 {
		status = http.StatusOK
	}
	uri := req.r.URL.RequestURI()
	if len(uri) > 1024 {
		uri = uri[:1024] + "..."
	}
	line := fmt.Sprintf("%s - %s [%s] %q %d %d %.1f\n", ip, user, start.Format("02/Jan/2006:15:04:05 -0700"),
		req.r.Method+" "+uri+" "+req.r.Proto, status, req.w.size, float64(time.Since(start).Microseconds())/1000)
	s.logMu.Lock()
	io.WriteString(s.cfg.Log, line)
	s.logMu.Unlock()
}

// logWriter writes net/http's messages to the server's log.
type logWriter struct{ s *Server }

func (w logWriter) Write(b []byte) (int, error) {
	w.s.logf("%s", b)
	return len(b), nil
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Log == nil {
		return
	}
	line := fmt.Sprintf(format, args...)
	s.logMu.Lock()
	io.WriteString(s.cfg.Log, strings.TrimRight(line, "\n")+"\n")
	s.logMu.Unlock()
}

// catalogType is the content type of a catalog for an agent that accepts
// these types, and whether it is written with rich data: Puppet's handler
// picks the first format it supports, and supports the rich data JSON
// only for an environment whose rich_data is on (network/formats.rb), so
// that it is that format when the agent names it before plain JSON
// (Puppet 7 and 8 agents do). The plain JSON format writes plain data
// (ToDataConverter with the context's rich_data, false: rt.PlainJSON).
func catalogType(accept string, richData bool) (string, bool) {
	for _, t := range strings.Split(accept, ",") {
		t, _, _ = strings.Cut(t, ";")
		switch strings.TrimSpace(t) {
		case "application/vnd.puppet.rich+json":
			if richData {
				return "application/vnd.puppet.rich+json;charset=utf-8", true
			}
		case "application/json":
			return rubyJSON, false
		}
	}
	return rubyJSON, richData
}

// rubyJSON is the content type of what Puppet's Ruby side answers in
// puppetserver (catalogs, nodes, reports, errors).
const rubyJSON = "application/json;charset=utf-8"
