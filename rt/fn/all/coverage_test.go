package all

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/rt/fn"
)

// The functions the runtime (package rt) provides itself, because they
// steer evaluation: they are not in fn's registry.
var runtimeFunctions = map[string]bool{
	"include": true, "require": true, "contain": true, "realize": true, "tag": true, "tagged": true,
	"defined": true, "create_resources": true, "break": true, "next": true, "return": true,
	"alert": true, "crit": true, "debug": true, "emerg": true, "err": true, "info": true, "notice": true, "warning": true,
	"lookup": true, "hiera": true, "hiera_array": true, "hiera_hash": true, "hiera_include": true,
	"template": true, "inline_template": true, "epp": true, "inline_epp": true,
}

// Calls in the corpus that no Puppet could resolve: real defects of the
// modules (galera's templates call a 3.x `warn` that does not exist).
var knownDefects = map[string]bool{"warn": true}

var erbCall = regexp.MustCompile(`function_([a-z_][a-z0-9_]*)|call_function\(['"]([a-z_:][a-z0-9_:]*)['"]`)

// TestDebianCorpusFunctionsResolve checks that every function called from
// the manifests, Puppet functions and templates of Debian's packaged modules
// has an implementation: a Go function of rt/fn, a runtime function, a
// Puppet-language function of the modules, or a Ruby function of the
// modules, which the build translates (codegen/rubyfn: TestTranslateCorpus
// says which translate, TestCasesAgainstPuppet checks them against Puppet).
func TestDebianCorpusFunctionsResolve(t *testing.T) {
	root := "/usr/share/puppet/modules"
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Skip("Debian's puppet-module-* packages are not installed")
	}
	puppetFunctions := map[string]bool{}
	rubyFunctions := map[string]bool{}
	calls := map[string][]string{} // name -> call sites
	for _, e := range entries {
		dir, err := filepath.EvalSymlinks(filepath.Join(root, e.Name()))
		if err != nil {
			continue
		}
		mod := e.Name()
		filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() {
				return nil
			}
			rel, _ := filepath.Rel(dir, p)
			site := mod + "/" + rel
			switch {
			case fn.PortFunction(filepath.ToSlash(rel)) != "":
				rubyFunctions[fn.PortFunction(filepath.ToSlash(rel))] = true
			case strings.HasSuffix(p, ".pp") && (strings.HasPrefix(rel, "manifests/") || strings.HasPrefix(rel, "functions/")):
				scanPuppet(t, p, false, site, calls, puppetFunctions)
			case strings.HasSuffix(p, ".epp") && strings.HasPrefix(rel, "templates/"):
				scanPuppet(t, p, true, site, calls, puppetFunctions)
			case strings.HasSuffix(p, ".erb") && strings.HasPrefix(rel, "templates/"):
				data, _ := os.ReadFile(p)
				for _, m := range erbCall.FindAllStringSubmatch(string(data), -1) {
					name := m[1] + m[2]
					if m[1] == "name" { // corosync's @log_function_name, not a call
						continue
					}
					calls[name] = append(calls[name], site)
				}
			}
			return nil
		})
	}
	if len(calls) == 0 {
		t.Fatal("no function calls found in the corpus")
	}
	var missing []string
	for name, sites := range calls {
		if fn.Lookup(name) != nil || runtimeFunctions[name] || puppetFunctions[name] || rubyFunctions[name] || knownDefects[name] {
			continue
		}
		sort.Strings(sites)
		missing = append(missing, name+" (called from "+strings.Join(sites, ", ")+")")
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("functions without an implementation:\n%s", strings.Join(missing, "\n"))
	}
	t.Logf("%d function names called in the corpus resolve", len(calls))
}

func scanPuppet(t *testing.T, path string, epp bool, site string, calls map[string][]string, defs map[string]bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := source.NewFile(path, string(data))
	var res *parser.Result
	if epp {
		res, _ = parser.ParseEPP(f)
	} else {
		res, _ = parser.ParseFile(f)
	}
	if res == nil || res.Program == nil {
		return
	}
	walk(reflect.ValueOf(res.Program), func(n any) {
		switch x := n.(type) {
		case *ast.FunctionDefinition:
			defs[strings.TrimPrefix(strings.ToLower(x.Name), "::")] = true
		case *ast.CallNamedFunctionExpression:
			switch f := x.Functor.(type) {
			case *ast.QualifiedName:
				calls[f.Value] = append(calls[f.Value], site)
			default:
				calls["new"] = append(calls["new"], site) // Type(...)
			}
		case *ast.CallMethodExpression:
			if na, ok := x.Functor.(*ast.NamedAccessExpression); ok {
				if q, ok := na.Right.(*ast.QualifiedName); ok {
					calls[q.Value] = append(calls[q.Value], site)
				}
			}
		}
	})
}

// walk visits every node of a syntax tree.
func walk(v reflect.Value, f func(any)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
			f(v.Interface())
		}
		walk(v.Elem(), f)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), f)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), f)
		}
	}
}
