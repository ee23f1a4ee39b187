// Package corefn describes the functions that Puppet itself provides: its
// 4.x functions (lib/puppet/functions) and the 3.x functions
// (lib/puppet/parser/functions) that have no 4.x version, with the
// dispatch signatures Puppet's own dispatcher holds, for Puppet 7.23
// (table7.go) and 8.10 (table8.go), generated from the installed Puppet
// by gen.rb. The two have the same functions; some signatures differ
// (8.10's max and min take SemVer, Timespan and Timestamp values, its split
// a Sensitive string).
//
// Puppet's loaders look a function name up in Puppet's own functions
// before any module's, so a name found here is always this function.
package corefn

import (
	"sort"

	"github.com/pp2go/pp2go/frontend/rubyscan"
)

//go:generate sh -c "ruby gen.rb > table7.go && gofmt -w table7.go"

// Function is one of Puppet's own functions.
type Function struct {
	Name string
	API  int // 4, or 3 for the functions Puppet ships only in the 3.x API
	// Signatures are the dispatches in Puppet's order (argument_mismatch
	// handlers left out). A parameter's Type is Puppet's writing of its
	// type; inside a Struct it may name one of the function's local type
	// aliases. 3.x functions have one signature made from their arity,
	// with parameters of type Any.
	Signatures []rubyscan.Signature
	// Rvalue is set for functions that produce a value: every 4.x function,
	// and the 3.x functions declared `:type => :rvalue`.
	Rvalue bool
	// MismatchHandled is set for a function whose dispatcher has
	// argument_mismatch handlers: arguments that none of Signatures takes
	// may be answered by one, with a message (or a deprecation) of its own.
	MismatchHandled bool
}

// Release is the functions of one Puppet release.
type Release struct {
	table  []*Function
	byName map[string]*Function
}

func newRelease(table []*Function) *Release {
	r := &Release{table: table, byName: make(map[string]*Function, len(table))}
	for _, f := range table {
		r.byName[f.Name] = f
	}
	return r
}

var releases = map[int]*Release{7: newRelease(table7), 8: newRelease(table8)}

// Of returns the functions of Puppet major (7: 7.23, 8: 8.10), nil for
// another.
func Of(major int) *Release { return releases[major] }

// Lookup returns Puppet's own function of that name.
func (r *Release) Lookup(name string) (*Function, bool) {
	f, ok := r.byName[name]
	return f, ok
}

// Names returns the names of Puppet's own functions, sorted.
func (r *Release) Names() []string {
	out := make([]string, 0, len(r.table))
	for _, f := range r.table {
		out = append(out, f.Name)
	}
	sort.Strings(out)
	return out
}

// Functions returns Puppet's own functions, sorted by name.
func (r *Release) Functions() []*Function { return r.table }

// Lookup, Names and Functions are Puppet 7.23's (the names are 8.10's
// too).
func Lookup(name string) (*Function, bool) { return Of(7).Lookup(name) }
func Names() []string                      { return Of(7).Names() }
func Functions() []*Function               { return Of(7).Functions() }

// ArgRange is the number of arguments a signature takes: min, and max (-1
// when unbounded).
func ArgRange(s rubyscan.Signature) (min, max int) {
	for _, p := range s.Params {
		switch p.Kind {
		case rubyscan.Required:
			min++
			if max >= 0 {
				max++
			}
		case rubyscan.Optional:
			if max >= 0 {
				max++
			}
		case rubyscan.Repeated:
			max = -1
		case rubyscan.RequiredRepeated:
			min++
			max = -1
		}
	}
	return min, max
}

// Accepts reports whether some signature takes nargs arguments and a
// block (or none). Signatures nil means unknown: everything is accepted.
func Accepts(sigs []rubyscan.Signature, nargs int, block bool) bool {
	if sigs == nil {
		return true
	}
	for _, s := range sigs {
		min, max := ArgRange(s)
		if nargs < min || (max >= 0 && nargs > max) {
			continue
		}
		switch {
		case block && s.Block == rubyscan.NoBlock:
		case !block && s.Block == rubyscan.BlockRequired:
		default:
			return true
		}
	}
	return false
}
