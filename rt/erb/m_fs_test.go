package erb

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/fn"
)

// globTree is the tree of TestGlob's cases.
var globTree = []string{"x.conf", "a.conf", ".dot.conf", "a/y.conf", "a/b.conf", "a/b/z.conf", "a/b/Y.txt", "a/.h/w.conf", "c/B.conf", "c/a.conf"}

// TestGlob: Dir.glob lists what Ruby 3.1's lists, in its order (the
// results of `ruby -e 'p Dir.glob(PATTERN)'` run in that tree).
func TestGlob(t *testing.T) {
	dir := t.TempDir()
	for _, f := range globTree {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	cases := []struct {
		pat  string
		want []string
	}{
		{"**/*.conf", []string{"a/b/z.conf", "a/b.conf", "a/y.conf", "a.conf", "c/B.conf", "c/a.conf", "x.conf"}},
		{"**/", []string{"a/", "a/b/", "c/"}},
		{"{c,a}/*", []string{"c/B.conf", "c/a.conf", "a/b", "a/b.conf", "a/y.conf"}},
		{"*", []string{"a", "a.conf", "c", "x.conf"}},
		{"a/[by]*", []string{"a/b", "a/b.conf", "a/y.conf"}},
		{"a/[!b]*", []string{"a/y.conf"}},
		{"a/**", []string{"a/b", "a/b.conf", "a/y.conf"}},
		{"**", []string{"a", "a.conf", "c", "x.conf"}},
		{".*", []string{".", ".dot.conf"}},
		{"x.conf", []string{"x.conf"}},
		{"nope", nil},
		{"a/", []string{"a/"}},
		{"**/b/*", []string{"a/b/Y.txt", "a/b/z.conf"}},
		{"*/", []string{"a/", "c/"}},
		{`x\.conf`, []string{"x.conf"}},
		{"?.conf", []string{"a.conf", "x.conf"}},
		{"{a,c}/{b,y}*", []string{"a/b", "a/b.conf", "a/y.conf"}},
		{"a/b/*.{txt,conf}", []string{"a/b/Y.txt", "a/b/z.conf"}},
		{"**/b*", []string{"a/b", "a/b.conf"}},
		{"*/*.conf", []string{"a/b.conf", "a/y.conf", "c/B.conf", "c/a.conf"}},
		{"c/[A-Z]*", []string{"c/B.conf"}},
		{"a/../x.conf", []string{"a/../x.conf"}},
		{"", nil},
		{"nope/*", nil},
		// absolute: Ruby names the pattern's directory with a slash
		{dir + "/**/", []string{dir + "/", dir + "/a/", dir + "/a/b/", dir + "/c/"}},
		{dir + "/c/*", []string{dir + "/c/B.conf", dir + "/c/a.conf"}},
	}
	r := New(nil)
	for _, c := range cases {
		got := r.Glob(ClassDir, S(c.pat)).(*Array)
		var g []string
		for _, v := range got.A {
			g = append(g, v.(*Str).S)
		}
		if strings.Join(g, " ") != strings.Join(c.want, " ") {
			t.Errorf("Dir.glob(%q) = %q, want %q", c.pat, g, c.want)
		}
	}
	// an Array of patterns: each one's matches in turn
	got := r.Glob(ClassDir, NewArray(S("c/*"), S("*.conf"))).(*Array)
	if len(got.A) != 4 || got.A[3].(*Str).S != "x.conf" {
		t.Errorf("Dir.glob([c/*, *.conf]) = %v", got.A)
	}
}

// moduleScope answers for one module's directory as a build recorded it.
type moduleScope struct {
	Scope
	entries map[string]fn.ModuleEntry
}

func (s moduleScope) ModuleFile(p string) (fn.ModuleEntry, bool) {
	if !strings.HasPrefix(p, "/mods/m") {
		return fn.ModuleEntry{}, false
	}
	return s.entries[p], true
}

// TestModuleFiles: a path inside a module's directory is answered from
// what the build compiled in, even where the machine's disk has nothing;
// a part the binary does not carry is an error, not a guess; other paths
// are the machine's, with Ruby's errors.
func TestModuleFiles(t *testing.T) {
	s := moduleScope{entries: map[string]fn.ModuleEntry{
		"/mods/m":               {Known: true, Exists: true, Dir: true},
		"/mods/m/metadata.json": {Known: true, Exists: true, Data: []byte(`{"name": "a-m"}`)},
		"/mods/m/files/none":    {Known: true},
	}}
	r := New(s)
	if r.ExistQ(ClassFile, S("/mods/m/metadata.json")) != true || r.FileQ(ClassFile, S("/mods/m")) != false || r.DirectoryQ(ClassFile, S("/mods/m")) != true {
		t.Error("module entries")
	}
	if got := r.Read(ClassFile, S("/mods/m/metadata.json")).(*Str).S; got != `{"name": "a-m"}` {
		t.Errorf("File.read = %q", got)
	}
	if r.ExistQ(ClassFile, S("/mods/m/files/none")) != false {
		t.Error("a file the build did not find")
	}
	expectRaise(t, "Errno::ENOENT: No such file or directory @ rb_sysopen - /mods/m/files/none", func() { r.Read(ClassFile, S("/mods/m/files/none")) })
	expectRaise(t, "NotImplementedError: pp2go: /mods/m/manifests/init.pp is inside a module's directory", func() { r.ExistQ(ClassFile, S("/mods/m/manifests/init.pp")) })
	expectRaise(t, "NotImplementedError: pp2go: Dir.glob of /mods/m", func() { r.Glob(ClassDir, S("/mods/m/*")) })
	// the machine's files, as Ruby reports them
	dir := t.TempDir()
	f := filepath.Join(dir, "f")
	if err := os.WriteFile(f, []byte("a\nb\n\nc"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := r.Readlines(ClassFile, S(f)).(*Array)
	if len(lines.A) != 4 || lines.A[0].(*Str).S != "a\n" || lines.A[3].(*Str).S != "c" {
		t.Errorf("File.readlines = %v", lines.A)
	}
	expectRaise(t, "Errno::ENOENT: No such file or directory @ rb_sysopen - /nonexistent", func() { r.Read(ClassFile, S("/nonexistent")) })
	expectRaise(t, "Errno::EISDIR: Is a directory @ io_fread - "+dir, func() { r.Read(ClassFile, S(dir)) })
	expectRaise(t, "TypeError: no implicit conversion of nil into String", func() { r.ExistQ(ClassFile, nil) })
	if r.ExistQ(ClassFile, S("")) != false || r.ExistsQ(ClassFile, S(dir)) != true || r.ExistQ(ClassDir, S(f)) != false {
		t.Error("File.exist?")
	}
}

// expectRaise runs f and checks the Ruby exception it raises starts with
// want ("Class: message").
func expectRaise(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		p := recover()
		e, ok := p.(*RubyError)
		if !ok {
			t.Errorf("raised %v, want %s", p, want)
			return
		}
		if got := e.Class.Name + ": " + e.Msg; !strings.HasPrefix(got, want) {
			t.Errorf("raised %q, want %q", got, want)
		}
	}()
	f()
}

// TestEnvTZ: ENV['TZ'] = zone changes the zone of local times, as Ruby's
// C library does (ruby -e 'ENV["TZ"]="Asia/Tokyo"; p
// Time.at(0).localtime.strftime("%H %z")' gives "09 +0900"; an unknown
// zone is UTC), for the function call only.
func TestEnvTZ(t *testing.T) {
	r := New(nil)
	r.Setenv(S("TZ"), S("Asia/Tokyo"))
	if got := r.Strftime(r.Localtime(r.TimeAt(ClassTime, int64(0))), S("%H %z")).(*Str).S; got != "09 +0900" {
		t.Errorf("Asia/Tokyo: %q", got)
	}
	if got := r.Getenv(S("TZ")).(*Str).S; got != "Asia/Tokyo" {
		t.Errorf("ENV['TZ'] = %q", got)
	}
	r.Setenv(S("TZ"), S("Nope/Zone"))
	if got := r.Strftime(r.Localtime(r.TimeAt(ClassTime, int64(0))), S("%H %z")).(*Str).S; got != "00 +0000" {
		t.Errorf("an unknown zone: %q", got)
	}
	r.Setenv(S("PP2GO_UNSET_X"), nil)
	if r.Getenv(S("PP2GO_UNSET_X")) != nil || r.EnvFetch(S("PP2GO_UNSET_X"), S("d")).(*Str).S != "d" {
		t.Error("ENV.fetch with a default")
	}
	expectRaise(t, `KeyError: key not found: "PP2GO_UNSET_X"`, func() { r.EnvFetch(S("PP2GO_UNSET_X")) })
	if New(nil).Getenv(S("TZ")) != Value(nil) && os.Getenv("TZ") == "" {
		t.Error("an assignment outlived its call")
	}
}

// TestExpandPath: File.expand_path as ruby -e gives it (HOME=/root, in /tmp).
func TestExpandPath(t *testing.T) {
	t.Setenv("HOME", "/root")
	t.Chdir("/tmp")
	r := New(nil)
	for _, c := range [][3]string{
		{"/files/..", "", "/"}, {"/a/b/../c/./d/", "", "/a/c/d"}, {"//a/b", "", "//a/b"}, {"///a", "", "///a"},
		{"x", "/y", "/y/x"}, {"../x", "/y/z", "/y/x"}, {"~", "", "/root"}, {"~/a", "", "/root/a"},
		{"/..", "", "/"}, {"", "", "/tmp"}, {"a/", "b", "/tmp/b/a"}, {"/a//b", "", "/a/b"},
	} {
		args := []Value{S(c[0])}
		if c[1] != "" {
			args = append(args, S(c[1]))
		}
		if got := r.ExpandPath(ClassFile, args...).(*Str).S; got != c[2] {
			t.Errorf("File.expand_path(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// TestTimeParse: Time.parse of OpenSSL's dates and Time - Time, as Ruby
// gives them (259200.0 between these two).
func TestTimeParse(t *testing.T) {
	r := New(nil)
	a := r.Parse(ClassTime, S("Apr  8 17:23:55 2015 GMT"))
	b := r.Parse(ClassTime, S("Apr  5 17:23:55 2015 GMT"))
	if d := r.OpSub(a, b); d != 259200.0 {
		t.Errorf("difference %v", d)
	}
	if r.OpGt(a, b) != true {
		t.Error("comparison")
	}
	expectRaise(t, "NotImplementedError: pp2go: Time.parse of \"next tuesday\"", func() { r.Parse(ClassTime, S("next tuesday")) })
}
