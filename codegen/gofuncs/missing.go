package gofuncs

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/pp2go/pp2go/frontend/rubyscan"
	"github.com/pp2go/pp2go/rt/values"
)

// Missing is the build error for a function that is called but has no
// implementation anywhere (not Puppet's, not a library's, not a user's Go
// function): it names the function, every call site, the Ruby file it
// would replace, and the Go function to write.
type Missing struct {
	Name     string
	Sites    []string           // "file:line:column" of each call
	Module   string             // the module whose Ruby function it is ("" if none)
	RubyFile string             // the Ruby file that defines it ("" if none)
	Ruby     *rubyscan.Function // its dispatches as scanned, or nil
	Why      string             // why pp2go's translation or Go port does not stand in for it
}

func (m *Missing) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Function '%s' has no Go implementation", m.Name)
	if m.Why != "" {
		b.WriteString(": " + m.Why)
	}
	b.WriteString("\n  called from:")
	for _, s := range m.Sites {
		b.WriteString("\n    " + s)
	}
	if m.RubyFile != "" {
		b.WriteString("\n  it is written in Ruby in " + m.RubyFile + ", which pp2go does not run")
	}
	dir := "the environment's go/ directory"
	if m.Module != "" {
		dir = filepath.Join("modules", m.Module, "go") + "/"
	}
	b.WriteString("\n  write it in Go in " + dir + " (package of exported functions, see codegen/gofuncs):")
	for _, line := range strings.Split(m.GoSignature(), "\n") {
		b.WriteString("\n    " + line)
	}
	return b.String()
}

// GoSignature suggests the Go declaration(s) that implement the function:
// one Go function per dispatch, with the //puppet: directives its name
// and types need.
func (m *Missing) GoSignature() string {
	last := m.Name
	if i := strings.LastIndex(last, "::"); i >= 0 {
		last = last[i+2:]
	}
	goName := camel(last)
	needsName := m.Module == "" || !strings.HasPrefix(m.Name, m.Module+"::")
	if m.Ruby == nil || len(m.Ruby.Signatures) == 0 || m.Ruby.API == 3 {
		// a 3.x function (or one whose dispatch could not be read): any
		// arguments
		return "//puppet:function " + m.Name + "\nfunc " + goName + "(args ...values.Value) values.Value"
	}
	var decls []string
	for i, sig := range m.Ruby.Signatures {
		name := goName
		if i > 0 {
			name = fmt.Sprintf("%s%d", goName, i+1)
		}
		var lines []string
		if needsName || i > 0 {
			lines = append(lines, "//puppet:function "+m.Name)
		}
		var params []string
		for _, p := range sig.Params {
			gt, narrower := goTypeOf(p.Type)
			switch p.Kind {
			case rubyscan.Optional:
				gt = "*" + strings.TrimPrefix(gt, "*")
			case rubyscan.Repeated, rubyscan.RequiredRepeated:
				gt = "..." + gt
			}
			if narrower {
				lines = append(lines, "//puppet:type "+p.Name+" "+p.Type)
			}
			params = append(params, goIdent(p.Name)+" "+gt)
		}
		if sig.Block != rubyscan.NoBlock {
			bt := "func(args ...values.Value) values.Value"
			if sig.BlockType != "" {
				if args, ok := callableArgs(sig.BlockType); ok {
					bt = "func(" + strings.Join(args, ", ") + ") values.Value"
				}
			}
			if sig.Block == rubyscan.BlockOptional {
				lines = append(lines, "//puppet:optional-block")
			}
			name := sig.BlockName
			if name == "" {
				name = "block"
			}
			blockParam := goIdent(name) + " " + bt
			if n := len(params); n > 0 && strings.Contains(params[n-1], " ...") {
				// Go's variadic parameter must come last
				params = append(params[:n-1], blockParam, params[n-1])
			} else {
				params = append(params, blockParam)
			}
		}
		result := "values.Value"
		if sig.Return != "" {
			gt, narrower := goTypeOf(sig.Return)
			if narrower {
				lines = append(lines, "//puppet:return "+sig.Return)
			}
			result = gt
		}
		lines = append(lines, "func "+name+"("+strings.Join(params, ", ")+") "+result)
		decls = append(decls, strings.Join(lines, "\n"))
	}
	return strings.Join(decls, "\n\n")
}

// goTypeOf is the Go type for a Puppet type text, and whether the Puppet
// type is narrower than the Go type's (then a //puppet:type directive
// keeps it).
func goTypeOf(puppet string) (string, bool) {
	t, err := values.ParseType(puppet, nil)
	if err != nil {
		return "values.Value", false
	}
	g := goTypeFor(t)
	back := puppetOfGo(g)
	return g, back != "" && back != values.TypeString(t)
}

func goTypeFor(t values.Type) string {
	switch x := t.(type) {
	case *values.IntegerType:
		return "int64"
	case *values.FloatType, *values.NumericType:
		return "float64"
	case *values.StringType, *values.EnumType, *values.PatternType:
		return "string"
	case *values.BooleanType:
		return "bool"
	case *values.ArrayType:
		if x.Elem == nil || x.Elem == values.AnyT {
			return "[]values.Value"
		}
		return "[]" + goTypeFor(x.Elem)
	case *values.HashType:
		if _, ok := x.Key.(*values.StringType); ok {
			return "map[string]" + goTypeFor(x.Value)
		}
		return "*values.Hash"
	case *values.OptionalType:
		if x.Type == nil {
			return "values.Value"
		}
		g := goTypeFor(x.Type)
		if g == "values.Value" || strings.HasPrefix(g, "*") {
			return g
		}
		return "*" + g
	}
	return "values.Value"
}

// puppetOfGo is the Puppet type gofuncs maps a suggested Go type to.
func puppetOfGo(g string) string {
	switch {
	case g == "int64":
		return "Integer"
	case g == "float64":
		return "Numeric"
	case g == "string":
		return "String"
	case g == "bool":
		return "Boolean"
	case g == "values.Value":
		return "Any"
	case strings.HasPrefix(g, "[]"):
		if e := puppetOfGo(g[2:]); e != "" {
			return "Array[" + e + "]"
		}
	case strings.HasPrefix(g, "map[string]"):
		if e := puppetOfGo(g[len("map[string]"):]); e != "" {
			return "Hash[String, " + e + "]"
		}
	case strings.HasPrefix(g, "*"):
		if e := puppetOfGo(g[1:]); e != "" {
			return "Optional[" + e + "]"
		}
	}
	return ""
}

// callableArgs reads the parameter types of a Callable type text.
func callableArgs(text string) ([]string, bool) {
	t, err := values.ParseType(text, nil)
	if err != nil {
		return nil, false
	}
	c, ok := t.(*values.CallableType)
	if !ok || c.Params == nil {
		return nil, false
	}
	var out []string
	for i, p := range c.Params.Types {
		g, _ := goTypeOf(values.TypeString(p))
		out = append(out, fmt.Sprintf("p%d %s", i, g))
	}
	return out, true
}

// camel is a snake case name in Go's exported form (max_memory ->
// MaxMemory).
func camel(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		if r == '_' {
			up = true
			continue
		}
		if up {
			b.WriteString(strings.ToUpper(string(r)))
			up = false
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var goKeywords = map[string]bool{"break": true, "case": true, "chan": true, "const": true, "continue": true,
	"default": true, "defer": true, "else": true, "fallthrough": true, "for": true, "func": true, "go": true,
	"goto": true, "if": true, "import": true, "interface": true, "map": true, "package": true, "range": true,
	"return": true, "select": true, "struct": true, "switch": true, "type": true, "var": true}

func goIdent(s string) string {
	if goKeywords[s] {
		return s + "_"
	}
	return s
}
