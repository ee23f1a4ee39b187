package checktest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck/resolve"
)

// puppetLocation is the location Puppet appends to an error.
var puppetLocation = regexp.MustCompile(`\(file: ([^,]+), line: (\d+)(?:, column: (\d+))?\)`)

// errorLocation is the location of Puppet's error (file, line and column
// submatches of puppetLocation), nil when it gives none. Puppet appends
// the error's own location last; an error in a defined type's body comes
// wrapped in the declaration's (the inner location, then the outer).
func errorLocation(puppetErr string) []string {
	all := puppetLocation.FindAllStringSubmatch(puppetErr, -1)
	if len(all) == 0 {
		return nil
	}
	depth := max(strings.Count(puppetErr, "Evaluation Error: "), 1)
	return all[max(len(all)-depth, 0)]
}

// wantDirective is a case's "# pp2go: error [MESSAGE]": MESSAGE, when
// given, is what the checker must report where Puppet's first error is a
// consequence of it (an unknown variable is undef, then a title is empty).
var wantDirective = regexp.MustCompile(`(?m)^# pp2go: (error|warning|none)(?: (.*))?$`)

// messagesKnownMissing are cases whose error the checker does not report
// yet; they are skipped, and say so when they pass.
var messagesKnownMissing = map[string]string{}

// locationDiffers are the cases where the checker reports the defect where
// it is, while Puppet reports it where it first meets it.
var locationDiffers = map[string]string{
	"m04":  "the type alias file that defines another name: the checker reports the file, Puppet the first use",
	"t36":  "a function's return value its return type rejects: the checker reports the function, Puppet each call",
	"t135": "a function's return value its return type rejects: the checker reports the function, Puppet each call",
	"t136": "a function's return value its return type rejects: the checker reports the function, Puppet each call",
	"t140": "a function's return value its return type rejects: the checker reports the function, Puppet each call",
}

// TestPuppetMessages runs the checker over each case of
// typecheck/testdata/puppet-messages: a tiny environment with the first line
// of the error the real Puppet 7.23 gives for it. Where the case says the
// checker reports an error ("# pp2go: error"), one of the checker's errors
// must carry Puppet's message and Puppet's location; where it says none or
// warning, the checker must report no error.
func TestPuppetMessages(t *testing.T) {
	files, _ := filepath.Glob("../testdata/puppet-messages/*.txtar")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			comment := string(ar.Comment)
			puppetErr := ""
			if f := archiveFile(ar, "puppet.error"); f != nil {
				puppetErr = strings.TrimSpace(string(f.Data))
			}
			errs := checkArchive(t, ar, resolve.Options{StrictVariables: strings.Contains(comment, "strict_variables=true"), Puppet: 7})
			w := wantDirective.FindStringSubmatch(comment)
			if w == nil {
				t.Fatal("no # pp2go: line")
			}
			switch {
			case w[1] == "error" && w[2] != "":
				for _, l := range errs {
					if _, msg, _ := strings.Cut(l, ": "); msg == w[2] {
						return
					}
				}
				t.Errorf("want error %q, checker: %q", w[2], errs)
			case w[1] == "error":
				m := errorLocation(puppetErr)
				// Puppet's text without its locations and node
				text := strings.ReplaceAll(stripLocations(puppetErr), " for lang.example.com", "")
				for _, l := range errs {
					loc, msg, _ := strings.Cut(l, ": ")
					if m != nil && locationDiffers[name] == "" {
						wantLoc := m[1] + ":" + m[2] + ":"
						if !strings.HasPrefix(loc+":", wantLoc) || (m[3] != "" && !strings.HasSuffix(loc, ":"+m[3])) {
							continue
						}
					}
					if strings.Contains(text, stripLocations(firstLine(msg))) {
						if why := messagesKnownMissing[name]; why != "" {
							t.Errorf("now checked, drop it from messagesKnownMissing: %s", why)
						}
						return
					}
				}
				if why := messagesKnownMissing[name]; why != "" {
					t.Skipf("not checked yet: %s", why)
				}
				t.Errorf("Puppet: %s\n checker: %q", puppetErr, errs)
			default:
				if len(errs) > 0 {
					t.Errorf("Puppet compiles this (or only warns), checker reports %q", errs)
				}
			}
		})
	}
}

// stripLocations leaves out the "(file: f, line: l, column: c)" parts of a
// message and the node it names.
func stripLocations(s string) string {
	s = puppetLocation.ReplaceAllString(s, "")
	s = strings.TrimSuffix(strings.TrimSpace(s), " on node lang.example.com")
	s = strings.ReplaceAll(s, "  ", " ")
	return strings.ReplaceAll(s, " ;", ";")
}

// checkArchive writes an archive's environment (its files other than
// Puppet's outcomes, puppet.* and puppet8.*) to a directory, checks it
// with opts and returns the errors, "file:line:column: message" with paths relative
// to it.
func checkArchive(t *testing.T, ar *txtar.Archive, opts resolve.Options) []string {
	dir := t.TempDir()
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "puppet.") || strings.HasPrefix(f.Name, "puppet8.") {
			continue
		}
		p := filepath.Join(dir, f.Name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "environment.conf"), []byte("modulepath = modules\n"), 0o644)
	e, err := env.Load(dir, env.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res := resolve.Check(e, opts)
	var errs []string
	for _, d := range res.Diags {
		if d.Severity == diag.Error {
			rel := strings.TrimPrefix(d.File, dir+"/")
			errs = append(errs, fmt.Sprintf("%s:%d:%d: %s", rel, d.Line, d.Column, strings.ReplaceAll(d.Message, dir+"/", "")))
		}
	}
	return errs
}

// firstLine is the first line of a message: what a case keeps of
// Puppet's (regen.py), for a message of several lines (the dispatcher's
// "It expects one of:" and the signatures under it).
func firstLine(msg string) string {
	line, _, _ := strings.Cut(msg, "\n")
	return line
}

// archiveFile is the archive's file name, nil when it has none.
func archiveFile(ar *txtar.Archive, name string) *txtar.File {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			return &ar.Files[i]
		}
	}
	return nil
}
