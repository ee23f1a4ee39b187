package erb

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
)

// URI.parse as Ruby 3.1 parses (URI::RFC3986_Parser): the string split
// by RFC 3986's grammar, an absolute URI first, else a relative
// reference; a path-rootless URI ("mailto:a@b") keeps its part as the
// opaque part and has no path.

const (
	uriPct       = `%[0-9A-Fa-f]{2}`
	uriSegChar   = `[!$&-.0-;=@-Z_a-z~]`
	uri3Segment  = `(?:` + uriPct + `|` + uriSegChar + `)*`
	uriSegNZ     = `(?:` + uriPct + `|` + uriSegChar + `)+`
	uriSegNZNC   = `(?:` + uriPct + `|[!$&-.0-9;=@-Z_a-z~])+`
	uriUserinfo3 = `(?:` + uriPct + `|[!$&-.0-;=A-Z_a-z~])*`
	uriDecOctet  = `(?:[1-9]\d|1\d{2}|2[0-4]\d|25[0-5]|\d)`
	uriIPv4Addr  = uriDecOctet + `\.` + uriDecOctet + `\.` + uriDecOctet + `\.` + uriDecOctet
	uriHost3     = `(?:\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\.[!$&-.0-;=A-Z_a-z~]+)\]|` + uriIPv4Addr + `|(?:` + uriPct + `|[!$&-.0-9;=A-Z_a-z~])+)?`
	uriAuthority = `(?:(?P<userinfo>` + uriUserinfo3 + `)@)?(?P<host>` + uriHost3 + `)(?::(?P<port>\d*))?`
	uriAbempty   = `(?:/` + uri3Segment + `)*`
	uriAbsolute  = `/(?:` + uriSegNZ + `(?:/` + uri3Segment + `)*)?`
	uriTail      = `(?:\?(?P<query>[^#]*))?(?:#(?P<fragment>(?:` + uriPct + `|[!$&-.0-;=@-Z_a-z~/?])*))?\z`
)

var (
	uriRFC3986 = lazyre.New(`\A(?P<scheme>[A-Za-z][+\-.0-9A-Za-z]*):(?://` + uriAuthority + `(?P<abempty>` + uriAbempty + `)|(?P<absolute>` + uriAbsolute + `)|(?P<rootless>` + uriSegNZ + `(?:/` + uri3Segment + `)*)|(?P<empty>))` + uriTail)
	uriRelRef  = lazyre.New(`\A(?://` + uriAuthority + `(?P<abempty>` + uriAbempty + `)|(?P<absolute>` + uriAbsolute + `)|(?P<noscheme>` + uriSegNZNC + `(?:/` + uri3Segment + `)*)|(?P<empty>))` + uriTail)
	// the ports URI.parse's classes default to (URI::HTTP's 80, ...)
	uriDefaultPorts = map[string]int64{"http": 80, "https": 443, "ftp": 21, "ldap": 389, "ldaps": 636, "ws": 80, "wss": 443}
)

// uriGroup is a named group of m, nil when it did not take part.
func uriGroup(re *regexp.Regexp, s string, m []int, name string) Value {
	i := re.SubexpIndex(name)
	if i < 0 || m[2*i] < 0 {
		return nil
	}
	return S(s[m[2*i]:m[2*i+1]])
}

// uriParse is URI.parse(s).
func uriParse(v Value) *uriGeneric {
	s, ok := v.(*Str)
	if !ok {
		raise(ClassURIInvalidURI, "bad URI(is not URI?): %s", Inspect(v))
	}
	for i := 0; i < len(s.S); i++ {
		if s.S[i] >= 0x80 {
			raise(ClassURIInvalidURI, "URI must be ascii only %s", uriDump(s.S))
		}
	}
	u := &uriGeneric{parsed: true}
	if m := uriRFC3986.FindStringSubmatchIndex(s.S); m != nil {
		re := uriRFC3986.Re()
		u.scheme = S(strings.ToLower(s.S[m[2]:m[3]]))
		u.query = uriGroup(re, s.S, m, "query")
		u.fragment = uriGroup(re, s.S, m, "fragment")
		if op := uriGroup(re, s.S, m, "rootless"); op != nil {
			if u.query != nil {
				op = S(ToS(op) + "?" + ToS(u.query))
				u.query = nil
			}
			u.opaque = op
			return u
		}
		uriAuthorityParts(u, re, s.S, m)
		for _, n := range []string{"abempty", "absolute", "empty"} {
			if p := uriGroup(re, s.S, m, n); p != nil {
				u.path = p
				break
			}
		}
		return u
	}
	if m := uriRelRef.FindStringSubmatchIndex(s.S); m != nil {
		re := uriRelRef.Re()
		u.query = uriGroup(re, s.S, m, "query")
		u.fragment = uriGroup(re, s.S, m, "fragment")
		uriAuthorityParts(u, re, s.S, m)
		for _, n := range []string{"abempty", "absolute", "noscheme", "empty"} {
			if p := uriGroup(re, s.S, m, n); p != nil {
				u.path = p
				break
			}
		}
		return u
	}
	raise(ClassURIInvalidURI, "bad URI(is not URI?): %s", Inspect(s))
	return nil
}

// uriAuthorityParts sets the userinfo, host and port of a match (an
// empty host is none; no port is the scheme's default port, which to_s
// leaves out).
func uriAuthorityParts(u *uriGeneric, re *regexp.Regexp, s string, m []int) {
	if ui := uriGroup(re, s, m, "userinfo"); ui != nil {
		user, pass, hasPass := strings.Cut(ToS(ui), ":")
		u.user = S(user)
		if hasPass {
			u.password = S(pass)
		}
	}
	if h := uriGroup(re, s, m, "host"); h != nil && ToS(h) != "" {
		u.host = h
	}
	if p := uriGroup(re, s, m, "port"); p != nil && ToS(p) != "" {
		if n, err := strconv.ParseInt(ToS(p), 10, 64); err == nil {
			u.port = n
		}
	}
	if def, ok := uriDefaultPorts[ToS(u.scheme)]; ok && u.scheme != nil && u.port == nil {
		u.port = def // Generic#initialize: set_port(default_port)
	}
}

// uriDump is String#dump of an ASCII-incompatible URI (Ruby's message
// quotes it so).
func uriDump(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\x%02X", c)
		case c < 0x80:
			b.WriteRune(c)
		case c > 0xffff:
			fmt.Fprintf(&b, "\\u{%X}", c)
		default:
			fmt.Fprintf(&b, "\\u%04X", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
