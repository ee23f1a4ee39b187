package erb

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Writing the compiling machine's file system, as module Ruby does to
// keep data between compiles (extlib's cache_data under Puppet's vardir):
// File.open (with a block: the file closed after it), File.write,
// File.chown, File.stat and FileUtils.mkdir_p. A catalog binary runs on
// the compiling machine, where Puppet would write the same files; a path
// inside a module's directory is read from what the build compiled in
// (m_fs.go), and is not written.

var (
	ClassFileUtils = newModule("FileUtils")
	ClassFileStat  = newClass("File::Stat", ClassObject, ClassComparable)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassFileUtils, ClassFileStat} {
			g.class(c.Name, c)
		}
		g.library("fileutils")
		g.library("etc")
	})
	withBlock([]blockMethod{
		{"open", (*R).Open},
	})
	plain([]plainMethod{
		{"chown", (*R).Chown},
		{"stat", (*R).Stat},
		{"mkdir_p", (*R).MkdirP},
		{"uid", (*R).Uid},
		{"gid", (*R).Gid},
		{"mode", (*R).Mode},
	})
}

// writablePath is a path argument the function may write: outside the
// modules' directories.
func (r *R) writablePath(v Value) string {
	p := pathArg(v)
	if _, in := r.moduleEntry(p); in {
		raise(ClassNotImplementedError, "pp2go: %s is inside a module's directory, which the catalog binary does not write", p)
	}
	return p
}

// openFlags are the os flags of a File.open mode string ("r", "w", "a",
// with "+" to read and write; "b" and "t" change nothing here).
func openFlags(mode string) int {
	m := strings.NewReplacer("b", "", "t", "").Replace(mode)
	if i := strings.IndexByte(m, ':'); i >= 0 {
		m = m[:i] // an encoding
	}
	flags := map[string]int{
		"r": os.O_RDONLY, "r+": os.O_RDWR,
		"w": os.O_WRONLY | os.O_CREATE | os.O_TRUNC, "w+": os.O_RDWR | os.O_CREATE | os.O_TRUNC,
		"a": os.O_WRONLY | os.O_CREATE | os.O_APPEND, "a+": os.O_RDWR | os.O_CREATE | os.O_APPEND,
	}
	f, ok := flags[m]
	if !ok {
		argError("invalid access mode %s", mode)
	}
	return f
}

// Open is File.open(path[, mode[, perm]]): the open File, or with a
// block the block's value, the file closed after it (however the block
// ends).
func (r *R) Open(recv Value, b *Block, args ...Value) Value {
	classRecv("open", recv, ClassFile)
	arity(args, 1, 3)
	mode, perm := "r", int64(0o666)
	if len(args) > 1 && args[1] != nil {
		mode = pathArg(args[1])
	}
	if len(args) > 2 && args[2] != nil {
		n, ok := args[2].(int64)
		if !ok {
			implicitConversion(args[2], "Integer")
		}
		perm = n
	}
	flags := openFlags(mode)
	var p string
	if flags == os.O_RDONLY {
		p = pathArg(args[0])
		if e, ok := r.moduleEntry(p); ok && e.Exists && !e.Dir {
			raise(ClassNotImplementedError, "pp2go: File.open of %s, inside a module's directory (File.read reads it)", p)
		}
	} else {
		p = r.writablePath(args[0])
	}
	f, err := os.OpenFile(p, flags, os.FileMode(perm))
	if err != nil {
		sysError(err, "rb_sysopen", p)
	}
	file := &ioFile{f: f, path: p, class: ClassFile}
	if b == nil {
		return file
	}
	defer file.close()
	return b.Call(file)
}

func (t *ioFile) close() {
	if t.f != nil {
		t.f.Close()
		t.f = nil
	}
}

// fileWrite is File.write(path, string): the file replaced by the string
// (created with mode 0666 less the umask); the bytes written.
func (r *R) fileWrite(args []Value) Value {
	arity(args, 2, 2)
	p := r.writablePath(args[0])
	data := ToS(args[1])
	if err := os.WriteFile(p, []byte(data), 0o666); err != nil {
		sysError(err, "rb_sysopen", p)
	}
	return int64(len(data))
}

// readAll is IO#read of an open File: the rest of it.
func (t *ioFile) readAll() Value {
	if t.f == nil {
		raise(ClassIOError, "closed stream")
	}
	b, err := io.ReadAll(t.f)
	if err != nil {
		raise(ClassIOError, "not opened for reading")
	}
	return S(string(b))
}

// ownerID is an owner or group argument of chown: nil or -1 leave it.
func ownerID(v Value) int {
	if v == nil {
		return -1
	}
	n, ok := v.(int64)
	if !ok {
		implicitConversion(v, "Integer")
	}
	return int(n)
}

// Chown is File.chown(owner, group, *paths): each file's owner and group
// changed (nil or -1 leaves one as it is); the number of files.
func (r *R) Chown(recv Value, args ...Value) Value {
	classRecv("chown", recv, ClassFile)
	arity(args, 2, -1)
	uid, gid := ownerID(args[0]), ownerID(args[1])
	for _, a := range args[2:] {
		p := r.writablePath(a)
		if err := os.Chown(p, uid, gid); err != nil {
			sysError(err, "apply2files", p)
		}
	}
	return int64(len(args) - 2)
}

// fileStat is a File::Stat.
type fileStat struct {
	uid, gid int64
	mode     int64
}

func (*fileStat) rubyClass() *Class   { return ClassFileStat }
func (*fileStat) rubyInspect() string { return "#<File::Stat>" }
func (s *fileStat) rubyToS() string   { return s.rubyInspect() }
func statRecv(name string, recv Value) *fileStat {
	s, ok := recv.(*fileStat)
	if !ok {
		noMethod(name, recv)
	}
	return s
}

// Stat is File.stat(path), following links.
func (r *R) Stat(recv Value, args ...Value) Value {
	classRecv("stat", recv, ClassFile)
	arity(args, 1, 1)
	p := pathArg(args[0])
	if _, in := r.moduleEntry(p); in {
		raise(ClassNotImplementedError, "pp2go: File.stat of %s, inside a module's directory", p)
	}
	fi, err := os.Stat(p)
	if err != nil {
		sysError(err, "rb_file_s_stat", p)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		raise(ClassNotImplementedError, "pp2go: File.stat on this system")
	}
	return &fileStat{uid: int64(st.Uid), gid: int64(st.Gid), mode: int64(st.Mode)}
}

// Uid, Gid and Mode are File::Stat#uid, #gid and #mode.
func (r *R) Uid(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	return statRecv("uid", recv).uid
}

func (r *R) Gid(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	return statRecv("gid", recv).gid
}

func (r *R) Mode(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	return statRecv("mode", recv).mode
}

// MkdirP is FileUtils.mkdir_p(path or paths): each directory made with
// the missing ones above it (an existing directory is no error); the
// paths, as an Array. Like Ruby's, it makes the missing directories top
// down, and a failure is the error of the one that failed.
func (r *R) MkdirP(recv Value, args ...Value) Value {
	classRecv("mkdir_p", recv, ClassFileUtils)
	arity(args, 1, 2) // the options (mode:, noop:, verbose:) are not read
	var list []Value
	if a, ok := args[0].(*Array); ok {
		list = a.A
	} else {
		list = []Value{args[0]}
	}
	isDir := func(p string) bool { fi, err := os.Stat(p); return err == nil && fi.IsDir() }
	for _, item := range list {
		path := r.writablePath(item)
		if len(path) > 1 {
			path = strings.TrimRight(path, "/")
		}
		var stack []string
		for !isDir(path) && filepath.Dir(path) != path {
			stack = append(stack, path)
			path = filepath.Dir(path)
		}
		for i := len(stack) - 1; i >= 0; i-- {
			if err := os.Mkdir(stack[i], 0o777); err != nil && !isDir(stack[i]) {
				sysError(err, "dir_s_mkdir", stack[i])
			}
		}
	}
	return &Array{A: append([]Value(nil), list...)}
}
