package core

import (
	"crypto/md5"
	"encoding/hex"
	"math/big"
	"regexp"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strings"
	"time"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func nowTimestamp() v.Value { return v.TimestampOf(time.Now()) }

func init() {
	fn.New("type").
		D("Any value, Enum[detailed] inference_method?", func(c fn.Context, a args, b fn.Block) v.Value { return v.InferSet(a[0]) }).
		D("Any value, Enum[reduced] inference_method", func(c fn.Context, a args, b fn.Block) v.Value { return v.Infer(a[0]) }).
		D("Any value, Enum[generalized] inference_method", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.Generalize(v.Infer(a[0]))
		}).Register()

	assertType := func(t v.Type, val v.Value, b fn.Block) v.Value {
		if v.IsInstance(t, val) {
			return val
		}
		inferred := v.InferSet(val)
		if b != nil {
			return b.Call(t, inferred)
		}
		panic(&v.Error{Code: v.IssueTypeMismatch, Message: v.DescribeMismatch("assert_type():", t, inferred)})
	}
	fn.New("assert_type").
		D("Type type, Any value, Callable[Type, Type] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			return assertType(a[0].(v.Type), a[1], b)
		}).
		D("String type_string, Any value, Callable[Type, Type] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			t, err := fn.ParseType(c, str(a[0]))
			if err != nil {
				panic(err)
			}
			return assertType(t, a[1], b)
		}).Register()

	fn.New("call").
		D("String function_name, Any arguments*, &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			return c.Call(str(a[0]), a[1:], b)
		}).
		D("Deferred deferred", func(c fn.Context, a args, b fn.Block) v.Value {
			d := a[0].(*v.Deferred)
			var cargs []v.Value
			if d.Arguments != nil {
				cargs = d.Arguments.Elems()
			}
			return c.Call(d.Name, cargs, nil)
		}).Register()

	fn.New("convert_to").
		D("Any value, Type type, Any args*, Callable[1,1] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			r := c.Call("new", append([]v.Value{a[1], a[0]}, a[2:]...), nil)
			if b != nil {
				return b.Call(r)
			}
			return r
		}).Register()

	fn.New("dig").D("Optional[Collection] data, Any arg*", func(c fn.Context, a args, b fn.Block) v.Value {
		r, err := Dig(a[0], a[1:])
		if err != nil {
			panic(err)
		}
		return r
	}).Register()

	fn.New("get").
		D("Any value, String dotted_string, Any default_value?, Callable[1,1] &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			return get(a[0], str(a[1]), optArg(a, 2), b)
		}).Register()

	fn.New("getvar").
		D(`Pattern[/\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*(?:\.|\Z)/] get_string, Any default_value?, Callable[1,1] &block?`, func(c fn.Context, a args, b fn.Block) v.Value {
			// /^((::)?(\w+::)*\w+)((?s).*)$/: the dispatch's pattern made
			// sure the string starts with a name
			gs := str(a[0])
			n := v.QualifiedNameLen(gs, isWordByte)
			name, nav := gs[:n], gs[n:]
			if strings.HasPrefix(nav, ".") {
				nav = nav[1:]
			} else if nav != "" {
				panic(fn.Errorf("First character after var name in get string must be a '.' - got %s", nav[:1]))
			}
			val, ok := c.LookupVar(name)
			if !ok {
				return optArg(a, 1)
			}
			return get(val, nav, optArg(a, 1), b)
		}).
		Mismatch("String get_string, Any default_value?, Callable &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.String("The given string does not start with a valid variable name")
		}).Register()

	fn.New("unwrap").
		D("Sensitive arg, &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			u := a[0].(*v.Sensitive).Unwrap()
			if b != nil {
				return b.Call(u)
			}
			return u
		}).
		D("Any arg, &block?", func(c fn.Context, a args, b fn.Block) v.Value {
			if b != nil {
				return b.Call(a[0])
			}
			return a[0]
		}).Register()

	fn.New("strftime").
		D("Timespan time_object, String format", func(c fn.Context, a args, b fn.Block) v.Value {
			s, err := a[0].(v.Timespan).Format(str(a[1]))
			if err != nil {
				panic(err)
			}
			return v.String(s)
		}).
		D("Timestamp time_object, String format, String timezone?", func(c fn.Context, a args, b fn.Block) v.Value {
			tz := ""
			if len(a) > 2 {
				tz = str(a[2])
			}
			s, err := a[0].(v.Timestamp).Format(str(a[1]), tz)
			if err != nil {
				panic(err)
			}
			return v.String(s)
		}).
		D("String format, String timezone?", func(c fn.Context, a args, b fn.Block) v.Value {
			fn.DeprecatedAt(c, func(string, int) string { return "legacy#strftime" }, "The argument signature (String format, [String timezone]) is deprecated for #strftime. See #strftime documentation and Timespan type for more info")
			tz := ""
			if len(a) > 1 {
				tz = str(a[1])
			}
			s, err := v.TimestampOf(time.Now()).Format(str(a[0]), tz)
			if err != nil {
				panic(err)
			}
			return v.String(s)
		}).Register()

	fn.New("import").
		D("Any args*", func(c fn.Context, a args, b fn.Block) v.Value {
			panic(&fn.IssueError{Code: "DISCONTINUED_IMPORT", Message: "Use of 'import' has been discontinued in favor of a manifest directory. See http://links.puppet.com/puppet-import-deprecation"})
		}).Register()

	treeOpts := "Struct[{container_type => Optional[Type], include_root => Optional[Boolean], include_containers => Optional[Boolean], include_values => Optional[Boolean], order => Optional[Enum[depth_first, breadth_first]], include_refs => Optional[Boolean]}]"
	fn.New("tree_each").
		LocalType("OptionsType", treeOpts).
		D("Variant[Iterator, Array, Hash, Object] tree, OptionsType options?, Callable[2,2] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			for _, e := range treeWalkFor(a[0], optArg(a, 1), func(e v.Value) { p := e.(*v.Array); b.Call(p.At(0), p.At(1)) }) {
				p := e.(*v.Array)
				b.Call(p.At(0), p.At(1))
			}
			return a[0]
		}).
		D("Variant[Iterator, Array, Hash, Object] tree, OptionsType options?, Callable[1,1] &block", func(c fn.Context, a args, b fn.Block) v.Value {
			for _, e := range treeWalkFor(a[0], optArg(a, 1), func(e v.Value) { b.Call(e.(*v.Array).At(1)) }) {
				b.Call(e.(*v.Array).At(1))
			}
			return a[0]
		}).
		D("Variant[Iterator, Array, Hash, Object] tree, OptionsType options?", func(c fn.Context, a args, b fn.Block) v.Value {
			return fn.IterableOf(v.NewArray(treeWalk(a[0], optArg(a, 1))...), false)
		}).Register()

	noAnnotations := func(c fn.Context, a args, b fn.Block) v.Value {
		panic(fn.Errorf("annotate(): annotations of Object types are not supported"))
	}
	pcore := fn.ResolverFunc(func(name string) (v.Type, bool) {
		switch name {
		case "Annotation":
			return annotationT, true
		case "Pcore":
			return pcoreT, true
		case "Pcore::MemberName":
			return memberNameT, true
		}
		return nil, false
	})
	fn.New("annotate").
		Resolver(pcore).
		D("Type[Annotation] type, Any value, Callable[0, 0] &block?", noAnnotations).
		D("Type[Annotation] type, Any value, Variant[Enum[clear],Hash[Pcore::MemberName,Any]] annotation_hash", noAnnotations).
		D("Type[Pcore] type, Any value, Hash[Type[Annotation], Hash[Pcore::MemberName,Any]] annotations", noAnnotations).
		Register()

	// 3.x functions
	fn.Register(fn.New3("fqdn_rand", -2, func(c fn.Context, a args, b fn.Block) v.Value {
		return FqdnRand(c, a)
	}))

	fn.Register(fn.New3("generate", -2, func(c fn.Context, a args, b fn.Block) v.Value {
		cmd := fn.RubyToS(a[0])
		if !strings.HasPrefix(cmd, "/") {
			panic(fn.Errorf("Generators must be fully qualified"))
		}
		if !regexp.MustCompile(`^[-/\w.+]+$`).MatchString(cmd) {
			panic(fn.Errorf("Generators can only contain alphanumerics, file separators, and dashes"))
		}
		if strings.Contains(cmd, "..") {
			panic(fn.Errorf("Can not use generators with '..' in them."))
		}
		g, ok := c.(fn.Generator)
		if !ok {
			panic(fn.Errorf("generate() is disabled: pp2go runs commands on the compiling machine only when the build enables generate (%s)", cmd))
		}
		argv := make([]string, len(a))
		for i, x := range a {
			argv[i] = fn.RubyToS(x)
		}
		c.Log("debug", "Executing: '"+strings.Join(argv, " ")+"'")
		out, allowed, err := g.Generate(argv)
		if !allowed {
			panic(fn.Errorf("generate() is disabled: pp2go runs commands on the compiling machine only when the build enables generate (%s)", cmd))
		}
		if err != nil {
			panic(fn.Errorf("Failed to execute generator %s: %s", cmd, err.Error()))
		}
		return v.String(out)
	}))

	fn.Register(fn.New3("file", -2, func(c fn.Context, a args, b fn.Block) v.Value {
		names := make([]string, len(a))
		for i, x := range a {
			names[i] = fn.RubyToS(x)
			if data, ok := c.FindFile(names[i]); ok {
				return v.String(data)
			}
		}
		panic(fn.Errorf("Could not find any files from %s", strings.Join(names, ", ")))
	}))

	fn.New("binary_file").
		D("String path", func(c fn.Context, a args, b fn.Block) v.Value {
			data, ok := c.FindFile(str(a[0]))
			if !ok {
				panic(fn.Errorf("binary_file(): The given file '%s' does not exist", str(a[0])))
			}
			return v.NewBinary(data)
		}).Register()

	finder := func(name string, find func(f fn.FileFinder, s string) (string, bool)) {
		impl := func(c fn.Context, names []v.Value) v.Value {
			f, ok := c.(fn.FileFinder)
			for _, n := range names {
				if !ok {
					break
				}
				if p, found := find(f, str(n)); found {
					return v.String(p)
				}
			}
			return v.Undef
		}
		fn.New(name).
			D("String paths*", func(c fn.Context, a args, b fn.Block) v.Value { return impl(c, a) }).
			D("Array[String] paths_array*", func(c fn.Context, a args, b fn.Block) v.Value {
				var names []v.Value
				for _, x := range a {
					names = append(names, x.(*v.Array).Elems()...)
				}
				return impl(c, names)
			}).Register()
	}
	finder("find_file", func(f fn.FileFinder, s string) (string, bool) { return f.FindFilePath(s) })
	finder("find_template", func(f fn.FileFinder, s string) (string, bool) { return f.FindTemplatePath(s) })
	finder("module_directory", func(f fn.FileFinder, s string) (string, bool) { return f.ModuleDirectory(s) })
}

var (
	annotationT = &v.ObjectType{TypeName: "Annotation", InitHash: v.NewHashFromPairs(v.String("name"), v.String("Annotation"))}
	memberNameT = v.NewTypeAlias("Pcore::MemberName")
	pcoreT      = v.NewTypeAlias("Pcore")
)

func init() {
	memberNameT.Resolve(fn.Type(`Pattern[/\A[a-z_]\w*\z/]`))
	pcoreT.Resolve(v.TypeSetT)
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// FqdnRand is Puppet's fqdn_rand with 3.x-converted arguments: a number
// from the MD5 of "fqdn:max:seed" fed to Ruby's MT19937.
func FqdnRand(c fn.Context, a []v.Value) v.Value {
	maxArg := a[0]
	var max int64
	switch m := maxArg.(type) {
	case v.Int:
		max = int64(m)
	case v.Float:
		max = int64(m)
	case v.String:
		max = fn.RubyToI(string(m), 10)
	}
	var seedArg v.Value = v.Undef
	if len(a) > 1 {
		seedArg = a[1]
	}
	downcase := len(a) > 2 && v.Truthy(a[2])
	fqdn := ""
	if f, ok := c.LookupVar("facts"); ok {
		if r, err := Dig(f, []v.Value{v.String("networking"), v.String("fqdn")}); err == nil {
			fqdn = fn.RubyToS(r)
		}
	}
	if downcase {
		fqdn = fn.RubyDowncase(fqdn)
	}
	seedText := fqdn + ":" + itoa64(max) + ":" + joinToS(seedArg)
	sum := md5.Sum([]byte(seedText))
	seed, _ := new(big.Int).SetString(hex.EncodeToString(sum[:]), 16)
	r := fn.NewRubyRandom(seed)
	if max <= 0 {
		if max == 0 {
			return v.Float(r.Float64())
		}
		panic(fn.Errorf("invalid argument - %d", max))
	}
	return v.Int(r.Intn(uint64(max)))
}

// joinToS is how Array#join renders an element (arrays flattened).
func joinToS(x v.Value) string {
	if a, ok := x.(*v.Array); ok {
		return RubyJoin(a, ":")
	}
	return fn.RubyToS(x)
}

func itoa64(n int64) string { return big.NewInt(n).String() }

// Dig is the dig function.
func Dig(data v.Value, keys []v.Value) (v.Value, error) {
	var walked []v.Value
	d := data
	for _, k := range keys {
		if v.IsUndef(d) || v.IsUndef(k) {
			return v.Undef, nil
		}
		switch c := d.(type) {
		case *v.Array:
			walked = append(walked, k)
			i, ok := k.(v.Int)
			if !ok {
				path := v.NewArray(walked...)
				t := v.Infer(k)
				return nil, digError("EXPECTED_INTEGER_INDEX", "The given data requires an Integer index at "+fn.RubyInspect(path)+", got '"+v.TypeString(t)+"'",
					v.NewHashFromPairs(v.String("walked_path"), path, v.String("index_type"), t))
			}
			n := int(i)
			if n < 0 {
				n += c.Len()
			}
			if n < 0 || n >= c.Len() {
				d = v.Undef
			} else {
				d = c.At(n)
			}
		case *v.Hash:
			walked = append(walked, k)
			if x, ok := c.Get(k); ok {
				d = x
			} else {
				d = v.Undef
			}
		default:
			path := v.NewArray(walked...)
			t := v.Infer(d)
			return nil, digError("EXPECTED_COLLECTION", "The given data does not contain a Collection at "+fn.RubyInspect(path)+", got '"+v.TypeString(t)+"'",
				v.NewHashFromPairs(v.String("walked_path"), path, v.String("value_type"), t))
		}
	}
	return d, nil
}

// digError is dig's failure, Puppet::ErrorWithData: its Data are the
// details of the Error object get() gives its block (digErrorData).
func digError(issue, msg string, details v.Value) error {
	return &v.Error{Code: issue, Message: msg, Data: details}
}

func digErrorData(e *v.Error) v.Value {
	return v.NewError(e.Message, v.String("SLICE_ERROR"), e.Data, v.String(e.Code))
}

func get(val v.Value, nav string, def v.Value, b fn.Block) v.Value {
	if v.IsUndef(val) {
		return def
	}
	if nav == "" {
		return val
	}
	segs, ok := splitKey("x." + nav)
	if !ok {
		panic(fn.Errorf("Syntax error in dotted-navigation string"))
	}
	r, err := Dig(val, segs[1:])
	if err != nil {
		if de, ok := err.(*v.Error); ok && b != nil {
			return b.Call(digErrorData(de))
		}
		panic(err)
	}
	if v.IsUndef(r) {
		return def
	}
	return r
}

var splitKeyRx = lazyre.New(`(\s*"[^"]+"\s*|\s*'[^']+'\s*|[^'".]+)`)
var intSeg = lazyre.New(`^(:?[+-]?[0-9]+)$`)

// splitKey is Puppet's SubLookup#split_key: segments of a dotted key, quoted
// segments unquoted, numeric ones as Integers.
func splitKey(key string) ([]v.Value, bool) {
	if !strings.ContainsAny(key, `'".`) {
		return []v.Value{v.String(key)}, true
	}
	re := v.RegexpOf(`(\s*"[^"]+"\s*|\s*'[^']+'\s*|[^'".]+)`)
	parts, err := RubySplit(key, re)
	if err != nil || parts.Len() == 0 {
		return nil, false
	}
	segs := parts.Elems()
	if segs[0] != v.String("") {
		return nil, false
	}
	segs = segs[1:]
	count := len(segs)
	if count == 0 {
		return nil, false
	}
	var kept []v.Value
	for _, s := range segs {
		if s != v.String(".") {
			kept = append(kept, s)
		}
	}
	if len(kept)*2 != count+1 {
		return nil, false
	}
	out := make([]v.Value, len(kept))
	for i, s := range kept {
		t := strings.TrimFunc(string(s.(v.String)), func(r rune) bool {
			return r == ' ' || r == '\t' || r == '\n' || r == '\v' || r == '\f' || r == '\r' || r == 0
		})
		switch {
		case strings.HasPrefix(t, `"`) || strings.HasPrefix(t, "'"):
			out[i] = v.String(t[1 : len(t)-1])
		case intSeg.MatchString(t):
			out[i] = v.Int(fn.RubyToI(strings.TrimPrefix(t, ":"), 10))
		default:
			out[i] = v.String(t)
		}
	}
	return out, true
}

// treeWalk lists the [path, value] pairs tree_each visits.
func treeWalk(root v.Value, opts v.Value) []v.Value {
	o, _ := opts.(*v.Hash)
	opt := func(k string, def bool) bool {
		if o == nil {
			return def
		}
		x, ok := o.GetString(k)
		if !ok || v.IsUndef(x) {
			return def
		}
		return v.Truthy(x)
	}
	containersT := v.VariantOf(v.ArrayT, v.HashT, v.ObjectT)
	if o != nil {
		if t, ok := o.GetString("container_type"); ok && !v.IsUndef(t) {
			ct := t.(v.Type)
			if !v.IsAssignable(containersT, ct) {
				panic(fn.Errorf("Only Array, Hash, and Object types can be used as container types. Got %s", v.TypeString(ct)))
			}
			containersT = ct
		}
	}
	withContainers := opt("include_containers", true)
	withValues := opt("include_values", true)
	withRoot := withContainers && opt("include_root", true)
	if !withContainers && !withValues {
		panic(fn.Errorf("Options 'include_containers' and 'include_values' cannot both be false"))
	}
	children := func(c v.Value) ([]v.Value, []v.Value, bool) {
		if !v.IsInstance(containersT, c) {
			return nil, nil, false
		}
		switch x := c.(type) {
		case *v.Array:
			idx := make([]v.Value, x.Len())
			for i := range idx {
				idx[i] = v.Int(i)
			}
			return idx, x.Elems(), true
		case *v.Hash:
			return x.Keys(), x.Values(), true
		}
		return nil, nil, false
	}
	var out []v.Value
	emit := func(path []v.Value, val v.Value) {
		out = append(out, v.NewArray(v.NewArray(append([]v.Value(nil), path...)...), val))
	}
	if withRoot {
		emit(nil, root)
	}
	if _, _, ok := children(root); !ok {
		// Puppet's iterator has no indexer for the root and fails
		failAfter(out, fn.Errorf("undefined method `next' for nil:NilClass\n\n        idx = @indexer_stack[-1].next\n                                ^^^^^"))
	}
	order, _ := func() (v.Value, bool) {
		if o == nil {
			return nil, false
		}
		return o.GetString("order")
	}()
	if order == v.String("breadth_first") {
		type item struct {
			c    v.Value
			path []v.Value
		}
		queue := []item{{root, nil}}
		for len(queue) > 0 {
			it := queue[0]
			queue = queue[1:]
			keys, vals, _ := children(it.c)
			for i, k := range keys {
				p := append(append([]v.Value(nil), it.path...), k)
				if _, _, isC := children(vals[i]); isC {
					queue = append(queue, item{vals[i], p})
					if !withContainers {
						continue
					}
				}
				emit(p, vals[i])
			}
		}
		return out
	}
	var walk func(c v.Value, path []v.Value)
	walk = func(c v.Value, path []v.Value) {
		keys, vals, _ := children(c)
		for i, k := range keys {
			p := append(append([]v.Value(nil), path...), k)
			if _, _, isC := children(vals[i]); isC {
				if withContainers {
					emit(p, vals[i])
				}
				walk(vals[i], p)
				continue
			}
			if withValues {
				emit(p, vals[i])
			}
		}
	}
	walk(root, nil)
	return out
}

// treeFailure carries the pairs visited before tree_each's iterator fails.
type treeFailure struct {
	visited []v.Value
	err     error
}

func failAfter(visited []v.Value, err error) { panic(&treeFailure{visited, err}) }

// treeWalkFor is treeWalk for a tree_each with a block: when the walk
// fails part way, the block still sees the pairs visited before, as with
// Puppet's lazy iterator.
func treeWalkFor(root, opts v.Value, visit func(v.Value)) (pairs []v.Value) {
	defer func() {
		if r := recover(); r != nil {
			if tf, ok := r.(*treeFailure); ok {
				for _, e := range tf.visited {
					visit(e)
				}
				panic(tf.err)
			}
			panic(r)
		}
	}()
	return treeWalk(root, opts)
}
