package puppetdb

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// TestPQL: puppetdb_query's request and the values and errors of its
// answers. The answers are what Debian 12's puppetdb 7.12 answered, and
// the values and messages what Puppet 7.23 with Debian's
// puppet-terminus-puppetdb 7.12 made of them (notify titles and errors of
// puppetdb_query calls against that PuppetDB).
func TestPQL(t *testing.T) {
	const rejected = "PQL parse error at line 1, column 18:\n\nnodes[certname] {\n                 ^\n"
	var queries []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.Equal(t, "POST", r.Method)
		require.Equal(t, "/pdb/query/v4", r.URL.Path)
		require.Equal(t, "application/json; charset=UTF-8", r.Header.Get("Content-Type"))
		b, _ := io.ReadAll(r.Body)
		var body map[string]any
		require.NoError(t, json.Unmarshal(b, &body))
		q, _ := json.Marshal(body["query"])
		queries = append(queries, string(q))
		switch string(q) {
		case `"nodes[certname] {"`:
			w.Header().Set("Content-Type", "text/plain;charset=utf-8")
			w.WriteHeader(400)
			io.WriteString(w, rejected)
		case `"down"`:
			w.WriteHeader(503)
		default:
			io.WriteString(w, `[{"certname":"web1.example.com"}]`)
		}
	}))
	defer srv.Close()
	c, err := New(Config{URLs: []string{srv.URL}})
	require.NoError(t, err)
	s := func(x string) values.Value { return values.String(x) }

	v, err := c.PQL(s(`nodes[certname] { certname = "web1.example.com" }`), 8)
	require.NoError(t, err)
	require.Equal(t, "[{certname => web1.example.com}]", values.ToString(v))
	_, err = c.PQL(values.NewArray(s("from"), s("nodes"), values.NewArray(s("extract"), values.NewArray(s("certname")))), 8)
	require.NoError(t, err)

	_, err = c.PQL(s("nodes[certname] {"), 7)
	require.EqualError(t, err, "859: unexpected token at '"+rejected+"'")
	_, err = c.PQL(s("nodes[certname] {"), 8)
	require.EqualError(t, err, "unexpected token at '"+rejected+"'")
	_, err = c.PQL(s("down"), 8)
	require.EqualError(t, err, "Failed to execute '/pdb/query/v4' on at least 1 of the following 'server_urls': "+srv.URL)

	require.Equal(t, []string{`"nodes[certname] { certname = \"web1.example.com\" }"`, `["from","nodes",["extract",["certname"]]]`,
		`"nodes[certname] {"`, `"nodes[certname] {"`, `"down"`}, queries)
}
