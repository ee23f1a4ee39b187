package evaltest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Repr renders a value as repr() in rt/fn/testdata/gen.rb does.
func Repr(v values.Value) string {
	switch x := v.(type) {
	case nil, values.UndefValue:
		return "undef"
	case values.DefaultValue:
		return "default"
	case values.Bool:
		return strconv.FormatBool(bool(x))
	case values.Int:
		return fmt.Sprintf("i:%d", x)
	case values.Float:
		return "f:" + values.ToString(x)
	case values.String:
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(string(x))
		return "s:" + strings.TrimSuffix(b.String(), "\n")
	case *values.Array:
		parts := make([]string, x.Len())
		for i, e := range x.Elems() {
			parts[i] = Repr(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case *values.Hash:
		parts := make([]string, x.Len())
		for i, k := range x.Keys() {
			parts[i] = Repr(k) + "=>" + Repr(x.ValueAt(i))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case *values.Regexp:
		return "r:" + x.Source()
	case *fn.Iterator:
		return "iter:" + x.String() + ":" + Repr(values.NewArray(x.Slice()...))
	case *values.ResourceType:
		if x.Ruby {
			// a Puppet::Resource
			return "res:" + values.ToString(x)
		}
		return "t:" + values.TypeString(x)
	case values.Type:
		return "t:" + values.TypeString(x)
	case values.Timespan:
		return fmt.Sprintf("ts:%d", int64(x))
	case values.Timestamp:
		return fmt.Sprintf("tm:%d", int64(x))
	case *values.SemVer:
		return "v:" + x.String()
	case *values.SemVerRange:
		return "vr:" + x.String()
	case *values.Sensitive:
		return "sens(" + Repr(x.Unwrap()) + ")"
	case *values.Binary:
		return "b:" + x.Base64()
	}
	return fmt.Sprintf("?%T", v)
}
