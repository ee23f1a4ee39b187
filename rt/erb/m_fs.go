package erb

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"sort"
	"strings"
	"syscall"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/rubyglob"
)

// The file system as module Ruby reads it: File.exist?, File.file?,
// File.directory?, File.read, File.readlines and Dir.glob.
//
// A Puppet function runs on the compiling machine, and so does a catalog
// binary: a path the function is given or computes (a certificate under
// /etc, a glob of /etc/*.conf) is read from this machine's disk, as
// Puppet reads it. A path inside a module's directory is different: the
// binary runs without the environment's directory, so those are answered
// from what the build compiled in (the module's directory as the build
// found it, its metadata.json and its files/, lib/, facts.d/, locales/),
// through the scope's ModuleFile; a part of a module the binary does not
// carry is an error naming the path, never a guess.

var (
	ClassDir            = newClass("Dir", ClassObject, ClassEnumerable)
	ClassSystemCallErr  = newClass("SystemCallError", ClassStandardError)
	ClassErrnoENOENT    = newClass("Errno::ENOENT", ClassSystemCallErr)
	ClassErrnoEISDIR    = newClass("Errno::EISDIR", ClassSystemCallErr)
	ClassErrnoEACCES    = newClass("Errno::EACCES", ClassSystemCallErr)
	ClassErrnoENOTDIR   = newClass("Errno::ENOTDIR", ClassSystemCallErr)
	ClassErrnoEEXIST    = newClass("Errno::EEXIST", ClassSystemCallErr)
	ClassErrnoEPERM     = newClass("Errno::EPERM", ClassSystemCallErr)
	ClassErrnoOtherFail = newClass("Errno::EIO", ClassSystemCallErr)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassDir, ClassSystemCallErr, ClassErrnoENOENT, ClassErrnoEISDIR, ClassErrnoEACCES, ClassErrnoENOTDIR, ClassErrnoEEXIST, ClassErrnoEPERM, ClassErrnoOtherFail} {
			g.class(c.Name, c)
		}
	})
	plain([]plainMethod{
		{"exist?", (*R).ExistQ},
		{"exists?", (*R).ExistsQ},
		{"file?", (*R).FileQ},
		{"readable?", (*R).ReadableQ},
		{"directory?", (*R).DirectoryQ},
		{"read", (*R).Read},
		{"readlines", (*R).Readlines},
		{"glob", (*R).Glob},
		{"expand_path", (*R).ExpandPath},
	})
}

// ModuleFiles is implemented by scopes that answer for the paths inside
// the modules' directories from what the build compiled in
// (fn.ModuleFiles).
type ModuleFiles interface {
	ModuleFile(path string) (fn.ModuleEntry, bool)
}

// pathArg is a path argument: a String (TypeError otherwise, as Ruby's
// implicit conversion).
func pathArg(v Value) string {
	s, ok := v.(*Str)
	if !ok {
		implicitConversion(v, "String")
	}
	return s.S
}

// moduleEntry is the compiled-in entry at p when p is inside a module's
// directory (ok false otherwise); a part the binary does not carry raises.
func (r *R) moduleEntry(p string) (fn.ModuleEntry, bool) {
	mf, ok := r.scope.(ModuleFiles)
	if !ok || !strings.HasPrefix(p, "/") {
		return fn.ModuleEntry{}, false
	}
	e, in := mf.ModuleFile(p)
	if in && !e.Known {
		raise(ClassNotImplementedError, "pp2go: %s is inside a module's directory, in a part the catalog binary does not carry (it carries a module's metadata.json, files/, lib/, facts.d/, locales/ and templates/)", p)
	}
	return e, in
}

// stat reports whether p exists and is a directory, following links.
func (r *R) stat(p string) (exists, dir bool) {
	if p == "" {
		return false, false
	}
	if e, ok := r.moduleEntry(p); ok {
		return e.Exists, e.Dir
	}
	st, err := os.Stat(p)
	if err != nil {
		return false, false
	}
	return true, st.IsDir()
}

// ExistQ is File.exist?(path) (Dir.exist?: a directory).
func (r *R) ExistQ(recv Value, args ...Value) Value {
	c := classRecv("exist?", recv, ClassFile, ClassDir)
	arity(args, 1, 1)
	ok, dir := r.stat(pathArg(args[0]))
	if c == ClassDir {
		return ok && dir
	}
	return ok
}

// ExistsQ is File.exists?, Ruby 3.1's deprecated alias of exist?.
func (r *R) ExistsQ(recv Value, args ...Value) Value {
	classRecv("exists?", recv, ClassFile, ClassDir)
	return r.ExistQ(recv, args...)
}

// FileQ is File.file?(path): a regular file (after links).
func (r *R) FileQ(recv Value, args ...Value) Value {
	classRecv("file?", recv, ClassFile)
	arity(args, 1, 1)
	p := pathArg(args[0])
	if e, ok := r.moduleEntry(p); ok {
		return e.Exists && !e.Dir
	}
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// ReadableQ is File.readable?(path): whether the process can read it (a
// module's file, which the build read, can).
func (r *R) ReadableQ(recv Value, args ...Value) Value {
	classRecv("readable?", recv, ClassFile)
	arity(args, 1, 1)
	p := pathArg(args[0])
	if e, ok := r.moduleEntry(p); ok {
		return e.Exists
	}
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// DirectoryQ is File.directory?(path).
func (r *R) DirectoryQ(recv Value, args ...Value) Value {
	classRecv("directory?", recv, ClassFile, ClassDir)
	arity(args, 1, 1)
	_, dir := r.stat(pathArg(args[0]))
	return dir
}

// readFile is the content of the file at p, raising Ruby's Errno errors
// (op names the C function Ruby's message cites for a directory).
func (r *R) readFile(p, op string) string {
	if e, ok := r.moduleEntry(p); ok {
		switch {
		case !e.Exists:
			raise(ClassErrnoENOENT, "No such file or directory @ rb_sysopen - %s", p)
		case e.Dir:
			raise(ClassErrnoEISDIR, "Is a directory @ %s - %s", op, p)
		}
		return string(e.Data)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		var errno syscall.Errno
		if errors.As(err, &errno) && errno == syscall.EISDIR {
			raise(ClassErrnoEISDIR, "Is a directory @ %s - %s", op, p)
		}
		sysError(err, "rb_sysopen", p)
	}
	return string(b)
}

// sysError raises the Errno error Ruby raises for err, a failure of the C
// function op (rb_sysopen, dir_s_mkdir, ...) on path p.
func sysError(err error, op, p string) {
	var errno syscall.Errno
	switch {
	case errors.Is(err, fs.ErrNotExist):
		raise(ClassErrnoENOENT, "No such file or directory @ %s - %s", op, p)
	case errors.Is(err, fs.ErrExist):
		raise(ClassErrnoEEXIST, "File exists @ %s - %s", op, p)
	case errors.As(err, &errno) && errno == syscall.EISDIR:
		raise(ClassErrnoEISDIR, "Is a directory @ %s - %s", op, p)
	case errors.As(err, &errno) && errno == syscall.EPERM:
		raise(ClassErrnoEPERM, "Operation not permitted @ %s - %s", op, p)
	case errors.Is(err, fs.ErrPermission):
		raise(ClassErrnoEACCES, "Permission denied @ %s - %s", op, p)
	case errors.As(err, &errno) && errno == syscall.ENOTDIR:
		raise(ClassErrnoENOTDIR, "Not a directory @ %s - %s", op, p)
	}
	raise(ClassErrnoOtherFail, "%s @ %s - %s", err.Error(), op, p)
}

// Read is File.read(path): the whole file; StringIO#read and
// URI::HTTP#read (openuri.go).
func (r *R) Read(recv Value, args ...Value) Value {
	switch x := recv.(type) {
	case *stringIO:
		arity(args, 0, 0)
		return S(x.readRest())
	case *ioFile:
		arity(args, 0, 0)
		return x.readAll()
	case *uriGeneric:
		arity(args, 0, 0)
		return uriRead(x)
	}
	classRecv("read", recv, ClassFile)
	if len(args) != 1 {
		raise(ClassNotImplementedError, "pp2go: File.read with a length, offset or options")
	}
	return S(r.readFile(pathArg(args[0]), "io_fread"))
}

// Readlines is File.readlines(path): the lines, each with its "\n".
func (r *R) Readlines(recv Value, args ...Value) Value {
	classRecv("readlines", recv, ClassFile)
	if len(args) != 1 {
		raise(ClassNotImplementedError, "pp2go: File.readlines with a separator, limit or options")
	}
	p := pathArg(args[0])
	data := r.readFile(p, "io_fillbuf - fd:5")
	out := NewArray()
	for len(data) > 0 {
		i := strings.IndexByte(data, '\n')
		if i < 0 {
			out.A = append(out.A, S(data))
			break
		}
		out.A = append(out.A, S(data[:i+1]))
		data = data[i+1:]
	}
	return out
}

// Glob is Dir.glob(pattern) (pattern a String or an Array of them): the
// matching paths as Ruby 3.1 lists them, each directory's entries sorted,
// braces expanded first, * and ? not matching a leading dot, **/ any
// depth of directories that are not hidden.
func (r *R) Glob(recv Value, args ...Value) Value {
	classRecv("glob", recv, ClassDir)
	if len(args) != 1 {
		raise(ClassNotImplementedError, "pp2go: Dir.glob with flags or options")
	}
	var pats []string
	if a, ok := args[0].(*Array); ok {
		for _, p := range a.A {
			pats = append(pats, pathArg(p))
		}
	} else {
		pats = append(pats, pathArg(args[0]))
	}
	out := NewArray()
	for _, p := range pats {
		for _, q := range rubyglob.ExpandBraces(p) {
			r.globOne(q, func(m string) { out.A = append(out.A, S(m)) })
		}
	}
	return out
}

// DirGlob is Dir.glob(patterns) for Go code (stdlib's glob() written in
// Go): the matches, or the error Ruby would raise.
func DirGlob(s Scope, patterns []string) (out []string, err error) {
	defer func() {
		if p := recover(); p != nil {
			re, ok := p.(*RubyError)
			if !ok {
				panic(p)
			}
			err = errors.New(re.Settle(ScopeMajor(s)).Msg)
		}
	}()
	r := New(s)
	for _, p := range patterns {
		for _, q := range rubyglob.ExpandBraces(p) {
			r.globOne(q, func(m string) { out = append(out, m) })
		}
	}
	return out, nil
}

// globMagic reports whether a pattern segment has wildcards.
func globMagic(seg string) bool { return strings.ContainsAny(seg, "*?[") }

// globUnescape removes a segment's backslash escapes.
func globUnescape(seg string) string {
	if !strings.Contains(seg, `\`) {
		return seg
	}
	var b strings.Builder
	for i := 0; i < len(seg); i++ {
		if seg[i] == '\\' && i+1 < len(seg) {
			i++
		}
		b.WriteByte(seg[i])
	}
	return b.String()
}

// globSegment compiles a segment's wildcards as fnmatch without flags
// (globMatch keeps a leading dot to a literal one).
func globSegment(seg string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	for i := 0; i < len(seg); i++ {
		c := seg[i]
		switch c {
		case '*':
			b.WriteString(`.*`)
		case '?':
			b.WriteString(`.`)
		case '[':
			j := i + 1
			if j < len(seg) && (seg[j] == '!' || seg[j] == '^') {
				j++
			}
			if j < len(seg) && seg[j] == ']' {
				j++
			}
			for j < len(seg) && seg[j] != ']' {
				j++
			}
			if j >= len(seg) {
				b.WriteString(`\[`)
				continue
			}
			class := seg[i+1 : j]
			neg := strings.HasPrefix(class, "!") || strings.HasPrefix(class, "^")
			if neg {
				class = class[1:]
			}
			b.WriteByte('[')
			if neg {
				b.WriteByte('^')
			}
			for k := 0; k < len(class); k++ {
				switch class[k] {
				case '\\':
					if k+1 < len(class) {
						k++
						b.WriteString(regexp.QuoteMeta(class[k : k+1]))
					}
				case '-':
					b.WriteByte('-')
				case '[', ']', '^':
					b.WriteByte('\\')
					b.WriteByte(class[k])
				default:
					b.WriteString(regexp.QuoteMeta(class[k : k+1]))
				}
			}
			b.WriteByte(']')
			i = j
		case '\\':
			if i+1 < len(seg) {
				i++
			}
			b.WriteString(regexp.QuoteMeta(seg[i : i+1]))
		default:
			b.WriteString(regexp.QuoteMeta(seg[i : i+1]))
		}
	}
	b.WriteString(`\z`)
	return regexp.MustCompile(b.String())
}

// globSegMatch is a segment, with or without wildcards, against an
// entry's name.
func globSegMatch(seg, name string) bool {
	if globMagic(seg) {
		return globMatch(seg, name)
	}
	return globUnescape(seg) == name
}

// globMatch is fnmatch of one segment against a directory entry's name.
func globMatch(seg, name string) bool {
	if name[0] == '.' && (seg == "" || seg[0] != '.') {
		return false
	}
	return globSegment(seg).MatchString(name)
}

// globOne lists the matches of one pattern without braces.
func (r *R) globOne(p string, emit func(string)) {
	if p == "" {
		return
	}
	segs := strings.Split(p, "/")
	root := ""
	if segs[0] == "" {
		root, segs = "/", segs[1:]
	}
	magic := false
	for _, s := range segs {
		if globMagic(s) {
			magic = true
		}
	}
	if !magic {
		// a literal path: itself when it exists, as it is written
		lit := globUnescape(p)
		if ok, dir := r.stat(lit); ok && (!strings.HasSuffix(lit, "/") || dir) {
			emit(lit)
		}
		return
	}
	// the directories before the first wildcard: inside a module's
	// directory, the binary cannot list them
	prefix := root
	for _, s := range segs {
		if globMagic(s) {
			break
		}
		prefix = globJoin(prefix, globUnescape(s))
	}
	if prefix != "" {
		r.readDirCheck(prefix)
	}
	r.globDir(root, segs, emit)
}

// globJoin is dir/name as Ruby's glob builds it ("" is the working
// directory, whose entries it names bare).
func globJoin(dir, name string) string {
	switch {
	case dir == "":
		return name
	case strings.HasSuffix(dir, "/"):
		return dir + name
	}
	return dir + "/" + name
}

// globDir matches segs against the entries below dir.
func (r *R) globDir(dir string, segs []string, emit func(string)) {
	if len(segs) == 0 {
		emit(dir)
		return
	}
	seg := segs[0]
	switch {
	case len(segs) == 1 && seg == "":
		// a trailing slash: the directory itself, named with it (not
		// the working directory)
		if dir == "" {
			return
		}
		if _, isDir := r.stat(globDirName(dir)); isDir {
			emit(strings.TrimSuffix(dir, "/") + "/")
		}
	case seg == "**" && len(segs) > 1:
		rest := segs[1:]
		if len(rest) == 1 && rest[0] == "" {
			r.globDir(dir, rest, emit)
		}
		for _, name := range r.readDir(dir) {
			if name == "." {
				continue
			}
			full := globJoin(dir, name)
			if !(len(rest) == 1 && rest[0] == "") && globSegMatch(rest[0], name) {
				// no directory for **: the entry against what follows
				r.globEntry(full, name, rest[1:], emit)
			}
			if name[0] != '.' && r.isRealDir(full) {
				r.globDir(full, segs, emit)
			}
		}
	case !globMagic(seg):
		full := globJoin(dir, globUnescape(seg))
		if len(segs) == 1 {
			if ok, _ := r.stat(full); ok {
				emit(full)
			}
			return
		}
		if _, isDir := r.stat(full); isDir {
			r.globDir(full, segs[1:], emit)
		}
	default:
		for _, name := range r.readDir(dir) {
			if globMatch(seg, name) {
				r.globEntry(globJoin(dir, name), name, segs[1:], emit)
			}
		}
	}
}

// globEntry continues a match at an entry: emitted when no segment
// remains, else searched when it is a directory.
func (r *R) globEntry(full, name string, rest []string, emit func(string)) {
	if len(rest) == 0 {
		emit(full)
		return
	}
	if rest[0] == "" && len(rest) == 1 {
		if _, isDir := r.stat(full); isDir {
			emit(full + "/")
		}
		return
	}
	if _, isDir := r.stat(full); isDir {
		r.globDir(full, rest, emit)
	}
}

func globDirName(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// isRealDir reports whether p is a directory and not a link to one
// (**/ does not follow links).
func (r *R) isRealDir(p string) bool {
	if e, ok := r.moduleEntry(p); ok {
		return e.Dir
	}
	st, err := os.Lstat(p)
	return err == nil && st.IsDir()
}

// readDirCheck raises when a glob would list a directory inside a
// module's.
func (r *R) readDirCheck(d string) {
	if _, ok := r.moduleEntry(path.Clean(d)); ok {
		raise(ClassNotImplementedError, "pp2go: Dir.glob of %s, inside a module's directory: the catalog binary does not list the module's files", d)
	}
}

// readDir is a directory's entry names, sorted, with "." (which a
// pattern's leading dot matches); none when it cannot be read.
func (r *R) readDir(dir string) []string {
	d := globDirName(dir)
	r.readDirCheck(d)
	ents, err := os.ReadDir(d)
	if err != nil {
		return nil
	}
	names := []string{"."}
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// ModuleFinder is implemented by scopes that know the environment's
// modules (fn.FileFinder's ModuleDirectory) and its name.
type ModuleFinder interface {
	ModuleDirectory(name string) (string, bool)
	Environment() string
}

// ClassPuppetModule is Puppet::Module, a module of the environment.
var ClassPuppetModule = newClass("Puppet::Module", ClassObject)

// puppetModule is a Puppet::Module: its name and directory.
type puppetModule struct{ name, path string }

func (*puppetModule) rubyClass() *Class { return ClassPuppetModule }
func (m *puppetModule) rubyInspect() string {
	return "Module " + m.name + "(" + m.path + ")"
}
func (m *puppetModule) rubyToS() string { return m.rubyInspect() }

// PuppetModuleFind is Puppet::Module.find(name [, environment]): the
// module of that name on the module path, nil when there is none. The
// binary knows one environment, the one it compiles for.
func (r *R) PuppetModuleFind(args ...Value) Value {
	arity(args, 1, 2)
	if args[0] == nil || args[0] == false {
		return nil
	}
	mf, ok := r.scope.(ModuleFinder)
	if !ok {
		raise(ClassNotImplementedError, "pp2go: this scope does not know the environment's modules")
	}
	name := ToS(args[0])
	dir, found := mf.ModuleDirectory(name)
	if !found {
		return nil
	}
	return &puppetModule{name: name, path: dir}
}

// PuppetFindTemplate is Puppet::Parser::Files.find_template(name, env):
// an absolute name as it is; "module/path" the path of that file in the
// module's templates/ when the environment has the module and the file
// exists (what the build compiled in); else nil.
func (r *R) PuppetFindTemplate(args ...Value) Value {
	arity(args, 2, 2)
	ref := args[0]
	if r.puppetAbsolutePath(ref) {
		return ref
	}
	// split_file_path: nil for "" (and an absolute path), else the
	// module and the rest
	var mod, file Value
	if s, ok := ref.(*Str); ok && s.S == "" {
		// no module
	} else if !r.puppetAbsolutePath(ref) {
		if !ok {
			// path.split in Puppet's files.rb, whose line Ruby 3.1's
			// error_highlight adds to the message (3.3's does not)
			msg := "undefined method `split' for " + describeForError(ref)
			if r.ruby31() {
				msg += "\n\n      path.split(File::SEPARATOR, 2)\n          ^^^^^^"
			}
			raise(ClassNoMethodError, "%s", msg)
		}
		m, f, cut := strings.Cut(s.S, "/")
		mod = S(m)
		if cut {
			file = S(f)
		}
	}
	// environment.module(name)
	if _, ok := args[1].(*environmentObject); !ok {
		noMethod("module", args[1])
	}
	if file == nil || mod == nil {
		return nil
	}
	mf, ok := r.scope.(ModuleFinder)
	if !ok {
		raise(ClassNotImplementedError, "pp2go: this scope does not know the environment's modules")
	}
	dir, found := mf.ModuleDirectory(ToS(mod))
	if !found {
		return nil
	}
	p := fileJoin([]Value{S(dir + "/templates"), file})
	if exists, _ := r.stat(p); !exists {
		return nil
	}
	return S(p)
}

// puppetAbsolutePath is Puppet::Util.absolute_path?(path) on POSIX: a
// line of the String starts with "/"; another value warns and is not.
func (r *R) puppetAbsolutePath(v Value) bool {
	s, ok := v.(*Str)
	if !ok {
		r.PuppetLog("warning", S(fmt.Sprintf("Cannot check if %s is an absolute path because it is a '%s' and not a String'", ToS(v), classOf(v).Name)))
		return false
	}
	return strings.HasPrefix(s.S, "/") || strings.Contains(s.S, "\n/")
}

// compilerObject is a 3.x function's compiler (Puppet::Parser::Compiler),
// environmentObject its environment, whose to_s is its name.
type compilerObject struct{}
type environmentObject struct{ name string }

var (
	ClassPuppetCompiler    = newClass("Puppet::Parser::Compiler", ClassObject)
	ClassPuppetEnvironment = newClass("Puppet::Node::Environment", ClassObject)
)

func (*compilerObject) rubyClass() *Class        { return ClassPuppetCompiler }
func (*compilerObject) rubyInspect() string      { return "#<Puppet::Parser::Compiler>" }
func (c *compilerObject) rubyToS() string        { return c.rubyInspect() }
func (*environmentObject) rubyClass() *Class     { return ClassPuppetEnvironment }
func (e *environmentObject) rubyInspect() string { return "<Puppet::Node::Environment:" + e.name + ">" }
func (e *environmentObject) rubyToS() string     { return e.name }

// Compiler is a 3.x function's compiler method.
func (r *R) Compiler() Value { return &compilerObject{} }

func init() {
	plain([]plainMethod{
		{"path", (*R).Path},
		{"environment", (*R).Environment},
	})
}

// Environment is compiler.environment: the environment compiled for.
func (r *R) Environment(recv Value, args ...Value) Value {
	if _, ok := recv.(*compilerObject); !ok {
		noMethod("environment", recv)
	}
	arity(args, 0, 0)
	name := "production"
	if mf, ok := r.scope.(ModuleFinder); ok {
		name = mf.Environment()
	}
	return &environmentObject{name: name}
}

// Path is #path of a Puppet::Module (its directory) or a URI.
func (r *R) Path(recv Value, args ...Value) Value {
	arity(args, 0, 0)
	switch x := recv.(type) {
	case *puppetModule:
		return S(x.path)
	case *ioFile:
		if x.path == "" {
			return nil
		}
		return S(x.path)
	case *uriGeneric:
		// nil for an opaque URI (mailto:a@b)
		if x.path == nil {
			return nil
		}
		if x.isFTP() {
			// URI::FTP#path: without the leading "/", "%2F" for "/"
			p := strings.TrimPrefix(ToS(x.path), "/")
			if rest, ok := strings.CutPrefix(p, "%2F"); ok {
				p = "/" + rest
			}
			return S(p)
		}
		return S(ToS(x.path))
	}
	noMethod("path", recv)
	return nil
}

// ExpandPath is File.expand_path(path [, dir]): absolute, with "~" the
// home directory, "." and ".." resolved, repeated slashes made one except
// the leading ones (Ruby keeps "//a" as it is).
func (r *R) ExpandPath(recv Value, args ...Value) Value {
	classRecv("expand_path", recv, ClassFile)
	arity(args, 1, 2)
	return S(r.expandPath(pathArg(args[0]), args[1:]))
}

func (r *R) expandPath(p string, dir []Value) string {
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		home, ok := r.Getenv(S("HOME")).(*Str)
		if !ok {
			argError("couldn't find login name -- expanding `~'")
		}
		p = home.S + p[1:]
	case strings.HasPrefix(p, "~"):
		raise(ClassNotImplementedError, "pp2go: File.expand_path of another user's home (%s)", p)
	case !strings.HasPrefix(p, "/"):
		base := ""
		if len(dir) == 1 && dir[0] != nil {
			base = r.expandPath(pathArg(dir[0]), nil)
		} else {
			wd, err := os.Getwd()
			if err != nil {
				raise(ClassErrnoENOENT, "No such file or directory - getcwd")
			}
			base = wd
		}
		p = base + "/" + p
	}
	lead := len(p) - len(strings.TrimLeft(p, "/"))
	var parts []string
	for _, seg := range strings.Split(p[lead:], "/") {
		switch seg {
		case "", ".":
		case "..":
			if len(parts) > 0 {
				parts = parts[:len(parts)-1]
			}
		default:
			parts = append(parts, seg)
		}
	}
	return strings.Repeat("/", lead) + strings.Join(parts, "/")
}

// loadersObject is a compiler's loaders (Puppet::Pops::Loaders),
// loaderObject its private environment loader, functionObject a function
// the loader found.
type (
	loadersObject  struct{}
	loaderObject   struct{}
	functionObject struct{ name string }
)

var (
	ClassPuppetLoaders  = newClass("Puppet::Pops::Loaders", ClassObject)
	ClassPuppetLoader   = newClass("Puppet::Pops::Loader::DependencyLoader", ClassObject)
	ClassPuppetFunction = newClass("Puppet::Functions::Function", ClassObject)
)

func (*loadersObject) rubyClass() *Class      { return ClassPuppetLoaders }
func (*loadersObject) rubyInspect() string    { return "#<Puppet::Pops::Loaders>" }
func (x *loadersObject) rubyToS() string      { return x.rubyInspect() }
func (*loaderObject) rubyClass() *Class       { return ClassPuppetLoader }
func (*loaderObject) rubyInspect() string     { return "(DependencyLoader 'environment private')" }
func (x *loaderObject) rubyToS() string       { return x.rubyInspect() }
func (*functionObject) rubyClass() *Class     { return ClassPuppetFunction }
func (x *functionObject) rubyInspect() string { return "#<Puppet::Functions::Function " + x.name + ">" }
func (x *functionObject) rubyToS() string     { return x.rubyInspect() }

// FunctionLoader is implemented by scopes that know which functions the
// environment has (its loaders find them: 4.x, 3.x and Puppet-language
// functions of the modules and of Puppet).
type FunctionLoader interface {
	HasFunction(name string) bool
}

func init() {
	plain([]plainMethod{
		{"loaders", (*R).Loaders},
		{"private_environment_loader", (*R).PrivateEnvironmentLoader},
	})
}

// ScopeCompiler is scope.compiler on the scope as a value (an
// InternalFunction's scope_param).
func (r *R) ScopeCompiler(recv Value) Value {
	if _, ok := recv.(*scopeObject); ok {
		return &compilerObject{}
	}
	return r.NoMethod(recv, "compiler")
}

// Loaders is Puppet::Parser::Compiler#loaders.
func (r *R) Loaders(recv Value, args ...Value) Value {
	if _, ok := recv.(*compilerObject); !ok {
		return r.NoMethod(recv, "loaders", args...)
	}
	arity(args, 0, 0)
	return &loadersObject{}
}

// PrivateEnvironmentLoader is Loaders#private_environment_loader.
func (r *R) PrivateEnvironmentLoader(recv Value, args ...Value) Value {
	if _, ok := recv.(*loadersObject); !ok {
		return r.NoMethod(recv, "private_environment_loader", args...)
	}
	arity(args, 0, 0)
	return &loaderObject{}
}

// loaderLoad is Loader#load(:function, name): the function the
// environment has under that name (names are case-insensitive), nil when
// there is none. pp2go loads only functions.
func (r *R) loaderLoad(args []Value) Value {
	arity(args, 2, 2)
	if args[0] != Symbol("function") {
		raise(ClassNotImplementedError, "pp2go: a loader's load of %s (it loads only functions)", Inspect(args[0]))
	}
	name := strings.ToLower(ToS(args[1]))
	f, ok := r.scope.(FunctionLoader)
	if !ok {
		raise(ClassNotImplementedError, "pp2go: this scope cannot look up functions")
	}
	if !f.HasFunction(name) {
		return nil
	}
	return &functionObject{name: name}
}
