package codegen

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"runtime"
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

// formatRecord is the name of the record in a generated module's directory.
const formatRecord = ".pp2go-format"

// formatVersion heads the record: another version of the record or of Go
// (whose go/format made the files) makes the record unusable.
var formatVersion = "pp2go format record 1 " + runtime.Version()

type formatSum struct{ raw, out [sha256.Size]byte }

// formatter formats generated files, reusing an earlier generation's.
type formatter struct {
	dir  string               // the earlier generation's directory
	prev map[string]formatSum // its record, by file
	mu   sync.Mutex
	sums map[string]formatSum // this generation's record
	read map[string]bool      // the files read back from dir
}

// newFormatter reads the record of the generation in dir, if any: a
// missing or unreadable record only means that every file is formatted.
func newFormatter(dir string) *formatter {
	f := &formatter{dir: dir, sums: map[string]formatSum{}, read: map[string]bool{}}
	if dir == "" {
		return f
	}
	b, err := os.ReadFile(filepath.Join(dir, formatRecord))
	if err != nil {
		return f
	}
	head, rest, _ := bytes.Cut(b, []byte("\n"))
	if string(head) != formatVersion {
		return f
	}
	f.prev = map[string]formatSum{}
	sc := bufio.NewScanner(bytes.NewReader(rest))
	for sc.Scan() {
		fields := strings.SplitN(sc.Text(), " ", 3)
		var s formatSum
		if len(fields) != 3 || !unhex(s.raw[:], fields[0]) || !unhex(s.out[:], fields[1]) {
			f.prev = nil // a damaged record: none
			break
		}
		f.prev[fields[2]] = s
	}
	return f
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
	s := formatSum{raw: sha256.Sum256(buf.Bytes())}
	out := f.reuse(name, s.raw)
	if out != nil {
		s.out = f.prev[name].out // what reuse found the file's digest is
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
	f.mu.Unlock()
	return out, nil
}

// onDisk reports whether a file is in dir as this generation has it: read
// back from there (Result.Write need not read it again to compare).
func (f *formatter) onDisk(dir, name string) bool {
	return f != nil && f.read[name] && filepath.Clean(dir) == filepath.Clean(f.dir)
}

// reuse returns the earlier generation's formatted file when it was made
// from the same unformatted text and is unchanged on disk, or nil.
func (f *formatter) reuse(name string, raw [sha256.Size]byte) []byte {
	prev, ok := f.prev[name]
	if !ok || prev.raw != raw {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(f.dir, filepath.FromSlash(name)))
	if err != nil || sha256.Sum256(b) != prev.out {
		return nil
	}
	f.mu.Lock()
	f.read[name] = true
	f.mu.Unlock()
	return b
}

// record is the text of this generation's record.
func (f *formatter) record() []byte {
	var b bytes.Buffer
	b.WriteString(formatVersion + "\n")
	for _, name := range sortedKeys(f.sums) {
		s := f.sums[name]
		fmt.Fprintf(&b, "%x %x %s\n", s.raw, s.out, name)
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
	name string
	file *jen.File
}

func newRenderer(f *formatter) *renderer {
	r := &renderer{f: f, jobs: make(chan renderJob, 64), outs: map[string][]byte{}, errs: map[string]error{}}
	for range runtime.GOMAXPROCS(0) {
		r.done.Go(func() {
			for j := range r.jobs {
				out, err := f.render(j.name, j.file)
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
	r.names = append(r.names, name)
	r.jobs <- renderJob{name, file}
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
