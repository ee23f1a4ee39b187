package erb

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Commands module Ruby runs on the compiling machine: `cmd` and %x(cmd),
// Puppet::Util::Execution.execute, and the Tempfile they are given. A
// catalog binary runs them only where it lets generate() run commands
// (the scope's CommandsAllowed; --allow-generate): elsewhere the call
// fails naming the command.

var (
	ClassTempfile               = newClass("Tempfile", ClassObject)
	ClassPuppetUtil             = newModule("Puppet::Util")
	ClassPuppetExecution        = newModule("Puppet::Util::Execution")
	ClassPuppetExecutionFailure = newClass("Puppet::ExecutionFailure", ClassPuppetError)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassTempfile, ClassPuppetUtil, ClassPuppetExecution, ClassPuppetExecutionFailure} {
			g.class(c.Name, c)
		}
	})
	plain([]plainMethod{
		{"execute", (*R).Execute},
		{"write", (*R).Write},
		{"close", (*R).Close},
		{"unlink", (*R).Unlink},
		{"flush", (*R).Flush},
	})
}

// CommandRunner is implemented by scopes that may let module Ruby run
// commands (fn.Commander).
type CommandRunner interface {
	CommandsAllowed() bool
}

func (r *R) mayRun(cmd string) {
	if c, ok := r.scope.(CommandRunner); ok && c.CommandsAllowed() {
		return
	}
	raise(ClassNotImplementedError, "pp2go runs commands on the compiling machine only when the compile allows it (--allow-generate): %s", cmd)
}

// shellMeta are the characters for which Ruby runs a command string
// through /bin/sh instead of executing its words itself.
const shellMeta = "*?{}[]<>()~&|\\$;'`\"\n#="

// command is the process Ruby starts for a command string.
func command(cmd string) *exec.Cmd {
	if strings.ContainsAny(cmd, shellMeta) {
		return exec.Command("/bin/sh", "-c", cmd)
	}
	words := strings.Fields(cmd)
	if len(words) == 0 {
		return exec.Command("/bin/sh", "-c", cmd)
	}
	return exec.Command(words[0], words[1:]...)
}

// Backtick is `cmd` (%x(cmd)): the command's standard output; its errors
// go to the process's standard error, as Ruby's.
func (r *R) Backtick(cmdV Value) Value {
	cmd := pathArg(cmdV)
	r.mayRun(cmd)
	c := command(cmd)
	c.Env = r.environ()
	c.Stderr = os.Stderr
	out, err := c.Output()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		raise(ClassErrnoENOENT, "No such file or directory - %s", strings.Fields(cmd)[0])
	}
	return S(string(out))
}

// executeEnv is the environment Puppet gives a command: LANG and LC_ALL
// C, no other locale variable, no HOME, USER or LOGNAME.
func (r *R) executeEnv() []string {
	env := r.environ()
	if env == nil {
		env = os.Environ()
	}
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "LANG", "LC_ALL", "LC_CTYPE", "LC_COLLATE", "LC_MONETARY", "LC_NUMERIC", "LC_TIME", "LC_MESSAGES", "LANGUAGE", "HOME", "USER", "LOGNAME":
			continue
		}
		out = append(out, kv)
	}
	return append(out, "LANG=C", "LC_ALL=C")
}

// Execute is Puppet::Util::Execution.execute(command [, options]): the
// command (a String, or an Array of words) with its standard error in its
// output; Puppet::ExecutionFailure when it exits non-zero. Options beyond
// failonfail and combine are not supported.
func (r *R) Execute(recv Value, args ...Value) Value {
	classRecv("execute", recv, ClassPuppetExecution)
	arity(args, 1, 2)
	failOnFail, combine := true, true
	if len(args) == 2 {
		opts, ok := args[1].(*Hash)
		if !ok {
			raise(ClassNotImplementedError, "pp2go: Puppet::Util::Execution.execute with options %s", Inspect(args[1]))
		}
		failOnFail, combine = false, false
		for _, k := range opts.Keys() {
			v, _ := opts.Lookup(k)
			switch k {
			case Symbol("failonfail"):
				failOnFail = Truthy(v)
			case Symbol("combine"):
				combine = Truthy(v)
			default:
				raise(ClassNotImplementedError, "pp2go: Puppet::Util::Execution.execute's option %s", Inspect(k))
			}
		}
	}
	var c *exec.Cmd
	var str string
	if a, ok := args[0].(*Array); ok {
		var words []string
		for _, w := range flattenAll(a) {
			words = append(words, ToS(w))
		}
		if len(words) == 0 {
			argError("wrong number of arguments (given 0, expected 1+)")
		}
		str = strings.Join(words, " ")
		c = exec.Command(words[0], words[1:]...)
	} else {
		str = pathArg(args[0])
		c = command(str)
	}
	r.mayRun(str)
	if l, ok := r.scope.(Logger); ok {
		l.Log("debug", "Executing: '"+str+"'")
	}
	c.Env = r.executeEnv()
	var out bytes.Buffer
	c.Stdout = &out
	if combine {
		c.Stderr = &out
	}
	status := 0
	if err := c.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			status = exitErr.ExitCode()
		} else {
			// the child could not exec the command: Puppet's exits 1
			status = 1
		}
	}
	if failOnFail && status != 0 {
		raise(ClassPuppetExecutionFailure, "Execution of '%s' returned %d: %s", str, status, strings.TrimSpace(out.String()))
	}
	return S(out.String())
}

// flattenAll is an Array's elements, nested Arrays flattened.
func flattenAll(a *Array) []Value {
	var out []Value
	for _, v := range a.A {
		if x, ok := v.(*Array); ok {
			out = append(out, flattenAll(x)...)
			continue
		}
		out = append(out, v)
	}
	return out
}

// ioFile is an open File (File.open, m_fswrite.go) or a Tempfile: a
// file created in the temporary directory (mode 0600), named as Ruby
// names it (BASENAMEyyyymmdd-PID-random).
type ioFile struct {
	f     *os.File // nil once closed
	path  string
	class *Class // ClassFile or ClassTempfile
}

func (t *ioFile) rubyClass() *Class { return t.class }
func (t *ioFile) rubyInspect() string {
	if t.f == nil && t.class == ClassFile {
		return "#<File:" + t.path + " (closed)>"
	}
	return "#<" + t.class.Name + ":" + t.path + ">"
}
func (t *ioFile) rubyToS() string { return t.rubyInspect() }

// newTempfile is Tempfile.new(basename).
func (r *R) newTempfile(args []Value) Value {
	arity(args, 0, 1)
	base := ""
	if len(args) == 1 {
		base = pathArg(args[0])
	}
	dir := os.TempDir()
	for i := 0; i < 100; i++ {
		name := fmt.Sprintf("%s/%s%s-%d-%s", dir, base, time.Now().Format("20060102"), os.Getpid(), randBase36())
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			return &ioFile{f: f, path: name, class: ClassTempfile}
		}
		if !errors.Is(err, os.ErrExist) {
			raise(ClassErrnoEACCES, "Permission denied @ rb_sysopen - %s", name)
		}
	}
	raise(ClassErrnoOtherFail, "cannot generate tempfile `%s'", base)
	return nil
}

func randBase36() string {
	var b [4]byte
	if f, err := os.Open("/dev/urandom"); err == nil {
		f.Read(b[:])
		f.Close()
	}
	n := uint64(b[0])<<24 | uint64(b[1])<<16 | uint64(b[2])<<8 | uint64(b[3])
	return strings.ToLower(fmt.Sprintf("%s", formatBase36(n)))
}

func formatBase36(n uint64) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	if n == 0 {
		return "0"
	}
	var out []byte
	for n > 0 {
		out = append([]byte{digits[n%36]}, out...)
		n /= 36
	}
	return string(out)
}

func tempRecv(name string, recv Value) *ioFile {
	t, ok := recv.(*ioFile)
	if !ok {
		noMethod(name, recv)
	}
	return t
}

// Write is IO#write(s) of a File or Tempfile: the bytes written; IOError
// once closed. File.write(path, s) writes a file (m_fswrite.go).
func (r *R) Write(recv Value, args ...Value) Value {
	if recv == ClassFile {
		return r.fileWrite(args)
	}
	t := tempRecv("write", recv)
	arity(args, 1, 1)
	if t.f == nil {
		raise(ClassIOError, "closed stream")
	}
	n, _ := t.f.WriteString(ToS(args[0]))
	return int64(n)
}

// Close is IO#close.
func (r *R) Close(recv Value, args ...Value) Value {
	t := tempRecv("close", recv)
	arity(args, 0, 1)
	if t.f != nil {
		t.f.Close()
		t.f = nil
	}
	return nil
}

// Flush is IO#flush (writes are not buffered).
func (r *R) Flush(recv Value, args ...Value) Value {
	tempRecv("flush", recv)
	arity(args, 0, 0)
	return recv
}

// Unlink is Tempfile#unlink: the file removed (its path becomes nil).
func (r *R) Unlink(recv Value, args ...Value) Value {
	t := tempRecv("unlink", recv)
	if t.class != ClassTempfile {
		noMethod("unlink", recv)
	}
	arity(args, 0, 0)
	if t.path != "" {
		os.Remove(t.path)
		t.path = ""
	}
	return true
}

var ClassIOError = newClass("IOError", ClassStandardError)

func init() { defineConsts(func(g *constGroup) { g.class(ClassIOError.Name, ClassIOError) }) }
