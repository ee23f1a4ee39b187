package erb

import "strings"

// The URI classes URI.parse and Kernel#URI make (URI::HTTP and URI::HTTPS
// for those schemes, URI::Generic for the others pp2go keeps) and their
// readers: scheme, host, hostname, port (the scheme's default when the
// URI names none), path, query, fragment, user, password, userinfo,
// request_uri (URI::HTTP's), relative? and absolute?.

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

// Port is URI#port: the scheme's default port of a parsed URI naming none.
func (r *R) Port(recv Value, args ...Value) Value {
	if _, ok := recv.(*netHTTP); ok {
		arity(args, 0, 0)
		return recv.(*netHTTP).port
	}
	u := uriRecv("port", recv, args)
	if u.port == nil && u.parsed && u.scheme != nil {
		if p, ok := uriDefaultPorts[ToS(u.scheme)]; ok {
			return p
		}
	}
	return u.port
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
