package codegen

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dave/jennifer/jen"
	"github.com/stretchr/testify/require"
)

// TestFormatReuseByStat: a file the record describes, whose stat is still
// the recorded one and older than the record, is reused without being
// read (render returns nil, and Write of the result elsewhere copies it);
// one changed in the tick the record was written, or replaced, is read
// and judged by its digest.
func TestFormatReuseByStat(t *testing.T) {
	const name, formatted = "p/p.go", "package p\n\nvar X = \"a\"\n"
	dir := t.TempDir()
	path, record := filepath.Join(dir, name), filepath.Join(dir, formatRecord)
	first := newFormatter(dir)
	out, err := first.render(name, varFile("a"))
	require.NoError(t, err)
	require.NoError(t, (&Result{Files: map[string][]byte{name: out}, formats: first}).Write(dir))
	st, ok := statFile(path)
	require.True(t, ok)
	require.Equal(t, st, first.sums[name].stat, "the record has the file's stat as Write left it")
	// the record written in a later tick of the file system's clock
	recordAt := func(nsec int64) {
		require.NoError(t, os.Chtimes(record, time.Time{}, time.Unix(0, nsec)))
	}
	recordAt(st.ctime + int64(time.Second))

	again := newFormatter(dir)
	out, err = again.render(name, varFile("a"))
	require.NoError(t, err)
	require.Nil(t, out, "not read")
	require.True(t, again.onDisk(dir, name))
	require.Equal(t, st, again.sums[name].stat)
	require.Contains(t, again.imports, name, "its imports read from its unformatted text")
	elsewhere := t.TempDir()
	require.NoError(t, (&Result{Files: map[string][]byte{name: nil}, formats: again}).Write(elsewhere))
	b, err := os.ReadFile(filepath.Join(elsewhere, name))
	require.NoError(t, err)
	require.Equal(t, formatted, string(b))

	// a file that may have changed as the record was written is read
	recordAt(st.ctime)
	out, err = newFormatter(dir).render(name, varFile("a"))
	require.NoError(t, err)
	require.Equal(t, formatted, string(out))

	// a file replaced by one of the same size is read, and formatted again
	stand := []byte("package p\n\nvar X = \"b\"\n")
	require.Len(t, stand, len(formatted))
	require.NoError(t, os.WriteFile(path+".new", stand, 0o644))
	require.NoError(t, os.Rename(path+".new", path))
	recordAt(st.ctime + int64(time.Second))
	out, err = newFormatter(dir).render(name, varFile("a"))
	require.NoError(t, err)
	require.Equal(t, formatted, string(out))
}

// TestFormatImports: the formatter keeps each rendered file's import
// paths, which vendorModules reads for files it did not read.
func TestFormatImports(t *testing.T) {
	f := jen.NewFile("p")
	f.Var().Id("X").Op("=").Qual("github.com/spf13/cobra", "Command").Values()
	f.Var().Id("Y").Op("=").Qual("strings", "ToUpper").Call(jen.Lit("y"))
	fm := newFormatter("")
	_, err := fm.render("p/p.go", f)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"github.com/spf13/cobra", "strings"}, fm.imports["p/p.go"])
}

// TestWriteCopiedByStat: a file Write copies without formatting it (a
// module's embedded file) is in the record with its digest and stat; the
// next Write leaves it as it is when its stat is still the recorded one,
// without reading it, and writes it again when it was changed on disk or
// its content changed.
func TestWriteCopiedByStat(t *testing.T) {
	const name = "modules/m/tree/files/a.conf"
	dir := t.TempDir()
	path, record := filepath.Join(dir, filepath.FromSlash(name)), filepath.Join(dir, formatRecord)
	write := func(content string) *formatter {
		f := newFormatter(dir)
		require.NoError(t, (&Result{Files: map[string][]byte{name: []byte(content)}, formats: f}).Write(dir))
		st, ok := statFile(record)
		require.True(t, ok)
		// the record written in a later tick of the file system's clock
		require.NoError(t, os.Chtimes(record, time.Time{}, time.Unix(0, st.ctime+int64(time.Second))))
		return f
	}
	contents := func() string {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		return string(b)
	}
	first := write("one\n")
	st, ok := statFile(path)
	require.True(t, ok)
	require.Equal(t, st, first.sums[name].stat, "the record has the file's stat as Write left it")

	// unchanged: not read (unchanged judges by the record alone) nor written
	f := newFormatter(dir)
	_, same := f.unchanged(dir, name, []byte("one\n"))
	require.True(t, same)
	write("one\n")
	again, _ := statFile(path)
	require.Equal(t, st, again, "the file is left as it was")

	// changed on disk, the same size: written again
	require.NoError(t, os.WriteFile(path+".new", []byte("two\n"), 0o644))
	require.NoError(t, os.Rename(path+".new", path))
	_, same = newFormatter(dir).unchanged(dir, name, []byte("one\n"))
	require.False(t, same)
	write("one\n")
	require.Equal(t, "one\n", contents())

	// its content changed: written
	write("three\n")
	require.Equal(t, "three\n", contents())
}

// TestWriteRemovesStale: Write removes the files an earlier generation
// wrote that this one does not have: those the earlier generation's record
// lists, or with no record, generated Go files and files of a module's
// compiled directories found in the directory; another file stays.
func TestWriteRemovesStale(t *testing.T) {
	const kept, dropped, droppedGo = "modules/m/tree/files/kept.conf", "modules/m/tree/files/dropped.conf", "old/old.go"
	files := map[string][]byte{kept: []byte("k\n"), dropped: []byte("d\n"), droppedGo: []byte("// Code generated by pp2go; DO NOT EDIT.\n\npackage old\n")}
	for _, withRecord := range []bool{true, false} {
		dir := t.TempDir()
		require.NoError(t, (&Result{Files: files, formats: newFormatter(dir)}).Write(dir))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine\n"), 0o644))
		if !withRecord {
			require.NoError(t, os.Remove(filepath.Join(dir, formatRecord)))
		}
		f := newFormatter(dir)
		_, ok := f.earlier(dir)
		require.Equal(t, withRecord, ok)
		require.NoError(t, (&Result{Files: map[string][]byte{kept: []byte("k\n")}, formats: f}).Write(dir))
		for _, name := range []string{dropped, droppedGo} {
			require.NoFileExists(t, filepath.Join(dir, filepath.FromSlash(name)), "record: %v", withRecord)
		}
		for _, name := range []string{kept, "notes.txt", formatRecord} {
			require.FileExists(t, filepath.Join(dir, filepath.FromSlash(name)), "record: %v", withRecord)
		}
	}
}
