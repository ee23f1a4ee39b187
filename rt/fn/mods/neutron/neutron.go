// Package neutron implements the neutron module's Ruby functions that
// manifests call: its validators and converters.
package neutron

import (
	"regexp"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/fn/core"
	"github.com/pp2go/pp2go/rt/fn/stdlib"
	v "github.com/pp2go/pp2go/rt/values"
)

const module = "neutron"

var (
	vlanRangeRx = lazyre.New(`(?m)^(.+:)?(\d+):(\d+)$`)
	vlanNameRx  = lazyre.New(`(?m)^([^:]+)?(:\d+)?$`)
	idRangeRx   = lazyre.New(`(?m)^(\d+):(\d+)$`)
)

// rangesOf is the validators' argument: an array, or one value.
func rangesOf(a []v.Value) []v.Value {
	if len(a) == 0 {
		return []v.Value{v.Undef}
	}
	if arr, ok := a[0].(*v.Array); ok {
		return arr.Elems()
	}
	return []v.Value{a[0]}
}

// matchString is Regexp#match(x) for a value that must be a string.
func matchString(re *regexp.Regexp, x v.Value) []string {
	s, ok := x.(v.String)
	if !ok {
		if v.IsUndef(x) {
			return nil
		}
		panic(fn.Errorf("no implicit conversion of %s into String", fn.RubyClass(x)))
	}
	return re.FindStringSubmatch(string(s))
}

func integer(s string) int64 {
	n, err := core.RubyInteger(s, 0)
	if err != nil {
		panic(err)
	}
	return n
}

// validator declares a range validator; like the Ruby version it returns
// the ranges it checked (the value of its last expression, value.each).
func validator(name string, check func(x v.Value)) {
	fn.New(name).Module(module).D("Any args*", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		ranges := rangesOf(a)
		for _, r := range ranges {
			check(r)
		}
		return v.NewArray(ranges...)
	}).Register()
}

func init() {
	validator("validate_network_vlan_ranges", func(r v.Value) {
		if m := matchString(vlanRangeRx.Re(), r); m != nil {
			first, second := integer(m[2]), integer(m[3])
			if first > 4094 || second > 4094 {
				panic(fn.Errorf("vlan id are invalid."))
			}
			if second-first < 0 {
				panic(fn.Errorf("network vlan ranges are invalid."))
			}
		} else if matchString(vlanNameRx.Re(), r) != nil {
		} else if v.Truthy(r) {
			panic(fn.Errorf("network vlan ranges are invalid."))
		}
	})
	validator("validate_tunnel_id_ranges", func(r v.Value) {
		if m := matchString(idRangeRx.Re(), r); m != nil {
			first, second := integer(m[1]), integer(m[2])
			if second-first > 1000000 {
				panic(fn.Errorf("tunnel id ranges are to large."))
			}
			if second-first < 0 {
				panic(fn.Errorf("tunnel id ranges are invalid."))
			}
		} else if v.Truthy(r) {
			panic(fn.Errorf("tunnel id ranges are invalid."))
		}
	})
	validator("validate_vni_ranges", func(r v.Value) {
		if m := matchString(idRangeRx.Re(), r); m != nil {
			first, second := integer(m[1]), integer(m[2])
			if !(0 <= first && first <= 16777215) || !(0 <= second && second <= 16777215) || second < first {
				panic(fn.Errorf("vni ranges are invalid."))
			}
		} else if v.Truthy(r) {
			panic(fn.Errorf("vni ranges are invalid."))
		}
	})
	fn.New("validate_vxlan_udp_port").Module(module).D("Any args*", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		var port int64
		switch x := firstArg(a).(type) {
		case v.Int:
			port = int64(x)
		case v.Float:
			port = int64(x)
		case v.String:
			port = integer(string(x))
		case nil, v.UndefValue:
			panic(fn.Errorf("can't convert nil into Integer"))
		default:
			panic(fn.Errorf("can't convert %s into Integer", fn.RubyClass(x)))
		}
		if port != 4789 && (49151 >= port || port > 65535) {
			panic(fn.Errorf("vxlan udp port is invalid."))
		}
		return v.Undef
	}).Register()

	fn.New("convert_cert_to_string").Module(module).D("String cert_file", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		path := string(a[0].(v.String))
		data, ok := c.FindFile(path)
		if !ok {
			panic(fn.Errorf("Certificate file not found: %s", path))
		}
		var sb strings.Builder
		for _, line := range strings.SplitAfter(string(data), "\n") {
			if !strings.Contains(line, "-----") {
				sb.WriteString(fn.RubyStrip(line))
			}
		}
		return v.String(sb.String())
	}).Register()

	fn.New("convert_to_json_string").Module(module).D("Any args*", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		value := firstArg(a)
		if arr, ok := value.(*v.Array); ok && allContainColon(arr) {
			h := v.NewHashBuilder(arr.Len())
			for _, e := range arr.Elems() {
				parts := strings.Split(string(e.(v.String)), ":")
				for len(parts) > 0 && parts[len(parts)-1] == "" {
					parts = parts[:len(parts)-1] // Ruby's split drops trailing empty fields
				}
				var key, val v.Value = v.Undef, v.Undef
				if len(parts) > 0 {
					key = v.String(parts[0])
				}
				if len(parts) > 1 {
					val = v.String(parts[1])
				}
				h.Put(key, val)
			}
			value = h.Build()
		}
		s, err := stdlib.ToJSON(value)
		if err != nil {
			panic(err)
		}
		return v.String(s)
	}).Register()
}

func firstArg(a []v.Value) v.Value {
	if len(a) == 0 {
		return v.Undef
	}
	return a[0]
}

// allContainColon is value.all? { |x| x.include? ":" }.
func allContainColon(a *v.Array) bool {
	for _, e := range a.Elems() {
		s, ok := e.(v.String)
		if !ok {
			panic(fn.Errorf("undefined method `include?' for %s", fn.RubyInspect(e)+":"+fn.RubyClass(e)))
		}
		if !strings.Contains(string(s), ":") {
			return false
		}
	}
	return true
}
