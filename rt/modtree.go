package rt

import (
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/cell"
	"github.com/pp2go/pp2go/rt/internal/atomicptr"
)

// ModuleTree is one directory of a module compiled into the program for
// Puppet's file server (package fileserve): files/ (the modules mount),
// lib/ (plugins), facts.d/ (pluginfacts) or locales/ (locales).
type ModuleTree struct {
	// Listing is the directory's files and subdirectories (not itself), as
	// the build found them, a line each (parseListing). Generated code lists
	// them so, not as Entries: a string is data without pointers, where a
	// binary's data with pointers costs each process at its start (the
	// runtime decodes their map, a bit a word: keystone's 3,749 entries
	// were 300 KB, a sixth of its data) and a compile looks in few trees.
	Listing string
	// Entries are the entries a Listing cannot hold (a file whose content
	// is inline, a symbolic link, a name with a newline), or a tree's
	// entries made otherwise than by the build, sorted by path.
	Entries []TreeEntry
	// FS holds the content of the files embedded, under Dir (the module's
	// embedded directories, each under its name: FS is the package's
	// embed.FS itself, which the linker lays out, where fs.Sub's is made
	// at start-up).
	FS  fs.FS
	Dir string
	// Root is what the build recorded of the directory itself.
	Root TreeEntry

	// Cell keeps the tree's entries, Listing's and Entries', sorted by
	// path, made when the tree is first looked in: most processes compile
	// without looking in one, and reading every entry of every tree at
	// each start was 0.3% of a one-shot keystone compile (package cell).
	Cell *Cell
}

// entries are the tree's entries, Listing's and Entries', sorted by path.
func (t *ModuleTree) entries() []TreeEntry {
	kept := cell.Pointer[[]TreeEntry](&t.Cell)
	if all := atomicptr.Load(kept); all != nil {
		return *all
	}
	var all []TreeEntry
	if t.Listing != "" {
		all = append(parseListing(t.Listing), t.Entries...)
	} else {
		all = slices.Clone(t.Entries) // sorted below, not in the binary's data
	}
	byPath := func(a, b TreeEntry) int { return strings.Compare(a.Path, b.Path) }
	if !slices.IsSortedFunc(all, byPath) {
		slices.SortFunc(all, byPath)
	}
	atomicptr.CompareAndSwap(kept, nil, &all)
	return *atomicptr.Load(kept)
}

// parseListing is the entries of a ModuleTree's Listing. Each of its
// lines is an entry's kind (d: a directory; f: a file, its content in the
// tree's FS), its permission bits in octal, its modification time (Unix
// seconds), owner and group ids, then its path, the rest of the line:
//
//	f 644 1664961448 0 0 puppet/functions/x.rb
//
// Lines without those six fields (the empty first and last lines of a
// listing written one entry a line) are no entries.
func parseListing(listing string) []TreeEntry {
	out := make([]TreeEntry, 0, strings.Count(listing, "\n")+1)
	for line := range strings.Lines(listing) {
		f := strings.SplitN(strings.TrimSuffix(line, "\n"), " ", 6)
		if len(f) < 6 {
			continue
		}
		mode, _ := strconv.ParseUint(f[1], 8, 32)
		mtime, _ := strconv.ParseInt(f[2], 10, 64)
		uid, _ := strconv.ParseUint(f[3], 10, 32)
		gid, _ := strconv.ParseUint(f[4], 10, 32)
		out = append(out, TreeEntry{Path: f[5], Dir: f[0] == "d", Mode: uint32(mode), Mtime: mtime, Uid: uint32(uid), Gid: uint32(gid)})
	}
	return out
}

// TreeEntry is what the build recorded of a module file: go:embed keeps
// neither modes, times nor links, and refuses some names.
type TreeEntry struct {
	Path  string // relative to the tree, slash-separated
	Dir   bool
	Mode  uint32 // permission bits of the source file
	Mtime int64  // the source file's modification time, Unix seconds
	// Uid and Gid are the source file's owner and group ids.
	Uid, Gid uint32
	// Link is a symbolic link's destination ("" for none); the content
	// is the linked file's.
	Link string
	// Inline marks a file whose name go:embed refuses: its content is
	// Data instead of in FS.
	Inline bool
	Data   string
}

// Lookup finds an entry by its relative path (a binary search of the
// sorted entries: an index map would cost every process that starts, for
// every tree of every module, more than the few lookups a compile makes).
func (t *ModuleTree) Lookup(rel string) (*TreeEntry, bool) {
	es := t.entries()
	i := sort.Search(len(es), func(i int) bool { return es[i].Path >= rel })
	if i < len(es) && es[i].Path == rel {
		return &es[i], true
	}
	return nil, false
}

// Children are the entries directly in the directory rel ("" for the
// tree's root), by name.
func (t *ModuleTree) Children(rel string) []*TreeEntry {
	prefix := ""
	if rel != "" {
		prefix = rel + "/"
	}
	var out []*TreeEntry
	es := t.entries()
	i := sort.Search(len(es), func(i int) bool { return es[i].Path >= prefix })
	for ; i < len(es) && strings.HasPrefix(es[i].Path, prefix); i++ {
		if !strings.Contains(es[i].Path[len(prefix):], "/") {
			out = append(out, &es[i])
		}
	}
	// "a/b" sorts after "a.x" but "a" before both; name order is what
	// the entries' names give.
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Content is a file's content.
func (t *ModuleTree) Content(e *TreeEntry) ([]byte, error) {
	if e.Inline {
		return []byte(e.Data), nil
	}
	if t.FS == nil {
		return nil, fs.ErrNotExist
	}
	return fs.ReadFile(t.FS, path.Join(t.Dir, e.Path))
}

// AddModuleTree records one of a module's directories (files, lib,
// facts.d or locales) for the file server.
func (p *Program) AddModuleTree(module, dir string, t *ModuleTree) {
	m := p.modules[module]
	if m == nil {
		return // AddModule comes first
	}
	if m.trees == nil {
		m.trees = map[string]*ModuleTree{}
	}
	m.trees[dir] = t // its entries' order is checked when first looked in
}

// ModuleNames are the program's modules in module path order, the order
// in which Puppet's plugins mount looks through them.
func (p *Program) ModuleNames() []string { return p.moduleOrder }

// ModuleDir is a module's directory as found on the module path at
// build time (where Puppet's file server would read its files).
func (p *Program) ModuleDir(module string) (string, bool) {
	m := p.module(module)
	if m == nil {
		return "", false
	}
	return m.dir, true
}

// ModuleTree is one of a module's directories compiled in ("files",
// "lib", "facts.d", "locales", "templates"); nil when the module has none.
func (p *Program) ModuleTree(module, dir string) *ModuleTree {
	m := p.module(module)
	if m == nil {
		return nil
	}
	return m.trees[dir]
}

// ModulePath is the environment's module path, the directories Puppet's
// file server names when no module has a plugin directory.
func (p *Program) ModulePath() []string {
	v := p.settingRoot("modulepath")
	if v == "" {
		return nil
	}
	return strings.Split(v, ":")
}
