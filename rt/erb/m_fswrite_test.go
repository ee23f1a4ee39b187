package erb

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The results and messages are Ruby 3.1's for the same calls (ruby -e
// 'require "fileutils"; ...' on the paths of a temporary directory).
func TestFileWrite(t *testing.T) {
	dir := t.TempDir()
	r := &R{}
	at := func(p string) Value { return S(filepath.Join(dir, p)) }
	require.Equal(t, "["+Inspect(at("a/b"))+"]", Inspect(r.MkdirP(ClassFileUtils, at("a/b"))))
	require.Equal(t, Inspect(NewArray(at("c"), at("d"))), Inspect(r.MkdirP(ClassFileUtils, NewArray(at("c"), at("d")))))
	require.Equal(t, int64(1), r.Write(ClassFile, at("f"), S("x")))
	e := raised(func() { r.MkdirP(ClassFileUtils, at("f/g")) })
	require.Equal(t, "Errno::EEXIST: File exists @ dir_s_mkdir - "+ToS(at("f")), e.Class.Name+": "+e.Msg)

	// File.open with a block: its value, the file closed after it
	var file Value
	got := r.Open(ClassFile, Blk1(func(f Value) Value {
		file = f
		return r.Write(f, S("abc"))
	}), at("h"), S("w"), int64(0o600))
	require.Equal(t, int64(3), got)
	require.Equal(t, "#<File:"+ToS(at("h"))+" (closed)>", Inspect(file))
	require.Equal(t, "100600", ToS(r.ToS(r.Mode(r.Stat(ClassFile, at("h"))), int64(8))))
	uid := r.Uid(r.Stat(ClassFile, S(dir)))
	require.Equal(t, int64(1), r.Chown(ClassFile, uid, nil, at("h")))
	f := r.Open(ClassFile, nil, at("h"))
	require.Equal(t, "abc", ToS(r.Read(f)))
	r.Close(f)

	for _, c := range []struct {
		f   func()
		msg string
	}{
		{func() { r.Chown(ClassFile, int64(0), nil, at("nope")) }, "Errno::ENOENT: No such file or directory @ apply2files - " + ToS(at("nope"))},
		{func() { r.Open(ClassFile, nil, at("x/y"), S("w")) }, "Errno::ENOENT: No such file or directory @ rb_sysopen - " + ToS(at("x/y"))},
		{func() { r.Stat(ClassFile, S("/nope")) }, "Errno::ENOENT: No such file or directory @ rb_file_s_stat - /nope"},
		{func() { r.Write(f, S("x")) }, "IOError: closed stream"},
	} {
		e := raised(c.f)
		require.NotNil(t, e, c.msg)
		require.Equal(t, c.msg, e.Class.Name+": "+e.Msg)
	}
	if _, err := os.Stat(filepath.Join(dir, "x")); err == nil {
		t.Error("File.open made a missing directory")
	}
}
