package hiera

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v4"

	"github.com/pp2go/pp2go/internal/yamlstrict"
	"github.com/pp2go/pp2go/rt/values"
)

// YAML is read as Puppet reads Hiera YAML: Puppet::Util::Yaml.safe_load,
// i.e. Ruby's Psych (libyaml) with Symbol the only permitted class. The
// libyaml port parses; scalars are resolved here with Psych's YAML 1.1
// rules (yes/no/on/off booleans, 0b/0x/leading-0 octal integers, sexagesimal
// numbers, :symbols) rather than the library's YAML 1.2 ones. Timestamps
// and dates are errors, as they are for Puppet (Time and Date are not
// permitted classes).

// yamlError is a YAML problem with its position (line and column 1-based,
// 0 when unknown).
type yamlError struct {
	msg          string
	line, column int
}

func (e *yamlError) Error() string { return e.msg }

// Symbol values (`:foo`) have no Puppet counterpart; they are kept as
// strings, and the files that hold them are reported (Puppet's lookup then
// fails on them as a non-RichData value). :undef is Puppet's undef.
type yamlResult struct {
	value   values.Value
	symbols []string // where symbols were found (for the diagnostics)
	empty   bool     // the document was empty (Psych returns false)
	// symbolKeys are the top-level keys whose values hold a symbol (true:
	// the value is one), and symbolNodes their values' nodes.
	symbolKeys  map[string]bool
	symbolNodes map[string]*yaml.Node
}

// symbolType is the type Puppet's lookup infers for the value of a
// top-level key that holds a symbol (symbolKeys): its symbols are
// Runtime[ruby, 'Symbol'], which its error names (a nested one makes the
// common type Any: "got Array[Any, 2, 2]").
func (r *yamlResult) symbolType(key string) string {
	c := &yamlConv{res: &yamlResult{}, rubySymbols: true}
	v, err := c.node(r.symbolNodes[key])
	if err != nil {
		return "Any" // not reached: the same node converted before
	}
	return values.TypeString(values.Infer(v))
}

// rubySymbol is a Ruby Symbol, as symbolType infers it.
type rubySymbol struct {
	values.External
	name string
}

func (rubySymbol) RubyClass() string { return "Symbol" }

// psychError words a libyaml error as Psych does: "problem context at line
// L column C", where the position is the context's when there is one, the
// problem's otherwise. The diagnostic keeps the problem's own position.
func psychError(le *yaml.LoadError) *yamlError {
	msg := le.Message
	if le.ContextMsg != "" {
		msg += " " + le.ContextMsg
	}
	cl, cc := le.Mark.Line, le.Mark.Column
	if le.ContextMsg != "" {
		cl, cc = le.ContextMark.Line, le.ContextMark.Column
	}
	msg += fmt.Sprintf(" at line %d column %d", cl, cc)
	return &yamlError{msg: msg, line: le.Mark.Line, column: le.Mark.Column}
}

func parseYAML(src []byte) (*yamlResult, error) {
	var doc yaml.Node
	if err := yamlstrict.Unmarshal(src, &doc); err != nil {
		var le *yaml.LoadError
		if errors.As(err, &le) {
			return nil, psychError(le)
		}
		var les *yaml.LoadErrors
		if errors.As(err, &les) && len(les.Errors) > 0 {
			return nil, psychError(les.Errors[0])
		}
		return nil, &yamlError{msg: err.Error()}
	}
	r := &yamlResult{}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		r.empty = true
		r.value = values.False
		return r, nil
	}
	c := &yamlConv{res: r}
	v, err := c.node(doc.Content[0])
	if err != nil {
		return nil, err
	}
	r.value = v
	return r, nil
}

type yamlConv struct {
	res     *yamlResult
	anchors map[*yaml.Node]values.Value
	depth   int
	top     string // the top-level key being converted
	topNode *yaml.Node
	// rubySymbols makes symbols rubySymbol values (symbolType)
	rubySymbols bool
}

func (c *yamlConv) symbol(n *yaml.Node) {
	c.res.symbols = append(c.res.symbols, fmt.Sprintf("%d:%d", n.Line, n.Column))
	if c.depth >= 1 && c.top != "" {
		if c.res.symbolKeys == nil {
			c.res.symbolKeys, c.res.symbolNodes = map[string]bool{}, map[string]*yaml.Node{}
		}
		c.res.symbolKeys[c.top] = c.res.symbolKeys[c.top] || n == c.topNode
		c.res.symbolNodes[c.top] = c.topNode
	}
}

// symbolValue is the value of the symbol :name at n: :undef is Puppet's
// undef (PUndefType#instance? takes it, so a lookup's validation passes
// it, and the value is undef), any other a String that the file reports
// (symbol).
func (c *yamlConv) symbolValue(n *yaml.Node, name string) values.Value {
	if name == "undef" {
		return values.Undef
	}
	if c.rubySymbols {
		return rubySymbol{name: name}
	}
	c.symbol(n)
	return values.String(name)
}

func nodeErr(n *yaml.Node, msg string) error {
	return &yamlError{msg: msg, line: n.Line, column: n.Column}
}

func (c *yamlConv) node(n *yaml.Node) (values.Value, error) {
	switch n.Kind {
	case yaml.AliasNode:
		if c.anchors != nil {
			if v, ok := c.anchors[n.Alias]; ok {
				return v, nil
			}
		}
		return c.node(n.Alias)
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return values.Undef, nil
		}
		return c.node(n.Content[0])
	}
	v, err := c.build(n)
	if err != nil {
		return nil, err
	}
	if n.Anchor != "" {
		if c.anchors == nil {
			c.anchors = map[*yaml.Node]values.Value{}
		}
		c.anchors[n] = v
	}
	return v, nil
}

func explicitTag(n *yaml.Node) string {
	if n.Style&yaml.TaggedStyle == 0 {
		return ""
	}
	return n.Tag
}

func (c *yamlConv) build(n *yaml.Node) (values.Value, error) {
	tag := explicitTag(n)
	switch tag {
	case "", "!!map", "!!seq", "!!str", "!!int", "!!float", "!!bool", "!!null", "!!binary", "!!omap", "!", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq":
	case "!!set":
		return nil, nodeErr(n, "Tried to load unspecified class: Psych::Set")
	case "!!timestamp":
		return nil, nodeErr(n, "Tried to load unspecified class: Time")
	case "!ruby/symbol", "!ruby/sym":
		return c.symbolValue(n, n.Value), nil
	default:
		if strings.HasPrefix(tag, "!ruby/object:") || strings.HasPrefix(tag, "!ruby/struct:") {
			return nil, nodeErr(n, "Tried to load unspecified class: "+tag[strings.LastIndex(tag, ":")+1:])
		}
		if strings.HasPrefix(tag, "!ruby/") {
			return nil, nodeErr(n, "Tried to load unspecified class: "+strings.TrimPrefix(tag, "!ruby/"))
		}
	}
	switch n.Kind {
	case yaml.MappingNode:
		return c.mapping(n)
	case yaml.SequenceNode:
		out := make([]values.Value, 0, len(n.Content))
		for _, e := range n.Content {
			v, err := c.node(e)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		if tag == "!!omap" {
			b := values.NewHashBuilder(len(out))
			for _, e := range out {
				if h, ok := e.(*values.Hash); ok {
					for i := 0; i < h.Len(); i++ {
						b.Put(h.KeyAt(i), h.ValueAt(i))
					}
				}
			}
			return b.Build(), nil
		}
		return values.NewArray(out...), nil
	case yaml.ScalarNode:
		return c.scalar(n, tag)
	}
	return values.Undef, nil
}

func (c *yamlConv) mapping(n *yaml.Node) (values.Value, error) {
	b := values.NewHashBuilder(len(n.Content) / 2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		if kn.Kind == yaml.ScalarNode && kn.Value == "<<" && explicitTag(kn) != "!!str" && explicitTag(kn) != "tag:yaml.org,2002:str" {
			// merge key (quoted too: Psych compares the key's value)
			if err := c.mergeInto(b, vn); err != nil {
				return nil, err
			}
			continue
		}
		k, err := c.node(kn)
		if err != nil {
			return nil, err
		}
		c.depth++
		saveTop, saveNode := c.top, c.topNode
		if c.depth == 1 {
			c.top, c.topNode = values.ToString(k), vn
			if vn.Kind == yaml.AliasNode {
				c.topNode = vn.Alias
			}
		}
		v, err := c.node(vn)
		c.depth--
		c.top, c.topNode = saveTop, saveNode
		if err != nil {
			return nil, err
		}
		b.Put(k, v)
	}
	return b.Build(), nil
}

// mergeInto does with the value of a merge key ("<<") what Psych's
// revive_hash does: a hash (a mapping, or an alias of one) is merged into
// b, its values replacing those of the keys b has; a sequence of hashes is
// merged from its last to its first, into a hash merged into b (the last
// one's keys first); anything else, a sequence that holds anything but
// hashes included (Ruby's merge! raises a TypeError, which Psych
// rescues), is the value of the key "<<".
func (c *yamlConv) mergeInto(b *values.HashBuilder, vn *yaml.Node) error {
	v, err := c.node(vn)
	if err != nil {
		return err
	}
	if h, ok := v.(*values.Hash); ok && vn.Kind != yaml.SequenceNode {
		putAll(b, h)
		return nil
	}
	if a, ok := v.(*values.Array); ok && vn.Kind == yaml.SequenceNode {
		hashes := make([]*values.Hash, a.Len())
		for i, e := range a.Elems() {
			if hashes[i], ok = e.(*values.Hash); !ok {
				b.Put(values.String("<<"), v)
				return nil
			}
		}
		merged := values.NewHashBuilder(0)
		for i := len(hashes) - 1; i >= 0; i-- {
			putAll(merged, hashes[i])
		}
		putAll(b, merged.Build())
		return nil
	}
	b.Put(values.String("<<"), v)
	return nil
}

// putAll puts h's keys and values into b.
func putAll(b *values.HashBuilder, h *values.Hash) {
	for i := 0; i < h.Len(); i++ {
		b.Put(h.KeyAt(i), h.ValueAt(i))
	}
}

var (
	psychFloatRE   = regexp.MustCompile(`^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?)$`)
	psychIntRE     = regexp.MustCompile(`^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$`)
	psychTimeRE    = regexp.MustCompile(`^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$`)
	psychDateRE    = regexp.MustCompile(`^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$`)
	psychWordRE    = regexp.MustCompile(`^[^\d.:-]?[\p{L}_\s!@#$%^&*(){}<>|/\\~;=]+`)
	psychSexaIntRE = regexp.MustCompile(`^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$`)
	psychSexaFltRE = regexp.MustCompile(`^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*$`)
	psychInfRE     = regexp.MustCompile(`(?i)^\+?\.inf$`)
	psychNegInfRE  = regexp.MustCompile(`(?i)^-\.inf$`)
	psychNaNRE     = regexp.MustCompile(`(?i)^\.nan$`)
	psychNullRE    = regexp.MustCompile(`(?i)^null$`)
	psychTrueRE    = regexp.MustCompile(`(?i)^(yes|true|on)$`)
	psychFalseRE   = regexp.MustCompile(`(?i)^(no|false|off)$`)
	psychSymRE     = regexp.MustCompile(`^:(["'])(.*)(["'])`)
)

// numberSeps are the separators YAML 1.1 allows in numbers (1_000, 1,000).
var numberSeps = strings.NewReplacer("_", "", ",", "")

func (c *yamlConv) scalar(n *yaml.Node, tag string) (values.Value, error) {
	s := n.Value
	quoted := n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0
	switch tag {
	case "!!str", "!":
		return values.String(s), nil
	case "!!binary":
		b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(s), ""))
		if err != nil {
			return values.String(s), nil
		}
		return values.String(b), nil
	case "!!null":
		return values.Undef, nil
	case "!!int":
		if v, ok := rubyInteger(numberSeps.Replace(s)); ok {
			return v, nil
		}
		return nil, nodeErr(n, fmt.Sprintf("invalid value for Integer(): %q", s))
	case "!!float":
		f, err := strconv.ParseFloat(numberSeps.Replace(s), 64)
		if err != nil {
			return nil, nodeErr(n, fmt.Sprintf("invalid value for Float(): %q", s))
		}
		return values.Float(f), nil
	case "!!bool":
		v, err := c.tokenize(n, s)
		if err != nil {
			return nil, err
		}
		if _, ok := v.(values.Bool); ok {
			return v, nil
		}
		return values.String(s), nil
	}
	if quoted {
		return values.String(s), nil
	}
	return c.tokenize(n, s)
}

// tokenize resolves a plain scalar as Psych's ScalarScanner does.
func (c *yamlConv) tokenize(n *yaml.Node, s string) (values.Value, error) {
	if s == "" {
		return values.Undef, nil
	}
	if psychWordRE.MatchString(s) || strings.Contains(s, "\n") {
		if len([]rune(s)) > 5 {
			return values.String(s), nil
		}
		switch {
		case !strings.ContainsAny(strings.ToLower(s[:1]), "ytonf~"):
			return values.String(s), nil
		case s == "~" || psychNullRE.MatchString(s):
			return values.Undef, nil
		case psychTrueRE.MatchString(s):
			return values.True, nil
		case psychFalseRE.MatchString(s):
			return values.False, nil
		}
		return values.String(s), nil
	}
	switch {
	case psychTimeRE.MatchString(s):
		return nil, nodeErr(n, "Tried to load unspecified class: Time")
	case psychDateRE.MatchString(s):
		return nil, nodeErr(n, "Tried to load unspecified class: Date")
	case psychInfRE.MatchString(s):
		return values.Float(math.Inf(1)), nil
	case psychNegInfRE.MatchString(s):
		return values.Float(math.Inf(-1)), nil
	case psychNaNRE.MatchString(s):
		return values.Float(math.NaN()), nil
	case strings.HasPrefix(s, ":") && len(s) > 1:
		if m := psychSymRE.FindStringSubmatch(s); m != nil && m[1] == m[3] {
			return c.symbolValue(n, strings.TrimPrefix(m[2], ":")), nil
		}
		return c.symbolValue(n, s[1:]), nil
	case psychSexaIntRE.MatchString(s):
		parts := strings.Split(s, ":")
		var total int64
		for e, p := range parts {
			v, _ := strconv.ParseInt(rubyToIDigits(p), 10, 64)
			total += v * int64(math.Pow(60, math.Abs(float64(e-2))))
		}
		return values.Int(total), nil
	case psychSexaFltRE.MatchString(s):
		parts := strings.Split(s, ":")
		var total float64
		for e, p := range parts {
			f, _ := strconv.ParseFloat(rubyToFDigits(p), 64)
			total += f * math.Pow(60, math.Abs(float64(e-2)))
		}
		return values.Float(total), nil
	case psychFloatRE.MatchString(s):
		if s == "." || s == "+." || s == "-." {
			return values.String(s), nil
		}
		t := numberSeps.Replace(s)
		// Psych drops a '.' right before an exponent or at the end
		t = regexp.MustCompile(`\.([Ee]|$)`).ReplaceAllString(t, "$1")
		f, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return values.String(s), nil
		}
		return values.Float(f), nil
	case psychIntRE.MatchString(s):
		if v, ok := rubyInteger(numberSeps.Replace(s)); ok {
			return v, nil
		}
		return nil, nodeErr(n, "Integer "+s+" is out of range for a Puppet Integer")
	}
	return values.String(s), nil
}

// rubyToIDigits is the leading integer of s as Ruby's String#to_i reads it.
func rubyToIDigits(s string) string {
	s = strings.ReplaceAll(s, "_", "")
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

func rubyToFDigits(s string) string {
	s = strings.ReplaceAll(s, "_", "")
	m := regexp.MustCompile(`^[-+]?[0-9]*(\.[0-9]+)?`).FindString(s)
	if m == "" || m == "-" || m == "+" {
		return "0"
	}
	return m
}

// rubyInteger is Ruby's Integer(s) for the forms Psych passes it: 0b, 0x,
// leading-0 octal and decimal, with a sign. ok is false when the value does
// not fit Puppet's 64-bit Integer.
func rubyInteger(s string) (values.Value, bool) {
	neg := false
	t := s
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") {
		neg = t[0] == '-'
		t = t[1:]
	}
	base := 10
	switch {
	case strings.HasPrefix(t, "0b") || strings.HasPrefix(t, "0B"):
		base, t = 2, t[2:]
	case strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X"):
		base, t = 16, t[2:]
	case strings.HasPrefix(t, "0o") || strings.HasPrefix(t, "0O"):
		base, t = 8, t[2:]
	case len(t) > 1 && t[0] == '0':
		base, t = 8, t[1:]
	}
	bi, ok := new(big.Int).SetString(t, base)
	if !ok {
		return nil, false
	}
	if neg {
		bi.Neg(bi)
	}
	if !bi.IsInt64() {
		return nil, false
	}
	return values.Int(bi.Int64()), true
}
