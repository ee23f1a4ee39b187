package main

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/internal/catdiff"
)

var regenPuppet = flag.Bool("regen-puppet", false, "rewrite testdata/diff from Puppet's catalogs (needs puppet and ../shared)")

// copyDir copies a directory tree.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	require.NoError(t, filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	}))
}

// edit replaces text in a file of an environment, once.
func edit(t *testing.T, dir, file, old, new string) {
	t.Helper()
	p := filepath.Join(dir, file)
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	require.Equal(t, 1, strings.Count(string(b), old), "%s holds %q once", file, old)
	require.NoError(t, os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644))
}

// exitStatus is the status pp2go would exit with after err.
func exitStatus(err error) int {
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.status
	}
	return 1
}

// TestDiff compares two copies of examples/hello where the new one changes
// one parameter (the default owner of /etc/motd, which web2 sets in Hiera),
// adds one resource and one edge (on the web nodes): the report holds
// exactly those. Identical copies differ in nothing; two commits of a git
// repository compare as their directories do.
func TestDiff(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two catalog binaries")
	}
	tmp := t.TempDir()
	work := filepath.Join(tmp, "work")
	old, new := filepath.Join(tmp, "old"), filepath.Join(tmp, "new")
	copyDir(t, "../../examples/hello", old)
	copyDir(t, old, new)
	edit(t, new, "modules/motd/manifests/init.pp", "undef => 'root'", "undef => 'daemon'")
	edit(t, new, "modules/web/manifests/install.pp", "    ensure => installed,\n  }\n", "    ensure => installed,\n  }\n  package { 'nginx-extras':\n    ensure => installed,\n  }\n")
	edit(t, new, "modules/web/manifests/config.pp", "    purge   => true,\n", "    purge   => true,\n    require => Package['nginx'],\n")
	facts := filepath.Join(old, "nodes")

	motd := catdiff.ResourceChange{Type: "File", Title: "/etc/motd", File: "modules/motd/manifests/init.pp", Line: 6,
		Changes: []catdiff.AttrChange{{Attribute: "parameters::owner", Change: catdiff.Changed, Old: "root", New: "daemon"}}}
	extras := catdiff.ResourceInfo{Type: "Package", Title: "nginx-extras", File: "modules/web/manifests/install.pp", Line: 6,
		Parameters: map[string]any{"ensure": "installed"}}
	edge := catdiff.Edge{Source: "Package[nginx]", Target: "File[/etc/nginx/sites-enabled]", Kind: catdiff.Before}
	want := []*catdiff.NodeDiff{
		{Node: "mail.example.com", Status: catdiff.ChangedStatus, Diff: &catdiff.Diff{ResourcesChanged: []catdiff.ResourceChange{motd}}},
		{Node: "web1.example.com", Status: catdiff.ChangedStatus, Diff: &catdiff.Diff{ResourcesAdded: []catdiff.ResourceInfo{extras}, ResourcesChanged: []catdiff.ResourceChange{motd}, EdgesAdded: []catdiff.Edge{edge}}},
		{Node: "web2.example.com", Status: catdiff.ChangedStatus, Diff: &catdiff.Diff{ResourcesAdded: []catdiff.ResourceInfo{extras}, EdgesAdded: []catdiff.Edge{edge}}},
	}
	// The expectation is Puppet's: its catalogs of both environments
	// (testdata/diff/{old,new}/NODE.json, written by the oracle with
	// -regen-puppet) differ in exactly these.
	for _, side := range []string{"old", "new"} {
		dir := filepath.Join("testdata", "diff", side)
		if *regenPuppet {
			oracle := filepath.Join(conformance.SharedDir(), "conformance", "oracle", "compile-catalog")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			for _, n := range want {
				cmd := exec.Command(oracle, filepath.Join(tmp, side), n.Node, filepath.Join(facts, n.Node+".json"))
				out, err := cmd.Output()
				require.NoError(t, err, "%s %s", side, n.Node)
				require.NoError(t, os.WriteFile(filepath.Join(dir, n.Node+".json"), out, 0o644))
			}
		}
	}
	for _, n := range want {
		old, err := os.ReadFile(filepath.Join("testdata", "diff", "old", n.Node+".json"))
		require.NoError(t, err)
		new, err := os.ReadFile(filepath.Join("testdata", "diff", "new", n.Node+".json"))
		require.NoError(t, err)
		require.Equal(t, n, catdiff.CompareNode(n.Node, catdiff.Input{Catalog: old}, catdiff.Input{Catalog: new}, nil), "Puppet's catalogs of %s", n.Node)
	}

	check := func(t *testing.T, out string, err error, oldSpec, newSpec string) {
		t.Helper()
		require.Equal(t, 1, exitStatus(err), "differences exit 1: %v", err)
		var got catdiff.Report
		require.NoError(t, json.Unmarshal([]byte(out), &got), out)
		require.Equal(t, catdiff.Report{FormatVersion: 1, Old: oldSpec, New: newSpec,
			Summary: catdiff.Summary{Nodes: 3, Changed: 3}, Nodes: want}, got)
	}

	t.Run("directories", func(t *testing.T) {
		out, _, err := run(t, tmp, "diff", "--puppet", "7", "old", "new", "--facts-dir", facts, "--work", work, "--format", "json")
		check(t, out, err, "old", "new")
		out, _, err = run(t, tmp, "diff", "--puppet", "7", "old", "new", "--facts-dir", facts, "--work", work)
		require.Equal(t, 1, exitStatus(err))
		require.Contains(t, out, "*** web1.example.com: 1 resource added, 1 resource changed, 1 edge changed\n"+
			"+ Package[nginx-extras]  (modules/web/manifests/install.pp:6)\n"+
			"~ File[/etc/motd]  (modules/motd/manifests/init.pp:6)\n"+
			"    ~ parameters::owner: \"root\" => \"daemon\"\n"+
			"+ edge Package[nginx] -> File[/etc/nginx/sites-enabled] (before)\n")
		require.True(t, strings.HasSuffix(out, "\n3 nodes compared: 3 changed, 0 unchanged, 0 newly failing\n"), out)
		// The filters take the differences away.
		out, _, err = run(t, tmp, "diff", "--puppet", "7", "old", "new", "--facts-dir", facts, "--work", work,
			"--ignore", "File[/etc/motd]", "--ignore", "Package[nginx-*]", "--ignore", "Class[*]")
		require.Equal(t, 1, exitStatus(err), "the edge is left: %s", out)
		require.NotContains(t, out, "motd")
		require.NotContains(t, out, "nginx-extras")
	})

	t.Run("rebuilt after an edit", func(t *testing.T) {
		// A built side is reused only while its files are unchanged: the
		// same size and a new content must be seen.
		edit(t, new, "modules/motd/manifests/init.pp", "'daemon'", "'nobody'")
		defer edit(t, new, "modules/motd/manifests/init.pp", "'nobody'", "'daemon'")
		out, _, err := run(t, tmp, "diff", "--puppet", "7", "old", "new", "--facts-dir", facts, "--work", work)
		require.Equal(t, 1, exitStatus(err))
		require.Contains(t, out, `    ~ parameters::owner: "root" => "nobody"`)
	})

	t.Run("identical", func(t *testing.T) {
		same := filepath.Join(tmp, "same")
		copyDir(t, old, same)
		out, _, err := run(t, tmp, "diff", "--puppet", "7", "old", "same", "--facts-dir", facts, "--work", work)
		require.NoError(t, err)
		require.Equal(t, "3 nodes compared: 0 changed, 3 unchanged, 0 newly failing\n", out)
	})

	t.Run("git", func(t *testing.T) {
		if _, err := exec.LookPath("git"); err != nil {
			t.Skip("no git")
		}
		repo := filepath.Join(tmp, "repo")
		git := func(args ...string) {
			cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
			cmd.Dir = repo
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "git %v: %s", args, out)
		}
		require.NoError(t, os.MkdirAll(repo, 0o755))
		git("init", "-q")
		copyDir(t, old, filepath.Join(repo, "env"))
		git("add", ".")
		git("commit", "-q", "-m", "old")
		copyDir(t, new, filepath.Join(repo, "env"))
		git("add", ".")
		git("commit", "-q", "-m", "new")
		out, _, err := run(t, tmp, "diff", "--puppet", "7", "HEAD~1:env", "HEAD:env", "--repo", repo, "--facts-dir", facts, "--work", work, "--format", "json")
		check(t, out, err, "HEAD~1:env", "HEAD:env")
		// From inside the repository, without --repo.
		out, _, err = run(t, repo, "diff", "--puppet", "7", "HEAD:env", "HEAD:/env/", "--facts-dir", facts, "--work", work)
		require.NoError(t, err, out)

		_, _, err = run(t, repo, "diff", "--puppet", "7", "HEAD:nope", "HEAD:env", "--facts-dir", facts, "--work", work)
		require.Equal(t, 2, exitStatus(err))
		require.ErrorContains(t, err, "HEAD:nope: no such directory in the git repository")
	})

	t.Run("errors", func(t *testing.T) {
		_, _, err := run(t, tmp, "diff", "--puppet", "7", "old", "new", "--facts-dir", filepath.Join(tmp, "nope"))
		require.Equal(t, 2, exitStatus(err))
		_, _, err = run(t, tmp, "diff", "--puppet", "7", "old", "nope", "--facts-dir", facts)
		require.Equal(t, 2, exitStatus(err))
		require.ErrorContains(t, err, "nope: no such directory")
		_, _, err = run(t, tmp, "diff", "--puppet", "7", "old", "--facts-dir", facts)
		require.Equal(t, 2, exitStatus(err))
		_, _, err = run(t, tmp, "diff", "--puppet", "7", "old", "new", "--facts-dir", facts, "--bogus")
		require.Equal(t, 2, exitStatus(err))
		_, _, err = run(t, tmp, "diff", "--puppet", "7", "old", "new", "--facts-dir", facts, "--ignore", "File")
		require.Equal(t, 2, exitStatus(err))

		broken := filepath.Join(tmp, "broken")
		copyDir(t, old, broken)
		edit(t, broken, "manifests/site.pp", "node default {", "node default {{")
		_, errOut, err := run(t, tmp, "diff", "--puppet", "7", "old", "broken", "--facts-dir", facts, "--work", work)
		require.Equal(t, 2, exitStatus(err), "a new environment that does not build is an error")
		require.ErrorContains(t, err, "the new environment (broken)")
		require.Contains(t, errOut, "manifests/site.pp")
	})
}

// TestDiffNewlyFailing: a node the new environment fails for is reported
// with its error, paths relative to the environment: the text Puppet 7.23
// prints for this environment (oracle/compile-catalog).
func TestDiffNewlyFailing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two catalog binaries")
	}
	tmp := t.TempDir()
	old, new := filepath.Join(tmp, "old"), filepath.Join(tmp, "new")
	copyDir(t, "../../examples/hello", old)
	copyDir(t, old, new)
	edit(t, new, "manifests/site.pp", "node default {\n", "node default {\n  fail('no mail today')\n")
	cats := filepath.Join(tmp, "catalogs")
	out, _, err := run(t, tmp, "diff", "--puppet", "7", "old", "new", "--facts-dir", filepath.Join(old, "nodes"), "--work", filepath.Join(tmp, "work"), "--catalogs", cats)
	require.Equal(t, 1, exitStatus(err))
	// --catalogs keeps both sides' catalogs, and the error of a failure.
	for _, f := range []string{"old/mail.example.com.json", "old/web1.example.com.json", "new/web1.example.com.json", "new/web2.example.com.json"} {
		b, err := os.ReadFile(filepath.Join(cats, f))
		require.NoError(t, err)
		_, err = catdiff.Parse(b)
		require.NoError(t, err, f)
	}
	require.NoFileExists(t, filepath.Join(cats, "new", "mail.example.com.json"))
	b, err := os.ReadFile(filepath.Join(cats, "new", "mail.example.com.error"))
	require.NoError(t, err)
	require.Contains(t, string(b), "no mail today")
	require.Equal(t, "*** mail.example.com: newly failing\n"+
		"  Error: Evaluation Error: Error while evaluating a Function Call, no mail today (file: manifests/site.pp, line: 17, column: 3) on node mail.example.com\n\n"+
		"3 nodes compared: 0 changed, 2 unchanged, 1 newly failing\n", out)
}
