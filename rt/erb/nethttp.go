package erb

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
)

// net/http as module Ruby uses it, on Go's net/http: Net::HTTP.new and
// Net::HTTP.start (a block given the connection, its value the call's),
// use_ssl and verify_mode (OpenSSL::SSL::VERIFY_NONE or VERIFY_PEER),
// proxies (explicit, or :ENV's http_proxy and no_proxy as Ruby finds
// them), Net::HTTP::Get and Net::HTTP::Head requests with their headers
// and basic_auth, and the response of http.request(req) as its
// Net::HTTPResponse subclass (Net::HTTPOK < Net::HTTPSuccess, ...) with
// its code, message, headers and body. Like Ruby's, it follows no
// redirect. The request is made on the compiling machine when the
// function runs, as Puppet makes it.

var (
	ClassNet                = newModule("Net")
	ClassNetHTTP            = newClass("Net::HTTP", ClassObject)
	ClassNetHTTPHeader      = newModule("Net::HTTPHeader")
	ClassNetHTTPGenericReq  = newClass("Net::HTTPGenericRequest", ClassObject, ClassNetHTTPHeader)
	ClassNetHTTPRequest     = newClass("Net::HTTPRequest", ClassNetHTTPGenericReq)
	ClassNetHTTPGet         = newClass("Net::HTTP::Get", ClassNetHTTPRequest)
	ClassNetHTTPHead        = newClass("Net::HTTP::Head", ClassNetHTTPRequest)
	ClassNetHTTPResponse    = newClass("Net::HTTPResponse", ClassObject, ClassNetHTTPHeader)
	ClassNetHTTPUnknown     = newClass("Net::HTTPUnknownResponse", ClassNetHTTPResponse)
	ClassNetHTTPInformation = newClass("Net::HTTPInformation", ClassNetHTTPResponse)
	ClassNetHTTPSuccess     = newClass("Net::HTTPSuccess", ClassNetHTTPResponse)
	ClassNetHTTPRedirection = newClass("Net::HTTPRedirection", ClassNetHTTPResponse)
	ClassNetHTTPClientError = newClass("Net::HTTPClientError", ClassNetHTTPResponse)
	ClassNetHTTPServerError = newClass("Net::HTTPServerError", ClassNetHTTPResponse)
	ClassTimeout            = newModule("Timeout")
	ClassTimeoutError       = newClass("Timeout::Error", ClassRuntimeError)
	ClassNetOpenTimeout     = newClass("Net::OpenTimeout", ClassTimeoutError)
	ClassNetReadTimeout     = newClass("Net::ReadTimeout", ClassTimeoutError)
	ClassOpenSSLSSL         = newModule("OpenSSL::SSL")
	ClassSSLError           = newClass("OpenSSL::SSL::SSLError", ClassOpenSSLError)
)

// netHTTPCodes are the response classes of Ruby 3.1's
// Net::HTTPResponse::CODE_TO_OBJ, by status code.
var netHTTPCodes = sync.OnceValue(func() map[int]*Class {
	groups := map[byte]*Class{'1': ClassNetHTTPInformation, '2': ClassNetHTTPSuccess, '3': ClassNetHTTPRedirection, '4': ClassNetHTTPClientError, '5': ClassNetHTTPServerError}
	f := strings.Fields(netHTTPCodeNames)
	codes := make(map[int]*Class, len(f)/2)
	for i := 0; i < len(f); i += 2 {
		n, _ := strconv.Atoi(f[i])
		codes[n] = newClass("Net::HTTP"+f[i+1], groups[f[i][0]])
	}
	return codes
})

// netHTTPCodeNames are the status codes of Ruby 3.1's
// Net::HTTPResponse::CODE_TO_OBJ and their classes' names.
const netHTTPCodeNames = `100 Continue 101 SwitchProtocol 102 Processing 103 EarlyHints
	200 OK 201 Created 202 Accepted 203 NonAuthoritativeInformation 204 NoContent 205 ResetContent
	206 PartialContent 207 MultiStatus 208 AlreadyReported 226 IMUsed
	300 MultipleChoices 301 MovedPermanently 302 Found 303 SeeOther 304 NotModified 305 UseProxy
	307 TemporaryRedirect 308 PermanentRedirect
	400 BadRequest 401 Unauthorized 402 PaymentRequired 403 Forbidden 404 NotFound 405 MethodNotAllowed
	406 NotAcceptable 407 ProxyAuthenticationRequired 408 RequestTimeout 409 Conflict 410 Gone
	411 LengthRequired 412 PreconditionFailed 413 PayloadTooLarge 414 URITooLong 415 UnsupportedMediaType
	416 RangeNotSatisfiable 417 ExpectationFailed 421 MisdirectedRequest 422 UnprocessableEntity 423 Locked
	424 FailedDependency 426 UpgradeRequired 428 PreconditionRequired 429 TooManyRequests
	431 RequestHeaderFieldsTooLarge 451 UnavailableForLegalReasons
	500 InternalServerError 501 NotImplemented 502 BadGateway 503 ServiceUnavailable 504 GatewayTimeout
	505 VersionNotSupported 506 VariantAlsoNegotiates 507 InsufficientStorage 508 LoopDetected
	510 NotExtended 511 NetworkAuthenticationRequired`

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassNet, ClassNetHTTP, ClassNetHTTPHeader, ClassNetHTTPGenericReq, ClassNetHTTPRequest,
			ClassNetHTTPGet, ClassNetHTTPHead, ClassNetHTTPResponse, ClassNetHTTPUnknown, ClassNetHTTPInformation,
			ClassNetHTTPSuccess, ClassNetHTTPRedirection, ClassNetHTTPClientError, ClassNetHTTPServerError,
			ClassTimeout, ClassTimeoutError, ClassNetOpenTimeout, ClassNetReadTimeout, ClassOpenSSLSSL, ClassSSLError} {
			g.class(c.Name, c)
		}
		g.value("OpenSSL::SSL::VERIFY_NONE", int64(0))
		g.value("OpenSSL::SSL::VERIFY_PEER", int64(1))
		g.library("net/http")
		g.library("net/https")
		for _, k := range netHTTPCodes() {
			g.class(k.Name, k)
		}
	})
	plain([]plainMethod{
		{"basic_auth", (*R).BasicAuth},
		{"code", (*R).Code},
		{"body", (*R).Body},
		{"finish", (*R).Finish},
		{"started?", (*R).StartedQ},
		{"use_ssl?", (*R).UseSslQ},
		{"use_ssl=", (*R).UseSslSet},
		{"verify_mode", (*R).VerifyMode},
		{"verify_mode=", (*R).VerifyModeSet},
		{"get", (*R).Get},
		{"get_response", (*R).GetResponse},
		{"open_timeout=", (*R).OpenTimeoutSet},
		{"read_timeout=", (*R).ReadTimeoutSet},
	})
	withBlock([]blockMethod{
		{"start", (*R).Start},
		{"request", (*R).Request},
		{"read_body", (*R).ReadBody},
	})
}

// netHTTP is a Net::HTTP: the server, the proxy, the TLS settings.
type netHTTP struct {
	address string
	port    int64
	// proxyEnv: the proxy is found in the environment (p_addr :ENV);
	// else proxy is the proxy's URL (nil: none)
	proxyEnv     bool
	proxy        *url.URL
	useSSL       bool
	verifyNone   bool
	started      bool
	openTimeout  time.Duration
	readTimeout  time.Duration
	clientCached *http.Client
}

func (*netHTTP) rubyClass() *Class { return ClassNetHTTP }
func (h *netHTTP) rubyInspect() string {
	return "#<Net::HTTP " + h.address + ":" + strconv.FormatInt(h.port, 10) + " open=" + strconv.FormatBool(h.started) + ">"
}
func (h *netHTTP) rubyToS() string { return "#<Net::HTTP:0x0000000000000000>" }

// netHeader is the header of a request or response: fields by their
// lower-cased name, in the order they were set.
type netHeader struct {
	names []string
	vals  map[string][]string
}

func (h *netHeader) set(name string, vals ...string) {
	k := strings.ToLower(name)
	if h.vals == nil {
		h.vals = map[string][]string{}
	}
	if _, ok := h.vals[k]; !ok {
		h.names = append(h.names, k)
	}
	h.vals[k] = vals
}

// get is header[name]: its values joined with ", ", nil when unset.
func (h *netHeader) get(name Value) Value {
	v, ok := h.vals[strings.ToLower(strArg(name))]
	if !ok {
		return nil
	}
	return S(strings.Join(v, ", "))
}

// netRequest is a Net::HTTP::Get or Net::HTTP::Head.
type netRequest struct {
	class *Class
	path  string
	netHeader
}

func (q *netRequest) rubyClass() *Class { return q.class }
func (q *netRequest) rubyInspect() string {
	return "#<" + q.class.Name + " " + strings.ToUpper(q.method()) + ">"
}
func (q *netRequest) rubyToS() string { return "#<" + q.class.Name + ":0x0000000000000000>" }

func (q *netRequest) method() string {
	if q.class == ClassNetHTTPHead {
		return "HEAD"
	}
	return "GET"
}

// netResponse is a Net::HTTPResponse: the class of its status code.
type netResponse struct {
	code, message string
	body          Value // *Str; nil for a HEAD request's
	netHeader
}

func (p *netResponse) rubyClass() *Class {
	n, _ := strconv.Atoi(p.code)
	if c := netHTTPCodes()[n]; c != nil {
		return c
	}
	switch p.code[0] {
	case '1':
		return ClassNetHTTPInformation
	case '2':
		return ClassNetHTTPSuccess
	case '3':
		return ClassNetHTTPRedirection
	case '4':
		return ClassNetHTTPClientError
	case '5':
		return ClassNetHTTPServerError
	}
	return ClassNetHTTPUnknown
}
func (p *netResponse) rubyInspect() string {
	return "#<" + p.rubyClass().Name + " " + p.code + " " + p.message + " readbody=true>"
}
func (p *netResponse) rubyToS() string { return "#<" + p.rubyClass().Name + ":0x0000000000000000>" }

// newNetHTTP is Net::HTTP.new(address, port = nil, p_addr = :ENV,
// p_port = nil, p_user = nil, p_pass = nil).
// httpRecv is recv as a Net::HTTP session, for its method name; any other
// receiver has no such method.
func httpRecv(name string, recv Value) *netHTTP {
	h, ok := recv.(*netHTTP)
	if !ok {
		noMethod(name, recv)
	}
	return h
}

func newNetHTTP(args []Value) *netHTTP {
	arity(args, 1, 7)
	get := func(i int) Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	h := &netHTTP{port: 80, openTimeout: 60 * time.Second, readTimeout: 60 * time.Second}
	if args[0] != nil {
		// (nil: the local host)
		h.address = strArg(args[0])
	}
	if p := get(1); p != nil {
		h.port = intArg(p)
	}
	switch p := get(2); {
	case len(args) < 3 || p == Symbol("ENV"):
		h.proxyEnv = true
	case p != nil:
		u := &url.URL{Scheme: "http", Host: net.JoinHostPort(strArg(p), "80")}
		if pp := get(3); pp != nil {
			u.Host = net.JoinHostPort(strArg(p), strconv.FormatInt(intArg(pp), 10))
		}
		if user := get(4); user != nil {
			u.User = url.UserPassword(ToS(user), ToS(get(5)))
		}
		h.proxy = u
	}
	return h
}

// Start is Net::HTTP.start(address, port, p_addr, p_port, p_user,
// p_pass, opts) and Net::HTTP#start: with a block, the block's value
// (the connection finished after it), else the started connection.
// opts sets the connection's attributes (use_ssl: true, verify_mode:),
// a port left out being 443 with use_ssl.
func (r *R) Start(recv Value, b *Block, args ...Value) Value {
	var h *netHTTP
	switch x := recv.(type) {
	case *netHTTP:
		arity(args, 0, 0)
		if x.started {
			raise(ClassIOError, "HTTP session already opened")
		}
		h = x
	case *Class:
		classRecv("start", recv, ClassNetHTTP)
		if len(args) == 0 {
			argError("wrong number of arguments (given 0, expected 1+)")
		}
		var opts *Hash
		if o, ok := args[len(args)-1].(*Hash); ok && len(args) > 1 {
			opts, args = o, args[:len(args)-1]
		}
		h = newNetHTTP(args)
		if len(args) < 2 || args[1] == nil {
			if opts != nil {
				if v, _ := opts.Lookup(Symbol("use_ssl")); Truthy(v) {
					h.port = 443
				}
			}
		}
		if opts != nil {
			for i, k := range opts.Keys() {
				v := opts.Values()[i]
				switch k {
				case Symbol("use_ssl"):
					h.useSSL = Truthy(v)
				case Symbol("verify_mode"):
					r.VerifyModeSet(h, v)
				case Symbol("open_timeout"):
					r.OpenTimeoutSet(h, v)
				case Symbol("read_timeout"):
					r.ReadTimeoutSet(h, v)
				case Symbol("ipaddr"):
					raise(ClassNotImplementedError, "pp2go: Net::HTTP.start's option ipaddr is not supported")
				}
			}
		}
	default:
		noMethod("start", recv)
	}
	h.started = true
	if b == nil {
		return h
	}
	defer func() { h.started = false }()
	return b.yield1(h)
}

// GetResponse is Net::HTTP.get_response(uri [, header]) and
// get_response(host, path [, port]): a GET (https for an https URI), its
// response.
func (r *R) GetResponse(recv Value, args ...Value) Value {
	classRecv("get_response", recv, ClassNetHTTP)
	arity(args, 1, 3)
	var h *netHTTP
	var q *netRequest
	if u, ok := args[0].(*uriGeneric); ok {
		arity(args, 1, 2)
		h = newNetHTTP([]Value{S(u.hostname()), r.Port(u)})
		h.useSSL = ToS(u.scheme) == "https"
		q = newNetRequest(ClassNetHTTPGet, args)
	} else {
		arity(args, 2, 3)
		hargs := []Value{args[0]}
		if len(args) == 3 {
			hargs = append(hargs, args[2])
		}
		h = newNetHTTP(hargs)
		q = newNetRequest(ClassNetHTTPGet, args[1:2])
	}
	return r.netDo(h, q)
}

// Get is Net::HTTP.get(uri [, header]) and get(host, path [, port]): the
// body of get_response's response.
func (r *R) Get(recv Value, args ...Value) Value {
	classRecv("get", recv, ClassNetHTTP)
	return r.GetResponse(recv, args...).(*netResponse).body
}

// Finish is Net::HTTP#finish.
func (r *R) Finish(recv Value, args ...Value) Value {
	h := httpRecv("finish", recv)
	arity(args, 0, 0)
	if !h.started {
		raise(ClassIOError, "HTTP session not yet started")
	}
	h.started = false
	return nil
}

// StartedQ is Net::HTTP#started?.
func (r *R) StartedQ(recv Value, args ...Value) Value {
	h := httpRecv("started?", recv)
	arity(args, 0, 0)
	return h.started
}

// UseSslQ is Net::HTTP#use_ssl?.
func (r *R) UseSslQ(recv Value, args ...Value) Value {
	h := httpRecv("use_ssl?", recv)
	arity(args, 0, 0)
	return h.useSSL
}

// UseSslSet is Net::HTTP#use_ssl=.
func (r *R) UseSslSet(recv Value, args ...Value) Value {
	h := httpRecv("use_ssl=", recv)
	arity(args, 1, 1)
	if h.started {
		raise(ClassIOError, "use_ssl value changed, but session already started")
	}
	h.useSSL = Truthy(args[0])
	return args[0]
}

// VerifyMode is Net::HTTP#verify_mode (nil until set).
func (r *R) VerifyMode(recv Value, args ...Value) Value {
	h := httpRecv("verify_mode", recv)
	arity(args, 0, 0)
	if h.verifyNone {
		return int64(0)
	}
	return nil
}

// VerifyModeSet is Net::HTTP#verify_mode=: VERIFY_NONE (0) accepts any
// certificate of the server.
func (r *R) VerifyModeSet(recv Value, args ...Value) Value {
	h := httpRecv("verify_mode=", recv)
	arity(args, 1, 1)
	h.verifyNone, h.clientCached = args[0] != nil && intArg(args[0]) == 0, nil
	return args[0]
}

func timeoutArg(v Value) time.Duration {
	switch x := v.(type) {
	case nil:
		return 0
	case float64:
		return time.Duration(x * float64(time.Second))
	}
	return time.Duration(intArg(v)) * time.Second
}

// OpenTimeoutSet is Net::HTTP#open_timeout= (seconds; nil: none).
func (r *R) OpenTimeoutSet(recv Value, args ...Value) Value {
	h := httpRecv("open_timeout=", recv)
	arity(args, 1, 1)
	h.openTimeout, h.clientCached = timeoutArg(args[0]), nil
	return args[0]
}

// ReadTimeoutSet is Net::HTTP#read_timeout= (seconds; nil: none).
func (r *R) ReadTimeoutSet(recv Value, args ...Value) Value {
	h := httpRecv("read_timeout=", recv)
	arity(args, 1, 1)
	h.readTimeout, h.clientCached = timeoutArg(args[0]), nil
	return args[0]
}

// newNetRequest is Net::HTTP::Get.new(path_or_uri, initheader = nil)
// (and Head's): Ruby's default header fields, then initheader's.
func newNetRequest(class *Class, args []Value) *netRequest {
	arity(args, 1, 2)
	q := &netRequest{class: class}
	host := ""
	switch x := args[0].(type) {
	case *uriGeneric:
		if !x.rubyClass().IsA(ClassURIHTTP) {
			argError("not an HTTP URI")
		}
		if x.host == nil || ToS(x.host) == "" {
			argError("no host component for URI")
		}
		host = x.hostname()
		if x.port != nil {
			host += ":" + ToS(x.port)
		}
		q.path = x.requestURI()
	case nil:
		argError("no HTTP request path given")
	default:
		q.path = strArg(x)
		if q.path == "" {
			argError("HTTP request path is empty")
		}
	}
	var init *Hash
	if len(args) == 2 && args[1] != nil {
		h, ok := args[1].(*Hash)
		if !ok {
			noMethod("each", args[1])
		}
		init = h
	}
	custom := func(names ...string) bool {
		if init == nil {
			return false
		}
		for _, k := range init.Keys() {
			for _, n := range names {
				if strings.EqualFold(ToS(k), n) {
					return true
				}
			}
		}
		return false
	}
	if class == ClassNetHTTPGet && !custom("accept-encoding", "range") {
		q.set("accept-encoding", rubyAcceptEncoding)
	}
	q.set("accept", "*/*")
	q.set("user-agent", "Ruby")
	if host != "" {
		q.set("host", host)
	}
	if init != nil {
		for i, k := range init.Keys() {
			v := init.Values()[i]
			if v == nil {
				continue // Ruby warns and leaves it out
			}
			s := ToS(v)
			if strings.ContainsAny(s, "\r\n") {
				argError("header field value cannot include CR/LF")
			}
			q.set(ToS(k), s)
		}
	}
	return q
}

// rubyAcceptEncoding is the accept-encoding Ruby asks with (and decodes
// itself; Go's transport then asks for and decodes gzip instead).
const rubyAcceptEncoding = "gzip;q=1.0,deflate;q=0.6,identity;q=0.3"

// BasicAuth is Net::HTTPHeader#basic_auth(user, password).
func (r *R) BasicAuth(recv Value, args ...Value) Value {
	q, ok := recv.(*netRequest)
	if !ok {
		noMethod("basic_auth", recv)
	}
	arity(args, 2, 2)
	q.set("authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(ToS(args[0])+":"+ToS(args[1]))))
	return NewArray(q.vals["authorization"][0])
}

// Code is Net::HTTPResponse#code: the status code as a String.
func (r *R) Code(recv Value, args ...Value) Value {
	p, ok := recv.(*netResponse)
	if !ok {
		noMethod("code", recv)
	}
	arity(args, 0, 0)
	return S(p.code)
}

// Body is Net::HTTPResponse#body (nil for a HEAD request's).
func (r *R) Body(recv Value, args ...Value) Value {
	p, ok := recv.(*netResponse)
	if !ok {
		noMethod("body", recv)
	}
	arity(args, 0, 0)
	return p.body
}

// ReadBody is Net::HTTPResponse#read_body: with a block, the body given
// to it (in one chunk).
func (r *R) ReadBody(recv Value, b *Block, args ...Value) Value {
	p, ok := recv.(*netResponse)
	if !ok {
		noMethod("read_body", recv)
	}
	arity(args, 0, 1)
	if b != nil && p.body != nil {
		b.yield1(p.body)
	}
	return p.body
}

// Request is Net::HTTP#request(req): the request sent, the response (its
// body read) given to the block when there is one, and returned.
func (r *R) Request(recv Value, b *Block, args ...Value) Value {
	h := httpRecv("request", recv)
	arity(args, 1, 2)
	q, ok := args[0].(*netRequest)
	if !ok {
		noMethod("method", args[0])
	}
	if len(args) == 2 && args[1] != nil {
		raise(ClassNotImplementedError, "pp2go: a request body is not supported")
	}
	resp := r.netDo(h, q)
	if b != nil {
		b.yield1(resp)
	}
	return resp
}

// netDo sends the request q over h.
func (r *R) netDo(h *netHTTP, q *netRequest) *netResponse {
	scheme := "http"
	if h.useSSL {
		scheme = "https"
	}
	hostPort := net.JoinHostPort(h.address, strconv.FormatInt(h.port, 10))
	if h.address != "" && h.port == map[bool]int64{false: 80, true: 443}[h.useSSL] {
		// (as Ruby's request line to a proxy and Host field: without
		// the default port)
		hostPort = h.address
		if strings.Contains(hostPort, ":") {
			hostPort = "[" + hostPort + "]"
		}
	}
	target := scheme + "://" + hostPort + q.path
	req, err := http.NewRequest(q.method(), target, nil)
	if err != nil {
		argError("%s", err.Error())
	}
	for _, k := range q.names {
		vals := q.vals[k]
		switch {
		case k == "host":
			req.Host = vals[0]
		case k == "accept-encoding" && len(vals) == 1 && vals[0] == rubyAcceptEncoding:
			// Go's transport asks for gzip and decodes it
		default:
			req.Header[http.CanonicalHeaderKey(k)] = append([]string(nil), vals...)
		}
	}
	resp, err := h.client(r).Do(req)
	if err != nil {
		netError(err, h.address, strconv.FormatInt(h.port, 10))
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		netError(err, h.address, strconv.FormatInt(h.port, 10))
	}
	out := &netResponse{code: strconv.Itoa(resp.StatusCode)}
	out.message = strings.TrimPrefix(strings.TrimPrefix(resp.Status, out.code), " ")
	for k, vals := range resp.Header {
		out.set(k, vals...)
	}
	if q.method() != "HEAD" {
		out.body = S(string(body))
	}
	return out
}

// client is h's Go client: no redirect followed, h's proxy and TLS
// settings.
func (h *netHTTP) client(r *R) *http.Client {
	if h.clientCached != nil {
		return h.clientCached
	}
	tr := &http.Transport{
		DialContext:         (&net.Dialer{Timeout: h.openTimeout}).DialContext,
		TLSHandshakeTimeout: h.openTimeout,
		TLSClientConfig:     &tls.Config{InsecureSkipVerify: h.verifyNone, ServerName: h.address},
		// a connection per Net::HTTP session, closed after its request
		// (no idle connection outlives the compile)
		DisableKeepAlives: true,
	}
	proxy := h.proxy
	if h.proxyEnv {
		proxy = r.envProxy(h.address, h.port)
	}
	if proxy != nil {
		tr.Proxy = http.ProxyURL(proxy)
	}
	h.clientCached = &http.Client{
		Transport: tr,
		Timeout:   h.openTimeout + h.readTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
	return h.clientCached
}

// envProxy is the proxy Ruby's Net::HTTP finds for host:port in the
// environment (URI::Generic#find_proxy of the http URI): http_proxy (or
// HTTP_PROXY), unless no_proxy (or NO_PROXY) names the host.
func (r *R) envProxy(host string, port int64) *url.URL {
	env := func(name string) string {
		for _, n := range []string{name, strings.ToUpper(name)} {
			if v, ok := r.Getenv(S(n)).(*Str); ok {
				return v.S
			}
		}
		return ""
	}
	p := env("http_proxy")
	if p == "" {
		return nil
	}
	u, err := url.Parse(p)
	if err != nil || u.Host == "" {
		return nil
	}
	for _, m := range noProxyEntry.FindAllStringSubmatch(env("no_proxy"), -1) {
		if m[2] != "" && m[2] != strconv.FormatInt(port, 10) {
			continue
		}
		h := strings.ToLower(host)
		e := strings.ToLower(m[1])
		if h == e || strings.HasSuffix(h, "."+e) {
			return nil
		}
		if _, cidr, err := net.ParseCIDR(m[1]); err == nil {
			if ip := net.ParseIP(host); ip != nil && cidr.Contains(ip) {
				return nil
			}
		} else if ip := net.ParseIP(m[1]); ip != nil && ip.Equal(net.ParseIP(host)) {
			return nil
		}
	}
	return u
}

// noProxyEntry is an entry of no_proxy: a host (or domain, or address)
// and an optional port.
var noProxyEntry = lazyre.New(`(?:^|[,\s])\.?([^:,\s]+)(?::(\d+))?`)

// netError raises Ruby's error for a failed connection to host:port.
func netError(err error, host, port string) {
	var re *RubyError
	if errors.As(err, &re) {
		panic(re)
	}
	var dns *net.DNSError
	var unknownCA x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var invalid x509.CertificateInvalidError
	var timeout interface{ Timeout() bool }
	// the address connected to ("127.0.0.1:80" for host "" or
	// "localhost"), which Ruby's socket error names
	addr := net.JoinHostPort(host, port)
	var opErr *net.OpError
	if errors.As(err, &opErr) && opErr.Addr != nil {
		addr = opErr.Addr.String()
	}
	if h, p, err := net.SplitHostPort(addr); err == nil && h == "" {
		// no host: the loopback address, as getaddrinfo resolves it
		addr = "127.0.0.1:" + p
	}
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		raise(ClassErrnoECONNREFUSE, "Failed to open TCP connection to %s:%s (Connection refused - connect(2) for %s)", host, port, addr)
	case errors.As(err, &dns) && dns.IsNotFound:
		raise(ClassSocketError, "Failed to open TCP connection to %s:%s (getaddrinfo: Name or service not known)", host, port)
	case errors.As(err, &unknownCA):
		why := "unable to get local issuer certificate"
		if c := unknownCA.Cert; c != nil && string(c.RawIssuer) == string(c.RawSubject) {
			why = "self-signed certificate"
		}
		raise(ClassSSLError, "SSL_connect returned=1 errno=0 peeraddr=%s state=error: certificate verify failed (%s)", addr, why)
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		raise(ClassSSLError, "SSL_connect returned=1 errno=0 peeraddr=%s state=error: certificate verify failed (certificate has expired)", addr)
	case errors.As(err, &hostErr):
		raise(ClassSSLError, "hostname %s does not match the server certificate", inspectString(host))
	case errors.As(err, &timeout) && timeout.Timeout():
		raise(ClassNetReadTimeout, "Net::ReadTimeout")
	}
	raise(ClassNotImplementedError, "pp2go: the HTTP request to %s:%s failed: %v", host, port, err)
}
