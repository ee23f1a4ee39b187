// Package onceover reads onceover's configuration, spec/onceover.yaml, and
// expands it into the cells of its test matrix (a class compiled with a
// fact set) as onceover 3 does: classes given by name or /regex/, nodes
// (fact set names), node_groups and class_groups with the built-in
// all_nodes and all_classes groups and the include/exclude form, and the
// test_matrix entries whose tests are spec or all_tests, deduplicated in
// their order.
//
// What onceover does with Ruby (mocked functions, before and after blocks)
// cannot be followed: those keys are errors naming the file and line.
package onceover

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/pp2go/pp2go/rt/values"
)

// Config is an onceover.yaml, expanded.
type Config struct {
	File    string
	Classes []string // the classes to test: names, and what each /regex/ matched
	Nodes   []string // the fact set names
	// Groups are the node and class groups by name (one namespace, as in
	// onceover), with all_nodes and all_classes.
	Groups map[string]*Group
	Tests  []Test // the spec tests of test_matrix, in order
	// FactsDirs are opts' :facts_dir (and :facts_dirs, which onceover's
	// README shows), FactsFiles its :facts_files glob patterns; paths are
	// relative to the control repository. nil when not set.
	FactsDirs, FactsFiles []string
	// Warnings are what onceover accepts but pp2go ignores (test_matrix
	// entries without spec tests, unknown options).
	Warnings []string
}

// Group is a node group or a class group.
type Group struct {
	Name    string
	Kind    Kind
	Members []string
}

// Kind tells nodes from classes.
type Kind int

const (
	NodeKind Kind = iota
	ClassKind
)

func (k Kind) String() string {
	if k == NodeKind {
		return "node"
	}
	return "class"
}

// Test is one spec entry of test_matrix: its nodes and classes expanded.
type Test struct {
	Line    int
	Nodes   []string
	Classes []string
	Tags    []string
}

// Cell is a class compiled with a node's fact set.
type Cell struct {
	Class, Node string
}

// TaggedCell is a cell with the tags of the test_matrix entries that hold
// it (onceover merges the options of duplicate entries into the first).
type TaggedCell struct {
	Cell
	Tags []string
}

// Error is a problem in the configuration, at a place of its file.
type Error struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// Parse reads an onceover.yaml. envClasses are the classes a /regex/ of
// `classes` is matched against: those of the control repository's own
// modules, as onceover scans them.
func Parse(file string, data []byte, envClasses []string) (*Config, error) {
	p := &parser{cfg: &Config{File: file, Groups: map[string]*Group{}}}
	err := p.parse(data, envClasses)
	if err != nil {
		return nil, err
	}
	return p.cfg, nil
}

type parser struct {
	cfg  *Config
	cls  map[string]bool
	node map[string]bool
}

// failure carries an *Error out of the parser's recursion.
type failure struct{ err *Error }

func (p *parser) fail(n *yaml.Node, format string, args ...any) {
	e := &Error{File: p.cfg.File, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	panic(failure{e})
}

func (p *parser) parse(data []byte, envClasses []string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(failure)
			if !ok {
				panic(r)
			}
			err = f.err
		}
	}()
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if derr := dec.Decode(&doc); derr != nil {
		if derr == io.EOF {
			p.fail(nil, "the file is empty")
		}
		p.fail(nil, "not valid YAML: %v", derr)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		p.fail(root, "expected a hash of settings (classes, nodes, test_matrix, ...)")
	}
	keys := map[string]*yaml.Node{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "classes", "nodes", "node_groups", "class_groups", "test_matrix", "opts", "include_spec_files":
			keys[k.Value] = v
		case "functions":
			if !isNull(v) {
				p.fail(k, "functions: mocked functions are not supported by pp2go matrix (the code's functions run as Puppet runs them)")
			}
		case "before", "after":
			if !isNull(v) {
				p.fail(k, "%s: Ruby blocks run around rspec tests are not supported by pp2go matrix", k.Value)
			}
		default:
			p.cfg.Warnings = append(p.cfg.Warnings, fmt.Sprintf("%s:%d: unknown setting %q ignored", p.cfg.File, k.Line, k.Value))
		}
	}
	p.cls = map[string]bool{}
	p.node = map[string]bool{}
	for _, n := range p.strings(keys["classes"], "classes") {
		if isRegexp(n.Value) {
			re := p.regexp(n)
			for _, c := range envClasses {
				if p.match(n, re, c) {
					p.addClass(c)
				}
			}
			continue
		}
		p.addClass(strings.TrimPrefix(n.Value, "::"))
	}
	for _, n := range p.strings(keys["nodes"], "nodes") {
		if !p.node[n.Value] {
			p.node[n.Value] = true
			p.cfg.Nodes = append(p.cfg.Nodes, n.Value)
		}
	}
	p.cfg.Groups["all_nodes"] = &Group{Name: "all_nodes", Kind: NodeKind, Members: p.cfg.Nodes}
	p.cfg.Groups["all_classes"] = &Group{Name: "all_classes", Kind: ClassKind, Members: p.cfg.Classes}
	p.groups(keys["node_groups"], "node_groups", NodeKind)
	p.groups(keys["class_groups"], "class_groups", ClassKind)
	p.opts(keys["opts"])
	p.matrix(keys["test_matrix"])
	return nil
}

func (p *parser) addClass(name string) {
	if !p.cls[name] {
		p.cls[name] = true
		p.cfg.Classes = append(p.cfg.Classes, name)
	}
}

func isNull(n *yaml.Node) bool {
	return n == nil || n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// isRegexp tells a /regex/ entry, as onceover does.
func isRegexp(s string) bool {
	return len(s) >= 2 && strings.HasPrefix(s, "/") && strings.HasSuffix(s, "/")
}

func (p *parser) regexp(n *yaml.Node) *values.Regexp {
	re, err := values.NewRegexp(n.Value[1 : len(n.Value)-1])
	if err != nil {
		p.fail(n, "%s: %v", n.Value, err)
	}
	return re
}

// match is Ruby's unanchored `name =~ re`.
func (p *parser) match(n *yaml.Node, re *values.Regexp, name string) bool {
	m, err := re.Match(name)
	if err != nil {
		p.fail(n, "%s: %v", n.Value, err)
	}
	return m != nil
}

// strings reads a list of strings (nil or absent: none; a single string
// counts as a list of one).
func (p *parser) strings(n *yaml.Node, what string) []*yaml.Node {
	switch {
	case isNull(n):
		return nil
	case n.Kind == yaml.ScalarNode:
		return []*yaml.Node{n}
	case n.Kind != yaml.SequenceNode:
		p.fail(n, "%s: expected a list of names", what)
	}
	for _, e := range n.Content {
		if e.Kind != yaml.ScalarNode || isNull(e) {
			p.fail(e, "%s: expected a name", what)
		}
	}
	return n.Content
}

// findList is onceover's TestConfig.find_list: a group's members, a class
// (or the classes a /regex/ matches), or a node.
func (p *parser) findList(n *yaml.Node) (Kind, []string, bool) {
	name := n.Value
	if g, ok := p.cfg.Groups[name]; ok {
		return g.Kind, g.Members, true
	}
	if isRegexp(name) {
		re := p.regexp(n)
		var out []string
		for _, c := range p.cfg.Classes {
			if p.match(n, re, c) {
				out = append(out, c)
			}
		}
		return ClassKind, out, true
	}
	if p.cls[name] {
		return ClassKind, []string{name}, true
	}
	if p.node[name] {
		return NodeKind, []string{name}, true
	}
	return 0, nil, false
}

func (p *parser) groups(n *yaml.Node, what string, kind Kind) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		p.fail(n, "%s: expected a hash of group names to members", what)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if _, dup := p.cfg.Groups[k.Value]; dup {
			p.fail(k, "%s: group %s is defined already (node and class groups share their names)", what, k.Value)
		}
		g := &Group{Name: k.Value, Kind: kind}
		switch {
		case isNull(v):
		case v.Kind == yaml.MappingNode:
			g.Kind, g.Members = p.subtractive(v, what+" "+k.Value)
		default:
			mixed := false
			for _, m := range p.strings(v, what+" "+k.Value) {
				mk, members, ok := p.findList(m)
				if !ok {
					p.fail(m, "Could not find %s in list of classes, nodes or groups", m.Value)
				}
				if len(members) > 0 && mk != kind {
					mixed = true
				}
				g.Members = appendNew(g.Members, members)
			}
			if mixed {
				p.fail(k, "%s: Groups must contain either all nodes or all classes. Either there was a mix, or something was spelled wrong", what+" "+k.Value)
			}
		}
		if len(g.Members) > 0 && g.Kind != kind {
			p.fail(k, "%s: group %s holds %ss", what, k.Value, g.Kind)
		}
		g.Kind = kind
		p.cfg.Groups[k.Value] = g
	}
}

// subtractive is the {include: A, exclude: B} form: A's members less B's.
func (p *parser) subtractive(n *yaml.Node, what string) (Kind, []string) {
	var inc, exc *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		switch k := n.Content[i]; k.Value {
		case "include":
			inc = n.Content[i+1]
		case "exclude":
			exc = n.Content[i+1]
		default:
			p.fail(k, "%s: unknown key %q (give include and exclude)", what, k.Value)
		}
	}
	if inc == nil || exc == nil {
		p.fail(n, "%s: The classes/nodes hash must have an `exclude` if using an `include`", what)
	}
	list := func(v *yaml.Node) (Kind, []string) {
		if v.Kind != yaml.ScalarNode || isNull(v) {
			p.fail(v, "%s: expected the name of a group, class or node", what)
		}
		k, m, ok := p.findList(v)
		if !ok {
			p.fail(v, "Could not find %s in list of classes, nodes or groups", v.Value)
		}
		return k, m
	}
	kind, in := list(inc)
	_, out := list(exc)
	drop := map[string]bool{}
	for _, m := range out {
		drop[m] = true
	}
	var keep []string
	for _, m := range in {
		if !drop[m] {
			keep = append(keep, m)
		}
	}
	return kind, keep
}

func appendNew(list, add []string) []string {
	for _, a := range add {
		if !contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}

func (p *parser) opts(n *yaml.Node) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		p.fail(n, "opts: expected a hash")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		// opts' keys are Ruby symbols: ":facts_dirs" in the YAML.
		switch name := strings.TrimPrefix(k.Value, ":"); name {
		case "facts_dir", "facts_dirs":
			for _, d := range p.strings(v, "opts "+k.Value) {
				p.cfg.FactsDirs = append(p.cfg.FactsDirs, d.Value)
			}
		case "facts_files":
			for _, d := range p.strings(v, "opts "+k.Value) {
				p.cfg.FactsFiles = append(p.cfg.FactsFiles, d.Value)
			}
		case "debug", "role_regex", "profile_regex", "tempdir", "environmentpath", "puppetfile", "environment_conf", "nodeset_file":
			// Settings of onceover's own run, nothing to compile.
		case "manifest":
			p.fail(k, "opts %s: compiling with the main manifest is not supported by pp2go matrix (onceover's default, without it, is)", k.Value)
		default:
			p.fail(k, "opts %s: not supported by pp2go matrix", k.Value)
		}
	}
}

func (p *parser) matrix(n *yaml.Node) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.SequenceNode {
		p.fail(n, "test_matrix: expected a list of {NODES: {classes: .., tests: ..}} entries")
	}
	for _, e := range n.Content {
		if e.Kind != yaml.MappingNode {
			p.fail(e, "test_matrix: expected a hash {NODES: {classes: .., tests: ..}}")
		}
		for i := 0; i+1 < len(e.Content); i += 2 {
			p.test(e.Content[i], e.Content[i+1])
		}
	}
}

// test reads one test_matrix entry, as onceover's Test.new does.
func (p *parser) test(on, settings *yaml.Node) {
	if settings.Kind != yaml.MappingNode {
		p.fail(settings, "test_matrix %s: expected a hash with classes and tests", on.Value)
	}
	var classes, tests *yaml.Node
	t := Test{Line: on.Line}
	for i := 0; i+1 < len(settings.Content); i += 2 {
		k, v := settings.Content[i], settings.Content[i+1]
		switch k.Value {
		case "classes":
			classes = v
		case "tests":
			tests = v
		case "tags":
			for _, tag := range p.strings(v, "tags") {
				t.Tags = append(t.Tags, tag.Value)
			}
		case "check_idempotency", "runs_before_idempotency":
			// Options of acceptance tests.
		default:
			p.cfg.Warnings = append(p.cfg.Warnings, fmt.Sprintf("%s:%d: test_matrix option %q ignored", p.cfg.File, k.Line, k.Value))
		}
	}
	// Onceover keeps an entry only when its tests are spec or all_tests
	// (acceptance tests, deprecated, ran with Beaker).
	kind := ""
	if tests != nil {
		kind = tests.Value
	}
	if kind != "spec" && kind != "all_tests" {
		why := "has no tests setting"
		if tests != nil {
			why = fmt.Sprintf("has tests: %s", kind)
		}
		p.cfg.Warnings = append(p.cfg.Warnings, fmt.Sprintf("%s:%d: test_matrix entry %s %s: onceover runs no spec test for it", p.cfg.File, on.Line, on.Value, why))
		return
	}
	if g, ok := p.cfg.Groups[on.Value]; ok {
		if g.Kind != NodeKind && len(g.Members) > 0 {
			p.fail(on, "test_matrix: %s is a group of classes, not of nodes", on.Value)
		}
		t.Nodes = g.Members
	} else if p.node[on.Value] {
		t.Nodes = []string{on.Value}
	} else {
		p.fail(on, "%s was not found in the list of nodes or groups!", on.Value)
	}
	switch {
	case isNull(classes):
	case classes.Kind == yaml.MappingNode:
		var k Kind
		k, t.Classes = p.subtractive(classes, "test_matrix "+on.Value+" classes")
		if k != ClassKind && len(t.Classes) > 0 {
			p.fail(classes, "test_matrix %s: classes names nodes", on.Value)
		}
	case classes.Kind == yaml.ScalarNode:
		name := classes.Value
		if g, ok := p.cfg.Groups[name]; ok {
			if g.Kind != ClassKind && len(g.Members) > 0 {
				p.fail(classes, "test_matrix %s: %s is a group of nodes, not of classes", on.Value, name)
			}
			t.Classes = g.Members
		} else if k, m, ok := p.findList(classes); ok && k == ClassKind {
			t.Classes = m
		} else {
			p.fail(classes, "%s was not found in the list of classes or groups!", name)
		}
	default:
		p.fail(classes, "test_matrix %s: classes: expected the name of a class or class group, or {include: .., exclude: ..}", on.Value)
	}
	p.cfg.Tests = append(p.cfg.Tests, t)
}

// Cells are the matrix's cells in onceover's order (test_matrix entries,
// then nodes, then classes), each (class, node) once.
func (c *Config) Cells() []Cell {
	var out []Cell
	for _, tc := range c.TaggedCells() {
		out = append(out, tc.Cell)
	}
	return out
}

// TaggedCells are the cells with their tags.
func (c *Config) TaggedCells() []TaggedCell {
	index := map[Cell]int{}
	var out []TaggedCell
	for _, t := range c.Tests {
		for _, n := range t.Nodes {
			for _, cl := range t.Classes {
				cell := Cell{Class: cl, Node: n}
				i, seen := index[cell]
				if !seen {
					i = len(out)
					index[cell] = i
					out = append(out, TaggedCell{Cell: cell})
				}
				out[i].Tags = appendNew(out[i].Tags, t.Tags)
			}
		}
	}
	return out
}

// MatchTags is onceover's --tags filter: a cell is kept when one of the
// filters matches it, "tag" when it has the tag, "~tag" when it has not.
func (tc TaggedCell) MatchTags(filters []string) bool {
	for _, f := range filters {
		if neg, ok := strings.CutPrefix(f, "~"); ok {
			if !contains(tc.Tags, neg) {
				return true
			}
		} else if contains(tc.Tags, f) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
