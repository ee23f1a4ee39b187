package rt

import _ "unsafe" // go:linkname

// libraryEnd tells package rt/internal/prefault where the code of pp2go's
// library ends in a catalog binary, before any package is initialized:
// it is a value in the binary's data (a function value the linker lays
// out), which the linkname puts in prefault's variable. The linker lays a
// package's code out after the code of the packages it imports, and a
// package's functions in the order of its files' names: rt's last file
// (this one, named to sort last) has rt's last functions, after the
// runtime's, the standard library's and rt's own imports', and before
// the generated packages', which import rt. (rt's method wrappers and
// the packages only rt/cli imports follow, ~0.4 MB of keystone's 16.)
//
//go:linkname libraryEnd github.com/pp2go/pp2go/rt/internal/prefault.libraryEnd
var libraryEnd = endOfLibrary

// endOfLibrary is libraryEnd's function: where it is is what counts.
func endOfLibrary() {}
