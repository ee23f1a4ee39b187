package erbgen

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/erb"
	rterb "github.com/pp2go/pp2go/rt/erb"
)

// ModuleClass is a class or module a module's own Ruby file defines (a
// puppet_x file a function requires): its methods, translated with the
// function, run with an erb.Instance as self (its @variables are the
// object's); its singleton methods with the class as self.
type ModuleClass struct {
	Name     string        // the constant path (PuppetX::Stdlib::TomlDumper)
	Template *erb.Template // the file, parsed with erb.ParseRuby
	Defs     []*erb.Def    // its instance methods, attr_readers as defs
	Private  map[string]bool
	// Module: module Name ... end (no new; its singleton methods are
	// what functions call)
	Module bool
	// Super is the superclass's constant path ("" for none): a class
	// before it in the set, or a Ruby class rt/erb has (StandardError).
	Super string
	// SDefs are its singleton methods: def self.x, the defs of class <<
	// self.
	SDefs []*erb.Def
	// Consts are the constants its body assigns (NAME = value), in order.
	Consts []*erb.Assign
	// Nesting is the lexical nesting of its body (Module.nesting: Name
	// first, then the modules around it), where its methods' constants
	// are looked up.
	Nesting []string
	// Core is the Ruby class it reopens (class String ... end), whose
	// objects get its methods; "" for a class of its own.
	Core string
}

// classRef is what the translator knows of a module class: its Go
// variable, and whether it descends from a Ruby class (an exception
// class: Name.new is not an Instance).
type classRef struct {
	v         string
	rubySuper bool
}

// TranslateMethodsWith is TranslateMethods for a function whose file
// requires module Ruby defining classes and modules: Name.new(args) makes
// an object, whose public methods a call on it runs; Name.x(args) and
// Name::x(args) run a singleton method.
func TranslateMethodsWith(t *erb.Template, api int, defs []*erb.Def, untranslatedPrefix string, mr *ModuleRuby) (*Methods, error) {
	if len(mr.Classes) == 0 {
		tr, body, err := runDefs(t, api, defs, untranslatedPrefix, nil, true, mr)
		if err != nil {
			return nil, err
		}
		return tr.methods(body, nil), nil
	}
	ctx, decls, failed, err := classDecls(mr.Classes, untranslatedPrefix, newLitPool())
	if err != nil {
		return nil, err
	}
	ctx.required = mr.Required
	tr, body, err := runDefs(t, api, defs, untranslatedPrefix, ctx, true, mr)
	if err != nil {
		return nil, err
	}
	// the classes after r := ... and defer r.Fail()
	body = append(body[:2:2], append(decls, body[2:]...)...)
	return tr.methods(body, failed), nil
}

// classDecls translates the module classes into the Go statements that
// make their erb.UserClass variables (and set their constants); failed
// are their methods that do not translate (calling one raises why).
func classDecls(classes []*ModuleClass, untranslatedPrefix string, lits *litPool) (ctx *classCtx, decls []jen.Code, failed []*diag.Diagnostic, err error) {
	refs := map[string]classRef{}
	user := map[string]bool{}
	for i, c := range classes {
		ref := classRef{v: fmt.Sprintf("cls%d_", i)}
		if c.Super != "" {
			if s, ok := refs[c.Super]; ok {
				ref.rubySuper = s.rubySuper
			} else if rterb.KnownConst(c.Super) {
				ref.rubySuper = true
			} else {
				return nil, nil, nil, c.Template.Errorf(erb.CodeUnsupported, 0, "class %s: superclass %s, which pp2go does not know", c.Name, c.Super)
			}
		}
		refs[c.Name] = ref
		for _, d := range c.Defs {
			user[d.Name] = true
		}
		for _, d := range c.SDefs {
			user[d.Name] = true
		}
	}
	ctx = &classCtx{refs: refs, user: user, classes: map[string]*ModuleClass{}, lits: lits}
	for _, c := range classes {
		ctx.classes[c.Name] = c
	}
	for _, c := range classes {
		decls = append(decls, jen.Var().Id(refs[c.Name].v).Op("*").Qual(RuntimePath, "UserClass"))
	}
	for _, c := range classes {
		fn, bad, err := translateClass(c, c.Defs, true, untranslatedPrefix, ctx)
		if err != nil {
			return nil, nil, nil, err
		}
		failed = append(failed, bad...)
		var names, public []jen.Code
		for _, n := range defNames(c.Defs) {
			names = append(names, jen.Lit(n))
			if !c.Private[n] && n != "initialize" {
				public = append(public, jen.Lit(n))
			}
		}
		st := erbQ("NewUserClass").Call(jen.Lit(c.Name), jen.Index().String().Values(names...), jen.Index().String().Values(public...), fn)
		if c.Module {
			st = st.Dot("Module").Call()
		}
		if c.Core != "" {
			st = st.Dot("ExtendsCore").Call(jen.Lit(c.Core))
		}
		if s, ok := refs[c.Super]; ok {
			st = st.Dot("Inherit").Call(jen.Id(s.v))
		} else if c.Super != "" {
			st = st.Dot("InheritRuby").Call(jen.Lit(c.Super))
		}
		if len(c.SDefs) > 0 {
			sfn, bad, err := translateClass(c, c.SDefs, false, untranslatedPrefix, ctx)
			if err != nil {
				return nil, nil, nil, err
			}
			failed = append(failed, bad...)
			var snames []jen.Code
			for _, n := range defNames(c.SDefs) {
				snames = append(snames, jen.Lit(n))
			}
			st = st.Dot("Singleton").Call(jen.Index().String().Values(snames...), sfn)
		}
		if i := strings.LastIndex(c.Name, "::"); i > 0 {
			if o, ok := refs[c.Name[:i]]; ok {
				// a constant of the module around it
				st = st.Dot("In").Call(jen.Id(o.v))
			}
		}
		// (a class only its module's other classes name may go unused)
		decls = append(decls, jen.Id(refs[c.Name].v).Op("=").Add(st), jen.Id("_").Op("=").Id(refs[c.Name].v))
	}
	for _, c := range classes {
		for _, a := range c.Consts {
			v, err := constValue(c, a, ctx)
			if err != nil {
				return nil, nil, nil, err
			}
			decls = append(decls, jen.Id(refs[c.Name].v).Dot("SetConst").Call(jen.Lit(a.Target.(*erb.Const).Name), v))
		}
	}
	return ctx, decls, failed, nil
}

// classCtx is what the methods of a function and of its module classes
// know of those classes: their Go variables, and the names of all their
// methods (a call of one of those names on any object may be a call of
// the class's method).
type classCtx struct {
	refs    map[string]classRef
	user    map[string]bool
	classes map[string]*ModuleClass // by name
	// nesting is the lexical nesting of the methods being translated
	// (none for a function file's)
	nesting []string
	// current is the Go variable of the class whose instance methods
	// are being translated ("": none), which super starts above
	current string
	// core is the Ruby class those methods reopen (ModuleClass.Core):
	// self is one of its objects, whose methods a call without a
	// receiver may call
	core string
	// lits are the function's frozen string literals (nil for a
	// template's classes: theirs are made as they run)
	lits *litPool
	// required are the module files a function's methods require, read
	// with it (ModuleRuby.Required)
	required map[string]bool
}

func defNames(defs []*erb.Def) []string {
	names := make([]string, 0, len(defs))
	for _, d := range defs {
		names = append(names, d.Name)
	}
	sort.Strings(names)
	return names
}

// translateClass translates methods of a class (its instance methods, or
// !instance its singleton methods) into its erb.ClassMethods function, nil when it
// has none. A method that does not translate fails only when it is
// called.
func translateClass(c *ModuleClass, defs []*erb.Def, instance bool, untranslatedPrefix string, ctx *classCtx) (jen.Code, []*diag.Diagnostic, error) {
	if len(defs) == 0 {
		return jen.Nil(), nil, nil
	}
	if instance {
		ctx.current, ctx.core = ctx.refs[c.Name].v, c.Core
	}
	ctx.nesting = c.Nesting
	tr, body, err := runDefs(c.Template, API4, defs, untranslatedPrefix, ctx, false, nil)
	ctx.current, ctx.core, ctx.nesting = "", "", nil
	if err != nil {
		return nil, nil, err
	}
	body = append(body[:1:1], append([]jen.Code{rcall("SetSelf", jen.Id("self"))}, body[1:]...)...)
	fn := jen.Func().Params(jen.Id("s").Qual(RuntimePath, "Scope"), jen.Id("self").Op("*").Qual(RuntimePath, "Instance"), jen.Id("method").String(), jen.Id("b").Op("*").Qual(RuntimePath, "Block"), jen.Id("a").Index().Add(valueT())).Add(valueT()).Block(body...)
	return fn, tr.untranslated, nil
}

// classCall translates Name.new(args) of a module class, and Name.x(args)
// (or Name::x(args)) of its singleton methods (ok false when x is
// neither).
func (t *translator) classCall(x *erb.Call) (*jen.Statement, bool) {
	c, ok := x.Recv.(*erb.Const)
	if !ok || t.classes == nil {
		return nil, false
	}
	k, name := t.userConst(c)
	if k == nil || name != "" {
		return nil, false
	}
	ref := t.classes.refs[k.Name]
	args, blk := t.callArgs(x.Args)
	if x.Name == "new" {
		if blk != nil || x.Block != nil {
			t.unsupported(x, "a block given to %s.new", constPath(c))
		}
		if ref.rubySuper {
			t.unsupported(x, "%s.new of a class descending from a Ruby class", constPath(c))
		}
		return t.lineFor(x).call("NewInstance", append([]jen.Code{jen.Id(ref.v)}, args...)...), true
	}
	if blk = t.oneBlock(x, blk); blk == nil {
		blk = erbQ("NoBlock")
	}
	return t.lineFor(x).call("SendClass", append([]jen.Code{jen.Id(ref.v), jen.Lit(x.Name), blk}, args...)...), true
}

// userCall translates recv.name(args) where name is a method of the
// module classes: the object's method when recv is one of theirs, else
// Ruby's.
func (t *translator) userCall(x *erb.Call, recv jen.Code) (*jen.Statement, bool) {
	if t.classes == nil || !t.classes.user[x.Name] {
		return nil, false
	}
	args, blk := t.callArgs(x.Args)
	if blk = t.oneBlock(x, blk); blk == nil {
		blk = erbQ("NoBlock")
	}
	return t.lineFor(x).call("SendUser", append([]jen.Code{recv, jen.Lit(x.Name), blk}, args...)...), true
}

// super translates super(args) (bare: the method's own arguments, as its
// parameters hold them now) in an instance method of a module class: the
// method of that name of a class above it.
func (t *translator) super(x *erb.Super) *jen.Statement {
	if t.classes == nil || t.classes.current == "" || t.curDef == nil {
		t.unsupported(x, "super outside an instance method of a module class")
	}
	var args []jen.Code
	var blk jen.Code
	if x.Bare {
		for _, p := range t.curDef.Params {
			l := t.lookup(p.Name)
			switch p.Kind {
			case erb.ParamReq, erb.ParamOpt:
				args = append(args, jen.Id(l.goName))
			case erb.ParamRest:
				args = append(args, rcall("Splat", jen.Id(l.goName)))
			default:
				t.unsupported(x, "bare super in a method with block or keyword parameters")
			}
		}
		if len(args) > 0 {
			st := rcall("Spread", args...).Op("...")
			t.spreads[st] = true
			args = []jen.Code{st}
		}
	} else {
		args, blk = t.callArgs(x.Args)
	}
	if x.Block != nil {
		if blk != nil {
			t.unsupported(x, "both a block and a block argument")
		}
		blk = t.block(x.Block)
	}
	if blk == nil {
		if x.Bare && t.inDef {
			t.usesBlock = true
			blk = jen.Id("blk_")
		} else {
			blk = erbQ("NoBlock")
		}
	}
	return rcall("Super", append([]jen.Code{jen.Id(t.classes.current), jen.Lit(t.curDef.Name), blk}, args...)...)
}

// constValue translates the value of a constant the body of class c
// assigns (NAME = value), evaluated when the function makes its classes.
func constValue(c *ModuleClass, a *erb.Assign, ctx *classCtx) (code jen.Code, err error) {
	t := newTranslator(c.Template)
	t.api = API4
	t.classes = ctx
	t.selfObj = true
	ctx.nesting = c.Nesting
	defer func() { ctx.nesting = nil }()
	var body []jen.Code
	defer t.catchUnsupported(&body, &err)
	t.scope = &scope{kind: scopeTop, vars: map[string]*local{}}
	t.frame = &frame{kind: scopeTop}
	t.stmtLine = t.lineOf(a.Offset())
	code = t.expr(a.Value)
	if len(t.scope.order) > 0 {
		t.unsupported(a, "a constant whose value needs local variables")
	}
	return code, nil
}

// userConst resolves the constant c, read in the methods being
// translated, to a module class (name "") or to the constant name of a
// module class's body, as Ruby looks a constant up: a bare name in the
// lexical nesting of the method (each module's own constants), then in
// the ancestors of the innermost class, then at the top level; A::B in A
// and its ancestors. k is nil when c is none of the module classes'.
func (t *translator) userConst(c *erb.Const) (k *ModuleClass, name string) {
	if t.classes == nil {
		return nil, ""
	}
	cs := t.classes.classes
	switch {
	case c.Scope != nil:
		outer, n := t.userConst(c.Scope)
		if outer != nil && n == "" {
			if k, name := t.classes.lookup(outer, c.Name, true); k != nil {
				return k, name
			}
		}
	case !c.Top:
		for _, n := range t.classes.nesting {
			if k, name := t.classes.lookup(cs[n], c.Name, false); k != nil {
				return k, name
			}
		}
		if len(t.classes.nesting) > 0 {
			if k, name := t.classes.lookup(cs[t.classes.nesting[0]], c.Name, true); k != nil {
				return k, name
			}
		}
	}
	if k := cs[constPath(c)]; k != nil && k.Core == "" {
		// a class the files name by its whole path (class A::B::C
		// without module A ... end); String, reopened, is Ruby's
		return k, ""
	}
	return nil, ""
}

// lookup finds the constant name in class k's own table (a constant its
// body assigns, a class or module defined in it), with inherit in its
// superclasses' too.
func (x *classCtx) lookup(k *ModuleClass, name string, inherit bool) (*ModuleClass, string) {
	for k != nil {
		for _, a := range k.Consts {
			if a.Target.(*erb.Const).Name == name {
				return k, name
			}
		}
		if in := x.classes[k.Name+"::"+name]; in != nil {
			return in, ""
		}
		if !inherit {
			break
		}
		k = x.classes[k.Super]
	}
	return nil, ""
}

// ModuleRuby is the module Ruby a template loads: Lib is its module's lib
// directory (cleaned), which a $LOAD_PATH.unshift of it (its path folded
// at build time from __FILE__) puts on the load path to no other effect;
// Required are the names the template requires from there (require
// 'puppet_x/a/b'), or a function's methods (by the name StaticPath
// folds), and Classes what those files define.
type ModuleRuby struct {
	Lib      string
	Required map[string]bool
	Classes  []*ModuleClass
	// Nesting is the module a function file's code runs in, when it is
	// not its API's usual one: a 3.x function file's module
	// Puppet::Parser::Functions ... end around newfunction
	Nesting string
	// Function is the name of the Puppet function the file defines,
	// which Ruby's NameError messages show (UndefinedInFunction)
	Function string
}

// TranslateWith is Translate for a template that loads its module's Ruby
// (mr; nil for none): its classes and modules are translated with the
// template, as a function's are.
func TranslateWith(path string, src []byte, mr *ModuleRuby) (*Template, error) {
	t, err := erb.Parse(path, src)
	if err != nil {
		return nil, err
	}
	tr := newTranslator(t)
	var decls []jen.Code
	if mr != nil {
		tr.classes, decls, _, err = classDecls(mr.Classes, fmt.Sprintf("pp2go did not translate this method of the module's Ruby (for the template %s): ", path), nil)
		if err != nil {
			return nil, err
		}
		tr.module = mr
	}
	body, err := tr.run()
	if err != nil {
		return nil, err
	}
	// the classes after defer r.Fail()
	body = append(body[:1:1], append(decls, body[1:]...)...)
	out := &Template{Path: path, body: body, size: textSize(t.Body), ivars: len(tr.ivars)}
	out.Functions = sortedKeys(tr.functions)
	if mr == nil && len(tr.defOrder) == 0 && pureBody(body, nil, true) {
		out.pure = len(out.Functions) == 0
		out.pureCalls = !out.pure
	}
	out.Variables = sortedKeys(tr.variables)
	return out, nil
}

// loadsModuleLib reports whether n is $LOAD_PATH.unshift (or push, <<) of
// the module's lib directory of the module Ruby a template loads, its
// path folded at build time (templatePath): the statement does nothing
// else pp2go needs.
func (t *translator) loadsModuleLib(n erb.Node) bool {
	x, ok := n.(*erb.Call)
	if !ok || t.module == nil || x.Block != nil || len(x.Args) != 1 || !(x.Name == "unshift" || x.Name == "push" || x.Name == "<<") {
		return false
	}
	if g, ok := x.Recv.(*erb.GVar); !ok || g.Name != "LOAD_PATH" && g.Name != ":" {
		return false
	}
	p, ok := templatePath(t.t.Name, x.Args[0])
	return ok && p == t.module.Lib
}

// templatePath folds the path expression n of the template file at path
// (cleaned): StaticPath's, but for a bare string literal, which would be
// relative to the process's directory.
func templatePath(path string, n erb.Node) (string, bool) {
	if _, ok := erb.LiteralString(n); ok {
		return "", false
	}
	p, ok := StaticPath(path, n, true)
	return filepath.Clean(p), ok
}

// StaticPath folds a path expression n of the Ruby file at file when the
// build can: a string literal, __FILE__, __dir__, in a template (template
// true) the wrapper's file (the template's path, as Puppet sets it), and
// File.dirname(x), File.join(x, ...), File.expand_path(x[, dir]) and x + y
// of such paths ('../util/x', File.join(File.dirname(__FILE__), '..',
// 'x'), File.dirname(__FILE__) + '/../x.rb').
func StaticPath(file string, n erb.Node, template bool) (string, bool) {
	if s, ok := erb.LiteralString(n); ok {
		return s, true
	}
	switch x := n.(type) {
	case *erb.File:
		return filepath.Clean(file), true
	case *erb.Binary:
		if x.Op != "+" {
			return "", false
		}
		l, ok := StaticPath(file, x.L, template)
		if !ok {
			return "", false
		}
		r, ok := StaticPath(file, x.R, template)
		return l + r, ok
	case *erb.Call:
		if x.Recv == nil && len(x.Args) == 0 && x.Block == nil {
			switch {
			case x.Name == "__dir__":
				return filepath.Dir(file), true
			case x.Name == "file" && template:
				return filepath.Clean(file), true
			}
		}
		if c, ok := x.Recv.(*erb.Const); !ok || c.Scope != nil || c.Name != "File" || x.Block != nil || len(x.Args) == 0 {
			return "", false
		}
		var args []string
		for _, a := range x.Args {
			s, ok := StaticPath(file, a, template)
			if !ok {
				return "", false
			}
			args = append(args, s)
		}
		switch {
		case x.Name == "dirname" && len(args) == 1:
			return filepath.Dir(args[0]), true
		case x.Name == "join":
			return filepath.Join(args...), true
		case x.Name == "expand_path" && len(args) == 1 && filepath.IsAbs(args[0]):
			return filepath.Clean(args[0]), true
		case x.Name == "expand_path" && len(args) == 2 && filepath.IsAbs(args[1]):
			return filepath.Join(args[1], args[0]), true
		}
	}
	return "", false
}
