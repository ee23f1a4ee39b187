package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGoBuild: go build makes the binary after the line that counts the
// packages (go list's count, recorded for the next build of the same
// packages); a module go list cannot read fails with go list's words, one
// go build cannot build with go build's, and no binary.
func TestGoBuild(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("go.mod", "module x\n\ngo 1.26\n")
	write("main.go", "package main\n\nfunc main() {}\n")
	bin := filepath.Join(t.TempDir(), "x")
	var out bytes.Buffer
	require.NoError(t, goBuild(&out, dir, bin))
	require.Regexp(t, `^Building \d+ Go packages with go build`, out.String())
	require.FileExists(t, bin)
	n, ok := recordedPackages(dir, packagesKey(dir))
	require.True(t, ok)
	require.Contains(t, out.String(), fmt.Sprintf("Building %d Go packages", n))

	// the same packages: the recorded count, no go list
	recordPackages(dir, packagesKey(dir), 12345)
	out.Reset()
	require.NoError(t, goBuild(&out, dir, bin))
	require.Contains(t, out.String(), "Building 12345 Go packages")

	write("main.go", "package main\n\nimport _ \"x/nope\"\n\nfunc main() {}\n")
	bin = filepath.Join(t.TempDir(), "x")
	out.Reset()
	err := goBuild(&out, dir, bin)
	require.ErrorContains(t, err, "go build failed")
	require.ErrorContains(t, err, "x/nope")
	require.NoFileExists(t, bin)

	// another package: go list again
	write("sub/sub.go", "package sub\n")
	out.Reset()
	err = goBuild(&out, dir, bin)
	require.ErrorContains(t, err, "go list: ")
	require.ErrorContains(t, err, "x/nope")
	require.Empty(t, out.String())
	require.NoFileExists(t, bin)
}

// TestGoBuildNoAsyncPreemption: a binary pp2go builds has no asynchronous
// preemption and no heap profiling by default (codegen.BinaryGODEBUG), and
// GODEBUG restores them. A
// goroutine spins in a loop without calls while main collects: the
// collector, which stops every goroutine, waits for the loop's end without
// asynchronous preemption and interrupts it with.
func TestGoBuildNoAsyncPreemption(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(`package main

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"time"
)

var n uint64

func main() {
	runtime.GOMAXPROCS(2)
	var spun atomic.Int64 // when the loop ended
	go func() {
		for i := uint64(0); i < 1<<30; i++ { // no call: no preemption point
			n = n*31 + i
		}
		spun.Store(time.Now().UnixNano())
	}()
	time.Sleep(20 * time.Millisecond)
	runtime.GC()
	collected := time.Now().UnixNano()
	for spun.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	if n == 0 { // never: runtime.MemProfile linked, as in a catalog binary (else the runtime turns profiling off)
		runtime.MemProfile(nil, false)
	}
	fmt.Println(collected > spun.Load(), n != 1, rate)
}

// rate is the heap profiling rate as the process started (its packages'
// variables are initialized before any init function runs)
var rate = runtime.MemProfileRate
`), 0o644))
	bin := filepath.Join(t.TempDir(), "x")
	var out bytes.Buffer
	require.NoError(t, goBuild(&out, dir, bin))
	run := func(env ...string) string {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), env...)
		b, err := cmd.Output()
		require.NoError(t, err)
		return strings.TrimSpace(string(b))
	}
	require.Equal(t, "true true 0", run("GODEBUG="), "the collection waited for the loop; no heap profiling")
	require.Equal(t, "false true 0", run("GODEBUG=asyncpreemptoff=0"), "the loop was preempted")
	require.Equal(t, "true true 4096", run("GODEBUG=memprofilerate=4096"), "heap profiling from the start")
}
