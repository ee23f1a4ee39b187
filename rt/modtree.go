package rt

import (
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
)

// ModuleTree is one directory of a module compiled into the program for
// Puppet's file server (package fileserve): files/ (the modules mount),
// lib/ (plugins), facts.d/ (pluginfacts) or locales/ (locales).
type ModuleTree struct {
	// Entries are the directory's files and subdirectories (not itself),
	// sorted by path, as the build found them.
	Entries []TreeEntry
	// FS holds the content of the files embedded, under Dir (the module's
	// embedded directories, each under its name: FS is the package's
	// embed.FS itself, which the linker lays out, where fs.Sub's is made
	// at start-up).
	FS  fs.FS
	Dir string
	// Root is what the build recorded of the directory itself.
	Root TreeEntry

	// sorted checks that Entries are sorted when the tree is first looked
	// in: a build's are, and checking reads every entry of every tree, at
	// the start of each process, of which most compile without looking in
	// one (0.3% of a one-shot keystone compile's perf samples)
	sorted sync.Once
}

// entries are the tree's Entries, sorted by path.
func (t *ModuleTree) entries() []TreeEntry {
	t.sorted.Do(func() {
		byPath := func(a, b TreeEntry) int { return strings.Compare(a.Path, b.Path) }
		if !slices.IsSortedFunc(t.Entries, byPath) {
			slices.SortFunc(t.Entries, byPath)
		}
	})
	return t.Entries
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
