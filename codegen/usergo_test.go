package codegen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck"
	"github.com/stretchr/testify/require"
)

// TestMissingGoFunction: without its go/ directory, the greet module of
// examples/gofunc has Ruby functions with no implementation pp2go can run:
// the build warns, naming each function, its call sites, the Ruby file
// and the Go function to write, and the program registers each so that a
// call fails saying why.
func TestMissingGoFunction(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS("../examples/gofunc/env")))
	require.NoError(t, os.RemoveAll(filepath.Join(dir, "modules", "greet", "go")))
	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Puppet: 7, Version: "example", Checked: typecheck.Check(e, 7)})
	require.NoError(t, err)
	require.Empty(t, res.Diags.Errors())
	warned := map[string]string{}
	for _, d := range res.Diags {
		if d.Code == codegen.CodeNoGoFunction {
			warned[filepath.Base(d.File)] = d.Message
		}
	}
	// what the Ruby translator does not translate: one warning each, and a
	// call fails saying why
	for _, r := range res.Ruby {
		if r.By != "" {
			continue
		}
		msg := warned[filepath.Base(r.File)]
		require.NotEmpty(t, msg, "a warning for %s: %v", r.Name, res.Diags)
		require.Contains(t, msg, "Function '"+r.Name+"' has no Go implementation: "+r.Why+"\n  called from:\n    ")
		require.Contains(t, msg, "it is written in Ruby in "+r.File+", which pp2go does not run\n  write it in Go in modules/greet/go/")
		require.Contains(t, string(res.Files["catalog/functions.go"]), `fn.Register(fn.Untranslated("`+r.Name+`", "greet", "Function '`+r.Name+`' is written in Ruby (`+r.File+`), which pp2go did not translate to Go: `)
	}
	if m := warned["min.rb"]; m != "" {
		require.True(t, strings.HasSuffix(m, `
  write it in Go in modules/greet/go/ (package of exported functions, see codegen/gofuncs):
    func Min(a int64, b int64) int64`), m)
	}
}
