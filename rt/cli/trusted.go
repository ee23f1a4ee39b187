package cli

import (
	"fmt"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/values"
)

// loadTrusted reads --trusted: a hash (JSON, or YAML for .yaml and .yml
// files) whose "extensions" and "external" become those of $trusted for
// the node, an authenticated agent whose certificate name is node.
func loadTrusted(path, node string) (*values.Hash, error) {
	v, err := readValueFile(path)
	if err != nil {
		return nil, err
	}
	h, ok := v.(*values.Hash)
	if !ok {
		return nil, fmt.Errorf("--trusted %s: expected a hash with extensions and external", path)
	}
	var parts [2]*values.Hash
	idx := map[string]int{"extensions": 0, "external": 1}
	for i := 0; i < h.Len(); i++ {
		key := values.ToString(h.KeyAt(i))
		j, known := idx[key]
		if !known {
			return nil, fmt.Errorf("--trusted %s: unknown key %q (give extensions and external; the other keys of $trusted derive from the node's name)", path, key)
		}
		sub, ok := h.ValueAt(i).(*values.Hash)
		if !ok {
			return nil, fmt.Errorf("--trusted %s: %s is not a hash", path, key)
		}
		parts[j] = sub
	}
	return rt.TrustedFor(node, parts[0], parts[1]), nil
}
