package erb

import (
	"os"
	"strings"
	"testing"
)

// allowScope lets the functions run commands.
type allowScope struct{ Scope }

func (allowScope) CommandsAllowed() bool { return true }

// TestCommands: Puppet::Util::Execution.execute and `cmd` as Puppet 7.23
// and Ruby 3.1 run them (their results with ruby -e), and a compile that
// does not allow commands refuses them.
func TestCommands(t *testing.T) {
	r := New(allowScope{})
	expectRaise(t, "Puppet::ExecutionFailure: Execution of 'sh -c \"echo out; echo err >&2; exit 3\"' returned 3: out\nerr", func() {
		r.Execute(ClassPuppetExecution, S(`sh -c "echo out; echo err >&2; exit 3"`))
	})
	if got := r.Execute(ClassPuppetExecution, S("echo $LANG")).(*Str).S; got != "C\n" {
		t.Errorf("execute's LANG: %q", got)
	}
	if got := r.Execute(ClassPuppetExecution, NewArray(S("echo"), NewArray(S("a"), int64(1)))).(*Str).S; got != "a 1\n" {
		t.Errorf("execute of an Array: %q", got)
	}
	if got := r.Backtick(S("echo hi; echo no >&2")).(*Str).S; got != "hi\n" {
		t.Errorf("`echo hi`: %q", got)
	}
	r.Setenv(S("PP2GO_X"), S("set"))
	if got := r.Backtick(S("echo $PP2GO_X")).(*Str).S; got != "set\n" {
		t.Errorf("ENV assignments reach commands: %q", got)
	}
	expectRaise(t, "Errno::ENOENT: No such file or directory - pp2go-no-such-command", func() { r.Backtick(S("pp2go-no-such-command x")) })
	expectRaise(t, "NotImplementedError: pp2go runs commands on the compiling machine only when the compile allows it (--allow-generate): echo x", func() {
		New(nil).Backtick(S("echo x"))
	})

	// Tempfile: created 0600 under the temporary directory, named as
	// Ruby names it, gone after unlink
	tf := r.New(ClassTempfile, nil, S("validate_cmd"))
	p := r.Path(tf).(*Str).S
	if !strings.HasPrefix(p, os.TempDir()+"/validate_cmd") {
		t.Errorf("Tempfile path %q", p)
	}
	if n := r.Write(tf, S("abc")); n != int64(3) {
		t.Errorf("write = %v", n)
	}
	r.Close(tf)
	if b, err := os.ReadFile(p); err != nil || string(b) != "abc" {
		t.Errorf("content %q %v", b, err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode())
	}
	r.Unlink(tf)
	if _, err := os.Stat(p); err == nil || r.Path(tf) != nil {
		t.Error("unlink")
	}
}
