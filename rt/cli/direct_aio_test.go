//go:build linux && (amd64 || arm64)

package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// A catalog written with an aio (startCatalog, fileWrite.end) is the
// catalog, at every length, from aligned memory or not, new or replacing a
// file (whose mode it keeps); its whole blocks went past the page cache
// (not in it afterwards, which is the point: no new page of memory a
// block), and the write was in flight while the caller went on.
func TestWriteCatalogDirect(t *testing.T) {
	dir := t.TempDir()
	if !directDir(dir) {
		t.Skip("the test's directory is on a file system without direct writes")
	}
	require.False(t, directDir("/proc"), "no direct writes to /proc")
	a := newAIO()
	require.NotNil(t, a)
	defer a.close()
	// memory aligned as a large object of Go's heap is (and as the catalog
	// writer's buffers are)
	mem := make([]byte, 3*directAlign*20)
	off := int((directAlign - uintptr(unsafe.Pointer(&mem[0]))%directAlign) % directAlign)
	for i := range mem {
		mem[i] = byte('a' + i%26)
	}
	path := filepath.Join(dir, "cat.json")
	for _, c := range []struct {
		start, n int
		exists   bool
	}{{off, 0, false}, {off, 100, true}, {off, directAlign, true}, {off, directAlign + 1, true}, {off, 20*directAlign + 17, true}, {off + 8, 5*directAlign + 3, true}, {off, 2 * directAlign, true}} {
		data := mem[c.start : c.start+c.n]
		w := startCatalog(path, data, c.exists, a)
		require.NoError(t, w.err)
		require.Equal(t, c.n >= directAlign && c.start == off, w.aio != nil, "%d bytes at %d: a direct write in flight", c.n, c.start)
		require.NoError(t, w.end())
		if c.n == 20*directAlign+17 {
			require.Equal(t, 1, cachedPages(t, path), "only the last, partial block went through the page cache")
			require.NoError(t, os.Chmod(path, 0o604))
		}
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		require.True(t, bytes.Equal(data, b), "%d bytes at %d", c.n, c.start)
	}
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o604), st.Mode().Perm(), "a replaced file keeps its mode")
	require.Equal(t, []string{"cat.json"}, onlyFiles(t, dir), "no temporary file left")

	// without an aio: through the page cache, whole
	data := mem[off : off+20*directAlign+17]
	require.NoError(t, writeCatalog(path, data, true, nil))
	require.Equal(t, 21, cachedPages(t, path))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, bytes.Equal(data, b))
}

// cachedPages is how many of a file's pages are in the page cache.
func cachedPages(t *testing.T, path string) int {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	st, err := f.Stat()
	require.NoError(t, err)
	m, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	require.NoError(t, err)
	defer syscall.Munmap(m)
	vec := make([]byte, (len(m)+os.Getpagesize()-1)/os.Getpagesize())
	_, _, errno := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(&m[0])), uintptr(len(m)), uintptr(unsafe.Pointer(&vec[0])))
	require.Zero(t, errno)
	n := 0
	for _, v := range vec {
		n += int(v & 1)
	}
	return n
}

// createTemp opens the file without the flag a file system refuses with
// EINVAL (a catalog's name may link to a file on one that takes no direct
// writes), and leaves no other file behind. (O_DIRECTORY with O_CREAT
// stands for such a flag: Linux 6.4 and later refuse it with EINVAL.)
func TestCreateTempRefusedFlag(t *testing.T) {
	dir := t.TempDir()
	var u syscall.Utsname
	require.NoError(t, syscall.Uname(&u))
	var major, minor int
	fmt.Sscanf(unsafe.String((*byte)(unsafe.Pointer(&u.Release[0])), len(u.Release)), "%d.%d", &major, &minor)
	if major < 6 || major == 6 && minor < 4 {
		t.Skipf("Linux %d.%d takes O_DIRECTORY with O_CREAT", major, minor)
	}
	f, flag, err := createTemp(filepath.Join(dir, "cat.json"), 0o666, syscall.O_DIRECTORY)
	require.NoError(t, err)
	defer f.Close()
	require.Zero(t, flag)
	require.NoError(t, f.writeAt([]byte("x"), 0))
	require.Equal(t, []string{filepath.Base(f.Name())}, onlyFiles(t, dir))
}

// wait takes a write's event from the context's ring without a system
// call once the write has ended (reap), each event once, across several
// turns of the ring; the kernel sees the events taken (io_getevents finds
// none after) and takes submissions all along.
func TestAIOReap(t *testing.T) {
	dir := t.TempDir()
	if !directDir(dir) {
		t.Skip("the test's directory is on a file system without direct writes")
	}
	a := newAIO()
	require.NotNil(t, a)
	defer a.close()
	r := a.ring
	require.EqualValues(t, aioRingMagic, r.magic, "a ring of the layout reap reads")
	require.NotZero(t, r.nr)
	mem := make([]byte, 2*directAlign)
	off := int((directAlign - uintptr(unsafe.Pointer(&mem[0]))%directAlign) % directAlign)
	data := mem[off : off+directAlign]
	f, err := openFile(filepath.Join(dir, "f"), os.O_RDWR|os.O_CREATE|syscall.O_DIRECT, 0o644)
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, f.truncate(directAlign))
	var ev ioEvent
	for i := 0; i < 3*int(r.nr)+2; i++ {
		data[0] = byte(i)
		require.NoError(t, a.submit(f, data))
		deadline := time.Now().Add(10 * time.Second)
		for !a.reap(&ev) {
			require.True(t, time.Now().Before(deadline), "write %d: no event in the ring", i)
			time.Sleep(50 * time.Microsecond)
		}
		require.EqualValues(t, directAlign, ev.res, "write %d", i)
		require.False(t, a.reap(&ev), "write %d: its event is taken once", i)
		// A signal (the Go runtime preempts with SIGURG) interrupts the
		// call before it looks: ask again, as wait does.
		var n uintptr
		errno := syscall.EINTR
		for errno == syscall.EINTR {
			zero := syscall.Timespec{}
			n, _, errno = syscall.Syscall6(syscall.SYS_IO_GETEVENTS, a.ctx(), 0, 1, uintptr(unsafe.Pointer(&ev)), uintptr(unsafe.Pointer(&zero)), 0)
		}
		require.Zero(t, errno)
		require.Zero(t, n, "write %d: the kernel finds an event that reap took", i)
	}
	b, err := os.ReadFile(f.Name())
	require.NoError(t, err)
	require.Equal(t, byte(3*int(r.nr)+1), b[0])
}

// A new catalog is an unnamed file until it is complete: the directory
// shows nothing while it is written, and the file has the name and the
// mode (0666 less the umask) of one os.Create makes. A file made at the
// name meanwhile (since a batch listed its out directory) is replaced, as
// a rename replaces it, with no other file left behind.
func TestUnnamedCatalog(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "cat.json")
	var w *fileWrite
	withUmask(0o027, func() { w = startCatalog(p, []byte("one"), false, nil) })
	require.NoError(t, w.err)
	if !w.unnamed {
		t.Skip("the test's directory is on a file system without unnamed files")
	}
	require.Empty(t, onlyFiles(t, dir), "nothing named before the file is complete")
	require.NoError(t, w.end())
	st, err := os.Stat(p)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o640), st.Mode().Perm())
	b, _ := os.ReadFile(p)
	require.Equal(t, "one", string(b))

	w = startCatalog(filepath.Join(dir, "raced.json"), []byte("two"), false, nil)
	require.True(t, w.unnamed)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "raced.json"), []byte("other"), 0o600))
	require.NoError(t, w.end())
	b, _ = os.ReadFile(filepath.Join(dir, "raced.json"))
	require.Equal(t, "two", string(b))
	require.Equal(t, []string{"cat.json", "raced.json"}, onlyFiles(t, dir))
}

// linkUnnamed names the file through /proc/self/fd where the descriptor
// itself may not be linked (AT_EMPTY_PATH without CAP_DAC_READ_SEARCH
// before Linux 6.10): the fallback works on its own.
func TestLinkUnnamedThroughProc(t *testing.T) {
	dir := t.TempDir()
	f, _, err := createUnnamed(filepath.Join(dir, "x.json"), 0o666, 0)
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip("the test's directory is on a file system without unnamed files")
	}
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, f.writeAt([]byte("x"), 0))
	proc, _ := syscall.BytePtrFromString("/proc/self/fd/" + strconv.Itoa(f.fd))
	np, _ := syscall.BytePtrFromString(filepath.Join(dir, "x.json"))
	require.Zero(t, linkat(atFDCWD, proc, uintptr(unsafe.Pointer(np)), atSymlinkFollow))
	b, _ := os.ReadFile(filepath.Join(dir, "x.json"))
	require.Equal(t, "x", string(b))
}

// A file that cannot be named (here a deleted file's descriptor: as where
// neither the descriptor nor /proc may be linked) is written again into
// a temporary file renamed to the catalog's name, which leaves nothing
// else behind.
func TestUnnamedCannotBeNamed(t *testing.T) {
	dir := t.TempDir()
	gone, _, err := createTemp(filepath.Join(dir, "gone"), 0o666, 0)
	require.NoError(t, err)
	require.NoError(t, os.Remove(gone.Name()))
	w := &fileWrite{tmp: gone, open: true, unnamed: true, path: filepath.Join(dir, "cat.json"), data: []byte("catalog")}
	require.NoError(t, w.end())
	b, err := os.ReadFile(filepath.Join(dir, "cat.json"))
	require.NoError(t, err)
	require.Equal(t, "catalog", string(b))
	require.Equal(t, []string{"cat.json"}, onlyFiles(t, dir))
}
