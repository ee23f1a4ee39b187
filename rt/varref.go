package rt

import (
	"sync/atomic"

	"github.com/pp2go/pp2go/rt/values"
)

// VarRef is a qualified variable the generated code reads: a top-scope
// variable ($::fqdn, a fact) or a class's ($apache::params::root_group),
// its name split once where the package's references are made. A class's
// variable has the number the build gave it in the class's layout (its
// parameters, then the locals its body assigns; -1 when the build knew
// none); a top-scope variable has where it was last found in the top
// scope's table. Both are tried first and checked against the name, so
// what Scope.Qualified finds is always what looking the name up finds.
type VarRef struct {
	name  string // as written, without the '$'
	class string // the class's name, "" for the top scope
	leaf  string
	slot  int
	hint  atomic.Int32 // position in the table where leaf was last found
}

// QualifiedVar makes the reference for a qualified variable name (with
// or without a leading "::") and its slot in its class's layout (-1 for
// none, and for a top-scope variable).
func QualifiedVar(name string, slot int) *VarRef {
	r := &VarRef{name: name, slot: slot}
	fqn := name
	if indexColons(fqn) == 0 {
		fqn = fqn[2:]
	}
	r.leaf = fqn
	if i := lastColons(fqn); i >= 0 {
		r.class, r.leaf = fqn[:i], fqn[i+2:]
	}
	return r
}

// Qualified reads a qualified variable at site: what Var finds for its
// name, found without looking the name up when its class's table (or the
// top scope's) has it where the reference says.
func (s *Scope) Qualified(site *Site, r *VarRef) values.Value {
	if s == s.c.noScope {
		return s.Var(site, r.name) // which fails as lookupvar on nil
	}
	top := s.c.top
	t := top.symtable
	if r.class != "" {
		cs := top.classes[r.class]
		if cs == nil {
			return s.Var(site, r.name)
		}
		if _, ok := cs.source.(*Class); !ok {
			return s.Var(site, r.name)
		}
		t = cs.symtable
		if r.slot >= 0 && r.slot < len(t.slots) {
			if i := int(t.slots[r.slot]) - 1; i >= 0 && t.names[i] == r.leaf {
				return orUndef(t.vals[i])
			}
		}
	}
	if i := int(r.hint.Load()); i < len(t.names) && t.names[i] == r.leaf {
		return orUndef(t.vals[i])
	}
	if i := t.find(r.leaf); i >= 0 {
		r.hint.Store(int32(i))
		return orUndef(t.vals[i])
	}
	return s.Var(site, r.name)
}

func orUndef(v values.Value) values.Value {
	if v == nil {
		return values.Undef
	}
	return v
}
