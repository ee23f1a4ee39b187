//go:build linux && (amd64 || arm64)

package cli

import (
	"os"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// oDirect is the open flag of a file written past the page cache, straight
// to its device (fileWrite).
const oDirect = syscall.O_DIRECT

// directDir says whether the files of a directory are written past the
// page cache: the directory is on a local disk's file system that takes
// O_DIRECT writes (ext2/3/4, XFS, Btrfs). Not tmpfs (its pages are the
// file), nor a network or FUSE file system, where a direct write waits on
// the other end.
func directDir(dir string) bool {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return false
	}
	switch uint32(st.Type) {
	case 0xef53, // ext2, ext3, ext4
		0x58465342, // XFS
		0x9123683e: // Btrfs
		return true
	}
	return false
}

// endDirect has the rest of f's writes go through the page cache. F_SETFL
// sets only O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME and O_NONBLOCK, and a
// catalog's temporary file is opened with none of them but O_DIRECT
// (O_NONBLOCK does nothing to a regular file): setting none takes one
// system call, not F_GETFL's and F_SETFL's, once a node.
func endDirect(f file) error {
	_, err := f.raw("fcntl", syscall.SYS_FCNTL, nil, syscall.F_SETFL, 0, 0)
	return err
}

// aio is a context of Linux's asynchronous I/O (io_setup), for one write
// in flight at a time: a direct write it submits returns at once, where
// write(2) waits for the device.
type aio struct {
	// the context: the address of the ring of completion events the
	// kernel maps for it in the process's memory
	ring *aioRing
}

// aioRing is the head of a context's ring of completion events (fs/aio.c's
// struct aio_ring), which the kernel fills at tail and io_getevents, or
// the process itself, empties at head (wait).
type aioRing struct {
	id, nr, head, tail                  uint32
	magic, compat, incompat, headerSize uint32
	events                              [1 << 16]ioEvent // the first nr
}

// aioRingMagic marks a ring of this layout (AIO_RING_MAGIC), with no
// incompatible features.
const aioRingMagic = 0xa10a10a1

// newAIO is a context, or nil when the kernel gives none (no AIO, or no
// room under fs.aio-max-nr).
func newAIO() *aio {
	var ring *aioRing // io_setup writes the context's address there
	if _, _, errno := syscall.Syscall(syscall.SYS_IO_SETUP, 1, uintptr(unsafe.Pointer(&ring)), 0); errno != 0 {
		return nil
	}
	return &aio{ring}
}

// ctx is the context's id for the system calls.
func (a *aio) ctx() uintptr { return uintptr(unsafe.Pointer(a.ring)) }

// close frees the context, which has no write in flight.
func (a *aio) close() {
	if a != nil {
		syscall.Syscall(syscall.SYS_IO_DESTROY, a.ctx(), 0, 0)
	}
}

// iocb and ioEvent are linux/aio_abi.h's struct iocb and io_event (on a
// little-endian machine: aio_key comes before aio_rw_flags).
type iocb struct {
	data      uint64
	key       uint32
	rwFlags   int32
	opcode    uint16
	reqprio   int16
	fildes    uint32
	buf       uint64
	nbytes    uint64
	offset    int64
	reserved2 uint64
	flags     uint32
	resfd     uint32
}

type ioEvent struct {
	data, obj uint64
	res, res2 int64
}

// iocbCmdPwrite is IOCB_CMD_PWRITE.
const iocbCmdPwrite = 1

// submit starts writing b at the start of the file f. b's memory must not
// change or be freed until wait returns (the kernel copies iocb itself at
// once). The call is raw, as file's are: it returns once the write is
// queued.
func (a *aio) submit(f file, b []byte) error {
	cb := &iocb{opcode: iocbCmdPwrite, fildes: uint32(f.fd), buf: uint64(uintptr(unsafe.Pointer(unsafe.SliceData(b)))), nbytes: uint64(len(b))}
	for {
		n, _, errno := syscall.RawSyscall(syscall.SYS_IO_SUBMIT, a.ctx(), 1, uintptr(unsafe.Pointer(&cb)))
		switch {
		case errno == syscall.EINTR || errno == syscall.EAGAIN:
			continue
		case errno != 0:
			return os.NewSyscallError("io_submit", errno)
		case n != 1:
			return os.NewSyscallError("io_submit", syscall.EIO)
		}
		return nil
	}
}

// wait waits for the write in flight to end: how many bytes it wrote.
// When the write has ended (its event is in the ring), it takes the event
// from the ring itself, as libaio's and fio's reapers do, without a system
// call. Why: a batch's worker waits once a node, and io_getevents entered
// the scheduler's system call state, whose P the runtime's monitor took
// when the call lasted past its 20 µs tick, and then went on polling at
// 20 µs (as file's comment says); a write that ended costs neither.
func (a *aio) wait() (int, error) {
	var ev ioEvent
	for !a.reap(&ev) {
		n, _, errno := syscall.Syscall6(syscall.SYS_IO_GETEVENTS, a.ctx(), 1, 1, uintptr(unsafe.Pointer(&ev)), 0, 0)
		if errno == 0 && n == 1 {
			break
		}
		if errno != 0 && errno != syscall.EINTR {
			return 0, os.NewSyscallError("io_getevents", errno)
		}
	}
	if ev.res < 0 {
		return 0, os.NewSyscallError("write", syscall.Errno(-ev.res))
	}
	return int(ev.res), nil
}

// reap takes the ring's next event into ev, if there is one; false when
// there is none, or the ring is not of the layout aioRing knows (then
// io_getevents reads it). The kernel reads head from the ring when it
// takes events itself (aio_read_events_ring) and when it counts the free
// places for submissions.
func (a *aio) reap(ev *ioEvent) bool {
	r := a.ring
	if r.magic != aioRingMagic || r.incompat != 0 || r.headerSize != uint32(unsafe.Offsetof(r.events)) || r.nr == 0 || int(r.nr) > len(r.events) {
		return false
	}
	head := atomic.LoadUint32(&r.head)
	if head == atomic.LoadUint32(&r.tail) { // the load orders the event's after it
		return false
	}
	head %= r.nr
	*ev = r.events[head]
	atomic.StoreUint32(&r.head, (head+1)%r.nr)
	return true
}
