package main

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/internal/catdiff"
)

// diffOptions are the flags of pp2go diff.
type diffOptions struct {
	ef          envFlags
	factsDir    string
	repo        string
	work        string
	format      string
	jobs        int
	ignore      []string
	ignoreAttr  []string
	ignoreTags  []string
	includeTags bool
	validate    []string
	detailAdd   bool
	catalogs    string
}

func newDiffCmd() *cobra.Command {
	var o diffOptions
	cmd := &cobra.Command{
		Use:   "diff OLD_ENV NEW_ENV --facts-dir DIR",
		Short: "Compare the catalogs two versions of an environment compile for every node",
		Long: `Compare the catalogs that two versions of a Puppet environment compile, node by
node, as octocatalog-diff does: both environments are built into catalog
binaries, every node of --facts-dir (NODE.json, NODE.yaml or NODE.yml) is
compiled with both, -j at a time, and the catalogs are compared.

OLD_ENV and NEW_ENV are directories, or GIT_REF:PATH: the directory PATH
(relative to the repository's top; empty for the top) at GIT_REF (a commit,
branch or tag) of the git repository of the current directory, or of --repo.
Each side has its own work directory (--work DIR gives DIR/old and DIR/new;
by default both are in the user's cache directory, named after the
environment's directory or repository path) that keeps its generated Go
module, its binary (DIR/old.bin) and, for GIT_REF:PATH, the extracted files
(DIR/old.src): a side whose files, flags and pp2go are unchanged since the
last run is not built again, and one that changed rebuilds only the Go
packages that changed.

For each node the report shows the resources added (+), removed (-) and
changed (~) attribute by attribute (a multi-line string such as a file's
content as a unified diff), the edges added and removed (containment, and
before/require/notify/subscribe as ordering and notify edges, the same edge
however it was written), the classes added and removed, and the nodes that
newly fail, newly compile or fail with another error (and those that fail
the same way on both sides, which is no difference). A summary line ends it.
Warnings that building the new environment gives and the old one does not
are printed on standard error.

As octocatalog-diff does by default, the comparison ignores what always
changes between compiles (version, catalog_uuid, code_id), the file and line
of resources (shown, not compared), tags (--include-tags compares them),
Class resources and their parameters (classes are compared by name),
exported resources, and a file's title when it has a path parameter (the
path names the file).

Filters (octocatalog-diff's syntax):
  --ignore 'Type[Title]'        ignore a resource; * in a title matches any
                                characters, Type may be *; case does not
                                matter (repeatable)
  --ignore 'Type[Title]::parameters::owner'   only that attribute
  --ignore 'Type[Title]+'       only its addition (- removal, ~ changes)
  --ignore-attr NAME            an attribute (such as owner, or
                                parameters::owner; a leading :: anchors the
                                path at the resource) of every resource
  --ignore-tags TAG             resources tagged TAG (or TAG__type for
                                resources of that type); by default
                                ignored_octocatalog_diff; --ignore-tags ''
                                turns it off
  --validate-references[=LIST]  a new catalog whose before, require, notify
                                or subscribe (or those of LIST) names a
                                resource it does not have fails

--format json prints {format_version: 1, old, new, summary: {nodes, changed,
unchanged, newly_failing, newly_compiling, error_changed, failing}, nodes:
[{node, status, old_error, new_error, resources_added: [{type, title, file,
line, parameters}], resources_removed, resources_changed: [{type, title, file,
line, changes: [{attribute, change: added|removed|changed, old, new, diff}]}],
edges_added: [{source, target, kind: contains|before|notify}], edges_removed,
classes_added, classes_removed}]}, where status is unchanged, changed,
newly-failing, newly-compiling, error-changed or failing (the same error on
both sides); empty lists and fields are left out.

Exit status, as diff(1)'s: 0 when no node differs, 1 when one does, 2 on an
error (an environment that does not build, a facts directory that cannot be
read, ...). Progress goes to standard error when it is a terminal.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if err := cobra.ExactArgs(2)(cmd, args); err != nil {
				return &exitError{status: 2, err: err}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			differs, err := runDiff(cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], args[1], &o)
			if err != nil {
				return &exitError{status: 2, err: err}
			}
			if differs {
				return &exitError{status: 1}
			}
			return nil
		},
	}
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &exitError{status: 2, err: err} })
	o.ef.add(cmd)
	f := cmd.Flags()
	f.StringVar(&o.factsDir, "facts-dir", "", "the nodes to compare: NODE.json, NODE.yaml or NODE.yml facts files")
	f.StringVar(&o.repo, "repo", ".", "the git repository of GIT_REF:PATH environments")
	f.StringVar(&o.work, "work", "", "keep the generated modules in DIR/old and DIR/new")
	f.StringVar(&o.format, "format", "text", "the report's format: text or json")
	f.IntVarP(&o.jobs, "jobs", "j", runtime.NumCPU(), "how many compiles to run at once")
	f.StringArrayVar(&o.ignore, "ignore", nil, "ignore differences of Type[Title], Type[Title]::attribute or Type[Title]+-~ (repeatable)")
	f.StringSliceVar(&o.ignoreAttr, "ignore-attr", nil, "ignore an attribute of every resource (comma-separated, repeatable)")
	f.StringSliceVar(&o.ignoreTags, "ignore-tags", []string{"ignored_octocatalog_diff"}, "ignore resources carrying one of these tags (comma-separated, repeatable)")
	f.BoolVar(&o.includeTags, "include-tags", false, "compare resources' tags too")
	f.StringSliceVar(&o.validate, "validate-references", nil, "fail new catalogs whose relationships name missing resources (before,require,notify,subscribe by default)")
	f.Lookup("validate-references").NoOptDefVal = "before,require,notify,subscribe"
	f.BoolVar(&o.detailAdd, "display-detail-add", false, "show the parameters of added resources")
	f.StringVar(&o.catalogs, "catalogs", "", "keep the catalogs in DIR/old and DIR/new (NODE.json, or NODE.error with a failed compile's error)")
	return cmd
}

// diffEnv is one side of a diff: an environment directory and where it is built.
type diffEnv struct {
	side, spec string // "old" or "new", and the argument naming it
	dir        string // the environment's directory
	work       string // its generated module
	binary     string
	tree       string // the git tree's id, for a GIT_REF:PATH environment
	warnings   []string
}

func runDiff(stdout, stderr io.Writer, oldSpec, newSpec string, o *diffOptions) (bool, error) {
	opts, err := o.catdiffOptions()
	if err != nil {
		return false, err
	}
	if o.format != "text" && o.format != "json" {
		return false, fmt.Errorf("--format %q: give text or json", o.format)
	}
	if o.factsDir == "" {
		return false, errors.New("give the nodes' facts with --facts-dir")
	}
	nodes, err := factsFiles(o.factsDir)
	if err != nil {
		return false, err
	}
	tmp, err := os.MkdirTemp("", "pp2go-diff-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)
	p := newDiffProgress(stderr)
	envs := [2]*diffEnv{{side: "old", spec: oldSpec}, {side: "new", spec: newSpec}}
	for _, e := range envs {
		if err := e.locate(o); err != nil {
			return false, err
		}
	}
	if err := buildBoth(envs, o, p); err != nil {
		return false, err
	}
	// Warnings the new environment brings.
	seen := map[string]bool{}
	for _, w := range envs[0].warnings {
		seen[w] = true
	}
	for _, w := range envs[1].warnings {
		if !seen[w] {
			p.println("new: " + w)
		}
	}
	out := tmp
	if o.catalogs != "" {
		out = o.catalogs
	}
	results, err := compileAll(envs, nodes, o.jobs, out, o.catalogs != "", p)
	if err != nil {
		return false, err
	}
	var diffs []*catdiff.NodeDiff
	for i, n := range nodes {
		r := results[i]
		diffs = append(diffs, catdiff.CompareNode(n.name,
			catdiff.Input{Catalog: r[0].catalog, Error: r[0].err, Root: envs[0].dir},
			catdiff.Input{Catalog: r[1].catalog, Error: r[1].err, Root: envs[1].dir}, opts))
	}
	report := catdiff.NewReport(oldSpec, newSpec, diffs)
	if o.format == "json" {
		err = report.WriteJSON(stdout)
	} else {
		err = report.WriteText(stdout, o.detailAdd)
	}
	return report.Differs(), err
}

func (o *diffOptions) catdiffOptions() (*catdiff.Options, error) {
	opts := &catdiff.Options{IncludeTags: o.includeTags}
	for _, t := range o.ignoreTags {
		if t != "" {
			opts.IgnoreTags = append(opts.IgnoreTags, t)
		}
	}
	for _, s := range o.ignore {
		r, err := catdiff.ParseIgnore(s)
		if err != nil {
			return nil, err
		}
		opts.Ignore = append(opts.Ignore, r)
	}
	for _, a := range o.ignoreAttr {
		if a != "" {
			opts.Ignore = append(opts.Ignore, catdiff.AttrRule(a))
		}
	}
	for _, v := range o.validate {
		switch v {
		case "before", "require", "notify", "subscribe":
			opts.ValidateReferences = append(opts.ValidateReferences, v)
		default:
			return nil, fmt.Errorf("--validate-references %q: give some of before, require, notify, subscribe", v)
		}
	}
	return opts, nil
}

// factsFile is a node to compare.
type factsFile struct{ name, path string }

func factsFiles(dir string) ([]factsFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("--facts-dir: %w", err)
	}
	var out []factsFile
	byName := map[string]string{}
	for _, e := range entries {
		name := e.Name()
		ext := filepath.Ext(name)
		if e.IsDir() || (ext != ".json" && ext != ".yaml" && ext != ".yml") {
			continue
		}
		node := strings.TrimSuffix(name, ext)
		if other, dup := byName[node]; dup {
			return nil, fmt.Errorf("--facts-dir: %s and %s are both node %s", other, name, node)
		}
		byName[node] = name
		abs, err := filepath.Abs(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		out = append(out, factsFile{node, abs})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--facts-dir %s: no NODE.json, NODE.yaml or NODE.yml files", dir)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

// locate finds the environment's directory, extracting a GIT_REF:PATH from
// the repository, and chooses its work directory.
func (e *diffEnv) locate(o *diffOptions) error {
	key, ref, path := "", "", ""
	if st, err := os.Stat(e.spec); err == nil && st.IsDir() {
		abs, err := filepath.Abs(e.spec)
		if err != nil {
			return err
		}
		e.dir, key = abs, abs
	} else if r, p, ok := strings.Cut(e.spec, ":"); ok && r != "" {
		top, err := gitOutput(o.repo, "rev-parse", "--show-toplevel")
		if err != nil {
			return fmt.Errorf("%s: %v", e.spec, err)
		}
		ref, path = r, strings.Trim(filepath.ToSlash(filepath.Clean("/"+p)), "/")
		// The work directory follows the path in the repository, not
		// the commit, so that the next diff's build is incremental.
		key = filepath.Join(top, path)
	} else {
		return fmt.Errorf("%s: no such directory (give a directory or GIT_REF:PATH)", e.spec)
	}
	if o.work != "" {
		e.work = filepath.Join(o.work, e.side)
	} else {
		w, err := workDir(key)
		if err != nil {
			return err
		}
		e.work = w + "-diff-" + e.side
	}
	// Beside the module, so that go build need not link it again when
	// nothing changed.
	e.binary = e.work + ".bin"
	if ref == "" {
		return nil
	}
	// A git environment is extracted to the same directory at each run:
	// the paths the generated code holds stay the same, and so does the
	// code of an unchanged module.
	e.dir = e.work + ".src"
	if err := os.RemoveAll(e.dir); err != nil {
		return err
	}
	if err := gitExtract(o.repo, ref, path, e.dir); err != nil {
		return err
	}
	treeish := ref + "^{tree}"
	if path != "" {
		treeish = ref + ":" + path
	}
	var err error
	e.tree, err = gitOutput(o.repo, "rev-parse", treeish)
	return err
}

func gitOutput(repo string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", repo}, args...)...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(errb.String()); msg != "" {
			return "", fmt.Errorf("git %s: %s", args[0], msg)
		}
		return "", fmt.Errorf("git %s: %v", args[0], err)
	}
	return strings.TrimSpace(string(out)), nil
}

// gitExtract writes the tree at ref:path of the repository into dir, with
// git archive.
func gitExtract(repo, ref, path, dir string) error {
	treeish := ref
	if path != "" {
		treeish = ref + ":" + path
	}
	// Check first, for a clear error: git archive of a missing path says
	// only that the tree-ish is not valid.
	if typ, err := gitOutput(repo, "cat-file", "-t", treeish); err != nil {
		return fmt.Errorf("%s: no such directory in the git repository %s", treeish, repo)
	} else if typ != "tree" && typ != "commit" {
		return fmt.Errorf("%s: a %s, not a directory", treeish, typ)
	}
	cmd := exec.Command("git", "-C", repo, "archive", "--format=tar", treeish)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	xerr := untar(pipe, dir)
	io.Copy(io.Discard, pipe)
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git archive: %s", strings.TrimSpace(errb.String()))
	}
	return xerr
}

// untar writes a tar stream's files, directories and links into dir.
func untar(r io.Reader, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Clean(filepath.FromSlash(h.Name))
		if name == "." || filepath.IsAbs(name) || name == ".." || strings.HasPrefix(name, ".."+string(filepath.Separator)) {
			continue
		}
		p := filepath.Join(dir, name)
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(p, 0o755)
		case tar.TypeReg:
			err = writeTarFile(p, tr, os.FileMode(h.Mode)&0o777)
		case tar.TypeSymlink:
			if err = os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
				err = os.Symlink(h.Linkname, p)
			}
		}
		if err != nil {
			return err
		}
	}
}

func writeTarFile(p string, r io.Reader, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode|0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// buildBoth generates both environments' modules and builds their
// binaries, the two sides at the same time.
func buildBoth(envs [2]*diffEnv, o *diffOptions, p *diffProgress) error {
	var mu sync.Mutex
	phases := [2]string{"loading", "loading"}
	phase := func(i int, what string) {
		mu.Lock()
		defer mu.Unlock()
		phases[i] = what
		p.status("building the catalog binaries: old %s, new %s", phases[0], phases[1])
	}
	phase(0, "loading")
	var wg sync.WaitGroup
	errs := make([]error, 2)
	logs := make([]string, 2)
	for i, e := range envs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var log bytes.Buffer
			err := e.build(&log, &o.ef, func(what string) { phase(i, what) })
			logs[i] = strings.TrimSpace(catdiffStrip(log.String(), e.dir))
			if err != nil {
				errs[i] = fmt.Errorf("the %s environment (%s): %v", e.side, e.spec, err)
			}
		}()
	}
	wg.Wait()
	p.status("")
	for i, e := range envs {
		if errs[i] != nil {
			p.println(logs[i])
		} else if logs[i] != "" {
			e.warnings = strings.Split(logs[i], "\n")
		}
	}
	return errors.Join(errs...)
}

// build generates the environment's module and builds its binary, unless
// the binary was built from the same files with the same pp2go and flags.
func (e *diffEnv) build(log io.Writer, ef *envFlags, phase func(string)) error {
	stampFile, logFile := e.work+".stamp", e.work+".log"
	stamp := ""
	if loaded, err := ef.load(e.dir); err == nil {
		stamp = e.stamp(loaded, ef)
		if old, err := os.ReadFile(stampFile); err == nil && string(old) == stamp {
			if _, err := os.Stat(e.binary); err == nil {
				phase("up to date")
				// The build's warnings, as it printed them.
				if b, err := os.ReadFile(logFile); err == nil {
					log.Write(b)
				}
				return nil
			}
		}
	}
	os.Remove(stampFile)
	var buf bytes.Buffer
	phase("generating Go")
	res, err := generate(io.MultiWriter(log, &buf), e.dir, ef, false, e.work)
	if err != nil {
		return err
	}
	if err := res.Write(e.work); err != nil {
		return err
	}
	phase("running go build")
	if err := goBuild(io.Discard, e.work, e.binary); err != nil {
		return err
	}
	phase("built")
	if stamp == "" {
		return nil
	}
	if err := os.WriteFile(logFile, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.WriteFile(stampFile, []byte(stamp), 0o644)
}

// stamp identifies what a build of the environment reads: pp2go itself,
// the environment flags, and the files of the environment, its module path,
// main manifest and global Hiera configuration (their names, sizes and
// times; for an environment from git, the tree's id instead of its files).
func (e *diffEnv) stamp(loaded *env.Env, ef *envFlags) string {
	h := sha256.New()
	if exe, err := os.Executable(); err == nil {
		if st, err := os.Stat(exe); err == nil {
			fmt.Fprintf(h, "pp2go %s %d %d\n", exe, st.Size(), st.ModTime().UnixNano())
		}
	}
	fmt.Fprintf(h, "flags %q %q %q %q %q %q %q\n", ef.modulePath, ef.baseModulePath, ef.manifest, ef.environment, ef.hieraConfig, ef.puppet, ef.settingArgs)
	fmt.Fprintf(h, "env %s %s\n", e.dir, e.tree)
	hieraConfig, _, _ := ef.hieraConfigFile()
	roots := append([]string{e.dir, loaded.Manifest, hieraConfig}, loaded.ModulePath...)
	for _, root := range roots {
		if root == "" || (e.tree != "" && (root == e.dir || strings.HasPrefix(root, e.dir+string(filepath.Separator)))) {
			continue
		}
		statTree(h, root, 0)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// statTree writes the name, size and time of every file under path,
// following symbolic links (module directories often are links).
func statTree(w io.Writer, path string, depth int) {
	st, err := os.Stat(path)
	if err != nil {
		fmt.Fprintf(w, "%s missing\n", path)
		return
	}
	fmt.Fprintf(w, "%s %v %d %d\n", path, st.Mode(), st.Size(), st.ModTime().UnixNano())
	if !st.IsDir() || depth > 40 {
		return
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		fmt.Fprintf(w, "%s unreadable\n", path)
		return
	}
	for _, d := range entries {
		if d.Name() != ".git" {
			statTree(w, filepath.Join(path, d.Name()), depth+1)
		}
	}
}

// catdiffStrip drops an environment's directory from its build messages.
func catdiffStrip(s, dir string) string {
	return strings.ReplaceAll(s, strings.TrimSuffix(dir, "/")+"/", "")
}

// outcome is what one compile gave: a catalog or an error text.
type outcome struct {
	catalog []byte
	err     string
}

// compileAll compiles every node with both binaries, jobs at a time.
// The catalogs go to DIR/old/NODE.json and DIR/new/NODE.json, and are kept
// when keep is set (with NODE.error for a failed compile).
func compileAll(envs [2]*diffEnv, nodes []factsFile, jobs int, dir string, keep bool, p *diffProgress) ([][2]outcome, error) {
	if jobs < 1 {
		jobs = 1
	}
	for _, e := range envs {
		if err := os.MkdirAll(filepath.Join(dir, e.side), 0o755); err != nil {
			return nil, err
		}
	}
	results := make([][2]outcome, len(nodes))
	type task struct{ node, side int }
	tasks := make(chan task)
	var mu sync.Mutex
	var firstErr error
	done, total := 0, 2*len(nodes)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range tasks {
				base := filepath.Join(dir, envs[t.side].side, nodes[t.node].name)
				res, err := compileNode(envs[t.side], nodes[t.node], base, keep)
				mu.Lock()
				results[t.node][t.side] = res
				if err != nil && firstErr == nil {
					firstErr = err
				}
				done++
				p.status("compiling catalogs: %d/%d", done, total)
				mu.Unlock()
			}
		}()
	}
	for i := range nodes {
		for side := range 2 {
			tasks <- task{i, side}
		}
	}
	close(tasks)
	wg.Wait()
	p.status("")
	return results, firstErr
}

// compileNode runs `BINARY compile NODE --facts FILE -o OUT`. A compile
// that fails says why on standard error ("Error: ..."): that is the node's
// error. Only a binary that cannot run is an error of the diff.
func compileNode(e *diffEnv, n factsFile, base string, keep bool) (outcome, error) {
	out, errFile := base+".json", base+".error"
	os.Remove(out)
	os.Remove(errFile)
	cmd := exec.Command(e.binary, "compile", n.name, "--facts", n.path, "-o", out, "--quiet")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		b, err := os.ReadFile(out)
		if err != nil {
			return outcome{}, err
		}
		if !keep {
			os.Remove(out)
		}
		return outcome{catalog: b}, nil
	case errors.As(err, &ee) && ee.Exited():
		msg := strings.TrimSpace(errb.String())
		if i := strings.Index(msg, "Error: "); i >= 0 {
			msg = msg[i+len("Error: "):]
		}
		if msg == "" {
			msg = err.Error()
		}
		if keep {
			if err := os.WriteFile(errFile, []byte(msg+"\n"), 0o644); err != nil {
				return outcome{}, err
			}
		}
		return outcome{err: msg}, nil
	}
	return outcome{}, fmt.Errorf("running the %s catalog binary for %s: %v %s", e.side, n.name, err, strings.TrimSpace(errb.String()))
}

// diffProgress shows one status line on a terminal, and nothing otherwise.
type diffProgress struct {
	w   io.Writer
	tty bool
	mu  sync.Mutex
	on  bool
}

func newDiffProgress(w io.Writer) *diffProgress {
	return &diffProgress{w: w, tty: isTerminal(w)}
}

func (p *diffProgress) status(format string, args ...any) {
	if !p.tty {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.w, "\r\033[K")
	p.on = format != ""
	if p.on {
		fmt.Fprintf(p.w, format, args...)
	}
}

// println prints a message, above the status line on a terminal.
func (p *diffProgress) println(s string) {
	if s == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.on {
		fmt.Fprint(p.w, "\r\033[K")
		p.on = false
	}
	fmt.Fprintln(p.w, s)
}
