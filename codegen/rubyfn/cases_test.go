package rubyfn

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestCasesAgainstPuppet runs the function cases Puppet 7.23 evaluated
// with Debian 12's modules (rt/fn/testdata/expected, made by
// rt/fn/testdata/gen.rb; and testdata/expected here, made by
// testdata/gen.rb) with the translated functions in place of pp2go's Go
// versions: every case of a function that translates must give Puppet's
// result or error.
func TestCasesAgainstPuppet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go (-short)")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := corpora()[0][1]
	files := functionFiles(dir)
	if len(files) == 0 {
		t.Skipf("no module functions under %s (install Debian's puppet-module-* packages)", dir)
	}
	// the program is built under rt/fn, to use rt/fn/internal/evaltest
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(root, "rt", "fn", "testdata")
	pkgDir, err := os.MkdirTemp(base, "rubyfn-cases-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(pkgDir)
	main, err := os.ReadFile("testdata/runcases.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkgDir, "main.go"), main, 0o644); err != nil {
		t.Fatal(err)
	}
	var names []string
	for i, mf := range files {
		src, err := os.ReadFile(mf[1])
		if err != nil {
			t.Fatal(err)
		}
		fun, err := Translate(mf[1], src)
		if err != nil {
			continue
		}
		f := jen.NewFile("main")
		fun.Emit(f, fmt.Sprintf("rbfn%d", i), mf[0])
		if err := f.Save(filepath.Join(pkgDir, fmt.Sprintf("f%03d.go", i))); err != nil {
			t.Fatal(err)
		}
		names = append(names, fun.Name)
	}
	sort.Strings(names)
	expected, _ := filepath.Glob(filepath.Join(base, "expected", "*.json"))
	own, _ := filepath.Glob("testdata/expected/*.json")
	for _, f := range own {
		abs, _ := filepath.Abs(f)
		expected = append(expected, abs)
	}
	cmd := exec.Command(gobin, append([]string{"run", "./" + filepath.Base(pkgDir), strings.Join(names, ",")}, expected...)...)
	cmd.Dir = base
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("running the cases: %v\n%s", err, out)
	}
	ok, failed, gaps := 0, 0, 0
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(line, "ok "):
			ok++
		case strings.HasPrefix(line, "FAIL ") && knownGap(line) != "":
			gaps++
		case strings.HasPrefix(line, "FAIL "):
			failed++
		}
	}
	t.Logf("%d translated functions; %d of %d cases give Puppet's result; %d differ in known gaps of the runtime:\n%s", len(names), ok, ok+failed+gaps, gaps, failures(string(out), true))
	if failed > 0 {
		t.Errorf("%d cases differ from Puppet's:\n%s", failed, failures(string(out), false))
	}
}

// knownGaps are Ruby library methods rt/erb does not implement yet (it
// raises a pp2go error naming them), by the function whose cases need
// them. None today: the translator refuses the calls rt/erb would refuse
// (erbgen's refuseInFunction), so such functions are not translated.
var knownGaps = map[string]string{}

func knownGap(failLine string) string {
	src := strings.TrimPrefix(failLine, "FAIL ")
	for name, why := range knownGaps {
		if strings.HasPrefix(src, name+"(") {
			return why
		}
	}
	return ""
}

func failures(out string, known bool) string {
	var b strings.Builder
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "FAIL ") && (knownGap(l) != "") == known {
			b.WriteString(l + "\n")
			for j := i + 1; j < len(lines) && strings.HasPrefix(lines[j], "  "); j++ {
				b.WriteString(lines[j] + "\n")
			}
		}
	}
	return b.String()
}
