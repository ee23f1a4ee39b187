package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/pp2go/pp2go/conformance"
)

// buildEdits is how many one-file edits the build line times.
const buildEdits = 3

// buildTimes times `pp2go build` of a scenario's environment (issue 14's
// build figures: mod_keystone's is the 92-module environment): a copy of
// it is built once, then after each of buildEdits edits of its main
// manifest, of a manifest of its own modules, and of the largest manifest
// and ERB template of the module path's largest module (copied into the
// environment), the work directory kept as pp2go build keeps it; with
// cold, also a first build with an empty Go build cache (Go's standard
// library and pp2go's runtime compiled too).
func buildTimes(sc *conformance.Scenario, work string, cold bool) string {
	line, err := buildTimesErr(sc, work, cold)
	if err != nil {
		return fmt.Sprintf("build: %s: %v", sc.Name, err)
	}
	return line
}

func buildTimesErr(sc *conformance.Scenario, work string, cold bool) (string, error) {
	dir := filepath.Join(work, sc.Name, "build")
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	pp2go := filepath.Join(dir, "pp2go")
	cmd := exec.Command("go", "build", "-o", pp2go, "./cmd/pp2go")
	cmd.Dir = conformance.RepoDir()
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build pp2go: %v\n%s", err, out)
	}
	envDir := filepath.Join(dir, "env")
	if err := os.CopyFS(envDir, os.DirFS(sc.Dir)); err != nil {
		return "", err
	}
	site := filepath.Join(envDir, "manifests", "site.pp")
	build := func(extraEnv ...string) (time.Duration, error) {
		cmd := exec.Command(pp2go, "build", envDir, "--puppet", "7", "--basemodulepath", conformance.ModulesDir(),
			"-o", filepath.Join(dir, "catalog"), "--work", filepath.Join(dir, "work"))
		cmd.Env = append(os.Environ(), extraEnv...)
		start := time.Now()
		out, err := cmd.CombinedOutput()
		if err != nil {
			return 0, fmt.Errorf("pp2go build: %v\n%s", err, out)
		}
		return time.Since(start), nil
	}
	var coldText string
	if cold {
		cache := filepath.Join(dir, "gocache")
		d, err := build("GOCACHE=" + cache)
		if err != nil {
			return "", err
		}
		os.RemoveAll(cache)
		os.RemoveAll(filepath.Join(dir, "work"))
		coldText = fmt.Sprintf("with an empty Go build cache %.1f s (target: under 90 s), ", d.Seconds())
	}
	module, err := moduleManifest(envDir)
	if err != nil {
		return "", err
	}
	// the largest module's files are edited in a copy in the
	// environment's modules, which come first in its module path
	big, manifests, err := largestModule(conformance.ModulesDir(), filepath.Join(envDir, "modules"))
	if err != nil {
		return "", err
	}
	first, err := build()
	if err != nil {
		return "", err
	}
	siteEdits, err := timeEdits(site, build, func(text string, i int) string {
		return text + fmt.Sprintf("\n$pp2go_bench_edit_%d = 'edit %d'\n", i, i)
	})
	if err != nil {
		return "", err
	}
	moduleEdits, err := timeEdits(module, build, classEdit)
	if err != nil {
		return "", err
	}
	bigManifest, err := largestFile(filepath.Join(big, "manifests"), ".pp", classStart)
	if err != nil {
		return "", err
	}
	bigEdits, err := timeEdits(bigManifest, build, classEdit)
	if err != nil {
		return "", err
	}
	bigTemplate, err := largestFile(filepath.Join(big, "templates"), ".erb", nil)
	if err != nil {
		return "", err
	}
	templateEdits, err := timeEdits(bigTemplate, build, func(text string, i int) string {
		return text + fmt.Sprintf("<%%# pp2go bench edit %d %%>", i)
	})
	if err != nil {
		return "", err
	}
	rel := func(p string) string {
		r, _ := filepath.Rel(filepath.Join(envDir, "modules"), p)
		return r
	}
	return fmt.Sprintf("build: %s, pp2go build: %sinto a fresh work directory %.1f s (with the Go build cache as it was); after a one-file edit (target: under 3 s) of site.pp %s, of a module's manifest (%s) %s, of the largest module's (%d manifests) largest manifest (%s) %s, of its largest ERB template (%s) %s",
		sc.Name, coldText, first.Seconds(), siteEdits, rel(module), moduleEdits, manifests, rel(bigManifest), bigEdits, rel(bigTemplate), templateEdits), nil
}

// largestModule copies the module of modulesDir with the most manifests
// into envModules and returns the copy's directory and its number of
// manifests.
func largestModule(modulesDir, envModules string) (string, int, error) {
	entries, err := os.ReadDir(modulesDir)
	if err != nil {
		return "", 0, err
	}
	var name string
	var most int
	for _, e := range entries {
		n := 0
		filepath.WalkDir(filepath.Join(modulesDir, e.Name(), "manifests"), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".pp") {
				n++
			}
			return nil
		})
		if n > most {
			name, most = e.Name(), n
		}
	}
	if name == "" {
		return "", 0, fmt.Errorf("no module in %s has manifests", modulesDir)
	}
	dir := filepath.Join(envModules, name)
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(modulesDir, name))); err != nil {
		return "", 0, err
	}
	return dir, most, nil
}

// largestFile is the largest file under dir named *ext (whose text
// matches re, if not nil).
func largestFile(dir, ext string, re *regexp.Regexp) (string, error) {
	var found string
	var size int
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ext) {
			return err
		}
		b, err := os.ReadFile(p)
		if err == nil && len(b) > size && (re == nil || re.Match(b)) {
			found, size = p, len(b)
		}
		return nil
	})
	if err == nil && found == "" {
		err = fmt.Errorf("no %s file in %s", ext, dir)
	}
	return found, err
}

// classEdit is the i'th edit of a manifest: a statement at the top of its
// class or defined type (the file was chosen for a line classStart finds,
// which the edits keep).
func classEdit(text string, i int) string {
	m := classStart.FindStringIndex(text)
	return text[:m[1]] + fmt.Sprintf("  $pp2go_bench_edit_%d = 'edit %d'\n", i, i) + text[m[1]:]
}

// classStart is the line that opens a manifest's class or defined type.
var classStart = regexp.MustCompile(`(?m)^(class|define)\s[^\n]*\{[ \t]*\n`)

// moduleManifest is the first manifest (by path) of the environment's own
// modules that opens a class or defined type on a line of its own.
func moduleManifest(envDir string) (string, error) {
	var found string
	err := filepath.WalkDir(filepath.Join(envDir, "modules"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".pp") {
			return err
		}
		if b, err := os.ReadFile(p); err == nil && classStart.Match(b) {
			found = p
			return filepath.SkipAll
		}
		return nil
	})
	if err == nil && found == "" {
		err = fmt.Errorf("no manifest of the environment's modules opens a class on a line of its own")
	}
	return found, err
}

// timeEdits times a build after each of buildEdits edits of file (edit
// returns the file's text changed a first, second, ... time): "M s median,
// N s min of K".
func timeEdits(file string, build func(...string) (time.Duration, error), edit func(string, int) string) (string, error) {
	if err := os.Chmod(file, 0o644); err != nil {
		return "", err
	}
	var edits []time.Duration
	for i := range buildEdits {
		b, err := os.ReadFile(file)
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(file, []byte(edit(string(b), i)), 0o644); err != nil {
			return "", err
		}
		d, err := build()
		if err != nil {
			return "", err
		}
		edits = append(edits, d)
	}
	slices.Sort(edits)
	return fmt.Sprintf("%.1f s median, %.1f s min of %d", edits[len(edits)/2].Seconds(), edits[0].Seconds(), buildEdits), nil
}
