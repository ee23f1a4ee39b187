package spec

import (
	"regexp"
	"testing"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/values"
)

// TypeSpec tests a type alias, or any type expression, of the program
// (rspec-puppet's type_alias spec: `is_expected.to allow_value(..)`).
type TypeSpec struct {
	t    testing.TB
	prog *rt.Program
	expr string
	opts []Option
}

// Type starts a test of a type: a type alias of the environment
// ("Mymod::Port") or any type expression ("Optional[Mymod::Port]",
// "Pattern[/^a/]"). As rspec-puppet does, each check is an assert_type
// of the value in a compile of the node (DefaultNode, or NodeName's, with
// the options): a value is allowed when assert_type accepts it.
func Type(t testing.TB, prog *rt.Program, expr string, opts ...Option) *TypeSpec {
	return &TypeSpec{t: t, prog: prog, expr: expr, opts: opts}
}

// Allows asserts that the type accepts each value (allow_value), Go values
// converted by Value.
func (ts *TypeSpec) Allows(vals ...any) *TypeSpec {
	ts.t.Helper()
	for i, err := range ts.check(vals) {
		if err != "" {
			ts.t.Errorf("expected %s to allow %s, but assert_type raised: %s", ts.expr, show(Value(vals[i])), err)
		}
	}
	return ts
}

// Rejects asserts that the type accepts none of the values
// (not_to allow_value).
func (ts *TypeSpec) Rejects(vals ...any) *TypeSpec {
	ts.t.Helper()
	for i, err := range ts.check(vals) {
		if err == "" {
			ts.t.Errorf("expected %s not to allow %s, but it does", ts.expr, show(Value(vals[i])))
		}
	}
	return ts
}

// check runs assert_type(type, value) for each value in one compile: the
// errors raised, "" where none.
func (ts *TypeSpec) check(vals []any) []string {
	ts.t.Helper()
	errs := make([]string, len(vals))
	var parseErr error
	var unknown string
	code := func(s *rt.Scope) {
		typ, err := s.ParseType(ts.expr)
		if err != nil {
			parseErr = err
			return
		}
		if ref := unresolved(typ); ref != "" {
			unknown = ref
			return
		}
		for i, v := range vals {
			func() {
				defer func() {
					if r := recover(); r != nil {
						err, ok := r.(error)
						if !ok {
							panic(r)
						}
						errs[i] = err.Error()
					}
				}()
				s.Call("assert_type", []values.Value{typ, Value(v)}, nil)
			}()
		}
	}
	res, err := runWith(ts.prog, "", ts.opts, code)
	switch {
	case err != nil:
		ts.t.Fatalf("spec.Type(%s): %v", ts.expr, err)
	case res.Err != nil:
		ts.t.Fatalf("spec.Type(%s): the compile around the check fails: %v", ts.expr, res.Err)
	case parseErr != nil:
		ts.t.Fatalf("spec.Type(%s): %v", ts.expr, parseErr)
	case unknown != "":
		ts.t.Fatalf("spec.Type(%s): the environment has no type %s", ts.expr, unknown)
	}
	return errs
}

// unresolved is the name of a type reference the expression could not
// resolve (a misspelt alias), or "".
func unresolved(t values.Type) string {
	if r, ok := t.(*values.TypeReferenceType); ok {
		return r.TypeString
	}
	// nested references show in the type's text
	if m := typeRef.FindStringSubmatch(values.ToString(t)); m != nil {
		return m[1]
	}
	return ""
}

var typeRef = regexp.MustCompile(`TypeReference\['([^']*)'\]`)
