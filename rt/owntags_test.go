package rt

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCompileOwnResourceTags: the resources every compile makes itself
// have Puppet's tags (a mod_firewall catalog of Puppet 7's): Stage[main]
// stage, Class[main] class, Class[Settings] class and settings, the node
// node, its name and, from Class[main] that contains it, class; in a
// compile in the arena of one before too.
func TestCompileOwnResourceTags(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	want := map[[2]string][]string{
		{"Stage", "main"}:     {"stage"},
		{"Class", "main"}:     {"class"},
		{"Class", "Settings"}: {"class", "settings"},
		{"Node", "default"}:   {"class", "default", "node"},
	}
	for round := range 2 {
		res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(*Scope) {}})
		require.NoError(t, res.Err)
		for key, tags := range want {
			r := res.Catalog.find(key[0], key[1])
			require.NotNil(t, r, "round %d: %v", round, key)
			got := slices.Clone(r.Tags)
			slices.Sort(got)
			require.Equal(t, tags, got, "round %d: %v", round, key)
		}
		res.Release()
	}
}
