package codegen

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/dave/jennifer/jen"
	"github.com/stretchr/testify/require"
)

// TestFormatReuse: a file whose unformatted text an earlier generation
// formatted is read back from that generation's directory, only while it
// is the file the record describes; anything else is formatted again.
func TestFormatReuse(t *testing.T) {
	const name = "p/p.go"
	dir := t.TempDir()
	first := newFormatter(dir)
	out, err := first.render(name, varFile("a"))
	require.NoError(t, err)
	require.Equal(t, "package p\n\nvar X = \"a\"\n", string(out))
	res := &Result{Files: map[string][]byte{name: out}, formats: first}
	require.NoError(t, res.Write(dir))

	// what is on disk is taken as it is: a stand-in with the record's
	// digest shows that it was read, not formatted
	stand := []byte("package p\n\nvar X = \"a\" // read back\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), stand, 0o644))
	s := first.sums[name]
	s.out = sha256.Sum256(stand)
	first.sums[name] = s
	require.NoError(t, os.WriteFile(filepath.Join(dir, formatRecord), first.record(), 0o644))
	again := newFormatter(dir)
	out, err = again.render(name, varFile("a"))
	require.NoError(t, err)
	require.Equal(t, string(stand), string(out))
	// and recorded with its digest, for the generation after
	require.Equal(t, sha256.Sum256(stand), again.sums[name].out)

	// another unformatted text is formatted
	out, err = newFormatter(dir).render(name, varFile("b"))
	require.NoError(t, err)
	require.Equal(t, "package p\n\nvar X = \"b\"\n", string(out))

	// a file changed on disk since the record is formatted again
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("package p\n"), 0o644))
	out, err = newFormatter(dir).render(name, varFile("a"))
	require.NoError(t, err)
	require.Equal(t, "package p\n\nvar X = \"a\"\n", string(out))

	// a record of another Go (or another record version) is not used
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), stand, 0o644))
	rec := first.record()
	require.NoError(t, os.WriteFile(filepath.Join(dir, formatRecord), append([]byte("x"), rec...), 0o644))
	out, err = newFormatter(dir).render(name, varFile("a"))
	require.NoError(t, err)
	require.Equal(t, "package p\n\nvar X = \"a\"\n", string(out))
}

// TestFormatError: Go that does not parse is a pp2go bug, reported with
// the file's name and its unformatted source.
func TestFormatError(t *testing.T) {
	f := jen.NewFile("p")
	f.Op("}")
	_, err := newFormatter("").render("p/p.go", f)
	require.ErrorContains(t, err, "generating p/p.go")
	require.ErrorContains(t, err, "package p")
}

// TestRenderer: files queued as generation goes come back formatted, and
// of several that fail, the first queued one's error is reported, however
// the cores finish.
func TestRenderer(t *testing.T) {
	ok := func(value string) *jen.File {
		f := jen.NewFile("p")
		f.Var().Id("X").Op("=").Lit(value)
		return f
	}
	bad := func() *jen.File {
		f := jen.NewFile("p")
		f.Op("}")
		return f
	}
	r := newRenderer(newFormatter(""))
	for i := range 20 {
		r.add(fmt.Sprintf("p%d/p.go", i), ok(fmt.Sprint(i)))
	}
	outs, err := r.wait()
	require.NoError(t, err)
	require.Len(t, outs, 20)
	require.Equal(t, "package p\n\nvar X = \"7\"\n", string(outs["p7/p.go"]))

	for range 5 {
		r = newRenderer(newFormatter(""))
		r.add("a/p.go", ok("a"))
		r.add("b/p.go", bad())
		for i := range 20 {
			r.add(fmt.Sprintf("c%d/p.go", i), bad())
		}
		_, err = r.wait()
		require.ErrorContains(t, err, "generating b/p.go")
	}
}

// varFile is package p declaring var X = value.
func varFile(value string) *jen.File {
	f := jen.NewFile("p")
	f.Var().Id("X").Op("=").Lit(value)
	return f
}
