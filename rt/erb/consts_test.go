package erb

import "testing"

// No two groups define one constant or library: lookups stop at the first
// group that defines a name, so with a name in two groups the order of
// the groups would decide its value.
func TestConstGroupsDisjoint(t *testing.T) {
	where := map[string]int{}
	for i, g := range constGroups {
		g.once.Do(func() { g.fill(g) })
		var names []string
		for k := range g.classes {
			names = append(names, "const "+k)
		}
		for k := range g.values {
			if g.classes[k] != nil {
				t.Errorf("group %d defines %s as a class and as a value", i, k)
			}
			names = append(names, "const "+k)
		}
		for k := range g.libraries {
			names = append(names, "library "+k)
		}
		for _, n := range names {
			if j, ok := where[n]; ok && j != i {
				t.Errorf("%s is defined by groups %d and %d", n, j, i)
			}
			where[n] = i
		}
	}
}

// The constants and libraries as Ruby 3.1 (Puppet 7's) has them, found in
// whichever group defines them.
func TestConstLookups(t *testing.T) {
	classes := []struct {
		path  string
		class *Class
	}{
		{"Hash", ClassHash},
		{"String", ClassString},
		{"Puppet::ParseError", ClassPuppetParseError},
		{"Fixnum", ClassInteger}, // Ruby 3.1: Fixnum == Integer
		{"Psych", ClassYAML},
		{"YAML", ClassYAML},
		{"Digest::SHA1", ClassDigestSHA1},
		{"OpenSSL::Digest::SHA256", ClassDigestSHA256},
		{"Puppet::Util", ClassPuppetUtil},
		{"Net::HTTP", ClassNetHTTP},
		{"Puppet::Pops::Types::PSensitiveType::Sensitive", ClassSensitive},
		{"Puppet::Pops::Types::PBinaryType::Binary", ClassBinary},
		{"OpenSSL::X509::Certificate", ClassX509Cert},
	}
	for _, c := range classes {
		if got := Const(c.path); got != c.class {
			t.Errorf("Const(%q) = %v, want %s", c.path, got, c.class.Name)
		}
		if !KnownConst(c.path) {
			t.Errorf("KnownConst(%q) = false", c.path)
		}
	}
	// Net::HTTPNotFound < Net::HTTPClientError, Net::HTTPOK < Net::HTTPSuccess
	for path, super := range map[string]*Class{"Net::HTTPNotFound": ClassNetHTTPClientError, "Net::HTTPOK": ClassNetHTTPSuccess, "Net::HTTPMovedPermanently": ClassNetHTTPRedirection} {
		c, ok := Const(path).(*Class)
		if !ok || c.Name != path || c.Super != super {
			t.Errorf("Const(%q) = %v, want a class named so whose superclass is %s", path, Const(path), super.Name)
		}
	}
	if c := (&netResponse{code: "404"}).rubyClass(); c != Const("Net::HTTPNotFound") {
		t.Errorf("a 404 response's class is %s, want Net::HTTPNotFound", c.Name)
	}
	values := map[string]Value{"Regexp::IGNORECASE": int64(1), "Regexp::MULTILINE": int64(4), "OpenSSL::SSL::VERIFY_NONE": int64(0), "OpenSSL::SSL::VERIFY_PEER": int64(1)}
	for path, want := range values {
		if got := Const(path); got != want {
			t.Errorf("Const(%q) = %v, want %v", path, got, want)
		}
	}
	if Const("NoSuchConstant") != nil || KnownConst("NoSuchConstant") {
		t.Error("NoSuchConstant is known")
	}
	for lib, want := range map[string]bool{"json": true, "net/http": true, "digest/sha256": true, "hocon/config_factory": true, "open-uri": true, "redis": false, "optparse": false} {
		if got := KnownLibrary(lib); got != want {
			t.Errorf("KnownLibrary(%q) = %v, want %v", lib, got, want)
		}
	}
	for lib, want := range map[string]bool{"json": true, "optparse": true, "net/http": true, "redis": false} {
		if got := RubyLibrary(lib); got != want {
			t.Errorf("RubyLibrary(%q) = %v, want %v", lib, got, want)
		}
	}
}

// A lookup fills the groups up to the one that defines the name, and no
// further.
func TestConstGroupsLazy(t *testing.T) {
	saved := constGroups
	defer func() { constGroups = saved }()
	var filled []int
	constGroups = nil
	for i, name := range []string{"A", "B", "C"} {
		defineConsts(func(g *constGroup) {
			filled = append(filled, i)
			g.class(name, &Class{Name: name})
			g.library(name + "lib")
		})
	}
	if c, _ := Const("B").(*Class); c == nil || c.Name != "B" || len(filled) != 2 {
		t.Fatalf("Const(B) = %v and filled groups %v, want B and groups [0 1]", Const("B"), filled)
	}
	if !KnownLibrary("Alib") || len(filled) != 2 {
		t.Fatalf("KnownLibrary(Alib) filled groups %v, want [0 1]", filled)
	}
	if Const("Z") != nil || len(filled) != 3 {
		t.Fatalf("Const(Z) filled groups %v, want all three", filled)
	}
}

// TestConstRef: a ConstRef's Value is the constant Const finds, the same
// value at each use (Ruby's constants are one object each).
func TestConstRef(t *testing.T) {
	for _, path := range []string{"Hash", "Puppet::Resource", "ArgumentError", "RUBY_PLATFORM", "Float::INFINITY"} {
		c := &ConstRef{Path: path}
		want := Const(path)
		if want == nil {
			t.Fatalf("Const(%q) is nil", path)
		}
		for range 2 {
			if got := c.Value(); got != want {
				t.Errorf("ConstRef{%q}.Value() = %v, want %v", path, got, want)
			}
		}
	}
	if c := (&ConstRef{Path: "Hash"}); c.Value() != ClassHash {
		t.Errorf("Hash is %v", c.Value())
	}
}
