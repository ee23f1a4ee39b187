package rt

import (
	"encoding/json"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
)

// The catalog writer builds references as it writes them: its text must be
// refString's, JSON-encoded.
func TestJSONReferencesAsRefString(t *testing.T) {
	names := []string{"file", "File", "apache::vhost", "Apache::Vhost", "::apache::VHOST", "a:b::c", "keystone::db::mysql",
		"x\"y", "tab\tname", "é::ü", "Ünicode::name", "", "::", "a::", "9lives::x_y"}
	var refs []values.Value
	for _, n := range names {
		refs = append(refs, values.NewResourceType(n, "the title "+n, true), values.NewResourceType("class", n, true),
			values.NewClassType(n))
	}
	for _, ref := range refs {
		if ct, ok := ref.(*values.ClassType); ok && ct.ClassName == "" {
			continue // a type, not a reference
		}
		if rt, ok := ref.(*values.ResourceType); ok && !rt.HasTitle {
			continue
		}
		w := &jsonWriter{}
		w.value(ref, false)
		want, _ := json.Marshal(refString(ref))
		var got, wantS string
		if err := json.Unmarshal(w.buf, &got); err != nil {
			t.Fatalf("%v: %s is no JSON string: %v", ref, w.buf, err)
		}
		_ = json.Unmarshal(want, &wantS)
		if got != wantS {
			t.Errorf("%v: wrote %q, refString is %q", ref, got, wantS)
		}
	}
}

// plainRun finds the end of a run of plain bytes exactly, whatever the
// byte that ends it and wherever it falls in an 8-byte word.
func TestPlainRun(t *testing.T) {
	for c := 0; c < 256; c++ {
		for n := 0; n < 20; n++ {
			b := []byte("abcdefghijklmnopqrstuvwxyz0123456789")
			b[n] = byte(c)
			want := n
			if jsonPlain[c] {
				want = len(b)
			}
			if got := plainRun(string(b), 0); got != want {
				t.Fatalf("byte %#x at %d: %d, want %d", c, n, got, want)
			}
			if got := plainRun(string(b), 3); n >= 3 && got != want {
				t.Fatalf("from 3, byte %#x at %d: %d, want %d", c, n, got, want)
			}
		}
	}
}

func BenchmarkEscaped(b *testing.B) {
	s := `<VirtualHost *:5000>
  ServerName "ctl1.example.com"
  ## Vhost docroot
  DocumentRoot "/var/www/cgi-bin/keystone"
</VirtualHost>
`
	w := &jsonWriter{}
	for b.Loop() {
		w.buf = w.buf[:0]
		for range 20 {
			w.str(s)
		}
	}
}
