// Package cli is the command line of a generated catalog binary:
// `compile` for one node or a directory of nodes, `lookup` for Hiera keys,
// `bench` to time compiles, `serve` to serve catalogs to Puppet agents.
package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/catgraph"
	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"github.com/pp2go/pp2go/rt/internal/prefault"
	"github.com/pp2go/pp2go/rt/internal/prefault/batch"
)

// Main runs the command line of a catalog binary for the program of an
// environment: the generated environment package's handle, which
// rt.Build builds the program of on first use (see rt.Environment).
func Main(environment any) {
	// A catalog binary's heap is small and lives as long as a compile: at
	// Go's default (GOGC=100) it is collected every few compiles. Unless
	// GOGC says otherwise, collect when it has grown to 5 times what is
	// live.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	program := sync.OnceValue(func() *rt.Program { return rt.Build(environment) })
	root := rootCommand(program, os.Args[1:])
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "Error:", err)
		os.Exit(1)
	}
}

// rootCommand is the command line of a run with these arguments.
func rootCommand(program func() *rt.Program, args []string) *cobra.Command {
	root := &cobra.Command{
		Use:           filepath.Base(os.Args[0]),
		Short:         "Compile Puppet catalogs for nodes, as Puppet 8.10 or 7.23 compiles them",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	cmds := commandsFor(args)
	for _, c := range cmds {
		root.AddCommand(c.make(program))
	}
	if len(cmds) == 1 {
		// the command named is the run's: no shell completion script
		// is asked for (the completion command lists itself in the
		// root's help only)
		root.CompletionOptions.DisableDefaultCmd = true
	}
	return root
}

// command is a command of the root, made by make.
type command struct {
	name string
	make func(program func() *rt.Program) *cobra.Command
}

// commands are the root's commands, in the order help lists them.
var commands = [...]command{
	{"compile", compileCommand},
	{"lookup", lookupCommand},
	{"bench", benchCommand},
	{"serve", serveCommand},
}

// commandsFor is the commands that a run with these arguments needs: the
// one its first argument names, else (help, shell completion, a flag or a
// name unknown) all of them. A one-shot compile then makes neither the
// other commands and their flags nor cobra's completion command: ~170k
// instructions of its start, 0.7% of a keystone compile's process.
func commandsFor(args []string) []command {
	if len(args) > 0 {
		for i, c := range commands {
			if args[0] == c.name {
				return commands[i : i+1]
			}
		}
	}
	return commands[:]
}

func compileCommand(program func() *rt.Program) *cobra.Command {
	var factsFile, out, factsDir, outDir, cpuProfile string
	var pf puppetFlags   // --puppet, --setting
	var classes []string // --class: node code that includes them (a class spec)
	var trustedFile string
	var jobs int
	var quiet, verbose, debugLogs, allowGenerate, pretty bool
	var checkDeps bool // --check-deps: fail as the agent would refuse the catalog
	var vars []string  // --var NAME=VALUE: top-scope variables set before the main manifest
	var pdb pdbFlags   // --puppetdb: storeconfigs (puppetdb.go)
	cmd := &cobra.Command{
		Use:   "compile [NODE] (--facts FILE | --facts-dir DIR --out-dir DIR)",
		Short: "Compile the catalog of a node, or of every node of a facts directory",
		Long: `Compile the catalog of a node from its facts and print it as Puppet's catalog JSON.

Facts are what 'facter --json' prints, or PuppetDB's {"name": .., "values": {..}}
form, as JSON or (for .yaml and .yml files) YAML. $trusted is that of an
authenticated agent whose certificate name is the node's name; --trusted
gives its certificate's extensions and trusted external data.

With --facts-dir, every facts file of the directory is compiled (the node is
named after the file) into --out-dir, -j at a time; each log line is prefixed
with its node ("[web1] Warning: ..."), and the last line says how many nodes
compiled, or how many failed. One node's compile runs on one processor
(GOMAXPROCS=1, unless the environment sets GOMAXPROCS): it is one
goroutine's work, and uses less memory so.

-o writes the catalog whole or not at all: a regular file (or the file a
symbolic link points to) is replaced at once by a complete one, keeping its
mode (a new file's is 0666 less the umask); a device or a pipe such as
/dev/null is written to as it is, and /dev/stdout is standard output. --pretty indents the catalog JSON (the same
JSON otherwise).

On failure the error is printed as Puppet prints it, nothing is written, and
the exit status is 1. Compiler warnings and log function output go to
standard error from level notice up, as Puppet prints them by default
(--verbose adds info, --debug adds debug, --quiet prints none).

generate() runs a command on the compiling machine, as Puppet runs it on the
server: it fails unless --allow-generate is given.

$settings::* are the release's settings as a Debian server has them by
default (confdir /etc/puppet, vardir /var/cache/puppet, ...; certname: this
host's name), with the environment's modulepath and manifest.

` + settingsHelp + `

--class NAME (repeatable) compiles the node as rspec-puppet's class spec
does: 'include NAME' follows the main manifest's top-level code, before
the node definitions (which still apply: one must match the node when
there are any).

--check-deps fails the compile, as the agent refuses to apply such a
catalog, when a relationship (before, require, notify, subscribe, -> or ~>)
names a resource the catalog has not (a virtual or exported resource that
was not realized: the compiler refuses the others) or the relationships
and containment make a dependency cycle; the error is the agent's
("Could not find dependency User[bob] for File[/x] (file: F, line: L)", a
line for each, or "Found 1 dependency cycle:\n(A => B => A)").
rspec-puppet's compile matcher fails on both too (with_all_deps looks for
the same missing resources).

` + pdbHelp + ` With --facts-dir, nothing is stored: give
--puppetdb-no-store.

--var NAME=VALUE (repeatable) assigns the string VALUE to the top-scope
variable $NAME before the main manifest's code runs, as a spec's
pre_condition does first (onceover's $onceover_class and $onceover_node);
not with --facts-dir.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rt.PrefetchServerFacts()
			prefault.Compile()
			shown := logsFrom(quiet, verbose, debugLogs)
			if err := pf.apply(program()); err != nil {
				return err
			}
			if allowGenerate {
				program().AllowGenerate = true
			}
			program().DropDebug = !debugLogs // printed only with --debug
			if err := pdb.setup(program()); err != nil {
				return err
			}
			if factsDir != "" {
				if pdb.enabled() && !pdb.noStore {
					return fmt.Errorf("--puppetdb stores one node's facts and catalog: with --facts-dir, give --puppetdb-no-store too")
				}
				if len(args) > 0 || factsFile != "" || out != "" || len(classes) > 0 || trustedFile != "" {
					return fmt.Errorf("--facts-dir compiles every node of the directory: give no NODE, --facts, -o, --class or --trusted")
				}
				if len(vars) > 0 {
					return fmt.Errorf("--var is for one node's catalog: it does not go with --facts-dir")
				}
				if outDir == "" {
					return fmt.Errorf("--facts-dir needs --out-dir")
				}
				stop, err := startCPUProfile(cpuProfile)
				if err != nil {
					return err
				}
				defer stop()
				return compileDir(os.Stderr, program(), factsDir, outDir, jobs, shown, pretty, checkDeps)
			}
			if len(args) != 1 || factsFile == "" {
				return fmt.Errorf("give a NODE and --facts FILE (or --facts-dir and --out-dir)")
			}
			facts, digest, err := readFacts(factsFile)
			if err != nil {
				return err
			}
			node := &rt.Node{Name: args[0], Facts: facts, FactsDigest: digest}
			if len(classes) > 0 {
				node.Top = rt.IncludeClasses(classes...)
			}
			if len(vars) > 0 {
				var names, vals []string
				for _, kv := range vars {
					name, value, ok := strings.Cut(kv, "=")
					if !ok || !varName.MatchString(name) {
						return fmt.Errorf("--var %q: give NAME=VALUE, NAME a variable name without $ (lowercase letters, digits, _)", kv)
					}
					names, vals = append(names, name), append(vals, value)
				}
				node.Pre = rt.AssignStrings(names, vals)
			}
			if trustedFile != "" {
				if node.Trusted, err = loadTrusted(trustedFile, args[0]); err != nil {
					return err
				}
			}
			if out == "" || out == "-" || openStream(out) == os.Stdout {
				// the catalog owns standard output: module Ruby's puts
				// goes to standard error
				erb.Stdout = os.Stderr
			}
			res := rt.CompileWith(program(), node)
			printLogs(os.Stderr, res.Logs, shown)
			if res.Err == nil && checkDeps {
				res.Err = depsError(res)
			}
			if res.Err == nil {
				res.Err = pdb.store(os.Stderr, shown, program(), node, res)
			}
			if res.Err != nil {
				fmt.Fprintln(os.Stderr, "Error:", res.Err)
				os.Exit(1)
			}
			data := catalogJSON(res.JSON, pretty)
			if out == "" || out == "-" {
				_, err := os.Stdout.Write(data)
				return err
			}
			return writeFile(out, data)
		},
	}
	f := cmd.Flags()
	f.StringVar(&factsFile, "facts", "", "the node's facts (JSON or YAML)")
	f.StringVarP(&out, "out", "o", "", "write the catalog to this file instead of standard output")
	f.StringVar(&factsDir, "facts-dir", "", "compile every facts file of this directory (NAME.json, NAME.yaml)")
	f.StringVar(&outDir, "out-dir", "", "with --facts-dir: where NAME.json catalogs are written")
	f.IntVarP(&jobs, "jobs", "j", runtime.NumCPU(), "with --facts-dir: how many nodes to compile at once")
	f.StringVar(&cpuProfile, "cpuprofile", "", "with --facts-dir: write a CPU profile of the whole directory's compiles to this file")
	f.BoolVarP(&quiet, "quiet", "q", false, "do not print warnings and log messages")
	f.BoolVar(&verbose, "verbose", false, "print info messages too")
	f.BoolVar(&debugLogs, "debug", false, "print debug and info messages too")
	f.BoolVar(&allowGenerate, "allow-generate", false, "let generate() run commands on this machine")
	f.BoolVar(&pretty, "pretty", false, "indent the catalog JSON")
	f.StringVar(&trustedFile, "trusted", "", "a hash (JSON or YAML) of the node's trusted extensions and external data: {\"extensions\": {..}, \"external\": {..}}")
	stringsVar(f, &vars, "var", "NAME=VALUE: assign the string VALUE to the top-scope variable $NAME before the main manifest's code runs (repeatable)")
	f.BoolVar(&checkDeps, "check-deps", false, "fail when the agent would refuse the catalog: a relationship to a resource not in it, or a dependency cycle")
	stringsVar(f, &classes, "class", "include this class after the main manifest's top-level code, as a class spec does (repeatable)")
	pdb.add(f)
	pf.add(f)
	return cmd
}

// stringsVar defines a repeatable flag whose values are appended to p,
// as pflag's StringArrayVar does (the same help: "--name stringArray"),
// with a value whose String is cheap: StringArrayVar's writes the values
// as CSV, through an encoding/csv writer and its 4 KiB buffer, when the
// flag is defined, ~20k instructions a flag in every run's start (4 flags
// of compile's).
func stringsVar(f *pflag.FlagSet, p *[]string, name, usage string) {
	f.Var(stringsValue{p}, name, usage)
}

// stringsValue is the pflag.Value of a flag stringsVar defined.
type stringsValue struct{ p *[]string }

func (v stringsValue) Set(s string) error { *v.p = append(*v.p, s); return nil }
func (v stringsValue) Type() string       { return "stringArray" }

// String is the values quoted, in brackets; "" for none, which pflag's
// help takes for a default not worth showing (its StringArray's "[]").
func (v stringsValue) String() string {
	if len(*v.p) == 0 {
		return ""
	}
	b := []byte{'['}
	for i, s := range *v.p {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, s)
	}
	return string(append(b, ']'))
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

// onceLogs are a compilation's logs without the warn_once warnings that
// the process logged already (rt.LogEntry.Once; seen holds their keys):
// Puppet logs them once per process, as a puppetserver's JRuby instance
// does across the compiles it serves.
func onceLogs(logs []rt.LogEntry, seen map[string]bool) []rt.LogEntry {
	out := logs[:0:0]
	for _, l := range logs {
		if l.Once != "" {
			if seen[l.Once] {
				continue
			}
			seen[l.Once] = true
		}
		out = append(out, l)
	}
	return out
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

// catalogJSON is a catalog's JSON, indented with pretty (the same
// document: encoding/json.Indent changes only the white space).
func catalogJSON(data []byte, pretty bool) []byte {
	if !pretty {
		return data
	}
	var b bytes.Buffer
	if err := json.Indent(&b, data, "", "  "); err != nil {
		return data // never happens: the writer's JSON is valid
	}
	if !bytes.HasSuffix(b.Bytes(), []byte("\n")) {
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// writeFile writes a catalog so that path never holds part of one. A
// regular file (or a link's target, when it is one) is replaced by
// renaming a complete temporary file over it, with the old file's mode; a
// new file is made whole (startReplace), 0666 less the umask as os.Create
// gives. Anything else (/dev/null, a fifo, a terminal) is written to
// directly: renaming over it would replace the device with a file.
func writeFile(path string, data []byte) error { return writeCatalog(path, data, true, nil) }

// writeCatalog is writeFile; without exists the caller knows that path
// names nothing and is no stream or device (a --facts-dir node's catalog
// whose name the out directory did not have when the run began, the
// directory not under /dev or /proc: specialDir), and nothing looks at
// it: the complete file is put at path as a new one would be. With
// an aio, a regular file (new or replaced) is written past the page cache
// (fileWrite; the directory's file system takes that: directDir).
func writeCatalog(path string, data []byte, exists bool, a *aio) error {
	return startCatalog(path, data, exists, a).end()
}

// startCatalog is writeCatalog up to a direct write in flight: its end
// writes the rest and puts the file in place. data must stay as it is
// until then.
func startCatalog(path string, data []byte, exists bool, a *aio) *fileWrite {
	if !exists {
		return startReplace(path, data, nil, a)
	}
	// /dev/stdout, /dev/fd/N, /proc/self/fd/N name a descriptor this
	// process already has: the catalog goes to it, as with -o -, and not
	// over the file the shell opened for it (which would drop what others
	// wrote to it before).
	if f := openStream(path); f != nil {
		_, err := f.Write(data)
		return &fileWrite{err: err}
	}
	if abs, err := filepath.Abs(path); err == nil && special(abs) {
		// A name under /dev that names nothing yet (a file of a tmpfs
		// such as /dev/shm) is made as any new file is, below.
		if err := writeDirect(path, data); !errors.Is(err, fs.ErrNotExist) {
			return &fileWrite{err: err}
		}
	}
	// Only a link as the last name needs resolving (a link's target is
	// replaced, not the link): a file is replaced through its directories
	// as they are, its temporary file beside it. One lstat then, where a
	// batch of nodes made four system calls per catalog.
	st, err := os.Lstat(path)
	if err == nil && st.Mode()&fs.ModeSymlink != 0 {
		switch target, lerr := filepath.EvalSymlinks(path); {
		case lerr == nil:
			path = target
		case errors.Is(lerr, fs.ErrNotExist):
			// A dangling link: write where the link points.
			if t, lerr := os.Readlink(path); lerr == nil {
				if !filepath.IsAbs(t) {
					t = filepath.Join(filepath.Dir(path), t)
				}
				path = t
			}
		default:
			return &fileWrite{err: lerr}
		}
		st, err = os.Stat(path)
	}
	switch {
	case err == nil && !st.Mode().IsRegular():
		return &fileWrite{err: writeDirect(path, data)}
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return &fileWrite{err: err}
	}
	return startReplace(path, data, st, a) // st nil: path names nothing
}

// special says whether an absolute path is under /dev or /proc, where
// writeCatalog writes to the file that is there.
func special(abs string) bool {
	return strings.HasPrefix(abs, "/dev/") || strings.HasPrefix(abs, "/proc/")
}

// specialDir says whether the files of a directory are special: a
// directory whose path filepath.Abs cannot make counts as one (its files
// then take writeCatalog's whole way, which looks at each).
func specialDir(dir string) bool {
	abs, err := filepath.Abs(dir)
	return err != nil || special(abs+"/")
}

// startReplace starts putting a complete file of data at path, with the
// mode of st, the regular file replaced (nil: a new file): fileWrite.end
// renames a temporary file to it, or gives a new file's unnamed file
// (O_TMPFILE, where the file system makes them) its name. With an aio, its
// whole blocks are written past the page cache (fileWrite).
//
// An unnamed file leaves nothing behind when the process dies before it
// is named, and it takes one change of the directory, where a temporary
// file takes two (its name made, then renamed), each with the directory
// locked. Creating the temporary files and renaming them took 3% of a
// keystone batch's CPU (compile --facts-dir -j 2, 10,000 nodes), 11% right
// after many files of the disk were deleted (ext4 then searches longer
// for a free inode, while the directory is locked); with unnamed files a
// batch of 10,000 small (firewall) catalogs took 11 µs less system time
// a node (the mean of 5 interleaved runs of each).
func startReplace(path string, data []byte, st fs.FileInfo, a *aio) *fileWrite {
	// A new file is created 0666 and the kernel applies the umask, as for
	// os.Create (os.CreateTemp would make it 0600).
	flag := 0
	if a != nil {
		flag = oDirect
	}
	var tmp file
	var err error
	unnamed := st == nil
	if unnamed {
		tmp, flag, err = createUnnamed(path, 0o666, flag)
		unnamed = !errors.Is(err, errors.ErrUnsupported)
	}
	if !unnamed {
		tmp, flag, err = createTemp(path, 0o666, flag)
	}
	if err != nil {
		return &fileWrite{err: err}
	}
	w := &fileWrite{tmp: tmp, open: true, unnamed: unnamed, path: path, st: st, data: data, direct: flag != 0}
	if n := len(data) &^ (directAlign - 1); flag != 0 && n > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(data)))%directAlign == 0 {
		// The file has its size first: a direct write past the end of a
		// file waits for the device even when submitted asynchronously
		// (ext4: IOMAP_DIO_FORCE_WAIT).
		if w.err = tmp.truncate(int64(len(data))); w.err == nil && a.submit(tmp, data[:n]) == nil {
			w.aio = a
		}
		// else (refused: EINVAL, ...) all is written through the page
		// cache by end
	}
	return w
}

// directAlign is what a direct write's memory, offset and length are
// multiples of: a page, which every disk's logical block divides.
const directAlign = 4096

// fileWrite is a catalog file being written (startCatalog): the temporary
// file, and the data, whose whole blocks (when an aio was given and data's
// memory is aligned) are being written from data's memory to the device,
// without a copy into the page cache, while the caller goes on (a batch's
// worker compiles its next node). end writes the rest (less than a block)
// through the page cache and renames the file into place.
//
// Why: writing a catalog into the page cache took new pages of memory, ~80
// for keystone's ~330 kB, and on a virtual machine whose host takes back
// the guest's free memory (free page reporting: this project's VMs), the
// first touch of each faulted to the host: ~1 ms of CPU a catalog, a
// quarter of a batch's. A direct write costs a wait for the device
// instead, which the asynchronous write leaves to the device alone.
type fileWrite struct {
	tmp     file
	open    bool // tmp was made
	unnamed bool // tmp has no name yet (createUnnamed)
	path    string
	st      fs.FileInfo
	data    []byte
	direct  bool // tmp was opened with oDirect
	aio     *aio // the direct write of data's whole blocks in flight, or nil
	err     error
}

// end waits for the direct write in flight, writes the rest of the data
// and puts the complete file in place: names the unnamed file, or renames
// the temporary file (removed on failure).
func (w *fileWrite) end() error {
	if !w.open {
		return w.err
	}
	err, off := w.err, 0
	if w.aio != nil {
		n, werr := w.aio.wait()
		switch {
		case werr == nil:
			off = n
		case !errors.Is(werr, syscall.EINVAL) && err == nil:
			err = werr // else written again through the page cache
		}
	}
	if err == nil && w.direct {
		err = endDirect(w.tmp)
	}
	if err == nil {
		err = w.tmp.writeAt(w.data[off:], int64(off))
	}
	if err == nil && w.st != nil {
		err = w.tmp.chmod(w.st.Mode().Perm())
	}
	if !w.unnamed {
		return renameInto(w.tmp, w.path, err)
	}
	if err == nil {
		err = w.name()
	}
	if cerr := w.tmp.Close(); err == nil {
		err = cerr
	}
	return err // unnamed, the file went with its descriptor on failure
}

// renameInto closes tmp, a temporary file written whole (err: nil, else
// why not), and renames it to path; it removes tmp on failure.
func renameInto(tmp file, path string, err error) error {
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// name gives the complete unnamed file its path. A file made there since
// the batch listed its out directory is replaced, as a rename would: the
// file is named beside it first, then renamed.
func (w *fileWrite) name() error {
	err := linkUnnamed(w.tmp, w.path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		// this process may not name it (Linux before 6.10 links a
		// descriptor's file only for a process that may read any
		// directory, else by its path under /proc, which a chroot may
		// lack): the data again, into a temporary file renamed
		return writeRenamed(w.path, w.data)
	}
	for errors.Is(err, fs.ErrExist) {
		tmp := tempName(w.path)
		if err = linkUnnamed(w.tmp, tmp); err == nil {
			if err = rename(tmp, w.path); err != nil {
				os.Remove(tmp)
			}
		}
	}
	return err
}

// writeRenamed puts a new file of data at path: a temporary file beside
// it, written whole, then renamed.
func writeRenamed(path string, data []byte) error {
	f, _, err := createTemp(path, 0o666, 0)
	if err != nil {
		return err
	}
	return renameInto(f, path, f.writeAt(data, 0))
}

// writeDirect writes to an existing file that is no regular file of a
// directory: a device, a pipe, a file of /proc.
func writeDirect(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// openStream is this process's standard output or error when path names
// it (/dev/stdout, /dev/fd/1, /proc/self/fd/1, ...), or nil.
func openStream(path string) *os.File {
	switch filepath.Clean(path) {
	case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1":
		return os.Stdout
	case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2":
		return os.Stderr
	}
	return nil
}

// createTemp creates a new file beside path, with mode perm less the
// umask, opened with the extra flags flag (oDirect or 0), and says with
// which: a file system that refuses oDirect (EINVAL: path a link to a file
// elsewhere) has the file opened without.
func createTemp(path string, perm fs.FileMode, flag int) (file, int, error) {
	for {
		name := tempName(path)
		f, err := openFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL|flag, perm)
		if flag != 0 && errors.Is(err, syscall.EINVAL) {
			// the kernel made the file before it refused the flag
			os.Remove(name)
			flag = 0
			continue
		}
		if !errors.Is(err, fs.ErrExist) {
			return f, flag, err
		}
	}
}

// tempName is a name for a temporary file beside path.
func tempName(path string) string {
	return filepath.Join(filepath.Dir(path), fmt.Sprintf(".%s.%d.tmp", filepath.Base(path), rand.Uint32()))
}

// factsFiles are the names of the facts files of dir (NAME.json,
// NAME.yaml, NAME.yml: the node NAME's), sorted.
func factsFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() && (strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) {
			files = append(files, name)
		}
	}
	sort.Strings(files)
	return files, nil
}

// compileDir compiles every node of a facts directory in parallel. Log
// lines name their node; the last line is a summary.
func compileDir(stderr io.Writer, p *rt.Program, factsDir, outDir string, jobs int, shown int, pretty, checkDeps bool) error {
	start := time.Now()
	files, err := factsFiles(factsDir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	// the names the out directory has: a node's catalog of another name is
	// written as a new file (writeCatalog), with a system call less
	had := map[string]bool{}
	outs, err := os.ReadDir(outDir)
	if err != nil {
		return err
	}
	for _, e := range outs {
		had[e.Name()] = true
	}
	// A catalog of a name the out directory did not have is a new regular
	// file (unless the directory is under /dev or /proc): writeCatalog
	// writes it without a look at its path (filepath.Abs: a getwd, which
	// is two stats, for each catalog).
	plainDir := !specialDir(outDir)
	direct := plainDir && directDir(outDir)
	if jobs < 1 {
		jobs = 1
	}
	batch.Prefault()
	bar := newProgress(stderr, len(files))
	var failed atomic.Int32
	var mu sync.Mutex // serializes output to stderr
	// Each worker takes the next file by this count, not from a channel
	// the main goroutine fills: each of a channel's handoffs woke a
	// goroutine (a futex wake-up and context switches a node).
	var taken atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < jobs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var fr factsReader // this worker's: nodes' facts share values
			// report prints what a node logged and its error, if any.
			report := func(node string, res *rt.Result, err error) {
				mu.Lock()
				defer mu.Unlock()
				bar.clear()
				if res != nil {
					printLogs(prefixed{stderr, "[" + node + "] "}, res.Logs, shown)
				}
				if err != nil {
					failed.Add(1)
					fmt.Fprintf(stderr, "Error: %s: %v\n", node, err)
				}
				bar.step()
			}
			// The catalog this worker writes while it compiles the next
			// node (its direct write in flight: fileWrite); the node is
			// reported once it is written.
			var a *aio // nil: catalogs go through the page cache
			if direct {
				a = newAIO()
				defer a.close()
			}
			var writing *nodeWrite
			finish := func() {
				if writing != nil {
					err := writing.file.end()
					writing.res.Release()
					report(writing.node, writing.res, err)
					writing = nil
				}
			}
			for {
				i := int(taken.Add(1)) - 1
				if i >= len(files) {
					break
				}
				batch.Regrow()
				name := files[i]
				node := strings.TrimSuffix(name, filepath.Ext(name))
				facts, digest, err := fr.load(filepath.Join(factsDir, name))
				var res *rt.Result
				if err == nil {
					res = rt.CompileWith(p, &rt.Node{Name: node, Facts: facts, FactsDigest: digest})
					if res.Err == nil && checkDeps {
						res.Err = depsError(res)
					}
					if res.Err == nil {
						finish() // the aio's one write in flight
						name := node + ".json"
						file := startCatalog(filepath.Join(outDir, name), catalogJSON(res.JSON, pretty), had[name] || !plainDir, a)
						res.ReleaseCatalog() // only its JSON is written from now on
						writing = &nodeWrite{node: node, res: res, file: file}
						continue
					}
					err = res.Err
				}
				finish()
				report(node, res, err)
			}
			finish()
		}()
	}
	wg.Wait()
	bar.done()
	if n := failed.Load(); n > 0 {
		return fmt.Errorf("%d of %d nodes failed to compile", n, len(files))
	}
	fmt.Fprintf(stderr, "Compiled %s in %.1fs\n", nodeCount(len(files)), time.Since(start).Seconds())
	return nil
}

// nodeWrite is a node's catalog being written (compileDir): its result is
// released once the file is written.
type nodeWrite struct {
	node string
	res  *rt.Result
	file *fileWrite
}

func nodeCount(n int) string {
	if n == 1 {
		return "1 node"
	}
	return fmt.Sprintf("%d nodes", n)
}

// prefixed writes each line with a prefix (printLogs writes a line at a
// time).
type prefixed struct {
	w      io.Writer
	prefix string
}

func (p prefixed) Write(b []byte) (int, error) {
	if _, err := io.WriteString(p.w, p.prefix+string(b)); err != nil {
		return 0, err
	}
	return len(b), nil
}

// progress is a one-line progress bar on a terminal (nothing otherwise).
type progress struct {
	w        io.Writer
	total, n int
	tty      bool
}

func newProgress(w io.Writer, total int) *progress {
	tty := false
	if f, ok := w.(*os.File); ok {
		st, err := f.Stat()
		tty = err == nil && st.Mode()&os.ModeCharDevice != 0
	}
	return &progress{w: w, total: total, tty: tty}
}

func (p *progress) clear() {
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

func (p *progress) step() {
	p.n++
	if !p.tty {
		return
	}
	const width = 30
	filled := width * p.n / max(p.total, 1)
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d nodes", strings.Repeat("#", filled), strings.Repeat(".", width-filled), p.n, p.total)
}

func (p *progress) done() {
	if p.tty && p.total > 0 {
		fmt.Fprintln(p.w)
	}
}

// depsError is the agent's error when it would refuse to apply the
// catalog (catgraph.Graph.Check), or nil.
func depsError(res *rt.Result) error {
	if msg := catgraph.New(res.Catalog, catgraph.Applied).Check(); msg != "" {
		return errors.New(msg)
	}
	return nil
}

// varName is a variable name --var accepts: an unqualified one, as a
// top-level assignment takes.
var varName = lazyre.New(`^[a-z_][a-zA-Z0-9_]*$`)
