package hieragen

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strconv"
	"testing"

	"github.com/pp2go/pp2go/rt/hiera"
)

// TestModuleLayers: each module's layer is found in the generated Data's
// Modules under the module's name, whatever the order of the names, and
// the layers are laid out apart from the map's literal (an array the map
// points into), so that they are static data.
func TestModuleLayers(t *testing.T) {
	layer := func(mod string) *hiera.Config {
		return &hiera.Config{Path: "/mods/" + mod + "/hiera.yaml", Root: "/mods/" + mod, Version: 5,
			Hierarchy: []*hiera.Entry{{Name: "common", Kind: "data_hash", Function: "yaml_data", Datadir: "/mods/" + mod + "/data", LocationKind: "path", Locations: []string{"common.yaml"}}}}
	}
	d := &hiera.Data{EnvName: "production", Modules: map[string]*hiera.Config{"ntp": layer("ntp"), "apt": layer("apt"), "systemd": layer("systemd")}}
	src, err := Generate(d, Options{Package: "hieradata"})
	if err != nil {
		t.Fatal(err)
	}
	if formatted, err := format.Source(src); err != nil || string(formatted) != string(src) {
		t.Fatalf("generated code is not gofmt-clean (%v):\n%s", err, src)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "data.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	// the roots of moduleConfigs' elements, and the index each of Modules' keys points at
	var roots []string
	at := map[string]int{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			if n.Names[0].Name == "moduleConfigs" {
				for _, e := range n.Values[0].(*ast.CompositeLit).Elts {
					roots = append(roots, fieldString(t, e.(*ast.CompositeLit), "Root"))
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Modules" {
				for _, e := range n.Value.(*ast.CompositeLit).Elts {
					kv := e.(*ast.KeyValueExpr)
					name, _ := strconv.Unquote(kv.Key.(*ast.BasicLit).Value)
					ix := kv.Value.(*ast.UnaryExpr).X.(*ast.IndexExpr)
					i, _ := strconv.Atoi(ix.Index.(*ast.BasicLit).Value)
					at[name] = i
				}
			}
		}
		return true
	})
	if len(roots) != 3 || len(at) != 3 {
		t.Fatalf("moduleConfigs %v, Modules %v\n%s", roots, at, src)
	}
	for mod, i := range at {
		if i >= len(roots) || roots[i] != "/mods/"+mod {
			t.Errorf("Modules[%q] is moduleConfigs[%d], of root %q", mod, i, roots[i])
		}
	}
}

// fieldString is the string literal of a composite literal's field.
func fieldString(t *testing.T, lit *ast.CompositeLit, name string) string {
	for _, e := range lit.Elts {
		if kv := e.(*ast.KeyValueExpr); kv.Key.(*ast.Ident).Name == name {
			s, err := strconv.Unquote(kv.Value.(*ast.BasicLit).Value)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
	}
	return ""
}
