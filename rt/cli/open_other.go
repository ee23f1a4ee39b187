//go:build !unix

package cli

import "os"

// openOS is os.OpenFile (open_unix.go says why not elsewhere).
func openOS(name string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(name, flag, perm)
}

// rename is os.Rename.
func rename(oldpath, newpath string) error { return os.Rename(oldpath, newpath) }
