package erb

import (
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// open-uri as functions use it: OpenURI.open_uri(url [, opts]) (the body
// as a StringIO; opts' :http_basic_authentication) and URI::HTTP#read
// (the body as a String), a GET with Go's net/http as Ruby 3.1's open-uri
// makes it: redirects followed (none from https to http), a status other
// than 2xx raised as OpenURI::HTTPError ("404 Not Found", #io.status), a
// refused connection or an unknown host raised with net/http's words.
// The request is made on the compiling machine when the function runs,
// as Puppet makes it.

var (
	ClassOpenURI          = newModule("OpenURI")
	ClassOpenURIHTTPError = newClass("OpenURI::HTTPError", ClassStandardError)
	ClassStringIO         = newClass("StringIO", ClassObject)
	ClassSocketError      = newClass("SocketError", ClassStandardError)
	ClassErrnoECONNREFUSE = newClass("Errno::ECONNREFUSED", ClassSystemCallErr)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassOpenURI, ClassOpenURIHTTPError, ClassStringIO, ClassSocketError, ClassErrnoECONNREFUSE} {
			g.class(c.Name, c)
		}
		g.library("open-uri")
	})
	plain([]plainMethod{
		{"open_uri", (*R).OpenUri},
		{"io", (*R).Io},
		{"status", (*R).Status},
	})
}

// stringIO is the StringIO open-uri returns (with its status).
type stringIO struct {
	s      string
	pos    int
	status [2]string
}

func (*stringIO) rubyClass() *Class     { return ClassStringIO }
func (*stringIO) rubyInspect() string   { return "#<StringIO>" }
func (x *stringIO) rubyToS() string     { return x.rubyInspect() }
func (x *stringIO) readRest() string    { s := x.s[x.pos:]; x.pos = len(x.s); return s }
func (x *stringIO) statusValue() *Array { return NewArray(S(x.status[0]), S(x.status[1])) }

// ioString reads a String or StringIO argument (PSON.load and
// YAML.load read an IO to its end).
func ioString(v Value) Value {
	if x, ok := v.(*stringIO); ok {
		return S(x.readRest())
	}
	return v
}

// httpClient refuses the redirects open-uri refuses.
var httpClient = &http.Client{
	Timeout: 60 * time.Second,
	CheckRedirect: func(req *http.Request, via []*http.Request) error {
		prev := via[len(via)-1].URL
		if prev.Scheme == "https" && req.URL.Scheme == "http" || req.URL.Scheme != "http" && req.URL.Scheme != "https" {
			return &RubyError{Class: ClassRuntimeError, Msg: "redirection forbidden: " + prev.String() + " -> " + req.URL.String()}
		}
		return nil
	},
}

// openURI GETs u: the body and the status line's code and message.
func openURI(u string, user, password *string) *stringIO {
	pu, err := url.Parse(u)
	if err != nil || pu.Host == "" {
		raise(ClassNotImplementedError, "pp2go: open-uri of %s is not supported", inspectString(u))
	}
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		raise(ClassNotImplementedError, "pp2go: open-uri of %s is not supported (%v)", inspectString(u), err)
	}
	req.Header.Set("Accept", "*/*")
	req.Header.Set("User-Agent", "Ruby")
	if user != nil {
		req.SetBasicAuth(*user, *password)
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		port := pu.Port()
		if port == "" {
			port = map[string]string{"http": "80", "https": "443"}[pu.Scheme]
		}
		netError(err, pu.Hostname(), port)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		raise(ClassNotImplementedError, "pp2go: open-uri of %s failed: %v", inspectString(u), err)
	}
	msg := strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode))
	msg = strings.TrimPrefix(msg, " ")
	out := &stringIO{s: string(body), status: [2]string{strconv.Itoa(resp.StatusCode), msg}}
	if resp.StatusCode/100 != 2 {
		panic(&RubyError{Class: ClassOpenURIHTTPError, Msg: out.status[0] + " " + msg, Data: out})
	}
	return out
}

// OpenUri is OpenURI.open_uri(url [, opts]).
func (r *R) OpenUri(recv Value, args ...Value) Value {
	classRecv("open_uri", recv, ClassOpenURI)
	arity(args, 1, 2)
	var user, password *string
	if len(args) == 2 {
		h, ok := args[1].(*Hash)
		if !ok {
			raise(ClassNotImplementedError, "pp2go: OpenURI.open_uri with a mode is not supported")
		}
		for i, k := range h.Keys() {
			val := h.Values()[i]
			switch k {
			case Symbol("http_basic_authentication"):
				a, ok := val.(*Array)
				if !ok || len(a.A) != 2 {
					raise(ClassNotImplementedError, "pp2go: http_basic_authentication other than [user, password] is not supported")
				}
				u, p := ToS(a.A[0]), ToS(a.A[1])
				user, password = &u, &p
			default:
				raise(ClassNotImplementedError, "pp2go: OpenURI.open_uri with the option %s is not supported", Inspect(k))
			}
		}
	}
	var u string
	switch x := args[0].(type) {
	case *Str:
		u = x.S
	case *uriGeneric:
		u = x.rubyToS()
	default:
		implicitConversion(args[0], "String")
	}
	return openURI(u, user, password)
}

// Io is OpenURI::HTTPError#io.
func (r *R) Io(recv Value, args ...Value) Value {
	e, ok := recv.(*RubyError)
	if !ok || e.Class != ClassOpenURIHTTPError || e.Data == nil {
		noMethod("io", recv)
	}
	return e.Data
}

// Status is the status of open-uri's result: [code, message].
func (r *R) Status(recv Value, args ...Value) Value {
	x, ok := recv.(*stringIO)
	if !ok {
		noMethod("status", recv)
	}
	return x.statusValue()
}

// uriRead is URI::HTTP#read: the body as a String.
func uriRead(u *uriGeneric) Value {
	s := ToS(u.scheme)
	if s != "http" && s != "https" && s != "ftp" {
		noMethod("read", u)
	}
	return S(openURI(u.rubyToS(), nil, nil).readRest())
}
