package erb

import (
	"fmt"
	"strings"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
)

// URL encoding as Ruby's libraries do it: ERB::Util.url_encode,
// CGI.escape, URI.encode_www_form(_component), URI::DEFAULT_PARSER.escape
// (Ruby 3.1's and 3.3's DEFAULT_PARSER is the RFC 2396 parser) and
// URI::Generic.build(...).to_s with its component checks.

var (
	ClassERBUtil          = newModule("ERB::Util")
	ClassCGI              = newClass("CGI", ClassObject)
	ClassURIGeneric       = newClass("URI::Generic", ClassObject)
	ClassURIParser        = newClass("URI::RFC2396_Parser", ClassObject)
	ClassURIError         = newClass("URI::Error", ClassStandardError)
	ClassURIInvalidURI    = newClass("URI::InvalidURIError", ClassURIError)
	ClassURIInvalidComp   = newClass("URI::InvalidComponentError", ClassURIError)
	ClassURIBadURIError   = newClass("URI::BadURIError", ClassURIError)
	uriDefaultParser      = &uriParser{}
	uriComponentNames     = []string{"scheme", "userinfo", "host", "port", "registry", "path", "opaque", "query", "fragment"}
	uriUnreserved         = `\-_.!~*'()a-zA-Z\d`
	uriEscaped            = `%[a-fA-F\d]{2}`
	uriHex4               = `[a-fA-F\d]{1,4}`
	uriIPv4               = `\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}`
	uriLast               = `(?:` + uriHex4 + `|` + uriIPv4 + `)`
	uriHexSeq1            = `(?:` + uriHex4 + `:)*` + uriHex4
	uriHexSeq2            = `(?:` + uriHex4 + `:)*` + uriLast
	uriIPv6               = `(?:` + uriHexSeq2 + `|(?:` + uriHexSeq1 + `)?::(?:` + uriHexSeq2 + `)?)`
	uriHost               = `(?:(?:[a-zA-Z0-9\-.]|%[0-9a-fA-F]{2})+|` + uriIPv4 + `|\[` + uriIPv6 + `\])`
	uriUserinfo           = `(?:[` + uriUnreserved + `;:&=+$,]|` + uriEscaped + `)*`
	uriPchar              = `(?:[` + uriUnreserved + `:@&=+$,]|` + uriEscaped + `)`
	uriSegment            = uriPchar + `*(?:;` + uriPchar + `*)*`
	uriAbsPath            = `/` + uriSegment + `(?:/` + uriSegment + `)*`
	uriRelSegment         = `(?:[` + uriUnreserved + `;@&=+$,]|` + uriEscaped + `)+`
	uriReScheme           = lazyre.New(`\A[a-zA-Z][\-+.a-zA-Z\d]*\z`)
	uriReUserinfo         = lazyre.New(`\A` + uriUserinfo + `\z`)
	uriReHost             = lazyre.New(`\A` + uriHost + `\z`)
	uriRePort             = lazyre.New(`\A\d*\z`)
	uriReAbsPath          = lazyre.New(`\A` + uriAbsPath + `\z`)
	uriReRelPath          = lazyre.New(`\A` + uriRelSegment + `(?:` + uriAbsPath + `)?\z`)
	uriReBadPercent       = lazyre.New(`%[^0-9a-fA-F][^0-9a-fA-F]`)
	uriReservedUnreserved = "-_.!~*'()abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789;/?:@&=+$,[]"
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassERBUtil, ClassCGI, ClassURIGeneric, ClassURIParser, ClassURIError, ClassURIInvalidURI, ClassURIInvalidComp, ClassURIBadURIError} {
			g.class(c.Name, c)
		}
		g.value("URI::DEFAULT_PARSER", uriDefaultParser)
		g.value("URI::Parser", ClassURIParser)
	})
	plain([]plainMethod{
		{"url_encode", (*R).UrlEncode},
		{"encode_www_form", (*R).EncodeWwwForm},
		{"encode_www_form_component", (*R).EncodeWwwFormComponent},
		{"build", (*R).Build},
	})
}

// uriParser is URI::DEFAULT_PARSER.
type uriParser struct{}

func (*uriParser) rubyClass() *Class   { return ClassURIParser }
func (*uriParser) rubyInspect() string { return "#<URI::RFC2396_Parser>" }
func (p *uriParser) rubyToS() string   { return p.rubyInspect() }

// percentBytes escapes every byte of s that keep rejects as %XX.
func percentBytes(s string, keep func(c byte) bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; keep(c) {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// UrlEncode is ERB::Util.url_encode(s): s.to_s with every byte but
// A-Za-z0-9_-.~ as %XX.
func (r *R) UrlEncode(recv Value, args ...Value) Value {
	classRecv("url_encode", recv, ClassERBUtil)
	arity(args, 1, 1)
	return S(percentBytes(ToS(args[0]), func(c byte) bool { return isAlnum(c) || strings.IndexByte("_-.~", c) >= 0 }))
}

// cgiEscape is CGI.escape: bytes but A-Za-z0-9_.-~ and space as %XX, a
// space as +.
func cgiEscape(s string) string {
	return strings.ReplaceAll(percentBytes(s, func(c byte) bool { return isAlnum(c) || strings.IndexByte(" _.-~", c) >= 0 }), " ", "+")
}

// wwwFormComponent is URI.encode_www_form_component(s).
func wwwFormComponent(v Value) string {
	return strings.ReplaceAll(percentBytes(ToS(v), func(c byte) bool { return isAlnum(c) || strings.IndexByte(" *-._", c) >= 0 }), " ", "+")
}

// EncodeWwwFormComponent is URI.encode_www_form_component(s).
func (r *R) EncodeWwwFormComponent(recv Value, args ...Value) Value {
	classRecv("encode_www_form_component", recv, ClassURI)
	arity(args, 1, 2)
	return S(wwwFormComponent(args[0]))
}

// EncodeWwwForm is URI.encode_www_form(enum): key=value pairs joined by
// &, a nil value giving the key alone and an Array value a pair per
// element.
func (r *R) EncodeWwwForm(recv Value, args ...Value) Value {
	classRecv("encode_www_form", recv, ClassURI)
	arity(args, 1, 2)
	var parts []string
	r.eachValue("map", args[0], func(pair Value) {
		var k, v Value
		if a, ok := pair.(*Array); ok {
			if len(a.A) > 0 {
				k = a.A[0]
			}
			if len(a.A) > 1 {
				v = a.A[1]
			}
		} else {
			k = pair
		}
		switch x := v.(type) {
		case nil:
			parts = append(parts, wwwFormComponent(k))
		case *Array:
			var sub []string
			for _, w := range x.A {
				if w == nil {
					sub = append(sub, "")
					continue
				}
				sub = append(sub, wwwFormComponent(k)+"="+wwwFormComponent(w))
			}
			parts = append(parts, strings.Join(sub, "&"))
		default:
			parts = append(parts, wwwFormComponent(k)+"="+wwwFormComponent(v))
		}
	})
	return S(strings.Join(parts, "&"))
}

// uriEscape is URI::DEFAULT_PARSER.escape(s): the bytes of characters
// that are neither reserved nor unreserved as %XX.
func uriEscape(s string) string {
	return percentBytes(s, func(c byte) bool { return c < 0x80 && strings.IndexByte(uriReservedUnreserved, c) >= 0 })
}

// uriGeneric is a URI::Generic.
type uriGeneric struct {
	scheme, user, password, host, path, query Value // *Str or nil
	port                                      Value // int64 or nil
	opaque, fragment                          Value // *Str or nil (URI.parse)
	// parsed: made by URI.parse, whose class is its scheme's
	// (uriClass) with that scheme's default port
	parsed bool
}

func (u *uriGeneric) rubyClass() *Class {
	if u.parsed {
		return uriClass(u.scheme)
	}
	return ClassURIGeneric
}
func (u *uriGeneric) rubyInspect() string {
	return "#<" + u.rubyClass().Name + " " + u.rubyToS() + ">"
}

// rubyToS is URI::Generic#to_s.
func (u *uriGeneric) rubyToS() string {
	var b strings.Builder
	if u.scheme != nil {
		b.WriteString(ToS(u.scheme) + ":")
	}
	if u.opaque != nil {
		b.WriteString(ToS(u.opaque))
		if u.fragment != nil {
			b.WriteString("#" + ToS(u.fragment))
		}
		return b.String()
	}
	if u.host != nil || u.scheme != nil && (ToS(u.scheme) == "file" || ToS(u.scheme) == "postgres") {
		b.WriteString("//")
	}
	if u.user != nil {
		b.WriteString(ToS(u.user))
		if u.password != nil {
			b.WriteString(":" + ToS(u.password))
		}
		b.WriteString("@")
	}
	if u.host != nil {
		b.WriteString(ToS(u.host))
	}
	if def, ok := uriDefaultPorts[ToS(u.scheme)]; u.port != nil && !(u.parsed && ok && def == u.port) {
		b.WriteString(":" + ToS(u.port))
	}
	b.WriteString(ToS(u.path))
	if u.query != nil {
		b.WriteString("?" + ToS(u.query))
	}
	if u.fragment != nil {
		b.WriteString("#" + ToS(u.fragment))
	}
	return b.String()
}

// uriMatch is Ruby's re !~ v for a component check: a non-String raises
// the TypeError of Regexp#=~.
func uriMatch(re *lazyre.Regexp, v Value) bool {
	s, ok := v.(*Str)
	if !ok {
		if _, sym := v.(Symbol); sym {
			return re.MatchString(string(v.(Symbol)))
		}
		implicitConversion(v, "String")
	}
	return re.MatchString(s.S)
}

func badComponent(what string, v string) {
	raise(ClassURIInvalidComp, "bad component(expected %s component): %s", what, v)
}

// Build is URI::Generic.build(components): the components checked and
// set in Ruby's order (scheme, userinfo, host, port, path, query).
func (r *R) Build(recv Value, args ...Value) Value {
	classRecv("build", recv, ClassURIGeneric)
	arity(args, 1, 1)
	comp := map[string]Value{}
	switch x := args[0].(type) {
	case *Hash:
		for _, n := range uriComponentNames {
			if v, ok := x.Lookup(Symbol(n)); ok {
				comp[n] = v
			}
		}
	case *Array:
		if len(x.A) != len(uriComponentNames) {
			argError("expected Array of or Hash of components of Class (%s)", strings.Join(uriComponentNames, ", "))
		}
		for i, n := range uriComponentNames {
			comp[n] = x.A[i]
		}
	default:
		argError("expected Array of or Hash of components of Class (%s)", strings.Join(uriComponentNames, ", "))
	}
	if comp["opaque"] != nil || comp["fragment"] != nil {
		raise(ClassNotImplementedError, "pp2go: URI::Generic.build with an opaque part or a fragment is not supported")
	}
	u := &uriGeneric{}
	if v := comp["scheme"]; v != nil {
		if !uriMatch(uriReScheme, v) {
			badComponent("scheme", ToS(v))
		}
		u.scheme = S(strings.ToLower(ToS(v)))
	}
	if v := comp["userinfo"]; v != nil {
		s, ok := v.(*Str)
		if !ok {
			noMethod("split", v)
		}
		user, pass, hasPass := strings.Cut(s.S, ":")
		if !uriReUserinfo.MatchString(user) {
			badComponent("userinfo component or user", user)
		}
		if hasPass && !uriReUserinfo.MatchString(pass) {
			raise(ClassURIInvalidComp, "bad password component")
		}
		u.user = S(user)
		if hasPass {
			u.password = S(pass)
		}
	}
	if v := comp["host"]; v != nil {
		if s, ok := v.(*Str); ok && !(strings.HasPrefix(s.S, "[") && strings.HasSuffix(s.S, "]")) && strings.Contains(s.S, ":") {
			v = S("[" + s.S + "]")
		}
		if !uriMatch(uriReHost, v) {
			badComponent("host", ToS(v))
		}
		u.host = v
	}
	if v := comp["port"]; v != nil {
		u.setPort(r, v)
	}
	u.path = S("")
	if v := comp["path"]; v != nil {
		u.checkPath(v)
		u.path = v
	}
	if v := comp["query"]; v != nil {
		s, ok := v.(*Str)
		if !ok {
			noMethod("to_str", v)
		}
		q := strings.NewReplacer("\t", "", "\r", "", "\n", "").Replace(s.S)
		if m := uriReBadPercent.FindString(q); m != "" {
			raise(ClassURIInvalidURI, "invalid percent escape: %s", m)
		}
		u.query = S(percentBytes(q, func(c byte) bool {
			return c == '!' || c >= '$' && c <= '&' || c >= '(' && c <= ';' || c == '=' || c >= '?' && c <= '_' || c >= 'a' && c <= '~'
		}))
	}
	if comp["registry"] != nil {
		raise(ClassURIInvalidURI, "the scheme %s does not accept registry part: %s (or bad hostname?)", ToS(u.scheme), ToS(comp["registry"]))
	}
	return u
}
