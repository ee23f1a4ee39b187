package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
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
	"text/tabwriter"
	"time"

	"github.com/jstemmer/go-junit-report/v2/junit"
	"github.com/spf13/cobra"

	"github.com/pp2go/pp2go/internal/onceover"
)

type matrixFlags struct {
	ef            envFlags
	config        string
	factsets      []string
	junitFile     string
	work          string
	nodeName      string
	outDir        string
	classes       []string
	nodes         []string
	tags          []string
	jobs          int
	allowGenerate bool
}

func newMatrixCmd() *cobra.Command {
	var mf matrixFlags
	cmd := &cobra.Command{
		Use:   "matrix ENV_DIR",
		Short: "Compile every class × fact set cell of an onceover.yaml test matrix",
		Long: `Compile the test matrix of onceover's configuration (ENV_DIR/spec/onceover.yaml,
or $ONCEOVER_YAML, or --config): each cell is a class compiled for a node
with a fact set, as onceover's generated spec does (rspec-puppet's class spec
with 'it { should compile }'). The environment is built once (Go must be
installed); the cells are compiled -j at a time.

onceover.yaml, as onceover 3 reads it:
  classes        class names, and /regex/ entries matched (unanchored, Ruby
                 syntax) against the classes of the environment's own modules
                 (those under ENV_DIR)
  nodes          fact set names
  node_groups,   named lists of nodes or classes (names, /regex/, other
  class_groups   groups), or {include: GROUP, exclude: GROUP}; all_nodes and
                 all_classes are built in
  test_matrix    a list of {NODE_OR_GROUP: {classes: CLASS_OR_GROUP or
                 {include: .., exclude: ..}, tests: spec}}; entries whose tests
                 are not spec or all_tests run no spec test (a warning);
                 tags are for --tags
  opts           :facts_dir / :facts_dirs and :facts_files (globs) choose the
                 fact sets; onceover's own run settings are ignored
Not supported (an error naming the file and line): functions (mocks), before
and after (Ruby blocks), opts :manifest and other opts.

Fact sets are NAME.json files (facter's hash, or PuppetDB's {"name": ..,
"values": {..}} form as 'puppet facts' prints it) and facterdb's NAME.facts
files, read from spec/factsets (or opts' directories, or each --factsets
DIR); the name is the file name without its extension. Onceover's own
built-in fact sets are not shipped: give them as files.

Each cell compiles as onceover's spec does: the main manifest (site.pp) is not
used, the top-level code is $onceover_class and $onceover_node (the class and
the fact set's name), the files of spec/pre_conditions/*.pp, then
'include CLASS' (the binary's compile --var and --class). The node is named after the fact set's
trusted certname when it has one, else --node-name (by default this machine's
host name, as rspec-puppet's certname); $trusted is that of an authenticated
agent of that name, with the fact set's trusted extensions (its top-level
"trusted" hash, else values' trusted.extensions) and trusted external data
("trusted_external", else trusted.external). Differences from onceover: the
facts are the fact set's without the few rspec-puppet adds or prunes.

As rspec-puppet's compile matcher, a cell fails when the agent would refuse
its catalog (the binary's compile --check-deps): on a dependency cycle, with
the agent's "Found 1 dependency cycle:\n(A => B => A)", and on a
relationship to a resource the catalog has not (a virtual or exported
resource that no collector realized), with the agent's "Could not find
dependency User[bob] for File[/x] (file: F, line: L)".

The table shows each class (rows) on each fact set (columns): the compile
time, or FAIL; failures follow with Puppet's error, then a summary line.
--junit writes JUnit XML: a testsuite per class, a testcase per cell (named
after the fact set), a failure with Puppet's error.

Exit status: 0 when every cell compiles, 1 when one fails, 2 when the matrix
could not run (a configuration error, a missing fact set, a failed build).`,
		Args: func(cmd *cobra.Command, args []string) error {
			if err := cobra.ExactArgs(1)(cmd, args); err != nil {
				return &exitError{status: 2, err: err}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMatrix(cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], &mf)
		},
	}
	// A command line that cannot run the matrix exits with status 2 too.
	cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &exitError{status: 2, err: err} })
	mf.ef.add(cmd)
	f := cmd.Flags()
	// Onceover compiles without the main manifest: --manifest would not
	// be used (it is refused).
	f.MarkHidden("manifest")
	f.StringVar(&mf.config, "config", "", "onceover's configuration (default $ONCEOVER_YAML, else ENV_DIR/spec/onceover.yaml)")
	f.StringArrayVar(&mf.factsets, "factsets", nil, "a directory of fact sets (repeatable; default ENV_DIR/spec/factsets, or opts' :facts_dir)")
	f.StringVar(&mf.junitFile, "junit", "", "write the results as JUnit XML to this file")
	f.StringVar(&mf.work, "work", "", "where to keep the generated Go module and the binary (default in the user's cache directory)")
	f.StringVar(&mf.nodeName, "node-name", "", "the node's name for fact sets without a trusted certname (default this machine's host name)")
	f.StringVar(&mf.outDir, "out-dir", "", "write each cell's catalog to DIR/CLASS_on_FACTSET.json (:: becomes __)")
	f.StringSliceVar(&mf.classes, "classes", nil, "compile only these classes' cells (comma-separated, as onceover's --classes)")
	f.StringSliceVar(&mf.nodes, "nodes", nil, "compile only these fact sets' cells (comma-separated, as onceover's --nodes)")
	f.StringSliceVar(&mf.tags, "tags", nil, "compile only the cells of test_matrix entries with one of these tags (comma-separated; ~TAG: without it), as onceover's --tags")
	f.IntVarP(&mf.jobs, "jobs", "j", runtime.NumCPU(), "how many cells to compile at once")
	f.BoolVar(&mf.allowGenerate, "allow-generate", false, "let generate() run commands on this machine")
	return cmd
}

// cellResult is the outcome of one cell.
type cellResult struct {
	onceover.Cell
	Certname string
	Passed   bool
	Error    string // Puppet's error (the binary's standard error) when it failed
	Time     time.Duration
}

func runMatrix(stdout, stderr io.Writer, envDir string, mf *matrixFlags) error {
	status2 := func(err error) error { return &exitError{status: 2, err: err} }
	if mf.ef.manifest != "" {
		return status2(errors.New("--manifest: onceover compiles without the main manifest; pp2go matrix does too"))
	}
	cfg, factsets, err := loadMatrix(stderr, envDir, mf)
	if err != nil {
		return status2(err)
	}
	cells := filterCells(cfg.TaggedCells(), mf.classes, mf.nodes, mf.tags)
	if len(cells) == 0 {
		return status2(fmt.Errorf("%s: the test matrix has no cell to compile", cfg.File))
	}
	var missing []string
	for _, c := range cells {
		if factsets[c.Node] == nil && !contains(missing, c.Node) {
			missing = append(missing, c.Node)
		}
	}
	if len(missing) > 0 {
		return status2(fmt.Errorf("%s: no fact set for node %s (looked for NAME.json and NAME.facts in %s)", cfg.File, strings.Join(missing, ", "), strings.Join(factDirs(envDir, cfg, mf), ", ")))
	}
	work, err := matrixWork(envDir, mf)
	if err != nil {
		return status2(err)
	}
	if err := writeTrusted(work, cells, factsets); err != nil {
		return status2(err)
	}
	binary, err := buildMatrixBinary(stderr, envDir, work, mf)
	if err != nil {
		return status2(err)
	}
	defaultName := mf.nodeName
	if defaultName == "" {
		h, err := os.Hostname()
		if err != nil {
			return status2(fmt.Errorf("--node-name: %w", err))
		}
		defaultName = strings.ToLower(h)
	}
	if mf.outDir != "" {
		if err := os.MkdirAll(mf.outDir, 0o755); err != nil {
			return status2(err)
		}
	}
	start := time.Now()
	results, err := runCells(binary, cells, factsets, defaultName, mf)
	if err != nil {
		return status2(err)
	}
	elapsed := time.Since(start)
	printMatrix(stdout, results, elapsed)
	if mf.junitFile != "" {
		if err := writeJUnit(mf.junitFile, results, elapsed); err != nil {
			return status2(err)
		}
	}
	for _, r := range results {
		if !r.Passed {
			return &exitError{status: 1}
		}
	}
	return nil
}

// matrixFactSet is a fact set and the file of its trusted data for the
// binary's --trusted ("" when it has none).
type matrixFactSet struct {
	*onceover.FactSet
	trustedFile string
}

// writeTrusted writes the trusted extensions and external data of the
// cells' fact sets for the binary's --trusted.
func writeTrusted(work string, cells []onceover.Cell, factsets map[string]*matrixFactSet) error {
	dir := filepath.Join(work, "trusted")
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for _, c := range cells {
		fs := factsets[c.Node]
		if fs.trustedFile != "" || len(fs.Extensions)+len(fs.External) == 0 {
			continue
		}
		data := map[string]any{}
		if len(fs.Extensions) > 0 {
			data["extensions"] = fs.Extensions
		}
		if len(fs.External) > 0 {
			data["external"] = fs.External
		}
		b, err := json.Marshal(data)
		if err != nil {
			return fmt.Errorf("fact set %s: %w", fs.File, err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		fs.trustedFile = filepath.Join(dir, fs.Name+".json")
		if err := os.WriteFile(fs.trustedFile, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func loadMatrix(stderr io.Writer, envDir string, mf *matrixFlags) (*onceover.Config, map[string]*matrixFactSet, error) {
	file := mf.config
	if file == "" {
		file = os.Getenv("ONCEOVER_YAML")
	}
	if file == "" {
		file = filepath.Join(envDir, "spec", "onceover.yaml")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	e, err := mf.ef.load(envDir)
	if err != nil {
		return nil, nil, err
	}
	// The classes a /regex/ matches: those of the environment's own
	// modules (onceover scans the environment.conf module path without
	// $basemodulepath, and the modules r10k installed in the repository).
	var own []string
	root := e.Dir + string(filepath.Separator)
	for _, m := range e.Modules {
		if !strings.HasPrefix(m.Dir, root) {
			continue
		}
		for name, d := range e.Index.Classes {
			if d.Module == m {
				own = append(own, name)
			}
		}
	}
	sort.Strings(own)
	cfg, err := onceover.Parse(file, data, own)
	if err != nil {
		return nil, nil, err
	}
	for _, w := range cfg.Warnings {
		fmt.Fprintln(stderr, "Warning:", w)
	}
	var globs []string
	for _, g := range cfg.FactsFiles {
		globs = append(globs, repoPath(envDir, g))
	}
	dirs := factDirs(envDir, cfg, mf)
	if len(globs) > 0 && len(mf.factsets) == 0 {
		dirs = nil // :facts_files replaces the directories
	}
	var existing []string
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			existing = append(existing, d)
		} else if len(mf.factsets) > 0 {
			return nil, nil, fmt.Errorf("--factsets %s: not a directory", d)
		}
	}
	found, err := onceover.FindFactSets(existing, globs)
	if err != nil {
		return nil, nil, err
	}
	out := map[string]*matrixFactSet{}
	for name, fs := range found {
		out[name] = &matrixFactSet{FactSet: fs}
	}
	for _, n := range cfg.Nodes {
		if fs := out[n]; fs != nil {
			if err := fs.Read(); err != nil {
				return nil, nil, err
			}
		}
	}
	return cfg, out, nil
}

// repoPath is a path of onceover's opts: relative to the control
// repository unless it starts with / or . (as onceover expands them).
func repoPath(envDir, p string) string {
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, ".") {
		return p
	}
	return filepath.Join(envDir, p)
}

func factDirs(envDir string, cfg *onceover.Config, mf *matrixFlags) []string {
	if len(mf.factsets) > 0 {
		return mf.factsets
	}
	if len(cfg.FactsDirs) > 0 {
		var out []string
		for _, d := range cfg.FactsDirs {
			out = append(out, repoPath(envDir, d))
		}
		return out
	}
	return []string{filepath.Join(envDir, "spec", "factsets")}
}

// filterCells applies onceover's --classes, --nodes and --tags filters.
func filterCells(cells []onceover.TaggedCell, classes, nodes, tags []string) []onceover.Cell {
	var out []onceover.Cell
	for _, c := range cells {
		if (len(classes) == 0 || contains(classes, c.Class)) && (len(nodes) == 0 || contains(nodes, c.Node)) &&
			(len(tags) == 0 || c.MatchTags(tags)) {
			out = append(out, c.Cell)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// matrixWork is the work directory: --work, or one beside pp2go build's.
func matrixWork(envDir string, mf *matrixFlags) (string, error) {
	work := mf.work
	if work == "" {
		w, err := workDir(envDir)
		if err != nil {
			return "", err
		}
		work = w + "-matrix"
	}
	return filepath.Abs(work)
}

// buildMatrixBinary builds the environment as onceover compiles it: the
// main manifest is replaced by a directory holding spec/pre_conditions/*.pp.
func buildMatrixBinary(stderr io.Writer, envDir, work string, mf *matrixFlags) (string, error) {
	manifests := filepath.Join(work, "manifests")
	if err := os.RemoveAll(manifests); err != nil {
		return "", err
	}
	if err := os.MkdirAll(manifests, 0o755); err != nil {
		return "", err
	}
	pre, err := filepath.Glob(filepath.Join(envDir, "spec", "pre_conditions", "*.pp"))
	if err != nil {
		return "", err
	}
	for _, f := range pre {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(manifests, filepath.Base(f)), b, 0o644); err != nil {
			return "", err
		}
	}
	ef := mf.ef
	ef.manifest = manifests
	start := time.Now()
	module := filepath.Join(work, "module")
	res, err := generate(stderr, envDir, &ef, false, module)
	if err != nil {
		return "", err
	}
	if err := res.Write(module); err != nil {
		return "", err
	}
	binary := filepath.Join(work, "catalog")
	if err := goBuild(stderr, module, binary); err != nil {
		return "", err
	}
	fmt.Fprintf(stderr, "Built the environment in %.1fs\n", time.Since(start).Seconds())
	return binary, nil
}

// runCells compiles the cells, mf.jobs at a time, each by a run of the
// catalog binary.
func runCells(binary string, cells []onceover.Cell, factsets map[string]*matrixFactSet, defaultName string, mf *matrixFlags) ([]cellResult, error) {
	results := make([]cellResult, len(cells))
	jobs := max(mf.jobs, 1)
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				r, err := runCell(binary, cells[i], factsets[cells[i].Node], defaultName, mf)
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
				results[i] = r
			}
		}()
	}
	for i := range cells {
		work <- i
	}
	close(work)
	wg.Wait()
	return results, firstErr
}

func runCell(binary string, cell onceover.Cell, fs *matrixFactSet, defaultName string, mf *matrixFlags) (cellResult, error) {
	name := fs.Certname
	if name == "" {
		name = defaultName
	}
	r := cellResult{Cell: cell, Certname: name}
	out := os.DevNull
	if mf.outDir != "" {
		out = filepath.Join(mf.outDir, strings.ReplaceAll(cell.Class, "::", "__")+"_on_"+cell.Node+".json")
	}
	// --check-deps: rspec-puppet's compile matcher fails on what the agent
	// refuses, dependency cycles and relationships to resources not in
	// the catalog.
	// --var: onceover's spec puts these assignments before the
	// pre_conditions.
	args := []string{"compile", name, "--facts", fs.File, "--class", cell.Class, "--check-deps", "--quiet", "-o", out,
		"--var", "onceover_class=" + cell.Class, "--var", "onceover_node=" + cell.Node}
	if mf.allowGenerate {
		args = append(args, "--allow-generate")
	}
	if fs.trustedFile != "" {
		args = append(args, "--trusted", fs.trustedFile)
	}
	cmd := exec.Command(binary, args...)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	start := time.Now()
	err := cmd.Run()
	r.Time = time.Since(start)
	if err == nil {
		r.Passed = true
		return r, nil
	}
	if mf.outDir != "" {
		os.Remove(out) // an earlier run's catalog of the cell
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 1 {
		r.Error = strings.TrimPrefix(strings.TrimSpace(errOut.String()), "Error: ")
		return r, nil
	}
	return r, fmt.Errorf("%s on %s: the catalog binary: %v\n%s", cell.Class, cell.Node, err, errOut.String())
}

// printMatrix prints the table (classes down, fact sets across), the
// failures with Puppet's errors, and a summary.
func printMatrix(w io.Writer, results []cellResult, elapsed time.Duration) {
	var classes, nodes []string
	byCell := map[onceover.Cell]*cellResult{}
	for i := range results {
		r := &results[i]
		if !contains(classes, r.Class) {
			classes = append(classes, r.Class)
		}
		if !contains(nodes, r.Node) {
			nodes = append(nodes, r.Node)
		}
		byCell[r.Cell] = r
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "CLASS")
	for _, n := range nodes {
		fmt.Fprint(tw, "\t", n)
	}
	fmt.Fprintln(tw)
	for _, c := range classes {
		fmt.Fprint(tw, c)
		for _, n := range nodes {
			r := byCell[onceover.Cell{Class: c, Node: n}]
			switch {
			case r == nil:
				fmt.Fprint(tw, "\t-")
			case r.Passed:
				fmt.Fprintf(tw, "\tok %s", shortDuration(r.Time))
			default:
				fmt.Fprint(tw, "\tFAIL")
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	failed := 0
	for _, r := range results {
		if r.Passed {
			continue
		}
		if failed == 0 {
			fmt.Fprintln(w, "\nFailures:")
		}
		failed++
		fmt.Fprintf(w, "\n%s on %s (node %s):\n  %s\n", r.Class, r.Node, r.Certname, strings.ReplaceAll(r.Error, "\n", "\n  "))
	}
	fmt.Fprintf(w, "\nMatrix: %d cells (%d classes × %d fact sets), %d compiled, %d failed in %.1fs\n",
		len(results), len(classes), len(nodes), len(results)-failed, failed, elapsed.Seconds())
}

func shortDuration(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
	return fmt.Sprintf("%.1fs", d.Seconds())
}

// writeJUnit writes the results as JUnit XML: a testsuite per class, a
// testcase per cell named after its fact set.
func writeJUnit(file string, results []cellResult, elapsed time.Duration) error {
	host, _ := os.Hostname()
	suites := junit.Testsuites{Name: "pp2go matrix", Time: seconds(elapsed)}
	index := map[string]int{}
	var list []*junit.Testsuite
	for _, r := range results {
		i, ok := index[r.Class]
		if !ok {
			i = len(list)
			index[r.Class] = i
			list = append(list, &junit.Testsuite{Name: r.Class, Hostname: host, ID: i})
		}
		tc := junit.Testcase{Name: r.Node, Classname: r.Class, Time: seconds(r.Time)}
		if !r.Passed {
			msg, _, _ := strings.Cut(r.Error, "\n")
			tc.Failure = &junit.Result{Message: msg, Type: "CompileError", Data: r.Error}
		}
		list[i].AddTestcase(tc)
	}
	for _, s := range list {
		var total time.Duration
		for _, r := range results {
			if r.Class == s.Name {
				total += r.Time
			}
		}
		s.Time = seconds(total)
		suites.AddSuite(*s)
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	if err := suites.WriteXML(&buf); err != nil {
		return err
	}
	return writeFileAtomic(file, buf.Bytes())
}

func seconds(d time.Duration) string {
	return fmt.Sprintf("%.3f", d.Seconds())
}

// writeFileAtomic writes a file whole or not at all.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
