package codegen

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/dave/jennifer/jen"
)

// Formatting generated files with go/format is most of a generation's
// time (3 of the 5 s of a 92-module environment), and a rebuild after an
// edit changes a few files. So each file is rendered unformatted first;
// one whose unformatted text is what the earlier generation in the same
// directory formatted is read back from there (Options.Reuse) instead of
// formatted again. The earlier generation's record (formatRecord) names,
// for each file, the digests of its unformatted and formatted texts;
// a file is reused only when its digest on disk is still the recorded one.
//
// After an edit nearly every file is reused, and reading each back to
// hash it was a tenth of a generation (2,700 files opened and read, 15 MB
// allocated). So the record also names each file's inode, size and times
// as Write left it (fileStat): a file whose stat is still the recorded
// one, changed before the record was written (racily clean otherwise, as
// git's index judges), is not read at all; Result.Files holds nil for it.

// formatRecord is the name of the record in a generated module's directory.
const formatRecord = ".pp2go-format"

// formatVersion heads the record: another version of the record or of Go
// (whose go/format made the files) makes the record unusable. Since
// version 3 it lists every file Write wrote, those it copied too.
var formatVersion = "pp2go format record 3 " + runtime.Version()

type formatSum struct {
	raw, out [sha256.Size]byte
	stat     fileStat // as the file was on disk (zero: not known)
}

// formatter formats generated files, reusing an earlier generation's.
type formatter struct {
	dir  string               // the earlier generation's directory
	prev map[string]formatSum // its record, by file
	// written is when the record in dir was written: a file changed
	// since (or in the same tick of the file system's clock) is read
	written int64
	mu      sync.Mutex
	sums    map[string]formatSum // this generation's record
	read    map[string]bool      // the files in dir as this generation has them
	// imports are the import paths of each file rendered, read from its
	// unformatted text (vendorModules needs them of files not read)
	imports map[string][]string
}

// newFormatter reads the record of the generation in dir, if any: a
// missing or unreadable record only means that every file is formatted.
func newFormatter(dir string) *formatter {
	f := &formatter{dir: dir, sums: map[string]formatSum{}, read: map[string]bool{}, imports: map[string][]string{}}
	if dir == "" {
		return f
	}
	name := filepath.Join(dir, formatRecord)
	b, err := os.ReadFile(name)
	if err != nil {
		return f
	}
	if st, ok := statFile(name); ok {
		f.written = st.mtime
	}
	head, rest, _ := bytes.Cut(b, []byte("\n"))
	if string(head) != formatVersion {
		return f
	}
	f.prev = map[string]formatSum{}
	sc := bufio.NewScanner(bytes.NewReader(rest))
	for sc.Scan() {
		fields := strings.SplitN(sc.Text(), " ", 4)
		var s formatSum
		if len(fields) != 4 || !unhex(s.raw[:], fields[0]) || !unhex(s.out[:], fields[1]) || !s.stat.parse(fields[2]) {
			f.prev = nil // a damaged record: none
			break
		}
		f.prev[fields[3]] = s
	}
	return f
}

// fileStat is what a file's stat says of its contents: Linux changes its
// ctime with every write (and nothing sets it back), and a file replaced
// has another inode.
type fileStat struct{ ino, size, mtime, ctime int64 }

func (s fileStat) String() string { return fmt.Sprintf("%d,%d,%d,%d", s.ino, s.size, s.mtime, s.ctime) }

func (s *fileStat) parse(text string) bool {
	n, err := fmt.Sscanf(text, "%d,%d,%d,%d", &s.ino, &s.size, &s.mtime, &s.ctime)
	return err == nil && n == 4
}

func unhex(dst []byte, s string) bool {
	n, err := hex.Decode(dst, []byte(s))
	return err == nil && n == len(dst)
}

// renderBuffers are the buffers files render into, reused: what render
// returns is formatted or read back, never the buffer (grown anew for each
// file, they were a ninth of a generation's allocation).
var renderBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// render renders a file of the module, formatted.
func (f *formatter) render(name string, file *jen.File) ([]byte, error) {
	file.NoFormat = true
	buf := renderBuffers.Get().(*bytes.Buffer)
	defer func() {
		buf.Reset()
		renderBuffers.Put(buf)
	}()
	if err := file.Render(buf); err != nil {
		return nil, fmt.Errorf("generating %s: %w", name, err)
	}
	imports := importsOf(name, buf.Bytes()) // (format.Source reports an error)
	s := formatSum{raw: sha256.Sum256(buf.Bytes())}
	out, st, ok := f.reuse(name, s.raw)
	if ok {
		// what reuse found the file's digest and stat are
		s.out, s.stat = f.prev[name].out, st
	} else {
		var err error
		if out, err = format.Source(buf.Bytes()); err != nil {
			// a pp2go bug: show the source that does not parse
			return nil, fmt.Errorf("generating %s: %w\n%s", name, err, buf.Bytes())
		}
		s.out = sha256.Sum256(out)
	}
	f.mu.Lock()
	f.sums[name] = s
	f.imports[name] = imports
	f.mu.Unlock()
	return out, nil
}

// importsOf is the import paths of a Go file (nil if they do not parse).
func importsOf(name string, src []byte) []string {
	file, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
	if err != nil {
		return nil
	}
	var paths []string
	for _, imp := range file.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil {
			paths = append(paths, p)
		}
	}
	return paths
}

// onDisk reports whether a file is in dir as this generation has it
// (Result.Write need not write it, nor read it to compare).
func (f *formatter) onDisk(dir, name string) bool {
	return f != nil && f.read[name] && filepath.Clean(dir) == filepath.Clean(f.dir)
}

// reuse reports whether the earlier generation's formatted file was made
// from the same unformatted text and is unchanged on disk, with the
// file's stat; it returns the file when it had to read it to tell (nil
// when its stat told).
func (f *formatter) reuse(name string, raw [sha256.Size]byte) ([]byte, fileStat, bool) {
	prev, ok := f.prev[name]
	if !ok || prev.raw != raw {
		return nil, fileStat{}, false
	}
	p := filepath.Join(f.dir, filepath.FromSlash(name))
	st, ok := statFile(p)
	if !ok {
		return nil, fileStat{}, false
	}
	var b []byte
	if !f.clean(st, prev) {
		var err error
		if b, err = os.ReadFile(p); err != nil || sha256.Sum256(b) != prev.out {
			return nil, fileStat{}, false
		}
	}
	f.mu.Lock()
	f.read[name] = true
	f.mu.Unlock()
	return b, st, true
}

// clean reports whether a file's stat tells it is as the record has it:
// the recorded stat, from before the record was written (racily clean
// otherwise, as git's index judges).
func (f *formatter) clean(st fileStat, prev formatSum) bool {
	return st == prev.stat && st.ino != 0 && st.ctime < f.written
}

// unchanged reports whether a file that was not formatted (a module's
// embedded file, a vendored package's) is in dir as b has it, by the
// earlier generation's record of its digest and stat, as reuse judges a
// formatted one; it returns b's digest, which stat records.
func (f *formatter) unchanged(dir, name string, b []byte) (sum [sha256.Size]byte, same bool) {
	if f == nil || filepath.Clean(dir) != filepath.Clean(f.dir) {
		return sum, false
	}
	f.mu.Lock()
	_, formatted := f.sums[name]
	f.mu.Unlock()
	if formatted {
		return sum, false
	}
	sum = sha256.Sum256(b)
	prev, ok := f.prev[name]
	if !ok || prev.out != sum {
		return sum, false
	}
	st, ok := statFile(filepath.Join(dir, filepath.FromSlash(name)))
	if !ok || !f.clean(st, prev) {
		return sum, false
	}
	f.mu.Lock()
	f.sums[name] = formatSum{raw: sum, out: sum, stat: st}
	f.mu.Unlock()
	return sum, true
}

// stat records a file's stat as Write left it in dir, for the record: a
// formatted file's, or a file's that was not formatted (sum is its
// digest, both its texts' in the record).
func (f *formatter) stat(dir, name string, sum [sha256.Size]byte) {
	if f == nil || filepath.Clean(dir) != filepath.Clean(f.dir) || f.read[name] {
		return // stat'ed by reuse
	}
	st, _ := statFile(filepath.Join(dir, filepath.FromSlash(name)))
	f.mu.Lock()
	defer f.mu.Unlock()
	s, formatted := f.sums[name]
	if !formatted {
		s = formatSum{raw: sum, out: sum}
	}
	s.stat = st
	f.sums[name] = s
}

// earlier is the files of dir that the earlier generation's Write
// left there, as its record lists them (all of them, since version 3);
// false when there is no such record.
func (f *formatter) earlier(dir string) ([]string, bool) {
	if f == nil || f.prev == nil || filepath.Clean(dir) != filepath.Clean(f.dir) {
		return nil, false
	}
	return sortedKeys(f.prev), true
}

// record is the text of this generation's record.
func (f *formatter) record() []byte {
	var b bytes.Buffer
	b.WriteString(formatVersion + "\n")
	for _, name := range sortedKeys(f.sums) {
		s := f.sums[name]
		fmt.Fprintf(&b, "%x %x %s %s\n", s.raw, s.out, s.stat, name)
	}
	return b.Bytes()
}

// renderer renders files on every core while generation goes on: a
// module's files are complete once the module is generated (each
// jen.File's render changes only that file's imports).
type renderer struct {
	f     *formatter
	jobs  chan renderJob
	done  sync.WaitGroup
	mu    sync.Mutex
	names []string
	outs  map[string][]byte
	errs  map[string]error
}

type renderJob struct {
	name  string
	build func() *jen.File // the file (add: the one given)
}

func newRenderer(f *formatter) *renderer {
	r := &renderer{f: f, jobs: make(chan renderJob, 64), outs: map[string][]byte{}, errs: map[string]error{}}
	for range runtime.GOMAXPROCS(0) {
		r.done.Go(func() {
			for j := range r.jobs {
				out, err := f.render(j.name, j.build())
				r.mu.Lock()
				r.outs[j.name], r.errs[j.name] = out, err
				r.mu.Unlock()
			}
		})
	}
	return r
}

// add queues a file, by its name in the module.
func (r *renderer) add(name string, file *jen.File) {
	r.addBuilt(name, func() *jen.File { return file })
}

// addBuilt queues a file that build builds as it is rendered, on a core
// of its own: build must read only what no one changes while the
// renderer runs.
func (r *renderer) addBuilt(name string, build func() *jen.File) {
	r.names = append(r.names, name)
	r.jobs <- renderJob{name: name, build: build}
}

// wait waits for the files queued and returns them, or the first queued
// file's error.
func (r *renderer) wait() (map[string][]byte, error) {
	close(r.jobs)
	r.done.Wait()
	for _, name := range r.names {
		if err := r.errs[name]; err != nil {
			return nil, err
		}
	}
	return r.outs, nil
}
