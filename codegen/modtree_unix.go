//go:build unix

package codegen

import (
	"io/fs"
	"syscall"
)

// fileOwner is a file's owner and group ids.
func fileOwner(fi fs.FileInfo) (uid, gid uint32) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Uid, st.Gid
	}
	return 0, 0
}
