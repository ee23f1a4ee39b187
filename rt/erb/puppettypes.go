package erb

import (
	"github.com/pp2go/pp2go/rt/values"
)

// Puppet's type system as module functions call it from Ruby
// (Puppet::Pops::Types): stdlib's validate_legacy parses, checks and
// describes types with it. Types are Puppet values (*Object).

// puppetType is a Ruby argument that must be a Puppet type.
func puppetType(v Value, what string) values.Type {
	if o, ok := v.(*Object); ok {
		if t, ok := o.V.(values.Type); ok {
			return t
		}
	}
	raise(ClassTypeError, "%s: expected a Puppet type, got %s", what, classOf(v).Name)
	return nil
}

// ScopeDescriber is implemented by scopes that know how Ruby shows them
// (Puppet's Scope#to_s: "Scope(Class[Foo])").
type ScopeDescriber interface{ ScopeString() string }

// PuppetTypeParse is TypeParser.new.parse(string[, loader]): the type
// the string names. Only Puppet's own type names resolve (no loader
// lookup of aliases); a malformed string raises Puppet::ParseError. With
// the scope as the loader (stdlib's validate_legacy), a name outside the
// parser's own map makes the parser call the scope's private `load'
// (Kernel#load), a NoMethodError, as in Puppet 7.
func (r *R) PuppetTypeParse(args ...Value) Value {
	arity(args, 1, 2)
	s, ok := args[0].(*Str)
	if !ok {
		raise(ClassArgumentError, "The expression parsed from %s is not a type", Inspect(args[0]))
	}
	if len(args) == 2 {
		if _, isScope := args[1].(*scopeObject); isScope && !values.TypeMapOnly(s.S) {
			desc := "Scope()"
			if d, ok := r.scope.(ScopeDescriber); ok {
				desc = d.ScopeString()
			}
			raise(ClassNoMethodError, "private method `load' called for %s:Puppet::Parser::Scope", desc)
		}
	}
	t, err := values.ParseType(s.S, nil)
	if err != nil {
		raise(ClassPuppetParseError, "%s", err.Error())
	}
	return &Object{V: t}
}

// PuppetTypeInstance is TypeCalculator.instance?(type, value).
func (r *R) PuppetTypeInstance(args ...Value) Value {
	arity(args, 2, 2)
	return values.IsInstance(puppetType(args[0], "instance?"), ToPuppet(args[1]))
}

// PuppetTypeInferSet is TypeCalculator.infer_set(value): the value's
// type, a collection's as a set of its elements' types.
func (r *R) PuppetTypeInferSet(args ...Value) Value {
	arity(args, 1, 1)
	return &Object{V: values.InferSet(ToPuppet(args[0]))}
}

// PuppetTypeInfer is TypeCalculator.infer(value).
func (r *R) PuppetTypeInfer(args ...Value) Value {
	arity(args, 1, 1)
	return &Object{V: values.Infer(ToPuppet(args[0]))}
}

// PuppetDescribeMismatch is TypeMismatchDescriber.new.describe_mismatch(
// name, expected, actual): Puppet's message for a value of type actual
// where expected was required.
func (r *R) PuppetDescribeMismatch(args ...Value) Value {
	arity(args, 3, 3)
	return S(values.DescribeMismatch(ToS(args[0]), puppetType(args[1], "describe_mismatch"), puppetType(args[2], "describe_mismatch")))
}
