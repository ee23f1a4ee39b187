package checktest

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// sweepDir holds Puppet's outcome for every class of the Debian modules
// included alone (../shared/conformance/sweep).
const sweepDir = "../../../shared/conformance/sweep"

// resolutionError matches the errors of Puppet's that are broken
// references: what the checker must find without running the code.
var resolutionError = regexp.MustCompile(`Unknown resource type: '[^']+'|Resource type not found: \S+|has no parameter named '[^']+'|no parameter named '[^']+'|Unknown function: '[^']+'|Could not find class ::[a-z0-9_:]*[a-z0-9_] for|Could not find declared class \S+`)

var sweepLocation = regexp.MustCompile(`\(file: <modules>/([^,]+), line: (\d+)(?:, column: (\d+))?\)`)

// TestSweepErrorsFound: every broken reference Puppet itself met while
// compiling each class of the Debian modules alone (on debian12 and rhel9)
// is among the checker's errors for the module path, at the same place.
// The sweep's own `include` of classes Puppet cannot load (rsyslog::*,
// augeas*) are at its site.pp and left out.
func TestSweepErrorsFound(t *testing.T) {
	tsvs, _ := filepath.Glob(filepath.Join(sweepDir, "expected-*.tsv"))
	if len(tsvs) == 0 {
		t.Skip("no sweep beside the repository")
	}
	if _, err := os.Stat(debianModules); err != nil {
		t.Skip("Debian puppet-module-* packages not installed")
	}
	got := debianErrors(t)
	seen := map[string]bool{}
	checked := 0
	for _, tsv := range tsvs {
		f, err := os.Open(tsv)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			cols := strings.Split(sc.Text(), "\t")
			if len(cols) < 7 || cols[2] != "error" {
				continue
			}
			msg := resolutionError.FindString(cols[6])
			if msg == "" {
				continue
			}
			// the innermost location is where Puppet met the reference
			loc := sweepLocation.FindStringSubmatch(cols[6])
			if loc == nil {
				continue
			}
			key := loc[0] + msg
			if seen[key] {
				continue
			}
			seen[key] = true
			checked++
			msg = strings.TrimSuffix(msg, " for")
			line, _ := strconv.Atoi(loc[2])
			if sweepKnownMissing[loc[1]+":"+loc[2]] {
				if foundAt(got, loc[1], line, loc[3], msg) {
					t.Errorf("now found, drop it from sweepKnownMissing: %s:%s %s", loc[1], loc[2], msg)
				}
				continue
			}
			if !foundAt(got, loc[1], line, loc[3], msg) {
				t.Errorf("Puppet met %q at %s:%s:%s (class %s); the checker does not report it", msg, loc[1], loc[2], loc[3], cols[1])
			}
		}
		f.Close()
	}
	if checked == 0 {
		t.Fatal("no broken reference found in the sweep")
	}
	t.Logf("%d broken references of the sweep found by the checker", checked)
}

// sweepKnownMissing are broken references of the sweep the checker does
// not find yet, by file:line.
var sweepKnownMissing = map[string]bool{}

// foundAt reports whether errs has msg in file at line (and column when
// Puppet gives one). An unknown attribute is reported by Puppet at its
// resource's line and by the checker at the attribute, a few lines below.
func foundAt(errs []string, file string, line int, col, msg string) bool {
	for _, e := range errs {
		if !strings.HasPrefix(e, file+":") || !strings.Contains(e, msg) {
			continue
		}
		parts := strings.SplitN(strings.TrimPrefix(e, file+":"), ":", 3)
		l, _ := strconv.Atoi(parts[0])
		switch {
		case l == line && (col == "" || parts[1] == col):
			return true
		case strings.Contains(msg, "parameter named") && l >= line && l < line+40:
			return true
		}
	}
	return false
}
