// Package erb is the runtime of ERB templates translated to Go by
// codegen/erbgen: Ruby's values and methods as templates use them, with
// Ruby 3.1's semantics (and messages), over Puppet's values (rt/values),
// and Puppet's template semantics (parser/templatewrapper.rb).
//
// A translated template is a Template, func(Scope) string. The compiler
// calls it through Render (template()) or RenderInline
// (inline_template()), which turn a Ruby exception into Puppet's message:
//
//	out, err := erb.Render(tmpl, scope, "mod/file.erb", "/path/to/mod/templates/file.erb")
//	// err: *TemplateError, "Failed to parse template mod/file.erb:\n  Filepath: ...\n  Line: 3\n  Detail: ...\n"
//
// The Scope gives the template the scope's variables (its instance
// variables, @x), variable lookups (scope['x'], scope.lookupvar) and Puppet
// function calls (scope.function_x, scope.call_function). Two optional
// extensions complete Ruby's behaviour: VarUpdater (a template changed a
// variable's value in place: Ruby changes the scope's own object) and
// VarSetter (scope.setvar, which apache's vhost templates use). A Puppet
// function that fails panics with an error; the template sees it as
// Puppet::ParseError with the error's message (or its PuppetMessage(),
// when it has that method).
//
// Values: nil, bool, int64, float64, *Str (mutable), Symbol, *Array,
// *Hash (ordered, eql? keys), *Range, *Regexp, *MatchData, *Class,
// *IPAddr, and *Object for other Puppet values (see Value). Generated code
// calls methods of *R, one per Ruby method (GoName maps the names), and
// the operators OpAdd, OpEq, ... Ruby exceptions are *RubyError panics.
package erb

// SupportPackageIsVersion1 is referenced by generated code: code generated
// for another version of this package does not compile against it.
const SupportPackageIsVersion1 = true
