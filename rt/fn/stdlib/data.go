package stdlib

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/big"
	"math/rand"
	"regexp"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

// ---- Ruby collection semantics ----

// set is a set of values with Ruby's key identity (eql?).
type set struct{ b *v.HashBuilder }

func newSet(vals []v.Value) set {
	s := set{v.NewHashBuilder(len(vals))}
	for _, x := range vals {
		s.b.Put(x, v.True)
	}
	return s
}

func (s set) has(x v.Value) bool { return s.b.Build().Has(x) }
func (s set) add(x v.Value)      { s.b.Put(x, v.True) }

// uniq is Array#uniq.
func uniq(vals []v.Value) []v.Value {
	s := newSet(nil)
	var out []v.Value
	for _, x := range vals {
		if !s.has(x) {
			s.add(x)
			out = append(out, x)
		}
	}
	return out
}

// kernelArray is Kernel#Array(x).
func kernelArray(x v.Value) []v.Value {
	switch y := x.(type) {
	case nil, v.UndefValue:
		return nil
	case *v.Array:
		return y.Elems()
	case *v.Hash:
		out := make([]v.Value, y.Len())
		for i := range out {
			out[i] = v.NewArray(y.KeyAt(i), y.ValueAt(i))
		}
		return out
	}
	return []v.Value{x}
}

func arr(vals ...v.Value) v.Value { return v.NewArray(vals...) }

func strs(ss []string) v.Value {
	out := make([]v.Value, len(ss))
	for i, s := range ss {
		out[i] = v.String(s)
	}
	return v.NewArray(out...)
}

// ---- functions ----

func init() {
	def3("any2array", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			return v.EmptyArray
		}
		if len(a) != 1 {
			return arr(a...)
		}
		switch x := a[0].(type) {
		case *v.Array:
			return x
		case v.String:
			if x == "" {
				return v.EmptyArray
			}
		case *v.Hash:
			var out []v.Value
			for i := 0; i < x.Len(); i++ {
				out = append(out, x.KeyAt(i), x.ValueAt(i))
			}
			return arr(out...)
		}
		return arr(a...)
	})
	def3("any2bool", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("any2bool(): Wrong number of arguments given (%d for 1)", len(a))
		}
		switch x := a[0].(type) {
		case v.Bool:
			return x
		case nil, v.UndefValue:
			return v.False
		case v.Int, v.Float:
			return call3(c, "num2bool", x)
		case v.String:
			if _, ok := rubyFloatConv(string(x)); ok {
				return call3(c, "num2bool", x)
			}
			return call3(c, "str2bool", x)
		}
		return v.True
	})
	def3("num2bool", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("num2bool(): Wrong number of arguments given (%d for 1)", len(a))
		}
		var n int64
		switch x := a[0].(type) {
		case v.Int:
			n = int64(x)
		case v.Float:
			n = int64(x)
		case v.String:
			f, ok := rubyFloatConv(string(x))
			if !ok {
				parseError("num2bool(): '%s' does not look like a number: invalid value for Float(): %s", string(x), fn.RubyStringInspect(string(x)))
			}
			n = int64(f)
		default:
			n = fn.RubyToI(fn.RubyToS(x), 10)
		}
		return v.BoolOf(n > 0)
	})
	def3("str2bool", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("str2bool(): Wrong number of arguments given (%d for 1)", len(a))
		}
		if b, ok := a[0].(v.Bool); ok {
			return b
		}
		s, ok := a[0].(v.String)
		if !ok {
			parseError("str2bool(): Requires string to work with")
		}
		return v.BoolOf(str2bool(string(s)))
	})
	def3("bool2num", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("bool2num(): Wrong number of arguments given (%d for 1)", len(a))
		}
		if v.Truthy(call3(c, "str2bool", a[0])) {
			return v.Int(1)
		}
		return v.Int(0)
	})
	def3("bool2str", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 && len(a) != 3 {
			parseError("bool2str(): Wrong number of arguments given (%d for 3)", len(a))
		}
		t, f := v.Value(v.String("true")), v.Value(v.String("false"))
		if len(a) > 1 && v.Truthy(a[1]) {
			t = a[1]
		}
		if len(a) > 2 && v.Truthy(a[2]) {
			f = a[2]
		}
		b, ok := a[0].(v.Bool)
		if !ok {
			parseError("bool2str(): Requires a boolean to work with")
		}
		if !isString(t) || !isString(f) {
			parseError("bool2str(): Requires strings to convert to")
		}
		if b {
			return t
		}
		return f
	})
	def3("base64", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) < 2 {
			parseError("base64(): Wrong number of arguments (%d; must be >= 2)", len(a))
		}
		action := str(a[0])
		if !isString(a[0]) || (action != "encode" && action != "decode") {
			parseError("base64(): the first argument must be one of 'encode' or 'decode'")
		}
		if !isString(a[1]) {
			parseError("base64(): the second argument must be a string to base64")
		}
		method := "default"
		if len(a) > 2 {
			method = str(a[2])
			if !isString(a[2]) || (method != "default" && method != "strict" && method != "urlsafe") {
				parseError("base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'")
			}
		}
		data := str(a[1])
		if action == "encode" {
			switch method {
			case "default":
				return v.String(base64Lines(base64.StdEncoding.EncodeToString([]byte(data))))
			case "strict":
				return v.String(base64.StdEncoding.EncodeToString([]byte(data)))
			default:
				return v.String(base64.URLEncoding.EncodeToString([]byte(data)))
			}
		}
		var out []byte
		var err error
		switch method {
		case "default":
			out = base64Lenient(data)
		case "strict":
			out, err = base64.StdEncoding.Strict().DecodeString(data)
		default:
			out, err = base64.URLEncoding.DecodeString(data)
			if err != nil {
				out, err = base64.RawURLEncoding.DecodeString(data)
			}
		}
		if err != nil {
			panic(fn.Errorf("invalid base64"))
		}
		return v.String(out)
	})
	def3("basename", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("basename(): No arguments given")
		}
		if len(a) > 2 {
			parseError("basename(): Too many arguments given (%d)", len(a))
		}
		if !isString(a[0]) {
			parseError("basename(): Requires string as first argument")
		}
		suffix := ""
		if len(a) == 2 {
			if !isString(a[1]) {
				parseError("basename(): Requires string as second argument")
			}
			suffix = str(a[1])
		}
		return v.String(rubyBasename(str(a[0]), suffix))
	})
	def3("dirname", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("dirname(): No arguments given")
		}
		if len(a) > 1 {
			parseError("dirname(): Too many arguments given (%d)", len(a))
		}
		if !isString(a[0]) {
			parseError("dirname(): Requires string as argument")
		}
		if str(a[0]) == "" {
			parseError("dirname(): Requires a non-empty string as argument")
		}
		return v.String(rubyDirname(str(a[0])))
	})
	fn.New("batch_escape").Module(module).D("Any string", func(c fn.Context, a args, b fn.Block) v.Value {
		var sb strings.Builder
		sb.WriteByte('"')
		for _, r := range fn.RubyToS(a[0]) {
			switch r {
			case '"':
				sb.WriteString(`""`)
			case '$', '\\':
				sb.WriteByte('\\')
				sb.WriteRune(r)
			default:
				sb.WriteRune(r)
			}
		}
		sb.WriteByte('"')
		return v.String(sb.String())
	}).Register()
	fn.New("powershell_escape").Module(module).D("Any string", func(c fn.Context, a args, b fn.Block) v.Value {
		var sb strings.Builder
		for _, r := range fn.RubyToS(a[0]) {
			switch r {
			case ' ', '\'', '`', '|', '\n', '$':
				sb.WriteByte('`')
				sb.WriteRune(r)
			case '"':
				sb.WriteString("\\`\"")
			default:
				sb.WriteRune(r)
			}
		}
		return v.String(sb.String())
	}).Register()
	def3("clamp", -2, false, func(c fn.Context, a args) v.Value {
		vals := flatten(a)
		if len(vals) != 3 {
			parseError("clamp(): Wrong number of arguments, need three to clamp")
		}
		nums := make([]int64, 3)
		for i, x := range vals {
			switch y := x.(type) {
			case v.String:
				if !digits.MatchString(string(y)) {
					parseError("clamp(): Required explicit numeric (%s:String)", string(y))
				}
				nums[i] = fn.RubyToI(string(y), 10)
			case *v.Hash:
				parseError("clamp(): The Hash type is not allowed (%s)", fn.RubyToS(y))
			case v.Int:
				nums[i] = int64(y)
			case v.Float:
				nums[i] = int64(y)
			default:
				panic(fn.Errorf("undefined method `to_i' for %s", inspect(x)+":"+class(x)))
			}
		}
		sort.Slice(nums, func(i, j int) bool { return nums[i] < nums[j] })
		return v.Int(nums[1])
	})
	def3("concat", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) < 2 {
			parseError("concat(): Wrong number of arguments given (%d for < 2)", len(a))
		}
		first, ok := a[0].(*v.Array)
		if !ok {
			parseError("concat(): Requires array to work with")
		}
		out := append([]v.Value(nil), first.Elems()...)
		for _, x := range a[1:] {
			if y, ok := x.(*v.Array); ok {
				out = append(out, y.Elems()...)
			} else {
				out = append(out, x)
			}
		}
		return arr(out...)
	})
	def3("convert_base", 2, false, func(c fn.Context, a args) v.Value {
		for i, x := range a {
			switch y := x.(type) {
			case v.Int:
			case v.String:
				if !regexp.MustCompile(`(?m)^[0-9]+$`).MatchString(string(y)) {
					parseError("convert_base(): First argument must be an integer or a string corresponding to an integer in base 10")
				}
			default:
				if i == 0 {
					parseError("convert_base(): First argument must be either a string or an integer")
				}
				parseError("convert_base(): Second argument must be either a string or an integer")
			}
		}
		n := toI(a[0])
		base := toI(a[1])
		if base < 2 || base > 36 {
			parseError("convert_base(): base must be at least 2 and must not be greater than 36")
		}
		return v.String(strconv.FormatInt(n, int(base)))
	})
	def3("count", -2, false, func(c fn.Context, a args) v.Value {
		if len(a) > 2 {
			panic(fn.Errorf("count(): Wrong number of arguments given %d for 1 or 2.", len(a)))
		}
		n := 0
		if len(a) > 1 && v.Truthy(a[1]) {
			if s, ok := a[0].(v.String); ok {
				set := trSet(str(a[1]))
				for _, r := range string(s) {
					if set(r) {
						n++
					}
				}
				return v.Int(n)
			}
			for _, e := range countElems(a[0]) {
				if fn.RubyEqual(e, a[1]) {
					n++
				}
			}
			return v.Int(n)
		}
		for _, e := range countElems(a[0]) {
			if !v.IsUndef(e) && e != v.String("") {
				n++
			}
		}
		return v.Int(n)
	})
	def3("deep_merge", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) < 2 {
			parseError("deep_merge(): wrong number of arguments (%d; must be at least 2)", len(a))
		}
		result := v.EmptyHash
		for _, x := range a {
			if s, ok := x.(v.String); ok && s == "" {
				continue
			}
			h, ok := x.(*v.Hash)
			if !ok {
				parseError("deep_merge: unexpected argument type %s, only expects hash arguments", class(x))
			}
			result = deepMerge(result, h)
		}
		return result
	})
	def3("delete", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 2 {
			parseError("delete(): Wrong number of arguments given %d for 2", len(a))
		}
		coll := a[0]
		for _, item := range kernelArray(a[1]) {
			switch x := coll.(type) {
			case *v.Array:
				var out []v.Value
				for _, e := range x.Elems() {
					if !fn.RubyEqual(e, item) {
						out = append(out, e)
					}
				}
				coll = arr(out...)
			case *v.Hash:
				b := v.NewHashBuilder(x.Len())
				for i := 0; i < x.Len(); i++ {
					if !v.Eql(x.KeyAt(i), item) {
						b.Put(x.KeyAt(i), x.ValueAt(i))
					}
				}
				coll = b.Build()
			case v.String:
				pat, ok := item.(v.String)
				if !ok {
					panic(fn.Errorf("wrong argument type %s (expected Regexp)", class(item)))
				}
				coll = v.String(strings.ReplaceAll(string(x), string(pat), ""))
			default:
				panic(fn.Errorf("delete(): First argument must be an Array, String, or Hash. Given an argument of class %s.", class(coll)))
			}
		}
		return coll
	})
	def3("delete_at", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) < 2 {
			parseError("delete_at(): Wrong number of arguments given (%d for 2)", len(a))
		}
		x, ok := a[0].(*v.Array)
		if !ok {
			parseError("delete_at(): Requires array to work with")
		}
		if s, ok := a[1].(v.String); ok && !digits.MatchString(string(s)) {
			parseError("delete_at(): You must provide non-negative numeric index")
		}
		i := toI(a[1])
		if i > int64(x.Len())-1 {
			parseError("delete_at(): Given index exceeds size of array given")
		}
		if i < 0 {
			i += int64(x.Len())
			if i < 0 {
				return x
			}
		}
		out := append(append([]v.Value(nil), x.Elems()[:i]...), x.Elems()[i+1:]...)
		return arr(out...)
	})
	def3("delete_regex", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 2 {
			parseError("delete_regex(): Wrong number of arguments given %d for 2", len(a))
		}
		coll := a[0]
		for _, item := range kernelArray(a[1]) {
			re, err := v.NewRegexp(`\b` + fn.RubyToS(item) + `\b`)
			if err != nil {
				panic(err)
			}
			matches := func(x v.Value) bool {
				s, ok := x.(v.String)
				return ok && re.MatchString(string(s))
			}
			switch x := coll.(type) {
			case *v.Array:
				var out []v.Value
				for _, e := range x.Elems() {
					if !matches(e) {
						out = append(out, e)
					}
				}
				coll = arr(out...)
			case *v.Hash:
				b := v.NewHashBuilder(x.Len())
				for i := 0; i < x.Len(); i++ {
					if !matches(x.KeyAt(i)) {
						b.Put(x.KeyAt(i), x.ValueAt(i))
					}
				}
				coll = b.Build()
			case v.String:
				panic(fn.Errorf("undefined method `reject!' for %s", inspect(x)+":String"))
			default:
				panic(fn.Errorf("delete_regex(): First argument must be an Array, Hash, or String. Given an argument of class %s.", class(coll)))
			}
		}
		return coll
	})
	def3("delete_undef_values", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("delete_undef_values(): Wrong number of arguments given (%d)", len(a))
		}
		switch x := a[0].(type) {
		case *v.Hash:
			b := v.NewHashBuilder(x.Len())
			for i := 0; i < x.Len(); i++ {
				if !v.IsUndef(x.ValueAt(i)) {
					b.Put(x.KeyAt(i), x.ValueAt(i))
				}
			}
			return b.Build()
		case *v.Array:
			var out []v.Value
			for _, e := range x.Elems() {
				if !v.IsUndef(e) {
					out = append(out, e)
				}
			}
			return arr(out...)
		}
		parseError("delete_undef_values(): expected an array or hash, got %s type  %s ", fn.RubyToS(a[0]), class(a[0]))
		return nil
	})
	def3("delete_values", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 2 {
			parseError("delete_values(): Wrong number of arguments given (%d of 2)", len(a))
		}
		h, ok := a[0].(*v.Hash)
		if !ok {
			panic(fn.Errorf("delete_values(): First argument must be a Hash. Given an argument of class %s.", class(a[0])))
		}
		b := v.NewHashBuilder(h.Len())
		for i := 0; i < h.Len(); i++ {
			if !fn.RubyEqual(a[1], h.ValueAt(i)) {
				b.Put(h.KeyAt(i), h.ValueAt(i))
			}
		}
		return b.Build()
	})
	def3("difference", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 2 {
			parseError("difference(): Wrong number of arguments given (%d for 2)", len(a))
		}
		x, ok1 := a[0].(*v.Array)
		y, ok2 := a[1].(*v.Array)
		if !ok1 || !ok2 {
			parseError("difference(): Requires 2 arrays")
		}
		drop := newSet(y.Elems())
		var out []v.Value
		for _, e := range x.Elems() {
			if !drop.has(e) {
				out = append(out, e)
			}
		}
		return arr(out...)
	})
	def3("intersection", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 2 {
			parseError("intersection(): Wrong number of arguments given (%d for 2)", len(a))
		}
		x, ok1 := a[0].(*v.Array)
		y, ok2 := a[1].(*v.Array)
		if !ok1 || !ok2 {
			parseError("intersection(): Requires 2 arrays, got %s and %s", class(a[0]), class(a[1]))
		}
		keep := newSet(y.Elems())
		var out []v.Value
		for _, e := range uniq(x.Elems()) {
			if keep.has(e) {
				out = append(out, e)
			}
		}
		return arr(out...)
	})
	def3("union", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) < 2 {
			parseError("union(): Wrong number of arguments given (%d for < 2)", len(a))
		}
		var all []v.Value
		for _, x := range a {
			y, ok := x.(*v.Array)
			if !ok {
				parseError("union(): Every parameter must be an array")
			}
			all = append(all, y.Elems()...)
		}
		return arr(uniq(all)...)
	})
	def3("dig44", -2, false, func(c fn.Context, a args) v.Value {
		if len(a) < 2 {
			parseError("dig44(): Wrong number of arguments given (%d for at least 2)", len(a))
		}
		data, def := a[0], argOr(a, 2)
		if !isHash(data) && !isArray(data) {
			parseError("dig44(): first argument must be a hash or an array, given %s", class(data))
		}
		path, ok := a[1].(*v.Array)
		if !ok {
			parseError("dig44(): second argument must be an array, given %s", class(a[1]))
		}
		return dig44(data, path.Elems(), def)
	})
	def3("dos2unix", 1, false, func(c fn.Context, a args) v.Value {
		if !isString(a[0]) {
			parseError("dos2unix(): Requires string as argument")
		}
		return v.String(strings.ReplaceAll(str(a[0]), "\r\n", "\n"))
	})
	def3("unix2dos", 1, false, func(c fn.Context, a args) v.Value {
		if !isString(a[0]) {
			parseError("unix2dos(): Requires string as argument")
		}
		return v.String(crlfRx.ReplaceAllString(str(a[0]), "\r\n"))
	})
	def3("enclose_ipv6", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("enclose_ipv6(): Wrong number of arguments given %d for 1", len(a))
		}
		if !isString(a[0]) && !isArray(a[0]) {
			parseError("enclose_ipv6(): Wrong argument type given %s expected String or Array", class(a[0]))
		}
		var out []v.Value
		for _, x := range flatten([]v.Value{a[0]}) {
			if v.IsUndef(x) {
				continue
			}
			if x != v.String("*") {
				s, ok := x.(v.String)
				var ip *fn.IPAddr
				if ok {
					ip, _ = fn.ParseIPAddr(string(s))
				}
				if ip == nil {
					if !ok {
						panic(fn.Errorf("address family must be specified"))
					}
					parseError("enclose_ipv6(): Wrong argument given %s is not an ip address.", fn.RubyToS(x))
				}
				if ip.IPv6 {
					x = v.String("[" + ip.String() + "]")
				}
			}
			out = append(out, x)
		}
		return arr(uniq(out)...)
	})
	fn.New("fact").Module(module).D("String fact_name", func(c fn.Context, a args, b fn.Block) v.Value {
		return fact(c, str(a[0]))
	}).Register()
	def3("fqdn_rand_string", -2, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			panic(fn.Errorf("fqdn_rand_string(): wrong number of arguments (0 for 1)"))
		}
		if !v.Truthy(call3(c, "is_integer", a[0])) || toI(a[0]) <= 0 {
			panic(fn.Errorf("fqdn_rand_string(): first argument must be a positive integer"))
		}
		if len(a) > 1 && !v.IsUndef(a[1]) && !isString(a[1]) {
			panic(fn.Errorf("fqdn_rand_string(): second argument must be undef or a string"))
		}
		length := toI(a[0])
		var charset []string
		if len(a) > 1 {
			for _, r := range fn.RubyToS(a[1]) {
				charset = append(charset, string(r))
			}
		}
		if len(charset) == 0 {
			for _, r := range "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" {
				charset = append(charset, string(r))
			}
		}
		rest := []v.Value{}
		if len(a) > 2 {
			rest = a[2:]
		}
		var sb strings.Builder
		for cur := int64(1); cur <= length; cur++ {
			seed := joinToS(append(append([]v.Value(nil), rest...), v.String(strconv.FormatInt(cur, 10))))
			r := c.Call("fqdn_rand", []v.Value{v.Int(len(charset)), v.String(seed)}, nil)
			sb.WriteString(charset[toI(r)])
		}
		return v.String(sb.String())
	})
	def3("fqdn_rotate", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("fqdn_rotate(): Wrong number of arguments given (%d for 1)", len(a))
		}
		value := a[0]
		var elems []v.Value
		switch x := value.(type) {
		case *v.Array:
			elems = x.Elems()
		case v.String:
			for _, r := range string(x) {
				elems = append(elems, v.String(string(r)))
			}
		default:
			parseError("fqdn_rotate(): Requires either array or string to work with")
		}
		if len(elems) <= 1 {
			return value
		}
		fqdn := fn.LookupVar3x(c, "::fqdn")
		seed := md5Seed(joinToS([]v.Value{fqdn, arr(a[1:]...)}))
		offset := int(fn.NewRubyRandom(seed).Intn(uint64(len(elems))))
		rotated := append(append([]v.Value(nil), elems[offset:]...), elems[:offset]...)
		if _, isStr := value.(v.String); isStr {
			return v.String(joinStrings(rotated, ""))
		}
		return arr(rotated...)
	})
	def3("fqdn_uuid", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			panic(fn.Errorf("fqdn_uuid: No arguments given"))
		}
		if len(a) != 1 {
			panic(fn.Errorf("fqdn_uuid: Too many arguments given (%d)", len(a)))
		}
		ns := []byte{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}
		h := sha1.New()
		h.Write(ns)
		h.Write([]byte(str(a[0])))
		b := h.Sum(nil)[:16]
		b[6] = b[6]&0x0f | 0x50
		b[8] = b[8]&0x3f | 0x80
		x := hex.EncodeToString(b)
		return v.String(x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32])
	})
	def3("get_module_path", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("get_module_path(): Wrong number of arguments, expects one")
		}
		if f, ok := c.(fn.FileFinder); ok {
			if p, ok := f.ModuleDirectory(str(a[0])); ok {
				return v.String(p)
			}
		}
		parseError("Could not find module %s in environment %s", fn.RubyToS(a[0]), c.Environment())
		return nil
	})
	def3("glob", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("glob(): Wrong number of arguments given (%d for 1)", len(a))
		}
		if !isString(a[0]) && !isArray(a[0]) {
			parseError("glob(): Requires either array or string to work")
		}
		g, ok := c.(Globber)
		if !ok {
			parseError("glob(): pp2go does not read the file system of the compiling machine")
		}
		var pats []string
		for _, p := range kernelArray(a[0]) {
			pats = append(pats, fn.RubyToS(p))
		}
		return strs(g.Glob(pats))
	})
	def3("grep", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 2 {
			parseError("grep(): Wrong number of arguments given %d for 2", len(a))
		}
		re := rubyRegexp(a[1])
		var out []v.Value
		for _, e := range countElems(a[0]) {
			if s, ok := e.(v.String); ok && re.MatchString(string(s)) {
				out = append(out, e)
			}
		}
		return arr(out...)
	})
	def3("reject", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 2 {
			parseError("reject(): Wrong number of arguments given %d for 2", len(a))
		}
		re := rubyRegexp(a[1])
		var out []v.Value
		for _, e := range countElems(a[0]) {
			if s, ok := e.(v.String); ok && re.MatchString(string(s)) {
				continue
			}
			out = append(out, e)
		}
		return arr(out...)
	})
	def3("has_interface_with", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 || len(a) > 2 {
			parseError("has_interface_with(): Wrong number of arguments given (%d for 1 or 2)", len(a))
		}
		ifs := fn.LookupVar3x(c, "interfaces")
		if v.IsUndef(ifs) {
			return v.False
		}
		names := strings.Split(fn.RubyToS(ifs), ",")
		if len(a) == 1 {
			for _, n := range names {
				if v.String(n) == a[0] {
					return v.True
				}
			}
			return v.False
		}
		kind, value := fn.RubyToS(a[0]), a[1]
		if fv, ok := c.LookupVar(kind); ok && fn.RubyEqual(fv, value) {
			return v.True
		}
		for _, n := range names {
			fv, ok := c.LookupVar(kind + "_" + strings.ToLower(n))
			if ok && fn.RubyEqual(value, fv) {
				return v.True
			}
			if !ok && v.IsUndef(value) {
				return v.True
			}
		}
		return v.False
	})
	def3("has_ip_address", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("has_ip_address(): Wrong number of arguments given (%d for 1)", len(a))
		}
		return call3(c, "has_interface_with", v.String("ipaddress"), a[0])
	})
	def3("has_ip_network", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("has_ip_network(): Wrong number of arguments given (%d for 1)", len(a))
		}
		return call3(c, "has_interface_with", v.String("network"), a[0])
	})
	def3("has_key", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 2 {
			parseError("has_key(): wrong number of arguments (%d; must be 2)", len(a))
		}
		h, ok := a[0].(*v.Hash)
		if !ok {
			parseError("has_key(): expects the first argument to be a hash, got %s which is of type %s", inspect(a[0]), class(a[0]))
		}
		return v.BoolOf(h.Has(a[1]))
	})
	def3("hash", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("hash(): Wrong number of arguments given (%d for 1)", len(a))
		}
		x, ok := a[0].(*v.Array)
		if !ok {
			parseError("hash(): Requires array to work with")
		}
		flat := flatten(x.Elems())
		if len(flat)%2 != 0 {
			parseError("hash(): Unable to compute hash from array given")
		}
		b := v.NewHashBuilder(len(flat) / 2)
		for i := 0; i < len(flat); i += 2 {
			b.Put(flat[i], flat[i+1])
		}
		return b.Build()
	})
	fn.New("is_a").Module(module).D("Any value, Type type", func(c fn.Context, a args, b fn.Block) v.Value {
		return v.BoolOf(v.IsInstance(a[1].(v.Type), a[0]))
	}).Register()
	fn.New("type_of").Module(module).D("Any value", func(c fn.Context, a args, b fn.Block) v.Value {
		return v.InferSet(a[0])
	}).Register()
	def3("join_keys_to_values", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 2 {
			parseError("join_keys_to_values(): Takes exactly two arguments, but %d given.", len(a))
		}
		h, ok := a[0].(*v.Hash)
		if !ok {
			panic(fn.Errorf("join_keys_to_values(): The first argument must be a hash, but a %s was given.", class(a[0])))
		}
		sep, ok := a[1].(v.String)
		if !ok {
			panic(fn.Errorf("join_keys_to_values(): The second argument must be a string, but a %s was given.", class(a[1])))
		}
		var out []v.Value
		for i := 0; i < h.Len(); i++ {
			k := fn.RubyToS(h.KeyAt(i))
			switch val := h.ValueAt(i).(type) {
			case *v.Array:
				for _, e := range val.Elems() {
					out = append(out, v.String(k+string(sep)+fn.RubyToS(e)))
				}
			default:
				if fn.RubyToS(val) == "undef" {
					out = append(out, v.String(k))
				} else {
					out = append(out, v.String(k+string(sep)+fn.RubyToS(val)))
				}
			}
		}
		return arr(out...)
	})
	def3("member", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) < 2 {
			parseError("member(): Wrong number of arguments given (%d for 2)", len(a))
		}
		x, ok := a[0].(*v.Array)
		if !ok {
			parseError("member(): Requires array to work with")
		}
		var items []v.Value
		switch y := a[1].(type) {
		case v.String, v.Int:
			items = []v.Value{y}
		case *v.Array:
			items = y.Elems()
		default:
			parseError("member(): Item to search for must be a string, fixnum, or array")
		}
		if len(items) == 0 {
			parseError("member(): You must provide item to search for within array given")
		}
		in := newSet(x.Elems())
		for _, it := range items {
			if !in.has(it) {
				return v.False
			}
		}
		return v.True
	})
	def3("merge", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) < 2 {
			parseError("merge(): wrong number of arguments (%d; must be at least 2)", len(a))
		}
		acc := v.EmptyHash
		for _, x := range a {
			if s, ok := x.(v.String); ok && s == "" {
				continue
			}
			h, ok := x.(*v.Hash)
			if !ok {
				parseError("merge: unexpected argument type %s, only expects hash arguments", class(x))
			}
			acc = acc.Merge(h)
		}
		return acc
	})
	fn.New("merge").Module(module).
		DR("Variant[Hash[Scalar,Any], Undef, String[0,0]] args*", "Hash[Scalar,Any]", func(c fn.Context, a args, b fn.Block) v.Value {
			acc := v.EmptyHash
			for _, x := range a {
				if h, ok := x.(*v.Hash); ok {
					acc = acc.Merge(h)
				}
			}
			return acc
		}).Method("merge2hashes").
		DR("Iterable args*, Callable[3,3] &block", "Hash", func(c fn.Context, a args, b fn.Block) v.Value {
			acc := v.EmptyHash
			if len(a) == 0 {
				return acc
			}
			if h, ok := a[0].(*v.Hash); ok {
				for i := 0; i < h.Len(); i++ {
					if r, ok := b.Call(acc, h.KeyAt(i), h.ValueAt(i)).(*v.Hash); ok {
						acc = acc.Merge(r)
					}
				}
				return acc
			}
			i := 0
			fn.CatchBreak(func() {
				fn.Iterate("merge", a[0], func(e v.Value) bool {
					if r, ok := b.Call(acc, v.Int(i), e).(*v.Hash); ok {
						acc = acc.Merge(r)
					}
					i++
					return true
				})
			})
			return acc
		}).Method("merge_iterable3").
		DR("Iterable args*, Callable[2,2] &block", "Hash", func(c fn.Context, a args, b fn.Block) v.Value {
			acc := v.EmptyHash
			if len(a) == 0 {
				return acc
			}
			fn.Iterate("merge", a[0], func(e v.Value) bool {
				if r, ok := b.Call(acc, e).(*v.Hash); ok {
					acc = acc.Merge(r)
				}
				return true
			})
			return acc
		}).Method("merge_iterable2").Register()
	fn.New("os_version_gte").Module(module).
		DR("String[1] os, String[1] version", "Boolean", func(c fn.Context, a args, b fn.Block) v.Value {
			facts, _ := c.LookupVar("facts")
			h, _ := facts.(*v.Hash)
			if h == nil {
				return v.False
			}
			osName, _ := h.GetString("operatingsystem")
			if !fn.RubyEqual(osName, a[0]) {
				return v.False
			}
			rel, _ := h.GetString("operatingsystemmajrelease")
			rs, ok := rel.(v.String)
			if !ok {
				panic(fn.Errorf("undefined method `scan' for %s", inspect(rel)+":"+class(rel)))
			}
			return v.BoolOf(versioncmp(string(rs), str(a[1])) >= 0)
		}).Register()
	def3("pick", -1, false, func(c fn.Context, a args) v.Value {
		var kept []v.Value
		for _, x := range a {
			if v.IsUndef(x) || x == v.String("") {
				continue
			}
			kept = append(kept, x)
		}
		if len(kept) == 0 || fn.RubyToS(kept[0]) == "" {
			parseError("pick(): must receive at least one non empty value")
		}
		return kept[0]
	})
	def3("pick_default", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			panic(fn.Errorf("Must receive at least one argument."))
		}
		for _, x := range a[:len(a)-1] {
			if v.IsUndef(x) || x == v.String("") {
				continue
			}
			return x
		}
		return a[len(a)-1]
	})
	affix := func(name string, pre bool) {
		def3(name, -1, false, func(c fn.Context, a args) v.Value {
			if len(a) == 0 {
				parseError("%s(): Wrong number of arguments given (%d for 1)", name, len(a))
			}
			if !isArray(a[0]) && !isHash(a[0]) {
				parseError("%s(): expected first argument to be an Array or a Hash, got %s", name, inspect(a[0]))
			}
			var fix string
			has := len(a) > 1 && v.Truthy(a[1])
			if has {
				s, ok := a[1].(v.String)
				if !ok {
					parseError("%s(): expected second argument to be a String, got %s", name, inspect(a[1]))
				}
				fix = string(s)
			}
			apply := func(x v.Value) v.Value {
				s := fn.RubyToS(x)
				if pre {
					return v.String(fix + s)
				}
				return v.String(s + fix)
			}
			if x, ok := a[0].(*v.Array); ok {
				out := make([]v.Value, x.Len())
				for i, e := range x.Elems() {
					out[i] = apply(e)
				}
				return arr(out...)
			}
			h := a[0].(*v.Hash)
			b := v.NewHashBuilder(h.Len())
			for i := 0; i < h.Len(); i++ {
				b.Put(apply(h.KeyAt(i)), h.ValueAt(i))
			}
			return b.Build()
		})
	}
	affix("prefix", true)
	affix("suffix", false)
	def3("pry", -1, true, func(c fn.Context, a args) v.Value {
		panic(fn.Errorf("pry(): Requires the 'pry' rubygem to use, but it was not found"))
	})
	def3("range", -1, false, func(c fn.Context, a args) v.Value { return rangeFn(a) })
	def3("regexpescape", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("regexpescape(): Wrong number of arguments given (%d for 1)", len(a))
		}
		switch x := a[0].(type) {
		case *v.Array:
			out := make([]v.Value, x.Len())
			for i, e := range x.Elems() {
				if s, ok := e.(v.String); ok {
					e = v.String(fn.RegexpEscape(string(s)))
				}
				out[i] = e
			}
			return arr(out...)
		case v.String:
			return v.String(fn.RegexpEscape(string(x)))
		}
		parseError("regexpescape(): Requires either array or string to work with")
		return nil
	})
	def3("reverse", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("reverse(): Wrong number of arguments given (%d for 1)", len(a))
		}
		switch x := a[0].(type) {
		case *v.Array:
			n := x.Len()
			out := make([]v.Value, n)
			for i, e := range x.Elems() {
				out[n-1-i] = e
			}
			return arr(out...)
		case v.String:
			r := []rune(string(x))
			for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
				r[i], r[j] = r[j], r[i]
			}
			return v.String(string(r))
		}
		parseError("reverse(): Requires either array or string to work with")
		return nil
	})
	def3("seeded_rand", 2, false, func(c fn.Context, a args) v.Value {
		if !v.Truthy(call3(c, "is_integer", a[0])) || toI(a[0]) <= 0 {
			panic(fn.Errorf("seeded_rand(): first argument must be a positive integer"))
		}
		s, ok := a[1].(v.String)
		if !ok {
			panic(fn.Errorf("seeded_rand(): second argument must be a string"))
		}
		return v.Int(fn.NewRubyRandom(md5Seed(string(s))).Intn(uint64(toI(a[0]))))
	})
	fn.New("seeded_rand_string").Module(module).
		D("Integer[1] length, String seed, String[2] charset?", func(c fn.Context, a args, b fn.Block) v.Value {
			charset := "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			if len(a) > 2 {
				charset = str(a[2])
			}
			chars := []rune(charset)
			sum := sha256.Sum256([]byte(str(a[1])))
			seed, _ := new(big.Int).SetString(hex.EncodeToString(sum[:]), 16)
			r := fn.NewRubyRandom(seed)
			var sb strings.Builder
			for i := int64(0); i < int64(a[0].(v.Int)); i++ {
				sb.WriteRune(chars[r.Intn(uint64(len(chars)))])
			}
			return v.String(sb.String())
		}).Register()
	fn.New("shell_escape").Module(module).D("Any string", func(c fn.Context, a args, b fn.Block) v.Value {
		return v.String(shellEscape(fn.RubyToS(a[0])))
	}).Register()
	def3("shell_join", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("shell_join(): Wrong number of arguments given (%d for 1)", len(a))
		}
		x, ok := a[0].(*v.Array)
		if !ok {
			parseError("First argument is not an Array: %s", inspect(a[0]))
		}
		parts := make([]string, x.Len())
		for i, e := range x.Elems() {
			parts[i] = shellEscape(fn.RubyToS(e))
		}
		return v.String(strings.Join(parts, " "))
	})
	def3("shell_split", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("shell_split(): Wrong number of arguments given (%d for 1)", len(a))
		}
		words, err := shellSplit(fn.RubyToS(a[0]))
		if err != nil {
			panic(err)
		}
		return strs(words)
	})
	def3("shuffle", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("shuffle(): Wrong number of arguments given (%d for 1)", len(a))
		}
		switch x := a[0].(type) {
		case *v.Array:
			out := append([]v.Value(nil), x.Elems()...)
			rand.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
			return arr(out...)
		case v.String:
			r := []rune(string(x))
			rand.Shuffle(len(r), func(i, j int) { r[i], r[j] = r[j], r[i] })
			return v.String(string(r))
		}
		parseError("shuffle(): Requires either array or string to work with")
		return nil
	})
	fn.New("sprintf_hash").Module(module).D("String format, Hash arguments", func(c fn.Context, a args, b fn.Block) v.Value {
		deprecation(c, "sprintf_hash", "This method is deprecated. From Puppet 4.10.10/5.3.4 please use the built-in sprintf instead")
		s, err := v.Sprintf(str(a[0]), a[1])
		if err != nil {
			panic(err)
		}
		return v.String(s)
	}).Register()
	def3("squeeze", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 && len(a) != 2 {
			parseError("squeeze(): Wrong number of arguments given %d for 2 or 1", len(a))
		}
		set := ""
		has := len(a) == 2 && v.Truthy(a[1])
		if has {
			set = str(a[1])
		}
		sq := func(x v.Value) v.Value {
			s, ok := x.(v.String)
			if !ok {
				panic(fn.Errorf("undefined method `squeeze' for %s", inspect(x)+":"+class(x)))
			}
			return v.String(squeeze(string(s), set, has))
		}
		if x, ok := a[0].(*v.Array); ok {
			out := make([]v.Value, x.Len())
			for i, e := range x.Elems() {
				out[i] = sq(e)
			}
			return arr(out...)
		}
		return sq(a[0])
	})
	def3("swapcase", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("swapcase(): Wrong number of arguments given (%d for 1)", len(a))
		}
		switch x := a[0].(type) {
		case *v.Array:
			out := make([]v.Value, x.Len())
			for i, e := range x.Elems() {
				if s, ok := e.(v.String); ok {
					e = v.String(fn.RubySwapcase(string(s)))
				}
				out[i] = e
			}
			return arr(out...)
		case v.String:
			return v.String(fn.RubySwapcase(string(x)))
		}
		parseError("swapcase(): Requires either array or string to work with")
		return nil
	})
	def3("time", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) > 1 {
			parseError("time(): Wrong number of arguments given %d for 0 or 1", len(a))
		}
		return v.Int(time.Now().Unix())
	})
	def3("to_bytes", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("to_bytes(): Wrong number of arguments given (%d for 1)", len(a))
		}
		switch a[0].(type) {
		case v.Int, v.Float:
			return a[0]
		}
		m := bytesRx.FindStringSubmatch(str(a[0]))
		f := fn.RubyToF(m[1])
		shift := map[string]uint{"": 0, "k": 10, "M": 20, "G": 30, "T": 40, "P": 50, "E": 60}
		s, ok := shift[m[2]]
		if !ok {
			parseError("to_bytes(): Unknown prefix %s", m[2])
		}
		return v.Int(int64(f * float64(uint64(1)<<s)))
	})
	def3("try_get_value", -2, false, func(c fn.Context, a args) v.Value {
		c.Warn("try_get_value() DEPRECATED: this function is deprecated, please use dig() instead.")
		data := a[0]
		p := argOr(a, 1)
		if v.IsUndef(p) {
			p = v.String("")
		}
		def := argOr(a, 2)
		if (!isHash(data) && !isArray(data)) || p == v.String("") {
			if v.Truthy(def) {
				return def
			}
			return data
		}
		sep := "/"
		if len(a) > 3 && v.Truthy(a[3]) {
			sep = str(a[3])
		}
		var keys []v.Value
		for _, k := range rubySplitString(str(p), sep) {
			if digits.MatchString(k) {
				keys = append(keys, v.Int(fn.RubyToI(k, 10)))
			} else {
				keys = append(keys, v.String(k))
			}
		}
		// function_dig is stdlib's 3.x dig (shadowed by core's dig for Puppet
		// code): dig44's walk
		return dig44(data, keys, def)
	})
	def3("type3x", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) != 1 {
			parseError("type3x(): Wrong number of arguments given (%d for 1)", len(a))
		}
		switch x := a[0].(type) {
		case v.Bool:
			return v.String("boolean")
		case v.Int:
			return v.String("integer")
		case v.Float:
			return v.String("float")
		case *v.Array:
			return v.String("array")
		case *v.Hash:
			return v.String("hash")
		case v.String:
			s := string(x)
			if s == strconv.FormatInt(fn.RubyToI(s, 10), 10) {
				return v.String("integer")
			}
			if s == fn.RubyToS(v.Float(fn.RubyToF(s))) {
				return v.String("float")
			}
			return v.String("string")
		}
		parseError("type3x(): Unknown type")
		return nil
	})
	def3("uriescape", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) == 0 {
			parseError("uriescape(): Wrong number of arguments given (%d for 1)", len(a))
		}
		switch x := a[0].(type) {
		case *v.Array:
			out := make([]v.Value, x.Len())
			for i, e := range x.Elems() {
				if s, ok := e.(v.String); ok {
					e = v.String(uriEscape(string(s)))
				}
				out[i] = e
			}
			return arr(out...)
		case v.String:
			return v.String(uriEscape(string(x)))
		}
		parseError("uriescape(): Requires either array or string to work with")
		return nil
	})
	def3("values_at", -1, false, func(c fn.Context, a args) v.Value { return valuesAt(a) })
	def3("zip", -1, false, func(c fn.Context, a args) v.Value {
		if len(a) < 2 {
			parseError("zip(): Wrong number of arguments given (%d for 2)", len(a))
		}
		x, ok1 := a[0].(*v.Array)
		y, ok2 := a[1].(*v.Array)
		if !ok1 || !ok2 {
			parseError("zip(): Requires array to work with")
		}
		flat := false
		if len(a) > 2 && v.Truthy(a[2]) {
			flat = v.Truthy(call3(c, "str2bool", a[2]))
		}
		out := make([]v.Value, x.Len())
		for i, e := range x.Elems() {
			var other v.Value = v.Undef
			if i < y.Len() {
				other = y.At(i)
			}
			out[i] = arr(e, other)
		}
		if flat {
			return arr(flatten(out)...)
		}
		return arr(out...)
	})

	// stdlib:: namespaced functions
	fn.New("stdlib::end_with").Module(module).
		DR("String test_string, Variant[String[1],Array[String[1], 1]] suffixes", "Boolean", func(c fn.Context, a args, b fn.Block) v.Value {
			for _, s := range kernelArray(a[1]) {
				if strings.HasSuffix(str(a[0]), str(s)) {
					return v.True
				}
			}
			return v.False
		}).Register()
	fn.New("stdlib::start_with").Module(module).
		DR("String test_string, Variant[String[1],Array[String[1], 1]] prefixes", "Boolean", func(c fn.Context, a args, b fn.Block) v.Value {
			for _, s := range kernelArray(a[1]) {
				if strings.HasPrefix(str(a[0]), str(s)) {
					return v.True
				}
			}
			return v.False
		}).Register()
	fn.New("stdlib::extname").Module(module).
		DR("String filename", "String", func(c fn.Context, a args, b fn.Block) v.Value {
			return v.String(rubyExtname(str(a[0])))
		}).Register()
	fn.New("stdlib::ip_in_range").Module(module).
		DR("String ipaddress, Variant[String, Array] range", "Boolean", func(c fn.Context, a args, b fn.Block) v.Value {
			ip := mustIP(a[0])
			for _, r := range kernelArray(a[1]) {
				if mustIP(r).Include(ip) {
					return v.True
				}
			}
			return v.False
		}).Register()
	fn.New("stdlib::xml_encode").Module(module).
		DR("String str, Enum['text','attr'] type?", "String", func(c fn.Context, a args, b fn.Block) v.Value {
			attr := len(a) > 1 && str(a[1]) == "attr"
			var sb strings.Builder
			if attr {
				sb.WriteByte('"')
			}
			for _, r := range str(a[0]) {
				switch {
				case r == '&':
					sb.WriteString("&amp;")
				case r == '<':
					sb.WriteString("&lt;")
				case r == '>':
					sb.WriteString("&gt;")
				case r == '"' && attr:
					sb.WriteString("&quot;")
				default:
					sb.WriteRune(r)
				}
			}
			if attr {
				sb.WriteByte('"')
			}
			return v.String(sb.String())
		}).Register()
}

// Globber is implemented by contexts that may read the compiling machine's
// file system for glob().
type Globber interface {
	Glob(patterns []string) []string
}

func mustIP(x v.Value) *fn.IPAddr {
	ip, err := fn.ParseIPAddr(str(x))
	if err != nil {
		panic(fn.Errorf("%s", err.Error()))
	}
	return ip
}

func toI(x v.Value) int64 {
	switch y := x.(type) {
	case v.Int:
		return int64(y)
	case v.Float:
		return int64(y)
	case v.String:
		return fn.RubyToI(string(y), 10)
	}
	return 0
}

var (
	strTrueRx  = lazyre.New(`(?im)^(1|t|y|true|yes)$`)
	strFalseRx = lazyre.New(`(?im)^(0|f|n|false|no)$`)
	strUndefRx = lazyre.New(`(?m)^(undef|undefined)$`)
	crlfRx     = lazyre.New(`\r*\n`)
	bytesRx    = lazyre.New(`([0-9.e+-]*)\s*([^bB]?)`)
)

func str2bool(s string) bool {
	switch {
	case s == "":
		return false
	case strTrueRx.MatchString(s):
		return true
	case strFalseRx.MatchString(s):
		return false
	case strUndefRx.MatchString(s):
		return false
	}
	parseError("str2bool(): Unknown type of boolean given")
	return false
}

// countElems is what Ruby's Enumerable methods see of a collection.
func countElems(x v.Value) []v.Value {
	switch y := x.(type) {
	case *v.Array:
		return y.Elems()
	case *v.Hash:
		return kernelArray(y)
	}
	panic(fn.Errorf("undefined method for %s", class(x)))
}

func deepMerge(a, b *v.Hash) *v.Hash {
	out := v.NewHashBuilder(a.Len() + b.Len())
	for i := 0; i < a.Len(); i++ {
		out.Put(a.KeyAt(i), a.ValueAt(i))
	}
	for i := 0; i < b.Len(); i++ {
		k, nv := b.KeyAt(i), b.ValueAt(i)
		if ov, ok := a.Get(k); ok {
			oh, ok1 := ov.(*v.Hash)
			nh, ok2 := nv.(*v.Hash)
			if ok1 && ok2 {
				out.Put(k, deepMerge(oh, nh))
				continue
			}
		}
		out.Put(k, nv)
	}
	return out.Build()
}

func dig44(data v.Value, path []v.Value, def v.Value) v.Value {
	cur := data
	for _, k := range path {
		var next v.Value
		switch c := cur.(type) {
		case *v.Hash:
			next, _ = c.Get(k)
		case *v.Array:
			idx, ok := integerKey(k)
			if !ok {
				return def
			}
			if idx < 0 {
				idx += int64(c.Len())
			}
			if idx >= 0 && idx < int64(c.Len()) {
				next = c.At(int(idx))
			}
		default:
			return def // Ruby's break: the reduce gives nil
		}
		if next == nil || v.IsUndef(next) {
			return def
		}
		cur = next
	}
	if v.IsUndef(cur) {
		return def
	}
	return cur
}

// integerKey is Kernel#Integer(key) for dig44.
func integerKey(k v.Value) (int64, bool) {
	switch x := k.(type) {
	case v.Int:
		return int64(x), true
	case v.Float:
		return int64(x), true
	case v.String:
		n, ok := fn.RubyInteger(string(x))
		if !ok || !n.IsInt64() {
			return 0, false
		}
		return n.Int64(), true
	}
	return 0, false
}

func md5Seed(s string) *big.Int {
	sum := md5.Sum([]byte(s))
	n, _ := new(big.Int).SetString(hex.EncodeToString(sum[:]), 16)
	return n
}

// joinToS is Array#join(':'): nested arrays are joined recursively (an
// empty one still takes its place between separators).
func joinToS(vals []v.Value) string { return rubyJoin(vals, ":") }

func rubyJoin(vals []v.Value, sep string) string {
	parts := make([]string, len(vals))
	for i, x := range vals {
		if a, ok := x.(*v.Array); ok {
			parts[i] = rubyJoin(a.Elems(), sep)
		} else {
			parts[i] = fn.RubyToS(x)
		}
	}
	return strings.Join(parts, sep)
}

// rubyBasename is File.basename(path, suffix).
func rubyBasename(p, suffix string) string {
	if p == "" {
		return ""
	}
	t := strings.TrimRight(p, "/")
	if t == "" {
		return "/"
	}
	if i := strings.LastIndexByte(t, '/'); i >= 0 {
		t = t[i+1:]
	}
	if suffix == ".*" {
		if i := strings.LastIndexByte(t, '.'); i > 0 {
			t = t[:i]
		}
	} else if suffix != "" && strings.HasSuffix(t, suffix) && t != suffix {
		t = t[:len(t)-len(suffix)]
	}
	return t
}

// rubyDirname is File.dirname(path).
func rubyDirname(p string) string {
	t := strings.TrimRight(p, "/")
	if t == "" {
		if strings.HasPrefix(p, "/") {
			return "/"
		}
		return "."
	}
	i := strings.LastIndexByte(t, '/')
	if i < 0 {
		return "."
	}
	d := strings.TrimRight(t[:i], "/")
	if d == "" {
		return "/"
	}
	return d
}

// rubyExtname is File.extname(path).
func rubyExtname(p string) string {
	base := rubyBasename(p, "")
	base = strings.TrimLeft(base, ".")
	i := strings.LastIndexByte(base, '.')
	if i < 0 {
		return ""
	}
	ext := base[i:]
	if ext == "." {
		return "."
	}
	return ext
}

func shellEscape(s string) string {
	if s == "" {
		return "''"
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString("'\n'")
		case r < utf8.RuneSelf && (r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune("_-.,:+/@", r)):
			b.WriteRune(r)
		default:
			b.WriteByte('\\')
			b.WriteRune(r)
		}
	}
	return b.String()
}

// shellSplit is Shellwords.shellsplit.
func shellSplit(line string) ([]string, error) {
	var words []string
	var field strings.Builder
	inWord := false
	i := 0
	for i < len(line) {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			if inWord {
				words = append(words, field.String())
				field.Reset()
				inWord = false
			}
			i++
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fn.Errorf("Unmatched quote: %s", fn.RubyStringInspect(line))
			}
			field.WriteString(line[i+1 : i+1+j])
			inWord = true
			i += j + 2
		case c == '"':
			j := i + 1
			for ; j < len(line) && line[j] != '"'; j++ {
				if line[j] == '\\' && j+1 < len(line) {
					n := line[j+1]
					if n == '$' || n == '`' || n == '"' || n == '\\' || n == '\n' {
						if n != '\n' {
							field.WriteByte(n)
						}
						j++
						continue
					}
				}
				field.WriteByte(line[j])
			}
			if j >= len(line) {
				return nil, fn.Errorf("Unmatched quote: %s", fn.RubyStringInspect(line))
			}
			inWord = true
			i = j + 1
		case c == '\\':
			if i+1 < len(line) {
				if line[i+1] != '\n' {
					_, w := utf8.DecodeRuneInString(line[i+1:])
					field.WriteString(line[i+1 : i+1+w])
					i += 1 + w
				} else {
					i += 2
				}
			} else {
				i++
			}
			inWord = true
		default:
			field.WriteByte(c)
			inWord = true
			i++
		}
	}
	if inWord {
		words = append(words, field.String())
	}
	if words == nil {
		words = []string{}
	}
	return words, nil
}

// uriEscape is URI::DEFAULT_PARSER.escape (RFC 2396 unsafe characters).
func uriEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.!~*'();/?:@&=+$,[]", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// squeeze is String#squeeze(set) (set in tr's syntax: ranges, ^ negation).
func squeeze(s, set string, hasSet bool) string {
	in := func(r rune) bool { return true }
	if hasSet {
		in = trSet(set)
	}
	var b strings.Builder
	var prev rune = -1
	for _, r := range s {
		if r == prev && in(r) {
			continue
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

func trSet(set string) func(rune) bool {
	neg := false
	rs := []rune(set)
	if len(rs) > 1 && rs[0] == '^' {
		neg = true
		rs = rs[1:]
	}
	type span struct{ lo, hi rune }
	var spans []span
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		if c == '\\' && i+1 < len(rs) {
			i++
			spans = append(spans, span{rs[i], rs[i]})
			continue
		}
		if i+2 < len(rs) && rs[i+1] == '-' {
			spans = append(spans, span{c, rs[i+2]})
			i += 2
			continue
		}
		spans = append(spans, span{c, c})
	}
	return func(r rune) bool {
		found := false
		for _, s := range spans {
			if r >= s.lo && r <= s.hi {
				found = true
				break
			}
		}
		return found != neg
	}
}

func rubySplitString(s, sep string) []string {
	if s == "" {
		return nil
	}
	var parts []string
	if sep == " " {
		parts = strings.Fields(s)
	} else {
		parts = strings.Split(s, sep)
	}
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

func base64Lines(s string) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	for len(s) > 60 {
		b.WriteString(s[:60])
		b.WriteByte('\n')
		s = s[60:]
	}
	b.WriteString(s)
	b.WriteByte('\n')
	return b.String()
}

func base64Lenient(s string) []byte {
	var clean []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' {
			clean = append(clean, c)
		} else if c == '=' {
			break
		}
	}
	for len(clean)%4 == 1 {
		clean = clean[:len(clean)-1]
	}
	out, _ := base64.RawStdEncoding.DecodeString(string(clean))
	return out
}

var (
	rangeRx = lazyre.New(`(?m)^(\w+)(\.\.\.?|\-)(\w+)$`)
	anyRx   = lazyre.New(`(?m)^.+$`)
	digits  = lazyre.New(`(?m)^\d+$`)
)

func rangeFn(a args) v.Value {
	if len(a) == 0 {
		parseError("range(): Wrong number of arguments given (0 for 1)")
	}
	var start, stop v.Value
	step := int64(1)
	exclusive := false
	if len(a) > 1 {
		start, stop = a[0], a[1]
		if len(a) > 2 && !v.IsUndef(a[2]) {
			step = toI(a[2])
			if step < 0 {
				step = -step
			}
		}
		if step == 0 {
			panic(fn.Errorf("range(): 3rd arg (step size) must be a non zero integer (e.g. 1 or -1)"))
		}
	} else {
		s := fn.RubyToS(a[0])
		m := rangeRx.FindStringSubmatch(s)
		switch {
		case m != nil:
			start, stop = v.String(m[1]), v.String(m[3])
			exclusive = m[2] == "..."
		case anyRx.MatchString(s):
			parseError("range(): Unable to compute range from the value: %s", s)
		default:
			parseError("range(): Unknown range format: %s", s)
		}
	}
	if digits.MatchString(fn.RubyToS(start)) {
		lo, hi := toI(start), toI(stop)
		if exclusive {
			hi--
		}
		var out []v.Value
		for i := lo; i <= hi && len(out) < 1000000; i += step {
			out = append(out, v.Int(i))
		}
		return arr(out...)
	}
	lo, hi := fn.RubyToS(start), fn.RubyToS(stop)
	var out []v.Value
	i := int64(0)
	for _, s := range stringRange(lo, hi, exclusive) {
		if i%step == 0 {
			out = append(out, v.String(s))
		}
		i++
		if len(out) >= 1000000 {
			break
		}
	}
	return arr(out...)
}

// stringRange is (lo..hi).to_a for strings (String#succ until hi or a
// longer string).
func stringRange(lo, hi string, exclusive bool) []string {
	if lo > hi && len(lo) >= len(hi) {
		return nil
	}
	var out []string
	cur := lo
	for len(cur) <= len(hi) {
		if cur == hi {
			if !exclusive {
				out = append(out, cur)
			}
			break
		}
		out = append(out, cur)
		cur = stringSucc(cur)
		if len(out) > 1000000 {
			break
		}
	}
	return out
}

// stringSucc is String#succ for alphanumeric strings.
func stringSucc(s string) string {
	b := []byte(s)
	i := len(b) - 1
	for ; i >= 0; i-- {
		c := b[i]
		switch {
		case c >= '0' && c < '9', c >= 'a' && c < 'z', c >= 'A' && c < 'Z':
			b[i]++
			return string(b)
		case c == '9':
			b[i] = '0'
		case c == 'z':
			b[i] = 'a'
		case c == 'Z':
			b[i] = 'A'
		default:
			b[i]++
			return string(b)
		}
	}
	first := s[0]
	var carry byte = '1'
	switch {
	case first >= 'a' && first <= 'z':
		carry = 'a'
	case first >= 'A' && first <= 'Z':
		carry = 'A'
	}
	return string(carry) + string(b)
}

var valuesAtRange = lazyre.New(`(?m)^(\d+)(\.\.\.?|\-)(\d+)$`)

func valuesAt(a args) v.Value {
	if len(a) < 2 {
		parseError("values_at(): Wrong number of arguments given (%d for 2)", len(a))
	}
	x, ok := a[0].(*v.Array)
	if !ok {
		parseError("values_at(): Requires array to work with")
	}
	indices := flatten([]v.Value{a[1]})
	if len(indices) == 0 {
		parseError("values_at(): You must provide at least one positive index to collect")
	}
	var list []int64
	for _, iv := range indices {
		s := fn.RubyToS(iv)
		if m := valuesAtRange.FindStringSubmatch(s); m != nil {
			start, stop := fn.RubyToI(m[1], 10), fn.RubyToI(m[3], 10)
			if start > stop {
				parseError("values_at(): Stop index in given indices range is smaller than the start index")
			}
			if stop > int64(x.Len())-1 {
				parseError("values_at(): Stop index in given indices range exceeds array size")
			}
			if m[2] == "..." {
				stop--
			}
			for i := start; i <= stop; i++ {
				list = append(list, i)
			}
			continue
		}
		if !digits.MatchString(s) {
			parseError("values_at(): Unknown format of given index")
		}
		i := fn.RubyToI(s, 10)
		if i > int64(x.Len())-1 {
			parseError("values_at(): Given index exceeds array size")
		}
		list = append(list, i)
	}
	var out []v.Value
	for _, i := range list {
		if e := x.At(int(i)); !v.IsUndef(e) {
			out = append(out, e)
		}
	}
	return arr(out...)
}

// fact is stdlib's fact(): a dotted path into $facts (quoted segments may
// contain dots), with Puppet's warnings.
func fact(c fn.Context, name string) v.Value {
	facts, _ := c.LookupVar("facts")
	var segs []string
	for _, m := range factPathRx.FindAllStringSubmatch(name, -1) {
		if m[1] != "" {
			segs = append(segs, m[1])
		} else {
			segs = append(segs, m[2])
		}
	}
	var walked []string
	dot := func() string {
		parts := make([]string, len(walked))
		for i, w := range walked {
			if strings.Contains(w, ".") {
				parts[i] = `"` + w + `"`
			} else {
				parts[i] = w
			}
		}
		return strings.Join(parts, ".")
	}
	d := facts
	for _, k := range segs {
		if v.IsUndef(d) {
			return v.Undef
		}
		var r v.Value = v.Undef
		switch x := d.(type) {
		case *v.Array:
			n, ok := fn.RubyInteger(k)
			if !ok {
				c.Warn("fact request for " + name + " returning nil: '" + dot() + "' is an array; cannot index to '" + k + "'")
			} else if n.IsInt64() {
				i := n.Int64()
				if i < 0 {
					i += int64(x.Len())
				}
				if i >= 0 && i < int64(x.Len()) {
					r = x.At(int(i))
				}
			}
		case *v.Hash:
			if y, ok := x.GetString(k); ok {
				r = y
			}
		default:
			c.Warn("fact request for " + name + " returning nil: '" + dot() + "' is not a collection; cannot walk to '" + k + "'")
		}
		walked = append(walked, k)
		d = r
	}
	if d == nil {
		return v.Undef
	}
	return d
}

var factPathRx = lazyre.New(`([^."]+)|(?:")([^"]+)(?:")`)

func versioncmp(a, b string) int {
	r := fn.Lookup("versioncmp").Call(nil, []v.Value{v.String(a), v.String(b)}, nil)
	return int(r.(v.Int))
}
