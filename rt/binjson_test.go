package rt

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt/values"
)

// TestBinaryStringWritten: a binary string (a Ruby ASCII-8BIT string) is
// written as Puppet writes it, a Binary, also nested and in a compile
// after one that wrote the same resource with the same text as a String
// (whose JSON a warm process keeps), and the other way round; a binary
// hash key is written as its text.
func TestBinaryStringWritten(t *testing.T) {
	p := NewProgram("production")
	p.AddCoreTypes()
	site := &Site{File: &File{Path: "/e/site.pp"}, Line: 1}
	notify := &ResourceTypeRef{Name: "notify"}
	var message values.Value
	node := &Node{Name: "n1.example.com", Main: func(s *Scope) {
		s.DeclareType(SiteRefOf(site), notify, Regular).Body(SiteRefOf(site), values.String("x")).
			Attr(SiteRefOf(site), "message", message).Exec()
	}}
	abc := values.BinaryString("abc")
	for round, c := range []struct {
		message values.Value
		want    string
	}{
		{values.String("abc"), `"message":"abc"`},
		{abc, `"message":{"__ptype":"Binary","__pvalue":"YWJj"}`},
		{values.String("abc"), `"message":"abc"`},
		{abc, `"message":{"__ptype":"Binary","__pvalue":"YWJj"}`},
		{values.BinaryString(""), `"message":{"__ptype":"Binary","__pvalue":""}`},
		{values.String(""), `"message":""`},
		{values.NewArray(abc, values.String("abc")), `"message":[{"__ptype":"Binary","__pvalue":"YWJj"},"abc"]`},
		{values.NewHashFromPairs(abc, abc), `"message":{"abc":{"__ptype":"Binary","__pvalue":"YWJj"}}`},
	} {
		message = c.message
		res := CompileWith(p, node)
		require.NoError(t, res.Err, "round %d", round)
		require.True(t, strings.Contains(string(res.JSON), c.want), "round %d: %s", round, res.JSON)
		res.Release()
	}
}
