package values

import (
	"fmt"
	"strings"
)

// ParamKind is how a function parameter takes arguments.
type ParamKind int

const (
	ParamRequired         ParamKind = iota // param
	ParamOptional                          // optional_param
	ParamRepeated                          // repeated_param (zero or more)
	ParamRequiredRepeated                  // required_repeated_param (one or more)
)

// SignatureParam is one parameter of a function signature.
type SignatureParam struct {
	Name string
	Type Type
	Kind ParamKind
}

// Signature is one dispatch of a function, as declared with Puppet's
// function API (spec/function-api.md): typed parameters and an optional
// block.
type Signature struct {
	Params        []SignatureParam
	Block         Type // nil when no block is accepted
	BlockName     string
	BlockOptional bool
	callable      *CallableType
}

// CallableType is the type of the signature as Puppet's dispatcher builds
// it: a Callable with a parameter tuple sized by the parameter kinds.
func (s *Signature) CallableType() *CallableType {
	if s.callable != nil {
		return s.callable
	}
	min, max := int64(0), int64(0)
	types := make([]Type, 0, len(s.Params))
	for _, p := range s.Params {
		types = append(types, p.Type)
		switch p.Kind {
		case ParamRequired:
			min++
			max++
		case ParamOptional:
			max++
		case ParamRepeated:
			max = maxInt
		case ParamRequiredRepeated:
			min++
			max = maxInt
		}
	}
	var size *IntegerType
	if !(min == int64(len(types)) && max == min) {
		size = NewIntegerType(min, max)
	}
	if len(types) == 0 && size != nil && size.To > 0 {
		types = append(types, UnitT)
	}
	var block Type
	if s.Block != nil {
		block = s.Block
		if s.BlockOptional {
			block = NewOptionalType(block)
		}
	}
	s.callable = &CallableType{Params: NewTupleType(types, size), Block: block}
	return s.callable
}

// Accepts reports whether the signature accepts args (and block, nil when
// none is given).
func (s *Signature) Accepts(args []Value, block Value) bool {
	ct := s.CallableType()
	if !IsInstance(ct.Params, NewArray(args...)) {
		return false
	}
	if block == nil {
		return ct.Block == nil || IsAssignable(ct.Block, UndefT)
	}
	return ct.Block != nil && IsInstance(ct.Block, block)
}

// DescribeSignatures explains why none of a function's signatures accept
// the arguments, with Puppet's wording ("'name' expects 2 arguments, got 1",
// "'name' parameter 'x' expects ...", or the list of signatures with the
// reasons each rejected the call). name "lambda" labels a block. block is
// the given block, or nil.
func DescribeSignatures(name string, sigs []*Signature, args []Value, block Value) string {
	all := args
	if block != nil {
		all = append(append([]Value(nil), args...), block)
	}
	argsType := InferSet(NewArray(all...))
	d := describer{}
	errArrays := make([][]*mismatch, len(sigs))
	allErr := true
	for i, sig := range sigs {
		errArrays[i] = d.signatureArguments(sig, argsType, []pathElem{{kind: pathSignature, idx: i}})
		if len(errArrays[i]) == 0 {
			allErr = false
		}
	}
	if !allErr {
		blockArrays := make([][]*mismatch, len(sigs))
		bc := 0
		for i, sig := range sigs {
			blockArrays[i] = d.signatureBlock(sig, argsType, []pathElem{{kind: pathSignature, idx: i}})
			if len(blockArrays[i]) > 0 {
				bc++
			}
		}
		if bc == len(blockArrays) {
			errArrays = blockArrays
		} else if bc > 0 {
			for i, a := range errArrays {
				if len(a) == 0 {
					errArrays[i] = blockArrays[i]
				}
			}
		}
	}
	label := "'" + name + "'"
	if name == "lambda" {
		label = "block"
	}
	errs := mergeDescriptions(0, mkCount, errArrays)
	if len(errs) == 1 {
		return label + errs[0].format()
	}
	var lines []string
	if len(sigs) == 1 {
		lines = append(lines, label+" expects ("+signatureString(sigs[0])+")")
		for _, e := range errArrays[0] {
			lines = append(lines, "  rejected:"+e.chopPath(0).format())
		}
	} else {
		lines = append(lines, "The function "+label+" was called with arguments it does not accept. It expects one of:")
		for i, sg := range sigs {
			lines = append(lines, "  ("+signatureString(sg)+")")
			for _, e := range errArrays[i] {
				lines = append(lines, "    rejected:"+e.chopPath(0).format())
			}
		}
	}
	return strings.Join(lines, "\n")
}

func (d describer) signatureArguments(sig *Signature, args Type, path []pathElem) []*mismatch {
	params := sig.CallableType().Params
	paramsSize := params.sizeType()
	var argTypes []Type
	var argsSize *IntegerType
	switch a := args.(type) {
	case *TupleType:
		argTypes = a.Types
		argsSize = a.sizeType()
	case *ArrayType:
		elem := a.Elem
		if elem == nil {
			elem = UndefT
		}
		for range params.Types {
			argTypes = append(argTypes, elem)
		}
		argsSize = sizeOr(a.Size)
		if a.Size != nil {
			argsSize = a.Size
		}
	default:
		return []*mismatch{newExpectedActual(mkType, path, params, args)}
	}
	if n := len(argTypes); n > 0 && kindOfCallable(argTypes[n-1]) {
		c := int64(n - 1)
		return d.noBlockArguments(sig, argTypes, path, paramsSize, &IntegerType{From: c, To: c}, n-1)
	}
	return d.noBlockArguments(sig, argTypes, path, paramsSize, argsSize, len(argTypes))
}

func (d describer) noBlockArguments(sig *Signature, atypes []Type, path []pathElem, expected, actual *IntegerType, count int) []*mismatch {
	if !IsAssignable(expected, actual) {
		return []*mismatch{{kind: mkCount, path: path, expected: expected, actual: actual}}
	}
	etypes := sig.CallableType().Params.Types
	for i := 0; i < count; i++ {
		adx := i
		if adx >= len(etypes) {
			adx = len(etypes) - 1
		}
		if !IsAssignable(etypes[adx], atypes[i]) {
			name := ""
			if adx < len(sig.Params) {
				name = sig.Params[adx].Name
			}
			if ds := d.describe(etypes[adx], atypes[i], appendPath(path, pathElem{kind: pathParameter, key: name})); len(ds) > 0 {
				return ds
			}
		}
	}
	return nil
}

func (d describer) signatureBlock(sig *Signature, args Type, path []pathElem) []*mismatch {
	paramBlock := sig.CallableType().Block
	var argBlock Type
	if t, ok := args.(*TupleType); ok && len(t.Types) > 0 {
		argBlock = t.Types[len(t.Types)-1]
	}
	if argBlock != nil && kindOfCallable(argBlock) {
		if paramBlock == nil {
			return []*mismatch{{kind: mkUnexpectedBlock, path: path}}
		}
		return d.describe(paramBlock, argBlock, appendPath(path, pathElem{kind: pathBlock, key: "block"}))
	}
	if paramBlock == nil || IsAssignable(paramBlock, UndefT) {
		return nil
	}
	return []*mismatch{{kind: mkMissingRequiredBlock, path: path}}
}

// signatureString prints a signature as Puppet lists it in errors:
// "String x, Integer y?, Callable[1, 1] block".
func signatureString(sig *Signature) string {
	ct := sig.CallableType()
	from, to := ct.Params.sizeRange()
	if from == 0 && to == 0 && len(sig.Params) == 0 {
		return blockSuffix(sig, "")
	}
	parts := make([]string, len(sig.Params))
	for i, p := range sig.Params {
		t := p.Type
		ind := ""
		if to == maxInt && i == len(sig.Params)-1 {
			if from == int64(len(sig.Params)) {
				ind = "+"
			} else {
				ind = "*"
			}
		} else if int64(i+1) > from {
			ind = "?"
			if o, ok := t.(*OptionalType); ok && o.Type != nil {
				t = o.Type
			}
		}
		parts[i] = fmt.Sprintf("%s %s%s", TypeString(t), p.Name, ind)
	}
	return blockSuffix(sig, strings.Join(parts, ", "))
}

func blockSuffix(sig *Signature, s string) string {
	if sig.Block == nil {
		return s
	}
	if s != "" {
		s += ", "
	}
	if sig.BlockOptional {
		return s + TypeString(sig.Block) + " " + sig.BlockName + "?"
	}
	return s + TypeString(sig.Block) + " " + sig.BlockName
}
