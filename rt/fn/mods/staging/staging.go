// Package staging implements the staging module's Ruby functions that
// manifests call: scope_defaults and staging_parse.
package staging

import (
	"net/url"
	"path"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

const module = "staging"

func reg(f *fn.Func) {
	f.Module = module
	fn.Register(f)
}

func basename(p, suffix string) string {
	t := strings.TrimRight(p, "/")
	if t == "" {
		if strings.HasPrefix(p, "/") {
			return "/"
		}
		return ""
	}
	if i := strings.LastIndexByte(t, '/'); i >= 0 {
		t = t[i+1:]
	}
	if suffix == ".*" {
		if i := strings.LastIndexByte(t, '.'); i > 0 {
			t = t[:i]
		}
	} else if suffix != "" && strings.HasSuffix(t, suffix) && t != suffix {
		t = t[:len(t)-len(suffix)]
	}
	return t
}

func extname(p string) string {
	b := strings.TrimLeft(basename(p, ""), ".")
	i := strings.LastIndexByte(b, '.')
	if i < 0 || i == len(b)-1 {
		return ""
	}
	return b[i:]
}

func init() {
	reg(fn.New3("scope_defaults", -1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		if len(a) != 2 {
			panic(fn.Errorf("scope_defaults(): Wrong number of arguments given (%d for 2)", len(a)))
		}
		segs := strings.Split(fn.RubyToS(a[0]), "::")
		for i, s := range segs {
			segs[i] = fn.RubyCapitalize(s)
		}
		d, ok := c.(fn.DefaultsFinder)
		if !ok {
			return v.False
		}
		return v.BoolOf(d.HasResourceDefault(strings.Join(segs, "::"), fn.RubyToS(a[1])))
	}))
	reg(fn.New3("staging_parse", -1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		if len(a) < 1 || len(a) > 3 {
			panic(fn.Errorf("staging_parse(): Wrong number of arguments given (%d for 1, 2, 3)", len(a)))
		}
		source := fn.RubyToS(a[0])
		u, err := url.Parse(strings.ReplaceAll(source, `\`, "/"))
		if err != nil || strings.ContainsAny(source, " \"<>") {
			panic(fn.Errorf("bad URI(is not URI?): %s", fn.RubyStringInspect(source)))
		}
		p := u.EscapedPath()
		if u.Opaque != "" {
			panic(fn.Errorf("staging_parse(): %s has no URI 'path' component", fn.RubyInspect(a[0])))
		}
		info := "filename"
		if len(a) > 1 && v.Truthy(a[1]) {
			info = fn.RubyToS(a[1])
		}
		ext := extname(p)
		if len(a) > 2 && v.Truthy(a[2]) {
			ext = fn.RubyToS(a[2])
		}
		switch info {
		case "filename":
			return v.String(basename(p, ""))
		case "basename":
			return v.String(basename(p, ext))
		case "extname":
			return v.String(extname(p))
		case "parent":
			return v.String(path.Clean(path.Join("/", p, "..")))
		}
		panic(fn.Errorf("staging_parse(), unknown parse info %s.", info))
	}))
}
