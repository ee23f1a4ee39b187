package resolve

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	yaml "go.yaml.in/yaml/v4"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	rthiera "github.com/pp2go/pp2go/rt/hiera"
)

// Reach is the code of an environment that some node can reach, found
// statically: the main manifests' top-level code and node definitions,
// then, transitively, the classes they include, require, contain or
// declare (and their parents), the defined types they declare, the
// Puppet-language functions they call, the type aliases they name, the
// EPP templates they render, and the classes that Hiera data lists under
// a key whose lookup is included. The autoload files Puppet would read
// for each name are reached too, so that a file that fails to parse is
// reached when a name sends Puppet to it.
//
// It errs on the side of reaching: a class name computed at run time
// with a known module prefix ("apache::mod::${m}") reaches that whole
// module; any other (include $x where $x comes from a parameter or a
// fact) reaches everything, and Dynamic says where. A resource type
// computed at run time (create_resources($type, ...), as stdlib::manage
// does with Hiera data) is not followed, or every environment that
// includes stdlib would reach everything; Unfollowed says where.
type Reach struct {
	env     *env.Env
	defs    map[ast.Definition]bool
	files   map[*env.File]bool // files reached whole: templates, failed autoload files
	loaded  map[*env.File]bool // files Puppet's autoloader reads for a reached name
	modules map[string]bool    // modules reached whole
	touched map[string]bool    // modules with reached code
	// All is set when a class name computed at run time makes all code
	// reachable; Dynamic holds where (file:line:col), sorted.
	All     bool
	Dynamic []string
	// Unfollowed are the places (file:line:col) where resources of a type
	// computed at run time are declared, sorted.
	Unfollowed []string

	queue     []*env.Def
	hiera     *rthiera.Data            // the Hiera layers' configuration and data
	hieraKeys map[string][]string      // Hiera data values under a key, cached
	byFile    map[*env.File][]*env.Def // the definitions of each file, made on first use
}

// Reachable finds the code of e that nodes can reach, with the Hiera
// data of its layers and of the global layer's hiera.yaml hieraConfig
// ("" for none).
func Reachable(e *env.Env, hieraConfig string) *Reach {
	r := &Reach{env: e, defs: map[ast.Definition]bool{}, files: map[*env.File]bool{}, loaded: map[*env.File]bool{}, modules: map[string]bool{},
		touched: map[string]bool{}, hieraKeys: map[string][]string{}, hiera: loadHiera(e, hieraConfig)}
	for _, f := range e.Manifests {
		if f.Program == nil {
			continue
		}
		r.files[f] = true
		w := &reachWalk{r: r, file: f, body: f.Program.Body}
		w.walk(f.Program.Body)
	}
	// the environment's functions its Hiera levels name as backends
	for _, b := range hieraBackends(r.hiera) {
		r.function(b.Function, nil)
	}
	for _, n := range e.Index.Nodes {
		r.defs[n.Node] = true
		w := &reachWalk{r: r, file: n.File, body: n.Node}
		children(n.Node, w.walk)
	}
	for {
		for len(r.queue) > 0 && !r.All {
			d := r.queue[0]
			r.queue = r.queue[1:]
			w := &reachWalk{r: r, file: d.File, mod: d.Module, body: d.Node}
			if hc, ok := d.Node.(*ast.HostClassDefinition); ok {
				w.class = d.Name
				if hc.ParentClass != "" {
					r.class(hc.ParentClass)
				}
			}
			children(d.Node, w.walk)
		}
		if r.All {
			break
		}
		// modules reached whole: every definition of theirs
		more := false
		for _, kind := range []env.DefKind{env.Class, env.Define, env.Function, env.TypeAlias, env.TypeDefinition} {
			for _, d := range e.Index.All(kind) {
				if d.Module != nil && r.modules[d.Module.Name] && !r.defs[d.Node] {
					r.def(d)
					more = true
				}
			}
		}
		if !more {
			break
		}
	}
	sort.Strings(r.Dynamic)
	sort.Strings(r.Unfollowed)
	return r
}

func (r *Reach) def(d *env.Def) {
	if d == nil || r.defs[d.Node] {
		return
	}
	r.defs[d.Node] = true
	if d.Module != nil {
		r.touched[d.Module.Name] = true
	}
	r.queue = append(r.queue, d)
}

// autoload reaches the files Puppet would read for a name: their load
// errors (a class misplaced for its file) are reached, and a file that
// fails to parse (and so defines nothing) is reached whole.
func (r *Reach) autoload(paths ...string) {
	for _, p := range paths {
		if f := r.env.File(p); f != nil {
			r.loaded[f] = true
			if f.Failed() {
				r.files[f] = true
			}
		}
	}
}

func (r *Reach) class(name string) {
	name = strings.TrimPrefix(strings.ToLower(name), "::")
	r.def(r.env.FindClass(name))
	r.autoload(r.env.AutoloadFiles(name)...)
}

// typeName reaches what a capitalized name or resource type names.
func (r *Reach) typeName(name string) {
	name = strings.TrimPrefix(strings.ToLower(name), "::")
	_, define := r.env.FindResourceType(name)
	r.def(define)
	r.def(r.env.FindTypeAlias(name))
	r.autoload(r.env.AutoloadFiles(name)...)
	r.autoload(r.env.TypeAliasFile(name))
}

func (r *Reach) function(name string, from *env.Module) {
	name = strings.TrimPrefix(name, "::")
	if ref := r.env.FindFunction(name, from); ref != nil {
		r.def(ref.Def)
	}
	r.autoload(r.env.FunctionFile(name))
}

// dynamic notes a class name computed at run time: everything is
// reachable.
func (r *Reach) dynamic(f *env.File, at ast.Positioned) {
	r.All = true
	if f != nil && f.Program != nil && at != nil {
		r.Dynamic = append(r.Dynamic, f.Program.Position(at).String())
	} else if f != nil {
		r.Dynamic = append(r.Dynamic, f.Path)
	}
}

// dynamicType notes resources of a type computed at run time.
func (r *Reach) dynamicType(f *env.File, at ast.Positioned) {
	if f != nil && f.Program != nil && at != nil {
		r.Unfollowed = append(r.Unfollowed, f.Program.Position(at).String())
	}
}

// hieraValues are the strings that the Hiera data files of the
// environment and its modules hold under key: the classes a
// `lookup('classes').include` can include, whatever the hierarchy picks.
func (r *Reach) hieraValues(key string) []string {
	if v, ok := r.hieraKeys[key]; ok {
		return v
	}
	roots := []string{}
	if r.env.Dir != "" {
		roots = append(roots, r.env.Dir)
	}
	for _, m := range r.env.Modules {
		roots = append(roots, m.Dir)
	}
	var out []string
	for _, dir := range hieraDataDirs(roots, r.hiera) {
		filepath.WalkDir(dir, func(p string, de os.DirEntry, err error) error {
			if err != nil || de.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				return nil
			}
			text, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			var data map[string]any
			if yaml.Unmarshal(text, &data) != nil {
				return nil
			}
			for k, v := range data {
				if strings.TrimPrefix(k, "::") == key {
					out = append(out, yamlStrings(v)...)
				}
			}
			return nil
		})
	}
	r.hieraKeys[key] = out
	return out
}

func yamlStrings(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, yamlStrings(e)...)
		}
		return out
	}
	return nil
}

// Covers reports whether a diagnostic is in code that nodes can reach:
// in a reached definition, in the main manifests' top-level code or node
// definitions, in a reached template or failed autoload file, or not in
// any one definition of a module nodes use. A diagnostic with no file is
// covered.
func (r *Reach) Covers(d *diag.Diagnostic) bool {
	if r.All || d.File == "" {
		return true
	}
	f := r.env.File(d.File)
	if f == nil {
		// a module directory, or a file of a module that is not Puppet
		// code (an ERB template): covered when nodes use the module
		for _, m := range r.env.Modules {
			if m.Dir == d.File || strings.HasPrefix(d.File, m.Dir+string(filepath.Separator)) {
				return r.touched[m.Name] || r.modules[m.Name]
			}
		}
		return true
	}
	if r.loaded[f] && isLoadDiag(r.env, f, d) {
		return true
	}
	if def := r.innermost(f, d); def != nil {
		return r.defs[def.Node] || (def.Module != nil && r.modules[def.Module.Name])
	}
	if r.files[f] || f.Role == env.MainManifest {
		return true
	}
	return f.Module != nil && (r.touched[f.Module.Name] || r.modules[f.Module.Name])
}

// isLoadDiag reports whether a diagnostic is one of loading f (parsing,
// validation, the autoloader's checks), which Puppet reports when it reads
// the file, whichever definition of it is used.
func isLoadDiag(e *env.Env, f *env.File, d *diag.Diagnostic) bool {
	same := func(l diag.List) bool {
		for _, x := range l {
			if x == d || x.Code == d.Code && x.Line == d.Line && x.Column == d.Column && x.Message == d.Message {
				return true
			}
		}
		return false
	}
	return same(f.Diags) || same(e.Diags)
}

// innermost is the definition of f that holds the diagnostic's position.
func (r *Reach) innermost(f *env.File, d *diag.Diagnostic) *env.Def {
	if f.Program == nil || d.Line == 0 {
		return nil
	}
	src := f.Program.File
	var best *env.Def
	bestLen := -1
	consider := func(def *env.Def) {
		if def.File != f {
			return
		}
		sp := def.Node.Span()
		start, end := int(sp.Offset), int(sp.Offset+sp.Length)
		if before(d.Line, d.Column, src.Line(start), src.Column(start)) || !before(d.Line, d.Column, src.Line(end), src.Column(end)+1) {
			return
		}
		if best == nil || int(sp.Length) < bestLen {
			best, bestLen = def, int(sp.Length)
		}
	}
	if r.byFile == nil {
		r.byFile = map[*env.File][]*env.Def{}
		for _, kind := range []env.DefKind{env.Class, env.Define, env.Function, env.TypeAlias, env.TypeDefinition, env.Plan} {
			for _, def := range r.env.Index.All(kind) {
				r.byFile[def.File] = append(r.byFile[def.File], def)
			}
		}
		for _, def := range r.env.Index.Nodes {
			r.byFile[def.File] = append(r.byFile[def.File], def)
		}
	}
	for _, def := range r.byFile[f] {
		consider(def)
	}
	return best
}

// before reports whether line:col a comes before line:col b.
func before(la, ca, lb, cb int) bool {
	return la < lb || la == lb && ca < cb
}

// reachWalk walks one reached piece of code.
type reachWalk struct {
	r    *Reach
	file *env.File
	mod  *env.Module
	body ast.Expr // the definition or program, where local assignments are found
	// class is the name of the class walked ($title and $name in it)
	class string
}

func (w *reachWalk) walk(n ast.Expr) {
	r := w.r
	switch x := n.(type) {
	case nil:
		return
	case ast.Definition:
		return // reached by name (nodes are roots of their own)
	case *ast.CallNamedFunctionExpression:
		name := ""
		switch fn := x.Functor.(type) {
		case *ast.QualifiedName:
			name = strings.TrimPrefix(fn.Value, "::")
			r.function(name, w.mod)
		case *ast.QualifiedReference:
			r.typeName(fn.Value())
		}
		w.call(name, x.Args, x)
	case *ast.CallMethodExpression:
		if na, ok := x.Functor.(*ast.NamedAccessExpression); ok {
			if q, ok := na.Right.(*ast.QualifiedName); ok {
				r.function(q.Value, w.mod)
				w.call(q.Value, append([]ast.Expr{na.Left}, x.Args...), x)
			}
		}
	case *ast.ResourceExpression:
		if q, ok := x.TypeName.(*ast.QualifiedName); ok {
			t := strings.TrimPrefix(strings.ToLower(q.Value), "::")
			if t == "class" {
				for _, b := range x.Bodies {
					w.classArg(b.Title, 0)
				}
			} else {
				r.typeName(t)
			}
		} else if acc, ok := x.TypeName.(*ast.AccessExpression); ok && len(acc.Keys) > 0 && len(literalStrings(acc.Keys[0])) == 1 {
			r.typeName(literalStrings(acc.Keys[0])[0]) // Resource['type'] { ... }
		} else {
			r.dynamicType(w.file, x)
		}
	case *ast.QualifiedReference:
		r.typeName(x.Value())
	case *ast.AccessExpression:
		if ref, ok := x.Left.(*ast.QualifiedReference); ok && ref.Value() == "class" {
			for _, k := range x.Keys {
				for _, n := range literalStrings(k) {
					r.class(n)
				}
				if q, ok := k.(*ast.QualifiedReference); ok {
					r.class(q.Value())
				}
			}
		}
	case *ast.VariableExpression:
		// $a::b::x reads class a::b's variable (the checker checks it)
		if q, ok := x.Expr.(*ast.QualifiedName); ok {
			if i := strings.LastIndex(q.Value, "::"); i > 0 {
				r.class(q.Value[:i])
			}
		}
	}
	children(n, w.walk)
}

// call handles the functions that take names of classes or resource
// types: include, require, contain, hiera_include, create_resources and
// ensure_resource(s), and epp's template.
func (w *reachWalk) call(name string, args []ast.Expr, at ast.Positioned) {
	r := w.r
	switch name {
	case "include", "require", "contain":
		for _, a := range args {
			w.classArg(a, 0)
		}
	case "hiera_include":
		if len(args) > 0 {
			if keys := literalStrings(args[0]); len(keys) == 1 {
				for _, c := range r.hieraValues(keys[0]) {
					r.class(c)
				}
				return
			}
		}
		r.dynamic(w.file, at)
	case "create_resources", "ensure_resource", "ensure_resources":
		if len(args) == 0 {
			return
		}
		types := literalStrings(args[0])
		if len(types) != 1 {
			r.dynamicType(w.file, at)
			return
		}
		t := strings.TrimPrefix(strings.ToLower(types[0]), "::")
		if t != "class" {
			r.typeName(t)
			return
		}
		if len(args) < 2 {
			return
		}
		switch titles := args[1].(type) {
		case *ast.LiteralHash:
			for _, e := range titles.Entries {
				w.classArg(e.Key, 0)
			}
		default:
			if name == "create_resources" {
				r.dynamic(w.file, at)
			} else {
				w.classArg(args[1], 0)
			}
		}
	case "epp":
		if len(args) > 0 {
			if names := literalStrings(args[0]); len(names) == 1 {
				w.template(names[0])
			}
		}
	}
}

// template reaches an EPP template ('module/path.epp') and walks it.
func (w *reachWalk) template(name string) {
	if !strings.HasSuffix(name, ".epp") {
		name += ".epp"
	}
	mod, rest, ok := strings.Cut(name, "/")
	m := w.r.env.Module(mod)
	if !ok || m == nil {
		return
	}
	for _, f := range m.EPP {
		if strings.HasSuffix(f.Path, "/templates/"+rest) && !w.r.files[f] {
			w.r.files[f] = true
			w.r.touched[m.Name] = true
			if f.Program != nil {
				tw := &reachWalk{r: w.r, file: f, mod: m, body: f.Program.Body}
				tw.walk(f.Program.Body)
			}
		}
	}
}

// classArg reaches the classes an expression names where a class name is
// expected, as precisely as the code makes it plain.
func (w *reachWalk) classArg(a ast.Expr, depth int) {
	r := w.r
	if a == nil {
		return
	}
	if names := literalStrings(a); names != nil {
		for _, n := range names {
			r.class(n)
		}
		return
	}
	switch x := a.(type) {
	case *ast.LiteralList:
		for _, v := range x.Values {
			w.classArg(v, depth)
		}
		return
	case *ast.ParenthesizedExpression:
		w.classArg(x.Expr, depth)
		return
	case *ast.AccessExpression:
		if ref, ok := x.Left.(*ast.QualifiedReference); ok && ref.Value() == "class" {
			for _, k := range x.Keys {
				w.classArg(k, depth)
			}
			return
		}
	case *ast.QualifiedReference:
		r.class(x.Value())
		return
	case *ast.ConcatenatedString:
		if w.interpolated(x) {
			return
		}
	case *ast.CallNamedFunctionExpression:
		// lookup('classes'), hiera_array('classes'), ...: what Hiera data
		// holds under the key
		if q, ok := x.Functor.(*ast.QualifiedName); ok && len(x.Args) > 0 {
			switch q.Value {
			case "lookup", "hiera", "hiera_array":
				if keys := literalStrings(x.Args[0]); len(keys) == 1 {
					for _, c := range r.hieraValues(keys[0]) {
						r.class(c)
					}
					return
				}
			}
		}
	case *ast.CallMethodExpression:
		// $x.flatten, $x.unique and the like keep the names
		if na, ok := x.Functor.(*ast.NamedAccessExpression); ok {
			if q, ok := na.Right.(*ast.QualifiedName); ok {
				switch q.Value {
				case "flatten", "unique", "sort", "lookup":
					if q.Value == "lookup" {
						w.classArg(&ast.CallNamedFunctionExpression{Loc: x.Loc, Functor: q, Args: append([]ast.Expr{na.Left}, x.Args...)}, depth)
					} else {
						w.classArg(na.Left, depth)
					}
					return
				}
			}
		}
	case *ast.VariableExpression:
		// a local variable: what its assignments in this body hold
		if q, ok := x.Expr.(*ast.QualifiedName); ok && !strings.Contains(q.Value, "::") && depth < 4 {
			if rhs := assignments(w.body, q.Value); len(rhs) > 0 {
				for _, e := range rhs {
					w.classArg(e, depth+1)
				}
				return
			}
		}
	}
	r.dynamic(w.file, a)
}

// interpolated reaches the classes an interpolated string can name: the
// string itself when its only variables are $module_name (and, in a
// class, $title and $name: the class's name), the whole module when it
// starts with "module::". It returns false when it cannot tell.
func (w *reachWalk) interpolated(s *ast.ConcatenatedString) bool {
	var b strings.Builder
	for i, seg := range s.Segments {
		text := ""
		switch x := seg.(type) {
		case *ast.LiteralString:
			text = x.Value
		case *ast.TextExpression:
			if v, ok := x.Expr.(*ast.VariableExpression); ok {
				if q, ok := v.Expr.(*ast.QualifiedName); ok {
					switch name := strings.TrimPrefix(q.Value, "::"); {
					case name == "module_name" && w.mod != nil:
						text = w.mod.Name
					case (name == "title" || name == "name") && w.class != "":
						text = w.class
					}
					if text != "" {
						break
					}
				}
			}
			prefix := b.String()
			mod, _, ok := strings.Cut(strings.TrimPrefix(strings.ToLower(prefix), "::"), "::")
			if !ok || mod == "" {
				return false
			}
			w.r.modules[mod] = true
			w.r.touched[mod] = true
			return true
		default:
			return false
		}
		b.WriteString(text)
		if i == len(s.Segments)-1 {
			w.r.class(b.String())
		}
	}
	return true
}

// assignments are the right sides of the assignments to a variable in a
// body (not in its lambdas or nested definitions).
func assignments(body ast.Expr, name string) []ast.Expr {
	var out []ast.Expr
	var walk func(n ast.Expr)
	walk = func(n ast.Expr) {
		switch x := n.(type) {
		case nil:
			return
		case *ast.LambdaExpression:
			return
		case ast.Definition:
			if n != body {
				return
			}
		case *ast.AssignmentExpression:
			if v, ok := x.Left.(*ast.VariableExpression); ok {
				if q, ok := v.Expr.(*ast.QualifiedName); ok && q.Value == name {
					out = append(out, x.Right)
				}
			}
		}
		children(n, walk)
	}
	walk(body)
	return out
}
