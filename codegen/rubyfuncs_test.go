package codegen_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck"
	"github.com/stretchr/testify/require"
)

// TestTranslatedRubyFunctions: a module's Ruby functions, 4.x and 3.x,
// are translated into its package and listed in its rt.Module as data
// (rubyfn.Func: the program registers them, no code of the package runs
// to); one that does not translate is reported with its file, line and
// construct.
func TestTranslatedRubyFunctions(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"manifests/site.pp": "notice(m::twice(2), m_triple(['a']), m::shell('x'))\n",
		"modules/m/lib/puppet/functions/m/twice.rb": `Puppet::Functions.create_function(:'m::twice') do
  dispatch :twice do
    param 'Integer', :x
  end
  def twice(x)
    x * 2
  end
end
`,
		"modules/m/lib/puppet/parser/functions/m_triple.rb": `module Puppet::Parser::Functions
  newfunction(:m_triple, type: :rvalue, arity: 1) do |args|
    args[0] * 3
  end
end
`,
		"modules/m/lib/puppet/functions/m/shell.rb": "Puppet::Functions.create_function(:'m::shell') do\n  def shell(x)\n    system(\"echo #{x}\")\n  end\nend\n",
	}
	writeTree(t, dir, files)
	e, err := env.Load(dir, env.Options{BaseModulePath: t.TempDir(), Name: "production"})
	require.NoError(t, err)
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: conformance.RepoDir(), Version: "test", Checked: typecheck.Check(e, 0)})
	require.NoError(t, err)
	by := map[string]*codegen.RubyFunction{}
	for _, r := range res.Ruby {
		by[r.Name] = r
	}
	require.Equal(t, codegen.ByTranslation, by["m::twice"].By)
	require.Equal(t, codegen.ByTranslation, by["m_triple"].By)
	require.Equal(t, "", by["m::shell"].By)
	require.Contains(t, by["m::shell"].Why, "unsupported Ruby: `system' (running commands) (file: "+filepath.Join(dir, "modules/m/lib/puppet/functions/m/shell.rb")+", line: 3, column: 5)")
	var gen string
	for name, b := range res.Files {
		if strings.HasPrefix(name, "modules/m/") {
			gen += string(b)
		}
	}
	require.Regexp(t, `Ruby: \[\]rubyfn\.Func\{\s+\{`, gen)
	require.Regexp(t, `\{\s+API:\s+4,\s+Dispatches: \[\]rubyfn\.Dispatch\{\{\s+Method: "twice",\s+Sig: func\(\) \*v\.Signature \{\s+return &v\.Signature\{Params: \[\]v\.SignatureParam\{\{\s+Kind: v\.ParamRequired,\s+Name: "x",\s+Type: &v\.Builtin\.Integer,\s+\}\}\}\s+\},\s+Spec: "Integer x",\s+\}\},\s+Methods: rbfn\w+,\s+Name:\s+"m::twice",\s+\}`, gen)
	require.Regexp(t, `\{\s+API:\s+3,\s+Arity:\s+1,\s+Method:\s+"real_function_m_triple",\s+Methods: rbfn\w+,\s+Name:\s+"m_triple",\s+Rvalue:\s+true,\s+\}`, gen)
	require.NotContains(t, gen, "func Register")
	require.NotContains(t, gen, "fn.New(")
}
