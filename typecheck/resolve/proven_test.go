package resolve

import (
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/frontend/env"
	"github.com/stretchr/testify/require"
)

// TestProvenAttrs: the attributes of declarations whose values the
// checker proves their parameters' types accept are those, and only
// those, in Result.ProvenAttrs.
func TestProvenAttrs(t *testing.T) {
	dir := t.TempDir()
	site := `define d(Integer $i = 0, String $s = '', Optional[String] $o = undef, $any = 1, Pattern[/^a/] $pat = 'a') { }
class c(String $s = '') { }
class c2(Integer $s = 0) { }
$word = 'x'
$n = $facts['whatever'] ? { true => 1, default => 2 }
d { 'a':
  i    => 1,          # proven: a literal the type accepts
  s    => "${word}y", # proven: an interpolation is a String
  o    => $word,      # proven: a String is an Optional[String]
  any  => 'x',        # not recorded: an untyped parameter is not checked
  pat  => $word,      # not: a String may not match the pattern
}
d { 'b':
  i => $n,            # proven: either branch is an Integer
  s => $facts['os'],  # not: a fact's value is known on the node only
  o => 5,             # not: the type rejects it (the checker reports it)
}
class { 'c': s => 'x' }           # proven
class { ['c2', 'c']: s => 'x' }   # not: c2's s is an Integer
`
	tree(t, dir, map[string]string{"environment.conf": "modulepath = modules\n", "manifests/site.pp": site})
	res := check(t, dir, env.Options{}, Options{All: true})
	var proven []string
	for a := range res.ProvenAttrs {
		line := 1 + strings.Count(site[:a.Span().Offset], "\n")
		proven = append(proven, a.Name+"@"+strconv.Itoa(line))
	}
	sort.Strings(proven)
	require.Equal(t, []string{"i@14", "i@7", "o@9", "s@18", "s@8"}, proven)
}
