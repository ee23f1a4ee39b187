package codegen

import (
	"sort"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/typecheck/static"
)

// Puppet keeps classes, nodes and defined types in one collection of
// definitions (Resource::TypeCollection), and adding one whose name is
// taken fails: a class or a node named like a class or a node, a class
// and a defined type of one name, two defined types of one name
// (add_hostclass, add_node, add_definition, dupe_check). The main
// manifests' definitions are added when a compilation starts, so a clash
// among them fails every node; a module's manifest is added when it is
// loaded, so a clash of one of its definitions with the main manifests'
// fails the lookups that load it.

// defTables are the names of the definitions added so far, with where
// each was defined.
type defTables struct {
	classes, nodes, defines map[string]defPlace
}

type defPlace struct {
	file string
	line int
}

// context is Puppet's error_context: " (file: f, line: l)".
func (p defPlace) context() string {
	if loc := source.PuppetLocation(p.file, p.line, 0); loc != "" {
		return " " + loc
	}
	return ""
}

// add adds a definition as Puppet's type collection does, returning the
// error of a clash ("" when there is none, and the definition is added).
func (t *defTables) add(d ast.Definition, place defPlace) string {
	if msg := t.check(d, place); msg != "" {
		return msg
	}
	switch x := d.(type) {
	case *ast.HostClassDefinition:
		t.classes[defName(x.Name)] = place
	case *ast.ResourceTypeDefinition:
		t.defines[defName(x.Name)] = place
	case *ast.NodeDefinition:
		for _, name := range nodeNames(x) {
			t.nodes[name] = place
		}
	}
	return ""
}

// check is the error of adding a definition ("" when it adds).
func (t *defTables) check(d ast.Definition, place defPlace) string {
	switch x := d.(type) {
	case *ast.HostClassDefinition:
		name := defName(x.Name)
		if p, ok := t.classes[name]; ok {
			return "Class '" + name + "' is already defined" + p.context() + "; cannot redefine" + place.context()
		}
		if p, ok := t.nodes[name]; ok {
			return "Node '" + name + "' is already defined" + p.context() + "; cannot be redefined as a class" + place.context()
		}
		if p, ok := t.defines[name]; ok {
			return "Definition '" + name + "' is already defined" + p.context() + "; cannot be redefined as a class" + place.context()
		}
	case *ast.ResourceTypeDefinition:
		name := defName(x.Name)
		if p, ok := t.classes[name]; ok {
			return "'" + name + "' is already defined" + p.context() + " as a class; cannot redefine as a definition" + place.context()
		}
		if p, ok := t.defines[name]; ok {
			return "Definition '" + name + "' is already defined" + p.context() + "; cannot be redefined" + place.context()
		}
	case *ast.NodeDefinition:
		seen := map[string]bool{}
		for _, name := range nodeNames(x) {
			if p, ok := t.nodes[name]; ok || seen[name] {
				if !ok {
					p = place
				}
				return "Node '" + name + "' is already defined" + p.context() + "; cannot redefine" + place.context()
			}
			if p, ok := t.classes[name]; ok {
				return "Class '" + name + "' is already defined" + p.context() + "; cannot be redefined as a node" + place.context()
			}
			seen[name] = true
		}
	}
	return ""
}

func defName(name string) string { return strings.ToLower(strings.TrimPrefix(name, "::")) }

// nodeNames are the names a node definition is added under, but for its
// regular expressions (AstTransformer#hostname, lower case).
func nodeNames(x *ast.NodeDefinition) []string {
	var out []string
	for _, m := range x.HostMatches {
		switch h := m.(type) {
		case *ast.LiteralDefault:
			out = append(out, "default")
		case *ast.LiteralRegularExpression:
		case *ast.LiteralString:
			out = append(out, strings.ToLower(h.Value))
		case *ast.QualifiedName:
			out = append(out, strings.ToLower(h.Value))
		default:
			if text, ok := static.Text(h); ok {
				out = append(out, strings.ToLower(strings.Trim(text, "'")))
			}
		}
	}
	return out
}

// definitionsInOrder are a file's definitions in the order of the source.
func definitionsInOrder(f *env.File) []ast.Definition {
	defs := append([]ast.Definition(nil), f.Program.Definitions...)
	sort.SliceStable(defs, func(i, j int) bool { return defs[i].Span().Offset < defs[j].Span().Offset })
	return defs
}

// mainDefinitions adds the main manifests' definitions in order; it
// returns the tables, and the error of the first clash ("" for none).
// Then the compiler makes the class settings unless a main manifest
// defines it (compiler.rb create_settings_type), which clashes with a node
// named settings.
func (g *generator) mainDefinitions() (*defTables, string) {
	t := &defTables{classes: map[string]defPlace{}, nodes: map[string]defPlace{}, defines: map[string]defPlace{}}
	for _, f := range g.e.Manifests {
		if f.Program == nil || len(f.Diags.Errors()) > 0 {
			continue
		}
		for _, d := range definitionsInOrder(f) {
			if msg := t.add(d, defPlace{f.Path, f.Program.Position(d).Line}); msg != "" {
				return t, msg
			}
		}
	}
	if _, ok := t.classes["settings"]; !ok {
		if p, ok := t.nodes["settings"]; ok {
			return t, "Node 'settings' is already defined" + p.context() + "; cannot be redefined as a class"
		}
	}
	return t, ""
}

// moduleClash is the error of adding a definition of a module's manifest
// to the main manifests' definitions ("" when it adds).
func (g *generator) moduleClash(f *env.File, d ast.Definition) string {
	if g.mainDefs == nil {
		g.mainDefs, _ = g.mainDefinitions()
	}
	switch d.(type) {
	case *ast.HostClassDefinition, *ast.ResourceTypeDefinition:
		return g.mainDefs.check(d, defPlace{f.Path, f.Program.Position(d).Line})
	}
	return ""
}
