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
// The generator writes each as a literal (QualifiedVar's), which the
// linker lays out: no code runs for it as the program starts.
type VarRef struct {
	Name  string // as written, without the '$'
	Class string // the class's name, "" for the top scope
	Leaf  string
	Slot  int
	hint  atomic.Int32 // position in the table where Leaf was last found
}

// QualifiedVar makes the reference for a qualified variable name (with
// or without a leading "::") and its slot in its class's layout (-1 for
// none, and for a top-scope variable).
func QualifiedVar(name string, slot int) *VarRef {
	r := &VarRef{Name: name, Slot: slot}
	fqn := name
	if indexColons(fqn) == 0 {
		fqn = fqn[2:]
	}
	r.Leaf = fqn
	if i := lastColons(fqn); i >= 0 {
		r.Class, r.Leaf = fqn[:i], fqn[i+2:]
	}
	return r
}

// Qualified reads a qualified variable at site: what Var finds for its
// name, found without looking the name up when its class's table (or the
// top scope's) has it where the reference says.
func (s *Scope) Qualified(site *Site, r *VarRef) values.Value {
	if s == s.c.noScope {
		return s.Var(site, r.Name) // which fails as lookupvar on nil
	}
	top := s.c.top
	t := top.symtable
	if r.Class != "" {
		cs := top.classes[r.Class]
		if cs == nil {
			return s.Var(site, r.Name)
		}
		if _, ok := cs.source.(*Class); !ok {
			return s.Var(site, r.Name)
		}
		t = cs.symtable
		if r.Slot >= 0 && r.Slot < len(t.slots) {
			if i := int(t.slots[r.Slot]) - 1; i >= 0 && t.names[i] == r.Leaf {
				return orUndef(t.vals[i])
			}
		}
	}
	if i := int(r.hint.Load()); i < len(t.names) && t.names[i] == r.Leaf {
		return orUndef(t.vals[i])
	}
	if i := t.find(r.Leaf); i >= 0 {
		r.hint.Store(int32(i))
		return orUndef(t.vals[i])
	}
	return s.Var(site, r.Name)
}

func orUndef(v values.Value) values.Value {
	if v == nil {
		return values.Undef
	}
	return v
}
