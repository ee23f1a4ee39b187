package codegen

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"

	"github.com/dave/jennifer/jen"
	"github.com/pp2go/pp2go/codegen/rubyfn"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/typecheck/corefn"
)

// How a module's Ruby function reaches the generated program.
const (
	ByUserGo      = "go"         // a user's Go function (the module's go/ directory)
	ByTranslation = "translated" // its Ruby translated to Go
	ByPort        = "port"       // pp2go's Go port of that very Ruby (digest matched)
)

// RubyFunction is a Ruby function file of the module path that Puppet
// finds by its name, and what stands in for it in the generated program.
type RubyFunction struct {
	Name   string
	Module string // "" for the environment's own lib/
	File   string // the Ruby file
	API    int    // 3 or 4
	// By is ByUserGo, ByTranslation or ByPort; "" when nothing does: a
	// call fails with Why on the nodes that reach it.
	By  string
	Why string
}

// rubyFunctions lists the Ruby functions Puppet finds on the module path
// (the environment's view: what the first module of the search order
// defines for each name; a name Puppet's core defines shadows them all),
// and decides what stands in for each: a user's Go function first, then
// pp2go's port when the file's digest is one the port was written for
// (checked against Puppet), then a translation of the Ruby.
func (g *generator) rubyFunctions() []*RubyFunction {
	var out []*RubyFunction
	seen := map[string]bool{}
	mods := append([]*env.Module{}, g.e.Modules...)
	if g.e.Root != nil {
		mods = append([]*env.Module{g.e.Root}, mods...)
	}
	for _, m := range mods {
		for _, rf := range m.RubyFunctions {
			if seen[rf.Name] {
				continue
			}
			if _, core := corefn.Lookup(rf.Name); core {
				continue
			}
			ref := g.e.FindFunction(rf.Name, nil)
			if ref == nil || ref.Ruby != rf {
				continue
			}
			seen[rf.Name] = true
			r := &RubyFunction{Name: rf.Name, File: rf.Path, API: rf.API}
			if ref.Module != nil {
				r.Module = ref.Module.Name
			}
			switch {
			case g.goFuncs[rf.Name]:
				r.By = ByUserGo
			case r.Module != "" && portBound(m, rf.Name):
				r.By = ByPort
			case g.translated[rf.Name]:
				r.By = ByTranslation
				r.Why = g.untranslatable[rf.Path] // its methods that did not translate
			default:
				r.Why = g.untranslatable[rf.Path]
				if r.Why == "" {
					r.Why = "pp2go has no translation of it"
					if fn.PortSources(r.Module, rf.Name) != nil {
						r.Why = "pp2go's Go port of " + rf.Name + " was written for another version of this file (sha256 " + fileDigest(rf.Path) + ")"
					}
				}
			}
			out = append(out, r)
		}
	}
	return out
}

// portBound reports whether pp2go's library port of module m's function
// name stands in for it: the library has a Go function of that name for
// m (Puppet's core does not shadow it), and every Ruby file the port was
// written for is in m with one of the digests it was checked against.
func portBound(m *env.Module, name string) bool {
	f := fn.Lookup(name)
	if f == nil || f.Module != m.Name {
		return false
	}
	srcs := fn.PortSources(m.Name, name)
	if len(srcs) == 0 {
		return false
	}
	for rel, digests := range srcs {
		if !slices.Contains(digests, fileDigest(filepath.Join(m.Dir, filepath.FromSlash(rel)))) {
			return false
		}
	}
	return true
}

// fileDigest is the hex SHA-256 of a file's content; "" when it cannot be
// read.
func fileDigest(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// bindFunctions adds to the environment's table d what makes the program
// see exactly the module path's functions (rt.Build): it unbinds the
// library ports whose Ruby the module path does not have (a function a
// newer release removed is Puppet's "Unknown function", a changed one is
// not answered by Go written for other code), pins the functions a user's
// Go or a bound port implements (the translations registered after it do
// not replace them), and registers each Ruby function nothing stands in
// for, so that a call fails saying why. The program does so before the
// modules register.
func (g *generator) bindFunctions(d jen.Dict) {
	var unbind []jen.Code
	for _, m := range g.e.Modules {
		if _, ok := fn.ModuleLibraries[m.Name]; !ok {
			continue
		}
		names := []jen.Code{jen.Lit(m.Name)}
		for _, name := range fn.PortedFunctions(m.Name) {
			if !g.goFuncs[name] && !portBound(m, name) {
				// (Lookup3x: also a 3.x port core shadows, which Ruby's
				// function_x calls)
				if f := fn.Lookup3x(name); f != nil && f.Module == m.Name {
					names = append(names, jen.Lit(name))
				}
			}
		}
		if len(names) > 1 {
			unbind = append(unbind, jen.Line().Values(names...))
		}
	}
	if len(unbind) > 0 {
		d[jen.Id("Unbind")] = jen.Index().Index().String().Values(append(unbind, jen.Line())...)
	}
	// a user's Go function or a bound port is not replaced by the
	// translation the program registers next
	var pin []jen.Code
	for _, r := range g.ruby {
		if r.By == ByUserGo || r.By == ByPort {
			pin = append(pin, jen.Lit(r.Name))
		}
	}
	if len(pin) > 0 {
		d[jen.Id("Pin")] = jen.Index().String().Values(pin...)
	}
	var untranslated []jen.Code
	for _, r := range g.ruby {
		if r.By != "" {
			continue
		}
		untranslated = append(untranslated, jen.Line().Values(jen.Lit(r.Name), jen.Lit(r.Module), jen.Lit(untranslatedMessage(r))))
	}
	if len(untranslated) > 0 {
		d[jen.Id("Untranslated")] = jen.Index().Index(jen.Lit(3)).String().Values(append(untranslated, jen.Line())...)
	}
}

// untranslatedMessage is the error of a call to a Ruby function nothing
// stands in for.
func untranslatedMessage(r *RubyFunction) string {
	return rubyfn.UntranslatedMessage(r.Name, r.File, r.Why)
}
