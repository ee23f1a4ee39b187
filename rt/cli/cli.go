// Package cli is the command line of a generated catalog binary:
// `compile` for one node or a directory of nodes, `lookup` for Hiera keys,
// `bench` to time compiles.
package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/pp2go/pp2go/rt"
)

// Main runs the command line of a catalog binary for a program.
func Main(program func() *rt.Program) {
	// A catalog binary's heap is small and lives as long as a compile: at
	// Go's default (GOGC=100) it is collected every few compiles. Unless
	// GOGC says otherwise, collect when it has grown to 5 times what is
	// live.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	root := &cobra.Command{
		Use:           filepath.Base(os.Args[0]),
		Short:         "Compile Puppet catalogs for nodes, as Puppet 7.23 compiles them",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(compileCommand(program), lookupCommand(program))
	root.AddCommand(benchCommand(program))
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "Error:", err)
		os.Exit(1)
	}
}

func compileCommand(program func() *rt.Program) *cobra.Command {
	var factsFile, out, factsDir, outDir string
	var settings []string
	var jobs int
	var quiet, verbose, debugLogs, allowGenerate bool
	cmd := &cobra.Command{
		Use:   "compile [NODE] (--facts FILE | --facts-dir DIR --out-dir DIR)",
		Short: "Compile the catalog of a node, or of every node of a facts directory",
		Long: `Compile the catalog of a node from its facts and print it as Puppet's catalog JSON.

Facts are what 'facter --json' prints, or PuppetDB's {"name": .., "values": {..}}
form, as JSON or (for .yaml and .yml files) YAML. $trusted is that of an
authenticated agent whose certificate name is the node's name.

With --facts-dir, every facts file of the directory is compiled (the node is
named after the file) into --out-dir, -j at a time.

On failure the error is printed as Puppet prints it, nothing is written, and
the exit status is 1. Compiler warnings and log function output go to
standard error from level notice up, as Puppet prints them by default
(--verbose adds info, --debug adds debug, --quiet prints none).

generate() runs a command on the compiling machine, as Puppet runs it on the
server: it fails unless --allow-generate is given.

$settings::* are Puppet 7.23's settings as a Debian server has them by
default (confdir /etc/puppet, vardir /var/cache/puppet, ...; certname: this
host's name), with the environment's modulepath and manifest; --setting
changes the directories and the certname they derive from.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			shown := logsFrom(quiet, verbose, debugLogs)
			for _, kv := range settings {
				name, value, ok := strings.Cut(kv, "=")
				if !ok {
					return fmt.Errorf("--setting %q: give NAME=VALUE", kv)
				}
				if err := program().SetSetting(name, value); err != nil {
					return err
				}
			}
			if allowGenerate {
				program().AllowGenerate = true
			}
			if factsDir != "" {
				if len(args) > 0 || factsFile != "" || out != "" {
					return fmt.Errorf("--facts-dir compiles every node of the directory: give no NODE, --facts or -o")
				}
				if outDir == "" {
					return fmt.Errorf("--facts-dir needs --out-dir")
				}
				return compileDir(program(), factsDir, outDir, jobs, shown)
			}
			if len(args) != 1 || factsFile == "" {
				return fmt.Errorf("give a NODE and --facts FILE (or --facts-dir and --out-dir)")
			}
			facts, err := LoadFacts(factsFile)
			if err != nil {
				return err
			}
			res := rt.CompileNode(program(), args[0], facts)
			printLogs(os.Stderr, res.Logs, shown)
			if res.Err != nil {
				fmt.Fprintln(os.Stderr, "Error:", res.Err)
				os.Exit(1)
			}
			if out == "" || out == "-" {
				_, err := os.Stdout.Write(res.JSON)
				return err
			}
			return writeFile(out, res.JSON)
		},
	}
	f := cmd.Flags()
	f.StringVar(&factsFile, "facts", "", "the node's facts (JSON or YAML)")
	f.StringVarP(&out, "out", "o", "", "write the catalog to this file instead of standard output")
	f.StringVar(&factsDir, "facts-dir", "", "compile every facts file of this directory (NAME.json, NAME.yaml)")
	f.StringVar(&outDir, "out-dir", "", "with --facts-dir: where NAME.json catalogs are written")
	f.IntVarP(&jobs, "jobs", "j", runtime.NumCPU(), "with --facts-dir: how many nodes to compile at once")
	f.BoolVarP(&quiet, "quiet", "q", false, "do not print warnings and log messages")
	f.BoolVar(&verbose, "verbose", false, "print info messages too")
	f.BoolVar(&debugLogs, "debug", false, "print debug and info messages too")
	f.BoolVar(&allowGenerate, "allow-generate", false, "let generate() run commands on this machine")
	f.StringArrayVar(&settings, "setting", nil, "NAME=VALUE: a directory or the certname $settings::* derive from (confdir, codedir, vardir, logdir, rundir, publicdir, certname, environmentpath, basemodulepath; repeatable)")
	return cmd
}

// logRank orders Puppet's log levels, least severe first.
var logRank = map[string]int{"debug": 0, "info": 1, "notice": 2, "warning": 3, "err": 4, "alert": 5, "emerg": 6, "crit": 7}

// logsFrom is the least severe level printed: notice by default, as
// Puppet's log level is; -1 when nothing is.
func logsFrom(quiet, verbose, debug bool) int {
	switch {
	case quiet:
		return -1
	case debug:
		return logRank["debug"]
	case verbose:
		return logRank["info"]
	}
	return logRank["notice"]
}

// printLogs prints what a compilation logged from level from up, as
// Puppet prints it.
func printLogs(w io.Writer, logs []rt.LogEntry, from int) {
	if from < 0 {
		return
	}
	for _, l := range logs {
		if rank, ok := logRank[l.Level]; !ok || rank >= from {
			fmt.Fprintln(w, l.String())
		}
	}
}

// writeFile writes a file atomically: a failure leaves nothing behind.
func writeFile(path string, data []byte) error {
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
	return os.Rename(tmp.Name(), path)
}

// compileDir compiles every node of a facts directory in parallel.
func compileDir(p *rt.Program, factsDir, outDir string, jobs int, shown int) error {
	entries, err := os.ReadDir(factsDir)
	if err != nil {
		return err
	}
	var files []string
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() && (strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) {
			files = append(files, name)
		}
	}
	sort.Strings(files)
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	if jobs < 1 {
		jobs = 1
	}
	bar := newProgress(len(files))
	var failed atomic.Int32
	var mu sync.Mutex // serializes output to stderr
	work := make(chan string)
	var wg sync.WaitGroup
	for i := 0; i < jobs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for name := range work {
				node := strings.TrimSuffix(name, filepath.Ext(name))
				facts, err := LoadFacts(filepath.Join(factsDir, name))
				var res *rt.Result
				if err == nil {
					res = rt.CompileNode(p, node, facts)
					if res.Err == nil {
						err = writeFile(filepath.Join(outDir, node+".json"), res.JSON)
					} else {
						err = res.Err
					}
				}
				mu.Lock()
				bar.clear()
				if res != nil {
					printLogs(os.Stderr, res.Logs, shown)
				}
				if err != nil {
					failed.Add(1)
					fmt.Fprintf(os.Stderr, "Error: %s: %v\n", node, err)
				}
				bar.step()
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		work <- f
	}
	close(work)
	wg.Wait()
	bar.done()
	if n := failed.Load(); n > 0 {
		return fmt.Errorf("%d of %d nodes failed to compile", n, len(files))
	}
	return nil
}

// progress is a one-line progress bar on a terminal (nothing otherwise).
type progress struct {
	total, n int
	tty      bool
}

func newProgress(total int) *progress {
	st, err := os.Stderr.Stat()
	return &progress{total: total, tty: err == nil && st.Mode()&os.ModeCharDevice != 0}
}

func (p *progress) clear() {
	if p.tty {
		fmt.Fprint(os.Stderr, "\r\033[K")
	}
}

func (p *progress) step() {
	p.n++
	if !p.tty {
		return
	}
	const width = 30
	filled := width * p.n / max(p.total, 1)
	fmt.Fprintf(os.Stderr, "\r[%s%s] %d/%d nodes", strings.Repeat("#", filled), strings.Repeat(".", width-filled), p.n, p.total)
}

func (p *progress) done() {
	if p.tty && p.total > 0 {
		fmt.Fprintln(os.Stderr)
	}
}
