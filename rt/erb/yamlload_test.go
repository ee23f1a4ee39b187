package erb

import "testing"

// Results of Ruby 3.1's Psych 4.0.3 (ruby -ryaml -e 'p YAML.load(s)').
func TestYAMLLoad(t *testing.T) {
	r := &R{}
	for _, c := range []struct{ src, want string }{
		{"a: 1", `{"a"=>1}`},
		{":foo", `:foo`},
		{"x: :bar", `{"x"=>:bar}`},
		{"", `nil`},
		{"---", `nil`},
		{"0o17", `"0o17"`},
		{"017", `15`},
		{"1_000", `1000`},
		{"x: !!binary aGVsbG8=", `{"x"=>"hello"}`},
		{"? [1,2]\n: 3", `{[1, 2]=>3}`},
		{"yes", `true`},
		{"1e3", `"1e3"`},
		{"null", `nil`},
		{"<<: {a: 1}\nb: 2", `{"a"=>1, "b"=>2}`},
		{"!!int \"5\"", `5`},
		{"! 5", `5`},
		{"x: !!float 5", `{"x"=>5.0}`},
		{":\"a b\"", `:"a b"`},
		{"- :a\n- \":b\"", `[:a, ":b"]`},
		{"12345678901234567890", `12345678901234567890`},
		{"a: !ruby/sym foo", `{"a"=>:foo}`},
		{"1:30", `5400`}, // Psych weighs part e with 60**|e-2|
		{"-.inf", `-Infinity`},
		{"'123'", `"123"`},
		{"k: 1,000", `{"k"=>1000}`},
	} {
		got := func() (s string) {
			defer func() {
				if e := recover(); e != nil {
					s = "ERR " + e.(*RubyError).Msg
				}
			}()
			return Inspect(r.Load(ClassYAML, S(c.src)))
		}()
		if got != c.want {
			t.Errorf("YAML.load(%q) = %s, want %s", c.src, got, c.want)
		}
	}
	for _, c := range []struct {
		src   string
		safe  bool
		class *Class
		msg   string
	}{
		{"d: 2020-01-02", false, ClassPsychDisallowed, "Tried to load unspecified class: Date"},
		{"t: 2020-01-02 10:00:00", false, ClassPsychDisallowed, "Tried to load unspecified class: Time"},
		{"a: &x 1\nb: *x", false, ClassPsychBadAlias, "Unknown alias: x"},
		{"- [1", false, ClassPsychSyntaxError, "(<unknown>): did not find expected ',' or ']' while parsing a flow sequence at line 1 column 3"},
		{"a: !ruby/object:Foo {}", false, ClassPsychDisallowed, "Tried to load unspecified class: Foo"},
		{"!!set {a, b}", false, ClassPsychDisallowed, "Tried to load unspecified class: Psych::Set"},
		{":a", true, ClassPsychDisallowed, "Tried to load unspecified class: Symbol"},
	} {
		func() {
			defer func() {
				e, _ := recover().(*RubyError)
				if e == nil || e.Class != c.class || e.Msg != c.msg {
					t.Errorf("YAML.load(%q): got %v, want %s: %s", c.src, e, c.class.Name, c.msg)
				}
			}()
			if c.safe {
				r.SafeLoad(ClassYAML, S(c.src))
			} else {
				r.Load(ClassYAML, S(c.src))
			}
		}()
	}
	h := NewHash()
	h.Set(Symbol("aliases"), true)
	if got := Inspect(r.SafeLoad(ClassYAML, S("a: &x 1\nb: *x"), h)); got != `{"a"=>1, "b"=>1}` {
		t.Errorf("safe_load aliases: true: %s", got)
	}
}

// Kernel#Float of Strings with a point, as Ruby 3.1 reads them.
func TestFloatPoint(t *testing.T) {
	r := &R{}
	for s, want := range map[string]string{".5": "0.5", "+.5": "0.5", ".5_0": "0.5", ".5e3": "500.0", " .5": "0.5",
		"._5": "ERR", ".e5": "ERR", "5.e3": "ERR", "5.": "ERR", "0x.8": "ERR"} {
		got := func() (g string) {
			defer func() {
				if recover() != nil {
					g = "ERR"
				}
			}()
			return Inspect(r.Float(S(s)))
		}()
		if got != want {
			t.Errorf("Float(%q) = %s, want %s", s, got, want)
		}
	}
}
