package erb

import (
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Net::HTTP against loopback servers: what Ruby 3.1's net/http gives for
// the same answers (ruby -rnet/http against a Go server answering so:
// /redir redirects to /ok, /missing is a 404, the others answer "hello"
// with two X-Multi fields).
func TestNetHTTP(t *testing.T) {
	var mu sync.Mutex
	var seen []string // "METHOD request-uri" and the headers that matter
	h := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		mu.Lock()
		seen = append(seen, req.Method+" "+req.RequestURI+" ua="+req.UserAgent()+" accept="+req.Header.Get("Accept")+" cookie="+req.Header.Get("Cookie")+" auth="+req.Header.Get("Authorization"))
		mu.Unlock()
		switch req.URL.Path {
		case "/redir":
			http.Redirect(w, req, "/ok", http.StatusFound)
		case "/missing":
			http.Error(w, "nope", http.StatusNotFound)
		default:
			w.Header().Add("X-Multi", "a")
			w.Header().Add("X-Multi", "b")
			w.Write([]byte("hello"))
		}
	})
	plain := httptest.NewServer(h)
	defer plain.Close()
	tlsSrv := httptest.NewTLSServer(h)
	defer tlsSrv.Close()
	hostPort := func(s *httptest.Server) (Value, Value) {
		u, _ := url.Parse(s.URL)
		p, _ := strconv.Atoi(u.Port())
		return S(u.Hostname()), int64(p)
	}
	host, port := hostPort(plain)
	tlsHost, tlsPort := hostPort(tlsSrv)
	r := &R{}
	get := func(path string) Value { return r.New(ClassNetHTTPGet, nil, S(path)) }
	// Net::HTTP.start(args) { |h| h.request(req) }
	fetch := func(req Value, args ...Value) Value {
		return r.Start(ClassNetHTTP, Blk1(func(h Value) Value { return r.Request(h, nil, req) }), args...)
	}
	opts := func(kv ...Value) *Hash { return HashOf(kv...) }
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := l.Addr().String()
	l.Close()
	closedHost, closedPort, _ := net.SplitHostPort(closed)
	closedN, _ := strconv.Atoi(closedPort)

	ok := fetch(get("/"), host, port)
	for _, c := range []struct{ got, want string }{
		{Inspect(ok), "#<Net::HTTPOK 200 OK readbody=true>"},
		{Inspect(r.Body(ok)), `"hello"`},
		{Inspect(r.Aref(ok, S("x-multi"))), `"a, b"`},
		{Inspect(r.Aref(ok, S("X-MULTI"))), `"a, b"`},
		{Inspect(r.Aref(ok, S("x-none"))), "nil"},
		{Inspect(r.Code(ok)), `"200"`},
		{Inspect(r.Message(ok)), `"OK"`},
		{Inspect(r.OpCaseEq(ClassNetHTTPSuccess, ok)), "true"},
		{Inspect(r.OpCaseEq(ClassNetHTTPRedirection, ok)), "false"},
	} {
		if c.got != c.want {
			t.Errorf("200: got %s, want %s", c.got, c.want)
		}
	}
	// no redirect followed; the block is given the response
	var location Value
	redir := r.Start(ClassNetHTTP, Blk1(func(h Value) Value {
		return r.Request(h, Blk1(func(resp Value) Value { location = r.Aref(resp, S("location")); return nil }), get("/redir"))
	}), host, port)
	if got := Inspect(redir) + " " + Inspect(location) + " " + Inspect(r.OpCaseEq(ClassNetHTTPRedirection, redir)); got != `#<Net::HTTPFound 302 Found readbody=true> "/ok" true` {
		t.Errorf("302: got %s", got)
	}
	head := fetch(r.New(ClassNetHTTPHead, nil, S("/missing")), host, port)
	if got := Inspect(head) + " " + Inspect(r.Body(head)) + " " + Inspect(r.Code(head)); got != `#<Net::HTTPNotFound 404 Not Found readbody=true> nil "404"` {
		t.Errorf("HEAD 404: got %s", got)
	}
	// the request's header: Ruby's defaults, initheader's, basic_auth's
	q := r.New(ClassNetHTTPGet, nil, S("/x"), HashOf(S("Cookie"), S("c=1")))
	r.BasicAuth(q, S("u"), S("p"))
	if got := Inspect(r.Aref(q, S("authorization"))) + " " + Inspect(r.Aref(q, S("cookie"))) + " " + Inspect(r.Aref(q, S("accept"))); got != `"Basic dTpw" "c=1" "*/*"` {
		t.Errorf("request header: got %s", got)
	}
	seen = nil
	fetch(q, host, port)
	if want := "GET /x ua=Ruby accept=*/* cookie=c=1 auth=Basic dTpw"; len(seen) != 1 || seen[0] != want {
		t.Errorf("sent %q, want %q", seen, want)
	}
	// the block's value; a connection's inspect
	if got := r.Start(ClassNetHTTP, Blk1(func(Value) Value { return int64(42) }), host, port); got != int64(42) {
		t.Errorf("start's value: got %s", Inspect(got))
	}
	hv := r.New(ClassNetHTTP, nil, host, port)
	if got, want := Inspect(hv)+" "+Inspect(r.UseSslQ(hv))+" "+Inspect(r.Port(hv)), "#<Net::HTTP "+ToS(host)+":"+ToS(port)+" open=false> false "+ToS(port); got != want {
		t.Errorf("new: got %s, want %s", got, want)
	}
	// TLS: the server's self-signed certificate refused unless
	// VERIFY_NONE
	for _, c := range []struct {
		f    func() Value
		want string
	}{
		{func() Value { return fetch(get("/"), tlsHost, tlsPort, opts(Symbol("use_ssl"), true)) },
			"OpenSSL::SSL::SSLError: SSL_connect returned=1 errno=0 peeraddr=" + ToS(tlsHost) + ":" + ToS(tlsPort) + " state=error: certificate verify failed (self-signed certificate)"},
		{func() Value {
			return r.Body(fetch(get("/"), tlsHost, tlsPort, opts(Symbol("use_ssl"), true, Symbol("verify_mode"), Const("OpenSSL::SSL::VERIFY_NONE"))))
		}, `"hello"`},
		{func() Value {
			hv := r.New(ClassNetHTTP, nil, tlsHost, tlsPort)
			r.UseSslSet(hv, true)
			r.VerifyModeSet(hv, int64(0))
			return r.Body(r.Request(hv, nil, get("/")))
		}, `"hello"`},
		{func() Value { return fetch(get("/"), S(closedHost), int64(closedN)) },
			"Errno::ECONNREFUSED: Failed to open TCP connection to " + closed + " (Connection refused - connect(2) for " + closed + ")"},
		{func() Value { return fetch(get("/"), nil, int64(closedN)) },
			"Errno::ECONNREFUSED: Failed to open TCP connection to :" + closedPort + " (Connection refused - connect(2) for " + closed + ")"},
		{func() Value { return r.New(ClassNetHTTPGet, nil, S("")) }, "ArgumentError: HTTP request path is empty"},
		{func() Value { return r.New(ClassNetHTTPGet, nil, uriParse(S("ftp://h/x"))) }, "ArgumentError: not an HTTP URI"},
	} {
		got := rubyError(func() { c.f() })
		if got == "" {
			got = Inspect(c.f())
		}
		if got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
	// Net::HTTP.get and get_response
	if got := Inspect(r.Get(ClassNetHTTP, r.KernelURI(S(plain.URL+"/")))) + " " + Inspect(r.GetResponse(ClassNetHTTP, host, S("/missing"), port)); got != `"hello" #<Net::HTTPNotFound 404 Not Found readbody=true>` {
		t.Errorf("get, get_response: got %s", got)
	}
	// a proxy named explicitly, and one from http_proxy (nil: none)
	seen = nil
	if got := Inspect(r.Body(fetch(get("/via"), S("example.invalid"), int64(80), host, port))); got != `"hello"` || len(seen) != 1 || !strings.HasPrefix(seen[0], "GET http://example.invalid/via ") {
		t.Errorf("through a proxy: got %s, the proxy saw %q", got, seen)
	}
	r.Setenv(S("http_proxy"), S(plain.URL))
	seen = nil
	if got := Inspect(r.Body(fetch(get("/env"), S("example.invalid"), int64(81)))); got != `"hello"` || len(seen) != 1 || !strings.HasPrefix(seen[0], "GET http://example.invalid:81/env ") {
		t.Errorf("through http_proxy: got %s, the proxy saw %q", got, seen)
	}
	if h := newNetHTTP([]Value{S("example.invalid"), int64(83), nil, nil}); h.proxyEnv || h.proxy != nil {
		t.Errorf("start(host, port, nil, nil) has a proxy")
	}
	r.Setenv(S("no_proxy"), S("localhost, invalid"))
	if p := r.envProxy("example.invalid", 82); p != nil {
		t.Errorf("no_proxy: the proxy is %s", p)
	}
	if p := r.envProxy("example.org", 82); p == nil {
		t.Errorf("no_proxy: no proxy for example.org")
	}
}

// URI's readers, as Ruby 3.1 gives them.
func TestURIReaders(t *testing.T) {
	r := &R{}
	u := r.KernelURI(S("https://user:pw@Example.COM:8443/a/b?x=1#f"))
	var got []string
	for _, v := range []Value{u, r.Scheme(u), r.Host(u), r.Hostname(u), r.Port(u), r.Path(u), r.Query(u), r.RequestUri(u), r.RelativeQ(u), r.Userinfo(u), r.User(u), r.Password(u), r.Fragment(u)} {
		got = append(got, Inspect(v))
	}
	if want := `#<URI::HTTPS https://user:pw@Example.COM:8443/a/b?x=1#f> "https" "Example.COM" "Example.COM" 8443 "/a/b" "x=1" "/a/b?x=1" false "user:pw" "user" "pw" "f"`; strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
	for _, c := range []struct {
		f    func() Value
		want string
	}{
		{func() Value {
			u := r.KernelURI(S("http://h"))
			return NewArray(r.Port(u), r.RequestUri(u), r.Path(u), u)
		}, `[80, "/", "", #<URI::HTTP http://h>]`},
		{func() Value {
			u := r.KernelURI(S("http://[::1]:80/x"))
			return NewArray(r.Host(u), r.Hostname(u), r.Port(u), u)
		}, `["[::1]", "::1", 80, #<URI::HTTP http://[::1]/x>]`},
		{func() Value {
			u := r.KernelURI(S("/rel/x?y"))
			return NewArray(r.RelativeQ(u), r.Scheme(u), r.Host(u), r.Port(u))
		}, `[true, nil, nil, nil]`},
		{func() Value { return r.Port(r.KernelURI(S("foo://h"))) }, `nil`},
		{func() Value { return r.KernelURI(S("HTTP://h:80/x")) }, `#<URI::HTTP http://h/x>`},
		{func() Value { return r.KernelURI(int64(5)) }, "ArgumentError: bad argument (expected URI object or URI string)"},
		{func() Value { return r.KernelURI(nil) }, "ArgumentError: bad argument (expected URI object or URI string)"},
		{func() Value { return r.RequestUri(r.KernelURI(S("foo://h"))) }, "NoMethodError: undefined method `request_uri' for #<URI::Generic foo://h>"},
	} {
		got := rubyError(func() { c.f() })
		if got == "" {
			got = Inspect(c.f())
		}
		if got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
	u = r.KernelURI(S("http://h"))
	if r.KernelURI(u) != u {
		t.Errorf("URI(uri) is not uri")
	}
}
