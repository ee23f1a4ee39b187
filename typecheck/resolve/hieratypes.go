package resolve

import (
	"bufio"
	"os"
	"regexp"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	fhiera "github.com/pp2go/pp2go/frontend/hiera"
	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// Hiera data that a class parameter's declared type rejects: Puppet's
// automatic parameter lookup binds a class parameter to the value Hiera
// finds for CLASS::PARAM, unconverted, and a value of another type fails
// the class on every node whose lookup finds it ("Class[Foo]: parameter
// 'p' expects an Integer value, got String", at the node's include). The
// checker reports each such value where it is, a warning: which nodes
// find it depends on their facts and on the levels above it.

// hieraData is the environment's Hiera configuration and data, read once
// (nil when it has none).
func (c *checker) hieraData() *rthiera.Data {
	if !c.hieraRead {
		c.hieraRead = true
		mods := map[string]string{}
		for _, m := range c.env.Modules {
			mods[m.Name] = m.Dir
		}
		c.hiera, _ = fhiera.Load(fhiera.Options{EnvDir: c.env.Dir, Modules: mods}) // its problems are the build's to report
	}
	return c.hiera
}

// hieraTypes reports the values the environment's data and the class's
// module's data give the class's typed parameters that their types
// reject. A key that lookup_options mention is left alone (convert_to
// converts; a merge makes another value), and so is a value that
// interpolates (%{alias(...)} may be of any type).
func (c *checker) hieraTypes(x *ast.HostClassDefinition) {
	class := strings.TrimPrefix(strings.ToLower(x.Name), "::")
	var typed []*ast.Parameter
	for _, p := range x.Params {
		if c.staticType(p.Type) != nil {
			typed = append(typed, p)
		}
	}
	d := c.hieraData()
	if len(typed) == 0 || d == nil {
		return
	}
	module, _, _ := strings.Cut(class, "::")
	subject := "Class[" + capitalize(class) + "]"
	for _, f := range d.Files {
		if f.Hash() == nil || !c.hieraLayerOf(f.Path, module) || c.hieraOptions(class) {
			continue
		}
		for _, p := range typed {
			key := class + "::" + p.Name
			v, ok := f.Hash().GetString(key)
			if !ok || v == nil || values.IsUndef(v) || f.Invalid[key] != "" || interpolates(v) {
				continue
			}
			if msg := c.mismatch(subject, p, v); msg != "" {
				d := &diag.Diagnostic{Severity: diag.Warning, Code: TypeMismatch, Message: msg, File: f.Path,
					Hint: "Hiera gives the parameter this value: a node whose lookup finds it fails where it declares the class"}
				if d.Line = keyLine(f.Path, key); d.Line > 0 {
					d.Column = 1
				}
				c.res.Diags = append(c.res.Diags, d)
			}
		}
	}
}

// hieraLayerOf says whether a data file is the environment's or the
// module's (a module's data binds its own classes' parameters only).
func (c *checker) hieraLayerOf(path, module string) bool {
	for _, m := range c.env.Modules {
		if isUnder(path, m.Dir) {
			return m.Name == module
		}
	}
	return c.env.Dir != "" && isUnder(path, c.env.Dir)
}

// hieraOptions says whether some data file's lookup_options mention the
// class's keys (a key, or a pattern, which may match them).
func (c *checker) hieraOptions(class string) bool {
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
				}
			}
		}
	}
	for k := range c.hieraOptioned {
		if strings.HasPrefix(k, class+"::") || strings.HasPrefix(k, "^") {
			return true
		}
	}
	return false
}

// interpolates says whether a value holds a string that interpolates.
func interpolates(v values.Value) bool {
	switch x := v.(type) {
	case values.String:
		return strings.Contains(string(x), "%{")
	case *values.Array:
		for _, e := range x.Elems() {
			if interpolates(e) {
				return true
			}
		}
	case *values.Hash:
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			if interpolates(k) || interpolates(e) {
				return true
			}
		}
	}
	return false
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
