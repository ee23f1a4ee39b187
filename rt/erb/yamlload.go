package erb

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/pp2go/pp2go/internal/yamlstrict"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"go.yaml.in/yaml/v4"
)

// YAML loading (YAML.load, YAML.safe_load, YAML.unsafe_load) as Ruby
// 3.1's Psych 4.0 does it: libyaml's parse, then Psych's ToRuby visitor
// (ScalarScanner#tokenize for plain scalars, merge keys, aliases) with its
// restricted class loader. YAML.load is safe_load that also permits
// Symbol; neither permits aliases unless asked (aliases: true). Times and
// Dates are refused as Psych's restricted loader refuses them; pp2go has no
// Ruby Time or Date from YAML (unsafe_load or permitted_classes of them
// raise a pp2go error when a document holds one).

var (
	ClassPsychException  = newClass("Psych::Exception", ClassRuntimeError)
	ClassPsychDisallowed = newClass("Psych::DisallowedClass", ClassPsychException)
	ClassPsychBadAlias   = newClass("Psych::BadAlias", ClassPsychException)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassPsychException, ClassPsychDisallowed, ClassPsychBadAlias} {
			g.class(c.Name, c)
		}
	})
	plain([]plainMethod{
		{"unsafe_load", (*R).UnsafeLoad},
		{"load_file", (*R).LoadFile},
	})
}

// psychOpts are the keyword arguments of Psych's load methods.
type psychOpts struct {
	symbols   bool // Symbol is a permitted class
	aliases   bool
	unsafe    bool // every class is permitted
	symbolize bool // symbolize_names
	filename  string
	fallback  Value
}

// psychArgs reads (yaml, **kwargs) of a load method whose defaults are d.
func psychArgs(name string, args []Value, d psychOpts) (string, psychOpts) {
	if len(args) == 2 {
		if h, ok := args[1].(*Hash); ok {
			for i, k := range h.Keys() {
				val := h.Values()[i]
				ks, _ := k.(Symbol)
				switch ks {
				case "permitted_classes":
					d.symbols = d.symbols || psychPermits(val, "Symbol")
					if psychPermits(val, "Date") || psychPermits(val, "Time") || psychPermits(val, "DateTime") {
						d.unsafe = true // refused when a document holds one
					}
				case "permitted_symbols":
					if a, ok := val.(*Array); ok && len(a.A) > 0 {
						raise(ClassNoMethodError, "pp2go: YAML.%s with permitted_symbols is not supported", name)
					}
				case "aliases":
					d.aliases = Truthy(val)
				case "symbolize_names":
					d.symbolize = Truthy(val)
				case "filename":
					if val != nil {
						d.filename = strArg(val)
					}
				case "fallback":
					d.fallback = val
				case "freeze", "strict_integer":
					if Truthy(val) {
						raise(ClassNoMethodError, "pp2go: YAML.%s with %s: true is not supported", name, ks)
					}
				default:
					argError("unknown keyword: %s", Inspect(k))
				}
			}
			args = args[:1]
		}
	}
	arity(args, 1, 1)
	s, ok := ioString(args[0]).(*Str)
	if !ok {
		implicitConversion(args[0], "String")
	}
	return s.S, d
}

func psychPermits(list Value, class string) bool {
	a, ok := list.(*Array)
	if !ok {
		return false
	}
	for _, e := range a.A {
		switch x := e.(type) {
		case *Class:
			if x.Name == class {
				return true
			}
		case *Str:
			if x.S == class {
				return true
			}
		}
	}
	return false
}

// psychYAMLLoad is YAML.load / YAML.safe_load / YAML.unsafe_load of a
// String, with the options read.
func psychYAMLLoad(src string, o psychOpts) Value {
	var doc yaml.Node
	if err := yamlstrict.Unmarshal([]byte(src), &doc); err != nil {
		file := o.filename
		if file == "" {
			file = "<unknown>"
		}
		panic(&RubyError{Class: ClassPsychSyntaxError, Msg: "(" + file + "): " + PsychErrorText(err)})
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return o.fallback
	}
	p := &psychLoader{o: o, anchors: map[*yaml.Node]Value{}}
	return p.node(doc.Content[0])
}

// PsychErrorText words a libyaml error as Psych's SyntaxError does:
// "problem context at line L column C", at the context's position when
// there is one.
func PsychErrorText(err error) string {
	var le *yaml.LoadError
	if !errors.As(err, &le) {
		var les *yaml.LoadErrors
		if errors.As(err, &les) && len(les.Errors) > 0 {
			le = les.Errors[0]
		}
	}
	if le == nil {
		return strings.TrimPrefix(err.Error(), "yaml: ")
	}
	msg := le.Message
	line, col := le.Mark.Line, le.Mark.Column
	if le.ContextMsg != "" {
		msg += " " + le.ContextMsg
		line, col = le.ContextMark.Line, le.ContextMark.Column
	}
	return fmt.Sprintf("%s at line %d column %d", msg, line, col)
}

type psychLoader struct {
	o       psychOpts
	anchors map[*yaml.Node]Value
}

func disallowed(class string) {
	raise(ClassPsychDisallowed, "Tried to load unspecified class: %s", class)
}

// explicitTag is the node's tag as written, or "" when it has none.
func explicitTag(n *yaml.Node) string {
	if n.Style&yaml.TaggedStyle == 0 {
		return ""
	}
	t := n.Tag
	if strings.HasPrefix(t, "tag:yaml.org,2002:") {
		t = "!!" + strings.TrimPrefix(t, "tag:yaml.org,2002:")
	}
	return t
}

func (p *psychLoader) node(n *yaml.Node) Value {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return p.node(n.Content[0])
	case yaml.AliasNode:
		if !p.o.aliases && !p.o.unsafe {
			raise(ClassPsychBadAlias, "Unknown alias: %s", n.Value)
		}
		if v, ok := p.anchors[n.Alias]; ok {
			return v
		}
		raise(ClassPsychBadAlias, "Unknown alias: %s", n.Value)
	case yaml.SequenceNode:
		switch t := explicitTag(n); {
		case t == "!!omap" || t == "!omap":
			disallowed("Psych::Omap")
		case t != "" && t != "!!seq" && t != "!":
			raise(ClassNoMethodError, "pp2go: YAML sequences tagged %s are not supported", t)
		}
		a := NewArray()
		p.register(n, a)
		for _, c := range n.Content {
			a.A = append(a.A, p.node(c))
		}
		return a
	case yaml.MappingNode:
		switch t := explicitTag(n); {
		case strings.HasPrefix(t, "!ruby/object"):
			name := strings.TrimPrefix(strings.TrimPrefix(t, "!ruby/object"), ":")
			if name == "" {
				name = "Object"
			}
			disallowed(name)
		case t == "!!set" || t == "!set":
			disallowed("Psych::Set")
		case t != "" && t != "!!map" && t != "!":
			raise(ClassNoMethodError, "pp2go: YAML mappings tagged %s are not supported", t)
		}
		h := NewHash()
		p.register(n, h)
		for i := 0; i+1 < len(n.Content); i += 2 {
			kn, vn := n.Content[i], n.Content[i+1]
			k, val := p.node(kn), p.node(vn)
			if ks, ok := k.(*Str); ok && ks.S == "<<" && explicitTag(kn) != "!!str" {
				if p.merge(h, vn, val) {
					continue
				}
			}
			if ks, ok := k.(*Str); ok {
				if p.o.symbolize {
					k = Symbol(ks.S)
				} else {
					ks.Frozen = true // Ruby's hash keys are frozen copies
				}
			}
			h.Set(k, val)
		}
		return h
	case yaml.ScalarNode:
		v := p.scalar(n)
		p.register(n, v)
		return v
	}
	return nil
}

func (p *psychLoader) register(n *yaml.Node, v Value) {
	if n.Anchor != "" {
		p.anchors[n] = v
	}
}

// merge is revive_hash's "<<" key: a mapping (or alias of one) merges
// into h, a sequence merges its hashes, the last one first; anything
// else is an ordinary key (false returned).
func (p *psychLoader) merge(h *Hash, vn *yaml.Node, val Value) bool {
	switch vn.Kind {
	case yaml.MappingNode, yaml.AliasNode:
		src, ok := val.(*Hash)
		if !ok {
			return false
		}
		for i, k := range src.Keys() {
			h.Set(k, src.Values()[i])
		}
		return true
	case yaml.SequenceNode:
		a, _ := val.(*Array)
		m := NewHash()
		for i := len(a.A) - 1; i >= 0; i-- {
			src, ok := a.A[i].(*Hash)
			if !ok {
				return false
			}
			for j, k := range src.Keys() {
				m.Set(k, src.Values()[j])
			}
		}
		for i, k := range m.Keys() {
			h.Set(k, m.Values()[i])
		}
		return true
	}
	return false
}

// scalar is ToRuby#deserialize.
func (p *psychLoader) scalar(n *yaml.Node) Value {
	tag := explicitTag(n)
	if tag == "" {
		if n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			return S(n.Value)
		}
		return p.tokenize(n.Value)
	}
	switch {
	case tag == "!binary" || tag == "!!binary":
		return r0.Unpack1(S(n.Value), S("m"))
	case tag == "!!str" || tag == "!str" || strings.HasPrefix(tag, "!str:") || tag == "!ruby/string" || strings.HasPrefix(tag, "!ruby/string:"):
		return S(n.Value)
	case tag == "!!float" || tag == "!float":
		return r0.Float(p.tokenize(n.Value))
	case rePsychSymTag.MatchString(tag):
		return p.symbol(n.Value)
	case strings.HasPrefix(tag, "!ruby/"):
		raise(ClassNoMethodError, "pp2go: YAML scalars tagged %s are not supported", tag)
	}
	return p.tokenize(n.Value)
}

var rePsychSymTag = lazyre.New(`^!ruby/sym(bol)?:?(.*)?$`)

// r0 is a runtime without a scope, for the Kernel conversions scalars use.
var r0 = &R{}

func (p *psychLoader) symbol(name string) Value {
	if !p.o.symbols && !p.o.unsafe {
		disallowed("Symbol")
	}
	return Symbol(name)
}

var (
	rePsychYes       = lazyre.New(`(?im)^(yes|true|on)$`)
	rePsychNo        = lazyre.New(`(?im)^(no|false|off)$`)
	rePsychPosInf    = lazyre.New(`(?im)^\+?\.inf$`)
	rePsychNegInf    = lazyre.New(`(?im)^-\.inf$`)
	rePsychQuotedSym = lazyre.New(`(?m)^:(["'])(.*)(["'])`)
	rePsychFloatGsub = lazyre.New(`[,_]|\.([Ee]|$)`)
)

// tokenize is Psych::ScalarScanner#tokenize: a plain scalar's Ruby value.
// Psych's patterns are line-anchored (^ and $ match at any line), as
// rt/erb's YAML output rules read them.
func (p *psychLoader) tokenize(s string) Value {
	if s == "" {
		return nil
	}
	switch {
	case rePsychWordy.MatchString(s) || strings.Contains(s, "\n"):
		if utf8.RuneCountInString(s) > 5 {
			return S(s)
		}
		switch {
		case rePsychNotYTON.MatchString(s):
			return S(s)
		case s == "~" || rePsychNull.MatchString(s):
			return nil
		case rePsychYes.MatchString(s):
			return true
		case rePsychNo.MatchString(s):
			return false
		}
		return S(s)
	case rePsychTime.MatchString(s):
		if !p.o.unsafe {
			disallowed("Time")
		}
		raise(ClassNoMethodError, "pp2go: YAML times are not supported")
	case rePsychDate.MatchString(s):
		if !p.o.unsafe {
			disallowed("Date")
		}
		raise(ClassNoMethodError, "pp2go: YAML dates are not supported")
	case rePsychPosInf.MatchString(s):
		return math.Inf(1)
	case rePsychNegInf.MatchString(s):
		return math.Inf(-1)
	case rePsychNan.MatchString(s):
		return math.NaN()
	case rePsychSym.MatchString(s):
		if m := rePsychQuotedSym.FindStringSubmatch(s); m != nil && m[1] == m[3] {
			return p.symbol(strings.TrimPrefix(m[2], ":"))
		}
		return p.symbol(strings.TrimPrefix(s, ":"))
	case rePsychSexaInt.MatchString(s):
		var n int64
		for e, part := range strings.Split(s, ":") {
			w := int64(1)
			for k := 0; k < absDiff(e, 2); k++ {
				w *= 60
			}
			n += fn.RubyToI(part, 10) * w
		}
		return n
	case rePsychSexaFlt.MatchString(s):
		var f float64
		for e, part := range strings.Split(s, ":") {
			f += fn.RubyToF(part) * math.Pow(60, float64(absDiff(e, 2)))
		}
		return f
	case rePsychFloat.MatchString(s):
		if s == "." || s == "+." || s == "-." {
			return S(s)
		}
		return r0.Float(S(rePsychFloatGsub.ReplaceAllString(s, "$1")))
	case rePsychInt.MatchString(s):
		clean := strings.NewReplacer(",", "", "_", "").Replace(s)
		if i, ok := fn.RubyInteger(clean); ok && !i.IsInt64() {
			return &bigInteger{n: new(big.Int).Set(i)}
		}
		return r0.Integer(S(clean))
	}
	return S(s)
}

func absDiff(a, b int) int {
	if a < b {
		return b - a
	}
	return a - b
}

// UnsafeLoad is YAML.unsafe_load.
func (r *R) UnsafeLoad(recv Value, args ...Value) Value {
	classRecv("unsafe_load", recv, ClassYAML)
	s, o := psychArgs("unsafe_load", args, psychOpts{symbols: true, aliases: true, unsafe: true})
	return psychYAMLLoad(s, o)
}

// yamlLoad is YAML.load.
func (r *R) yamlLoad(args []Value) Value {
	s, o := psychArgs("load", args, psychOpts{symbols: true})
	return psychYAMLLoad(s, o)
}

// SafeLoad is YAML.safe_load.
func (r *R) SafeLoad(recv Value, args ...Value) Value {
	classRecv("safe_load", recv, ClassYAML)
	s, o := psychArgs("safe_load", args, psychOpts{})
	return psychYAMLLoad(s, o)
}

// LoadFile is YAML.load_file(path [, **kwargs]): the file (read as
// 'r:bom|utf-8') loaded as YAML.load loads it, its path naming it in
// errors.
func (r *R) LoadFile(recv Value, args ...Value) Value {
	classRecv("load_file", recv, ClassYAML)
	if len(args) < 1 || len(args) > 2 {
		arity(args, 1, 2)
	}
	path := pathArg(args[0])
	data := strings.TrimPrefix(r.readFile(path, "io_fillbuf - fd:5"), "\uFEFF")
	_, o := psychArgs("load_file", append([]Value{S(data)}, args[1:]...), psychOpts{symbols: true})
	if o.filename == "" {
		o.filename = path
	}
	return psychYAMLLoad(data, o)
}
