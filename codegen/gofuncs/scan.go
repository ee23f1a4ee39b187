// Package gofuncs reads the Go functions that users write to replace their
// modules' Ruby functions, and generates the code that registers them with
// the runtime's function registry (rt/fn) — with no reflection at run time.
//
// # The convention
//
// A module's Ruby functions (lib/puppet/functions, lib/puppet/parser/
// functions) are given Go implementations in a Go package in the module's
// go/ directory (modules/<module>/go/*.go); functions of the environment
// itself go in the environment's go/ directory. The package may have any
// name; it may import the standard library and pp2go's rt packages (the
// generated module, which builds offline, has nothing else). pp2go build
// copies it into the generated module, reads it there with
// golang.org/x/tools/go/packages and generates the module's
// go_functions.go, which registers its functions.
//
// Every exported top-level function of the package is a Puppet function:
//
//   - Its name is the module's namespace and the Go name in snake case:
//     func MaxMemory in module memcached is memcached::max_memory. In the
//     environment's go/ directory the name has no namespace. A line
//     `//puppet:function NAME` in the doc comment gives any other name (a
//     3.x function such as mysql_password has no namespace); `//puppet:ignore`
//     leaves the function out.
//   - Several Go functions with the same Puppet name are the dispatches of
//     that function, tried in the order they appear (files in name order).
//   - The Go signature is the Puppet signature. Parameters: int, int64 ->
//     Integer; int8..int32 and the unsigned types -> Integer with their
//     range; float64, float32 -> Numeric; string -> String; bool -> Boolean;
//     values.Value -> Any; []T -> Array[T]; map[string]T -> Hash[String, T];
//     *T -> Optional[T] (nil for undef); the values package's own types
//     (values.String, *values.Array, *values.Hash, values.Type, ...) as
//     themselves. A variadic parameter is a repeated parameter. A parameter
//     of function type is the block (a lambda): func(int64) string is
//     Callable[Integer]; it is required, unless the doc comment says
//     `//puppet:optional-block` (then it is nil when no lambda is given). A
//     first parameter of type fn.Context receives the calling context and
//     is not part of the Puppet signature.
//     Trailing pointer parameters may be left out (optional parameters).
//     `//puppet:type NAME TYPE` gives a parameter (or the block) a narrower
//     Puppet type than its Go type maps to (Integer[1] for an int64), and
//     `//puppet:return TYPE` the asserted return type.
//   - Results: none (undef), one value (its type is the asserted return
//     type), or a value and an error (a non-nil error fails the call with
//     the error's message, as a Ruby function's raise does).
//
// Parameter names are the Go parameter names; Puppet prints them in
// argument mismatch errors.
package gofuncs

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/pp2go/pp2go/frontend/rubyscan"
)

const (
	valuesPath = "github.com/pp2go/pp2go/rt/values"
	fnPath     = "github.com/pp2go/pp2go/rt/fn"
)

// Package is a scanned package of user functions.
type Package struct {
	ImportPath string
	Name       string // the Go package name
	Dir        string
	Module     string // the Puppet module, "" for the environment
	Functions  []*Function
}

// Function is one Puppet function and its dispatches.
type Function struct {
	Name       string
	Dispatches []*Dispatch
}

// Dispatch is one Go function: a dispatch of a Puppet function.
type Dispatch struct {
	GoName         string
	Pos            token.Position
	WantsContext   bool
	Params         []Param
	Block          *Block
	BlockOptional  bool
	Result         *Conv // nil: no result
	ReturnsError   bool
	PuppetSig      string // the signature as Puppet prints it
	PuppetReturn   string // the return type, "" when none
	puppetNameOver string
}

// Param is a Puppet parameter of a dispatch.
type Param struct {
	Name     string
	Conv     *Conv
	Puppet   string // its Puppet type (Conv.Puppet unless a directive says)
	Repeated bool
	Optional bool // a trailing pointer parameter: it may be left out
	goIndex  int  // position in the Go parameter list
}

// Block is the lambda parameter.
type Block struct {
	Name    string
	Puppet  string // a Callable type given by a directive, or ""
	Params  []*Conv
	Result  *Conv // nil: the lambda's value is ignored
	goIndex int
}

// Conv is a Go type and the Puppet type it maps to, with what the
// generated code needs to convert between them.
type Conv struct {
	Puppet string     // Puppet type text: Integer, Array[String], ...
	Go     types.Type // the Go type
	kind   convKind
	elem   *Conv // slices, maps, pointers
	min    int64 // sized integers
	max    uint64
	named  string // values.<named> for values types
}

type convKind int

const (
	cInt convKind = iota
	cFloat
	cString
	cBool
	cValue // values.Value
	cValuesType
	cSlice
	cMap
	cPtr
)

// Error is a problem with a user's Go function, at its position.
type Error struct {
	Pos token.Position
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Scan loads the Go package in dir (which must be inside a Go module that
// can import pp2go's rt packages) and reads its exported functions as the
// Puppet functions of module ("" for the environment's own functions).
func Scan(dir, module string) (*Package, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedFiles,
		Dir:  dir,
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("%s: expected one Go package, found %d", dir, len(pkgs))
	}
	p := pkgs[0]
	if len(p.Errors) > 0 {
		var msgs []string
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
		return nil, fmt.Errorf("%s", strings.Join(msgs, "\n"))
	}
	out := &Package{ImportPath: p.PkgPath, Name: p.Name, Dir: dir, Module: module}
	docs := directives(p)
	var ds []*Dispatch
	var errs []string
	scope := p.Types.Scope()
	for _, name := range scope.Names() {
		obj, ok := scope.Lookup(name).(*types.Func)
		if !ok || !obj.Exported() {
			continue
		}
		dir := docs[name]
		if dir.ignore {
			continue
		}
		d, err := dispatchOf(obj, p.Fset, dir)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		ds = append(ds, d)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	// dispatches in source order
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Offset < b.Offset
	})
	byName := map[string]*Function{}
	for _, d := range ds {
		name := d.puppetNameOver
		if name == "" {
			name = rubyscan.SnakeCase(d.GoName)
			if module != "" {
				name = module + "::" + name
			}
		}
		f := byName[name]
		if f == nil {
			f = &Function{Name: name}
			byName[name] = f
			out.Functions = append(out.Functions, f)
		}
		f.Dispatches = append(f.Dispatches, d)
	}
	return out, nil
}

type directive struct {
	name          string
	ignore        bool
	optionalBlock bool
	types         map[string]string // parameter name -> Puppet type
	ret           string
}

// directives reads the //puppet: lines of the functions' doc comments.
func directives(p *packages.Package) map[string]directive {
	out := map[string]directive{}
	for _, f := range p.Syntax {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Doc == nil {
				continue
			}
			var d directive
			for _, c := range fd.Doc.List {
				line := strings.TrimSpace(c.Text)
				switch {
				case strings.HasPrefix(line, "//puppet:function"):
					d.name = strings.TrimSpace(strings.TrimPrefix(line, "//puppet:function"))
				case line == "//puppet:ignore":
					d.ignore = true
				case line == "//puppet:optional-block":
					d.optionalBlock = true
				case strings.HasPrefix(line, "//puppet:type "):
					rest := strings.TrimSpace(strings.TrimPrefix(line, "//puppet:type "))
					if name, typ, ok := strings.Cut(rest, " "); ok {
						if d.types == nil {
							d.types = map[string]string{}
						}
						d.types[name] = strings.TrimSpace(typ)
					}
				case strings.HasPrefix(line, "//puppet:return "):
					d.ret = strings.TrimSpace(strings.TrimPrefix(line, "//puppet:return "))
				}
			}
			out[fd.Name.Name] = d
		}
	}
	return out
}

func dispatchOf(obj *types.Func, fset *token.FileSet, dir directive) (*Dispatch, error) {
	sig := obj.Type().(*types.Signature)
	pos := fset.Position(obj.Pos())
	d := &Dispatch{GoName: obj.Name(), Pos: pos, BlockOptional: dir.optionalBlock, puppetNameOver: dir.name}
	fail := func(format string, a ...any) (*Dispatch, error) {
		return nil, &Error{Pos: pos, Msg: fmt.Sprintf("func %s: ", obj.Name()) + fmt.Sprintf(format, a...)}
	}
	if sig.Recv() != nil || sig.TypeParams().Len() > 0 {
		return fail("methods and generic functions cannot be Puppet functions")
	}
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		pv := params.At(i)
		t := pv.Type()
		if i == 0 && isNamed(t, fnPath, "Context") {
			d.WantsContext = true
			continue
		}
		if fs, ok := t.Underlying().(*types.Signature); ok {
			if d.Block != nil {
				return fail("more than one function parameter (only one can be the block)")
			}
			b, err := blockOf(pv.Name(), fs)
			if err != nil {
				return fail("block %s: %v", pv.Name(), err)
			}
			b.goIndex = i
			d.Block = b
			continue
		}
		variadic := sig.Variadic() && i == params.Len()-1
		if variadic {
			t = t.(*types.Slice).Elem()
		}
		c, err := convOf(t)
		if err != nil {
			return fail("parameter %s: %v", pv.Name(), err)
		}
		name := pv.Name()
		if name == "" || name == "_" {
			name = fmt.Sprintf("arg%d", len(d.Params))
		}
		pt := c.Puppet
		if o, ok := dir.types[name]; ok {
			pt = o
		}
		d.Params = append(d.Params, Param{Name: name, Conv: c, Puppet: pt, Repeated: variadic, goIndex: i})
	}
	// trailing pointer parameters may be left out
	for k := len(d.Params) - 1; k >= 0 && d.Params[k].Conv.kind == cPtr && !d.Params[k].Repeated; k-- {
		d.Params[k].Optional = true
	}
	if d.Block != nil {
		if o, ok := dir.types[d.Block.Name]; ok {
			d.Block.Puppet = o
		}
	}
	res := sig.Results()
	switch res.Len() {
	case 0:
	case 1, 2:
		if res.Len() == 2 {
			if !isError(res.At(1).Type()) {
				return fail("a second result must be an error")
			}
			d.ReturnsError = true
		}
		if isError(res.At(0).Type()) && res.Len() == 1 {
			d.ReturnsError = true
			break
		}
		c, err := convOf(res.At(0).Type())
		if err != nil {
			return fail("result: %v", err)
		}
		d.Result = c
	default:
		return fail("too many results (a value, and optionally an error)")
	}
	d.PuppetSig = puppetSignature(d)
	if d.Result != nil && d.Result.Puppet != "Any" {
		d.PuppetReturn = d.Result.Puppet
	}
	if dir.ret != "" {
		d.PuppetReturn = dir.ret
	}
	return d, nil
}

func blockOf(name string, fs *types.Signature) (*Block, error) {
	b := &Block{Name: name}
	if b.Name == "" || b.Name == "_" {
		b.Name = "block"
	}
	if fs.Variadic() {
		return nil, fmt.Errorf("a variadic lambda is not supported")
	}
	for i := 0; i < fs.Params().Len(); i++ {
		c, err := convOf(fs.Params().At(i).Type())
		if err != nil {
			return nil, err
		}
		b.Params = append(b.Params, c)
	}
	switch fs.Results().Len() {
	case 0:
	case 1:
		c, err := convOf(fs.Results().At(0).Type())
		if err != nil {
			return nil, err
		}
		b.Result = c
	default:
		return nil, fmt.Errorf("a lambda returns one value")
	}
	return b, nil
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// valuesTypes are the values package's types a user may take as they are.
var valuesTypes = map[string]string{
	"Value": "Any", "String": "String", "Int": "Integer", "Float": "Float", "Bool": "Boolean",
	"Array": "Array", "Hash": "Hash", "Type": "Type", "Regexp": "Regexp", "Sensitive": "Sensitive",
	"Binary": "Binary", "Timespan": "Timespan", "Timestamp": "Timestamp", "SemVer": "SemVer",
	"SemVerRange": "SemVerRange",
}

func convOf(t types.Type) (*Conv, error) {
	switch x := t.(type) {
	case *types.Basic:
		switch x.Kind() {
		case types.Int, types.Int64:
			return &Conv{Puppet: "Integer", Go: t, kind: cInt}, nil
		case types.Int8, types.Int16, types.Int32:
			lo := -(int64(1) << (8*sizeOf(x.Kind()) - 1))
			hi := uint64(1)<<(8*sizeOf(x.Kind())-1) - 1
			return &Conv{Puppet: fmt.Sprintf("Integer[%d, %d]", lo, hi), Go: t, kind: cInt, min: lo, max: hi}, nil
		case types.Uint8, types.Uint16, types.Uint32:
			hi := uint64(1)<<(8*sizeOf(x.Kind())) - 1
			return &Conv{Puppet: fmt.Sprintf("Integer[0, %d]", hi), Go: t, kind: cInt, max: hi}, nil
		case types.Uint, types.Uint64:
			return &Conv{Puppet: "Integer[0]", Go: t, kind: cInt}, nil
		case types.Float64, types.Float32:
			return &Conv{Puppet: "Numeric", Go: t, kind: cFloat}, nil
		case types.String:
			return &Conv{Puppet: "String", Go: t, kind: cString}, nil
		case types.Bool:
			return &Conv{Puppet: "Boolean", Go: t, kind: cBool}, nil
		}
	case *types.Slice:
		e, err := convOf(x.Elem())
		if err != nil {
			return nil, err
		}
		return &Conv{Puppet: "Array[" + e.Puppet + "]", Go: t, kind: cSlice, elem: e}, nil
	case *types.Map:
		if k, ok := x.Key().(*types.Basic); !ok || k.Kind() != types.String {
			return nil, fmt.Errorf("map keys must be strings, not %s", x.Key())
		}
		e, err := convOf(x.Elem())
		if err != nil {
			return nil, err
		}
		return &Conv{Puppet: "Hash[String, " + e.Puppet + "]", Go: t, kind: cMap, elem: e}, nil
	case *types.Pointer:
		if n, ok := x.Elem().(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == valuesPath {
			if pt, ok := valuesTypes[n.Obj().Name()]; ok {
				return &Conv{Puppet: pt, Go: t, kind: cValuesType, named: n.Obj().Name()}, nil
			}
		}
		e, err := convOf(x.Elem())
		if err != nil {
			return nil, err
		}
		return &Conv{Puppet: "Optional[" + e.Puppet + "]", Go: t, kind: cPtr, elem: e}, nil
	case *types.Named:
		if x.Obj().Pkg() != nil && x.Obj().Pkg().Path() == valuesPath {
			name := x.Obj().Name()
			if name == "Value" {
				return &Conv{Puppet: "Any", Go: t, kind: cValue}, nil
			}
			if pt, ok := valuesTypes[name]; ok {
				return &Conv{Puppet: pt, Go: t, kind: cValuesType, named: name}, nil
			}
		}
		if _, isBasic := x.Underlying().(*types.Basic); isBasic {
			return nil, fmt.Errorf("type %s: use the basic type it is made of", x)
		}
	}
	return nil, fmt.Errorf("type %s has no Puppet counterpart", t)
}

func sizeOf(k types.BasicKind) int {
	switch k {
	case types.Int8, types.Uint8:
		return 1
	case types.Int16, types.Uint16:
		return 2
	}
	return 4
}

// puppetSignature prints a dispatch as Puppet lists signatures.
func puppetSignature(d *Dispatch) string {
	var parts []string
	for _, p := range d.Params {
		s := p.Puppet + " " + p.Name
		switch {
		case p.Repeated:
			s += "*"
		case p.Optional:
			s += "?"
		}
		parts = append(parts, s)
	}
	if d.Block != nil {
		bt := blockType(d.Block)
		if d.Block.Puppet != "" {
			bt = d.Block.Puppet
		}
		parts = append(parts, bt+" &"+d.Block.Name+map[bool]string{true: "?", false: ""}[d.BlockOptional])
	}
	return strings.Join(parts, ", ")
}

func blockType(b *Block) string {
	if len(b.Params) == 0 {
		return "Callable[0, 0]"
	}
	var ts []string
	for _, p := range b.Params {
		ts = append(ts, p.Puppet)
	}
	return "Callable[" + strings.Join(ts, ", ") + "]"
}
