package env

import (
	"fmt"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/rt/restype"
)

// pcoreType reads a .resource_types/NAME.pp file as `puppet generate types`
// writes it:
//
//	Puppet::Resource::ResourceType3.new('name', [properties], [parameters],
//	  { /pattern/ => ['attr', ...], ... }, isomorphic, capability)
//
// where each attribute is Puppet::Resource::Param(Type, 'name'[, namevar]).
func pcoreType(p *ast.Program) (*restype.Type, error) {
	call, ok := p.Body.(*ast.CallMethodExpression)
	if !ok {
		if b, isBlock := p.Body.(*ast.BlockExpression); isBlock && len(b.Statements) == 1 {
			call, ok = b.Statements[0].(*ast.CallMethodExpression)
		}
	}
	if !ok || len(call.Args) < 3 {
		return nil, fmt.Errorf("%s: not a Puppet::Resource::ResourceType3.new(...) description", p.File.Name)
	}
	name, ok := call.Args[0].(*ast.LiteralString)
	if !ok {
		return nil, fmt.Errorf("%s: the type name is not a string", p.File.Name)
	}
	t := &restype.Type{Name: name.Value, Isomorphic: true}
	var keys, provider, props, params []restype.Attr
	for i, kind := range []restype.Kind{restype.Property, restype.Param} {
		list, ok := call.Args[1+i].(*ast.LiteralList)
		if !ok {
			return nil, fmt.Errorf("%s: attribute list expected", p.File.Name)
		}
		for _, v := range list.Values {
			c, ok := v.(*ast.CallNamedFunctionExpression)
			if !ok || len(c.Args) < 2 {
				return nil, fmt.Errorf("%s: Puppet::Resource::Param(...) expected", p.File.Name)
			}
			an, ok := c.Args[1].(*ast.LiteralString)
			if !ok {
				return nil, fmt.Errorf("%s: attribute name is not a string", p.File.Name)
			}
			a := restype.Attr{Name: an.Value, Kind: kind}
			if len(c.Args) > 2 {
				if b, ok := c.Args[2].(*ast.LiteralBoolean); ok && b.Value {
					a.Namevar = true
				}
			}
			switch {
			case a.Namevar:
				keys = append(keys, a)
			case kind == restype.Property:
				props = append(props, a)
			case a.Name == "provider":
				provider = append(provider, a)
			default:
				params = append(params, a)
			}
		}
	}
	// Puppet's allattrs order: namevars, provider, properties, parameters
	t.Attrs = append(append(append(keys, provider...), props...), params...)
	if len(call.Args) > 3 {
		if h, ok := call.Args[3].(*ast.LiteralHash); ok {
			for _, e := range h.Entries {
				re, ok := e.Key.(*ast.LiteralRegularExpression)
				list, ok2 := e.Value.(*ast.LiteralList)
				if !ok || !ok2 {
					t.TitlePatternsUnknown = true
					break
				}
				tp := restype.TitlePattern{Regexp: re.Pattern}
				for _, v := range list.Values {
					if s, ok := v.(*ast.LiteralString); ok {
						tp.Attrs = append(tp.Attrs, s.Value)
					}
				}
				t.TitlePatterns = append(t.TitlePatterns, tp)
			}
		}
	}
	if len(call.Args) > 4 {
		if b, ok := call.Args[4].(*ast.LiteralBoolean); ok {
			t.Isomorphic = b.Value
		}
	}
	return t, nil
}
