package checktest

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/pp2go/pp2go/typecheck/resolve"
)

// TestPuppetMessages8 runs the checker as pp2go check does under Puppet 8
// (strict_variables: an unknown variable is an error) over the cases of
// typecheck/testdata/puppet-messages where Puppet 8.10's outcome differs
// from 7.23's (a puppet8.error or puppet8.catalog section, which regen.py
// writes): where Puppet 8.10 fails, one of the checker's errors must carry
// its message at its location (or none, for a case whose report is a
// warning); where it compiles, the checker must report no error.
func TestPuppetMessages8(t *testing.T) {
	files, _ := filepath.Glob("../testdata/puppet-messages/*.txtar")
	cases := 0
	for _, path := range files {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var puppetErr string
		differs := false
		for _, f := range ar.Files {
			switch f.Name {
			case "puppet8.error":
				puppetErr, differs = strings.TrimSpace(string(f.Data)), true
			case "puppet8.catalog":
				differs = true
			}
		}
		if !differs {
			continue
		}
		cases++
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			errs := checkArchive(t, ar, resolve.Options{StrictVariables: true, Puppet: 8})
			if puppetErr == "" {
				if len(errs) > 0 {
					t.Errorf("Puppet 8.10 compiles this, checker reports %q", errs)
				}
				return
			}
			if w := wantDirective.FindStringSubmatch(string(ar.Comment)); w != nil && w[1] == "warning" && len(errs) == 0 {
				return // what fails depends on the node (its facts): a warning
			}
			loc := errorLocation(puppetErr)
			text := strings.ReplaceAll(stripLocations(puppetErr), " for lang.example.com", "")
			for _, l := range errs {
				at, msg, _ := strings.Cut(l, ": ")
				if loc != nil && (!strings.HasPrefix(at+":", loc[1]+":"+loc[2]+":") || loc[3] != "" && !strings.HasSuffix(at, ":"+loc[3])) {
					continue
				}
				if strings.Contains(text, stripLocations(firstLine(msg))) {
					return
				}
			}
			t.Errorf("Puppet 8.10: %s\n checker: %q", puppetErr, errs)
		})
	}
	if cases == 0 {
		t.Fatal("no case has a Puppet 8.10 outcome (run regen.py)")
	}
}
