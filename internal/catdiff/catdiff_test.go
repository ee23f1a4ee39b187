package catdiff

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// cat is a catalog in Puppet's JSON format with the given resources (JSON
// objects), edges ("Source|Target") and classes.
func cat(resources []string, edges []string, classes ...string) []byte {
	var e []string
	for _, x := range edges {
		s, t, _ := strings.Cut(x, "|")
		e = append(e, `{"source":"`+s+`","target":"`+t+`"}`)
	}
	cl, _ := json.Marshal(classes)
	return []byte(`{"tags":["settings"],"name":"n1","version":"abc","code_id":null,"catalog_uuid":"u-1","catalog_format":1,` +
		`"environment":"production","resources":[` + strings.Join(resources, ",") + `],"edges":[` + strings.Join(e, ",") + `],"classes":` + string(cl) + `}`)
}

const (
	classMain  = `{"type":"Class","title":"main","tags":["class"],"exported":false,"parameters":{"name":"main"}}`
	classWeb   = `{"type":"Class","title":"Web","tags":["class","web"],"file":"/env/manifests/site.pp","line":1,"exported":false,"parameters":{"port":80}}`
	classWeb2  = `{"type":"Class","title":"Web","tags":["class","web"],"file":"/env/manifests/site.pp","line":1,"exported":false,"parameters":{"port":8080}}`
	pkgNginx   = `{"type":"Package","title":"nginx","tags":["package","web","class"],"file":"/env/modules/web/manifests/init.pp","line":2,"exported":false,"parameters":{"ensure":"installed","before":["File[/etc/nginx.conf]"]}}`
	fileConf   = `{"type":"File","title":"/etc/nginx.conf","tags":["file","web","class"],"file":"/env/modules/web/manifests/init.pp","line":3,"exported":false,"parameters":{"ensure":"file","mode":"0644","content":"a\nb\nc\nd\ne\nf\ng\nh\n","notify":"Service[nginx]"}}`
	svcNginx   = `{"type":"Service","title":"nginx","tags":["service","web","class"],"file":"/env/modules/web/manifests/init.pp","line":9,"exported":false,"parameters":{"ensure":"running"}}`
	exportedAt = `{"type":"Host","title":"n1","tags":["host"],"exported":true,"parameters":{"ip":"10.0.0.1"}}`
)

func base() []string { return []string{classMain, classWeb, pkgNginx, fileConf, svcNginx, exportedAt} }

var baseEdges = []string{"Class[main]|Class[Web]", "Class[Web]|Package[nginx]", "Class[Web]|File[/etc/nginx.conf]", "Class[Web]|Service[nginx]"}

// replace returns the resources with one replaced (by its exact JSON).
func replace(rs []string, old, new string) []string {
	out := append([]string(nil), rs...)
	for i, r := range out {
		if r == old {
			out[i] = new
			return out
		}
	}
	panic("no such resource")
}

func compare(t *testing.T, old, new []byte, opts *Options) *Diff {
	t.Helper()
	a, err := Parse(old)
	require.NoError(t, err)
	b, err := Parse(new)
	require.NoError(t, err)
	return Compare(a, b, opts)
}

func TestIdenticalAndVolatile(t *testing.T) {
	old := cat(base(), baseEdges, "settings", "web")
	// Version, catalog_uuid, tag order, file and line change between
	// compiles and copies of an environment; none of them is a difference.
	moved := strings.Replace(pkgNginx, `"line":2`, `"line":20`, 1)
	moved = strings.Replace(moved, `["package","web","class"]`, `["class","package","web"]`, 1)
	new := bytes.Replace(cat(replace(base(), pkgNginx, moved), baseEdges, "settings", "web"), []byte(`"u-1"`), []byte(`"u-2"`), 1)
	new = bytes.Replace(new, []byte(`"abc"`), []byte(`"def"`), 1)
	d := compare(t, old, new, nil)
	require.True(t, d.Empty(), "%+v", d)
}

func TestResourcesParamsEdgesClasses(t *testing.T) {
	old := cat(base(), baseEdges, "settings", "web")
	// One parameter changes (mode), one resource goes (Service), one comes
	// (Exec), the class's own parameter changes (not compared: classes are
	// compared by name) and a class is added.
	conf := strings.Replace(fileConf, `"mode":"0644"`, `"mode":"0600","owner":"root"`, 1)
	conf = strings.Replace(conf, `,"notify":"Service[nginx]"`, ``, 1)
	exec := `{"type":"Exec","title":"reload","tags":["exec"],"file":"/env/modules/web/manifests/init.pp","line":12,"exported":false,"parameters":{"command":"/bin/true","subscribe":["File[/etc/nginx.conf]"]}}`
	newRes := []string{classMain, classWeb2, pkgNginx, conf, exec, exportedAt,
		`{"type":"Class","title":"Extra","tags":["class"],"exported":false}`}
	newEdges := []string{"Class[main]|Class[Web]", "Class[Web]|Package[nginx]", "Class[Web]|File[/etc/nginx.conf]", "Class[Web]|Exec[reload]", "Class[main]|Class[Extra]"}
	d := compare(t, old, cat(newRes, newEdges, "settings", "web", "extra"), nil)
	require.Equal(t, []ResourceInfo{{Type: "Exec", Title: "reload", File: "/env/modules/web/manifests/init.pp", Line: 12,
		Parameters: map[string]any{"command": "/bin/true", "subscribe": []any{"File[/etc/nginx.conf]"}}}}, d.ResourcesAdded)
	require.Equal(t, []ResourceInfo{{Type: "Service", Title: "nginx", File: "/env/modules/web/manifests/init.pp", Line: 9,
		Parameters: map[string]any{"ensure": "running"}}}, d.ResourcesRemoved)
	require.Equal(t, []ResourceChange{{Type: "File", Title: "/etc/nginx.conf", File: "/env/modules/web/manifests/init.pp", Line: 3, Changes: []AttrChange{
		{Attribute: "parameters::mode", Change: Changed, Old: "0644", New: "0600"},
		{Attribute: "parameters::owner", Change: Added, New: "root"},
	}}}, d.ResourcesChanged)
	// The notify edge to the removed service and the subscribe edge from
	// the added exec come with those resources; containment edges too.
	require.Empty(t, d.EdgesAdded)
	require.Empty(t, d.EdgesRemoved)
	require.Equal(t, []string{"extra"}, d.ClassesAdded)
	require.Empty(t, d.ClassesRemoved)
}

func TestEdges(t *testing.T) {
	old := cat(base(), baseEdges)
	// The same ordering written as require on the file instead of before
	// on the package is the same edge.
	pkg := strings.Replace(pkgNginx, `,"before":["File[/etc/nginx.conf]"]`, ``, 1)
	conf := strings.Replace(fileConf, `"ensure":"file"`, `"ensure":"file","require":"Package[nginx]"`, 1)
	d := compare(t, old, cat(replace(replace(base(), pkgNginx, pkg), fileConf, conf), baseEdges), nil)
	require.True(t, d.Empty(), "%+v", d)

	// Between resources both catalogs have: an ordering edge added, a
	// notify edge removed, a containment edge moved.
	svc := strings.Replace(svcNginx, `"ensure":"running"`, `"ensure":"running","require":["Package[nginx]"]`, 1)
	conf = strings.Replace(fileConf, `,"notify":"Service[nginx]"`, ``, 1)
	edges := []string{"Class[main]|Class[Web]", "Class[Web]|Package[nginx]", "Class[Web]|File[/etc/nginx.conf]", "Class[main]|Service[nginx]"}
	d = compare(t, old, cat(replace(replace(base(), svcNginx, svc), fileConf, conf), edges), nil)
	require.Equal(t, []Edge{{"Class[main]", "Service[nginx]", Contains}, {"Package[nginx]", "Service[nginx]", Before}}, d.EdgesAdded)
	require.Equal(t, []Edge{{"Class[Web]", "Service[nginx]", Contains}, {"File[/etc/nginx.conf]", "Service[nginx]", Notify}}, d.EdgesRemoved)
	require.Empty(t, d.ResourcesChanged, "relationship metaparameters are compared as edges only")
}

func TestContentUnifiedDiff(t *testing.T) {
	conf := strings.Replace(fileConf, `a\nb\nc\nd\ne\nf\ng\nh\n`, `a\nb\nc\nD\ne\nf\ng\nh\ni\n`, 1)
	d := compare(t, cat(base(), baseEdges), cat(replace(base(), fileConf, conf), baseEdges), nil)
	require.Len(t, d.ResourcesChanged, 1)
	c := d.ResourcesChanged[0].Changes
	require.Len(t, c, 1)
	require.Equal(t, "parameters::content", c[0].Attribute)
	require.Equal(t, "@@ -1,8 +1,9 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n h\n+i\n", c[0].Diff)
}

func TestUnifiedDiff(t *testing.T) {
	var old, new []string
	for i := 1; i <= 20; i++ {
		old = append(old, string(rune('a'+i-1)))
	}
	new = append(new, old...)
	new[1] = "B"
	new[17] = "R"
	o, n := strings.Join(old, "\n")+"\n", strings.Join(new, "\n")+"\n"
	require.Equal(t, "@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n@@ -15,6 +15,6 @@\n o\n p\n q\n-r\n+R\n s\n t\n", UnifiedDiff(o, n))
	require.Equal(t, "", UnifiedDiff(o, o))
	require.Equal(t, "@@ -1 +1 @@\n-x\n+x\n\\ No newline at end of file\n", UnifiedDiff("x\n", "x"))
	require.Equal(t, "@@ -0,0 +1,2 @@\n+a\n+b\n", UnifiedDiff("", "a\nb\n"))
}

func TestFilters(t *testing.T) {
	old := cat(base(), baseEdges)
	conf := strings.Replace(fileConf, `"mode":"0644"`, `"mode":"0600","owner":"root"`, 1)
	svc := strings.Replace(svcNginx, `"running"`, `"stopped"`, 1)
	exec := `{"type":"Exec","title":"reload","tags":["exec"],"exported":false,"parameters":{"command":"/bin/true"}}`
	new := cat(append(replace(replace(base(), fileConf, conf), svcNginx, svc), exec), baseEdges)
	refs := func(d *Diff) []string {
		var out []string
		for _, r := range d.ResourcesAdded {
			out = append(out, "+"+r.Ref())
		}
		for _, r := range d.ResourcesRemoved {
			out = append(out, "-"+r.Ref())
		}
		for _, r := range d.ResourcesChanged {
			for _, c := range r.Changes {
				out = append(out, "~"+r.Ref()+" "+c.Attribute)
			}
		}
		return out
	}
	rule := func(s string) Rule {
		r, err := ParseIgnore(s)
		require.NoError(t, err)
		return r
	}
	all := []string{"+Exec[reload]", "~File[/etc/nginx.conf] parameters::mode", "~File[/etc/nginx.conf] parameters::owner", "~Service[nginx] parameters::ensure"}
	for _, tc := range []struct {
		name string
		opts Options
		want []string
	}{
		{"none", Options{}, all},
		{"type and wildcard title", Options{Ignore: []Rule{rule("file[/etc/*]")}}, []string{"+Exec[reload]", "~Service[nginx] parameters::ensure"}},
		{"any type", Options{Ignore: []Rule{rule("*[nginx]")}}, []string{"+Exec[reload]", "~File[/etc/nginx.conf] parameters::mode", "~File[/etc/nginx.conf] parameters::owner"}},
		{"attribute of a resource", Options{Ignore: []Rule{rule("File[/etc/nginx.conf]::parameters::owner")}}, []string{"+Exec[reload]", "~File[/etc/nginx.conf] parameters::mode", "~Service[nginx] parameters::ensure"}},
		{"additions only", Options{Ignore: []Rule{rule("Exec[*]+"), rule("Service[*]+")}}, all[1:]},
		{"changes only", Options{Ignore: []Rule{rule("*[*]~")}}, []string{"+Exec[reload]"}},
		{"ignore-attr", Options{Ignore: []Rule{AttrRule("ensure"), AttrRule("::parameters::mode")}}, []string{"+Exec[reload]", "~File[/etc/nginx.conf] parameters::owner"}},
		{"ignore-attr anchored elsewhere", Options{Ignore: []Rule{AttrRule("::mode")}}, all},
		{"ignore-tags", Options{IgnoreTags: []string{"service", "web__file"}}, []string{"+Exec[reload]", "~File[/etc/nginx.conf] parameters::mode", "~File[/etc/nginx.conf] parameters::owner"}},
		{"ignore-tags by type", Options{IgnoreTags: []string{"web"}}, []string{"+Exec[reload]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, refs(compare(t, old, new, &tc.opts)))
		})
	}
	_, err := ParseIgnore("File/etc")
	require.ErrorContains(t, err, "give Type[Title]")
	_, err = ParseIgnore("File[/x]::parameters::owner=>root")
	require.NoError(t, err, "an attribute path may hold anything")
	_, err = ParseIgnore("File[/x]owner")
	require.ErrorContains(t, err, "after Type[Title]")
}

func TestIgnoreTagsSides(t *testing.T) {
	tagged := `{"type":"File","title":"/tmp/x","tags":["file","ignored_octocatalog_diff__file"],"exported":false,"parameters":{"content":"1"}}`
	plain := `{"type":"File","title":"/tmp/x","tags":["file"],"exported":false,"parameters":{"content":"2"}}`
	opts := &Options{IgnoreTags: []string{"ignored_octocatalog_diff"}}
	// The new catalog's tag ignores the resource on both sides.
	require.True(t, compare(t, cat([]string{plain}, nil), cat([]string{tagged}, nil), opts).Empty())
	// A tagged resource the new catalog no longer has is still ignored...
	require.True(t, compare(t, cat([]string{tagged}, nil), cat(nil, nil), opts).Empty())
	// ...but the old catalog's tag does not ignore a resource the new one
	// has untagged.
	d := compare(t, cat([]string{tagged}, nil), cat([]string{plain}, nil), opts)
	require.Len(t, d.ResourcesChanged, 1)
	// TAG__type applies to that type only.
	execTagged := `{"type":"Exec","title":"x","tags":["ignored_octocatalog_diff__file"],"exported":false}`
	require.Len(t, compare(t, cat(nil, nil), cat([]string{execTagged}, nil), opts).ResourcesAdded, 1)
	// Tags are compared with IncludeTags.
	retag := strings.Replace(plain, `["file"]`, `["file","extra"]`, 1)
	require.True(t, compare(t, cat([]string{plain}, nil), cat([]string{retag}, nil), nil).Empty())
	d = compare(t, cat([]string{plain}, nil), cat([]string{retag}, nil), &Options{IncludeTags: true})
	require.Equal(t, []AttrChange{{Attribute: "tags", Change: Changed, Old: []any{"file"}, New: []any{"extra", "file"}}}, d.ResourcesChanged[0].Changes)
}

func TestCompareNode(t *testing.T) {
	ok := cat(base(), baseEdges)
	for _, tc := range []struct {
		name     string
		old, new Input
		status   string
	}{
		{"unchanged", Input{Catalog: ok}, Input{Catalog: ok}, Unchanged},
		{"newly failing", Input{Catalog: ok}, Input{Error: "Evaluation Error: boom"}, NewlyFailing},
		{"newly compiling", Input{Error: "Evaluation Error: boom"}, Input{Catalog: ok}, NewlyCompiling},
		{"same error", Input{Error: "boom (file: /a/site.pp, line: 1)", Root: "/a"}, Input{Error: "boom (file: /b/site.pp, line: 1)", Root: "/b/"}, Failing},
		{"error changed", Input{Error: "boom"}, Input{Error: "bang"}, ErrorChanged},
		{"not a catalog", Input{Catalog: ok}, Input{Catalog: []byte(`{"resources": 3}`)}, NewlyFailing},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := CompareNode("n1", tc.old, tc.new, nil)
			require.Equal(t, tc.status, d.Status)
			require.Equal(t, tc.status != Unchanged && tc.status != Failing, d.Differs())
		})
	}
	d := CompareNode("n1", Input{Error: "x in /a/m.pp"}, Input{Error: "y in /b/m.pp"}, nil)
	require.Equal(t, "x in /a/m.pp", d.OldError, "without a root, paths stay")
}

func TestValidateReferences(t *testing.T) {
	ok := cat(base(), baseEdges)
	opts := &Options{ValidateReferences: []string{"before", "require", "notify", "subscribe"}}
	require.Equal(t, Unchanged, CompareNode("n1", Input{Catalog: ok}, Input{Catalog: ok}, opts).Status)

	// A subscribe to a missing exec, a require of a file known by its
	// path with a trailing slash, one of a class in another case, and one
	// of a package by its alias.
	svc := strings.Replace(svcNginx, `"ensure":"running"`, `"ensure":"running","subscribe":["Exec[gone]"],"require":["File[/etc/nginx.conf/]","Class[web]","Package[nginx-alias]"]`, 1)
	pkg := strings.Replace(pkgNginx, `"ensure":"installed"`, `"ensure":"installed","alias":"nginx-alias"`, 1)
	broken := cat(replace(replace(base(), svcNginx, svc), pkgNginx, pkg), baseEdges)
	d := CompareNode("n1", Input{Catalog: ok}, Input{Catalog: broken, Root: "/env"}, opts)
	require.Equal(t, NewlyFailing, d.Status)
	require.Equal(t, "Catalog has broken reference: Service[nginx] (modules/web/manifests/init.pp:9) -> subscribe Exec[gone]", d.NewError)
	// Only the metaparameters asked for are checked; the old side never.
	require.Equal(t, ChangedStatus, CompareNode("n1", Input{Catalog: ok}, Input{Catalog: broken}, &Options{ValidateReferences: []string{"before"}}).Status)
	require.Equal(t, ChangedStatus, CompareNode("n1", Input{Catalog: broken}, Input{Catalog: ok}, opts).Status, "the old catalog is not validated")
}

func TestReport(t *testing.T) {
	conf := strings.Replace(fileConf, `"mode":"0644"`, `"mode":"0600"`, 1)
	nodes := []*NodeDiff{
		CompareNode("a", Input{Catalog: cat(base(), baseEdges)}, Input{Catalog: cat(replace(base(), fileConf, conf), baseEdges), Root: "/env"}, nil),
		CompareNode("b", Input{Catalog: cat(base(), baseEdges)}, Input{Catalog: cat(base(), baseEdges)}, nil),
		CompareNode("c", Input{Catalog: cat(base(), baseEdges)}, Input{Error: "Evaluation Error: no"}, nil),
		CompareNode("d", Input{Error: "Evaluation Error: no"}, Input{Error: "Evaluation Error: no"}, nil),
	}
	r := NewReport("old", "new", nodes)
	require.True(t, r.Differs())
	var text bytes.Buffer
	require.NoError(t, r.WriteText(&text, false))
	require.Equal(t, `*** a: 1 resource changed
~ File[/etc/nginx.conf]  (modules/web/manifests/init.pp:3)
    ~ parameters::mode: "0644" => "0600"

*** c: newly failing
  Error: Evaluation Error: no

*** d: failing on both sides, with the same error
  Error: Evaluation Error: no

4 nodes compared: 1 changed, 1 unchanged, 1 newly failing, 1 failing on both sides
`, text.String())
	var js bytes.Buffer
	require.NoError(t, r.WriteJSON(&js))
	var back map[string]any
	require.NoError(t, json.Unmarshal(js.Bytes(), &back))
	require.Equal(t, float64(1), back["format_version"])
	require.Equal(t, map[string]any{"nodes": 4.0, "changed": 1.0, "unchanged": 1.0, "newly_failing": 1.0, "newly_compiling": 0.0, "error_changed": 0.0, "failing": 1.0}, back["summary"])
	n0 := back["nodes"].([]any)[0].(map[string]any)
	require.Equal(t, "changed", n0["status"])
	require.Equal(t, []any{map[string]any{"attribute": "parameters::mode", "change": "changed", "old": "0644", "new": "0600"}},
		n0["resources_changed"].([]any)[0].(map[string]any)["changes"])
	require.False(t, NewReport("o", "n", nodes[1:2]).Differs())
	require.False(t, NewReport("o", "n", nodes[3:]).Differs(), "failing the same way is no difference")
}
