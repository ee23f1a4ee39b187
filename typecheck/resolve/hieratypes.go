package resolve

import (
	"bufio"
	"os"
	"regexp"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// Hiera data of a type that the code that receives it rejects. Puppet's
// automatic parameter lookup binds a class parameter to the value Hiera
// finds for CLASS::PARAM, unconverted, and a value of another type fails
// the class on every node whose lookup finds it ("Class[Foo]: parameter
// 'p' expects an Integer value, got String", at the node's include); so
// does lookup() with a value type ("Found value has wrong type, ..."),
// and a typed parameter or a function given what lookup() finds. The
// checker reports each such value where it is, a warning: which nodes
// find it depends on their facts and on the levels above it.

// hieraData is the environment's Hiera configuration and data, read once
// (nil when it has none).
func (c *checker) hieraData() *rthiera.Data {
	if !c.hieraRead {
		c.hieraRead = true
		c.hiera = loadHiera(c.env, c.opts.HieraConfig)
	}
	return c.hiera
}

// hieraTypes reports the values the environment's data and the class's
// module's data give the class's typed parameters that their types
// reject.
func (c *checker) hieraTypes(x *ast.HostClassDefinition) {
	class := strings.TrimPrefix(strings.ToLower(x.Name), "::")
	subject := "Class[" + capitalize(class) + "]"
	for _, p := range x.Params {
		if c.staticType(p.Type) == nil {
			continue
		}
		c.hieraValues(class+"::"+p.Name, func(f *rthiera.File, v values.Value) {
			if msg := c.mismatch(subject, p, v); msg != "" {
				c.hieraWarning(f, class+"::"+p.Name, msg, "Hiera gives the parameter this value: a node whose lookup finds it fails where it declares the class")
			}
		})
	}
}

// lookupTypes reports the values the data gives a key that lookup()
// asks for with a value type (lookup(NAME, TYPE), with merge 'first' or
// none, or its options hash) when the type rejects them: Puppet fails the
// lookup of a node that finds one ("Found value has wrong type, expects
// an Integer value, got String").
func (c *checker) lookupTypes(x *ast.CallNamedFunctionExpression) {
	var name, typ, merge ast.Expr
	switch len(x.Args) {
	case 1:
		h, ok := x.Args[0].(*ast.LiteralHash)
		if !ok {
			return
		}
		for _, e := range h.Entries {
			switch k := literalStrings(e.Key); {
			case len(k) != 1:
				return
			case k[0] == "name":
				name = e.Value
			case k[0] == "value_type":
				typ = e.Value
			case k[0] == "merge":
				merge = e.Value
			case k[0] != "default_value":
				return // override, default_values_hash: other values than the data's
			}
		}
	case 2, 3, 4:
		name, typ = x.Args[0], x.Args[1]
		if len(x.Args) > 2 {
			merge = x.Args[2]
		}
	default:
		return
	}
	keys := literalStrings(name)
	if len(keys) != 1 || typ == nil {
		return
	}
	if merge != nil {
		if m := literalStrings(merge); len(m) != 1 || m[0] != "first" {
			return // a merge makes another value of the values found
		}
	}
	t, ok := literal(typ).(values.Type)
	if !ok {
		return
	}
	key := strings.TrimPrefix(keys[0], "::")
	c.hieraValues(key, func(f *rthiera.File, v values.Value) {
		if err := values.AssertInstance("Found value", t, v); err != nil {
			c.hieraWarning(f, key, err.Error(), "lookup() of "+key+" with this type: a node whose lookup finds this value fails")
		}
	})
}

// hieraValues calls found with each value the environment's data, and
// the data of the module that key's namespace names, give key. A key
// that lookup_options name is left alone (convert_to converts, a merge
// makes another value; a pattern leaves every key alone), and so are a
// value that interpolates (%{alias(...)} may be of any type) and undef.
func (c *checker) hieraValues(key string, found func(f *rthiera.File, v values.Value)) {
	d := c.hieraData()
	if d == nil || c.hieraOptions(key) {
		return
	}
	module, _, _ := strings.Cut(key, "::")
	for _, f := range d.Files {
		if f.Hash() == nil || !c.hieraLayerOf(f.Path, module) || f.Invalid[key] != "" {
			continue
		}
		if v, ok := f.Hash().GetString(key); ok && v != nil && !values.IsUndef(v) && !rthiera.NeedsInterpolation(v) {
			found(f, v)
		}
	}
}

// hieraWarning reports msg about key's value in a data file, at its line.
func (c *checker) hieraWarning(f *rthiera.File, key, msg, hint string) {
	d := &diag.Diagnostic{Severity: diag.Warning, Code: TypeMismatch, Message: msg, File: f.Path, Hint: hint}
	if d.Line = keyLine(f.Path, key); d.Line > 0 {
		d.Column = 1
	}
	c.res.Diags = append(c.res.Diags, d)
}

// hieraLayerOf says whether a data file binds keys of module: the global
// layer's and the environment's bind every key, a module's its own
// classes' only.
func (c *checker) hieraLayerOf(path, module string) bool {
	owner, ok := c.dataOwners[path]
	if !ok {
		for _, m := range c.env.Modules {
			if isUnder(path, m.Dir) {
				owner = &m.Name
				break
			}
		}
		if c.dataOwners == nil {
			c.dataOwners = map[string]*string{}
		}
		c.dataOwners[path] = owner
	}
	return owner == nil || *owner == module
}

// hieraOptions says whether some data file's lookup_options name key
// (or a pattern, which may match it).
func (c *checker) hieraOptions(key string) bool {
	if c.hieraOptioned == nil {
		c.hieraOptioned = map[string]bool{}
		for _, f := range c.hiera.Files {
			if f.Hash() == nil {
				continue
			}
			opts, ok := f.Hash().GetString("lookup_options")
			h, isHash := opts.(*values.Hash)
			if !ok || !isHash {
				continue
			}
			for _, k := range h.Keys() {
				if s, ok := k.(values.String); ok {
					c.hieraOptioned[string(s)] = true
					if strings.HasPrefix(string(s), "^") {
						c.hieraOptioned["^"] = true
					}
				}
			}
		}
	}
	return c.hieraOptioned[key] || c.hieraOptioned["^"]
}

// keyLine is the line of a data file where a top-level key is written (0
// when not found).
func keyLine(path, key string) int {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	re := regexp.MustCompile(`^["']?` + regexp.QuoteMeta(key) + `["']?\s*:`)
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if re.MatchString(sc.Text()) {
			return n
		}
	}
	return 0
}
