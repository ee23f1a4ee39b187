//go:build unix && !(linux && (amd64 || arm64))

package cli

import (
	"os"
	"syscall"
)

// openOS is os.OpenFile for a regular file: the file is opened blocking
// and left out of the runtime's poller, where os.OpenFile tries to add it
// with four fcntl and an epoll_ctl that fails (11 µs of the 15 µs an open
// and close took on this project's VMs; --facts-dir opens two files a
// node).
func openOS(name string, flag int, perm os.FileMode) (*os.File, error) {
	for {
		fd, err := syscall.Open(name, flag|syscall.O_CLOEXEC, uint32(perm.Perm()))
		if err == nil {
			return os.NewFile(uintptr(fd), name), nil
		}
		if err != syscall.EINTR {
			return nil, &os.PathError{Op: "open", Path: name, Err: err}
		}
	}
}

// rename is os.Rename for a file replacing a file or nothing, without
// the lstat os.Rename makes to refuse to replace a directory (writeFile
// looked at newpath already).
func rename(oldpath, newpath string) error {
	for {
		err := syscall.Rename(oldpath, newpath)
		if err == nil {
			return nil
		}
		if err != syscall.EINTR {
			return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: err}
		}
	}
}
