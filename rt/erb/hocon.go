package erb

import (
	"errors"

	"github.com/pp2go/pp2go/internal/hocon"
	"github.com/pp2go/pp2go/rt/values"
)

// The hocon gem as functions use it (require 'hocon/config_factory';
// Hocon::ConfigFactory.parse_string(s).resolve.root.unwrapped), on the
// same reader as stdlib's Go parsehocon and hocon_data (internal/hocon).

var (
	ClassHocon              = newModule("Hocon")
	ClassHoconConfigFactory = newClass("Hocon::ConfigFactory", nil)
	ClassHoconConfig        = newClass("Hocon::Impl::SimpleConfig", ClassObject)
	ClassHoconObject        = newClass("Hocon::Impl::SimpleConfigObject", ClassObject)
	ClassHoconError         = newClass("Hocon::ConfigError", ClassStandardError)
	ClassHoconParseError    = newClass("Hocon::ConfigError::ConfigParseError", ClassHoconError)
	ClassHoconUnresolved    = newClass("Hocon::ConfigError::UnresolvedSubstitutionError", ClassHoconParseError)
)

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{ClassHocon, ClassHoconConfigFactory, ClassHoconError, ClassHoconParseError, ClassHoconUnresolved} {
			g.class(c.Name, c)
		}
		g.library("hocon")
		g.library("hocon/config_factory")
	})
	plain([]plainMethod{
		{"parse_string", (*R).ParseString},
		{"resolve", (*R).Resolve},
		{"root", (*R).Root},
		{"unwrapped", (*R).Unwrapped},
	})
}

// hoconConfig is a parsed Config (resolved or not) or its root object.
// pp2go's reader resolves while it parses: an unresolved substitution is
// kept in err and raised by resolve, where the gem raises it.
type hoconConfig struct {
	v    values.Value
	err  error
	root bool
}

func (c *hoconConfig) rubyClass() *Class {
	if c.root {
		return ClassHoconObject
	}
	return ClassHoconConfig
}
func (c *hoconConfig) rubyInspect() string { return "#<" + c.rubyClass().Name + ">" }
func (c *hoconConfig) rubyToS() string     { return c.rubyInspect() }

// ParseString is Hocon::ConfigFactory.parse_string(s).
func (r *R) ParseString(recv Value, args ...Value) Value {
	classRecv("parse_string", recv, ClassHoconConfigFactory)
	arity(args, 1, 2)
	if len(args) == 2 {
		raise(ClassNotImplementedError, "pp2go: Hocon::ConfigFactory.parse_string with options is not supported")
	}
	v, err := hocon.Parse(strArg(args[0]))
	var he *hocon.Error
	if errors.As(err, &he) && !he.Unresolved {
		raise(ClassHoconParseError, "%s", he.Msg)
	}
	return &hoconConfig{v: v, err: err}
}

func hoconRecv(name string, recv Value) *hoconConfig {
	c, ok := recv.(*hoconConfig)
	if !ok {
		noMethod(name, recv)
	}
	return c
}

// Resolve is Config#resolve.
func (r *R) Resolve(recv Value, args ...Value) Value {
	c := hoconRecv("resolve", recv)
	if c.root {
		noMethod("resolve", recv)
	}
	arity(args, 0, 1)
	if c.err != nil {
		raise(ClassHoconUnresolved, "%s", c.err.Error())
	}
	return c
}

// Root is Config#root.
func (r *R) Root(recv Value, args ...Value) Value {
	c := hoconRecv("root", recv)
	if c.root {
		noMethod("root", recv)
	}
	arity(args, 0, 0)
	if c.err != nil {
		raise(ClassNotImplementedError, "pp2go: an unresolved HOCON config is not supported")
	}
	return &hoconConfig{v: c.v, root: true}
}

// Unwrapped is ConfigObject#unwrapped: the Ruby Hash.
func (r *R) Unwrapped(recv Value, args ...Value) Value {
	c := hoconRecv("unwrapped", recv)
	if !c.root {
		noMethod("unwrapped", recv)
	}
	arity(args, 0, 0)
	return FromPuppet(c.v)
}
