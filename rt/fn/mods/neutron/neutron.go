// Package neutron implements the neutron module's Ruby function that
// pp2go does not translate yet: convert_cert_to_string (its Ruby reads a
// file with File.file? and File.readlines). The module's other functions
// (the range validators, convert_to_json_string) are translated from
// their Ruby.
package neutron

import (
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

const module = "neutron"

func init() {
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
}
