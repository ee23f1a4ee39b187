// Package gofunc is an example environment whose module (greet) ships Ruby
// functions and Go versions of them. The test checks that the Go versions,
// registered by the code pp2go generates (gen/greetfn, from
// codegen/gofuncs), give what Puppet 7.23 gives with the Ruby functions
// (testdata/expected.json, made by testdata/gen.rb).
package gofunc

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	_ "github.com/pp2go/pp2go/examples/gofunc/gen/greetfn"
	"github.com/pp2go/pp2go/rt/fn"
	_ "github.com/pp2go/pp2go/rt/fn/core"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type row struct {
	Function, Args, Lambda, Result, Error string
}

// lambda is a Go stand-in for the Puppet lambdas of testdata/gen.rb.
type lambda struct {
	values.External
	f func(values.Value) values.Value
}

func (l *lambda) CallableType() *values.CallableType {
	return values.NewCallableType(values.NewTupleType([]values.Type{values.AnyT}, nil), nil, nil)
}
func (l *lambda) Call(args ...values.Value) values.Value { return l.f(args[0]) }

var lambdas = map[string]fn.Block{
	"wrap":   &lambda{f: func(w values.Value) values.Value { return values.String("<" + values.ToString(w) + ">") }},
	"number": &lambda{f: func(values.Value) values.Value { return values.Int(1) }},
}

func repr(v values.Value) string {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return "undef"
	case values.Int:
		return "i:" + values.ToString(x)
	case values.String:
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(string(x))
		return "s:" + strings.TrimSpace(b.String())
	case *values.Array:
		parts := make([]string, x.Len())
		for i, e := range x.Elems() {
			parts[i] = repr(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return "?"
}

func call(f *fn.Func, args []values.Value, b fn.Block) (res values.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	return f.Call(nil, args, b), nil
}

func TestGoFunctionsBehaveAsTheRubyOnes(t *testing.T) {
	data, err := os.ReadFile("testdata/expected.json")
	require.NoError(t, err)
	var rows []row
	require.NoError(t, json.Unmarshal(data, &rows))
	require.NotEmpty(t, rows)
	for _, r := range rows {
		t.Run(r.Function+r.Args+r.Lambda, func(t *testing.T) {
			f := fn.Lookup(r.Function)
			require.NotNil(t, f, "the generated code registers %s", r.Function)
			lit, err := values.ParseLiteral(r.Args, nil)
			require.NoError(t, err)
			var b fn.Block
			if r.Lambda != "" {
				b = lambdas[r.Lambda]
			}
			got, err := call(f, lit.(*values.Array).Elems(), b)
			if r.Error != "" {
				require.Error(t, err)
				assert.Equal(t, r.Error, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, r.Result, repr(got))
		})
	}
}
