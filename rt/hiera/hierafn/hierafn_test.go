package hierafn

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

type ctx struct {
	s        *hiera.Session
	calls    []string
	included []values.Value
	warnings []string
}

func (c *ctx) HieraSession() *hiera.Session              { return c.s }
func (c *ctx) LookupVar(string) (values.Value, bool)     { return nil, false }
func (c *ctx) Log(level, msg string)                     {}
func (c *ctx) Warn(msg string)                           { c.warnings = append(c.warnings, msg) }
func (c *ctx) NodeName() string                          { return "n" }
func (c *ctx) Environment() string                       { return "production" }
func (c *ctx) FindFile(string) ([]byte, bool)            { return nil, false }
func (c *ctx) ParseType(src string) (values.Type, error) { return values.ParseType(src, nil) }
func (c *ctx) Call(name string, args []values.Value, b fn.Block) values.Value {
	c.calls = append(c.calls, name)
	if name == "include" {
		c.included = append(c.included, args...)
	}
	return values.Undef
}

func s(v string) values.Value { return values.String(v) }

// data is an environment layer with two levels of YAML data.
func data() *hiera.Data {
	return &hiera.Data{
		EnvName: "production",
		Env: &hiera.Config{Path: "/env/hiera.yaml", Root: "/env", Version: 5, Hierarchy: []*hiera.Entry{
			{Name: "high", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{"high.yaml"}},
			{Name: "low", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/data", LocationKind: "path", Locations: []string{"low.yaml"}},
		}},
		Files: []*hiera.File{
			{Path: "/env/data/high.yaml", Format: "yaml", Data: values.NewHashFromPairs(s("a"), values.NewArray(s("x")), s("classes"), values.NewArray(s("c1")))},
			{Path: "/env/data/low.yaml", Format: "yaml", Data: values.NewHashFromPairs(s("a"), values.NewArray(s("y")), s("classes"), values.NewArray(s("c2"), s("c1")))},
		},
	}
}

func call(c *ctx, name string, args ...values.Value) (v values.Value, err string) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(error).Error()
		}
	}()
	return fn.Lookup(name).Call(c, args, nil), ""
}

func TestRegisteredFunctions(t *testing.T) {
	c := &ctx{s: hiera.NewSession(data(), nil)}
	v, err := call(c, "lookup", s("a"))
	assert.Equal(t, "", err)
	assert.Equal(t, "[x]", values.ToString(v))

	v, err = call(c, "lookup", s("a"), values.MustParseType("Array"), s("unique"))
	assert.Equal(t, "", err)
	assert.Equal(t, "[x, y]", values.ToString(v))

	v, err = call(c, "lookup", s("nope"), values.Undef, values.Undef, s("dflt"))
	assert.Equal(t, "", err)
	assert.Equal(t, "dflt", values.ToString(v))

	_, err = call(c, "lookup", s("nope"))
	assert.Equal(t, "Function lookup() did not find a value for the name 'nope'", err)

	_, err = call(c, "lookup", values.Int(1))
	assert.Contains(t, err, "'lookup'")

	v, err = call(c, "hiera_array", s("a"))
	assert.Equal(t, "", err)
	assert.Equal(t, "[x, y]", values.ToString(v))
	assert.Equal(t, []string{"The function 'hiera_array' is deprecated in favor of using 'lookup'. See https://puppet.com/docs/puppet/7.23/deprecated_language.html\n   (file & line not available)"}, c.warnings)

	_, err = call(c, "hiera_include", s("classes"))
	assert.Equal(t, "", err)
	assert.Equal(t, "[c1, c2]", values.ToString(values.NewArray(c.included...)))

	_, err = call(c, "hiera_include", s("nope"), values.Undef)
	assert.Equal(t, "Could not find data item nope", err)

	v, err = call(c, "yaml_data", values.NewHashFromPairs(s("path"), s("/env/data/low.yaml")), values.Undef)
	assert.Equal(t, "", err)
	assert.Equal(t, "{a => [y], classes => [c2, c1]}", values.ToString(v))
}

func TestNoSession(t *testing.T) {
	_, err := call(&ctx{}, "lookup", s("a"))
	assert.Equal(t, "Hiera lookups are not available in this context", err)
}

// TestAbsentModule: a module Puppet leaves out of the environment
// (Session.Absent: its metadata.json does not parse, under strict=error)
// has no data layer, as in case puppet8_faulty_metadata_lookups.
func TestAbsentModule(t *testing.T) {
	d := data()
	d.Modules = map[string]*hiera.Config{"m": {Path: "/env/modules/m/hiera.yaml", Root: "/env/modules/m", Version: 5, Hierarchy: []*hiera.Entry{
		{Name: "common", Kind: "data_hash", Function: "yaml_data", Datadir: "/env/modules/m/data", LocationKind: "path", Locations: []string{"common.yaml"}},
	}}}
	d.ModuleNames = []string{"m"}
	d.Files = append(d.Files, &hiera.File{Path: "/env/modules/m/data/common.yaml", Format: "yaml", Data: values.NewHashFromPairs(s("m::k"), s("from m"))})
	for _, absent := range []bool{false, true} {
		c := &ctx{s: hiera.NewSession(d, nil)}
		c.s.Absent = func(m string) bool { return absent && m == "m" }
		v, err := call(c, "lookup", s("m::k"), values.Undef, values.Undef, s("dflt"))
		assert.Equal(t, "", err)
		assert.Equal(t, map[bool]string{false: "from m", true: "dflt"}[absent], values.ToString(v))
	}
}
