// Package values is Puppet 7's data model: its values, its types and the
// operations the language performs on them, with Puppet 7.23's exact
// semantics and error messages.
//
// It is a leaf package shared by the type checker and the runtime, and it is
// called by generated code on hot paths, so values are plain Go types where
// possible (Int, Float, String, Bool, Undef, Default) and types are data
// (pointers to immutable structs).
//
// The reference for every behaviour is Puppet's Ruby source (pops/types and
// pops/evaluator); tests compare against results produced by Puppet itself
// (see testdata/ and tools/).
package values
