// Package validate applies the rules Puppet 7 checks right after parsing
// (pops/validation/checker4_0.rb), with Puppet's messages, severities and
// positions, and in Puppet's order, so that the first error reported is the
// one Puppet reports.
package validate

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
)

// Options are the environment facts some rules depend on.
type Options struct {
	// ModulePath lists the module directories; definitions in a module's
	// files must be named after the file ("Unacceptable location"). Empty
	// means no such check, as when Puppet parses a file outside any
	// environment.
	ModulePath []string
	// Manifest is the environment's main manifest (file or directory); files
	// under it are exempt from the location rules.
	Manifest string
}

// Program validates a parsed program and returns what it finds, in the
// order Puppet finds it.
func Program(p *ast.Program, opts Options) (diags diag.List) {
	c := &checker{prog: p, opts: opts, path: make([]any, 0, 32)}
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(fatal)
			if !ok {
				panic(r)
			}
			diags = f.ds
		}
	}()
	c.topConstructInModule()
	c.walk(p.Body)
	if c.raised8 != nil {
		c.diags = append(c.diags, c.raised8)
	}
	return c.diags
}

// Report is what Puppet's IssueReporter makes of validation results: the
// diagnostics it logs (warnings, and each error when there are several,
// each kind capped at 10 as Puppet's max_* settings default to) and the
// error it raises, nil when there are no errors.
func Report(diags diag.List) (logged diag.List, err *diag.Diagnostic) {
	const maxLogged = 10
	warnings, deprecations := 0, 0
	for _, d := range diags {
		switch d.Severity {
		case diag.Warning:
			if warnings < maxLogged {
				logged = append(logged, d)
			}
			warnings++
		case diag.Deprecation:
			if deprecations < maxLogged {
				logged = append(logged, d)
			}
			deprecations++
		}
	}
	errs := diags.Errors()
	switch len(errs) {
	case 0:
		return logged, nil
	case 1:
		return logged, errs[0]
	}
	logged = append(logged, errs[:min(len(errs), maxLogged)]...)
	msg := fmt.Sprintf("Language validation logged %d errors. Giving up", len(errs))
	if n := warnings + deprecations; n > 0 {
		msg = fmt.Sprintf("Language validation logged %d errors, and %d warnings. Giving up", len(errs), n)
	}
	return logged, &diag.Diagnostic{Severity: diag.Error, Code: "VALIDATION_FAILED", Message: msg, File: errs[0].File}
}

// StrictIssues are the codes of the issues whose severity is Puppet's
// strict setting (validator_factory_4_0.rb).
var StrictIssues = map[string]bool{"DUPLICATE_KEY": true}

// Raised is the Ruby error (diag.RubyError) that stops a Puppet release's
// validation of a file, nil when none does.
func Raised(diags diag.List, major int) *diag.Diagnostic {
	for _, d := range diags {
		if d.Code == diag.RubyError && d.Puppet == major {
			return d
		}
	}
	return nil
}

// ForPuppet is what a Puppet release (its major version) reports of
// Program's diagnostics under a strict setting: without those of another
// release, and with the strict issues ignored ("off"), warnings
// ("warning") or errors ("error"); a Ruby error that stops its
// validation is its one error (Raised).
func ForPuppet(diags diag.List, major int, strict string) diag.List {
	if d := Raised(diags, major); d != nil {
		e := *d
		e.Severity = diag.Error
		return diag.List{&e}
	}
	out := make(diag.List, 0, len(diags))
	for _, d := range diags {
		if d.Puppet != 0 && d.Puppet != major {
			continue
		}
		if StrictIssues[d.Code] {
			switch strict {
			case "off":
				continue
			case "error":
				e := *d
				e.Severity = diag.Error
				d = &e
			}
		}
		out = append(out, d)
	}
	return out
}

// literalParamTypes is Puppet 8's deprecation of a class parameter type
// that its literal evaluator does not take (Integer[0, 1 + 2], a
// parenthesized expression, Optional[[String]]): the message names the
// expression's model class (checker4_0.rb
// internal_check_parameter_type_literal).
func (c *checker) literalParamTypes(params []*ast.Parameter) {
	for _, p := range params {
		if p.Type == nil {
			continue
		}
		if _, ok := c.literal8(p.Type); ok {
			continue
		}
		class := strings.TrimPrefix(fmt.Sprintf("%T", p.Type), "*ast.")
		c.accept("ILLEGAL_NONLITERAL_PARAMETER_TYPE", diag.Deprecation, p,
			fmt.Sprintf("The parameter '$%s' must be a literal type, not a Puppet::Pops::Model::%s", p.Name, class))
		c.diags[len(c.diags)-1].Puppet = 8
	}
}

// FirstError is the error Puppet raises for validation results, or nil.
func FirstError(diags diag.List) *diag.Diagnostic {
	_, err := Report(diags)
	return err
}

type checker struct {
	prog  *ast.Program
	opts  Options
	path  []any // the containers of the node being checked, outermost first
	diags diag.List
	// raised8 is the first Ruby error Puppet 8's literal evaluator raises
	// (diag.RubyError), nil when none
	raised8 *diag.Diagnostic
}

// literal8 is Puppet 8's literal of e (literalKey), recording the Ruby
// error its evaluation raises, after which e is not literal: Puppet
// 8.10's literal evaluator raises one at a unary minus of a literal list,
// hash, boolean, undef, default or regexp (literal_evaluator.rb
// literal_UnaryMinusExpression: "undefined method `-@' for nil") as it
// takes a hash key or a class parameter type. The file does not load,
// whatever strict. Its severity is a warning, for Puppet 7.23's sake:
// ForPuppet makes it Puppet 8's one error of the file.
func (c *checker) literal8(e ast.Expr) (k keyValue, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			x, raised := r.(rubyRaise)
			if !raised {
				panic(r)
			}
			if c.raised8 == nil {
				d := &diag.Diagnostic{Severity: diag.Warning, Code: diag.RubyError, Message: x.msg, Puppet: 8,
					Hint: "Puppet 8's validation raises this Ruby error: the file does not load"}
				c.raised8 = d.At(c.prog.File, offsetOf(x.at))
			}
			k, ok = keyValue{}, false
		}
	}()
	return literalKey(e, true)
}

// container returns the i-th container from the innermost (-1), or nil.
func (c *checker) container(i int) any {
	if j := len(c.path) + i; j >= 0 && j < len(c.path) {
		return c.path[j]
	}
	return nil
}

func (c *checker) accept(code string, sev diag.Severity, node any, msg string) {
	d := &diag.Diagnostic{Severity: sev, Code: code, Message: msg}
	c.diags = append(c.diags, d.At(c.prog.File, offsetOf(node)))
}

func (c *checker) error(code string, node any, format string, args ...any) {
	c.accept(code, diag.Error, node, fmt.Sprintf(format, args...))
}

func offsetOf(n any) int {
	if p, ok := n.(ast.Positioned); ok && p != nil {
		return int(p.Span().Offset)
	}
	return 0
}

// walk checks every node below n, depth first in Puppet's containment order,
// with c.path holding each node's containers.
func (c *checker) walk(n any) {
	switch n.(type) {
	case nil:
		return
	case *ast.LiteralString, *ast.QualifiedName, *ast.LiteralBoolean, *ast.LiteralUndef,
		*ast.LiteralDefault, *ast.LiteralFloat, *ast.LiteralRegularExpression, *ast.Nop:
		return // leaves that Puppet checks nothing of
	}
	c.check(n)
	c.path = append(c.path, n)
	ast.EachChild(n, c.walk)
	c.path = c.path[:len(c.path)-1]
}

// ---- the checks, by model class (Checker4_0#check_*) ----

func (c *checker) check(n any) {
	switch o := n.(type) {
	case *ast.AccessExpression:
		if len(o.Keys) < 1 {
			c.error("MISSING_INDEX", o, "Missing index")
		}
	case *ast.AssignmentExpression:
		switch o.Op {
		case "=":
			c.assign(o.Left, false)
			c.rvalue(o.Right)
		default:
			c.error("APPENDS_DELETES_NO_LONGER_SUPPORTED", o, "The operator '%s' is no longer supported. See http://links.puppet.com/remove-plus-equals", o.Op)
		}
	case *ast.AttributeOperation:
		if o.Op == "+>" {
			switch p := c.container(-1).(type) {
			case *ast.CollectExpression, *ast.ResourceOverrideExpression:
			default:
				c.error("ILLEGAL_ATTRIBUTE_APPEND", o, "Illegal +> operation on attribute %s. This operator can not be used in %s", o.Name, aAn(p))
			}
		}
		c.rvalue(o.Value)
	case *ast.AttributesOperation:
		switch p := c.container(-1).(type) {
		case ast.AbstractResource, *ast.CollectExpression:
		default:
			var parent2 any = o
			if p != nil {
				parent2 = c.container(-2)
			}
			if _, ok := parent2.(ast.AbstractResource); !ok {
				c.error("UNSUPPORTED_OPERATOR_IN_CONTEXT", parent2, "The operator '* =>' in %s is not supported.", aAn(parent2))
			}
		}
		c.rvalue(o.Expr)
	case *ast.ArithmeticExpression:
		c.binary(o.Left, o.Right)
	case *ast.ComparisonExpression:
		c.binary(o.Left, o.Right)
	case *ast.MatchExpression:
		c.binary(o.Left, o.Right)
	case *ast.InExpression:
		c.binary(o.Left, o.Right)
	case *ast.AndExpression:
		c.binary(o.Left, o.Right)
	case *ast.OrExpression:
		c.binary(o.Left, o.Right)
	case *ast.BlockExpression:
		c.block(o.Statements, o)
	case *ast.ApplyBlockExpression:
		c.block(o.Statements, o)
	case *ast.CallNamedFunctionExpression:
		switch f := o.Functor.(type) {
		case *ast.QualifiedReference, *ast.QualifiedName:
		case *ast.AccessExpression:
			if _, ok := f.Left.(*ast.QualifiedReference); !ok {
				c.illegalExpression(f, "function name", o)
			}
		case *ast.RenderStringExpression:
			c.error("ILLEGAL_EPP_PARAMETERS", o, "Ambiguous EPP parameter expression. Probably missing '<%%-' before parameters to remove leading whitespace")
		default:
			c.illegalExpression(f, "function name", o)
		}
	case *ast.EppExpression:
		if l, ok := c.container(-1).(*ast.LambdaExpression); ok {
			c.noCapture(l.Params, o)
			c.uniqueParams(l.Params)
		}
	case *ast.HeredocExpression:
		if s, ok := o.Text.(*ast.LiteralString); ok {
			c.externalSyntax(s.Value, o.Syntax, s)
		}
	case *ast.CaseExpression:
		c.rvalue(o.Test)
		found := false
		for _, opt := range o.Options {
			for _, v := range opt.Values {
				if _, ok := v.(*ast.LiteralDefault); ok {
					if found {
						c.error("DUPLICATE_DEFAULT", v, "This %s already has a 'default' entry - this is a duplicate", label(o))
					}
					found = true
				}
			}
		}
	case *ast.CaseOption:
		for _, v := range o.Values {
			c.rvalue(v)
		}
	case *ast.CollectExpression:
		if _, ok := o.TypeExpr.(*ast.QualifiedReference); !ok {
			c.illegalExpression(o.TypeExpr, "type name", o)
		}
	case *ast.NamedAccessExpression:
		if _, ok := o.Right.(*ast.QualifiedName); !ok {
			c.illegalExpression(o.Right, "function name", c.container(-1))
		}
	case *ast.FunctionDefinition:
		c.namedDefinition(o, o.Name)
		c.returnType(o, o.ReturnType)
		c.uniqueParams(o.Params)
	case *ast.PlanDefinition:
		c.namedDefinition(o, o.Name)
		c.returnType(o, o.ReturnType)
		c.uniqueParams(o.Params)
	case *ast.HostClassDefinition:
		c.namedDefinition(o, o.Name)
		c.noCapture(o.Params, o)
		c.uniqueParams(o.Params)
		c.reservedParams(o.Params, o)
		c.noIdemLast(o.Body, o)
		c.literalParamTypes(o.Params)
	case *ast.ResourceTypeDefinition:
		c.namedDefinition(o, o.Name)
		c.noCapture(o.Params, o)
		c.uniqueParams(o.Params)
		c.reservedParams(o.Params, o)
		c.noIdemLast(o.Body, o)
	case *ast.TypeAlias:
		c.top(o)
		if !isClassrefExtDecl(o.Name) {
			c.error("ILLEGAL_DEFINITION_NAME", o, "Unacceptable name. The name '%s' is unacceptable as the name of %s", o.Name, aAn(o))
		}
		c.reservedTypeName(o, o.Name)
		c.typeRef(o, o.TypeExpr)
	case *ast.TypeMapping:
		c.typeMapping(o)
	case *ast.TypeDefinition:
		c.top(o)
		c.reservedTypeName(o, o.Name)
		c.error("UNSUPPORTED_EXPRESSION", o, "Expressions of type %s are not supported in this version of Puppet", aAn(o))
	case *ast.IfExpression:
		c.rvalue(o.Test)
	case *ast.UnlessExpression:
		c.rvalue(o.Test)
	case *ast.KeyedEntry:
		c.rvalue(o.Key)
		c.rvalue(o.Value)
	case *ast.LambdaExpression:
		last := len(o.Params) - 1
		for i, p := range o.Params {
			if p.CapturesRest && i != last {
				c.error("CAPTURES_REST_NOT_LAST", p, "Parameter $%s is not last, and has 'captures rest'", p.Name)
			}
		}
		c.returnType(o, o.ReturnType)
	case *ast.LiteralList:
		for _, v := range o.Values {
			c.rvalue(v)
		}
	case *ast.LiteralInteger:
		if o.Big != nil {
			c.error("NUMERIC_OVERFLOW", o, "%s resulted in a value outside of Puppet Integer max range, got '+%#x'", aAnUC(o), o.Big)
		}
	case *ast.LiteralHash:
		c.duplicateKeys(o)
	case *ast.NodeDefinition:
		for _, h := range o.HostMatches {
			c.hostname(h, o)
		}
		c.top(o)
		if v := endsWithIdem(o.Body); v != nil && !resourceWithoutTitle(v) {
			c.error("IDEM_NOT_ALLOWED_LAST", v, "This %s has no effect. %s can not end with a value-producing expression without other effect", label(v), aAnUC(o))
		}
		if o.Parent != nil {
			c.error("ILLEGAL_NODE_INHERITANCE", o.Parent, "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation")
		}
	case *ast.QualifiedReference:
		if !isClassrefExt(o.CasedValue) {
			c.error("ILLEGAL_CLASSREF", o, "Illegal type reference. The given name '%s' does not conform to the naming rule", o.CasedValue)
		}
	case *ast.VirtualQuery:
		if o.Expr != nil {
			c.query(o.Expr)
		}
	case *ast.ExportedQuery:
		if o.Expr != nil {
			c.query(o.Expr)
		}
	case *ast.RelationshipExpression:
		c.relation(o.Left)
		c.relation(o.Right)
	case *ast.Parameter:
		if isNumericParam(o.Name) {
			c.error("ILLEGAL_NUMERIC_PARAMETER", o, "The numeric parameter name '$%s' cannot be used (clashes with numeric match result variables)", o.Name)
		}
		if !isParamName(o.Name) {
			c.error("ILLEGAL_PARAM_NAME", o, "Illegal parameter name. The given name '%s' does not conform to the naming rule /^[a-z_]\\w*$/", o.Name)
		}
		if o.Value != nil {
			c.illegalAssignment(o.Value)
		}
	case *ast.ResourceExpression:
		if q, ok := o.TypeName.(*ast.QualifiedName); ok && o.Form != ast.Regular && q.Value == "class" {
			c.error("CLASS_NOT_VIRTUALIZABLE", o, "Classes are not virtualizable")
		}
	case *ast.ResourceBody:
		seen := false
		for _, op := range o.Operations {
			if _, ok := op.(*ast.AttributesOperation); ok {
				if seen {
					c.error("MULTIPLE_ATTRIBUTES_UNFOLD", op, "Unfolding of attributes from Hash can only be used once per resource body")
				}
				seen = true
			}
		}
	case *ast.ResourceDefaultsExpression:
		if o.Form != ast.Regular {
			c.error("NOT_VIRTUALIZEABLE", o, "Resource Defaults are not virtualizable")
		}
	case *ast.ResourceOverrideExpression:
		if o.Form != ast.Regular {
			c.error("NOT_VIRTUALIZEABLE", o, "Resource Defaults are not virtualizable")
		}
	case *ast.ReservedWord:
		if o.Future {
			c.accept("FUTURE_RESERVED_WORD", diag.Deprecation, o, fmt.Sprintf("Use of future reserved word: '%s'", o.Word))
		} else {
			c.error("RESERVED_WORD", o, "Use of reserved word: %s, must be quoted if intended to be a String value", o.Word)
		}
	case *ast.SelectorExpression:
		c.rvalue(o.Left)
		var defaults []ast.Expr
		for _, s := range o.Selectors {
			if _, ok := s.Match.(*ast.LiteralDefault); ok {
				defaults = append(defaults, s.Match)
			}
		}
		if len(defaults) > 1 {
			c.error("DUPLICATE_DEFAULT", defaults[1], "This %s already has a 'default' entry - this is a duplicate", label(o))
		}
	case *ast.SelectorEntry:
		c.rvalue(o.Match)
	case *ast.NotExpression:
		c.rvalue(o.Expr)
	case *ast.UnaryMinusExpression:
		c.rvalue(o.Expr)
	case *ast.UnfoldExpression:
		c.rvalue(o.Expr)
	case *ast.ParenthesizedExpression:
		c.rvalue(o.Expr)
	case *ast.TextExpression:
		c.rvalue(o.Expr)
	case *ast.RenderExpression:
		c.rvalue(o.Expr)
	case *ast.VariableExpression:
		c.variable(o)
	}
}

func (c *checker) binary(l, r ast.Expr) {
	c.rvalue(l)
	c.rvalue(r)
}

func (c *checker) illegalExpression(n any, feature string, container any) {
	c.error("ILLEGAL_EXPRESSION", n, "Illegal expression. %s is unacceptable as %s in %s", aAnUC(n), feature, aAn(container))
}

// resourceWithoutTitle recognizes `file { mode => '0644' }`: a name and a
// hash, which the parser leaves as a two statement block.
func resourceWithoutTitle(n any) bool {
	b, ok := n.(*ast.BlockExpression)
	if !ok || len(b.Statements) != 2 {
		return false
	}
	_, name := b.Statements[0].(*ast.QualifiedName)
	_, hash := b.Statements[1].(*ast.LiteralHash)
	return name && hash
}

func (c *checker) block(stmts []ast.Expr, o ast.Expr) {
	if b, ok := o.(*ast.BlockExpression); ok && resourceWithoutTitle(b) {
		c.error("RESOURCE_WITHOUT_TITLE", o, "This expression is invalid. Did you try declaring a '%s' resource without a title?", stmts[0].(*ast.QualifiedName).Value)
		return
	}
	for _, s := range stmts[:max(len(stmts)-1, 0)] {
		if idem(s) {
			c.error("IDEM_EXPRESSION_NOT_LAST", s, "This %s has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)", label(s))
			break
		}
	}
}

// ---- definitions ----

var reservedTypeNames = map[string]bool{
	"type": true, "any": true, "unit": true, "scalar": true, "boolean": true, "numeric": true,
	"integer": true, "float": true, "collection": true, "array": true, "hash": true, "tuple": true,
	"struct": true, "variant": true, "optional": true, "enum": true, "regexp": true, "pattern": true,
	"runtime": true, "init": true, "object": true, "sensitive": true, "semver": true,
	"semverrange": true, "string": true, "timestamp": true, "timespan": true, "typeset": true,
}

func (c *checker) namedDefinition(o ast.Definition, name string) {
	c.top(o)
	if !isClassrefDecl(name) {
		c.error("ILLEGAL_DEFINITION_NAME", o, "Unacceptable name. The name '%s' is unacceptable as the name of %s", name, aAn(o))
	}
	c.fileNamespace(o, name)
	c.reservedTypeName(o, name)
	c.futureReservedWord(o, name)
}

func (c *checker) reservedTypeName(o any, name string) {
	if reservedTypeNames[name] {
		c.error("RESERVED_TYPE_NAME", o, "The name: '%s' is already defined by Puppet and can not be used as the name of %s.", name, aAn(o))
	}
}

func (c *checker) futureReservedWord(o any, name string) {
	if name == "plan" {
		c.accept("FUTURE_RESERVED_WORD", diag.Deprecation, o, "Use of future reserved word: 'plan'")
	}
}

func (c *checker) returnType(o any, r ast.Expr) {
	if r != nil {
		c.typeRef(o, r)
	}
}

func (c *checker) typeRef(o any, r ast.Expr) {
	n := r
	if a, ok := r.(*ast.AccessExpression); ok {
		n = a.Left
	}
	if q, ok := n.(*ast.QualifiedReference); ok {
		c.futureReservedWord(r, q.Value())
	} else {
		c.illegalExpression(r, "a type reference", o)
	}
}

func (c *checker) typeMapping(o *ast.TypeMapping) {
	c.top(o)
	lhsType := 0 // not Runtime
	if a, ok := o.TypeExpr.(*ast.AccessExpression); ok {
		if q, ok := a.Left.(*ast.QualifiedReference); ok && q.CasedValue == "Runtime" {
			lhsType = 1
			if len(a.Keys) == 2 && patternWithReplacement(a.Keys[1]) {
				lhsType = 2
			}
		}
	}
	if lhsType == 0 {
		c.error("UNSUPPORTED_EXPRESSION", o, "Expressions of type %s are not supported in this version of Puppet", aAn(o))
		return
	}
	single := func() {
		c.error("ILLEGAL_TYPE_MAPPING", o, "Illegal type mapping. Expected a Type on the left side, got %s", aAnUC(o))
	}
	regexpMapping := func() {
		c.error("ILLEGAL_TYPE_MAPPING", o, "Illegal type mapping. Expected a Tuple[Regexp,String] on the left side, got %s", aAnUC(o))
	}
	switch {
	case patternWithReplacement(o.MappingExpr):
		if lhsType == 1 {
			single()
		}
	case typeRefExpr(o.MappingExpr):
		if lhsType == 2 {
			regexpMapping()
		}
	case lhsType == 1:
		single()
	default:
		regexpMapping()
	}
}

func patternWithReplacement(e ast.Expr) bool {
	l, ok := e.(*ast.LiteralList)
	if !ok || len(l.Values) != 2 {
		return false
	}
	_, re := l.Values[0].(*ast.LiteralRegularExpression)
	_, s := l.Values[1].(*ast.LiteralString)
	return re && s
}

func typeRefExpr(e ast.Expr) bool {
	if a, ok := e.(*ast.AccessExpression); ok {
		e = a.Left
	}
	_, ok := e.(*ast.QualifiedReference)
	return ok
}

func (c *checker) noIdemLast(body ast.Expr, o any) {
	if v := endsWithIdem(body); v != nil && !resourceWithoutTitle(v) {
		c.error("IDEM_NOT_ALLOWED_LAST", v, "This %s has no effect. %s can not end with a value-producing expression without other effect", label(v), aAnUC(o))
	}
}

func endsWithIdem(body ast.Expr) ast.Expr {
	if b, ok := body.(*ast.BlockExpression); ok {
		if len(b.Statements) == 0 {
			return nil
		}
		last := b.Statements[len(b.Statements)-1]
		if idem(last) {
			return last
		}
		return nil
	}
	if body != nil && idem(body) {
		return body
	}
	return nil
}

func (c *checker) noCapture(ps []*ast.Parameter, container any) {
	for _, p := range ps {
		if p.CapturesRest {
			c.error("CAPTURES_REST_NOT_SUPPORTED", p, "Parameter $%s has 'captures rest' - not supported in %s", p.Name, aAn(container))
		}
	}
}

func (c *checker) uniqueParams(ps []*ast.Parameter) {
	if len(ps) > 32 {
		seen := make(map[string]bool, len(ps))
		for _, p := range ps {
			if seen[p.Name] {
				c.error("DUPLICATE_PARAMETER", p, "The parameter '%s' is declared more than once in the parameter list", p.Name)
			}
			seen[p.Name] = true
		}
		return
	}
	for i, p := range ps {
		for _, q := range ps[:i] {
			if q.Name == p.Name {
				c.error("DUPLICATE_PARAMETER", p, "The parameter '%s' is declared more than once in the parameter list", p.Name)
				break
			}
		}
	}
}

func (c *checker) reservedParams(ps []*ast.Parameter, container any) {
	for _, p := range ps {
		if p.Name == "name" || p.Name == "title" {
			c.error("RESERVED_PARAMETER", p, "The parameter $%s redefines a built in parameter in %s", p.Name, "the "+label(container))
		}
	}
}

// top checks that a definition appears where definitions may.
func (c *checker) top(def ast.Definition) {
	for idx := -1; ; idx-- {
		switch o := c.container(idx).(type) {
		case nil, *ast.ApplyExpression, *ast.HostClassDefinition:
			return
		case *ast.BlockExpression:
			if c.container(idx-1) != nil {
				switch def.(type) {
				case *ast.FunctionDefinition, *ast.PlanDefinition, *ast.TypeAlias, *ast.TypeDefinition:
					c.error("NOT_ABSOLUTE_TOP_LEVEL", def, "%s may only appear at toplevel", aAnUC(def))
					return
				}
			}
			_ = o
		default:
			c.error("NOT_TOP_LEVEL", def, "Classes, definitions, and nodes may only appear at toplevel or inside other classes")
			return
		}
	}
}

// illegalAssignment reports an assignment inside a parameter's default
// value, looking into everything but lambdas.
func (c *checker) illegalAssignment(n any) {
	switch x := n.(type) {
	case *ast.AssignmentExpression:
		c.error("ILLEGAL_ASSIGNMENT_CONTEXT", x, "Assignment not allowed here")
	case *ast.LambdaExpression:
	default:
		ast.EachChild(n, c.illegalAssignment)
	}
}

// ---- assignments, variables ----

func (c *checker) assign(e ast.Expr, viaIndex bool) {
	switch o := e.(type) {
	case *ast.VariableExpression:
		name := varnameToS(o.Expr)
		if isNumericVarName(name) {
			c.error("ILLEGAL_NUMERIC_ASSIGNMENT", o, "Illegal attempt to assign to the numeric match result variable '$%s'. Numeric variables are not assignable", name)
		}
		if strings.Contains(name, "::") {
			c.error("CROSS_SCOPE_ASSIGNMENT", o, "Illegal attempt to assign to '%s'. Cannot assign to variables in other namespaces", name)
		}
	case *ast.AccessExpression:
		c.error("ILLEGAL_INDEXED_ASSIGNMENT", o, "Illegal attempt to assign via [index/key]. Not an assignable reference")
	case *ast.LiteralList:
		for _, v := range o.Values {
			c.assign(v, false)
		}
	default:
		if viaIndex {
			c.error("ILLEGAL_ASSIGNMENT_VIA_INDEX", o, "Illegal attempt to assign to %s via [index/key]. Not an assignable reference", aAn(o))
		} else {
			c.error("ILLEGAL_ASSIGNMENT", o, "Illegal attempt to assign to '%s'. Not an assignable reference", aAn(o))
		}
	}
}

func varnameToS(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.QualifiedName:
		return x.Value
	case *ast.QualifiedReference:
		return x.Value()
	}
	return ""
}

func (c *checker) variable(o *ast.VariableExpression) {
	switch x := o.Expr.(type) {
	case *ast.LiteralInteger:
		return
	case *ast.LiteralBoolean:
		// "${true}": Puppet's check of the name indexes the Boolean
		// (checker4_0.rb check_VariableExpression), in every release
		value := fmt.Sprint(x.Value)
		ds := diag.NoMethodError{Method: "[]", Receiver: value, Class: map[bool]string{true: "TrueClass", false: "FalseClass"}[x.Value],
			Source: "      if name[0,1] =~ /[0-9]/", Caret: "             ^^^^^"}.Diagnostics(diag.Warning)
		for _, d := range ds {
			d.File = c.prog.File.Name // Puppet's error has no position
		}
		panic(fatal{ds})
	case *ast.QualifiedName:
		name := x.Value
		if name != "" && name[0] >= '0' && name[0] <= '9' {
			if !isNumericVarName(name) {
				c.error("ILLEGAL_NUMERIC_VAR_NAME", o, "Illegal numeric variable name, The given name '%s' must be a decimal value if it starts with a digit 0-9", name)
			}
		} else if !isVarName(name) {
			c.error("ILLEGAL_VAR_NAME", o, "Illegal variable name, The given name '%s' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/", name)
		}
	default:
		c.illegalExpression(o, "name", o)
	}
}

// ---- rvalue, relation, query, hostname ----

// rvalue reports expressions that produce no value where one is needed.
func (c *checker) rvalue(e ast.Expr) {
	switch o := e.(type) {
	case *ast.CollectExpression, ast.Definition:
		c.error("NOT_RVALUE", o, "Invalid use of expression. %s does not produce a value", aAnUC(o))
	case *ast.NotExpression:
		c.rvalue(o.Expr)
	case *ast.UnaryMinusExpression:
		c.rvalue(o.Expr)
	case *ast.UnfoldExpression:
		c.rvalue(o.Expr)
	case *ast.ParenthesizedExpression:
		c.rvalue(o.Expr)
	case *ast.TextExpression:
		c.rvalue(o.Expr)
	case *ast.RenderExpression:
		c.rvalue(o.Expr)
	case *ast.VariableExpression:
		c.rvalue(o.Expr)
	}
}

func (c *checker) relation(e ast.Expr) {
	switch e.(type) {
	case *ast.CollectExpression, *ast.RelationshipExpression:
		return
	}
	c.rvalue(e)
}

func (c *checker) query(e ast.Expr) {
	switch o := e.(type) {
	case *ast.ComparisonExpression:
		if o.Op != "==" && o.Op != "!=" {
			c.illegalQuery(o)
		}
	case *ast.AndExpression:
		c.query(o.Left)
		c.query(o.Right)
	case *ast.OrExpression:
		c.query(o.Left)
		c.query(o.Right)
	case *ast.ParenthesizedExpression:
		c.query(o.Expr)
	case *ast.VariableExpression, *ast.QualifiedName, *ast.LiteralInteger, *ast.LiteralFloat,
		*ast.LiteralString, *ast.LiteralBoolean:
	default:
		c.illegalQuery(o)
	}
}

func (c *checker) illegalQuery(o ast.Expr) {
	c.error("ILLEGAL_QUERY_EXPRESSION", o, "Illegal query expression. %s cannot be used in a query", aAnUC(o))
}

func (c *checker) hostname(e ast.Expr, node *ast.NodeDefinition) {
	check := func(name string, semantic any) {
		if hasIllegalHostnameChar(name) {
			c.error("ILLEGAL_HOSTNAME_CHARS", semantic, "The hostname '%s' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)", name)
		}
	}
	switch o := e.(type) {
	case *ast.LiteralString:
		check(o.Value, o)
	case *ast.QualifiedName:
		check(o.Value, o)
	case *ast.QualifiedReference:
		check(o.Value(), o)
	case *ast.LiteralBoolean:
		check(fmt.Sprint(o.Value), o)
	case *ast.ReservedWord:
		check(o.Word, o)
	case *ast.LiteralInteger, *ast.LiteralFloat, *ast.LiteralDefault, *ast.LiteralRegularExpression:
	case *ast.ConcatenatedString:
		for _, s := range o.Segments {
			if t, ok := s.(*ast.TextExpression); ok {
				c.error("ILLEGAL_HOSTNAME_INTERPOLATION", t.Expr, "An interpolated expression is not allowed in a hostname of a node")
				return
			}
		}
		if len(o.Segments) != 1 {
			c.error("ILLEGAL_HOSTNAME_INTERPOLATION", o, "An interpolated expression is not allowed in a hostname of a node")
		}
	default:
		c.illegalExpression(o, "hostname", node)
	}
}

// ---- literal hashes ----

// duplicateKeys reports the keys of a hash literal that repeat an earlier
// one. Puppet 8's literal evaluator takes more keys as literal (type
// references, access expressions, unary minus), so some are duplicates
// to Puppet 8 alone (Struct[{Optional['a'] => String, Optional['a'] =>
// Integer}]): those are marked as Puppet 8's (Diagnostic.Puppet).
func (c *checker) duplicateKeys(h *ast.LiteralHash) {
	seen7, seen8 := map[string]bool{}, map[string]bool{}
	for _, e := range h.Entries {
		dup7 := false
		if key, ok := literalKey(e.Key, false); ok {
			dup7 = seen7[key.id]
			seen7[key.id] = true
		}
		key, ok := c.literal8(e.Key)
		if !ok {
			continue
		}
		if seen8[key.id] {
			c.accept("DUPLICATE_KEY", diag.Warning, e, fmt.Sprintf("The key '%s' is declared more than once", key.text))
			if !dup7 {
				c.diags[len(c.diags)-1].Puppet = 8
			}
		}
		seen8[key.id] = true
	}
}

// ---- the file namespace rules (Unacceptable location) ----

// namespaceForFile is the namespace a module file may define, or "" when the
// file is exempt, or badModuleFile.
const (
	noNamespace   = "\x00none"
	badModuleFile = "\x00bad"
)

func (c *checker) namespaceForFile(file string) string {
	if file == "" || len(c.opts.ModulePath) == 0 || filepath.Ext(file) != ".pp" {
		return noNamespace
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return noNamespace
	}
	if m := c.opts.Manifest; m != "" && (abs == m || strings.HasPrefix(abs, m)) {
		return noNamespace
	}
	var rel string
	for _, dir := range c.opts.ModulePath {
		prefix := filepath.Clean(dir) + string(filepath.Separator)
		if strings.HasPrefix(abs, prefix) {
			rel = abs[len(prefix):]
			break
		}
	}
	if rel == "" {
		return noNamespace
	}
	parts := strings.Split(strings.ToLower(rel), string(filepath.Separator))
	if len(parts) < 2 {
		return badModuleFile
	}
	switch parts[1] {
	case "manifests", "functions", "types", "plans":
	default:
		return badModuleFile
	}
	names := append([]string{parts[0]}, parts[2:len(parts)-1]...)
	file = parts[len(parts)-1]
	if !(len(parts) == 3 && file == "init.pp") {
		names = append(names, strings.TrimSuffix(file, ".pp"))
	}
	return strings.Join(names, "::")
}

func (c *checker) fileNamespace(o ast.Definition, name string) {
	file := c.prog.File.Name
	ns := c.namespaceForFile(file)
	if ns == noNamespace {
		return
	}
	if ns == badModuleFile || !strings.HasPrefix(strings.ToLower(name), ns) {
		c.error("ILLEGAL_DEFINITION_LOCATION", o, "Unacceptable location. The name '%s' is unacceptable in file '%s'", name, file)
	}
}

func (c *checker) topConstructInModule() {
	body := c.prog.Body
	if body == nil || c.namespaceForFile(c.prog.File.Name) == noNamespace {
		return
	}
	if _, ok := body.(*ast.Nop); ok {
		return
	}
	stmts := []ast.Expr{body}
	if b, ok := body.(*ast.BlockExpression); ok {
		stmts = b.Statements
	}
	for _, s := range stmts {
		d, isDef := s.(ast.Definition)
		if _, isNode := s.(*ast.NodeDefinition); isDef && !isNode {
			continue
		}
		if name := definitionName(d); name != "" {
			c.error("ILLEGAL_TOP_CONSTRUCT_LOCATION", s, "The %s '%s' is unacceptable as a top level construct in this location", label(s), name)
		} else {
			c.error("ILLEGAL_TOP_CONSTRUCT_LOCATION", s, "This %s is unacceptable as a top level construct in this location", label(s))
		}
	}
}

func definitionName(d ast.Definition) string {
	switch x := d.(type) {
	case *ast.HostClassDefinition:
		return x.Name
	case *ast.ResourceTypeDefinition:
		return x.Name
	case *ast.FunctionDefinition:
		return x.Name
	case *ast.PlanDefinition:
		return x.Name
	}
	return ""
}
