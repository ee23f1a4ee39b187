package rubyfn

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/codegen/erbgen"
	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/source"
)

// TestCasesAgainstPuppet runs function cases Puppet 7.23 evaluated with
// the translated functions in place of pp2go's Go versions: for Debian
// 12's modules, rt/fn/testdata/expected (made by rt/fn/testdata/gen.rb);
// for Debian 13's, testdata/expected/debian13.json (made by
// testdata/gen.rb with that module path). Every case of a function that
// translates must give Puppet's result or error.
func TestCasesAgainstPuppet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go (-short)")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	for _, c := range corpora() {
		set, dir := c[0], c[1]
		t.Run(set, func(t *testing.T) {
			var expected []string
			if set == "debian12" {
				expected, _ = filepath.Glob("../../rt/fn/testdata/expected/*.json")
			}
			own, _ := filepath.Glob("testdata/expected/" + set + "*.json")
			expected = append(expected, own...)
			runCases(t, gobin, dir, expected)
		})
	}
}

// runCases translates the function files of a module directory into a
// program that runs the cases of the expected files, and checks them.
func runCases(t *testing.T, gobin, dir string, expected []string) {
	files := functionFiles(dir)
	if len(files) == 0 {
		t.Skipf("no module functions under %s", dir)
	}
	// the program is built under rt/fn, to use rt/fn/internal/evaltest
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(root, "rt", "fn", "testdata")
	pkgDir, err := os.MkdirTemp(base, "rubyfn-cases-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(pkgDir)
	main, err := os.ReadFile("testdata/runcases.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkgDir, "main.go"), main, 0o644); err != nil {
		t.Fatal(err)
	}
	writeAliases(t, dir, pkgDir)
	writeInlineTemplates(t, expected, pkgDir)
	names := writeTranslated(t, files, pkgDir, "main", jen.Id("typeAliases"))
	sort.Strings(names)
	for i, f := range expected {
		expected[i], _ = filepath.Abs(f)
	}
	cmd := exec.Command(gobin, append([]string{"run", "./" + filepath.Base(pkgDir), strings.Join(names, ",")}, expected...)...)
	cmd.Dir = base
	// the module path of the cases (Puppet::Module.find)
	cmd.Env = append(os.Environ(), "PP2GO_CASES_MODULEPATH="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("running the cases: %v\n%s", err, out)
	}
	ok, failed, gaps, untranslated := 0, 0, 0, 0
	lines := strings.Split(string(out), "\n")
	for i, line := range lines {
		switch {
		case strings.HasPrefix(line, "ok "):
			ok++
		case strings.HasPrefix(line, "FAIL ") && i+2 < len(lines) && untranslatedErr.MatchString(lines[i+2]):
			// the function, or the part of it the case reaches, is not
			// translated: TestTranslateCorpus lists why
			lines[i] = "FAIL " + untranslatedMark + strings.TrimPrefix(line, "FAIL ")
			untranslated++
		case strings.HasPrefix(line, "FAIL ") && i+2 < len(lines) && harnessLimit.MatchString(lines[i+2]):
			// marked for failures(): the runner cannot check it
			lines[i] = "FAIL " + harnessMark + strings.TrimPrefix(line, "FAIL ")
			gaps++
		case strings.HasPrefix(line, "FAIL ") && knownGap(line) != "":
			gaps++
		case strings.HasPrefix(line, "FAIL "):
			failed++
		}
	}
	out = []byte(strings.Join(lines, "\n"))
	t.Logf("%d translated functions; %d of %d cases give Puppet's result; %d reach Ruby pp2go does not translate; %d not checked here (a known gap of the runtime, or the case needs what the runner does not load):\n%s", len(names), ok, ok+failed+gaps+untranslated, untranslated, gaps, failures(string(out), true))
	if failed > 0 {
		t.Errorf("%d cases differ from Puppet's:\n%s", failed, failures(string(out), false))
	}
}

// knownGaps are pp2go bugs the cases found and not fixed yet, by the
// function whose cases show them: they are counted and listed, not failed.
var knownGaps = map[string]string{
	// the runner registers no Puppet-language or logging function, and
	// every library's ports of every module version (a compiled
	// environment unbinds those its modules lack): checked end to end
	"stdlib::has_function": "the runner's function registry is not an environment's",
	// stdlib 9's 3.x has_ip_address/has_ip_network load has_interface_with
	// through Puppet::Parser::Functions.autoloader, whose deprecation
	// warnings pp2go does not log
	"has_ip_address": "the deprecation warnings of Puppet::Parser::Functions.autoloader",
	"has_ip_network": "the deprecation warnings of Puppet::Parser::Functions.autoloader",
	// stdlib 8's 3.x dig and type load dig44 and type3x the same way
	"inline_template('<%= scope.function_dig(":  "the deprecation warnings of Puppet::Parser::Functions.autoloader",
	"inline_template('<%= scope.function_type(": "the deprecation warnings of Puppet::Parser::Functions.autoloader",
	// a key that holds "(" is the start of one case: the runner does not
	// resolve Stdlib::Compat::String in the case's own code (a Resource
	// reference there), so validate_legacy warns about its type
	"validate_legacy(Stdlib::Compat::String, ": "the runner: the case's own type alias",
}

// harnessLimit matches the errors of cases the runner (rt/fn's evaltest)
// cannot check: type aliases resolve in the translated functions'
// signatures (writeAliases) but not in the case's own Puppet code, it loads
// no function written in Puppet's language, no template function but
// inline_template of literal text (writeInlineTemplates), and evaluates
// expressions only (no resource defaults).
var harnessLimit = regexp.MustCompile(`^  got  ERR .*(references an unresolved type '|Unknown function:? '|evaltest: unsupported expression)`)

const harnessMark = "(not checked) "

// untranslatedErr matches the error of a call that reaches Ruby the
// translator left out (rubyfn.UntranslatedMessage).
var untranslatedErr = regexp.MustCompile(`^  got  ERR .*is written in Ruby \(.*\), which pp2go did not translate to Go`)

const untranslatedMark = "(not translated) "

func knownGap(failLine string) string {
	src := strings.TrimPrefix(failLine, "FAIL ")
	if strings.HasPrefix(src, harnessMark) {
		return "the runner"
	}
	if strings.HasPrefix(src, untranslatedMark) {
		return "not translated"
	}
	for name, why := range knownGaps {
		if strings.HasPrefix(src, name+"(") || strings.Contains(name, "(") && strings.HasPrefix(src, name) {
			return why
		}
	}
	return ""
}

func failures(out string, known bool) string {
	var b strings.Builder
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "FAIL "+untranslatedMark) {
			continue // counted, not listed: TestTranslateCorpus lists why
		}
		if strings.HasPrefix(l, "FAIL ") && (knownGap(l) != "") == known {
			b.WriteString(l + "\n")
			for j := i + 1; j < len(lines) && strings.HasPrefix(lines[j], "  "); j++ {
				b.WriteString(lines[j] + "\n")
			}
		}
	}
	return b.String()
}

// writeTranslated writes the Go of each function file (module, path) that
// translates into package pkg in dir, and returns the functions' names.
// Their signatures' module type names resolve with resolver (nil: left
// unresolved).
func writeTranslated(t *testing.T, files [][2]string, dir, pkg string, resolver jen.Code) []string {
	var names []string
	for i, mf := range files {
		src, err := os.ReadFile(mf[1])
		if err != nil {
			t.Fatal(err)
		}
		fun, err := Translate(mf[1], src)
		if err != nil {
			continue
		}
		fun.Resolver = resolver
		f := jen.NewFile(pkg)
		fun.Emit(f, fmt.Sprintf("rbfn%d", i), mf[0])
		if err := f.Save(filepath.Join(dir, fmt.Sprintf("f%03d.go", i))); err != nil {
			t.Fatalf("%s: %v", mf[1], err)
		}
		names = append(names, fun.Name)
	}
	return names
}

// writeAliases writes aliasDefs, the source of every type alias the modules
// of dir define (types/**/*.pp) by lower-cased name, for the runner's
// typeAliases: a translated function's signature resolves Stdlib::HTTPUrl
// and the like as in a build.
func writeAliases(t *testing.T, dir, pkgDir string) {
	defs := jen.Dict{}
	mods, _ := os.ReadDir(dir)
	for _, m := range mods {
		filepath.WalkDir(filepath.Join(dir, m.Name(), "types")+"/", func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".pp") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			res, perr := parser.ParseFile(source.NewFile(path, string(src)))
			if perr != nil {
				return nil // Puppet fails on it too; the case then shows it
			}
			for _, def := range res.Program.Definitions {
				// the definition: what follows the name's "=" (an alias
				// file defines one type)
				a, ok := def.(*ast.TypeAlias)
				if eq := strings.IndexByte(string(src[a.End():]), '='); ok && eq >= 0 {
					defs[jen.Lit(strings.ToLower(a.Name))] = jen.Lit(stripComments(string(src[int(a.End())+eq+1:])))
				}
			}
			return nil
		})
	}
	f := jen.NewFile("main")
	f.Var().Id("aliasDefs").Op("=").Map(jen.String()).String().Values(defs)
	if err := f.Save(filepath.Join(pkgDir, "aliases.go")); err != nil {
		t.Fatal(err)
	}
}

// inlineTemplateCall matches inline_template('TEXT') in a case's source
// (Puppet's single-quoted string: \\ and \' are escapes).
var inlineTemplateCall = regexp.MustCompile(`inline_template\('((?:[^'\\]|\\.)*)'\)`)

// writeInlineTemplates translates the literal texts the cases of the
// expected files give inline_template(), as a build translates those of
// its manifests, into the runner's inlineTemplates (text to template).
func writeInlineTemplates(t *testing.T, expected []string, pkgDir string) {
	texts := map[string]bool{}
	for _, file := range expected {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var rows []struct{ Src string }
		if err := json.Unmarshal(data, &rows); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, r := range rows {
			for _, m := range inlineTemplateCall.FindAllStringSubmatch(r.Src, -1) {
				texts[strings.NewReplacer(`\\`, `\`, `\'`, `'`).Replace(m[1])] = true
			}
		}
	}
	f := jen.NewFile("main")
	f.ImportAlias(erbgen.RuntimePath, "erb")
	defs := jen.Dict{}
	for i, text := range slices.Sorted(maps.Keys(texts)) {
		tmpl, err := erbgen.Translate("inline_template", []byte(text))
		if err != nil {
			continue // the runner fails as a build's inline_template does
		}
		id := fmt.Sprintf("inlineERB%d", i)
		tmpl.Emit(f, id)
		defs[jen.Lit(text)] = jen.Id(id)
	}
	f.Var().Id("inlineTemplates").Op("=").Map(jen.String()).Qual(erbgen.RuntimePath, "Template").Values(defs)
	if err := f.Save(filepath.Join(pkgDir, "templates.go")); err != nil {
		t.Fatal(err)
	}
}

// stripComments drops the # comments of a type expression's source (the
// runner's values.ParseType reads types, not comments), outside quotes and
// regexps.
func stripComments(src string) string {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == '\\' && i+1 < len(src) {
				b.WriteByte(c)
				i++
				c = src[i]
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '/':
			quote = c
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			c = '\n'
		}
		b.WriteByte(c)
	}
	return b.String()
}
