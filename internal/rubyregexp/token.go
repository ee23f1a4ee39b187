package rubyregexp

// tokType mirrors Onigmo's TokenSyms (those reachable with Ruby's syntax).
type tokType int

const (
	tkEOT tokType = iota
	tkRawByte
	tkString
	tkCodePoint
	tkAnyChar
	tkCharType
	tkBackref
	tkCall
	tkAnchor
	tkOpRepeat
	tkInterval
	tkAlt
	tkSubexpOpen
	tkSubexpClose
	tkCCOpen
	tkCharProperty
	tkLinebreak
	tkExtendedGraphemeCluster
	tkKeep
	// inside a character class
	tkCCClose
	tkCCRange
	tkPosixBracketOpen
	tkCCAnd
	tkCCCCOpen
)

// token is Onigmo's OnigToken. Onigmo keeps the per-type payload in a union;
// here each gets its own field, which only matters where Onigmo reads u.c of
// a token of another type (it never does on Ruby's paths).
type token struct {
	typ     tokType
	escaped bool
	base    int
	backp   int
	c       rune // u.c and u.code

	anchor int

	lower, upper int
	greedy       bool
	possessive   bool

	backrefs []int
	byName   bool

	name, nameEnd int
	gnum          int
	rel           bool

	not bool // \P, \p{^..}
}
