package resolve

import (
	"testing"

	"github.com/pp2go/pp2go/frontend/env"
)

// reached lists, for each class name, whether nodes reach it.
func reached(r *Reach, e *env.Env, names ...string) map[string]bool {
	out := map[string]bool{}
	for _, n := range names {
		d := e.FindClass(n)
		out[n] = d != nil && r.defs[d.Node]
	}
	return out
}

func TestReachable(t *testing.T) {
	dir := t.TempDir()
	tree(t, dir, map[string]string{
		"environment.conf":                 "modulepath = modules\n",
		"manifests/site.pp":                "node default { include fw }\nclass unused { }\n",
		"modules/fw/manifests/init.pp":     "class fw { contain \"${title}::linux\" }\n",
		"modules/fw/manifests/linux.pp":    "class fw::linux inherits fw::params { create_resources($facts['t'], {}) }\n",
		"modules/fw/manifests/params.pp":   "class fw::params { }\n",
		"modules/fw/manifests/other.pp":    "class fw::other { }\n",
		"modules/apache/manifests/init.pp": "class apache { }\n",
		"modules/apache/manifests/mod.pp":  "class apache::mod { }\n",
	})
	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	r := Reachable(e, "")
	got := reached(r, e, "fw", "fw::linux", "fw::params", "fw::other", "unused", "apache", "apache::mod")
	want := map[string]bool{"fw": true, "fw::linux": true, "fw::params": true, "fw::other": false, "unused": false, "apache": false, "apache::mod": false}
	for n, w := range want {
		if got[n] != w {
			t.Errorf("%s reached: %v, want %v", n, got[n], w)
		}
	}
	if r.All || len(r.Unfollowed) != 1 {
		t.Errorf("All %v, Unfollowed %v: want a computed resource type noted, not all code reached", r.All, r.Unfollowed)
	}

	// a computed class name with a module prefix reaches that module whole
	tree(t, dir, map[string]string{"manifests/site.pp": "node default { include \"apache::${facts['m']}\" }\n"})
	e, err = env.Load(dir, env.Options{BaseModulePath: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	r = Reachable(e, "")
	got = reached(r, e, "apache", "apache::mod", "fw")
	if !got["apache"] || !got["apache::mod"] || got["fw"] || r.All {
		t.Errorf("reached %v, All %v: want apache's classes only", got, r.All)
	}
}
