package erbgen

import (
	"fmt"
	"sort"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/erb"
)

// ModuleClass is a class a module's own Ruby file defines (a puppet_x file
// a function requires): its methods, translated with the function, run
// with an erb.Instance as self (its @variables are the object's).
type ModuleClass struct {
	Name     string        // the constant path (PuppetX::Stdlib::TomlDumper)
	Template *erb.Template // the file, parsed with erb.ParseRuby
	Defs     []*erb.Def    // its instance methods, attr_readers as defs
	Private  map[string]bool
}

// TranslateMethodsWith is TranslateMethods for a function whose file
// requires module Ruby defining classes: Name.new(args) makes an object,
// whose public methods a call on it runs.
func TranslateMethodsWith(t *erb.Template, api int, defs []*erb.Def, untranslatedPrefix string, classes []*ModuleClass) (*Methods, error) {
	if len(classes) == 0 {
		return TranslateMethods(t, api, defs, untranslatedPrefix)
	}
	vars := map[string]string{}
	for i, c := range classes {
		vars[c.Name] = fmt.Sprintf("cls%d_", i)
	}
	var decls []jen.Code
	var failed []*diag.Diagnostic
	for _, c := range classes {
		decls = append(decls, jen.Var().Id(vars[c.Name]).Op("*").Qual(RuntimePath, "UserClass"))
	}
	for _, c := range classes {
		body, bad, err := translateClass(c, untranslatedPrefix, vars)
		if err != nil {
			return nil, err
		}
		failed = append(failed, bad...)
		var names, public []jen.Code
		sorted := make([]string, 0, len(c.Defs))
		for _, d := range c.Defs {
			sorted = append(sorted, d.Name)
		}
		sort.Strings(sorted)
		for _, n := range sorted {
			names = append(names, jen.Lit(n))
			if !c.Private[n] && n != "initialize" {
				public = append(public, jen.Lit(n))
			}
		}
		fn := jen.Func().Params(jen.Id("s").Qual(RuntimePath, "Scope"), jen.Id("self").Op("*").Qual(RuntimePath, "Instance"), jen.Id("method").String(), jen.Id("b").Op("*").Qual(RuntimePath, "Block"), jen.Id("a").Index().Add(valueT())).Add(valueT()).Block(body...)
		decls = append(decls, jen.Id(vars[c.Name]).Op("=").Add(erbQ("NewUserClass")).Call(jen.Lit(c.Name), jen.Index().String().Values(names...), jen.Index().String().Values(public...), fn))
	}
	tr, body, err := runDefs(t, api, defs, untranslatedPrefix, vars)
	if err != nil {
		return nil, err
	}
	// the classes after r := ... and defer r.Fail()
	body = append(body[:2:2], append(decls, body[2:]...)...)
	return tr.methods(body, failed), nil
}

// translateClass translates a class's methods into the body of its
// erb.ClassMethods function.
func translateClass(c *ModuleClass, untranslatedPrefix string, vars map[string]string) ([]jen.Code, []*diag.Diagnostic, error) {
	tr, body, err := runDefs(c.Template, API4, c.Defs, untranslatedPrefix, vars)
	if err != nil {
		return nil, nil, err
	}
	body = append(body[:1:1], append([]jen.Code{rcall("SetSelf", jen.Id("self"))}, body[1:]...)...)
	return body, tr.untranslated, nil
}

// classNew translates Name.new(args) of a module class (ok false when x
// is not one).
func (t *translator) classNew(x *erb.Call) (*jen.Statement, bool) {
	c, ok := x.Recv.(*erb.Const)
	if !ok || t.classes[constPath(c)] == "" || x.Name != "new" || x.Block != nil {
		return nil, false
	}
	args, blk := t.callArgs(x.Args)
	if blk != nil {
		t.unsupported(x, "a block given to %s.new", constPath(c))
	}
	return t.lineFor(x).call("NewInstance", append([]jen.Code{jen.Id(t.classes[constPath(c)])}, args...)...), true
}
