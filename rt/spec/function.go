package spec

import (
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// DefaultNode is the node's name in the compiles of Function and Type
// (rspec-puppet uses the certname of the machine running the tests);
// NodeName changes it.
const DefaultNode = "test.example.com"

// NodeName sets the node's name for Function and Type (ignored by Compile,
// Run and CompileFails, which take the name as an argument).
func NodeName(name string) Option {
	return func(c *config) error { c.node = name; return nil }
}

// FunctionSpec tests a function of the program (rspec-puppet's function
// spec, `describe 'mymod::double'` with `is_expected.to run`): a function
// written in Puppet, one of Puppet's or a module's Ruby functions as pp2go
// implements them, or a user's Go function.
type FunctionSpec struct {
	t    testing.TB
	prog *rt.Program
	name string
	opts []Option
}

// Function starts a function test. Each Run compiles a catalog for the
// node (DefaultNode, or NodeName's) with the options (facts, and code that
// Include, Class or Declare add: rspec-puppet's pre_condition), then calls
// the function from the node's scope, after that code: what the function
// sees of facts, variables and the catalog is what a call in
// `node default { ... }` sees. An unknown function stops the test.
func Function(t testing.TB, prog *rt.Program, name string, opts ...Option) *FunctionSpec {
	t.Helper()
	name = strings.TrimPrefix(name, "::")
	if fn.Lookup(name) == nil {
		t.Fatalf("spec.Function: the program has no function %s", name)
	}
	return &FunctionSpec{t: t, prog: prog, name: name, opts: opts}
}

// FunctionRun is a call of a function, to assert on (rspec-puppet's
// run.with_params(..)): Returns or RaisesError.
type FunctionRun struct {
	spec   *FunctionSpec
	args   []values.Value
	result values.Value // nil when the call raised an error
	err    error
}

// Run calls the function with arguments, Go values converted by Value
// (with_params): the call's result or error is then asserted with Returns,
// RaisesError or Succeeds. The test stops when the compile around the call
// fails.
func (f *FunctionSpec) Run(args ...any) *FunctionRun {
	f.t.Helper()
	return f.run(nil, args)
}

func (f *FunctionSpec) run(block fn.Block, args []any) *FunctionRun {
	f.t.Helper()
	run := &FunctionRun{spec: f}
	for _, a := range args {
		run.args = append(run.args, Value(a))
	}
	code := func(s *rt.Scope) {
		defer func() {
			r := recover()
			if r == nil {
				return
			}
			if err, ok := r.(error); ok {
				if _, bug := r.(runtime.Error); !bug {
					run.err = err
					return
				}
			}
			panic(r) // not an error the function raises: the compile fails with it
		}()
		run.result = s.Call(f.name, run.args, block)
	}
	res, err := runWith(f.prog, "", f.opts, code)
	if err != nil {
		f.t.Fatalf("spec.Function(%s): %v", f.name, err)
	}
	if res.Err != nil {
		f.t.Fatalf("calling %s: the compile around the call fails: %v", run.call(), res.Err)
	}
	return run
}

// Lambda is a lambda given to the function (rspec-puppet's
// run.with_lambda): Body gets the arguments the function passes; Params
// is how many parameters the lambda declares (of type Any), which
// functions such as each and map look at.
type Lambda struct {
	Params int
	Body   func(args ...values.Value) values.Value
}

// goBlock is a Lambda as functions see a lambda.
type goBlock struct {
	values.External
	l Lambda
}

func (b *goBlock) CallableType() *values.CallableType {
	types := make([]values.Type, b.l.Params)
	for i := range types {
		types[i] = values.AnyT
	}
	return values.NewCallableType(values.NewTupleType(types, nil), nil, nil)
}

func (b *goBlock) Call(args ...values.Value) values.Value { return b.l.Body(args...) }

// RunWithLambda calls the function with arguments and a lambda
// (with_params(..).with_lambda { .. }); see Run.
func (f *FunctionSpec) RunWithLambda(l Lambda, args ...any) *FunctionRun {
	f.t.Helper()
	return f.run(&goBlock{l: l}, args)
}

// call is the call as rspec-puppet shows it: name(args).
func (r *FunctionRun) call() string {
	parts := make([]string, len(r.args))
	for i, a := range r.args {
		parts[i] = show(a)
	}
	return r.spec.name + "(" + strings.Join(parts, ", ") + ")"
}

// Result is what the call returned (nil when it raised an error).
func (r *FunctionRun) Result() values.Value { return r.result }

// Err is the error the call raised, or nil.
func (r *FunctionRun) Err() error { return r.err }

// Succeeds asserts that the call returns, whatever it returns (`run
// .with_params(..)` alone).
func (r *FunctionRun) Succeeds() *FunctionRun {
	r.spec.t.Helper()
	if r.err != nil {
		r.spec.t.Errorf("expected %s to run successfully, but it raised: %v", r.call(), r.err)
	}
	return r
}

// Returns asserts the call's result (and_return): want is a Go value
// converted by Value and compared as rspec-puppet compares the Ruby
// values (==: strings exactly, numbers by value, arrays and hashes
// deeply), a *regexp.Regexp that the result, a string, must match, or a
// func(values.Value) bool.
func (r *FunctionRun) Returns(want any) *FunctionRun {
	r.spec.t.Helper()
	if r.err != nil {
		r.spec.t.Errorf("expected %s to return %s, but it raised: %v", r.call(), describeResult(want), r.err)
		return r
	}
	if !sameResult(want, r.result) {
		r.spec.t.Errorf("expected %s to return %s, but it returned %s", r.call(), describeResult(want), show(r.result))
	}
	return r
}

// RaisesError asserts that the call raises an error whose message matches
// the regular expression pattern (and_raise_error(/pattern/)). Messages
// are Puppet's: a function's own failure, or for arguments no signature
// accepts "'name' parameter 'x' expects ...".
func (r *FunctionRun) RaisesError(pattern string) *FunctionRun {
	r.spec.t.Helper()
	re, err := regexp.Compile(pattern)
	if err != nil {
		r.spec.t.Fatalf("RaisesError: %v", err)
	}
	switch {
	case r.err == nil:
		r.spec.t.Errorf("expected %s to raise an error matching %q, but it returned %s", r.call(), pattern, show(r.result))
	case !re.MatchString(r.err.Error()):
		r.spec.t.Errorf("expected %s to raise an error matching %q, but it raised: %v", r.call(), pattern, r.err)
	}
	return r
}

// sameResult compares a function's result as Ruby's == compares the
// values rspec-puppet gets.
func sameResult(want any, got values.Value) bool {
	switch w := want.(type) {
	case *regexp.Regexp:
		s, ok := got.(values.String)
		return ok && w.MatchString(string(s))
	case func(values.Value) bool:
		return w(got)
	}
	return fn.RubyEqual(Value(want), got)
}

func describeResult(want any) string {
	switch w := want.(type) {
	case *regexp.Regexp:
		return "a string matching /" + w.String() + "/"
	case func(values.Value) bool:
		return "a value the test's function accepts"
	}
	return show(Value(want))
}

// runWith compiles the node of the options (node overrides them) with
// code added after theirs.
func runWith(prog *rt.Program, node string, opts []Option, code func(s *rt.Scope)) (*Result, error) {
	all := append(append([]Option(nil), opts...), func(c *config) error {
		c.code = append(c.code, code)
		return nil
	})
	if node == "" {
		c := &config{}
		for _, o := range opts {
			if err := o(c); err != nil {
				return nil, err
			}
		}
		node = c.node
		if node == "" {
			node = DefaultNode
		}
	}
	return Run(prog, node, all...)
}
