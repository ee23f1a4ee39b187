// Package values is Puppet 7's data model: its values, its types and the
// operations the language performs on them, with Puppet 7.23's exact
// semantics and error messages. It is a leaf package shared by the type
// checker (typecheck) and the runtime (rt), and generated code calls it on
// hot paths.
//
// Values are plain Go types where possible, so that storing them in a Value
// does not allocate: Int, Float, String, Bool (True/False), Undef, Default.
// Containers are *Array and *Hash (insertion ordered, O(1) lookup, Ruby's
// key identity). Sensitive, Timespan, Timestamp, Binary, SemVer,
// SemVerRange, Regexp and Deferred complete the set. Types are values too:
// *IntegerType, *StructType, *ResourceType (File, File['/tmp']),
// *ClassType (Class['x']), *TypeAliasType and the rest, all immutable.
//
// What the runtime and the code generator call:
//
//   - Types: TypeByName("Integer"), Parameterize(t, args) (the [] operator
//     on types), ParseType(text, resolver), TypeString(t), IsInstance(t, v),
//     IsAssignable(t, o), Infer(v), InferSet(v), Generalize(t), Normalize(t),
//     NewTypeAlias(name).Resolve(t) for (recursive) aliases.
//   - Operators: Equals, CompareOp (==, <, ... including types), Arithmetic
//     (+ - * / % << >>), Negate, MatchOp (=~ with match data), In, Match
//     (case and selector options), Access ([] on strings, arrays, hashes and
//     types), Unfold (*v), Truthy.
//   - Strings: ToString (interpolation and notice), FormatValue
//     (String(v, format)), Sprintf (Ruby's format), PuppetQuote.
//   - Type errors: DescribeMismatch, DescribeValueMismatch, AssertInstance,
//     ValidateParameters (class and define parameters) and
//     DescribeSignatures (function calls), with Puppet's wording.
//
// Errors are *Error values carrying Puppet's message and issue code; no
// function panics on bad input (MustParseType excepted, for constant text).
//
// Regexps follow Ruby's (Onigmo) syntax: patterns are translated for
// github.com/dlclark/regexp2 (backtracking: lookaround, backreferences) and,
// when they need none of its extra features, also compiled with Go's RE2
// engine for speed.
//
// The reference for every behaviour is Puppet's Ruby source (pops/types and
// pops/evaluator). The tests compare against results produced by Puppet
// itself: tools/gen_expected.rb runs Puppet over tools/cases/*.txt and
// writes testdata/*.json.
package values
