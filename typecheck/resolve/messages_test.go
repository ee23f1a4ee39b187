package resolve

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
)

// puppetError takes Puppet's error line apart: the message without the
// evaluation prefix, the node and the location, and the location.
var (
	evalPrefix  = regexp.MustCompile(`^(Evaluation Error: )?(Error while evaluating an? [A-Za-z -]+, )?`)
	puppetLoc   = regexp.MustCompile(`\s*\(file: ([^,)]+)(?:, line: (\d+))?(?:, column: (\d+))?\)`)
	forNode     = regexp.MustCompile(` (for|on node) lang\.example\.com`)
	onResource  = regexp.MustCompile(` on ([A-Z][\w:]*\[[^\]]*\])`)
	messageCase = regexp.MustCompile(`^# pp2go: (error|warning|none)`)
)

type puppetMessage struct {
	text         string
	file         string
	line, column int
}

func parsePuppetError(s string) puppetMessage {
	s = strings.TrimSpace(s)
	var m puppetMessage
	// the last location is the error's (an earlier one may be part of the
	// message, as in "already defined (file: f, line: 1); cannot redefine");
	// an error in a defined type's body comes wrapped in the declaration's
	// ("...Resource Statement, Evaluation Error: ... (inner) (outer)"):
	// the innermost message and location are the error's
	depth := 0
	for t := evalPrefix.ReplaceAllString(s, ""); t != s; t = evalPrefix.ReplaceAllString(s, "") {
		s = t
		depth++
	}
	if locs := puppetLoc.FindAllStringSubmatch(s, -1); locs != nil {
		loc := locs[max(len(locs)-max(depth, 1), 0)]
		m.file = loc[1]
		m.line, _ = strconv.Atoi(loc[2])
		m.column, _ = strconv.Atoi(loc[3])
	}
	s = forNode.ReplaceAllString(s, "")
	s = puppetLoc.ReplaceAllString(s, "")
	// "no parameter named 'x' ... on File[/x]": pp2go writes the resource
	// after the message
	if r := onResource.FindStringSubmatch(s); r != nil {
		s = onResource.ReplaceAllString(s, "") + " on " + r[1]
	}
	m.text = strings.TrimSuffix(s, " in production")
	return m
}

// overrides are cases whose expected report this package decides
// differently from the case file, with the reason.
var overrides = map[string][2]string{
	// Checking a parameter default's value against the parameter's type is
	// type checking, not name resolution: only the unknown variable is
	// reported here, as a warning.
	"p34": {"warning", "the type mismatch of an undef default is not checked by name resolution"},
}

// reportedAtDefinition are the cases of a function whose returned value
// its declared return type rejects: the checker reports it once, where the
// function's body ends; Puppet at each call.
var reportedAtDefinition = map[string]bool{"t36": true, "t135": true, "t136": true, "t140": true}

// TestPuppetMessages runs the cases of ../testdata/puppet-messages: each is
// a small environment with what Puppet 7.23 says about it and what the
// checker must report (error, warning or nothing). An error must carry
// Puppet's message, at Puppet's line (and column, where Puppet gives one).
func TestPuppetMessages(t *testing.T) {
	files, err := filepath.Glob("../testdata/puppet-messages/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			strict := false
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				if m := messageCase.FindStringSubmatch(line); m != nil {
					want = m[1]
				}
				if strings.Contains(line, "strict_variables=true") {
					strict = true
				}
			}
			dir := t.TempDir()
			var puppet *puppetMessage
			hasConf := false
			for _, f := range ar.Files {
				switch f.Name {
				case "puppet.error":
					m := parsePuppetError(strings.SplitN(string(f.Data), "\n", 2)[0])
					puppet = &m
					continue
				case "puppet.catalog":
					continue
				case "environment.conf":
					hasConf = true
				}
				p := filepath.Join(dir, f.Name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if !hasConf {
				os.WriteFile(filepath.Join(dir, "environment.conf"), []byte("modulepath = modules\n"), 0o644)
			}
			e, err := env.Load(dir, env.Options{})
			if err != nil {
				t.Fatal(err)
			}
			res := Check(e, Options{StrictVariables: strict})
			errs, warns := res.Diags.Errors(), diag.List{}
			for _, d := range res.Diags {
				if d.Severity != diag.Error {
					warns = append(warns, d)
				}
			}
			show := func(l diag.List) string {
				var out []string
				for _, d := range l {
					out = append(out, strings.TrimPrefix(d.Short(), dir+"/")+" ["+d.Code+"]")
				}
				sort.Strings(out)
				return strings.Join(out, "\n  ")
			}
			if why, ok := overrides[name]; ok {
				want = why[0]
				t.Logf("expecting %s: %s", want, why[1])
			}
			downstream := strings.Contains(strings.SplitN(string(ar.Comment), "\n", 2)[0], " then ")
			switch want {
			case "none":
				if len(res.Diags) > 0 {
					t.Errorf("want nothing, got\n  %s", show(res.Diags))
				}
			case "warning":
				if len(errs) > 0 || len(warns) == 0 {
					t.Errorf("want a warning and no error, got\n  %s", show(res.Diags))
				}
			case "error":
				if len(errs) == 0 {
					t.Fatalf("want an error, got\n  %s", show(res.Diags))
				}
				if puppet == nil || downstream {
					return // Puppet's error is what the reported problem leads to
				}
				for _, d := range errs {
					rel := strings.TrimPrefix(d.File, dir+"/")
					// a case keeps the first line of a message of several
					// (the dispatcher's "It expects one of:")
					msg, _, _ := strings.Cut(d.Message, "\n")
					if strings.ReplaceAll(puppetLoc.ReplaceAllString(msg, ""), dir+"/", "") != puppet.text {
						continue
					}
					if puppet.line > 0 && rel == puppet.file && !reportedAtDefinition[name] && (d.Line != puppet.line || puppet.column > 0 && d.Column != puppet.column) {
						t.Errorf("Puppet's message at %s:%d:%d, pp2go's at %d:%d", puppet.file, puppet.line, puppet.column, d.Line, d.Column)
					}
					return
				}
				t.Errorf("no error with Puppet's message %q; got\n  %s", puppet.text, show(errs))
			default:
				t.Fatal("the case says nothing of what pp2go reports")
			}
		})
	}
}
