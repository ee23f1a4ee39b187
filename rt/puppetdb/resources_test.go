package puppetdb

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/values"
)

// TestResourceQuery: a collector's query becomes the PuppetDB query
// Puppet's terminus builds (the filters' expected JSON is what
// Puppet::Resource::Puppetdb#build_expression printed for the same
// filters, Debian's puppet-terminus-puppetdb 7.12).
func TestResourceQuery(t *testing.T) {
	s := func(x string) values.Value { return values.String(x) }
	for _, c := range []struct {
		q    *rt.QueryExpr
		want string
	}{
		{rt.QueryAnd(rt.QueryEq("pool", s("web")), rt.QueryNe("port", values.Int(80))),
			`["and",["=",["parameter","pool"],"web"],["not",["=",["parameter","port"],80]]]`},
		{rt.QueryOr(rt.QueryEq("title", s("a")), rt.QueryEq("tag", s("MonItoring"))),
			`["or",["=","title","a"],["=","tag","monitoring"]]`},
		{rt.QueryEq("options", values.NewArray(s("a"), s("b"))), `["=",["parameter","options"],["a","b"]]`},
		{rt.QueryEq("enabled", values.BoolOf(true)), `["=",["parameter","enabled"],true]`},
	} {
		q, err := ResourceQuery("lb.example.com", "Lb::Member", c.q)
		require.NoError(t, err)
		b, err := json.Marshal(q)
		require.NoError(t, err)
		require.Equal(t, `["and",["=","type","Lb::Member"],["=","exported",true],["not",["=","certname","lb.example.com"]],`+c.want+`]`, string(b))
	}
	q, err := ResourceQuery("n", "Host", nil)
	require.NoError(t, err)
	b, _ := json.Marshal(q)
	require.Equal(t, `["and",["=","type","Host"],["=","exported",true],["not",["=","certname","n"]]]`, string(b))
}

// TestQueryEscape: as Ruby 3.1's CGI.escape, which the terminus's query
// URL uses (the expected string is what it printed).
func TestQueryEscape(t *testing.T) {
	require.Equal(t, "%5B%22%3D%22%2C%22title%22%2C%22a+b%2Fc~%C3%A9%2A-._%22%5D", queryEscape(`["=","title","a b/c~é*-._"]`))
}
