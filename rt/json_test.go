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
