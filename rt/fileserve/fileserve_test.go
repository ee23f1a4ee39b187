package fileserve_test

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/fileserve"
)

// expected is testdata/expected.json, written by testdata/regen.sh from
// Puppet 7.23's own HTTP routes.
type expected struct {
	UID, GID   int
	Modulepath []string
	Modules    []string
	Trees      map[string]map[string]struct {
		Root    entry
		Entries []entry
	}
	Cases []struct {
		Indirection, Key string
		Query            map[string]any
		Response         struct {
			Status  int
			Body    json.RawMessage
			Content *string
		}
	}
}

type entry struct {
	Path     string
	Mode     uint32
	UID, GID uint32
	Dir      bool
	Mtime    int64
	Link     string
	Data     *string
}

func (e entry) tree() rt.TreeEntry {
	t := rt.TreeEntry{Path: e.Path, Dir: e.Dir, Mode: e.Mode, Mtime: e.Mtime, Uid: e.UID, Gid: e.GID, Link: e.Link}
	if e.Data != nil {
		t.Inline, t.Data = true, *e.Data
	}
	return t
}

func load(t *testing.T) (*expected, *fileserve.Server) {
	b, err := os.ReadFile("testdata/expected.json")
	require.NoError(t, err)
	var x expected
	require.NoError(t, json.Unmarshal(b, &x))
	p := rt.NewProgram("production")
	require.NoError(t, p.SetSetting("modulepath", strings.Join(x.Modulepath, ":")))
	for i, m := range x.Modules {
		p.AddModule(m, x.Modulepath[i]+"/"+m, nil)
		for dir, tr := range x.Trees[m] {
			mt := &rt.ModuleTree{Root: tr.Root.tree()}
			for _, e := range tr.Entries {
				mt.Entries = append(mt.Entries, e.tree())
			}
			p.AddModuleTree(m, dir, mt)
		}
	}
	s := fileserve.New(p)
	s.Uid, s.Gid = x.UID, x.GID
	return &x, s
}

// TestAsPuppet asks every request of the expectations and compares the
// answer with Puppet's: the same status and JSON (file_metadatas' list in
// name order after ".", as Puppet's follows the file system's), except
// that what Puppet fails with a server error (500) is a 400 here, with
// Puppet's message.
func TestAsPuppet(t *testing.T) {
	time.Local = time.UTC // Puppet's times were printed in UTC
	x, s := load(t)
	for _, c := range x.Cases {
		q := url.Values{"environment": {"production"}}
		for k, v := range c.Query {
			switch v := v.(type) {
			case nil:
				q.Del(k)
			case string:
				q.Set(k, v)
			case []any:
				for _, e := range v {
					q.Add(k, e.(string))
				}
			}
		}
		name := c.Indirection + "/" + c.Key + "?" + q.Encode()
		t.Run(name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/puppet/v3/"+c.Indirection+"/"+c.Key+"?"+q.Encode(), nil)
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			want := c.Response
			body := rec.Body.String()
			if want.Status == 500 {
				require.Equal(t, 400, rec.Code, body)
				var we, ge map[string]string
				require.NoError(t, json.Unmarshal(want.Body, &we))
				require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &ge))
				require.Equal(t, strings.Replace(we["message"], "Server Error: ", "Bad Request: ", 1), ge["message"])
				return
			}
			require.Equal(t, want.Status, rec.Code, body)
			if want.Content != nil && want.Status == 200 {
				require.Equal(t, "application/octet-stream", rec.Header().Get("Content-Type"))
				require.Equal(t, *want.Content, body)
				return
			}
			require.Equal(t, "application/json;charset=utf-8", rec.Header().Get("Content-Type"), "puppetserver's")
			require.JSONEq(t, ordered(t, fileCtime(t, x, want.Body)), ordered(t, rec.Body.Bytes()))
		})
	}
}

// fileCtime replaces the ctime checksum of a file, which is when the
// fixture was made, with its recorded modification time: an embedded
// file has no ctime of its own, and pp2go reports the source's mtime for
// both (a directory's ctime is recorded as it is).
func fileCtime(t *testing.T, x *expected, b []byte) []byte {
	var m map[string]any
	if json.Unmarshal(b, &m) != nil || m["type"] != "file" {
		return b
	}
	c := m["checksum"].(map[string]any)
	if c["type"] != "ctime" {
		return b
	}
	for _, tr := range x.Trees["alpha"] {
		for _, e := range tr.Entries {
			if strings.HasSuffix(m["path"].(string), "/"+e.Path) && !e.Dir {
				c["value"] = "{ctime}" + time.Unix(e.Mtime, 0).UTC().Format("2006-01-02 15:04:05 -0700")
			}
		}
	}
	out, err := json.Marshal(m)
	require.NoError(t, err)
	return out
}

// ordered sorts a file_metadatas list after its first element.
func ordered(t *testing.T, b []byte) string {
	var list []map[string]any
	if json.Unmarshal(b, &list) != nil {
		return string(b)
	}
	if len(list) > 1 {
		rest := list[1:]
		sort.Slice(rest, func(i, j int) bool { return rest[i]["relative_path"].(string) < rest[j]["relative_path"].(string) })
	}
	out, err := json.Marshal(list)
	require.NoError(t, err)
	return string(out)
}

// TestHostilePaths: nothing outside the compiled-in trees is reachable,
// whatever the key; every answer is a 4xx with Puppet's JSON error, but
// for a search of a merged mount, which Puppet answers with the whole
// mount whatever the path (plugins//etc/passwd lists the plugins).
func TestHostilePaths(t *testing.T) {
	_, s := load(t)
	for _, key := range []string{
		"modules/alpha/../../../../etc/passwd",
		"modules/alpha/..",
		"modules/../etc/passwd",
		"modules//etc/passwd",
		"modules/alpha//../secret",
		"modules/alpha/%2e%2e/secret",
		"plugins/../../etc/passwd",
		"plugins//etc/passwd",
		"pluginfacts/../alpha/files/motd",
		"locales/..",
		"modules/alpha/motd%00.txt",
		"modules/alpha/motd\x00",
		"/etc/passwd",
		"..",
		"modules",
		"modules/",
		"tasks/alpha/x",
		"scripts/alpha/x",
		"modules/alpha/manifests/init.pp",
		"modules/beta/init.pp",
	} {
		for _, ind := range []string{"file_metadata", "file_metadatas", "file_content"} {
			u := &url.URL{Path: "/puppet/v3/" + ind + "/" + key, RawQuery: "environment=production&recurse=true"}
			req := httptest.NewRequest("GET", "/", nil)
			req.URL = u
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code == 200 && ind == "file_metadatas" && (strings.HasPrefix(key, "plugins/") || strings.HasPrefix(key, "pluginfacts/") || strings.HasPrefix(key, "locales/")) {
				var list []fileserve.Metadata
				require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &list))
				for _, m := range list {
					require.Regexp(t, `^/tmp/pp2go-fileserve-fixture/m[12]/(alpha|beta)/(lib|facts\.d|locales)$`, m.Path)
				}
				continue
			}
			require.True(t, rec.Code >= 400 && rec.Code < 500, "%s %s: %d %s", ind, key, rec.Code, rec.Body)
			var e map[string]string
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &e), "%s %s", ind, key)
			require.NotEmpty(t, e["message"])
		}
	}
}

// TestConcurrent: requests are answered in parallel (the server of
// agents does), each the same as alone.
func TestConcurrent(t *testing.T) {
	_, s := load(t)
	get := func() string {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/puppet/v3/file_metadatas/plugins?environment=production&recurse=true&checksum_type=md5", nil))
		return rec.Body.String()
	}
	_, fresh := load(t)
	rec := httptest.NewRecorder()
	fresh.ServeHTTP(rec, httptest.NewRequest("GET", "/puppet/v3/file_metadatas/plugins?environment=production&recurse=true&checksum_type=md5", nil))
	want := rec.Body.String()
	require.Contains(t, want, `"{md5}`)
	done := make(chan string)
	for range 8 {
		go func() { done <- get() }()
	}
	for range 8 {
		require.Equal(t, want, <-done)
	}
}

// TestNoPlugins: when no module has a lib/ directory, Puppet answers a
// plugins search with the module path's first directory alone, so that
// pluginsync finds nothing to copy.
func TestNoPlugins(t *testing.T) {
	p := rt.NewProgram("production")
	require.NoError(t, p.SetSetting("modulepath", "/etc/puppet/code/environments/production/modules:/usr/share/puppet/modules"))
	p.AddModule("m", "/etc/puppet/code/environments/production/modules/m", nil)
	s := fileserve.New(p)
	list, err := s.FileMetadatas("plugins", fileserve.Options{Recurse: true, Links: "follow", ChecksumType: "sha256", SourcePermissions: "use"})
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, "/etc/puppet/code/environments/production/modules", list[0].Path)
	require.Equal(t, ".", *list[0].RelativePath)
	require.Equal(t, "directory", list[0].Type)
	require.Equal(t, 0o755, list[0].Mode)
	_, err = s.FileMetadata("plugins/facter/x.rb", fileserve.Options{Links: "manage", ChecksumType: "sha256", SourcePermissions: "ignore"})
	require.EqualError(t, err, "Not Found: Could not find file_metadata plugins/facter/x.rb")
}
