package rt

import (
	"strings"

	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

// hieraScope is the scope Hiera interpolates variables from: the scope of
// the lookup being made.
type hieraScope struct{ c *Ctx }

func (h hieraScope) LookupVar(name string) (values.Value, bool) {
	return h.scope().LookupVar(name)
}

func (h hieraScope) scope() *Scope {
	if s := h.c.hieraCur; s != nil {
		return s
	}
	return h.c.top
}

// NotFound implements hiera.NotFoundScope: how Puppet's lookupvar names a
// variable it does not find, and why.
func (h hieraScope) NotFound(name string) (reported, reason string) {
	if indexColons(name) < 0 {
		return name, ""
	}
	return h.scope().qualifiedNotFound(strings.TrimPrefix(name, "::"))
}

// HieraSession is the compilation's Hiera session, for lookups made from
// scope s (the lookup functions find it through their context). The
// context's compiles have one session, renewed for each: its hooks read
// the compile's context as it is when they are called.
func (s *Scope) HieraSession() *hiera.Session {
	c := s.c
	c.hieraCur = s
	if c.hiera == nil {
		d := c.prog.Hiera
		if d == nil {
			d = &hiera.Data{EnvName: c.prog.Environment}
		}
		if c.hieraKept != nil {
			c.hieraKept.Renew(d, hieraScope{c})
		} else {
			c.hieraKept = hiera.NewSession(d, hieraScope{c})
			c.hieraKept.Absent = func(module string) bool { return c.prog.moduleAbsent(module) }
			c.hieraKept.Warn = func(msg string) { c.Warning(nil, msg) }
			c.hieraKept.WarnOnce = c.warnOnceUnlocated
			c.hieraKept.New = func(t values.Type, v values.Value, args []values.Value) values.Value {
				return c.top.Call("new", append([]values.Value{t, v}, args...), nil)
			}
			c.hieraKept.CallFunction = func(name string, args []values.Value) values.Value {
				return c.top.Call(name, args, nil)
			}
		}
		c.hiera = c.hieraKept
		c.hiera.SetStrict(c.prog.strict)
		c.hiera.DataBindingTerminus = c.prog.dataBinding
		c.hiera.DisabledWarnings = c.prog.disabledWarnings
		c.hiera.Puppet = c.prog.Puppet().Major
	}
	return c.hiera
}

// automaticParameters looks up the class's parameters that the resource
// does not set in Hiera (Resource::Type#inject_external_parameters): a
// found value is set on the resource, unless it is undef and the parameter
// has a default.
func (c *Ctx) automaticParameters(r *Resource, s *Scope, cl *Class) {
	params := cl.parameters()
	if len(params) == 0 || cl.Name == "" {
		return
	}
	var session *hiera.Session
	keys := cl.automaticKeys()
	for i, p := range params {
		if v := r.Get(p.Name); v != nil && !values.IsUndef(v) {
			continue
		}
		if session == nil {
			session = s.HieraSession()
		}
		c.hieraCur = s
		v, found := session.AutomaticParameterKey(keys[i])
		if !found || (values.IsUndef(v) && p.hasDefault()) {
			continue
		}
		if len(r.Params) == cap(r.Params) {
			// room for this parameter and those still to come, which
			// Hiera or their defaults (bindParameters) may set: one list
			grown := makeSlice(&c.paramLists, len(r.Params)+len(params)-i+2, 512)
			r.Params = append(grown, r.Params...)
		}
		r.set(c.newParam(Param{Name: p.Name, Value: v, Source: r.source, file: &r.File, Line: int32(r.Line)}))
	}
}

// LookupKey performs a lookup for a node as `puppet lookup` does: in a
// compilation that has set the node's top scope (facts, $trusted,
// $server_facts, $settings) and evaluated no code (Puppet's code is
// 'undef': its main class, the top scope's source, is evaluated empty). With explain, the
// explanation is returned as `puppet lookup --explain` prints it. logs are
// what the lookup logged (a backend function's notice(), a data file's
// deprecation), which puppet lookup prints.
func LookupKey(p *Program, node *Node, args *hiera.LookupArgs, explain bool) (v values.Value, explanation string, logs []LogEntry, err error) {
	if node.ServerFacts == nil {
		node.ServerFacts = p.serverFacts()
	}
	c := newCtx(p, node)
	defer func() {
		logs = c.logs // whichever way the lookup ends
		if r := recover(); r != nil {
			v, err = nil, c.toError(r)
		}
	}()
	c.start()
	c.addMain()
	session := c.top.HieraSession()
	if explain {
		v, explanation, err = session.Explain(args)
		return
	}
	v = session.Lookup(args)
	return
}
