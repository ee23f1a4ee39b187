package values

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/internal/rubystr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests in this file compare against results produced by Puppet 7.23
// itself (tools/gen_expected.rb writes testdata/*.json).

func loadCases(t *testing.T, name string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name+".json"))
	require.NoError(t, err)
	var rows []map[string]any
	require.NoError(t, json.Unmarshal(data, &rows))
	require.NotEmpty(t, rows)
	return rows
}

// testResolver knows the resource types the cases use.
// It also holds the type aliases of testdata/aliases.json.
var testResolver = func() TypeResolver {
	r := NewAliasRegistry()
	for _, n := range []string{"File", "Exec", "Notify", "Package", "Service", "User", "Group"} {
		r.DefineResourceType(n)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "aliases.json"))
	if err != nil {
		panic(err)
	}
	var rows []map[string]string
	if err := json.Unmarshal(data, &rows); err != nil {
		panic(err)
	}
	for _, row := range rows {
		r.Define(row["name"], row["definition"])
	}
	return r
}()

func mustType(t *testing.T, src string) Type {
	t.Helper()
	ty, err := ParseType(src, testResolver)
	require.NoError(t, err, src)
	return ty
}

func mustValue(t *testing.T, src string) Value {
	t.Helper()
	v, err := ParseLiteral(src, testResolver)
	require.NoError(t, err, src)
	return v
}

func str(row map[string]any, key string) string {
	s, _ := row[key].(string)
	return s
}

// repr mirrors repr() in tools/gen_expected.rb.
func repr(v Value) string {
	switch x := v.(type) {
	case nil, UndefValue:
		return "undef"
	case DefaultValue:
		return "default"
	case Bool:
		return strconv.FormatBool(bool(x))
	case Int:
		return fmt.Sprintf("i:%d", x)
	case Float:
		return "f:" + rubyFloatToS(float64(x))
	case String:
		return "s:" + rubystr.Inspect(string(x))
	case *Array:
		parts := make([]string, x.Len())
		for i, e := range x.Elems() {
			parts[i] = repr(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case *Hash:
		parts := make([]string, x.Len())
		for i, k := range x.Keys() {
			parts[i] = repr(k) + "=>" + repr(x.ValueAt(i))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case *Regexp:
		return "r:" + x.Source()
	case Type:
		return "t:" + TypeString(x)
	case Timespan:
		return fmt.Sprintf("ts:%d", int64(x))
	case Timestamp:
		return fmt.Sprintf("tm:%d", int64(x))
	case *SemVer:
		return "v:" + x.String()
	case *SemVerRange:
		return "vr:" + x.String()
	case *Sensitive:
		return "sens(" + repr(x.Unwrap()) + ")"
	case *Binary:
		return "b:" + x.Base64()
	}
	return fmt.Sprintf("?%T", v)
}

func TestTypePrinting(t *testing.T) {
	for _, row := range loadCases(t, "typeprint") {
		src := str(row, "src")
		t.Run(src, func(t *testing.T) {
			ty, err := ParseType(src, testResolver)
			if msg := str(row, "error"); msg != "" {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			want := str(row, "out")
			if e := str(row, "eval_out"); e != "" {
				want = e
			}
			assert.Equal(t, want, TypeString(ty))
		})
	}
}

func TestAssignable(t *testing.T) {
	for _, row := range loadCases(t, "assignable") {
		a, b := str(row, "a"), str(row, "b")
		t.Run(a+" <- "+b, func(t *testing.T) {
			assert.Equal(t, row["result"], IsAssignable(mustType(t, a), mustType(t, b)))
		})
	}
}

func TestInstanceAndMismatch(t *testing.T) {
	for _, row := range loadCases(t, "instance") {
		ty, val := str(row, "type"), str(row, "value")
		t.Run(ty+" =~ "+val, func(t *testing.T) {
			typ, v := mustType(t, ty), mustValue(t, val)
			assert.Equal(t, row["result"], IsInstance(typ, v), "instance")
			if m, ok := row["mismatch"].(string); ok {
				assert.Equal(t, m, DescribeMismatch("parameter 'x'", typ, InferSet(v)))
			}
		})
	}
}

func TestInfer(t *testing.T) {
	for _, row := range loadCases(t, "infer") {
		src := str(row, "value")
		t.Run(src, func(t *testing.T) {
			v := mustValue(t, src)
			assert.Equal(t, str(row, "infer"), TypeString(Infer(v)), "infer")
			assert.Equal(t, str(row, "infer_set"), TypeString(InferSet(v)), "infer_set")
			assert.Equal(t, str(row, "generalized"), TypeString(Generalize(Infer(v))), "generalized")
		})
	}
}

func TestNormalizeGeneralize(t *testing.T) {
	for _, row := range loadCases(t, "normalize") {
		src := str(row, "type")
		t.Run(src, func(t *testing.T) {
			ty := mustType(t, src)
			assert.Equal(t, str(row, "normalized"), TypeString(Normalize(ty)), "normalize")
			assert.Equal(t, str(row, "generalized"), TypeString(Generalize(ty)), "generalize")
		})
	}
}

// evalOp applies a binary operator the way the evaluator dispatches it.
func evalOp(op string, l, r Value) (Value, []Value, error) {
	switch op {
	case "+", "-", "*", "/", "%", "<<", ">>":
		v, err := Arithmetic(op, l, r)
		return v, nil, err
	case "==", "!=", "<", "<=", ">", ">=":
		b, err := CompareOp(op, l, r)
		return BoolOf(b), nil, err
	case "=~", "!~":
		m, err := MatchOp(l, r)
		if err != nil {
			return nil, nil, err
		}
		return BoolOf(m.Matched == (op == "=~")), m.Groups, nil
	case "in":
		m := In(l, r)
		return BoolOf(m.Matched), m.Groups, nil
	}
	return nil, nil, fmt.Errorf("unknown operator %s", op)
}

func TestOperators(t *testing.T) {
	for _, row := range loadCases(t, "ops") {
		l, op, r := str(row, "left"), str(row, "op"), str(row, "right")
		t.Run(l+" "+op+" "+r, func(t *testing.T) {
			v, groups, err := evalOp(op, mustValue(t, l), mustValue(t, r))
			checkResult(t, row, v, err)
			if want, ok := row["groups"].([]any); ok && err == nil {
				got := make([]any, 4)
				for i := range got {
					if i < len(groups) && !IsUndef(groups[i]) {
						got[i] = repr(groups[i])
					}
				}
				assert.Equal(t, want, got, "match data")
			}
		})
	}
}

func checkResult(t *testing.T, row map[string]any, v Value, err error) {
	t.Helper()
	if msg := str(row, "error"); msg != "" {
		require.Error(t, err)
		assert.Equal(t, strings.TrimPrefix(msg, "Error while evaluating a Function Call, "), err.Error())
		if code := str(row, "code"); code != "" {
			if pe, ok := err.(*Error); ok {
				assert.Equal(t, code, pe.Code)
			}
		}
		return
	}
	require.NoError(t, err)
	assert.Equal(t, str(row, "result"), repr(v))
}

func TestAccess(t *testing.T) {
	for _, row := range loadCases(t, "access") {
		lhs, keys := str(row, "lhs"), str(row, "keys")
		t.Run(lhs+"["+keys+"]", func(t *testing.T) {
			ks := mustValue(t, "["+keys+"]").(*Array)
			v, err := Access(mustValue(t, lhs), ks.Elems())
			checkResult(t, row, v, err)
		})
	}
}

func TestFormatting(t *testing.T) {
	for _, row := range loadCases(t, "format") {
		kind, val, format := str(row, "kind"), str(row, "value"), str(row, "format")
		t.Run(kind+" "+val+" "+format, func(t *testing.T) {
			var s string
			var err error
			switch kind {
			case "interp":
				s = ToString(mustValue(t, val))
			case "string":
				var f Value
				if format != "" {
					f = mustValue(t, format)
				}
				s, err = FormatValue(mustValue(t, val), f)
			case "sprintf":
				args := mustValue(t, "["+val+"]").(*Array)
				s, err = Sprintf(string(mustValue(t, format).(String)), args.Elems()...)
			}
			if msg := str(row, "error"); msg != "" {
				require.Error(t, err)
				assert.Equal(t, strings.TrimPrefix(msg, "Error while evaluating a Function Call, "), err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, str(row, "result"), s)
		})
	}
}

func TestValidateParameters(t *testing.T) {
	for _, row := range loadCases(t, "params") {
		params, given := str(row, "params"), str(row, "given")
		t.Run(params+" "+given, func(t *testing.T) {
			var ps []ParamType
			for _, p := range strings.Split(params, "; ") {
				name, ty, _ := strings.Cut(p, ":")
				opt := strings.HasSuffix(name, "?")
				ps = append(ps, ParamType{Name: strings.TrimSuffix(name, "?"), Type: mustType(t, ty), Optional: opt})
			}
			h := mustValue(t, given).(*Hash)
			assert.Equal(t, str(row, "message"), ValidateParameters("Class[Foo]", ps, h, false))
		})
	}
}

var sigParamRx = regexp.MustCompile(`^(.*) ([&a-z_]+[?*+]?)$`)

func parseSignatures(t *testing.T, src string) []*Signature {
	var sigs []*Signature
	for _, s := range strings.Split(src, " | ") {
		sig := &Signature{}
		for _, p := range strings.Split(s, "; ") {
			m := sigParamRx.FindStringSubmatch(p)
			require.NotNil(t, m, p)
			ty, name := m[1], m[2]
			switch {
			case strings.HasPrefix(ty, "&?"):
				sig.Block, sig.BlockName, sig.BlockOptional = mustType(t, ty[2:]), name, true
			case strings.HasPrefix(ty, "&"):
				sig.Block, sig.BlockName = mustType(t, ty[1:]), name
			default:
				kind := ParamRequired
				switch name[len(name)-1] {
				case '?':
					kind = ParamOptional
				case '*':
					kind = ParamRepeated
				case '+':
					kind = ParamRequiredRepeated
				}
				sig.Params = append(sig.Params, SignatureParam{Name: strings.TrimRight(name, "?*+"), Type: mustType(t, ty), Kind: kind})
			}
		}
		sigs = append(sigs, sig)
	}
	return sigs
}

func TestDescribeSignatures(t *testing.T) {
	for _, row := range loadCases(t, "signatures") {
		sigs, args := str(row, "signatures"), str(row, "args")
		t.Run(sigs+" "+args, func(t *testing.T) {
			a := mustValue(t, args).(*Array)
			assert.Equal(t, str(row, "message"), DescribeSignatures("myfn", parseSignatures(t, sigs), a.Elems(), nil))
		})
	}
}

func TestTruthyAndUnfold(t *testing.T) {
	for _, row := range loadCases(t, "misc") {
		kind, val := str(row, "kind"), str(row, "value")
		t.Run(kind+" "+val, func(t *testing.T) {
			v := mustValue(t, val)
			var got Value
			if kind == "truthy" {
				got = BoolOf(Truthy(v))
			} else {
				got = NewArray(Unfold(v)...)
			}
			checkResult(t, row, got, nil)
		})
	}
}
