package rt

import (
	"errors"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/rubyfn"
	"github.com/pp2go/pp2go/rt/values"
)

// Templates are compiled in: EPP templates as Puppet code lowered like any
// other (functions/epp.rb, evaluator/epp_evaluator.rb), ERB templates as
// their Ruby translated to Go (parser/templatewrapper.rb).

// EPP is an EPP template: its parameters and its body, which renders into
// the scope's output.
type EPP struct {
	ParamsSpecified bool    // the template declares parameters (<%- | ... | -%>)
	At              SiteRef // the template's expression, where joining its output fails
	Sig             *Signature
	Body            func(s *Scope)
	// Error is why the template does not parse, with its file, line and
	// column: epp() fails with it ("Invalid EPP: ..."); nil Body then
	Error string
}

// ERB is an ERB template translated to Go, or the reason it is not.
type ERB struct {
	Name   string       // the name template() finds it by ("module/path")
	Path   string       // the template file
	Render erb.Template // nil when pp2go could not translate it
	Error  string       // why it could not, with file and line
	// Inline: the template is a literal text of the code or of the Hiera
	// data, or one `<%= code %>` tag of such a text, Name its text, which
	// inline_template() renders when it is given that text as a value
	// (inlineERB), or a text known only at run time made of such tags
	// (renderFragments)
	Inline bool
}

// AddEPP registers an EPP template under the name epp() finds it by:
// "module/path" for modules/<module>/templates/<path>.
func (p *Program) AddEPP(name string, t *EPP) {
	if p.epp == nil {
		p.epp = map[string]*EPP{}
	}
	p.epp[name] = t
}

// AddInlineEPP registers an inline EPP template by its text: the build
// compiled the literal text, which inline_epp() is given as a value.
func (p *Program) AddInlineEPP(text string, t *EPP) {
	if p.inlineEPP == nil {
		p.inlineEPP = map[string]*EPP{}
	}
	p.inlineEPP[text] = t
}

// templateAbsent reports whether a template's module ("module/path") is
// left out of the environment (moduleAbsent).
func (p *Program) templateAbsent(name string) bool {
	mod, _, _ := splitModulePath(name)
	return p.moduleAbsent(mod)
}

// AddERB registers an ERB template under the name template() finds it by
// ("module/path" for modules/<module>/templates/<path>).
func (p *Program) AddERB(name string, t *ERB) {
	if t.Inline {
		if p.inlineERB == nil {
			p.inlineERB = map[string]*ERB{}
		}
		p.inlineERB[name] = t
		return
	}
	if p.erb == nil {
		p.erb = map[string]*ERB{}
	}
	p.erb[name] = t
}

// renderTags renders a template text known only at run time from the
// tags the build compiled apart (erb.Tags): find gives a tag's compiled
// code, render its output. It reports false, having rendered nothing,
// when the text has a tag pp2go cannot render so.
func renderTags[T any](text string, find func(code string) (T, bool), render func(T) string) (string, bool) {
	segs, ok := erb.Tags(text)
	if !ok {
		return "", false
	}
	found := make([]T, 0, len(segs))
	for _, seg := range segs {
		if seg.Code {
			t, ok := find(seg.Text)
			if !ok {
				return "", false
			}
			found = append(found, t)
		}
	}
	var out strings.Builder
	for _, seg := range segs {
		if !seg.Code {
			out.WriteString(seg.Text)
			continue
		}
		out.WriteString(render(found[0]))
		found = found[1:]
	}
	return out.String(), true
}

// renderFragments renders an ERB text known only at run time from the
// build's inline templates of its tags ("<%= code %>", ERB.Inline).
func (s *Scope) renderFragments(text string) (string, bool) {
	find := func(code string) (*ERB, bool) {
		t := s.c.prog.inlineERB["<%="+code+"%>"]
		return t, t != nil
	}
	return renderTags(text, find, s.renderInlineERB)
}

// renderInlineERB renders an inline template (ERB.Inline) as
// inline_template() does.
func (s *Scope) renderInlineERB(t *ERB) string {
	v, err := erb.RenderInline(t.Render, erbScope{s})
	if err != nil {
		Fail(err.Error())
	}
	return v
}

// renderEPPFragments renders an EPP text known only at run time with
// inline_epp()'s arguments, from the build's inline templates of its tags
// ("<%= code %>"): Sensitive when a tag's value is, as EPP's output.
func (s *Scope) renderEPPFragments(text string, args *values.Hash, argsSet bool) (values.Value, bool) {
	find := func(code string) (*EPP, bool) {
		t := s.c.prog.inlineEPP["<%="+code+"%>"]
		return t, t != nil
	}
	sensitive := false
	out, ok := renderTags(text, find, func(t *EPP) string {
		v := s.renderEPP(t, args, argsSet, false)
		if sv, isSensitive := v.(*values.Sensitive); isSensitive {
			sensitive, v = true, sv.Unwrap()
		}
		return values.ToString(v)
	})
	switch {
	case !ok:
		return nil, false
	case sensitive:
		return values.NewSensitive(values.String(out)), true
	}
	return values.String(out), true
}

// renderERB renders a template as template() does.
func (s *Scope) renderERB(name string, t *ERB) string {
	if t.Render == nil {
		Fail("pp2go could not translate the ERB template " + name + " to Go: " + t.Error)
	}
	out, err := erb.Render(t.Render, erbScope{s}, name, t.Path)
	if err != nil {
		Fail(err.Error())
	}
	return out
}

// InlineERB is inline_template() with literal template text, translated
// at build time.
func (s *Scope) InlineERB(site SiteRef, t erb.Template) values.Value {
	prev := s.callSite
	s.callSite = site
	defer func() {
		s.callSite = prev
		if r := recover(); r != nil {
			atSite(site.Site(), r)
		}
	}()
	out, err := erb.RenderInline(t, erbScope{s})
	if err != nil {
		Fail(err.Error())
	}
	return values.String(out)
}

// InlineERBHoles is inline_template() of a text made by interpolation,
// whose interpolations (holes) the build compiled into t as lookups of
// scope['pp2go hole N'] (codegen's holeTemplate): lits are the text's
// literal parts around the holes, kinds where each hole is ('t' the
// template's text, 's' a single-quoted and 'd' a double-quoted string
// literal of a tag's Ruby, 'i' an instance variable's name). A hole whose value would change the Ruby that
// Puppet reads in the whole text (a quote or backslash in a literal, an
// ERB tag's delimiters) has the whole text rendered as inline_template()
// renders a text known only at run time (f).
func (s *Scope) InlineERBHoles(site SiteRef, t erb.Template, f *FuncRef, kinds string, lits []string, holes ...values.Value) values.Value {
	texts := make([]string, len(holes))
	plain := true
	for i, h := range holes {
		texts[i] = values.ToString(h)
		plain = plain && holeKeepsCode(kinds[i], texts[i])
	}
	if !plain {
		var b strings.Builder
		for i, l := range lits {
			b.WriteString(l)
			if i < len(texts) {
				b.WriteString(texts[i])
			}
		}
		return s.Fn(site, f, nil, values.String(b.String()))
	}
	data := erbScope{s}.TemplateData()
	keys := make([]string, len(texts))
	saved := make([]any, len(texts))
	for i, text := range texts {
		keys[i] = "pp2go hole " + strconv.Itoa(i)
		saved[i] = data[keys[i]]
		data[keys[i]] = erb.S(text)
	}
	defer func() {
		for i, k := range keys {
			if saved[i] == nil {
				delete(data, k)
			} else {
				data[k] = saved[i]
			}
		}
	}()
	return s.InlineERB(site, t)
}

// InlineERBVariants is inline_template() of an interpolated text whose
// holes change its Ruby, each text of which the build translated (texts,
// ts: the holes' values it knows, codegen's inlineERBVariants): the text
// the holes make (lits and holes in turn) renders its template, any other
// as inline_template() renders a text known only at run time.
func (s *Scope) InlineERBVariants(site SiteRef, f *FuncRef, lits, texts []string, ts []erb.Template, holes ...values.Value) values.Value {
	var b strings.Builder
	for i, l := range lits {
		b.WriteString(l)
		if i < len(holes) {
			b.WriteString(values.ToString(holes[i]))
		}
	}
	text := b.String()
	for i, t := range texts {
		if t == text {
			return s.InlineERB(site, ts[i])
		}
	}
	return s.Fn(site, f, nil, values.String(text))
}

// holeKeepsCode reports whether text, where kind says, leaves the Ruby of
// the template's other parts as the build read it.
func holeKeepsCode(kind byte, text string) bool {
	switch kind {
	case 't':
		return !strings.Contains(text, "<%") && !strings.HasPrefix(text, "%") && !strings.HasSuffix(text, "<")
	case 's':
		return !strings.ContainsAny(text, `'\`) && !strings.Contains(text, "%>")
	case 'd':
		return !strings.ContainsAny(text, `"\#`) && !strings.Contains(text, "%>")
	case 'r':
		// a regexp's source: no '/' to close it, no '#' to start an
		// interpolation, no '\' last to escape what follows
		return !strings.ContainsAny(text, "/#") && !strings.HasSuffix(text, `\`) && !strings.Contains(text, "%>")
	case 'i':
		if text == "" {
			return false
		}
		for i := 0; i < len(text); i++ {
			if c := text[i]; !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				return false
			}
		}
		return true
	}
	return false
}

// InlineERBError is inline_template() with literal text pp2go could not
// translate: the nodes that reach it fail with the reason.
func (s *Scope) InlineERBError(site *Site, reason string) values.Value {
	IssueAt(site, "RUNTIME_ERROR", "Error while evaluating a Function Call, pp2go could not translate this inline_template() to Go: %s", reason)
	return nil
}

// erbScope is what an ERB template sees of the scope it renders in
// (parser/templatewrapper.rb).
type erbScope struct{ s *Scope }

func (e erbScope) LookupVar(name string) (values.Value, bool) { return e.s.LookupVar(name) }
func (e erbScope) Vars() *values.Hash                         { return e.s.ToHash(false) }
func (e erbScope) ScopeHash(recursive, includeUndef bool) *values.Hash {
	return e.s.ScopeHash(recursive, includeUndef)
}
func (e erbScope) PuppetVersion() string { return e.s.PuppetVersion() }

// ScopeString is the scope as Puppet's Scope#to_s shows it.
func (e erbScope) ScopeString() string { return fn.ScopeString(e.s) }
func (e erbScope) Call(name string, args []values.Value) values.Value {
	return e.s.Call(name, args, nil)
}

// Call3x is scope.function_name(args): a module's 3.x function of that
// name even where a core function shadows it for Puppet code.
func (e erbScope) Call3x(name string, args []values.Value) values.Value {
	return rubyfn.Call3x(e.s, name, args)
}

// RubyFrames implements rubyfn.FrameSource: the frames of the compile's
// calls of translated Ruby done with.
func (s *Scope) RubyFrames() *rubyfn.Frames { return &s.c.rubyFrames }

// A call of translated Ruby finds a Scope one of its compile's (else it
// would assert the Scope to each interface it uses).
var _ rubyfn.CompileScope = (*Scope)(nil)

// Call3xRuby is scope.function_name(args) of a translated 3.x function,
// given the template's Ruby values as they are.
func (e erbScope) Call3xRuby(name string, args []erb.Value) (erb.Value, bool) {
	return rubyfn.Call3xRuby(e.s, name, args)
}

// Glob implements stdlib's Globber: Dir.glob on the compiling machine, as
// module Ruby's (erb.DirGlob).
func (s *Scope) Glob(patterns []string) []string {
	out, err := erb.DirGlob(erbScope{s}, patterns)
	if err != nil {
		panic(fn.Errorf("%s", err.Error()))
	}
	return out
}

// ModuleFile implements erb.ModuleFiles: a template reads the files of
// the modules' directories as module functions do.
func (e erbScope) ModuleFile(path string) (fn.ModuleEntry, bool) { return e.s.ModuleFile(path) }

// Strict implements erb.StrictScope.
func (e erbScope) Strict() string { return e.s.c.prog.strict }

// WarnOnceUnlocated implements erb.StrictScope: Puppet.warn_once with no
// file and line, whose message says so.
func (e erbScope) WarnOnceUnlocated(key, msg string) { fn.WarnOnceUnlocated(e.s, key, msg) }

// WarnOnce implements erb.OnceWarner (Puppet.deprecation_warning), without
// a position as the template's other warnings.
func (e erbScope) WarnOnce(key, msg string) { fn.WarnOnceUnlocated(e.s, key, msg) }

// TemplateMethods implements erb.WrapperMethods: the methods the
// compilation's templates defined.
func (e erbScope) TemplateMethods() map[string]*erb.Def {
	if e.s.c.erbMethods == nil {
		e.s.c.erbMethods = map[string]*erb.Def{}
	}
	return e.s.c.erbMethods
}

// VarView implements erb.VarIndex: Vars() as they are now, read one name
// at a time.
func (e erbScope) VarView() erb.VarView { return erbView{e.s.View()} }

// PeekView implements erb.VarPeeker: Vars() read one name at a time as
// they are at each read, for a template's Memo, which reads a few before
// its rendering (if any) starts; it makes no VarView, whose walk of the
// scopes was most of what a rendering found in the Memo cost.
func (e erbScope) PeekView() erb.VarView { return erbPeek{e.s} }

type erbView struct{ v *VarView }

func (e erbView) Visible(name string) (values.Value, bool) { return e.v.Get(name) }

// VisibleAt implements erb.HintedView: a name a definition's layout
// numbers is found again by its number (the hint's Slot, with the layout
// as its Key) in the first table Get looks at (the scope's innermost but
// match tables, which Get passes over), where Get would find it.
func (e erbView) VisibleAt(name string, hint *erb.VarHint) (values.Value, bool) {
	for _, vt := range e.v.tables {
		if vt.t.kind == matchTable {
			continue
		}
		if v, found, ok := vt.t.atHint(vt.t.shown(vt.n), name, hint); ok {
			return v, found
		}
		break
	}
	return e.v.Get(name)
}

// atHint is VisibleAt's read of name in t, the first table Get looks at,
// when t had n variables: ok is false when t has no layout numbering the
// name, or the name is not set there (Get finds it, or not, elsewhere).
func (t *varTable) atHint(n int, name string, hint *erb.VarHint) (v values.Value, found, ok bool) {
	l := t.layout
	if l == nil {
		return nil, false, false
	}
	if hint.Key != l {
		k, ok := l.number(name)
		if !ok {
			return nil, false, false
		}
		*hint = erb.VarHint{Key: l, Slot: k}
	}
	if i := t.slots[hint.Slot]; i > 0 && int(i) <= n {
		v := t.vals[i-1]
		return v, !values.IsUndef(v), true
	}
	return nil, false, false
}

// OddNames are the visible names erb.OddName accepts, which only the
// view's tables that have some can hold: most views have none, and
// visibleNames walks the scopes to find that.
func (e erbView) OddNames() []string {
	for _, vt := range e.v.tables {
		if vt.t.odd > 0 {
			return e.v.s.visibleNames(erb.OddName)
		}
	}
	return nil
}

// erbPeek is erbView's reads of a view made at each read (PeekView).
type erbPeek struct{ s *Scope }

func (p erbPeek) Visible(name string) (values.Value, bool) { return p.s.visibleVar(name) }

// VisibleAt implements erb.HintedView as erbView's does.
func (p erbPeek) VisibleAt(name string, hint *erb.VarHint) (values.Value, bool) {
	for t := p.s.ephemeral[len(p.s.ephemeral)-1]; t != nil; t = t.parent {
		if t.kind == matchTable {
			continue
		}
		if v, found, ok := t.atHint(t.shown(len(t.names)), name, hint); ok {
			return v, found
		}
		break
	}
	return p.s.visibleVar(name)
}

// OddNames is erbView's OddNames.
func (p erbPeek) OddNames() []string {
	if p.s.hasOddNames() {
		return p.s.visibleNames(erb.OddName)
	}
	return nil
}

// SetVar implements erb.VarSetter: scope.setvar from a template.
func (e erbScope) SetVar(name string, v values.Value) { e.s.setvar(name, v, false) }

// TemplateData implements erb.VarSetter: Ruby objects templates keep in
// the scope.
func (e erbScope) TemplateData() map[string]any {
	if e.s.erbData == nil {
		e.s.erbData = map[string]any{}
	}
	return e.s.erbData
}

// UpdateVar implements erb.VarUpdater: a variable a template changed in
// place, as Ruby's shared objects change it in Puppet's scope.
func (e erbScope) UpdateVar(name string, v values.Value) { e.s.updateVar(name, v) }

// UpdateVar implements erb.VarUpdater for a call of translated Ruby
// (rt/rubyfn's scope): a variable whose Ruby object it changed in place.
func (s *Scope) UpdateVar(name string, v values.Value) { s.updateVar(name, v) }

// Has3xFunction implements erb.FunctionFinder: whether
// Puppet::Parser::Functions.function(name) finds a 3.x function.
func (e erbScope) Has3xFunction(name string) bool { return fn.Has3x(name) }

// InlineEPP is inline_epp() with literal template text, compiled at build
// time, called at site with the optional template arguments.
func (s *Scope) InlineEPP(site SiteRef, t *EPP, args ...values.Value) values.Value {
	prev := s.callSite
	s.callSite = site
	defer func() {
		s.callSite = prev
		if r := recover(); r != nil {
			atSite(site.Site(), r)
		}
	}()
	hash, set := templateArgs("inline_epp", args)
	return s.renderEPP(t, hash, set, false)
}

func templateArgs(function string, args []values.Value) (*values.Hash, bool) {
	if len(args) == 0 {
		return values.NewHash(), false
	}
	h, ok := args[0].(*values.Hash)
	if !ok {
		Errorf("%s(): the template_args must be a Hash, got a %s", function, rubyClassName(args[0]))
	}
	return h, true
}

// rubyClassName is the Ruby class Puppet's messages name for a value.
func rubyClassName(v values.Value) string {
	switch v.(type) {
	case values.String:
		return "String"
	case values.Int:
		return "Integer"
	case values.Float:
		return "Float"
	case values.Bool:
		return "TrueClass"
	case *values.Array:
		return "Array"
	case *values.Hash:
		return "Hash"
	case nil, values.UndefValue:
		return "NilClass"
	}
	return values.LabelOf(v)
}

// renderEPP renders a template in a local scope over s (or over the top
// scope for templates from files), with Puppet's parameter checks when
// the template declares parameters or is given arguments.
func (s *Scope) renderEPP(t *EPP, args *values.Hash, argsSet, global bool) values.Value {
	sc := s
	if global {
		sc = s.globalScope()
	}
	level := sc.Guard()
	prevOut := sc.epp
	var out eppOutput
	defer func() {
		sc.Unguard(level)
		sc.epp = prevOut
	}()
	table := sc.pushLocal()
	if global {
		// the scope's own variables, without its ephemeral tables (its
		// match variables, the locals of a lambda running there):
		// Scope#without_ephemeral_scopes
		table.parent = sc.symtable
	}
	// Parameters are enforced when declared, or when no arguments are given.
	enforce := t.ParamsSpecified || !argsSet
	if !enforce {
		for i := 0; i < args.Len(); i++ {
			table.set(values.ToString(args.KeyAt(i)), args.ValueAt(i))
		}
	} else {
		rs := t.Sig.resolve(sc.c.prog)
		for i := 0; i < args.Len(); i++ {
			if v := args.ValueAt(i); !values.IsUndef(v) {
				table.set(values.ToString(args.KeyAt(i)), v)
			}
		}
		for _, p := range t.Sig.Params {
			v, ok := args.GetString(p.Name)
			if ok && !values.IsUndef(v) {
				continue
			}
			switch {
			case p.Default != nil:
				table.set(p.Name, p.Default(sc))
			case ok:
				table.set(p.Name, values.Undef)
			}
		}
		given := values.NewHashBuilder(len(table.names))
		for i, n := range table.names {
			given.Put(values.String(n), table.vals[i])
		}
		ptypes := make([]values.ParamType, len(rs.sig.Params))
		for i, p := range rs.sig.Params {
			ptypes[i] = values.ParamType{Name: p.Name, Type: p.Type, Optional: t.Sig.Params[i].Default != nil}
		}
		if msg := values.ValidateParameters("lambda", ptypes, given.Build(), false); msg != "" {
			Fail(msg)
		}
	}
	sc.epp = &out
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(nextSignal); ok {
					return
				}
				panic(r)
			}
		}()
		t.Body(sc)
	}()
	if out.incompatible != "" {
		err := errors.New(out.incompatible)
		if site := t.At.Site(); site != nil {
			raise(site, err)
		}
		panic(err)
	}
	var text values.Value = values.String(out.String())
	if out.enc != nil && out.enc.Binary {
		text = values.BinaryString(out.String())
	}
	if out.sensitive {
		return values.NewSensitive(text)
	}
	return text
}

// eppOutput is an EPP template's output while it renders: its text, the
// parts of it joined as Puppet joins them (Array#join: the text is binary
// when a binary string makes it so, values.JoinEncoder, followed from the
// first one), and whether a Sensitive value's text is in it.
type eppOutput struct {
	strings.Builder
	parts     int
	enc       *values.JoinEncoder
	sensitive bool
	// incompatible is the error of joining the parts, raised once the
	// body has run, as Puppet joins them then
	incompatible string
}

// write appends a part.
func (o *eppOutput) write(s string, binary bool) {
	if binary && o.enc == nil {
		e := values.JoinEncoderAfter(o.parts, o.String(), false)
		o.enc = &e
	}
	if o.enc != nil && o.incompatible == "" && !o.enc.Add(s, binary) {
		o.incompatible = values.IncompatibleEncodings(o.enc.Binary, binary)
	}
	o.parts++
	o.WriteString(s)
}

// templateName is the name a template is registered under for a path as
// epp() and template() take it.
func templateName(file string) string { return strings.TrimPrefix(file, "/") }

// registerTemplateFuncs registers epp, template and inline_template.
func registerTemplateFuncs() {
	fn.New("epp").D("String path, Hash[Pattern[/^\\w+$/], Any] parameters?", func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
		s := scopeOf(c)
		file := values.ToString(args[0])
		name := templateName(file)
		t := s.c.prog.epp[name]
		if t == nil && !strings.HasSuffix(name, ".epp") {
			file += ".epp"
			name += ".epp"
			t = s.c.prog.epp[name]
		}
		if t == nil || s.c.prog.templateAbsent(name) {
			Fail("Could not find template '" + file + "'")
		}
		s.c.prog.raiseLoading("epp " + name)
		if t.Error != "" {
			Fail("epp(): Invalid EPP: " + t.Error)
		}
		hash, set := templateArgs("epp", args[1:])
		return s.renderEPP(t, hash, set, true)
	}).Register()
	fn.New("inline_epp").D("String template, Hash[Pattern[/^\\w+$/], Any] parameters?", func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
		// a text the build found as a literal (AddInlineEPP)
		s := scopeOf(c)
		text := args[0].(values.String)
		t := s.c.prog.inlineEPP[string(text)]
		if t == nil && !strings.Contains(string(text), "<%") {
			return text // no tag: the template is its text
		}
		hash, set := templateArgs("inline_epp", args[1:])
		if t == nil {
			v, ok := s.renderEPPFragments(string(text), hash, set)
			if !ok {
				Fail("inline_epp(): pp2go compiles EPP text at build time; this template text is only known at run time")
			}
			return v
		}
		return s.renderEPP(t, hash, set, false)
	}).Register()
	fn.Register(fn.New3("template", -2, func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
		s := scopeOf(c)
		render := func(a values.Value) string {
			file := values.ToString(a)
			name := templateName(file)
			t := s.c.prog.erb[name]
			if t == nil || s.c.prog.templateAbsent(name) {
				Fail("Could not find template '" + file + "'")
			}
			return s.renderERB(name, t)
		}
		if len(args) == 1 { // (most calls) the rendering as it is, not a copy
			return s.c.newString(render(args[0]))
		}
		var out strings.Builder
		for _, a := range args {
			out.WriteString(render(a))
		}
		return s.c.newString(out.String())
	}))
	fn.Register(fn.New3("inline_template", -2, func(c fn.Context, args []values.Value, _ fn.Block) values.Value {
		// (a literal text is translated at the call: lowerer.inlineERB)
		s := scopeOf(c)
		var out strings.Builder
		for _, a := range args {
			text := values.ToString(a)
			if t := s.c.prog.inlineERB[text]; t != nil {
				// a literal text the build translated (ERB.Inline)
				out.WriteString(s.renderInlineERB(t))
				continue
			}
			text, ok := s.renderFragments(text)
			if !ok {
				Fail("inline_template(): pp2go translates ERB text at build time; this template text is only known at run time")
			}
			out.WriteString(text)
		}
		return s.c.newString(out.String())
	}))
}
