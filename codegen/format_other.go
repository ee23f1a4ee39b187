//go:build !linux

package codegen

import "os"

// statFile is a file's size and time; with no inode (0) a file is always
// read to tell whether it is unchanged.
func statFile(path string) (fileStat, bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStat{}, false
	}
	return fileStat{size: fi.Size(), mtime: fi.ModTime().UnixNano()}, true
}
