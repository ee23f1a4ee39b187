package onceover

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// envClasses are the classes of a control repository's own modules.
var envClasses = []string{"profile::base", "profile::db", "profile::web", "role::db", "role::web", "role::windows_server", "roles::legacy"}

// cells writes a matrix's cells as "class@node" for the table.
func cells(c *Config) []string {
	var out []string
	for _, cell := range c.Cells() {
		out = append(out, cell.Class+"@"+cell.Node)
	}
	return out
}

// The expectations follow onceover 3's TestConfig, Group, Class and Test
// (lib/onceover/*.rb): how groups, regexes and test_matrix entries expand.
func TestParseMatrix(t *testing.T) {
	tests := []struct {
		name, yaml string
		classes    []string
		cells      []string
		warnings   int
	}{
		{
			name: "README's minimal configuration: a regex and the built-in groups",
			yaml: `
classes:
  - /^role::/
nodes:
  - Debian-10-amd64
test_matrix:
  - all_nodes:
      classes: 'all_classes'
      tests: 'spec'
`,
			classes: []string{"role::db", "role::web", "role::windows_server"},
			cells:   []string{"role::db@Debian-10-amd64", "role::web@Debian-10-amd64", "role::windows_server@Debian-10-amd64"},
		},
		{
			name: "regexes are unanchored Ruby regexes; names are kept even when no module defines them",
			yaml: `
classes: ['/roles?::(db|legacy)/', 'site::extra', '::profile::base']
nodes: [n1]
test_matrix:
  - n1: {classes: all_classes, tests: spec}
`,
			classes: []string{"role::db", "roles::legacy", "site::extra", "profile::base"},
			cells:   []string{"role::db@n1", "roles::legacy@n1", "site::extra@n1", "profile::base@n1"},
		},
		{
			name: "groups of names, regexes and groups; include/exclude; deduplication in test_matrix order",
			yaml: `
classes:
  - /^role::/
  - /^profile::/
nodes: [centos7, ubuntu2204, win2019]
node_groups:
  linux: [centos7, ubuntu2204]
  non_windows:
    include: all_nodes
    exclude: win2019
class_groups:
  windows_roles: [role::windows_server]
  roles: ['/^role::/']
  linux_roles:
    include: roles
    exclude: windows_roles
  web: [role::web, profile::web]
test_matrix:
  - non_windows:
      classes: linux_roles
      tests: spec
  - win2019:
      classes: windows_roles
      tests: all_tests
  - linux:
      classes: web
      tests: spec
      tags: [web]
  - ubuntu2204:
      classes: profile::db
      tests: spec
`,
			cells: []string{
				"role::db@centos7", "role::web@centos7", "role::db@ubuntu2204", "role::web@ubuntu2204",
				"role::windows_server@win2019",
				"profile::web@centos7", "profile::web@ubuntu2204",
				"profile::db@ubuntu2204",
			},
		},
		{
			name: "classes of a test as {include, exclude}, and as a /regex/ among the classes",
			yaml: `
classes: [/^role::/, profile::base]
nodes: [n1, n2]
test_matrix:
  - n1:
      classes: {include: all_classes, exclude: role::windows_server}
      tests: spec
  - n2:
      classes: /::(db|base)$/
      tests: spec
`,
			cells: []string{"role::db@n1", "role::web@n1", "profile::base@n1", "role::db@n2", "profile::base@n2"},
		},
		{
			name: "entries without spec tests run nothing (onceover keeps spec and all_tests only)",
			yaml: `
classes: [role::db]
nodes: [n1]
test_matrix:
  - n1: {classes: role::db}
  - n1: {classes: role::db, tests: acceptance}
`,
			warnings: 2,
		},
		{
			name: "empty groups and a regex that matches nothing",
			yaml: `
classes: [/^nothing::/, role::db]
nodes: [n1]
node_groups:
  none:
class_groups:
  nothing: [/^nothing::/]
test_matrix:
  - none: {classes: all_classes, tests: spec}
  - n1: {classes: nothing, tests: spec}
  - n1: {classes: role::db, tests: spec}
`,
			classes: []string{"role::db"},
			cells:   []string{"role::db@n1"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Parse("spec/onceover.yaml", []byte(tc.yaml), envClasses)
			require.NoError(t, err)
			if tc.classes != nil {
				require.Equal(t, tc.classes, cfg.Classes)
			}
			require.Equal(t, tc.cells, cells(cfg))
			require.Len(t, cfg.Warnings, tc.warnings, "%v", cfg.Warnings)
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, yaml, err string }{
		{"not YAML", "classes: [a\n", "spec/onceover.yaml: not valid YAML: "},
		{"not a hash", "- a\n", "spec/onceover.yaml:1:1: expected a hash of settings"},
		{"unknown test node", "nodes: [n1]\ntest_matrix:\n  - n2: {classes: all_classes, tests: spec}\n",
			"spec/onceover.yaml:3:5: n2 was not found in the list of nodes or groups!"},
		{"unknown test class", "classes: [a]\nnodes: [n1]\ntest_matrix:\n  - n1: {classes: b, tests: spec}\n",
			"spec/onceover.yaml:4:19: b was not found in the list of classes or groups!"},
		{"a node as a test's classes", "classes: [a]\nnodes: [n1]\ntest_matrix:\n  - n1: {classes: n1, tests: spec}\n",
			"spec/onceover.yaml:4:19: n1 was not found in the list of classes or groups!"},
		{"a class group as a test's nodes", "classes: [a]\nnodes: [n1]\nclass_groups:\n  g: [a]\ntest_matrix:\n  - g: {classes: a, tests: spec}\n",
			"spec/onceover.yaml:6:5: test_matrix: g is a group of classes, not of nodes"},
		{"unknown group member", "nodes: [n1]\nnode_groups:\n  g: [n1, n9]\n",
			"spec/onceover.yaml:3:11: Could not find n9 in list of classes, nodes or groups"},
		{"mixed group", "classes: [a]\nnodes: [n1]\nnode_groups:\n  g: [n1, a]\n",
			"spec/onceover.yaml:4:3: node_groups g: Groups must contain either all nodes or all classes"},
		{"include without exclude", "nodes: [n1]\nnode_groups:\n  g:\n    include: all_nodes\n",
			"spec/onceover.yaml:4:5: node_groups g: The classes/nodes hash must have an `exclude` if using an `include`"},
		{"group defined twice across kinds", "classes: [a]\nnodes: [n1]\nnode_groups:\n  g: [n1]\nclass_groups:\n  g: [a]\n",
			"spec/onceover.yaml:6:3: class_groups: group g is defined already"},
		{"a group used before it is defined", "nodes: [n1]\nnode_groups:\n  a:\n    include: b\n    exclude: all_nodes\n  b: [n1]\n",
			"spec/onceover.yaml:4:14: Could not find b in list of classes, nodes or groups"},
		{"bad regex", "classes: ['/a(/']\n", "spec/onceover.yaml:1:11: /a(/: "},
		{"mocked functions", "functions:\n  query_resources:\n    returns: []\n",
			"spec/onceover.yaml:1:1: functions: mocked functions are not supported by pp2go matrix"},
		{"before blocks", "before:\n  - \"puts 1\"\n", "spec/onceover.yaml:1:1: before: Ruby blocks run around rspec tests are not supported"},
		{"the manifest option", "opts:\n  :manifest: manifests/site.pp\n", "spec/onceover.yaml:2:3: opts :manifest: compiling with the main manifest is not supported"},
		{"classes not a list", "classes: {a: 1}\n", "spec/onceover.yaml:1:10: classes: expected a list of names"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("spec/onceover.yaml", []byte(tc.yaml), envClasses)
			require.Error(t, err)
			require.True(t, strings.HasPrefix(err.Error(), tc.err), "error %q, want it to start with %q", err, tc.err)
		})
	}
}

func TestParseOpts(t *testing.T) {
	cfg, err := Parse("o.yaml", []byte("opts:\n  :facts_dir: spec/facts\n  :facts_files: ['spec/more/*.facts']\n  :debug: true\n"), nil)
	require.NoError(t, err)
	require.Equal(t, []string{"spec/facts"}, cfg.FactsDirs)
	require.Equal(t, []string{"spec/more/*.facts"}, cfg.FactsFiles)
}

func TestFactSets(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	// onceover's PuppetDB form with trusted facts under values, and its
	// top-level trusted hash; a facterdb .facts; a file that is no fact set.
	write("web.json", `{"name": "web1", "values": {"os": {"family": "Debian"}, "trusted": {"extensions": {"pp_role": "web", "certname": "web1.example.com"}}}}`)
	write("db.json", `{"trusted": {"pp_role": "db"}, "values": {"os": {"family": "RedHat"}, "trusted": {"extensions": {"pp_role": "ignored"}}}}`)
	write("debian-12-x86_64.facts", `{"os": {"family": "Debian"}}`)
	write("README.md", "not facts")
	sets, err := FindFactSets([]string{dir}, nil)
	require.NoError(t, err)
	require.Len(t, sets, 3)
	for _, fs := range sets {
		require.NoError(t, fs.Read())
	}
	require.Equal(t, "web1.example.com", sets["web"].Certname, "onceover names the node after trusted['certname']")
	require.Equal(t, "web", sets["web"].Extensions["pp_role"])
	require.Equal(t, "db", sets["db"].Extensions["pp_role"], "the top-level trusted hash wins")
	require.Equal(t, "", sets["db"].Certname)
	require.Empty(t, sets["debian-12-x86_64"].Extensions)

	write("bad.json", `[1, 2]`)
	sets, err = FindFactSets([]string{dir}, nil)
	require.NoError(t, err)
	require.Error(t, sets["bad"].Read())
}

// Tags: a cell has the tags of every entry that holds it; --tags keeps a
// cell that one filter matches ("~tag": that lacks the tag).
func TestTags(t *testing.T) {
	cfg, err := Parse("o.yaml", []byte(`
classes: [role::db, role::web]
nodes: [n1, n2]
test_matrix:
  - all_nodes: {classes: all_classes, tests: spec}
  - n1: {classes: role::web, tests: spec, tags: [web, slow]}
  - n2: {classes: role::web, tests: spec, tags: web}
`), nil)
	require.NoError(t, err)
	keep := func(filters ...string) []string {
		var out []string
		for _, tc := range cfg.TaggedCells() {
			if tc.MatchTags(filters) {
				out = append(out, tc.Class+"@"+tc.Node)
			}
		}
		return out
	}
	require.Equal(t, []string{"role::web@n1", "role::web@n2"}, keep("web"))
	require.Equal(t, []string{"role::web@n1"}, keep("slow"))
	require.Equal(t, []string{"role::db@n1", "role::db@n2", "role::web@n2"}, keep("~slow"))
	require.Equal(t, []string{"role::db@n1", "role::web@n1", "role::db@n2", "role::web@n2"}, keep("slow", "~slow"))
}
