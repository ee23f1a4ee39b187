package erb

import "testing"

// Expected results are Ruby 3.1's (require 'set', RubyGems 3.3).
func TestSetAndGemVersion(t *testing.T) {
	r := &R{}
	a := r.New(ClassSet, nil, NewArray(S("name"), S("label"), S("path")))
	if got := Inspect(a); got != `#<Set: {"name", "label", "path"}>` {
		t.Errorf("inspect: %s", got)
	}
	if r.SubsetQ(r.ToSet(NewArray(S("label"), S("name"))), a) != true || r.SubsetQ(r.ToSet(NewArray(S("x"))), a) != false {
		t.Errorf("subset?")
	}
	if !Equal(r.ToSet(NewArray(S("path"), S("label"), S("name"))), a) || r.IncludeQ(a, S("name")) != true {
		t.Errorf("== / include?")
	}
	vs := NewArray()
	for _, v := range []string{"1.10", "1.9", "1.2.1", "1.2.a", "1.2-rc1", "2.0.0.pre1", "0.9"} {
		vs.A = append(vs.A, S(v))
	}
	sorted := r.SortBy(vs, Blk1(func(v Value) Value { return r.New(ClassGemVersion, nil, v) }))
	if got := Inspect(sorted); got != `["0.9", "1.2.a", "1.2-rc1", "1.2.1", "1.9", "1.10", "2.0.0.pre1"]` {
		t.Errorf("sort_by: %s", got)
	}
	if got := rubyErr(func() { r.New(ClassGemVersion, nil, S("a.b")) }); got != "ArgumentError: Malformed version number string a.b" {
		t.Errorf("malformed: %s", got)
	}
	if !Equal(r.New(ClassGemVersion, nil, S("1.2.0")), r.New(ClassGemVersion, nil, S("1.2"))) {
		t.Errorf("1.2.0 == 1.2")
	}
	if got := ToS(r.New(ClassGemVersion, nil, S("1-rc1"))); got != "1.pre.rc1" {
		t.Errorf("to_s: %s", got)
	}
	if got := Inspect(r.Segments(r.New(ClassGemVersion, nil, S("1.2a3")))); got != `[1, 2, "a", 3]` {
		t.Errorf("segments: %s", got)
	}
}
