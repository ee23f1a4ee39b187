package puppetdb

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCatalogPayloadRichData: rich values of a catalog's JSON are sent as
// the terminus sends them (the expected parameters are those Puppet's
// munge_catalog made of the same notify resources).
func TestCatalogPayloadRichData(t *testing.T) {
	catalog := `{"name": "n", "version": 1, "code_id": null, "catalog_uuid": "u", "resources": [
	  {"type": "Notify", "title": "ts", "parameters": {"message": {"__ptype": "Timestamp", "__pvalue": "2020-01-02T03:04:05.000000000 UTC"}}},
	  {"type": "Notify", "title": "bin", "parameters": {"message": {"__ptype": "Binary", "__pvalue": "aGVsbG8="}}},
	  {"type": "Notify", "title": "h", "parameters": {"message": {"__ptype": "Hash", "__pvalue": [1, "a", "b", [1, 2]]}}},
	  {"type": "Notify", "title": "ty", "parameters": {"message": {"__ptype": "Type", "__pvalue": "Integer[1, 2]"}}}
	], "edges": []}`
	p, err := CatalogPayload(nil, []byte(catalog), Stored{Environment: "production", Producer: "p", TransactionUUID: "t"})
	require.NoError(t, err)
	b, err := json.Marshal(p["resources"])
	require.NoError(t, err)
	require.JSONEq(t, `[
	  {"type": "Notify", "title": "ts", "tags": [], "parameters": {"message": "2020-01-02T03:04:05.000000000 UTC"}},
	  {"type": "Notify", "title": "bin", "tags": [], "parameters": {"message": "aGVsbG8="}},
	  {"type": "Notify", "title": "h", "tags": [], "parameters": {"message": {"1": "a", "b": [1, 2]}}},
	  {"type": "Notify", "title": "ty", "tags": [], "parameters": {"message": "Integer[1, 2]"}}]`, string(b))
	require.Equal(t, "1", p["version"])
	require.Equal(t, "n", p["certname"])
	require.Equal(t, "t", p["transaction_uuid"])
	require.Equal(t, []any{}, p["edges"])
}
