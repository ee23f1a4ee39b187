package hieragen

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	fhiera "github.com/pp2go/pp2go/frontend/hiera"
	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const scenarios = "../../../shared/conformance/scenarios"

func loadScenario(t testing.TB, name string) *hiera.Data {
	dir := filepath.Join(scenarios, name)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("scenario %s not available: %v", name, err)
	}
	mods := map[string]string{}
	entries, _ := os.ReadDir(filepath.Join(dir, "modules"))
	for _, e := range entries {
		mods[e.Name()] = filepath.Join(dir, "modules", e.Name())
	}
	d, diags := fhiera.Load(fhiera.Options{EnvDir: dir, Modules: mods})
	for _, dg := range diags {
		t.Errorf("diagnostic: %s", dg.Short())
	}
	return d
}

// The generated package for lang_hiera_apl, compared with a golden file.
func TestGolden(t *testing.T) {
	d := loadScenario(t, "lang_hiera_apl")
	src, err := Generate(d, Options{Package: "hieradata"})
	if err != nil {
		t.Fatal(err)
	}
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatalf("generated code does not parse: %v\n%s", err, src)
	}
	if !bytes.Equal(formatted, src) {
		t.Errorf("generated code is not gofmt-clean")
	}
	again, _ := Generate(d, Options{Package: "hieradata"})
	if !bytes.Equal(src, again) {
		t.Errorf("generation is not deterministic")
	}
	golden := filepath.Join("testdata", "lang_hiera_apl.go.golden")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(golden, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, src) {
		t.Errorf("generated code differs from %s (go test -update to accept):\n%s", golden, src)
	}
}

func sameValue(a, b values.Value) bool {
	switch x := a.(type) {
	case *values.Hash:
		y, ok := b.(*values.Hash)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i := 0; i < x.Len(); i++ {
			if !sameValue(x.KeyAt(i), y.KeyAt(i)) || !sameValue(x.ValueAt(i), y.ValueAt(i)) {
				return false
			}
		}
		return true
	case *values.Array:
		y, ok := b.(*values.Array)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i := range x.Elems() {
			if !sameValue(x.At(i), y.At(i)) {
				return false
			}
		}
		return true
	case values.Float:
		y, ok := b.(values.Float)
		return ok && (x == y || math.IsNaN(float64(x)) && math.IsNaN(float64(y)))
	}
	return fmt.Sprintf("%T", a) == fmt.Sprintf("%T", b) && values.Equals(a, b)
}

// Every data file of the Hiera scenarios and of the conformance cases
// survives the encoding.
func TestEncodingRoundTrip(t *testing.T) {
	var datas []*hiera.Data
	for _, s := range []string{"lang_hiera_apl", "mod_base_ntp_ssh", "mod_postgresql"} {
		datas = append(datas, loadScenario(t, s))
	}
	n := 0
	for _, d := range datas {
		for _, f := range d.Files {
			h := f.Hash()
			if h == nil {
				continue
			}
			n++
			back := hiera.DecodeValue(hiera.EncodeValue(h))
			if !sameValue(h, back) {
				t.Errorf("%s: %s != %s", f.Path, values.ToString(h), values.ToString(back))
			}
		}
	}
	odd := values.NewHashFromPairs(values.String("s"), values.String("with\nnewline `tick` : ; é"),
		values.Int(-3), values.Float(math.Inf(-1)), values.Float(1e-300), values.NewArray(values.Undef, values.True, values.False),
		values.String(""), values.NewHash())
	if back := hiera.DecodeValue(hiera.EncodeValue(odd)); !sameValue(odd, back) {
		t.Errorf("odd values: %s != %s", values.ToString(odd), values.ToString(back))
	}
	if n == 0 {
		t.Fatal("no data files")
	}
}

// repoRoot is the module root (two levels up).
func repoRoot(t testing.TB) string {
	r, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The generated package compiles, and a lookup through it gives what the
// lookup through the loaded data gives (and Puppet's catalog shows:
// app::url is "http://app-lang:9090" for lang.example.com).
func TestGeneratedPackageRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	d := loadScenario(t, "lang_hiera_apl")
	src, err := Generate(d, Options{Package: "hieradata"})
	if err != nil {
		t.Fatal(err)
	}
	main := `package main

import (
	"fmt"

	"github.com/pp2go/pp2go/codegen/hieragen/testdata/` + "BUILD" + `/hieradata"
	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

type scope map[string]values.Value

func (s scope) LookupVar(n string) (values.Value, bool) { v, ok := s[n]; return v, ok }

func main() {
	facts := values.NewHashFromPairs(
		values.String("networking"), values.NewHashFromPairs(values.String("hostname"), values.String("lang")),
		values.String("os"), values.NewHashFromPairs(values.String("family"), values.String("Debian")))
	trusted := values.NewHashFromPairs(values.String("certname"), values.String("lang.example.com"))
	s := hiera.NewSession(hieradata.Data, scope{"facts": facts, "trusted": trusted})
	fmt.Println(values.ToString(s.Lookup(&hiera.LookupArgs{Name: values.String("app::url")})))
	v, ok := s.AutomaticParameter("app", "settings")
	fmt.Println(values.ToString(v), ok)
}
`
	// the package path names the temporary directory
	tmp, err := os.MkdirTemp("testdata", "build-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	os.MkdirAll(filepath.Join(tmp, "hieradata"), 0o755)
	os.WriteFile(filepath.Join(tmp, "hieradata", "data.go"), src, 0o644)
	os.WriteFile(filepath.Join(tmp, "main.go"), []byte(strings.Replace(main, "BUILD", filepath.Base(tmp), 1)), 0o644)
	cmd := exec.Command("go", "run", "./codegen/hieragen/"+filepath.ToSlash(tmp))
	cmd.Dir = repoRoot(t)
	// the program's output alone: go's own messages (GOFLAGS=-v's package
	// names, downloads) go to stderr
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run: %v\n%s%s", err, out, stderr.String())
	}
	want := "http://app-lang:9090\n{log => {level => debug, file => /var/log/app.log}, db => {host => db.example.com, port => 5432}} true\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestCompileCost measures what the encoding saves: the time `go build`
// takes for a large synthetic data set written as encoded constants and as
// composite literals. Run with HIERAGEN_MEASURE=N (N files of 100 keys,
// 20 when N is 1).
func TestCompileCost(t *testing.T) {
	if os.Getenv("HIERAGEN_MEASURE") == "" {
		t.Skip("set HIERAGEN_MEASURE=1 to measure")
	}
	files := 20
	if n, err := strconv.Atoi(os.Getenv("HIERAGEN_MEASURE")); err == nil && n > 1 {
		files = n
	}
	d := &hiera.Data{EnvName: "production"}
	for i := 0; i < files; i++ {
		b := values.NewHashBuilder(100)
		for k := 0; k < 100; k++ {
			b.Put(values.String(fmt.Sprintf("profile::key_%d_%d", i, k)), values.NewHashFromPairs(
				values.String("name"), values.String(fmt.Sprintf("value %d", k)),
				values.String("port"), values.Int(int64(8000+k)),
				values.String("list"), values.NewArray(values.String("a"), values.String("b"), values.Int(int64(k)))))
		}
		d.Files = append(d.Files, &hiera.File{Path: fmt.Sprintf("/env/data/f%03d.yaml", i), Format: "yaml", Data: b.Build()})
	}
	for _, lit := range []bool{false, true} {
		src, err := Generate(d, Options{Package: "hieradata", LiteralFiles: lit})
		if err != nil {
			t.Fatal(err)
		}
		main := "package main\n\nimport (\n\t\"fmt\"\n\n\t\"github.com/pp2go/pp2go/codegen/hieragen/testdata/BUILD/hieradata\"\n)\n\nfunc main() { fmt.Println(len(hieradata.Data.Files), hieradata.Data.Files[0].Hash().Len()) }\n"
		tmp, _ := os.MkdirTemp("testdata", "build-")
		os.MkdirAll(filepath.Join(tmp, "hieradata"), 0o755)
		os.WriteFile(filepath.Join(tmp, "hieradata", "data.go"), src, 0o644)
		os.WriteFile(filepath.Join(tmp, "main.go"), []byte(strings.Replace(main, "BUILD", filepath.Base(tmp), 1)), 0o644)
		start := time.Now()
		cmd := exec.Command("go", "build", "-o", os.DevNull, "./codegen/hieragen/"+filepath.ToSlash(tmp))
		cmd.Dir = repoRoot(t)
		out, err := cmd.CombinedOutput()
		took := time.Since(start)
		os.RemoveAll(tmp)
		if err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		t.Logf("literal=%v: %d entries, %d KB of Go, go build %v", lit, files*100, len(src)/1024, took.Round(time.Millisecond))
	}
}
