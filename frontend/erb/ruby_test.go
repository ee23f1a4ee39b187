package erb

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/frontend/diag"
)

// rubyCorpora are the module sets whose Ruby function files (and the
// lib/ files they may require) every parse must read: Debian 12's
// packages, and Debian 13's modules as ../shared/conformance/debian13/
// fetch-modules puts them (PP2GO_D13_MODULES, default /tmp/d13/modules).
func rubyCorpora() map[string]string {
	d13 := os.Getenv("PP2GO_D13_MODULES")
	if d13 == "" {
		d13 = "/tmp/d13/modules"
	}
	return map[string]string{"debian12": "/usr/share/puppet/modules", "debian13": d13}
}

// rubyFiles lists a module directory's Ruby function files and the
// other Ruby files of their lib/ (sorted).
func rubyFiles(t *testing.T, dir string) (functions, lib []string) {
	mods, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil
	}
	for _, m := range mods {
		root := filepath.Join(dir, m.Name(), "lib")
		filepath.WalkDir(root+"/", func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rb") {
				return nil
			}
			rel := strings.TrimPrefix(path, root+"/")
			switch {
			case strings.HasPrefix(rel, "puppet/functions/"), strings.HasPrefix(rel, "puppet/parser/functions/"):
				functions = append(functions, path)
			case strings.HasPrefix(rel, "puppet_x/"):
				lib = append(lib, path)
			}
			return nil
		})
	}
	sort.Strings(functions)
	sort.Strings(lib)
	return functions, lib
}

// TestParseModuleRuby parses every Ruby function file of both module
// sets, and the puppet_x files they require.
func TestParseModuleRuby(t *testing.T) {
	for _, set := range []string{"debian12", "debian13"} {
		dir := rubyCorpora()[set]
		t.Run(set, func(t *testing.T) {
			fns, lib := rubyFiles(t, dir)
			if len(fns) == 0 {
				t.Skipf("no module Ruby under %s (install Debian's puppet-module-* packages; for debian13 run ../shared/conformance/debian13/fetch-modules /tmp/d13)", dir)
			}
			// Ruby pp2go reads but does not translate: openssl's
			// cert_date_valid runs a command (`openssl x509 ...`), and
			// corosync's provider helpers use class variables.
			unsupported := 0
			for _, group := range [][]string{fns, lib} {
				for _, path := range group {
					src, err := os.ReadFile(path)
					if err != nil {
						t.Fatal(err)
					}
					_, err = ParseRuby(path, src)
					if err == nil {
						continue
					}
					if d, ok := err.(*diag.Diagnostic); ok && d.Code == CodeUnsupported && d.Line > 0 {
						unsupported++
						t.Logf("%v", err)
						continue
					}
					t.Errorf("%v", err)
				}
			}
			t.Logf("%s: %d function files and %d puppet_x files parsed, %d of them with unsupported Ruby", set, len(fns), len(lib), unsupported)
			if unsupported > 3 {
				t.Errorf("%d files with unsupported Ruby, want at most 3", unsupported)
			}
		})
	}
}

// TestParseRubyConstructs checks the constructs only Ruby files have, and
// that templates still refuse them.
func TestParseRubyConstructs(t *testing.T) {
	src := "module Puppet::Parser::Functions\n  newfunction(:f, doc: <<~DOC) do |args|\n    a\n      b #{1}\n  DOC\n    x, *y = args\n    yield(x)\n  end\nend\n__END__\n)(\n"
	f, err := ParseRuby("f.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, ok := f.Body[0].(*Module)
	if !ok || len(m.Body.Body) != 1 {
		t.Fatalf("want one module with one statement, got %#v", f.Body)
	}
	call := m.Body.Body[0].(*Call)
	doc := call.Args[1].(*Hash).Pairs[0].Value.(*Str)
	if len(doc.Parts) != 3 || doc.Parts[0].Lit != "a\n  b " || doc.Parts[2].Lit != "\n" {
		t.Errorf("heredoc parts: %#v", doc.Parts)
	}
	ma, ok := call.Block.Body[0].(*MultiAssign)
	if !ok || len(ma.Targets) != 2 {
		t.Fatalf("want a multiple assignment, got %#v", call.Block.Body[0])
	}
	if _, ok := ma.Targets[1].(*Splat); !ok {
		t.Errorf("second target: %#v", ma.Targets[1])
	}
	if _, ok := call.Block.Body[1].(*Yield); !ok {
		t.Errorf("want yield, got %#v", call.Block.Body[1])
	}
	if _, err := ParseRuby("g.rb", []byte("def x\n  1\nend\n)")); err == nil {
		t.Error("a syntax error after the code parsed")
	} else if d := err.(*diag.Diagnostic); d.Line != 4 || d.Column != 1 {
		t.Errorf("error position %d:%d, want 4:1", d.Line, d.Column)
	}
	for _, tmpl := range []string{"<% x = <<~E\na\nE\n%>", "<% module A; end %>"} {
		if _, err := Parse("t.erb", []byte(tmpl)); err == nil {
			t.Errorf("template %q parsed", tmpl)
		}
	}
}

// TestFrozenStringLiterals: the magic comment counts among the comment
// lines before a file's code, its name's case and - or _ as Ruby takes
// them, the last one with the value true or false saying (Ruby ignores
// another value); a comment after code and the form pp2go does not read
// (Emacs' -*- style) leave literals unfrozen.
func TestFrozenStringLiterals(t *testing.T) {
	for src, want := range map[string]bool{
		"# frozen_string_literal: true\nx = 1\n":                          true,
		"#!/usr/bin/env ruby\n\n# Frozen-String-Literal: TRUE\nx\n":       true,
		"# frozen_string_literal: false\nx\n":                             false,
		"# frozen_string_literal: true\n# frozen_string_literal: no\n":    true,
		"# frozen_string_literal: true\n# frozen_string_literal: False\n": false,
		"x = 1\n# frozen_string_literal: true\n":                          false,
		"# -*- frozen_string_literal: true -*-\n":                         false,
		"# encoding: utf-8\n":                                             false,
	} {
		tpl, err := ParseRuby("f.rb", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if tpl.FrozenStringLiterals != want {
			t.Errorf("%q: FrozenStringLiterals %v, want %v", src, tpl.FrozenStringLiterals, want)
		}
	}
}

// TestShorthandPairs: Ruby 3.1's `key:` without a value, in a call's
// arguments and in a hash literal, is the local variable of that name or,
// without one, a call of the method.
func TestShorthandPairs(t *testing.T) {
	src := "def f(salt)\n  g(salt:, iterations: 4096, hash:)\n  { salt:,\n    n: 1, size: }\nend\n"
	f, err := ParseRuby("f.rb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	body := f.Body[0].(*Def).Body.Body
	call := body[0].(*Call)
	args := call.Args[0].(*Hash).Pairs
	lit := body[1].(*Hash).Pairs
	for _, c := range []struct {
		p     Pair
		local bool
	}{{args[0], true}, {args[2], false}, {lit[0], true}, {lit[2], false}} {
		name := c.p.Key.(*Sym).Name
		switch v := c.p.Value.(type) {
		case *LVar:
			if !c.local || v.Name != name {
				t.Errorf("%s: the local %s", name, v.Name)
			}
		case *Call:
			if c.local || v.Name != name || len(v.Args) != 0 || !v.Implicit {
				t.Errorf("%s: a call of %s", name, v.Name)
			}
		default:
			t.Errorf("%s: %#v", name, v)
		}
	}
	if n, ok := args[1].Value.(*Int); !ok || n == nil {
		t.Errorf("iterations: %#v", args[1].Value)
	}
}
