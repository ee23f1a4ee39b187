package conformance

import (
	"debug/elf"
	"debug/gosym"
	"strings"
	"testing"
)

// TestLibraryEndLayout checks what rt/internal/prefault's readyLibrary
// takes of a catalog binary's layout: rt's marker function (rt's
// libraryEnd) comes after rt's code and before every generated package's,
// and little of the library's code is after it. The binary is stripped
// as pp2go builds it; the functions are read from its pclntab.
func TestLibraryEndLayout(t *testing.T) {
	sc := &Scenario{Name: "lang_iteration", Dir: sharedPath(t, "conformance", "scenarios", "lang_iteration")}
	bin, err := sc.Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	text, pcln := f.Section(".text"), f.Section(".gopclntab")
	if text == nil || pcln == nil {
		t.Fatal("no .text or .gopclntab")
	}
	data, err := pcln.Data()
	if err != nil {
		t.Fatal(err)
	}
	table, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		t.Fatal(err)
	}
	var marker, compile, firstGenerated uint64
	for _, fn := range table.Funcs {
		switch name := fn.Name; {
		case name == "github.com/pp2go/pp2go/rt.endOfLibrary":
			marker = fn.Entry
		case name == "github.com/pp2go/pp2go/rt.CompileWith":
			compile = fn.Entry
		case strings.HasPrefix(name, "pp2go.local/catalog/") && (firstGenerated == 0 || fn.Entry < firstGenerated):
			firstGenerated = fn.Entry
		}
	}
	if marker == 0 || compile == 0 || firstGenerated == 0 {
		t.Fatalf("functions not found: rt.endOfLibrary %#x, rt.CompileWith %#x, a generated package's %#x", marker, compile, firstGenerated)
	}
	if !(compile < marker && marker < firstGenerated) {
		t.Errorf("rt.CompileWith at %#x, rt.endOfLibrary at %#x, the first generated function at %#x: want them in that order", compile, marker, firstGenerated)
	}
	if gap := firstGenerated - marker; gap > 2<<20 {
		t.Errorf("%d bytes of code between rt.endOfLibrary and the generated packages', want under 2 MiB", gap)
	}
}
