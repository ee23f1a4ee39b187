package codegen

import (
	"io/fs"
	"testing"

	rtpkg "github.com/pp2go/pp2go/rt"
)

// TestTreeListing: the entries a build lists in a tree's Listing are
// what the runtime finds there, with their kind, mode (setuid and
// sticky bits too), modification time, owner and group; the entries a
// raw string cannot hold as they are (a newline or a backquote in the
// name, a link, inline content) are not listed.
func TestTreeListing(t *testing.T) {
	listed := []treeEntry{
		{rel: "d", dir: true, mode: fs.ModeDir | 0o755, mtime: 1700000000, embed: false},
		{rel: "d/a b.txt", mode: 0o644 | fs.ModeSetuid, mtime: 1700000001, uid: 1001, gid: 1002, embed: true},
		{rel: "d/é", mode: 0o600 | fs.ModeSticky, mtime: 1700000002, embed: true},
	}
	listing := "\n"
	for _, e := range listed {
		if !listable(e) {
			t.Fatalf("%q not listable", e.rel)
		}
		listing += listingLine(e)
	}
	tree := &rtpkg.ModuleTree{Listing: listing}
	for _, e := range listed {
		got, ok := tree.Lookup(e.rel)
		want := rtpkg.TreeEntry{Path: e.rel, Dir: e.dir, Mode: unixMode(e.mode), Mtime: e.mtime, Uid: e.uid, Gid: e.gid}
		if !ok || *got != want {
			t.Errorf("Lookup(%q) = %+v, %v; want %+v", e.rel, got, ok, want)
		}
	}
	for _, e := range []treeEntry{
		{rel: "a\nb", embed: true},
		{rel: "a`b", embed: true},
		{rel: "link", link: "motd"},
		{rel: "aux.txt", inline: []byte("aux\n")},
	} {
		if listable(e) {
			t.Errorf("%q listable", e.rel)
		}
	}
}
