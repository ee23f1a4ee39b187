package codegen

import (
	"errors"
	"io"
	"os"
	"path/filepath"
)

// SettleChunk is the size of SettleBinary's writes: the kernel's
// fault-around (64 KiB), which maps that much of a file around a page
// its process first touches.
const SettleChunk = 64 << 10

// SettleBinary rewrites a catalog binary go build linked (pp2go build's,
// and the conformance tests' as pp2go build builds them) in writes of
// SettleChunk to a file beside it that it then renames over it: the
// file's pages are then in the page cache as the writes left them, in
// blocks of 64 KiB where the filesystem keeps a file's pages in blocks
// (large folios: ext4 from Linux 6.16, XFS), one for each 16 pages.
//
// The linker writes the binary through a memory mapping, and its pages
// stay in the cache one by one. Each run of the binary maps some 4,300 of
// them (its code, its constant data and the runtime's tables as it
// touches them, the library's code at once: rt/internal/prefault), and
// unmaps them as it exits; the kernel does the bookkeeping of each
// mapped block once, not once a page. Keystone one-shot compile, 80
// interleaved runs of each (December 2026, Linux 6.18, ext4): median
// 11.10 ms as linked, 9.23 ms rewritten in 64 KiB writes (system time
// 7.10 -> 4.61 ms), with the same page faults and peak RSS (27.6 and
// 27.5 MiB). Blocks larger than fault-around are mapped whole (Linux maps
// a large folio's pages together): 128 KiB writes gave 9.15 ms and 29.8
// MiB, 256 KiB 8.87 ms and 32.8 MiB, over the 30 MiB a compile may take.
// Where the filesystem keeps pages one by one (tmpfs, ext4 before 6.16)
// it is a copy, tens of milliseconds.
func SettleBinary(path string) error {
	src, err := os.Open(path)
	if err != nil {
		return err
	}
	defer src.Close()
	info, err := src.Stat()
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	// not io.Copy: it would copy with copy_file_range, whose writes are
	// not SettleChunk's
	buf := make([]byte, SettleChunk)
	for err == nil {
		var n int
		n, err = io.ReadFull(src, buf)
		if n > 0 {
			if _, werr := tmp.Write(buf[:n]); werr != nil {
				err = werr
			}
		}
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = tmp.Chmod(info.Mode().Perm())
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
