package rubyfn

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/codegen/erbgen"
)

// TestModuleTemplates renders templates that load their module's Ruby
// (require of lib/puppet_x files, $LOAD_PATH.unshift of the module's lib
// folded from __FILE__) through their translation, with the variables of
// testdata/templates/NAME.json, and compares with what real Ruby renders
// (testdata/templates/render.rb made NAME.txt).
func TestModuleTemplates(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go (-short)")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	modules := os.Getenv("PP2GO_D13_MODULES")
	if modules == "" {
		modules = "/tmp/d13/modules"
	}
	for _, c := range []struct{ name, template string }{
		{"elasticsearch-yml", "elasticsearch/templates/etc/elasticsearch/elasticsearch.yml.erb"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(modules, c.template)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Skipf("no %s: %v", path, err)
			}
			tmpl, err := TranslateTemplate(path, src)
			if err != nil {
				t.Fatal(err)
			}
			// inside this module, so that the runtime's packages resolve
			dir, err := os.MkdirTemp("testdata", "tmpl-")
			if err != nil {
				t.Fatal(err)
			}
			defer os.RemoveAll(dir)
			f := jen.NewFile("main")
			f.ImportAlias(erbgen.RuntimePath, "erb")
			tmpl.Emit(f, "render")
			if err := f.Save(filepath.Join(dir, "template.go")); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(templateMain), 0o644); err != nil {
				t.Fatal(err)
			}
			data, _ := filepath.Abs(filepath.Join("testdata", "templates", c.name+".json"))
			// the rendering alone: go's own messages (GOFLAGS=-v's
			// package names, downloads) go to stderr
			cmd := exec.Command(gobin, "run", "./"+filepath.ToSlash(dir), data, c.template, path)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v\n%s%s", err, out, stderr.String())
			}
			want, err := os.ReadFile(filepath.Join("testdata", "templates", c.name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != string(want) {
				t.Errorf("rendered:\n%s\nRuby renders:\n%s", out, want)
			}
		})
	}
}

// templateMain renders the template (render) with the variables of a
// JSON file (its objects' keys kept in order), as template() does.
const templateMain = `package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/values"
)

type scope struct{ vars *values.Hash }

func (s scope) LookupVar(name string) (values.Value, bool) {
	return s.vars.GetString(strings.TrimPrefix(name, "::"))
}
func (s scope) Vars() *values.Hash { return s.vars }
func (s scope) Call(name string, args []values.Value) values.Value {
	panic(fmt.Errorf("no function %s here", name))
}

func decode(d *json.Decoder) values.Value {
	tok, err := d.Token()
	if err != nil {
		panic(err)
	}
	switch x := tok.(type) {
	case json.Delim:
		if x == '[' {
			var elems []values.Value
			for d.More() {
				elems = append(elems, decode(d))
			}
			d.Token()
			return values.NewArray(elems...)
		}
		var kv []values.Value
		for d.More() {
			k, _ := d.Token()
			kv = append(kv, values.String(k.(string)), decode(d))
		}
		d.Token()
		return values.NewHashFromPairs(kv...)
	case string:
		return values.String(x)
	case bool:
		return values.BoolOf(x)
	case json.Number:
		if n, err := strconv.ParseInt(x.String(), 10, 64); err == nil {
			return values.Int(n)
		}
		f, _ := strconv.ParseFloat(x.String(), 64)
		return values.Float(f)
	}
	return values.Undef
}

func main() {
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	d := json.NewDecoder(strings.NewReader(string(src)))
	d.UseNumber()
	out, err := erb.Render(render, scope{decode(d).(*values.Hash)}, os.Args[2], os.Args[3])
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Print(out)
}
`
