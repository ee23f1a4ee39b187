package erb

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// Memo is the renderings a template kept for the next: the text and the
// scope variables it read, with their values. A template is given one by
// codegen (erbgen) only when its translation reads nothing but instance
// variables and calls only methods that neither have effects nor read
// anything else (no Puppet function but pure ones, fn.Func.Pure; no scope
// method, no change of a variable in place): its text is then a function
// of the values of the variables it reads, in the order it reads them. A
// rendering that finds that each variable of a kept rendering has, in its
// scope, the value that one read (compared exactly: strings by bytes,
// hashes by their keys in order, Integer and Float apart) would read the
// same variables with the same values and write the same text, which it
// returns without running (NewMemo). The zero Memo is ready; a Memo is
// safe for the compiles of a process running at once.
type Memo struct {
	mu      sync.Mutex
	entries []*memoEntry // most recent last
	next    int          // the entry after the one found last (memoFind)
	misses  int          // lookups in a row that found nothing while it was full
}

// memoEntry is one rendering kept: the variables it read, in order, and
// its text; miss is the read whose value differed at the last lookup that
// did not find it (written under the Memo's lock).
type memoEntry struct {
	reads []memoRead
	out   string
	miss  int
}

// memoRead is a variable a rendering read: its value (nil when the scope
// has none or it is undef, which the template sees as nil), and where a
// HintedView found it last (written under the Memo's lock).
type memoRead struct {
	name string
	v    values.Value
	hint VarHint
}

const (
	// memoEntries is the most renderings a template keeps (apache's
	// load.erb renders for each of keystone's ~22 modules).
	memoEntries = 32
	// memoColdMisses is how many lookups in a row a full Memo answers
	// with nothing before it looks only at every memoProbe-th rendering:
	// in a fleet, a template that reads the node's name (apache's
	// httpd.conf.erb) keeps the first nodes' renderings, which no other
	// node's finds, and comparing them cost each compile ~2% of its time.
	// A lookup that finds one again makes the Memo look at each.
	memoColdMisses = 64
	memoProbe      = 16
	// memoBudget bounds the bytes all Memos keep (texts and values read).
	memoBudget = 4 << 20
)

// memoBytes are the bytes the process's Memos keep (memoBudget).
var memoBytes atomic.Int64

// compilesAgain reports whether the process compiles again, from its
// second compile on: Memos keep renderings then (a variable for tests).
var compilesAgain = values.KeepsCopies

// memoRec is what an R that renders for a Memo records (NewMemo).
type memoRec struct {
	m     *Memo
	reads []memoRead
	bad   bool // a value read that a Memo cannot keep: the rendering is not kept
}

// NewMemo is how a template with a Memo starts: the text of a rendering m
// kept whose variables have, in s, the values it read, with a nil R;
// otherwise an R as NewSized(s, 0, ivars)'s with room for an output of
// about n bytes, which records the variables the rendering reads when m
// has room for it, and whose Result keeps the rendering in m. The Memo is
// looked at before the R is made: a rendering found needs none. In the
// process's first compile (until compilesAgain) m is neither looked at
// nor filled.
func NewMemo(s Scope, m *Memo, n, ivars int) (*R, string) {
	// only a scope read one variable at a time (VarIndex), without
	// variables whose names are not Ruby identifiers (instance variables
	// assigned before the rendering starts)
	var ix VarView
	var odd []string
	record := false
	if vi, ok := s.(VarIndex); ok && !compilesAgain() {
		// the process's first compile keeps no rendering (a process
		// that compiles once would only pay for the copies: a compile
		// seldom renders a template again with the same values), so
		// finds none
		ix = vi.VarView()
		odd = ix.OddNames()
	} else if ok {
		// the lookup reads through a peek where the scope has one: the
		// view a rendering reads is made only when one is needed
		if p, ok := s.(VarPeeker); ok {
			ix = p.PeekView()
		} else {
			ix = vi.VarView()
		}
		odd = ix.OddNames()
		if !anyVisible(ix, odd) {
			out, ok, full := memoFind(ix, m)
			if ok {
				return nil, out
			}
			record = !full
		}
		if _, ok := s.(VarPeeker); ok {
			ix = vi.VarView() // the scope is as it was: odd holds
		}
	}
	r := NewSized(s, 0, ivars)
	if ix != nil {
		r.loadView(ix, odd)
	} else {
		r.loadIVars()
	}
	if record && r.self == nil && r.ivars.len() == 0 {
		r.memo = &memoRec{m: m}
	}
	if n > 0 {
		r.out.Grow(n + n/4 + 16*r.ivarHint)
	}
	return r, ""
}

// anyVisible reports whether one of names has a value in ix.
func anyVisible(ix VarView, names []string) bool {
	for _, k := range names {
		if _, found := ix.Visible(k); found {
			return true
		}
	}
	return false
}

// memoFind is the text of a rendering m kept whose variables have their
// values in ix; full when m keeps no more renderings. The rendering after
// the one found last (after the last, the first) is looked at first:
// compiles render a template in the same order (apache's load.erb for
// each module), and at most one kept rendering has the values (NewMemo).
func memoFind(ix VarView, m *Memo) (out string, ok, full bool) {
	m.mu.Lock()
	if m.misses >= memoColdMisses {
		m.misses++
		if m.misses%memoProbe != 0 {
			m.mu.Unlock()
			return "", false, true
		}
	}
	var seen memoSeen
	seen.hv, _ = ix.(HintedView) // asked once, not at each read
	first := m.next              // after the last entry: the first (a compile's next round)
	if first >= len(m.entries) {
		first = 0
	}
	if first < len(m.entries) && memoMatches(ix, m.entries[first], &seen) {
		m.next, m.misses = first+1, 0
		m.mu.Unlock()
		return m.entries[first].out, true, false
	}
	for i := len(m.entries) - 1; i >= 0; i-- {
		if i != first && memoMatches(ix, m.entries[i], &seen) {
			m.next, m.misses = i+1, 0
			m.mu.Unlock()
			return m.entries[i].out, true, false
		}
	}
	full = len(m.entries) >= memoEntries || memoBytes.Load() >= memoBudget
	if full {
		m.misses++
	}
	m.mu.Unlock()
	return "", false, full
}

// memoSeen are the variables a lookup (NewMemo) read from the scope so
// far: the renderings a Memo keeps mostly read the same first variables
// (apache's load.erb: @loadfiles, then @_id of each of ~22 modules), each
// read once.
type memoSeen struct {
	list [8]memoRead
	n    int
	hv   HintedView // ix's hinted reads, nil when it has none
}

// visible is the scope's variable rd names (nil: none, or undef), read
// once for a lookup, found through rd's hint where ix takes one.
func visible(ix VarView, rd *memoRead, seen *memoSeen) values.Value {
	name := rd.name
	for i := 0; i < seen.n; i++ {
		if seen.list[i].name == name {
			return seen.list[i].v
		}
	}
	var v values.Value
	if seen.hv != nil {
		v = definedOrNil(seen.hv.VisibleAt(name, &rd.hint))
	} else {
		v = definedOrNil(ix.Visible(name))
	}
	if seen.n < len(seen.list) {
		seen.list[seen.n] = memoRead{name: name, v: v}
		seen.n++
	}
	return v
}

// memoMatches reports whether each variable e read has its value in ix.
// The read that differed last is compared first: in a fleet, a template
// that reads a node's name (apache's httpd.conf.erb, @servername) keeps
// the renderings of other nodes, which all differ there, often after
// dozens of reads that do not. Reading a variable has no effect, so the
// order of the comparisons changes nothing but their count.
func memoMatches(ix VarView, e *memoEntry, seen *memoSeen) bool {
	first := e.miss
	if first < len(e.reads) && !memoEqual(e.reads[first].v, visible(ix, &e.reads[first], seen)) {
		return false
	}
	for i := range e.reads {
		rd := &e.reads[i]
		if i != first && !memoEqual(rd.v, visible(ix, rd, seen)) {
			e.miss = i
			return false
		}
	}
	return true
}

// definedOrNil is a scope variable's value as a template sees it: nil
// when the scope has none or it is undef.
func definedOrNil(v values.Value, found bool) values.Value {
	if !found || values.IsUndef(v) {
		return nil
	}
	return v
}

// memoRead records a variable the rendering read from the scope (nil:
// none, or undef).
func (r *R) memoRead(name string, v values.Value) {
	rec := r.memo
	if rec.bad {
		return
	}
	c, ok := memoCopy(v)
	if !ok {
		rec.bad = true
		return
	}
	rec.reads = append(rec.reads, memoRead{name: strings.Clone(name), v: c})
}

// memoCall notes that a rendering calls the Puppet function name: while
// it records for a Memo, a function that is not pure (fn.PureName), whose
// result or effects its variables do not decide, makes it a rendering not
// kept. (codegen gives a Memo to a template only when the functions it
// calls are pure; this holds the promise at run time.)
func (r *R) memoCall(name string) {
	if rec := r.memo; rec != nil && !rec.bad && !fn.PureName(name) {
		rec.bad = true
	}
}

// memoKeep keeps the rendering that wrote out in its Memo.
func (r *R) memoKeep(out string) {
	rec := r.memo
	r.memo = nil
	if rec.bad {
		return
	}
	size := int64(len(out)) + 64
	for _, rd := range rec.reads {
		size += int64(len(rd.name)) + memoSize(rd.v)
	}
	if memoBytes.Add(size) > memoBudget {
		memoBytes.Add(-size)
		return
	}
	m := rec.m
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, e := range m.entries {
		if sameReads(e.reads, rec.reads) {
			memoBytes.Add(-size)
			return // another compile kept it meanwhile
		}
	}
	if len(m.entries) >= memoEntries {
		memoBytes.Add(-size)
		return
	}
	m.entries = append(m.entries, &memoEntry{reads: rec.reads, out: strings.Clone(out)})
}

// sameReads reports whether two renderings read the same variables with
// the same values.
func sameReads(a, b []memoRead) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].name != b[i].name || !memoEqual(a[i].v, b[i].v) {
			return false
		}
	}
	return true
}

// memoCopy is a copy of a value read that owns its memory (a compile's
// values may live in memory the next compile reuses), false for a value of
// a kind a Memo does not keep.
func memoCopy(v values.Value) (values.Value, bool) {
	switch x := v.(type) {
	case nil:
		return nil, true
	case values.String:
		return values.String(strings.Clone(string(x))), true
	case values.Int, values.Float, values.Bool:
		return x, true
	case *values.Array:
		out := make([]values.Value, x.Len())
		for i, e := range x.Elems() {
			c, ok := memoCopy(e)
			if !ok {
				return nil, false
			}
			out[i] = c
		}
		return values.NewArray(out...), true
	case *values.Hash:
		b := values.NewHashBuilder(x.Len())
		for i := 0; i < x.Len(); i++ {
			k, ok := memoCopy(x.KeyAt(i))
			if !ok {
				return nil, false
			}
			e, ok := memoCopy(x.ValueAt(i))
			if !ok {
				return nil, false
			}
			b.Put(k, e)
		}
		return b.Build(), true
	case values.UndefValue:
		return values.Undef, true
	}
	return nil, false
}

// memoEqual compares a value kept (memoCopy) with a value read, exactly:
// of the same kind, strings by bytes, arrays by their elements, hashes by
// their keys and values in order.
func memoEqual(kept, v values.Value) bool {
	switch x := kept.(type) {
	case nil:
		return v == nil
	case values.String:
		y, ok := v.(values.String)
		return ok && x == y
	case values.Int:
		y, ok := v.(values.Int)
		return ok && x == y
	case values.Float:
		y, ok := v.(values.Float)
		// bits: -0.0 and 0.0 print apart; NaN is no Puppet value
		return ok && (x == y && (x != 0 || (1/x > 0) == (1/y > 0)))
	case values.Bool:
		y, ok := v.(values.Bool)
		return ok && x == y
	case values.UndefValue:
		_, ok := v.(values.UndefValue)
		return ok
	case *values.Array:
		y, ok := v.(*values.Array)
		if !ok || y.Len() != x.Len() {
			return false
		}
		ye := y.Elems()
		for i, e := range x.Elems() {
			if !memoEqual(e, ye[i]) {
				return false
			}
		}
		return true
	case *values.Hash:
		y, ok := v.(*values.Hash)
		if !ok || y.Len() != x.Len() {
			return false
		}
		for i := 0; i < x.Len(); i++ {
			if !memoEqual(x.KeyAt(i), y.KeyAt(i)) || !memoEqual(x.ValueAt(i), y.ValueAt(i)) {
				return false
			}
		}
		return true
	}
	return false
}

// memoSize is about the bytes a kept value holds.
func memoSize(v values.Value) int64 {
	switch x := v.(type) {
	case values.String:
		return int64(len(x)) + 16
	case *values.Array:
		n := int64(48)
		for _, e := range x.Elems() {
			n += memoSize(e) + 16
		}
		return n
	case *values.Hash:
		n := int64(96)
		for i := 0; i < x.Len(); i++ {
			n += memoSize(x.KeyAt(i)) + memoSize(x.ValueAt(i)) + 32
		}
		return n
	}
	return 16
}
