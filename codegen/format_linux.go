package codegen

import "syscall"

// statFile is a file's stat, without opening it.
func statFile(path string) (fileStat, bool) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return fileStat{}, false
	}
	return fileStat{ino: int64(st.Ino), size: st.Size, mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano()}, true
}
