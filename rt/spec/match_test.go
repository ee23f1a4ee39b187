package spec

import (
	"regexp"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

func TestMatch(t *testing.T) {
	arr := values.NewArray(values.String("a"), values.Int(1))
	hash := values.NewHashFromPairs(values.String("k"), values.NewArray(values.String("v")))
	for _, c := range []struct {
		want any
		got  values.Value
		ok   bool
	}{
		{"0644", values.String("0644"), true},
		{"0644", values.String("644"), false},
		{"ABC", values.String("abc"), false}, // exact, unlike Puppet's ==
		{80, values.Int(80), true},
		{80, values.String("80"), true}, // rspec-puppet compares the text
		{true, values.Bool(true), true},
		{false, values.Bool(true), false},
		{nil, nil, true},
		{nil, values.Undef, true},
		{nil, values.String(""), false},
		{"", nil, false},
		{regexp.MustCompile(`^a+$`), values.String("aaa"), true},
		{regexp.MustCompile(`^a+$`), values.String("aab"), false},
		{[]any{"a", 1}, arr, true},
		{[]string{"a"}, arr, false},
		{[]string{"x"}, values.String("x"), true}, // a single value is a one-element array
		{[]string{}, values.NewArray(), true},
		{map[string]any{"k": []string{"v"}}, hash, true},
		{map[string]any{"k": "v"}, hash, false},
		{map[string]any{}, hash, false},
		{"Package[nginx]", values.NewResourceType("Package", "nginx", true), true},
		{"Class[Web::Service]", values.NewResourceType("Class", "Web::Service", true), true},
		{Sensitive("secret"), values.NewSensitive(values.String("secret")), true},
		{"secret", values.NewSensitive(values.String("secret")), false},
		{func(v values.Value) bool { return v == nil }, nil, true},
	} {
		if got := match(c.want, c.got); got != c.ok {
			t.Errorf("match(%s, %v) = %v", describe(c.want), c.got, got)
		}
	}
}

func TestValue(t *testing.T) {
	v := Value(map[string]any{"b": []int{1, 2}, "a": "x", "c": map[string]bool{"x": true}})
	if got := values.ToString(v); got != "{a => x, b => [1, 2], c => {x => true}}" {
		t.Errorf("Value: %s", got)
	}
	if !values.IsUndef(Value(nil)) || Value(int32(3)) != values.Int(3) || Value(2.5) != values.Float(2.5) {
		t.Errorf("Value of scalars")
	}
}

func TestSetPath(t *testing.T) {
	h := Value(map[string]any{"os": map[string]any{"family": "Debian", "name": "Debian"}, "z": 1}).(*values.Hash)
	h = setPath(h, splitPath("os.family"), values.String("RedHat"))
	h = setPath(h, splitPath("os.release.major"), values.String("9"))
	h = setPath(h, splitPath("new"), values.Bool(true))
	want := "{os => {family => RedHat, name => Debian, release => {major => 9}}, z => 1, new => true}"
	if got := values.ToString(h); got != want {
		t.Errorf("setPath: %s, want %s", got, want)
	}
}
