package rt

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestModuleFile: paths inside a module's directory are answered from
// what the build compiled in (its directory, metadata.json and trees),
// not from the disk, which need not hold the environment; a part the
// binary does not carry is not Known; other paths are in no module.
func TestModuleFile(t *testing.T) {
	p := NewProgram("production")
	p.AddModule("m", "/nowhere/modules/m", fstest.MapFS{"a.txt": {Data: []byte("A")}})
	p.AddModuleMetadata("m", `{"name": "x-m"}`)
	// the tree's FS holds the module's embedded directories, as generated
	// code's embed.FS does
	moduleFiles := fstest.MapFS{"files/a.txt": {Data: []byte("A")}, "lib/a.txt": {Data: []byte("L")}}
	p.AddModuleTree("m", "files", &ModuleTree{FS: moduleFiles, Dir: "files", Entries: []TreeEntry{{Path: "a.txt"}, {Path: "d", Dir: true}}})
	p.AddModule("n", "/nowhere/modules/n", nil)
	cases := []struct {
		path                     string
		in, known, exists, isDir bool
		data                     string
	}{
		{"/nowhere/modules/m", true, true, true, true, ""},
		{"/nowhere/modules/m/", true, true, true, true, ""},
		{"/nowhere/modules/m/metadata.json", true, true, true, false, `{"name": "x-m"}`},
		{"/nowhere/modules/n/metadata.json", true, true, false, false, ""},
		{"/nowhere/modules/m/files/a.txt", true, true, true, false, "A"},
		{"/nowhere/modules/m/files/d", true, true, true, true, ""},
		{"/nowhere/modules/m/files/none", true, true, false, false, ""},
		{"/nowhere/modules/n/lib/x.rb", true, true, false, false, ""},
		{"/nowhere/modules/n/templates/x.erb", true, true, false, false, ""},
		{"/nowhere/modules/m/manifests/init.pp", true, false, false, false, ""},
		{"/nowhere/modules/mm/metadata.json", false, false, false, false, ""},
		{"/etc/hostname", false, false, false, false, ""},
	}
	for _, c := range cases {
		e, in := p.moduleFile(c.path)
		if in != c.in || e.Known != c.known || e.Exists != c.exists || e.Dir != c.isDir || string(e.Data) != c.data {
			t.Errorf("%s: in %v %+v", c.path, in, e)
		}
	}
	// file() and the hand-written functions read metadata.json too
	if b, ok := p.findFile("/nowhere/modules/m/metadata.json"); !ok || string(b) != `{"name": "x-m"}` {
		t.Errorf("findFile(metadata.json) = %q, %v", b, ok)
	}
}

// TestModuleTreeSortsWhenLookedIn checks that a tree whose entries are not
// sorted (a build's are) is sorted when first looked in, not when added,
// and is found in then.
func TestModuleTreeSortsWhenLookedIn(t *testing.T) {
	p := NewProgram("production")
	p.AddModule("m", "/nowhere/modules/m", nil)
	tree := &ModuleTree{Entries: []TreeEntry{{Path: "d/x"}, {Path: "b"}, {Path: "d", Dir: true}, {Path: "a"}}}
	p.AddModuleTree("m", "files", tree)
	if tree.Entries[0].Path != "d/x" {
		t.Fatalf("entries sorted when added: %v", tree.Entries)
	}
	for _, rel := range []string{"a", "b", "d", "d/x"} {
		if e, ok := p.ModuleTree("m", "files").Lookup(rel); !ok || e.Path != rel {
			t.Errorf("Lookup(%q) = %v, %v", rel, e, ok)
		}
	}
	var names []string
	for _, e := range tree.Children("") {
		names = append(names, e.Path)
	}
	if got := strings.Join(names, " "); got != "a b d" {
		t.Errorf("Children of the root: %s, want a b d", got)
	}
}

// TestModuleTreeListing: a tree's Listing, a line an entry as the build
// writes it, gives the entries it lists, with their kind, mode,
// modification time, owner and group, a path with spaces whole; a tree
// has those and its Entries (an inline file) in one list by path.
func TestModuleTreeListing(t *testing.T) {
	tree := &ModuleTree{
		Listing: `
d 755 1796096168 0 0 puppet
d 755 1796096168 0 0 puppet/functions
f 644 1664961448 0 0 puppet/functions/x.rb
f 4750 1664961449 1001 1002 puppet/a file  with spaces
`,
		Entries: []TreeEntry{{Path: "puppet/b\nc", Mode: 0o600, Inline: true, Data: "B"}},
	}
	want := []TreeEntry{
		{Path: "puppet", Dir: true, Mode: 0o755, Mtime: 1796096168},
		{Path: "puppet/a file  with spaces", Mode: 0o4750, Mtime: 1664961449, Uid: 1001, Gid: 1002},
		{Path: "puppet/b\nc", Mode: 0o600, Inline: true, Data: "B"},
		{Path: "puppet/functions/x.rb", Mode: 0o644, Mtime: 1664961448},
	}
	for _, w := range want {
		if e, ok := tree.Lookup(w.Path); !ok || *e != w {
			t.Errorf("Lookup(%q) = %+v, %v; want %+v", w.Path, e, ok, w)
		}
	}
	var names []string
	for _, e := range tree.Children("puppet") {
		names = append(names, e.Path)
	}
	if got := strings.Join(names, "|"); got != "puppet/a file  with spaces|puppet/b\nc|puppet/functions" {
		t.Errorf("Children(puppet) = %q", got)
	}
	if b, err := tree.Content(&want[2]); err != nil || string(b) != "B" {
		t.Errorf("Content of the inline file = %q, %v", b, err)
	}
}
