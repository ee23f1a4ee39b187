package erb

import "strings"

// The URI classes URI.parse and Kernel#URI make (URI::HTTP and URI::HTTPS
// for those schemes, URI::Generic for the others pp2go keeps) and their
// readers: scheme, host, hostname, port (the scheme's default when the
// URI names none), path, query, fragment, user, password, userinfo,
// request_uri (URI::HTTP's), relative? and absolute?; and the writers
// host=, port=, path=, user= and password=, which check the component as
// URI::Generic's check_* methods do.

var (
	ClassURIHTTP  = newClass("URI::HTTP", ClassURIGeneric)
	ClassURIHTTPS = newClass("URI::HTTPS", ClassURIHTTP)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassURIHTTP, ClassURIHTTPS} {
			g.class(c.Name, c)
		}
	})
	plain([]plainMethod{
		{"scheme", (*R).Scheme},
		{"host", (*R).Host},
		{"hostname", (*R).Hostname},
		{"port", (*R).Port},
		{"query", (*R).Query},
		{"fragment", (*R).Fragment},
		{"user", (*R).User},
		{"password", (*R).Password},
		{"userinfo", (*R).Userinfo},
		{"request_uri", (*R).RequestUri},
		{"relative?", (*R).RelativeQ},
		{"absolute?", (*R).AbsoluteQ},
		{"host=", (*R).HostSet},
		{"port=", (*R).PortSet},
		{"path=", (*R).PathSet},
		{"user=", (*R).UserSet},
		{"password=", (*R).PasswordSet},
	})
}

// uriClass is the class URI.parse gives a URI of the scheme.
func uriClass(scheme Value) *Class {
	switch ToS(scheme) {
	case "http":
		return ClassURIHTTP
	case "https":
		return ClassURIHTTPS
	}
	return ClassURIGeneric
}

// KernelURI is Kernel#URI(x): x itself when it is a URI, else URI.parse(x).
func (r *R) KernelURI(args ...Value) Value {
	arity(args, 1, 1)
	switch x := args[0].(type) {
	case *uriGeneric:
		return x
	case *Str:
		return uriParse(x)
	}
	argError("bad argument (expected URI object or URI string)")
	return nil
}

// uriRecv is the receiver of a URI reader.
func uriRecv(name string, recv Value, args []Value) *uriGeneric {
	u, ok := recv.(*uriGeneric)
	if !ok {
		noMethod(name, recv)
	}
	arity(args, 0, 0)
	return u
}

// Scheme is URI#scheme.
func (r *R) Scheme(recv Value, args ...Value) Value { return uriRecv("scheme", recv, args).scheme }

// Host is URI#host ("[::1]" for an IPv6 address).
func (r *R) Host(recv Value, args ...Value) Value { return uriRecv("host", recv, args).host }

// Hostname is URI#hostname: the host without an IPv6 address's brackets.
func (r *R) Hostname(recv Value, args ...Value) Value {
	u := uriRecv("hostname", recv, args)
	if u.host == nil {
		return nil
	}
	return S(u.hostname())
}

func (u *uriGeneric) hostname() string {
	s := ToS(u.host)
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		s = s[1 : len(s)-1]
	}
	return s
}

// Port is URI#port (a parsed URI's scheme's default port when it names
// none) and Net::HTTP#port.
func (r *R) Port(recv Value, args ...Value) Value {
	if _, ok := recv.(*netHTTP); ok {
		arity(args, 0, 0)
		return recv.(*netHTTP).port
	}
	return uriRecv("port", recv, args).port
}

// Query is URI#query.
func (r *R) Query(recv Value, args ...Value) Value { return uriRecv("query", recv, args).query }

// Fragment is URI#fragment.
func (r *R) Fragment(recv Value, args ...Value) Value {
	return uriRecv("fragment", recv, args).fragment
}

// User is URI#user.
func (r *R) User(recv Value, args ...Value) Value { return uriRecv("user", recv, args).user }

// Password is URI#password.
func (r *R) Password(recv Value, args ...Value) Value {
	return uriRecv("password", recv, args).password
}

// Userinfo is URI#userinfo: "user:password", or the user alone.
func (r *R) Userinfo(recv Value, args ...Value) Value {
	u := uriRecv("userinfo", recv, args)
	if u.user == nil {
		return nil
	}
	if u.password == nil {
		return S(ToS(u.user))
	}
	return S(ToS(u.user) + ":" + ToS(u.password))
}

// RequestUri is URI::HTTP#request_uri: the path ("/" when empty) and the
// query.
func (r *R) RequestUri(recv Value, args ...Value) Value {
	u, ok := recv.(*uriGeneric)
	if !ok || !u.rubyClass().IsA(ClassURIHTTP) {
		noMethod("request_uri", recv)
	}
	arity(args, 0, 0)
	return S(u.requestURI())
}

func (u *uriGeneric) requestURI() string {
	p := ToS(u.path)
	if u.query != nil {
		p += "?" + ToS(u.query)
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return p
}

// RelativeQ is URI#relative?: it has no scheme.
func (r *R) RelativeQ(recv Value, args ...Value) Value {
	return uriRecv("relative?", recv, args).scheme == nil
}

// AbsoluteQ is URI#absolute?: it has a scheme.
func (r *R) AbsoluteQ(recv Value, args ...Value) Value {
	return uriRecv("absolute?", recv, args).scheme != nil
}

// uriWriter is the receiver and the value of a URI writer, which fails
// as Ruby's check_* do when the URI is opaque.
func uriWriter(name string, recv Value, args []Value) (*uriGeneric, Value) {
	u, ok := recv.(*uriGeneric)
	if !ok {
		noMethod(name+"=", recv)
	}
	arity(args, 1, 1)
	if u.opaque != nil && (args[0] != nil || name == "user" || name == "password") {
		switch name {
		case "path":
			raise(ClassURIInvalidURI, "path conflicts with opaque")
		case "user", "password":
			raise(ClassURIInvalidURI, "can not set %s with opaque", name)
		}
		raise(ClassURIInvalidURI, "can not set %s with registry or opaque", name)
	}
	return u, args[0]
}

// HostSet is URI#host=.
func (r *R) HostSet(recv Value, args ...Value) Value {
	u, v := uriWriter("host", recv, args)
	if v != nil && !uriMatch(uriReHost, v) {
		badComponent("host", ToS(v))
	}
	u.host = v
	return v
}

// PortSet is URI#port=: an Integer, or digits (none: no port).
func (r *R) PortSet(recv Value, args ...Value) Value {
	u, v := uriWriter("port", recv, args)
	u.setPort(r, v)
	return v
}

// setPort is URI::Generic's check_port and set_port.
func (u *uriGeneric) setPort(r *R, v Value) {
	switch x := v.(type) {
	case nil, int64:
		u.port = x
	default:
		if !uriMatch(uriRePort, v) {
			raise(ClassURIInvalidComp, "bad component(expected port component): %s", Inspect(v))
		}
		u.port = nil
		if s := ToS(v); s != "" {
			u.port = r.ToI(S(s))
		}
	}
}

// checkPath is URI::Generic's check_path: absolute when the URI has a
// scheme (but ftp), else absolute or relative.
func (u *uriGeneric) checkPath(v Value) {
	if s, ok := v.(*Str); v == nil || ok && s.S == "" {
		return
	}
	if u.scheme != nil && ToS(u.scheme) != "ftp" {
		if !uriMatch(uriReAbsPath, v) {
			badComponent("absolute path", ToS(v))
		}
	} else if !uriMatch(uriReAbsPath, v) && !uriMatch(uriReRelPath, v) {
		badComponent("relative path", ToS(v))
	}
}

// PathSet is URI#path=: absolute when the URI has a scheme (but ftp).
func (r *R) PathSet(recv Value, args ...Value) Value {
	u, v := uriWriter("path", recv, args)
	u.checkPath(v)
	u.path = v
	if s, ok := v.(*Str); ok && u.isFTP() {
		// URI::FTP#set_path: "/" before the path, "%2F" for its own "/"
		p := s.S
		if rest, abs := strings.CutPrefix(p, "/"); abs {
			p = "%2F" + rest
		}
		u.path = S("/" + p)
	}
	return v
}

// isFTP reports whether u is a URI::FTP, whose path is kept with a "/"
// before it.
func (u *uriGeneric) isFTP() bool { return u.parsed && u.scheme != nil && ToS(u.scheme) == "ftp" }

// UserSet is URI#user=: with no password yet, "user:password" sets both.
func (r *R) UserSet(recv Value, args ...Value) Value {
	u, v := uriWriter("user", recv, args)
	if v != nil && !uriMatch(uriReUserinfo, v) {
		badComponent("userinfo component or user", ToS(v))
	}
	user, password := v, u.password
	if password == nil && v != nil {
		// split_userinfo: ui.split(':', 2)
		name, pass, hasPass := strings.Cut(ToS(v), ":")
		user = S(name)
		if name == "" && !hasPass {
			user = nil
		}
		if hasPass {
			password = S(pass)
		}
	}
	u.user = user
	if password != nil {
		u.password = password
	}
	return v
}

// PasswordSet is URI#password=, which needs a user.
func (r *R) PasswordSet(recv Value, args ...Value) Value {
	u, v := uriWriter("password", recv, args)
	if v != nil {
		if u.user == nil {
			raise(ClassURIInvalidURI, "password component depends user component")
		}
		if !uriMatch(uriReUserinfo, v) {
			raise(ClassURIInvalidComp, "bad password component")
		}
	}
	u.password = v
	return v
}
