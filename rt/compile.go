package rt

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pp2go/pp2go/rt/values"
)

// Result is the outcome of compiling a node's catalog.
type Result struct {
	Catalog *Catalog
	JSON    []byte      // the catalog in Puppet's JSON format; nil on failure
	Info    CatalogInfo // what JSON was written with
	Logs    []LogEntry
	Err     error // *Error with Puppet's message, or nil

	bufs     *jsonBuffers // where Release hands JSON back
	arena    *arena       // the compile's chunks, which Release hands on
	released bool         // ReleaseCatalog has handed the chunks on
}

// Release hands the result's JSON buffer back to its program, for the JSON
// of the catalogs compiled next, and the compile's chunks (its resources,
// parameters and scopes: arena) to the next compile, when the caller is
// done with the result (a batch or a server compiles many: a keystone
// catalog's buffer is 370 kB, its chunks ~700 kB, of the ~1.8 MB a compile
// allocates). Catalog and JSON are nil after, and nothing of the catalog
// may be used: its resources are the next compile's. Logs and Err stay.
func (res *Result) Release() {
	res.ReleaseCatalog()
	res.bufs.put(res.JSON)
	res.JSON, res.bufs = nil, nil
}

// ReleaseCatalog is the first half of Release, for a caller that still
// needs the JSON (a batch writes it while it compiles the next node): the
// compile's chunks go to the next compile, and Catalog is nil after. The
// next compile then takes the chunks this one has just used, still in the
// processor's caches, and clears them while they are there, where a
// Release after the next compile made the one after it take chunks two
// compiles old.
func (res *Result) ReleaseCatalog() {
	res.Catalog = nil
	a := res.arena
	if a == nil {
		if res.released {
			return
		}
		// the process releases what it compiles: its next compiles
		// keep their chunks (a one-shot compile keeps none)
		a = new(arena)
	}
	res.arena, res.released = nil, true
	a.recycle()
	arenas.Put(a)
	values.KeepCopies() // the process compiles again: see there
}

// CompileNode compiles the catalog of a node from its facts, with the
// trusted data of an authenticated agent whose certificate name is the
// node's name and Puppet's server facts.
func CompileNode(p *Program, name string, facts *values.Hash) *Result {
	return CompileWith(p, &Node{Name: name, Facts: facts})
}

// CompileWith compiles the catalog of a node described in full (see Node:
// its trusted data, or code that replaces the node definitions).
func CompileWith(p *Program, node *Node) *Result {
	res := compileResult(p, node)
	if res.Err == nil {
		digest := node.FactsDigest
		if digest == "" {
			digest = factsDigest(node.Facts)
		}
		res.render(p, CatalogInfo{Version: p.Version, CatalogUUID: catalogUUID(p.Version, node.Name, digest)})
	}
	return res
}

// compiles counts the process's compiles: the second has the process's
// caches kept (values.KeepCopies).
var compiles atomic.Int32

// compileResult compiles the node's catalog (with Puppet's server facts
// unless the node has its own) in the chunks of a released result's
// compile, if there is one (arenas).
func compileResult(p *Program, node *Node) *Result {
	if node.ServerFacts == nil {
		node.ServerFacts = p.serverFacts()
	}
	if compiles.Add(1) == 2 {
		values.KeepCopies() // the process compiles again: see there
	}
	a, _ := arenas.Get().(*arena)
	cat, logs, err := compileIn(p, node, a)
	return &Result{Catalog: cat, Logs: logs, Err: err, arena: a}
}

// render writes the compiled catalog's JSON with info, as plain JSON when
// the program's rich_data is off; its warnings follow the compile's logs,
// its error is the result's.
func (res *Result) render(p *Program, info CatalogInfo) {
	if info.Plain == nil && !p.RichData() {
		info.Plain = p.PlainJSON()
	}
	info.PuppetMajor = p.Puppet().Major
	res.Info = info
	b, logs, err := res.Catalog.Render(info)
	res.JSON, res.Logs = b, append(res.Logs, logs...)
	res.bufs = &p.jsonBufs
	if err != nil {
		res.Err = err
	}
}

// CompileForAgent compiles the catalog a server sends an agent: its JSON
// leaves exported resources out (info.Agent is set) and carries info's
// version and UUID; it is plain JSON with info.Plain (an agent that does
// not accept rich data) or when the program's rich_data is off.
func CompileForAgent(p *Program, node *Node, info CatalogInfo) *Result {
	res := compileResult(p, node)
	if res.Err == nil {
		info.Agent = true
		res.render(p, info)
	}
	return res
}

// factsDigest identifies a node's facts for the catalog's UUID when the
// node has no FactsDigest: the SHA-256 of an unambiguous encoding of them
// (a walk of the facts, 8% of a warm firewall compile: readers that have
// the facts' bytes hash those instead).
func factsDigest(facts *values.Hash) string {
	if facts == nil {
		return ""
	}
	bp, _ := digestBuffers.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
		*bp = make([]byte, 0, 16384)
	}
	b := appendDigest((*bp)[:0], facts)
	sum := sha256.Sum256(b)
	*bp = b
	digestBuffers.Put(bp)
	return string(sum[:])
}

// digestBuffers are factsDigest's buffers. The Pool has no New: a
// variable with one is in the binary's data, whose page the Pool's first
// use writes (package cell says what that costs).
var digestBuffers sync.Pool

func appendDigest(b []byte, v values.Value) []byte {
	str := func(b []byte, tag byte, s string) []byte {
		b = append(b, tag)
		b = strconv.AppendInt(b, int64(len(s)), 10)
		b = append(b, ':')
		return append(b, s...)
	}
	switch x := v.(type) {
	case nil, values.UndefValue:
		return append(b, 'u')
	case values.String:
		return str(b, 's', string(x))
	case values.Int:
		return strconv.AppendInt(append(b, 'i'), int64(x), 10)
	case values.Float:
		return strconv.AppendFloat(append(b, 'f'), float64(x), 'g', -1, 64)
	case values.Bool:
		if x {
			return append(b, 'T')
		}
		return append(b, 'F')
	case *values.Array:
		b = strconv.AppendInt(append(b, 'a'), int64(x.Len()), 10)
		for _, e := range x.Elems() {
			b = appendDigest(b, e)
		}
		return b
	case *values.Hash:
		b = strconv.AppendInt(append(b, 'h'), int64(x.Len()), 10)
		for i := 0; i < x.Len(); i++ {
			b = appendDigest(appendDigest(b, x.KeyAt(i)), x.ValueAt(i))
		}
		return b
	}
	return str(b, 'o', values.ToString(v))
}

// catalogUUID is a deterministic UUID (version 5 layout) for a catalog:
// the same program, node and facts give the same UUID.
func catalogUUID(parts ...string) string {
	var room [256]byte // the parts joined by NULs, on the stack when short
	b := room[:0]
	for i, p := range parts {
		if i > 0 {
			b = append(b, 0)
		}
		b = append(b, p...)
	}
	h := sha256.Sum256(b)
	h[6] = h[6]&0x0f | 0x50
	h[8] = h[8]&0x3f | 0x80
	// %x-%x-%x-%x-%x of h's 4, 2, 2, 2 and 6 first bytes
	var out [36]byte
	hex.Encode(out[0:8], h[0:4])
	hex.Encode(out[9:13], h[4:6])
	hex.Encode(out[14:18], h[6:8])
	hex.Encode(out[19:23], h[8:10])
	hex.Encode(out[24:36], h[10:16])
	out[8], out[13], out[18], out[23] = '-', '-', '-', '-'
	return string(out[:])
}

// String formats a log entry as Puppet prints it: "Notice:
// Scope(Class[main]): hello", "Warning: message (file: f, line: l, column: c)".
func (l LogEntry) String() string {
	level := l.Level
	switch level {
	case "err":
		level = "Error"
	case "crit":
		level = "Critical"
	case "emerg":
		level = "Emergency"
	default:
		level = strings.ToUpper(level[:1]) + level[1:]
	}
	msg := l.Message
	if l.Scope != "" {
		msg = l.Scope + ": " + msg
	} else if loc := locationString(l.File, l.Line, l.Column); loc != "" {
		msg += " " + loc
	}
	return level + ": " + msg
}

// AssignStrings is top-level code that assigns strings to variables, in
// order, as `$name = 'value'` does: names are given without the $, a
// variable a fact already sets cannot be reassigned.
func AssignStrings(names, vals []string) func(s *Scope) {
	return func(s *Scope) {
		for i, n := range names {
			s.Assign(nil, n, values.String(vals[i]))
		}
	}
}

// IncludeClasses is node code that includes classes, as
// `node default { include a, b }` does.
func IncludeClasses(names ...string) func(s *Scope) {
	ref := &FuncRef{Name: "include"}
	args := make([]values.Value, len(names))
	for i, n := range names {
		args[i] = values.String(n)
	}
	return func(s *Scope) { s.Fn(SiteRef{}, ref, nil, args...) }
}
