package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/pn"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/frontend/validate"
)

// corpusCase is one file of the parser corpus with Puppet's dump of it.
type corpusCase struct {
	rel      string // <module>/<path>.pp
	source   string
	expected string
}

// loadCorpus pairs Puppet's dumps with the module sources they came from.
func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	dumps, err := ReadTarXZ(sharedPath(t, "conformance", "parser", "corpus-pn.tar.xz"))
	if err != nil {
		t.Fatalf("reading Puppet's corpus dumps: %v", err)
	}
	var cases []corpusCase
	for name, data := range dumps {
		rel, ok := strings.CutSuffix(name, ".pn")
		if !ok {
			t.Fatalf("corpus holds %s: Puppet failed on a file that should parse", name)
		}
		src, err := os.ReadFile(filepath.Join(ModulesDir(), rel))
		if err != nil {
			t.Fatalf("%v\nThe parser corpus needs the Debian module packages listed in "+
				"../shared/conformance/parser/debian-packages.txt (apt-get install them, or set PUPPET_MODULES)", err)
		}
		cases = append(cases, corpusCase{rel: rel, source: string(src), expected: string(data)})
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].rel < cases[j].rel })
	return cases
}

// dumpPN parses and validates like `puppet parser dump` and returns the PN.
func dumpPN(name, src string) (string, error) {
	f := source.NewFile(name, src)
	res, err := parser.ParseFile(f)
	if err == nil {
		err = validate.FirstError(validate.Program(res.Program, validate.Options{}))
	}
	if err != nil {
		return "", err
	}
	return pn.Format(pn.Transform(res.Program)), nil
}

// TestParserCorpus: every file of the Debian module corpus dumps exactly as
// Puppet 7.23 dumps it.
func TestParserCorpus(t *testing.T) {
	cases := loadCorpus(t)
	if len(cases) != 1898 {
		t.Errorf("corpus has %d files, want 1898", len(cases))
	}
	failed := 0
	for _, c := range cases {
		got, err := dumpPN(c.rel, c.source)
		switch {
		case err != nil:
			failed++
			t.Errorf("%s: %v", c.rel, err)
		case got != c.expected:
			failed++
			t.Errorf("%s: dump differs from Puppet's\n%s", c.rel, firstDifference(c.expected, got))
		}
	}
	fmt.Printf("parser corpus: %d passed, %d failed\n", len(cases)-failed, failed)
}

// firstDifference shows where two dumps part.
func firstDifference(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	from := max(i-80, 0)
	return fmt.Sprintf("  want: ...%s\n  got:  ...%s", clip(want[from:], 200), clip(got[from:], 200))
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
