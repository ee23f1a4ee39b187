package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt"
)

// withUmask runs f with the process's umask set to mask.
func withUmask(mask int, f func()) {
	old := syscall.Umask(mask)
	defer syscall.Umask(old)
	f()
}

// onlyFiles lists a directory's names (to see that no temporary file is
// left behind).
func onlyFiles(t *testing.T, dir string) []string {
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFileModes(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "cat.json")
	withUmask(0o027, func() { require.NoError(t, writeFile(p, []byte("one"))) })
	st, err := os.Stat(p)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o640), st.Mode().Perm(), "a new file is 0666 less the umask")

	require.NoError(t, os.Chmod(p, 0o604))
	require.NoError(t, writeFile(p, []byte("two")))
	st, err = os.Stat(p)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o604), st.Mode().Perm(), "an existing file keeps its mode")
	b, _ := os.ReadFile(p)
	require.Equal(t, "two", string(b))
	require.Equal(t, []string{"cat.json"}, onlyFiles(t, dir))
}

func TestWriteFileThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.json")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink("real.json", link))
	require.NoError(t, writeFile(link, []byte("new")))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	require.True(t, fi.Mode()&os.ModeSymlink != 0, "the link stays a link")
	b, _ := os.ReadFile(target)
	require.Equal(t, "new", string(b))

	// A dangling link: the file it names is created.
	dangling := filepath.Join(dir, "dangling.json")
	require.NoError(t, os.Symlink("made.json", dangling))
	require.NoError(t, writeFile(dangling, []byte("made")))
	b, _ = os.ReadFile(filepath.Join(dir, "made.json"))
	require.Equal(t, "made", string(b))
	require.ElementsMatch(t, []string{"real.json", "link.json", "dangling.json", "made.json"}, onlyFiles(t, dir))

	require.Error(t, writeFile(filepath.Join(dir, "no", "such", "dir.json"), []byte("x")))
	require.ElementsMatch(t, []string{"real.json", "link.json", "dangling.json", "made.json"}, onlyFiles(t, dir))
}

// A fifo (and, as root, a null device like /dev/null) is written to, not
// replaced by a regular file.
func TestWriteFileSpecial(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	require.NoError(t, writeFile(fifo, []byte("catalog")))
	require.Equal(t, "catalog", <-got)
	fi, err := os.Lstat(fifo)
	require.NoError(t, err)
	require.True(t, fi.Mode()&os.ModeNamedPipe != 0, "the fifo is still a fifo")

	if os.Geteuid() != 0 {
		t.Log("not root: the null device case is skipped")
		return
	}
	null := filepath.Join(dir, "null")
	require.NoError(t, syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3)) // /dev/null's 1:3
	require.NoError(t, writeFile(null, []byte("catalog")))
	fi, err = os.Lstat(null)
	require.NoError(t, err)
	require.True(t, fi.Mode()&os.ModeCharDevice != 0, "the device is still a device")
	require.Equal(t, []string{"fifo", "null"}, onlyFiles(t, dir))
}

// A file under /dev that does not exist yet (/dev/shm's tmpfs) is made, as
// a batch's catalogs there are: the special-file way opens what is there.
func TestWriteFileNewUnderDev(t *testing.T) {
	if fi, err := os.Stat("/dev/shm"); err != nil || !fi.IsDir() {
		t.Skip("no /dev/shm")
	}
	dir, err := os.MkdirTemp("/dev/shm", "pp2go-test")
	if err != nil {
		t.Skipf("/dev/shm: %v", err)
	}
	defer os.RemoveAll(dir)
	require.True(t, specialDir(dir))
	path := filepath.Join(dir, "node.json")
	require.NoError(t, writeCatalog(path, []byte("catalog"), true, nil))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "catalog", string(b))
	require.NoError(t, writeFile(path, []byte("again")))
	b, err = os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "again", string(b))
	require.Error(t, writeFile(filepath.Join(dir, "no", "such.json"), []byte("x")))
	require.Equal(t, []string{"node.json"}, onlyFiles(t, dir))
}

// -o /dev/stdout writes to the process's standard output, whatever the
// shell made it (a file that others write to as well, here a pipe).
func TestWriteFileStdout(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	old := os.Stdout
	os.Stdout = w
	defer func() { os.Stdout = old }()
	require.NoError(t, writeFile("/dev/stdout", []byte("catalog")))
	os.Stdout = old
	w.Close()
	b, _ := io.ReadAll(r)
	require.Equal(t, "catalog", string(b))
}

func TestCatalogJSONPretty(t *testing.T) {
	raw := []byte(`{"tags":["a","b"],"name":"web1","resources":[{"type":"Class","parameters":{"x":"<&>\u00e9"}}]}` + "\n")
	require.Equal(t, raw, catalogJSON(raw, false))
	pretty := catalogJSON(raw, true)
	require.Equal(t, "{\n  \"tags\": [\n    \"a\",\n    \"b\"\n  ],\n  \"name\": \"web1\",\n  \"resources\": [\n    {\n      \"type\": \"Class\",\n"+
		"      \"parameters\": {\n        \"x\": \"<&>\\u00e9\"\n      }\n    }\n  ]\n}\n", string(pretty), "white space changes, nothing else")
	var compact bytes.Buffer
	require.NoError(t, json.Compact(&compact, pretty))
	require.Equal(t, strings.TrimSpace(string(raw)), compact.String())
}

// compileDir prefixes each log line with its node and ends with a summary.
func TestCompileDirSummary(t *testing.T) {
	p := rt.NewProgram("production")
	p.AddCoreTypes()
	p.AddMain(func(s *rt.Scope) {
		s.Log("warning", "hello from "+s.NodeName())
		if strings.HasPrefix(s.NodeName(), "bad") {
			rt.Fail("broken node")
		}
	})
	p.Finish()
	facts := t.TempDir()
	for _, n := range []string{"a", "b"} {
		require.NoError(t, os.WriteFile(filepath.Join(facts, n+".json"), []byte(`{"os":{"family":"Debian"}}`), 0o644))
	}
	out := t.TempDir()
	var stderr bytes.Buffer
	require.NoError(t, compileDir(&stderr, p, facts, out, 2, logsFrom(false, false, false), true, false))
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	require.Len(t, lines, 3, stderr.String())
	require.ElementsMatch(t, []string{"[a] Warning: Scope(Class[main]): hello from a", "[b] Warning: Scope(Class[main]): hello from b"}, lines[:2])
	require.Regexp(t, regexp.MustCompile(`^Compiled 2 nodes in \d+\.\ds$`), lines[2])
	b, err := os.ReadFile(filepath.Join(out, "a.json"))
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(b, []byte("{\n  \"")), "--pretty applies to --facts-dir too")

	require.NoError(t, os.WriteFile(filepath.Join(facts, "bad.json"), []byte(`{}`), 0o644))
	stderr.Reset()
	err = compileDir(&stderr, p, facts, out, 1, logsFrom(false, false, false), false, false)
	require.EqualError(t, err, "1 of 3 nodes failed to compile")
	require.Contains(t, stderr.String(), "[bad] Warning: Scope(Class[main]): hello from bad\nError: bad: broken node")
	_, err = os.Stat(filepath.Join(out, "bad.json"))
	require.True(t, os.IsNotExist(err), "a failed node writes nothing")
}

// compileDir writes a catalog the out directory did not have as a new file
// (no lstat), and one it had as writeFile does: a file's mode is kept, a
// link's target written.
func TestCompileDirOutFiles(t *testing.T) {
	p := rt.NewProgram("production")
	p.AddCoreTypes()
	p.AddMain(func(s *rt.Scope) {})
	p.Finish()
	facts, out, elsewhere := t.TempDir(), t.TempDir(), t.TempDir()
	for _, n := range []string{"new", "kept", "linked"} {
		require.NoError(t, os.WriteFile(filepath.Join(facts, n+".json"), []byte(`{}`), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(out, "kept.json"), []byte("old"), 0o600))
	target := filepath.Join(elsewhere, "target.json")
	require.NoError(t, os.Symlink(target, filepath.Join(out, "linked.json")))
	withUmask(0o022, func() {
		require.NoError(t, compileDir(io.Discard, p, facts, out, 2, -1, false, false))
	})
	require.ElementsMatch(t, []string{"kept.json", "linked.json", "new.json"}, onlyFiles(t, out))
	for name, mode := range map[string]os.FileMode{"new.json": 0o644, "kept.json": 0o600} {
		st, err := os.Stat(filepath.Join(out, name))
		require.NoError(t, err)
		require.Equal(t, mode, st.Mode().Perm(), name)
		b, err := os.ReadFile(filepath.Join(out, name))
		require.NoError(t, err)
		require.True(t, bytes.HasPrefix(b, []byte(`{"tags":`)), name)
	}
	st, err := os.Lstat(filepath.Join(out, "linked.json"))
	require.NoError(t, err)
	require.True(t, st.Mode()&os.ModeSymlink != 0, "the link stays a link")
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(b, []byte(`{"tags":`)))
}

// specialDir tells the directories whose files writeCatalog writes to as
// they are (under /dev or /proc, however the path is spelled): compileDir
// writes the catalogs of other directories' new names straight to a new
// file, put in place when complete.
func TestSpecialDir(t *testing.T) {
	for _, dir := range []string{"/dev", "/dev/", "/dev/fd", "/proc/self/fd", "/dev/../proc"} {
		require.True(t, specialDir(dir), dir)
	}
	for _, dir := range []string{t.TempDir(), "/devices", "/procedures/x", "/"} {
		require.False(t, specialDir(dir), dir)
	}
	t.Chdir("/dev")
	require.True(t, specialDir("."), "relative to a working directory under /dev")
	require.True(t, specialDir("fd"))
	require.False(t, specialDir("../tmp"))
}
