package resolve

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/frontend/rubyscan"
	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// call checks a named function call; it returns true when it has checked
// the arguments itself.
func (c *checker) call(x *ast.CallNamedFunctionExpression, s *scope) bool {
	var name string
	switch f := x.Functor.(type) {
	case *ast.QualifiedName:
		name = f.Value
	case *ast.QualifiedReference:
		// Type(args) is Type.new(args): the type must exist
		c.typeRef(f)
		for _, a := range x.Args {
			c.expr(a, s)
		}
		if x.Lambda != nil {
			c.expr(x.Lambda, s)
		}
		return true
	default:
		return false
	}
	c.function(x, name, x.Args, hasUnfold(x.Args), x.Lambda, s, x)
	switch name {
	case "include", "require", "contain":
		for _, a := range x.Args {
			c.classArgs(a, s, x)
		}
		if x.Lambda != nil {
			c.expr(x.Lambda, s)
		}
		return true
	case "create_resources":
		c.createResources(x, s)
	case "lookup":
		c.lookupTypes(x)
	case "inline_template":
		// the types of its texts' interpolations (Result.Operands): a
		// hole that changes the Ruby is translated for each value it
		// can have when those are few (codegen's inlineERBVariants)
		for _, a := range x.Args {
			if cs, ok := a.(*ast.ConcatenatedString); ok {
				for _, seg := range cs.Segments {
					if te, ok := seg.(*ast.TextExpression); ok {
						c.operandTypes(s, te.Expr)
					}
				}
			}
		}
	case "epp":
		if len(x.Args) > 0 {
			if names := literalStrings(x.Args[0]); len(names) == 1 {
				name := names[0]
				if !strings.HasSuffix(name, ".epp") {
					name += ".epp" // as Puppet's EppEvaluator does
				}
				if c.moduleFile(name, "templates", x) {
					c.reachFile(c.template(name))
					c.eppArgs(x, c.template(name), s)
				}
			}
		}
	case "template":
		for _, a := range x.Args {
			if names := literalStrings(a); len(names) == 1 {
				c.moduleFile(names[0], "templates", x)
			}
		}
	case "file":
		c.fileArgs(x)
	case "assert_type":
		c.assertType(x, s)
	case "defined":
		// defined() asks whether a class, defined type or resource exists:
		// a name, Class['x'] or Resource['t', 'x'] may name anything without
		// that being an error. Other type references are evaluated as
		// everywhere (defined(Nope['x']) fails: "Resource type not found").
		for _, a := range x.Args {
			if acc, isAcc := a.(*ast.AccessExpression); isAcc {
				if ref, isRef := acc.Left.(*ast.QualifiedReference); isRef && (ref.Value() == "class" || ref.Value() == "resource") {
					c.res.Types[ref] = &TypeRef{Name: ref.CasedValue, Builtin: true}
					for _, k := range acc.Keys {
						if literalStrings(k) == nil {
							c.expr(k, s)
						}
					}
					continue
				}
			}
			c.expr(a, s)
		}
		return true
	}
	return false
}

// methodCall checks `receiver.name(args)`: the receiver is the first
// argument.
func (c *checker) methodCall(x *ast.CallMethodExpression, s *scope) {
	na, ok := x.Functor.(*ast.NamedAccessExpression)
	if !ok {
		return
	}
	q, ok := na.Right.(*ast.QualifiedName)
	if !ok {
		return
	}
	if ot := values.MemberType(q.Value); ot != nil {
		// a member of Puppet::LookupContext or Error when the receiver is
		// one (rt.Scope.Member): not a function's call unless the
		// receiver is proven to be no such object
		if t := c.typeOf(na.Left, s); t == nil || values.IsAssignable(t, ot) {
			return
		}
	}
	c.function(x, q.Value, append([]ast.Expr{na.Left}, x.Args...), hasUnfold(x.Args), x.Lambda, s, x)
}

// assertType reports assert_type(T, value) without a lambda whose value,
// literal or of an inferred type, is never a T: Puppet fails
// ("assert_type(): expects a T value, got K").
func (c *checker) assertType(x *ast.CallNamedFunctionExpression, s *scope) {
	if len(x.Args) != 2 || x.Lambda != nil || hasUnfold(x.Args) {
		return
	}
	t := c.staticType(x.Args[0])
	if t == nil {
		return
	}
	v := literal(x.Args[1])
	var st stand
	if v == nil {
		v, st = c.standInFor(x.Args[1], s, t)
	}
	if v != nil && !values.IsInstance(t, v) {
		c.standInFails(TypeMismatch, x, values.DescribeMismatch("assert_type():", t, values.InferSet(v)), st)
	}
}

func hasUnfold(args []ast.Expr) bool {
	for _, a := range args {
		if _, ok := a.(*ast.UnfoldExpression); ok {
			return true
		}
	}
	return false
}

// function resolves a function by name for the current module, records
// it and the types of its arguments (Result.ArgTypes), and checks the
// arguments (args, a method call's receiver first) against its
// signatures: their count and block, and their types (argTypes).
func (c *checker) function(call ast.Expr, name string, args []ast.Expr, unfold bool, lambdaExpr *ast.LambdaExpression, s *scope, at ast.Positioned) {
	name = strings.TrimPrefix(name, "::")
	lambda := lambdaExpr != nil
	// the lambda as the function's dispatch sees it (nil: none, or one
	// whose parameters' types the build does not know)
	block, blockKnown := c.lambdaStandIn(lambdaExpr)
	nargs := len(args)
	for _, a := range args {
		if literal(a) == nil {
			if t := c.typeOf(a, s); t != nil {
				c.res.ArgTypes[a] = t
			}
		}
	}
	if sigs, api, ok := c.opts.Core.Signatures(name); ok {
		c.res.Calls[call] = &Callee{Name: name, Core: true, API: api}
		if !unfold && c.arity(name, api, sigs, nargs, lambda, at) && api == 4 && blockKnown && !c.opts.Core.MismatchHandled(name) {
			if vsigs, ok := typedSignatures(sigs, nil, builtinType); ok {
				c.argTypes(name, vsigs, args, block, s, at)
			}
		}
		return
	}
	ref := c.env.FindFunction(name, c.mod)
	if ref == nil && c.failedFile(c.env.FunctionFile(name)) {
		return // Puppet fails on the file that should define it
	}
	if msg := c.emptyFile(c.env.FunctionFile(name)); ref == nil && msg != "" {
		c.errorf(UnknownFunction, at, "", "%s", msg)
		return
	}
	if ref == nil {
		c.errorf(UnknownFunction, at, c.suggestFunction(name), "Unknown function: '%s'.", name)
		return
	}
	if ref.LoadedWith != nil && ref.LoadedWith != c.file {
		c.warnf(LoadedByChance, at, "",
			"Function '%s' is defined in %s, which Puppet loads only with a class or defined type of that file: it is found only if that file was loaded before",
			name, ref.LoadedWith.Path)
	}
	c.reach(ref.Def)
	callee := &Callee{Name: name, Env: ref, File: c.file}
	switch ref.Kind {
	case env.Ruby4Function:
		callee.API = 4
	case env.Ruby3Function:
		callee.API = 3
	}
	c.res.Calls[call] = callee
	if sigs := ref.Signatures(); sigs != nil && !unfold {
		if c.arity(name, callee.API, sigs, nargs, lambda, at) && callee.API != 3 && blockKnown {
			var typed func(j int) values.Type // a Puppet function's parameters' types
			if ref.Kind == env.PuppetFunction {
				if fd, ok := ref.Def.Node.(*ast.FunctionDefinition); ok {
					typed = func(j int) values.Type { return c.paramType(fd.Params[j].Type) }
				}
			}
			if vsigs, ok := typedSignatures(sigs, typed, c.envType); ok {
				c.argTypes(name, vsigs, args, block, s, at)
			}
		}
	}
}

// argTypes reports a call of a 4.x or Puppet-language function whose
// arguments are all literal (a method call's receiver too), local
// variables in s assigned a literal before (assignedBefore), or of a type
// the build infers (typeOf) that each signature takes or rejects whatever
// the value (standIn), and that none of its signatures (sigs,
// whose count and block the call fits) takes: Puppet fails the call, with
// the dispatcher's message ("'join' parameter 'arg' expects an Array
// value, got Integer").
//
// One argument may be a lookup() of data (dataKey): each value the
// data gives its key (hieraValues) that makes the call fail is a warning
// where the data is. Or one may be a fact, of the kind Facter gives it
// (factType): a call it makes fail is a warning (factOperand).
func (c *checker) argTypes(name string, sigs []*values.Signature, args []ast.Expr, block values.Value, s *scope, at ast.Positioned) {
	vals := make([]values.Value, len(args))
	looked, key := -1, ""
	var st stand // of the one argument at most whose stand-in is not plain
	for i, a := range args {
		switch x := a.(type) {
		case *ast.LiteralUndef:
			vals[i] = values.Undef
		case *ast.VariableExpression:
			vals[i] = assignedBefore(x, s)
		default:
			vals[i] = literal(a)
		}
		if vals[i] != nil {
			continue
		}
		if v, vst := c.standInFor(a, s, argParamTypes(sigs, i)...); v != nil && (vst.plain() || st.plain()) {
			vals[i] = v
			if !vst.plain() {
				st = vst
			}
			continue
		}
		k, ok := dataKey(a, s)
		if !ok || looked >= 0 {
			return // known only at run time
		}
		looked, key = i, k
	}
	accepted := func() bool {
		for _, sig := range sigs {
			if sig.Accepts(vals, block) {
				return true
			}
		}
		return false
	}
	if looked < 0 {
		if !accepted() {
			c.standInFails(TypeMismatch, at, values.DescribeSignatures(name, sigs, vals, block), st)
		}
		return
	}
	if !st.plain() {
		return // a fact's kind, or one of some values, and the data's values: too far from what a node sees
	}
	c.hieraValues(key, func(f *rthiera.File, v values.Value) {
		if vals[looked] = v; !accepted() {
			c.hieraWarning(f, key, values.DescribeSignatures(name, sigs, vals, block), "the lookup of '"+key+"' gives '"+name+"' this argument: a node whose lookup finds it fails")
		}
	})
}

// lambdaStandIn is a lambda as the dispatch of the function it is given
// to sees it: a value of its Callable type, made of its parameters as
// Puppet's Closure makes it (an untyped parameter is Any, one with a
// default optional, one that captures the rest repeated). known is false
// when a parameter's type is not one the build knows; a nil lambda is
// known, and no block.
func (c *checker) lambdaStandIn(x *ast.LambdaExpression) (block values.Value, known bool) {
	if x == nil {
		return nil, true
	}
	typed := func(j int) values.Type {
		if p := x.Params[j]; p.Type != nil {
			return c.staticType(p.Type)
		}
		return values.AnyT
	}
	sigs, ok := typedSignatures([]rubyscan.Signature{env.ParamsSignature(x.Params)}, typed, nil)
	if !ok {
		return nil, false
	}
	return lambdaValue{t: sigs[0].CallableType()}, true
}

// lambdaValue is a lambda's stand-in: its Callable type.
type lambdaValue struct {
	values.External
	t *values.CallableType
}

// CallableType implements values.CallableValue.
func (l lambdaValue) CallableType() *values.CallableType { return l.t }

// argParamTypes are the types of the parameters that take argument i in
// the signatures that take that many arguments.
func argParamTypes(sigs []*values.Signature, i int) []values.Type {
	var out []values.Type
	for _, sig := range sigs {
		n := len(sig.Params)
		switch {
		case i < n:
			n = i
		case n > 0 && (sig.Params[n-1].Kind == values.ParamRepeated || sig.Params[n-1].Kind == values.ParamRequiredRepeated):
			n--
		default:
			continue // too many arguments for this one
		}
		out = append(out, sig.Params[n].Type)
	}
	return out
}

// typedSignatures are a function's signatures with their parameters'
// types, which the build must know for every parameter: false when one
// cannot be read, or names what parse does not know (builtinType for
// Puppet's own functions, envType for a module's). typed, when not nil,
// gives the type of the parameter j of a Puppet-language function's one
// signature (nil: not known); otherwise a parameter's Type text is parsed.
func typedSignatures(sigs []rubyscan.Signature, typed func(j int) values.Type, parse func(string) values.Type) ([]*values.Signature, bool) {
	out := make([]*values.Signature, len(sigs))
	for i, s := range sigs {
		vs := &values.Signature{BlockName: s.BlockName}
		for j, p := range s.Params {
			var t values.Type
			if typed != nil {
				t = typed(j)
			} else {
				t = parse(p.Type)
			}
			if t == nil {
				return nil, false
			}
			vs.Params = append(vs.Params, values.SignatureParam{Name: p.Name, Type: t, Kind: paramKind(p.Kind)})
		}
		if s.Block != rubyscan.NoBlock {
			vs.Block = values.Type(values.CallableT)
			if s.BlockType != "" {
				if vs.Block = parse(s.BlockType); vs.Block == nil {
					return nil, false
				}
			}
			vs.BlockOptional = s.Block == rubyscan.BlockOptional
		}
		out[i] = vs
	}
	return out, true
}

// arity checks an argument count and block against a function's
// signatures, with Puppet's messages: the 4.x dispatcher's for 4.x and
// Puppet-language functions, the 3.x arity check's for 3.x functions. It
// says whether they fit.
func (c *checker) arity(name string, api int, sigs []rubyscan.Signature, nargs int, lambda bool, at ast.Positioned) bool {
	if len(sigs) == 0 {
		return false
	}
	if api == 3 {
		min, max := sigRange(sigs[0])
		switch {
		case max >= 0 && nargs != max:
			c.errorf(WrongArguments, at, "", "%s(): Wrong number of arguments given (%d for %d)", name, nargs, max)
		case max < 0 && nargs < min:
			c.errorf(WrongArguments, at, "", "%s(): Wrong number of arguments given (%d for minimum %d)", name, nargs, min)
		default:
			return true
		}
		return false
	}
	var countOK []rubyscan.Signature
	for _, s := range sigs {
		min, max := sigRange(s)
		if nargs >= min && (max < 0 || nargs <= max) {
			countOK = append(countOK, s)
		}
	}
	if len(countOK) == 0 {
		args := make([]values.Value, nargs)
		for i := range args {
			args[i] = values.Undef
		}
		c.errorf(WrongArguments, at, "", "%s", values.DescribeSignatures(name, toValuesSignatures(sigs), args, nil))
		return false
	}
	blockOK := false
	for _, s := range countOK {
		switch {
		case lambda && s.Block != rubyscan.NoBlock:
			blockOK = true
		case !lambda && s.Block != rubyscan.BlockRequired:
			blockOK = true
		}
	}
	if !blockOK {
		if lambda {
			c.errorf(WrongArguments, at, "", "'%s' does not expect a block", name)
		} else {
			c.errorf(WrongArguments, at, "", "'%s' expects a block", name)
		}
	}
	return blockOK
}

// classArgs checks the class names given to include, require or contain:
// strings, bare words, Class['x'] references and arrays of those.
// Puppet reports what it cannot find at the call.
func (c *checker) classArgs(a ast.Expr, s *scope, call ast.Expr) {
	switch x := a.(type) {
	case *ast.LiteralList:
		for _, v := range x.Values {
			c.classArgs(v, s, call)
		}
		return
	case *ast.AccessExpression:
		if ref, ok := x.Left.(*ast.QualifiedReference); ok && ref.Value() == "class" {
			c.res.Types[ref] = &TypeRef{Name: ref.CasedValue, Builtin: true}
			for _, k := range x.Keys {
				c.classArgs(k, s, call)
			}
			return
		}
	}
	names := literalStrings(a)
	if names == nil {
		c.expr(a, s)
		return
	}
	for _, n := range names {
		if d := c.classExists(n, call, "Could not find class ::%s"); d != nil {
			c.includeRequired(d, call)
		}
	}
}

// classExists reports a class that Puppet cannot find by name, with the
// message format of the context (%s is the class name).
func (c *checker) classExists(name string, at ast.Positioned, format string) *env.Def {
	name = strings.TrimPrefix(strings.ToLower(name), "::")
	if name == "" || strings.ContainsAny(name, "$") {
		return nil
	}
	if d := c.env.FindClass(name); d != nil {
		c.reach(d)
		return d
	}
	for _, p := range c.env.AutoloadFiles(name) {
		if c.failedFile(p) {
			return nil // Puppet fails on a file that it loads for the name
		}
	}
	if c.byChance(env.Class, name, at) {
		return nil
	}
	c.errorf(UnknownClass, at, c.suggestClass(name), format, name)
	return nil
}

// ---- type references ----

// resolveType finds what a capitalized name means, as Puppet's type
// parser and loaders do: Puppet's own types, then resource types (native,
// then defined), then type aliases.
func (c *checker) resolveType(name string) *TypeRef {
	lower := strings.ToLower(strings.TrimPrefix(name, "::"))
	if _, ok := values.TypeByName(name); ok {
		return &TypeRef{Name: name, Builtin: true}
	}
	if strings.HasPrefix(lower, "puppet::") || c.dataTypes[lower] || pcoreTypes[lower] {
		return &TypeRef{Name: name, Builtin: true}
	}
	native, define := c.env.FindResourceType(lower)
	if native != nil {
		return &TypeRef{Name: name, Native: native}
	}
	if define != nil {
		return &TypeRef{Name: name, Define: define}
	}
	if a := c.env.FindTypeAlias(lower); a != nil {
		return &TypeRef{Name: name, Alias: a}
	}
	return nil
}

// pcoreTypes are types Puppet's static loader defines besides the ones of
// its type system (rt/values knows those).
var pcoreTypes = map[string]bool{"pcore": true, "typeset": true, "object": true, "uri": true, "sensitive": true}

// typeRef checks a capitalized name used as a type or resource type.
func (c *checker) typeRef(x *ast.QualifiedReference) *TypeRef {
	if t, ok := c.res.Types[x]; ok {
		return t
	}
	t := c.resolveType(strings.TrimPrefix(x.CasedValue, "::")) // ::T is T
	if t == nil {
		if c.byChance(env.Define, x.Value(), x) || c.failedFile(c.env.TypeAliasFile(x.Value())) {
			return nil
		}
		if msg := c.emptyFile(c.env.TypeAliasFile(x.Value())); msg != "" {
			c.errorf(UnknownType, x, "", "%s", msg)
			return nil
		}
		c.errorf(UnknownType, x, c.suggestType(x.CasedValue), "Resource type not found: %s", capitalize(x.CasedValue))
		return nil
	}
	c.res.Types[x] = t
	c.reach(t.Alias)
	c.reach(t.Define)
	c.typeLoads(t.Native, x)
	return t
}

// typeLoads reports a module type that Puppet cannot autoload where x
// names it: a resource of it, or a reference to it (naming the type loads
// it), fails there (Options.TypeLoadError).
func (c *checker) typeLoads(t *env.ResourceType, x ast.Positioned) {
	if t == nil || t.Pcore || c.opts.TypeLoadError == nil {
		return
	}
	if msg := c.opts.TypeLoadError(t.Type); msg != "" {
		c.errorf(TypeLoadFailed, x, "", "%s", msg)
	}
}

// access checks `Type[keys]`. Class['x'] names classes; context says how
// an unknown one is reported: "include" (include/require/contain
// arguments), "relationship", a relationship metaparameter's name, or ""
// for a plain value. It returns true when it has checked the keys.
func (c *checker) access(x *ast.AccessExpression, s *scope, context string) bool {
	ref, ok := x.Left.(*ast.QualifiedReference)
	if !ok {
		return false
	}
	switch ref.Value() {
	case "class":
		c.res.Types[ref] = &TypeRef{Name: ref.CasedValue, Builtin: true}
		for _, k := range x.Keys {
			names := literalStrings(k)
			if names == nil {
				if q, ok := k.(*ast.QualifiedReference); ok {
					names = []string{q.Value()}
				}
			}
			if names == nil {
				c.expr(k, s)
				continue
			}
			for _, n := range names {
				c.classReference(n, k, context)
			}
		}
		return true
	case "resource":
		c.res.Types[ref] = &TypeRef{Name: ref.CasedValue, Builtin: true}
		if len(x.Keys) > 0 {
			if names := literalStrings(x.Keys[0]); len(names) == 1 {
				if t := strings.ToLower(names[0]); t != "class" && c.resolveResourceType(t) == nil {
					c.errorf(UnknownType, x.Keys[0], c.suggestResourceType(t), "Resource type not found: %s", capitalize(t))
				}
				for _, k := range x.Keys[1:] {
					c.expr(k, s)
				}
				return true
			}
		}
		return false
	}
	return false
}

// classReference checks the class a Class['x'] reference names.
func (c *checker) classReference(name string, at ast.Expr, context string) {
	lower := strings.TrimPrefix(strings.ToLower(name), "::")
	if d := c.env.FindClass(lower); d != nil || strings.Contains(lower, "$") {
		c.reach(d)
		return
	}
	if c.byChance(env.Class, lower, at) {
		return
	}
	hint := c.suggestClass(lower)
	ref := fmt.Sprintf("Class[%s]", capitalize(lower))
	switch {
	case context == "include":
		c.errorf(UnknownClass, at, hint, "Could not find class ::%s", lower)
	case strings.HasPrefix(context, "relationship"):
		c.errorf(UnknownClass, at, hint, "Could not find resource '%s' for %s", ref, context)
	case context == "":
		// Puppet accepts a reference to a class that does not exist as a
		// value; it fails only where the reference is used.
		c.warnf(UnknownClass, at, hint, "Class[%s] refers to a class that does not exist: Could not find class ::%s", capitalize(lower), lower)
	default:
		c.errorf(UnknownClass, at, hint, "Could not find resource '%s' in parameter '%s'", ref, context)
	}
}

// createResources checks create_resources(type, hash): a literal type
// name must exist when resources are created (a literal non-empty hash,
// or a local variable assigned one; with a computed hash, which may be
// empty, only a warning); with type 'class', the literal titles must be
// classes.
func (c *checker) createResources(x *ast.CallNamedFunctionExpression, s *scope) {
	if len(x.Args) < 2 {
		return
	}
	names := literalStrings(x.Args[0])
	if len(names) != 1 {
		return
	}
	typeName := strings.TrimPrefix(strings.ToLower(names[0]), "::")
	hash, literal := x.Args[1].(*ast.LiteralHash)
	if v, ok := x.Args[1].(*ast.VariableExpression); ok {
		hash = assignedHash(v, s)
		literal = hash != nil
	}
	if literal && len(hash.Entries) == 0 {
		return // nothing is created
	}
	if typeName == "class" {
		if !literal {
			return
		}
		for _, e := range hash.Entries {
			for _, n := range literalStrings(e.Key) {
				c.classExists(n, x, "Could not find declared class %s")
			}
		}
		return
	}
	native, define := c.env.FindResourceType(typeName)
	c.reach(define)
	if native != nil || define != nil || c.byChance(env.Define, typeName, x) {
		return
	}
	if literal {
		c.errorf(UnknownResourceType, x, c.suggestResourceType(typeName), "Unknown resource type: '%s'", typeName)
	} else {
		c.warnf(UnknownResourceType, x, c.suggestResourceType(typeName), "Unknown resource type: '%s' (an error unless the hash of resources is empty)", typeName)
	}
}

// moduleFile checks that a 'module/path' template (dir "templates") names
// an existing file, as Puppet::Parser::Files.find_template finds it, and
// reports Puppet's error otherwise. Absolute paths are not checked (Puppet
// reads them on the compiling machine). It returns whether the file exists.
func (c *checker) moduleFile(name, dir string, call ast.Positioned) bool {
	if filepath.IsAbs(name) || strings.Contains(name, "$") {
		return false
	}
	if c.findModuleFile(name, dir) {
		return true
	}
	c.errorf(UnknownFile, call, "", "Could not find template '%s'", name)
	return false
}

func (c *checker) findModuleFile(name, dir string) bool {
	mod, rest, ok := strings.Cut(name, "/")
	m := c.env.Module(mod)
	if !ok || m == nil || rest == "" {
		return false
	}
	fi, err := os.Stat(filepath.Join(m.Dir, dir, rest))
	return err == nil && !fi.IsDir()
}

// fileArgs checks file('module/path', ...): Puppet returns the first file
// that exists and fails when none does.
func (c *checker) fileArgs(x *ast.CallNamedFunctionExpression) {
	var names []string
	for _, a := range x.Args {
		n := literalStrings(a)
		if len(n) != 1 || filepath.IsAbs(n[0]) || strings.Contains(n[0], "$") {
			return // computed or absolute: may exist where Puppet runs
		}
		if c.findModuleFile(n[0], "files") {
			return
		}
		names = append(names, n[0])
	}
	if len(names) > 0 {
		c.errorf(UnknownFile, x, "", "Could not find any files from %s", strings.Join(names, ", "))
	}
}

// template finds the parsed EPP template that epp('module/path') names.
func (c *checker) template(name string) *env.File {
	mod, rest, ok := strings.Cut(name, "/")
	m := c.env.Module(mod)
	if !ok || m == nil {
		return nil
	}
	for _, f := range m.EPP {
		if strings.HasSuffix(f.Path, "/templates/"+rest) {
			return f
		}
	}
	return nil
}

// eppArgs checks the literal parameters an epp() call gives a template
// that declares its parameters (<%- | Integer $port | -%>) as Puppet
// does, as a lambda's: a name it does not declare, a required one left
// out (WRONG_ARGUMENTS), a value its type rejects (TYPE_MISMATCH), with
// Puppet's message ("lambda: parameter 'port' expects an Integer value,
// got String"). Left alone when a parameter's type is not known at build
// time (staticType), or the parameters are not a literal hash (eppParams).
func (c *checker) eppArgs(x *ast.CallNamedFunctionExpression, f *env.File, s *scope) {
	if f == nil || f.Program == nil || len(x.Args) > 2 {
		return
	}
	lambda, ok := f.Program.Body.(*ast.LambdaExpression)
	if !ok {
		return
	}
	if epp, ok := lambda.Body.(*ast.EppExpression); !ok || !epp.ParamsSpecified {
		return // the caller's variables, not parameters
	}
	var params, untyped []values.ParamType
	for _, p := range lambda.Params {
		t := c.paramType(p.Type)
		if t == nil {
			return
		}
		params = append(params, values.ParamType{Name: p.Name, Type: t, Optional: p.Value != nil})
		untyped = append(untyped, values.ParamType{Name: p.Name, Type: values.AnyT, Optional: p.Value != nil})
	}
	given := values.NewHash()
	if len(x.Args) == 2 {
		if given = c.eppParams(x.Args[1], params, s); given == nil {
			return
		}
	}
	switch msg := values.ValidateParameters("lambda", params, given, false); {
	case msg == "":
	case values.ValidateParameters("lambda", untyped, given, false) != "":
		c.errorf(WrongArguments, x, "", "%s", msg) // names (and perhaps types)
	default:
		c.errorf(TypeMismatch, x, "", "%s", msg)
	}
}

// eppParams is the hash of parameters e gives a template whose parameters
// are params: a literal hash whose values are literal, or of a type the
// build infers (typeOf) that the parameter of their name takes or rejects
// whatever the value (standIn). nil when any is known only at run time.
func (c *checker) eppParams(e ast.Expr, params []values.ParamType, s *scope) *values.Hash {
	if h, ok := literal(e).(*values.Hash); ok {
		return h
	}
	lh, ok := e.(*ast.LiteralHash)
	if !ok {
		return nil
	}
	var entries []values.HashEntry
	for _, en := range lh.Entries {
		keys := literalStrings(en.Key)
		if len(keys) != 1 {
			return nil
		}
		v := literal(en.Value)
		if i := slices.IndexFunc(params, func(p values.ParamType) bool { return p.Name == keys[0] }); v == nil && i >= 0 {
			// a parameter given a fact is left out: no stand-in of facts here
			if sv, st := c.standInFor(en.Value, s, params[i].Type); st.fact == "" {
				v = sv
			}
		}
		if v == nil {
			return nil
		}
		entries = append(entries, values.HashEntry{Key: values.String(keys[0]), Value: v})
	}
	return values.NewHash(entries...)
}

// failedFile reports whether path is a file that Puppet would load for a
// name but that has errors (it does not parse, fails validation, or does
// not define what its path names): its errors are then the ones to
// report, and they are, since the file is marked as checked.
func (c *checker) failedFile(path string) bool {
	if path == "" {
		return false
	}
	f := c.env.File(path)
	if f == nil || !f.Failed() {
		return false
	}
	c.checkedFiles[f] = true
	return true
}

// emptyFile returns the warning of an autoload file that defines nothing
// (a comment-only types/ or functions/ file): using its name is an error
// with that message.
func (c *checker) emptyFile(path string) string {
	if f := c.env.File(path); f != nil {
		for _, d := range f.Diags {
			if d.Code == "BAD_AUTOLOAD_FILE" {
				return d.Message
			}
		}
	}
	return ""
}

// resolveResourceType finds a resource type by its lower-case name.
func (c *checker) resolveResourceType(name string) *TypeRef {
	native, define := c.env.FindResourceType(name)
	switch {
	case native != nil:
		return &TypeRef{Name: name, Native: native}
	case define != nil:
		return &TypeRef{Name: name, Define: define}
	}
	return nil
}

// assignedHash is the literal hash a local variable is assigned in the
// scope that binds it when that is its only assignment, or nil. A use
// sees that hash (or fails, when evaluated before it).
func assignedHash(v *ast.VariableExpression, s *scope) *ast.LiteralHash {
	a, _ := assignment(v, s)
	if a == nil {
		return nil
	}
	h, _ := a.Right.(*ast.LiteralHash)
	return h
}

// assignedBefore is the literal value a local variable is assigned by a
// statement of the body of the scope that binds it, its only assignment
// there, when that statement ends before use, a use of the variable in
// that body: Puppet evaluates the statement before the use, which sees
// its value. nil otherwise (an assignment in a branch may not run, and a
// use before it sees no value).
func assignedBefore(v *ast.VariableExpression, s *scope) values.Value {
	if e := assignedExprBefore(v, s); e != nil {
		return literal(e)
	}
	return nil
}

// assignedExprBefore is the expression assignedBefore takes the literal
// of, nil when there is none.
func assignedExprBefore(v *ast.VariableExpression, s *scope) ast.Expr {
	a, b := assignment(v, s)
	if a == nil {
		return nil
	}
	statements := []ast.Expr{b.body}
	if block, ok := b.body.(*ast.BlockExpression); ok {
		statements = block.Statements
	}
	if !slices.Contains(statements, ast.Expr(a)) || endOf(a) > v.Span().Offset {
		return nil
	}
	return a.Right
}

// dataKey is the Hiera key whose data e's value is: e is a lookup() of
// it (lookedUpKey), or a local variable assigned one before its use (as
// assignedBefore).
func dataKey(e ast.Expr, s *scope) (string, bool) {
	if v, ok := e.(*ast.VariableExpression); ok {
		if e = assignedExprBefore(v, s); e == nil {
			return "", false
		}
	}
	return lookedUpKey(e)
}

// assignment is the assignment of a local variable in the body of the
// scope that binds it, and that scope, when it is its only assignment
// there; nil when there are several (one per branch: which one runs is
// not known), a destructuring one, or none.
func assignment(v *ast.VariableExpression, s *scope) (*ast.AssignmentExpression, *scope) {
	q, ok := v.Expr.(*ast.QualifiedName)
	if !ok || strings.Contains(q.Value, "::") {
		return nil, nil
	}
	for ; s != nil; s = s.parent {
		if !s.vars[q.Value] {
			continue
		}
		if as := s.allAssignments()[q.Value]; len(as) == 1 && as[0] != nil {
			return as[0], s
		}
		return nil, nil
	}
	return nil, nil
}

// allAssignments are every assignment of each variable in the scope's
// body (lambdas and definitions in it left out) in the order of the
// source, a nil one for each destructuring assignment ([$a, $b] = ...)
// that names it; made once, on first use.
func (s *scope) allAssignments() map[string][]*ast.AssignmentExpression {
	if s.allAssigns != nil {
		return s.allAssigns
	}
	s.allAssigns = map[string][]*ast.AssignmentExpression{}
	var walk func(n ast.Expr)
	walk = func(n ast.Expr) {
		switch x := n.(type) {
		case nil, *ast.LambdaExpression, ast.Definition:
			return
		case *ast.AssignmentExpression:
			if l, ok := x.Left.(*ast.VariableExpression); ok {
				if lq, ok := l.Expr.(*ast.QualifiedName); ok {
					s.allAssigns[lq.Value] = append(s.allAssigns[lq.Value], x)
				}
			} else {
				names := map[string]bool{}
				targets(x.Left, names)
				for name := range names {
					s.allAssigns[name] = append(s.allAssigns[name], nil)
				}
			}
		}
		children(n, walk)
	}
	walk(s.body)
	return s.allAssigns
}
