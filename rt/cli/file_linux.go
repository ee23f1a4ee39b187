//go:build linux && (amd64 || arm64)

package cli

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"unsafe"
)

// file is a regular file that a batch of nodes reads (facts) or writes (a
// catalog's temporary file), used through its descriptor with raw system
// calls, not through os.File: os.File's calls enter the scheduler's
// system call state (entersyscall), and on a busy process (compile
// --facts-dir -j 2 on 2 cores: no idle P) the runtime's monitor takes the
// P of a call that lasts past its 20 µs tick and hands it to a thread it
// wakes, and polls again at 20 µs; a node's dozen calls (an ext4 create,
// a rename: 30-100 µs on this project's VMs) kept it polling, and waking
// threads, the whole batch. Each of these calls is short (local files;
// the wait for a direct write, aio.wait, is not one of them), and a
// thread in one holds its P. os.NewFile's fcntl and finalizer go too.
type file struct {
	fd   int
	name string
}

// atFDCWD is AT_FDCWD (-100) as a system call's argument.
const atFDCWD = ^uintptr(99)

// openFile opens a regular file: blocking, and out of the runtime's
// poller, which os.OpenFile would try to add it to (four fcntl and an
// epoll_ctl that fails).
func openFile(name string, flag int, perm os.FileMode) (file, error) {
	p, err := syscall.BytePtrFromString(name)
	if err != nil {
		return file{fd: -1}, &os.PathError{Op: "open", Path: name, Err: err}
	}
	for {
		fd, _, errno := syscall.RawSyscall6(syscall.SYS_OPENAT, atFDCWD, uintptr(unsafe.Pointer(p)), uintptr(flag|syscall.O_CLOEXEC), uintptr(perm.Perm()), 0, 0)
		switch errno {
		case 0:
			return file{int(fd), name}, nil
		case syscall.EINTR:
			continue
		}
		return file{fd: -1}, &os.PathError{Op: "open", Path: name, Err: errno}
	}
}

// raw is a raw system call on f's descriptor, made again when
// interrupted; p, the call's second argument, is a pointer or nil (then
// a2 is), kept as one until the call.
func (f file) raw(op string, trap uintptr, p unsafe.Pointer, a2, a3, a4 uintptr) (uintptr, error) {
	for {
		if p != nil {
			a2 = uintptr(p)
		}
		r, _, errno := syscall.RawSyscall6(trap, uintptr(f.fd), a2, a3, a4, 0, 0)
		switch errno {
		case 0:
			return r, nil
		case syscall.EINTR:
			continue
		}
		return 0, &os.PathError{Op: op, Path: f.name, Err: errno}
	}
}

func (f file) Name() string { return f.name }

// Read is io.Reader's (io.EOF at the end).
func (f file) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	n, err := f.raw("read", syscall.SYS_READ, unsafe.Pointer(&b[0]), 0, uintptr(len(b)), 0)
	if err == nil && n == 0 {
		return 0, io.EOF
	}
	return int(n), err
}

// size is the file's size.
func (f file) size() (int64, error) {
	var st syscall.Stat_t
	_, err := f.raw("stat", syscall.SYS_FSTAT, unsafe.Pointer(&st), 0, 0, 0)
	return st.Size, err
}

func (f file) truncate(n int64) error {
	_, err := f.raw("truncate", syscall.SYS_FTRUNCATE, nil, uintptr(n), 0, 0)
	return err
}

// writeAt writes all of b at off.
func (f file) writeAt(b []byte, off int64) error {
	for len(b) > 0 {
		n, err := f.raw("write", syscall.SYS_PWRITE64, unsafe.Pointer(&b[0]), 0, uintptr(len(b)), uintptr(off))
		if err != nil {
			return err
		}
		b, off = b[n:], off+int64(n)
	}
	return nil
}

func (f file) chmod(mode os.FileMode) error {
	_, err := f.raw("chmod", syscall.SYS_FCHMOD, nil, uintptr(mode.Perm()), 0, 0)
	return err
}

// Close closes the descriptor (not again on EINTR: Linux has closed it).
func (f file) Close() error {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_CLOSE, uintptr(f.fd), 0, 0); errno != 0 && errno != syscall.EINTR {
		return &os.PathError{Op: "close", Path: f.name, Err: errno}
	}
	return nil
}

// rename is os.Rename for a file replacing a file or nothing, without
// the lstat os.Rename makes to refuse to replace a directory (writeFile
// looked at newpath already), in a raw system call (file).
func rename(oldpath, newpath string) error {
	op, err := syscall.BytePtrFromString(oldpath)
	if err == nil {
		var np *byte
		if np, err = syscall.BytePtrFromString(newpath); err == nil {
			for {
				_, _, errno := syscall.RawSyscall6(syscall.SYS_RENAMEAT, atFDCWD, uintptr(unsafe.Pointer(op)), atFDCWD, uintptr(unsafe.Pointer(np)), 0, 0)
				if errno == syscall.EINTR {
					continue
				}
				if errno == 0 {
					return nil
				}
				err = errno
				break
			}
		}
	}
	return &os.LinkError{Op: "rename", Old: oldpath, New: newpath, Err: err}
}

// oTmpfile is O_TMPFILE, which includes O_DIRECTORY (so that a kernel
// without it, before Linux 3.11, refuses to open the directory for
// writing: EISDIR).
const oTmpfile = 0o20000000 | syscall.O_DIRECTORY

// createUnnamed opens a new regular file without a name (O_TMPFILE) in
// path's directory, with mode perm less the umask, opened with the extra
// flags flag (oDirect or 0), and says with which (createTemp's). The file
// is path's to errors; linkUnnamed names it. errors.ErrUnsupported: the
// file system makes no unnamed files.
func createUnnamed(path string, perm os.FileMode, flag int) (file, int, error) {
	for {
		f, err := openFile(filepath.Dir(path), oTmpfile|os.O_RDWR|flag, perm)
		f.name = path
		switch {
		case err == nil:
			return f, flag, nil
		case flag != 0 && errors.Is(err, syscall.EINVAL):
			flag = 0 // refused with the flag: try without (nothing was made)
			continue
		case errors.Is(err, syscall.EOPNOTSUPP) || errors.Is(err, syscall.EISDIR) || errors.Is(err, syscall.EINVAL):
			return f, flag, errors.ErrUnsupported
		}
		return f, flag, err
	}
}

// linkUnnamed gives f, a file createUnnamed made, the name path, which
// must name nothing (else an error that is fs.ErrExist). The descriptor
// names the file itself (AT_EMPTY_PATH), which Linux before 6.10 lets
// only a process that may read any directory do (ENOENT), else its path
// under /proc/self/fd does.
func linkUnnamed(f file, path string) error {
	np, err := syscall.BytePtrFromString(path)
	if err != nil {
		return &os.LinkError{Op: "link", Old: f.name, New: path, Err: err}
	}
	empty := []byte{0}
	errno := linkat(uintptr(f.fd), &empty[0], uintptr(unsafe.Pointer(np)), atEmptyPath)
	if errno == syscall.ENOENT || errno == syscall.EPERM {
		proc, _ := syscall.BytePtrFromString("/proc/self/fd/" + strconv.Itoa(f.fd))
		errno = linkat(atFDCWD, proc, uintptr(unsafe.Pointer(np)), atSymlinkFollow)
	}
	if errno != 0 {
		return &os.LinkError{Op: "link", Old: f.name, New: path, Err: errno}
	}
	return nil
}

const (
	atEmptyPath     = 0x1000 // AT_EMPTY_PATH
	atSymlinkFollow = 0x400  // AT_SYMLINK_FOLLOW
)

// linkat links (dirfd, old) to new, relative to the working directory,
// again when interrupted.
func linkat(dirfd uintptr, old *byte, newp uintptr, flags uintptr) syscall.Errno {
	for {
		_, _, errno := syscall.RawSyscall6(syscall.SYS_LINKAT, dirfd, uintptr(unsafe.Pointer(old)), atFDCWD, newp, flags, 0)
		if errno != syscall.EINTR {
			return errno
		}
	}
}
