package erb

import "testing"

// Expected results are Ruby 3.1's (require 'cgi', 'erb', 'uri').
func TestURLEncoding(t *testing.T) {
	r := &R{}
	str := func(v Value) string { return v.(*Str).S }
	if got := str(r.Escape(ClassCGI, S("a b&c~é/"))); got != "a+b%26c~%C3%A9%2F" {
		t.Errorf("CGI.escape: %s", got)
	}
	if got := rubyErr(func() { r.Escape(ClassCGI, int64(1)) }); got != "TypeError: no implicit conversion of Integer into String" {
		t.Errorf("CGI.escape(1): %s", got)
	}
	for in, want := range map[Value]string{S("a b&c~é/:"): "a%20b%26c~%C3%A9%2F%3A", int64(12): "12", Symbol("sym"): "sym", nil: ""} {
		if got := str(r.UrlEncode(ClassERBUtil, in)); got != want {
			t.Errorf("ERB::Util.url_encode(%v): %s, want %s", in, got, want)
		}
	}
	h := NewHash()
	h.Set(S("a b"), S("c*d"))
	h.Set(S("x"), nil)
	h.Set(S("l"), NewArray(int64(1), nil, S("2")))
	h.Set(int64(3), Symbol("s"))
	h.Set(S("t"), true)
	if got := str(r.EncodeWwwForm(ClassURI, h)); got != "a+b=c*d&x&l=1&&l=2&3=s&t=true" {
		t.Errorf("URI.encode_www_form: %s", got)
	}
	if got := str(r.Escape(uriDefaultParser, S("a b[]é%/?#"))); got != "a%20b[]%C3%A9%25/?%23" {
		t.Errorf("URI::DEFAULT_PARSER.escape: %s", got)
	}
}

func TestURIGenericBuild(t *testing.T) {
	r := &R{}
	build := func(kv ...Value) Value {
		h := NewHash()
		for i := 0; i < len(kv); i += 2 {
			h.Set(Symbol(kv[i].(string)), kv[i+1])
		}
		return r.Build(ClassURIGeneric, h)
	}
	for _, c := range []struct {
		kv   []Value
		want string
	}{
		{[]Value{"scheme", S("mysql+pymysql"), "host", S("h"), "port", int64(3306), "userinfo", S("u:p"), "path", S("/db"), "query", S("a=1&b=2")}, "mysql+pymysql://u:p@h:3306/db?a=1&b=2"},
		{[]Value{"scheme", S("sqlite"), "path", S("///db")}, "sqlite:///db"},
		{[]Value{"scheme", S("http"), "host", S("[::1]"), "port", int64(80)}, "http://[::1]:80"},
		{[]Value{"scheme", S("http"), "userinfo", S("u")}, "http:u@"},
		{[]Value{"scheme", S("http"), "host", S("h"), "query", S("a b")}, "http://h?a%20b"},
		{[]Value{"host", S("h")}, "//h"},
		{[]Value{"scheme", S("http"), "host", S("h"), "port", int64(0)}, "http://h:0"},
	} {
		var got string
		if err := rubyErr(func() { got = ToS(build(c.kv...)) }); err != "" || got != c.want {
			t.Errorf("build(%v) = %q %s, want %q", c.kv, got, err, c.want)
		}
	}
	for _, c := range []struct {
		kv   []Value
		want string
	}{
		{[]Value{"scheme", S("http"), "host", S("a b")}, "URI::InvalidComponentError: bad component(expected host component): a b"},
		{[]Value{"scheme", S("http"), "host", S("h"), "path", S("rel")}, "URI::InvalidComponentError: bad component(expected absolute path component): rel"},
		{[]Value{"scheme", S("http"), "host", S("h"), "userinfo", S("u%:x")}, "URI::InvalidComponentError: bad component(expected userinfo component or user component): u%"},
		{[]Value{"scheme", S("http"), "host", S("h"), "port", S("x")}, `URI::InvalidComponentError: bad component(expected port component): "x"`},
		{[]Value{"scheme", S("1http"), "host", S("h")}, "URI::InvalidComponentError: bad component(expected scheme component): 1http"},
	} {
		if got := rubyErr(func() { build(c.kv...) }); got != c.want {
			t.Errorf("build(%v): %s, want %s", c.kv, got, c.want)
		}
	}
}

// IPAddr#to_i of an IPv6 address is beyond 64 bits; Ruby:
// IPAddr.new('ffff:ffff:ffff:ffff::').to_i.to_s(2).count('1') is 64.
func TestIPv6ToI(t *testing.T) {
	r := &R{}
	ip := r.New(ClassIPAddr, nil, S("ffff:ffff:ffff:ffff::"))
	n := r.ToI(ip)
	if got := ToS(n); got != "340282366920938463444927863358058659840" {
		t.Errorf("to_i: %s", got)
	}
	if got := r.ToS(n, int64(16)).(*Str).S; got != "ffffffffffffffff0000000000000000" {
		t.Errorf("to_s(16): %s", got)
	}
}

// TestURIParse: URI.parse's path and to_s as Ruby 3.1's (ruby -e 'u =
// URI.parse(s); p [u.path, u.to_s]'), and its errors.
func TestURIParse(t *testing.T) {
	r := New(nil)
	for _, c := range [][3]string{
		{"http://example.com/files/app-1.0.tar.gz", "/files/app-1.0.tar.gz", "http://example.com/files/app-1.0.tar.gz"},
		{"/tmp/x.zip", "/tmp/x.zip", "/tmp/x.zip"},
		{"x", "x", "x"},
		{"C:/dir/file.zip", "/dir/file.zip", "c:/dir/file.zip"},
		{"puppet:///modules/x/y.rpm", "/modules/x/y.rpm", "puppet:/modules/x/y.rpm"},
		{"mailto:a@b", "<nil>", "mailto:a@b"},
		{"http://h:80/p?q=1#f", "/p", "http://h/p?q=1#f"},
		{"http://u:p@h/", "/", "http://u:p@h/"},
		{"//h/p", "/p", "//h/p"},
		{"foo:bar/baz", "<nil>", "foo:bar/baz"},
		{"http://[::1]:8/x", "/x", "http://[::1]:8/x"},
		{"a%20b", "a%20b", "a%20b"},
		{"x:y:z", "<nil>", "x:y:z"},
		{"./a:b", "./a:b", "./a:b"},
		{"", "", ""},
	} {
		u := r.Parse(ClassURI, S(c[0]))
		p := "<nil>"
		if v := r.Path(u); v != nil {
			p = v.(*Str).S
		}
		if p != c[1] || ToS(u) != c[2] {
			t.Errorf("URI.parse(%q): path %q, to_s %q; want %q, %q", c[0], p, ToS(u), c[1], c[2])
		}
	}
	for in, want := range map[string]string{
		"a b":          `URI::InvalidURIError: bad URI(is not URI?): "a b"`,
		"%zz":          `URI::InvalidURIError: bad URI(is not URI?): "%zz"`,
		"http://h/é":   `URI::InvalidURIError: URI must be ascii only "http://h/\u00E9"`,
		"http://h/a b": `URI::InvalidURIError: bad URI(is not URI?): "http://h/a b"`,
	} {
		expectRaise(t, want, func() { r.Parse(ClassURI, S(in)) })
	}
}
