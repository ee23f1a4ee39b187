package hocon

import "testing"

// FuzzParse: any text parses to a value or to the gem's kind of error,
// never a panic or a hang, and the same each time
// (go test ./internal/hocon -run '^$' -fuzz FuzzParse).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"a = 1\nb { c = [1, 2, {d: x}] }\n", `base = "/srv"` + "\napp { dir = ${base}\"/apps\"\n opts.level = 3 }\n",
		"{ \"k\": \"\"\"triple\n quoted\"\"\" }", "x = ${?missing}\ny = ${x}", "a = ${b}\nb = ${a}",
		"# comment\n// another\nk = v w ${k}", "a.b.c = true\na { b { d = null } }", "l = [ 1\n 2 ]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v1, err1 := Parse(s)
		v2, err2 := Parse(s)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("Parse(%q) is not deterministic: %v vs %v", s, err1, err2)
		}
		if err1 != nil {
			if _, ok := err1.(*Error); !ok {
				t.Fatalf("Parse(%q) returned %T: %v", s, err1, err1)
			}
			return
		}
		_, _ = v1, v2
	})
}
