package erb

import (
	"reflect"
	"testing"
)

// rubyErr runs f and returns the Ruby exception it raises ("" if none).
func rubyErr(f func()) (msg string) {
	defer func() {
		if e, ok := recover().(*RubyError); ok {
			msg = e.Class.Name + ": " + e.Msg
		}
	}()
	f()
	return ""
}

func strs(v Value) []string {
	var out []string
	for _, e := range v.(*Array).A {
		out = append(out, e.(*Str).S)
	}
	return out
}

// Expected results are Ruby 3.1's (ruby -e with require 'shellwords').
func TestShellsplit(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{`a "b\c\$" '"'\ x y\`, []string{"a", `b\c$`, `" x`, `y\`}},
		{`a\`, []string{`a\`}},
		{"a\\\nb  c", []string{"a\\\nb", "c"}},
		{"a\tb  'c d'e", []string{"a", "b", "c de"}},
		{"", nil},
		{`"a\"b" ""`, []string{`a"b`, ""}},
		{"  x  ", []string{"x"}},
	}
	for _, c := range cases {
		if got := shellSplit(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("shellsplit(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := rubyErr(func() { shellSplit(`a "b`) }); got != `ArgumentError: Unmatched quote: "a \"b"` {
		t.Errorf("unmatched quote: %s", got)
	}
}

func TestGrepSliceNamesToH(t *testing.T) {
	r := &R{}
	ints := func(n ...int64) *Array {
		a := NewArray()
		for _, x := range n {
			a.A = append(a.A, x)
		}
		return a
	}
	// [1,2,3,1,4].grep(1..2) { |x| x * 2 } is [2, 4, 2]
	got := r.Grep(ints(1, 2, 3, 1, 4), Blk1(func(v Value) Value { return v.(int64) * 2 }), &Range{Lo: int64(1), Hi: int64(2)})
	if !reflect.DeepEqual(got, ints(2, 4, 2)) {
		t.Errorf("grep: %v", got)
	}
	// %w[a b].grep_v(/a/) is ["b"]
	if got := strs(r.GrepV(NewArray(S("a"), S("b")), nil, Re("a", ""))); !reflect.DeepEqual(got, []string{"b"}) {
		t.Errorf("grep_v: %v", got)
	}
	// a = [1,2,3,4,5]: a.slice!(1,2) is [2, 3], a [1, 4, 5]; a.slice!(-1)
	// 5; a.slice!(1..-2) [2, 3, 4], a [1, 5]
	a := ints(1, 2, 3, 4, 5)
	if got := r.SliceBang(a, int64(1), int64(2)); !reflect.DeepEqual(got, ints(2, 3)) || !reflect.DeepEqual(a, ints(1, 4, 5)) {
		t.Errorf("slice!(1,2): %v, %v", got, a)
	}
	a = ints(1, 2, 3, 4, 5)
	if got := r.SliceBang(a, int64(-1)); got != int64(5) || !reflect.DeepEqual(a, ints(1, 2, 3, 4)) {
		t.Errorf("slice!(-1): %v, %v", got, a)
	}
	a = ints(1, 2, 3, 4, 5)
	if got := r.SliceBang(a, &Range{Lo: int64(1), Hi: int64(-2)}); !reflect.DeepEqual(got, ints(2, 3, 4)) || !reflect.DeepEqual(a, ints(1, 5)) {
		t.Errorf("slice!(1..-2): %v, %v", got, a)
	}
	// [1,2,3]: slice!(5,1) nil, slice!(3,1) [], slice!(9) nil
	a = ints(1, 2, 3)
	if r.SliceBang(a, int64(5), int64(1)) != nil || !reflect.DeepEqual(r.SliceBang(a, int64(3), int64(1)), ints()) || r.SliceBang(a, int64(9)) != nil {
		t.Errorf("slice! out of range")
	}
	// s = "héllo"; s.slice!(1,2) is "él", s "hlo"
	s := S("héllo")
	if got := r.SliceBang(s, int64(1), int64(2)); got.(*Str).S != "él" || s.S != "hlo" {
		t.Errorf("String#slice!: %v %v", got, s.S)
	}
	// /(?<a>x)(y)(?<b>z)(?<c>w)?(?<a>q)?/.match("xyz"): names ["a", "b", "c"]
	re := Re(`(?<a>x)(y)(?<b>z)(?<c>w)?(?<a>q)?`, "")
	md := r.regexpMatch(re, "xyz", 0, true)
	if got := strs(r.Names(md)); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
		t.Errorf("names: %v", got)
	}
	// {a: 1}.to_h { |k, v| [v, k] } is {1=>:a}; the errors
	h := NewHash()
	h.Set(Symbol("a"), int64(1))
	swapped := r.ToH(h, Blk2(func(k, v Value) Value { return NewArray(v, k) })).(*Hash)
	if v, _ := swapped.Lookup(int64(1)); v != Symbol("a") {
		t.Errorf("to_h: %v", swapped)
	}
	for _, c := range []struct {
		recv Value
		res  Value
		want string
	}{
		{h, int64(1), "TypeError: wrong element type Integer (expected array)"},
		{h, ints(1, 2, 3), "ArgumentError: element has wrong array length (expected 2, was 3)"},
		{ints(1), int64(1), "TypeError: wrong element type Integer at 0 (expected array)"},
		{ints(1), ints(1), "ArgumentError: wrong array length at 0 (expected 2, was 1)"},
		{&Range{Lo: int64(1), Hi: int64(2)}, ints(1), "ArgumentError: element has wrong array length (expected 2, was 1)"},
	} {
		res := c.res
		if got := rubyErr(func() { r.ToH(c.recv, Blk1(func(Value) Value { return res })) }); got != c.want {
			t.Errorf("to_h error: %s, want %s", got, c.want)
		}
	}
}

// archive::parse_artifactory_url's Hash[matchdata.names.zip(matchdata.captures)]
// (Ruby's result for this URL).
func TestNamesZipCaptures(t *testing.T) {
	r := &R{}
	src := "\n (?<base_url>.*/artifactory)\n /\n (?<repository>[^/]+)\n /\n (?<org_path>.+?)\n /\n (?<module>[^/]+)\n /\n (?<base_rev>[^/]+?)\n (?:-(?<folder_iteg_rev>SNAPSHOT))?\n /\n \\k<module>-\\k<base_rev>\n (?:-(?<file_iteg_rev>SNAPSHOT|(?:(?:[0-9]{8}.[0-9]{6})-(?:[0-9]+))))?\n (?:-(?<classifier>[^/]+?))?\n \\.\n (?<ext>(?:(?!\\d))[^\\-/]+|7z)\n "
	md := r.regexpMatch(Re(src, "x"), "https://repo.example.com/artifactory/snap/org/x/lib/2.1-SNAPSHOT/lib-2.1-20200101.123456-3-sources.tar.gz", 0, true)
	h := r.hashBrackets([]Value{r.Zip(r.Names(md), NoBlock, r.Captures(md))})
	got := r.Inspect(h).(*Str).S
	want := `{"base_url"=>"https://repo.example.com/artifactory", "repository"=>"snap", "org_path"=>"org/x", "module"=>"lib", "base_rev"=>"2.1", "folder_iteg_rev"=>"SNAPSHOT", "file_iteg_rev"=>"20200101.123456-3", "classifier"=>"sources", "ext"=>"tar.gz"}`
	if got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
