package codegen_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck"
	"github.com/stretchr/testify/require"
)

// TestMissingGoFunction: without its go/ directory, the greet module of
// examples/gofunc has Ruby functions with no implementation pp2go can run,
// and the build fails naming each function, its call sites, the Ruby file
// and the Go function to write.
func TestMissingGoFunction(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS("../examples/gofunc/env")))
	require.NoError(t, os.RemoveAll(filepath.Join(dir, "modules", "greet", "go")))
	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Version: "example", Checked: typecheck.Check(e)})
	require.NoError(t, err)
	errs := res.Diags.Errors()
	require.Len(t, errs, 4, "one error per function: %v", errs)
	min := errs[1].Message
	for _, e := range errs {
		if filepath.Base(e.File) == "min.rb" {
			min = e.Message
		}
	}
	require.Equal(t, `Unknown function: 'greet::min': no Go implementation
  called from:
    `+filepath.Join(dir, "modules/greet/manifests/init.pp")+`:9:10
  it is written in Ruby in `+filepath.Join(dir, "modules/greet/lib/puppet/functions/greet/min.rb")+`, which pp2go does not run
  write it in Go in modules/greet/go/ (package of exported functions, see codegen/gofuncs):
    func Min(a int64, b int64) int64`, min)
}
