package rt

import (
	"sync"
	"sync/atomic"

	"github.com/pp2go/pp2go/rt/cell"
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
	// Cell keeps the Class's number plus one (classNumbers; 0 until
	// known) and the position in the table where Leaf was last found
	// (package cell).
	Cell *Cell
}

// classNo and hint are the numbers r's cell keeps.
func (r *VarRef) classNo() *atomic.Int32 { return cell.Of(&r.Cell).Number(0) }
func (r *VarRef) hint() *atomic.Int32    { return cell.Of(&r.Cell).Number(1) }

// numbering gives names numbers, for the process (or a program's): a
// compile finds what it keeps for a name by its number, in a list or a
// bitset, without hashing the name (qualified variables' classes,
// resource expressions' types, the keys autoload walks).
type numbering struct {
	mu sync.Mutex
	m  map[string]int32
	n  atomic.Int32 // len(m)
}

// of is name's number, which *cached (its number plus one, 0 until known)
// keeps for the next time.
func (nb *numbering) of(name string, cached *atomic.Int32) int {
	if n := cached.Load(); n > 0 {
		return int(n - 1)
	}
	n := nb.number(name)
	cached.Store(int32(n) + 1)
	return n
}

// number is name's number, given when first asked.
func (nb *numbering) number(name string) int {
	nb.mu.Lock()
	defer nb.mu.Unlock()
	n, ok := nb.m[name]
	if !ok {
		if nb.m == nil {
			nb.m = map[string]int32{}
		}
		n = int32(len(nb.m))
		nb.m[name] = n
		nb.n.Store(n + 1)
	}
	return int(n)
}

// room is a list's length for n and every number given so far: one list
// a compile.
func (nb *numbering) room(n int) int { return max(n+1, int(nb.n.Load())) }

var classNumbers numbering

// classScopeOf is the scope of r's class (top.classes[r.Class]), kept by
// the class's number once the class has one.
func (c *Ctx) classScopeOf(r *VarRef) *Scope {
	n := classNumbers.of(r.Class, r.classNo())
	if n < len(c.classScopes) {
		if cs := c.classScopes[n]; cs != nil {
			return cs
		}
	}
	cs := c.top.classScope(r.Class)
	if cs != nil {
		if n >= len(c.classScopes) {
			c.classScopes = append(c.classScopes, make([]*Scope, classNumbers.room(n)-len(c.classScopes))...)
		}
		c.classScopes[n] = cs
	}
	return cs
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
func (s *Scope) Qualified(site SiteRef, r *VarRef) values.Value {
	if s == s.c.noScope {
		return s.Var(site, r.Name) // which fails as lookupvar on nil
	}
	t := s.c.top.symtable
	if r.Class != "" {
		cs := s.c.classScopeOf(r)
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
	hint := r.hint()
	if i := int(hint.Load()); i < len(t.names) && t.names[i] == r.Leaf {
		return orUndef(t.vals[i])
	}
	if i := t.find(r.Leaf); i >= 0 {
		hint.Store(int32(i))
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
