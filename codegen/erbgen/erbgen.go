// Package erbgen translates ERB templates into Go. A template becomes one
// function
//
//	func Name(s erb.Scope) string
//
// that renders it with Puppet's template semantics through the runtime
// package rt/erb (imported as erb): instance variables are the scope's
// variables, Ruby values follow Ruby's rules, and a Ruby exception panics
// with *erb.RubyError (erb.Render turns it into Puppet's message).
//
// The Ruby is translated at build time: every construct pp2go does not
// implement is a build error naming the template, line, column and the
// construct; nothing unknown is left for run time except what Ruby itself
// only finds at run time (calling a method on nil, an undefined name).
package erbgen

import (
	"fmt"
	"sort"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/erb"
)

// RuntimePath is the import path of the runtime translated templates use.
const RuntimePath = "github.com/pp2go/pp2go/rt/erb"

// Template is a translated template, ready to be emitted.
type Template struct {
	Path string // the template file, as given to Translate
	// Functions lists the Puppet functions the template calls through
	// scope.function_x and scope.call_function with a literal name, sorted.
	Functions []string
	// Variables lists the Puppet variables it looks up by literal name
	// (scope['x'], scope.lookupvar('x')), sorted.
	Variables []string

	body []jen.Code // the function's statements after r := erb.NewSized(...)
	// pure: the template's text is a function of the instance variables
	// it reads (memoizable); Emit gives it an erb.Memo
	pure bool
	// pureCalls: it would be, but for the Puppet functions it calls
	// (Functions), by their literal names: it is when they are pure
	// (CallsPure)
	pureCalls bool
	// size and ivars are NewSized's arguments: the template's text size
	// and the instance variables it reads
	size, ivars int
}

// Translate parses and translates a template. The error is a
// *diag.Diagnostic (file, line, column, message).
func Translate(path string, src []byte) (*Template, error) {
	return TranslateWith(path, src, nil)
}

// CallsPure makes a template whose text would be a function of the
// instance variables it reads but for the Puppet functions it calls (by
// their literal names) keep its renderings (an erb.Memo) when each of
// them is pure: a function of its arguments alone, without effect, as
// pure reports of every function a call of that name may run. (The
// rendering checks it again as it runs: erb.NewMemo's R keeps no rendering
// that called a function rt/fn does not know as pure.)
func (t *Template) CallsPure(pure func(name string) bool) {
	if !t.pureCalls {
		return
	}
	for _, name := range t.Functions {
		if !pure(name) {
			return
		}
	}
	t.pure, t.pureCalls = true, false
}

// Emit adds the template's function to f under funcName.
func (t *Template) Emit(f *jen.File, funcName string) {
	memo := funcName + "Memo"
	var body []jen.Code
	if t.pure {
		// a rendering kept for the variables' values, if any, found
		// before the rendering's R is made
		body = append(body,
			jen.List(jen.Id("r"), jen.Id("out")).Op(":=").Qual(RuntimePath, "NewMemo").Call(jen.Id("s"), jen.Op("&").Id(memo), jen.Lit(t.size), jen.Lit(t.ivars)),
			jen.If(jen.Id("r").Op("==").Nil()).Block(jen.Return(jen.Id("out"))))
	} else {
		body = append(body, jen.Id("r").Op(":=").Qual(RuntimePath, "NewSized").Call(jen.Id("s"), jen.Lit(t.size), jen.Lit(t.ivars)))
	}
	body = append(body, t.body...)
	f.Commentf("%s renders the ERB template %s.", funcName, t.Path)
	f.Func().Id(funcName).Params(jen.Id("s").Qual(RuntimePath, "Scope")).String().Block(body...)
	if t.pure {
		f.Commentf("%s keeps renderings of %s: its text depends only on the instance variables it reads.", memo, funcName)
		f.Var().Id(memo).Qual(RuntimePath, "Memo")
	}
}

// VersionMarker adds to f the reference to rt/erb's version constant that
// makes generated code fail to compile against an incompatible runtime
// (once per file).
func VersionMarker(f *jen.File) {
	f.Comment("The generated code needs this version of the ERB runtime.")
	f.Var().Id("_").Op("=").Qual(RuntimePath, "SupportPackageIsVersion1")
}

// Emit translates a template and adds its function to f.
func Emit(f *jen.File, funcName, path string, src []byte) error {
	t, err := Translate(path, src)
	if err != nil {
		return err
	}
	t.Emit(f, funcName)
	return nil
}

// IsUnsupported reports whether err is a build error for Ruby that pp2go
// does not translate (rather than a syntax error).
func IsUnsupported(err error) bool {
	d, ok := err.(*diag.Diagnostic)
	return ok && d.Code == erb.CodeUnsupported
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// unsupported is raised (as a panic) inside the translator.
type unsupported struct {
	off    int
	msg    string
	syntax bool // a Ruby syntax error rather than untranslated Ruby
}

func (t *translator) unsupported(n erb.Node, format string, args ...any) {
	off := n.Offset()
	if c, ok := n.(*erb.Call); ok && c.NameOff > 0 {
		off = c.NameOff
	}
	panic(&unsupported{off: off, msg: fmt.Sprintf(format, args...)})
}
