package conformance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Catalog benchmarks: how long a scenario's catalog binary takes to compile
// a catalog in a warm process (its `bench` subcommand, which compiles the
// same node again and again in one process) and to run from start to
// catalog written (the process timed from the outside, many runs), beside
// Puppet's figures for the same node from the oracle's bench script.

// BenchNode is the node a scenario is benchmarked with: its first node
// whose catalog Puppet compiles, or its first node.
func (sc *Scenario) BenchNode() (name, facts string) {
	if len(sc.Nodes) == 0 {
		return "", ""
	}
	n := sc.Nodes[0]
	for _, m := range sc.Nodes {
		if m.Expect == "catalog" {
			n = m
			break
		}
	}
	return n.Name, filepath.Join(sc.Dir, n.Facts)
}

// WarmTiming is what a binary's `bench` subcommand prints (see rt/cli).
type WarmTiming struct {
	ProgramNs, FirstNs             int64
	N                              int
	MinNs, MedianNs, MeanNs, CPUNs int64
	Allocs, Bytes                  int64 // per warm compile
	Resources                      int
	AllocsPerResource              int64
	Failed                         bool
}

// BenchPuppet is the Puppet version the binaries are timed as: Puppet's own
// figures (PuppetBench) are Puppet 7.23's, and under Puppet 8 two mod_*
// scenarios are errors (knownFailures), which would time an error instead
// of a catalog.
const BenchPuppet = "7"

// WarmNodes is how many copies of a node's facts a warm batch compiles in
// turn: Puppet's (the oracle bench's WARM_NODES, as make bench runs it) and
// pp2go's (BenchWarm).
const WarmNodes = 10

// BenchWarm runs `BINARY bench --facts-dir DIR --puppet 7` with --count
// when count is positive, else --time d: the nodes of DIR (WriteCopies'
// copies of one node) compiled in turn in one process, as Puppet's warm
// batch compiles its copies (PuppetBench). The same node compiled again
// and again would find more of what a compile keeps from the one before.
func BenchWarm(binary, factsDir string, count int, d time.Duration) (*WarmTiming, error) {
	args := []string{"bench", "--facts-dir", factsDir, "--puppet", BenchPuppet}
	if count > 0 {
		args = append(args, "--count", strconv.Itoa(count))
	} else {
		args = append(args, "--time", d.String())
	}
	out, err := exec.Command(binary, args...).Output()
	if err != nil {
		return nil, fmt.Errorf("%s bench: %v", binary, err)
	}
	kv := map[string]int64{}
	for _, f := range strings.Fields(string(out)) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s bench: bad output %q", binary, out)
		}
		kv[k] = n
	}
	if _, ok := kv["median_ns"]; !ok {
		return nil, fmt.Errorf("%s bench: bad output %q", binary, out)
	}
	return &WarmTiming{
		ProgramNs: kv["program_ns"], FirstNs: kv["first_ns"], N: int(kv["n"]),
		MinNs: kv["min_ns"], MedianNs: kv["median_ns"], MeanNs: kv["mean_ns"], CPUNs: kv["cpu_ns"],
		Allocs: kv["allocs"], Bytes: kv["bytes"], Resources: int(kv["resources"]),
		AllocsPerResource: kv["allocs_per_resource"], Failed: kv["fail"] != 0,
	}, nil
}

// RunOnce runs `BINARY compile NODE --facts FACTS --puppet 7 -o OUT -q` and returns
// what runMeasured measured: its wall time, from the start of the process
// to its exit (the catalog written), its peak resident set size (the
// kernel's maxrss, the binary's mapped pages included) and its page
// faults; a failing compile is timed as well.
func RunOnce(binary, node, facts, out string) (Measured, error) {
	return runMeasured(binary, "compile", node, "--facts", facts, "--puppet", BenchPuppet, "-o", out, "-q")
}

// Measured is what runMeasured measured of a command's run.
type Measured struct {
	Wall      time.Duration
	User, Sys time.Duration // CPU time, all the process's threads
	RSS       int64         // peak resident set size, bytes
	Faults    int64         // minor page faults (getrusage): a page's first touch, and each the process had the kernel populate
	Failed    string        // the command's exit status and standard error's last lines when it failed
}

// runMeasured runs BINARY ARGS through rssrun (conformance/cmd/rssrun, built
// beside the binary on first use; its comment says why wait4 cannot be read
// here) and returns what it measured: the command's wall time, CPU time,
// peak resident set size, page faults, and its standard error when it
// fails.
func runMeasured(binary string, args ...string) (Measured, error) {
	var m Measured
	dir := filepath.Dir(binary)
	runner, err := rssRunner(dir)
	if err != nil {
		return m, err
	}
	figures := filepath.Join(dir, "rssrun.out")
	if err := os.Remove(figures); err != nil && !os.IsNotExist(err) {
		return m, err
	}
	cmd := exec.Command(runner, append([]string{figures, binary}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		m.Failed = fmt.Sprintf("%v: %s", err, lastLines(stderr.String(), 5))
	}
	b, err := os.ReadFile(figures)
	if err != nil { // rssrun itself failed: the command did not run
		return m, fmt.Errorf("%v (%s)", err, m.Failed)
	}
	var wall, kb, user, sys, faults int64
	if _, err := fmt.Sscanf(string(b), "wall_ns=%d maxrss_kb=%d user_ns=%d sys_ns=%d minflt=%d", &wall, &kb, &user, &sys, &faults); err != nil {
		return m, fmt.Errorf("rssrun: bad output %q", b)
	}
	m.Wall, m.RSS, m.User, m.Sys, m.Faults = time.Duration(wall), kb<<10, time.Duration(user), time.Duration(sys), faults
	return m, nil
}

// rssRunners are the rssrun binaries built, by directory.
var rssRunners sync.Map // string → func() (string, error)

// rssRunner builds conformance/cmd/rssrun into dir once per process.
func rssRunner(dir string) (string, error) {
	build, _ := rssRunners.LoadOrStore(dir, sync.OnceValues(func() (string, error) {
		bin := filepath.Join(dir, "rssrun")
		out, err := exec.Command("go", "build", "-o", bin, "github.com/pp2go/pp2go/conformance/cmd/rssrun").CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("building rssrun: %v: %s", err, out)
		}
		return bin, nil
	}))
	return build.(func() (string, error))()
}

// Throughput times `BINARY compile --facts-dir DIR --out-dir OUT -j JOBS
// --puppet 7 -q` over n copies of a node's facts (WriteCopies), written to
// dir first (the facts directory and the catalogs' directory are made
// there; they must not exist). It deletes nothing: on ext4 without a
// journal (these VMs') a file created shortly after deletions near it
// costs a scan past the recently deleted inodes (up to 17% of a batch's
// samples right after the previous run's catalogs were deleted), a cost of
// the harness's cleanup, not of the program: the caller deletes dir after
// its runs. It returns what it measured of the whole process (its wall
// time, CPU time and peak resident set size); a failing node fails it.
func Throughput(binary, node, facts string, n, jobs int, dir string) (Measured, error) {
	factsDir, outDir := filepath.Join(dir, "facts"), filepath.Join(dir, "catalogs")
	if err := WriteCopies(node, facts, n, factsDir); err != nil {
		return Measured{}, err
	}
	if err := os.Mkdir(outDir, 0o755); err != nil {
		return Measured{}, err
	}
	m, err := runMeasured(binary, "compile", "--facts-dir", factsDir, "--out-dir", outDir, "-j", strconv.Itoa(jobs), "--puppet", BenchPuppet, "-q")
	if err == nil && m.Failed != "" {
		err = errors.New(m.Failed)
	}
	return m, err
}

// WarmFleet writes the copies BenchWarm compiles for a scenario's bench
// node, n of them (WriteCopies), into dir's warm-nodes, made anew, and
// returns that directory.
func (sc *Scenario) WarmFleet(dir string, n int) (string, error) {
	fleet := filepath.Join(dir, "warm-nodes")
	if err := os.RemoveAll(fleet); err != nil {
		return "", err
	}
	node, facts := sc.BenchNode()
	return fleet, WriteCopies(node, facts, n, fleet)
}

// WriteCopies writes n copies of a node's facts (the file facts) into dir,
// which it makes (it must not exist), each naming its own node (see
// copyFacts). The copies are named as the node with the number of the copy
// in place of its first label's trailing digits (ctl1.example.com: ctl1,
// ctl2, ...; with no digits there, the number is appended), so that node
// definitions matching the node's name match them too.
func WriteCopies(node, facts string, n int, dir string) error {
	b, err := os.ReadFile(facts)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	label, rest, _ := strings.Cut(node, ".")
	if rest != "" {
		rest = "." + rest
	}
	host := label
	label = strings.TrimRight(label, "0123456789")
	ext := filepath.Ext(facts)
	for i := 1; i <= n; i++ {
		copyHost := fmt.Sprintf("%s%d", label, i)
		text, err := copyFacts(b, node, host, copyHost+rest, copyHost, i)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, copyHost+rest+ext), text, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// copyFacts is a node's facts (JSON) as the i-th copy's: every string
// that is the node's name or its host name (clientcert, fqdn, hostname,
// ...) is the copy's, and every string that is the node's IPv4 address
// (the ipaddress fact) is an address of its own. Nodes of a fleet differ at
// least there, so a batch of copies does not compile the same bytes over
// and over: what a program keeps between catalogs is measured as a fleet
// would use it.
func copyFacts(b []byte, node, host, copyNode, copyHost string, i int) ([]byte, error) {
	var f map[string]any
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	if v, ok := f["values"].(map[string]any); ok {
		f = v // a facts file in Puppet's {"name": ..., "values": ...} form
	}
	swap := []string{strconv.Quote(node), strconv.Quote(copyNode), strconv.Quote(host), strconv.Quote(copyHost)}
	if ip, ok := f["ipaddress"].(string); ok {
		if a := net.ParseIP(ip).To4(); a != nil {
			a = net.IPv4(a[0], a[1], byte(i/254), byte(i%254+1))
			swap = append(swap, strconv.Quote(ip), strconv.Quote(a.String()))
		}
	}
	return []byte(strings.NewReplacer(swap...).Replace(string(b))), nil
}

// lastLines is the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// Durations summarizes timings.
type Durations []time.Duration

// Min is the smallest duration.
func (ds Durations) Min() time.Duration {
	s := ds.sorted()
	if len(s) == 0 {
		return 0
	}
	return s[0]
}

// Median is the median duration.
func (ds Durations) Median() time.Duration {
	s := ds.sorted()
	switch {
	case len(s) == 0:
		return 0
	case len(s)%2 == 1:
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func (ds Durations) sorted() Durations {
	s := append(Durations(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s
}

// PuppetTiming is the oracle's figures for a node: the median wall time of
// a cold `compile-catalog` process and the median time of one catalog in a
// warm batch process, with Puppet's default settings (environment_timeout
// 0: the environment is loaded again for each catalog) and with the
// environment cached (environment_timeout = unlimited, a tuned
// puppetserver's setting).
type PuppetTiming struct {
	ColdS        float64
	WarmMs       float64 // default settings
	WarmCachedMs float64 // environment_timeout = unlimited
	Source       string  // "bench" (the oracle's bench script) or "compile-catalog" (see PuppetBench)
}

// CachedEnvSetting is the Puppet setting of PuppetTiming.WarmCachedMs.
const CachedEnvSetting = "environment_timeout=unlimited"

var (
	benchColdRe = regexp.MustCompile(`median_wall_s=([0-9.]+)`)
	benchWarmRe = regexp.MustCompile(`per_catalog_median_ms=([0-9.]+)`)
	benchErrRe  = regexp.MustCompile(`errors=([0-9]+)`)
	timesRe     = regexp.MustCompile(`timed compiles: \d+\s+median ([0-9.]+) ms`)
)

// OracleDir is the directory of the oracle's scripts.
func OracleDir() string { return filepath.Join(SharedDir(), "conformance", "oracle") }

// PuppetBench times Puppet 7.23 on a scenario's node with the oracle's
// `bench SCENARIO NODE RUNS WARM_NODES PASSES`, with the default settings
// and with the environment cached (BENCH_ARGS="--set
// environment_timeout=unlimited", which reaches its warm batch). The bench script needs the
// node's catalog to compile; for a node whose compile fails (the err_*
// scenarios) the same figures are taken with compile-catalog directly, as
// the script takes them: RUNS cold processes, and one batch process that
// compiles the node WARM_NODES times per pass, one pass of warm-up and
// PASSES timed, the median of the timed compiles. The script's warm batch
// renames the node (lb1 becomes lb101...): where the manifest's node
// definitions do not match the new names (mod_haproxy_lb's), its warm
// compiles fail and time a failure, so the warm figure is then taken the
// same way with the node's own name.
func (sc *Scenario) PuppetBench(runs, warmNodes, passes int) (*PuppetTiming, error) {
	node, facts := sc.BenchNode()
	oracle := OracleDir()
	cc := filepath.Join(oracle, "compile-catalog")
	env := append(os.Environ(), "PP_ORACLE_QUIET=1")
	t := &PuppetTiming{Source: "bench"}
	// The bench script twice: the default settings with RUNS cold runs,
	// then the cached environment (BENCH_ARGS reaches the warm batch only)
	// with one cold run, which the script needs and which is not used.
	for _, cached := range []bool{false, true} {
		cmdEnv, r := env, runs
		if cached {
			cmdEnv, r = append(env, "BENCH_ARGS=--set "+CachedEnvSetting), 1
		}
		cmd := exec.Command(filepath.Join(oracle, "bench"), sc.Dir, node, strconv.Itoa(r), strconv.Itoa(warmNodes), strconv.Itoa(passes))
		cmd.Env = cmdEnv
		out, err := cmd.Output()
		if err != nil {
			if cached {
				return nil, fmt.Errorf("oracle bench with %s: %v", CachedEnvSetting, err)
			}
			return sc.puppetBenchFailing(cc, env, node, facts, runs, warmNodes, passes)
		}
		cold, warm := benchColdRe.FindSubmatch(out), benchWarmRe.FindSubmatch(out)
		if cold == nil || warm == nil {
			return nil, fmt.Errorf("oracle bench: unexpected output %q", out)
		}
		w, _ := strconv.ParseFloat(string(warm[1]), 64)
		if e := benchErrRe.FindSubmatch(out); e != nil && string(e[1]) != "0" {
			var extra []string
			if cached {
				extra = []string{"--set", CachedEnvSetting}
			}
			if w, err = sc.puppetWarm(cc, env, node, facts, warmNodes, passes, extra...); err != nil {
				return nil, err
			}
			t.Source = "bench+compile-catalog"
		}
		if cached {
			t.WarmCachedMs = w
		} else {
			t.ColdS, _ = strconv.ParseFloat(string(cold[1]), 64)
			t.WarmMs = w
		}
	}
	return t, nil
}

// puppetBenchFailing takes PuppetBench's figures for a node whose compile
// fails, with compile-catalog directly, as the bench script takes them.
func (sc *Scenario) puppetBenchFailing(cc string, env []string, node, facts string, runs, warmNodes, passes int) (*PuppetTiming, error) {
	var colds Durations
	for i := 0; i < runs; i++ {
		c := exec.Command(cc, sc.Dir, node, facts)
		c.Env = env
		start := time.Now()
		c.Run() // the compile fails
		colds = append(colds, time.Since(start))
	}
	warm, err := sc.puppetWarm(cc, env, node, facts, warmNodes, passes)
	if err != nil {
		return nil, err
	}
	cached, err := sc.puppetWarm(cc, env, node, facts, warmNodes, passes, "--set", CachedEnvSetting)
	if err != nil {
		return nil, err
	}
	return &PuppetTiming{ColdS: colds.Median().Seconds(), WarmMs: warm, WarmCachedMs: cached, Source: "compile-catalog"}, nil
}

// puppetWarm is the median time of one compile of node in a batch
// process of compile-catalog, as the bench script takes it; extra are
// compile-catalog options (settings).
func (sc *Scenario) puppetWarm(cc string, env []string, node, facts string, warmNodes, passes int, extra ...string) (float64, error) {
	tmp, err := os.MkdirTemp("", "pp2go-puppet-bench")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	var jobs strings.Builder
	for i := 0; i < warmNodes; i++ {
		fmt.Fprintf(&jobs, "%s %s %s %s\n", sc.Dir, node, facts, filepath.Join(tmp, "out", fmt.Sprintf("n%d", i)))
	}
	if err := os.MkdirAll(filepath.Join(tmp, "out"), 0o755); err != nil {
		return 0, err
	}
	list := filepath.Join(tmp, "jobs.txt")
	if err := os.WriteFile(list, []byte(jobs.String()), 0o644); err != nil {
		return 0, err
	}
	c := exec.Command(cc, append(extra, "--times", "--warmup", "1", "--repeat", strconv.Itoa(passes), "--batch", list)...)
	c.Env = env
	var stderr bytes.Buffer
	c.Stderr = &stderr
	c.Run()
	var warm float64
	sc2 := bufio.NewScanner(&stderr)
	for sc2.Scan() {
		if m := timesRe.FindStringSubmatch(sc2.Text()); m != nil {
			warm, _ = strconv.ParseFloat(m[1], 64)
		}
	}
	if warm == 0 {
		return 0, fmt.Errorf("compile-catalog --times: no timings in %q", stderr.String())
	}
	return warm, nil
}
