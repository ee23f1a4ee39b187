package rubyregexp

// nodeType mirrors Onigmo's node types; its values are the bits used by the
// look-behind check (ALLOWED_TYPE_IN_LB).
type nodeType int

const (
	ntStr nodeType = 1 << iota
	ntCClass
	ntCType
	ntCAny
	ntBref
	ntQtfr
	ntEnclose
	ntAnchor
	ntList
	ntAlt
	ntCall
)

// Enclose kinds, as bits (ALLOWED_ENCLOSE_IN_LB).
const (
	encMemory = 1 << iota
	encOption
	encStopBacktrack
	encCondition
	encAbsent
)

// Anchor kinds, as bits (ALLOWED_ANCHOR_IN_LB).
const (
	anchorBeginBuf = 1 << iota
	anchorBeginLine
	anchorBeginPosition
	anchorEndBuf
	anchorSemiEndBuf
	anchorEndLine
	anchorWordBound
	anchorNotWordBound
	anchorWordBegin
	anchorWordEnd
	anchorPrecRead
	anchorPrecReadNot
	anchorLookBehind
	anchorLookBehindNot
	anchorKeep
)

// Node state flags (Onigmo's NST_*) that the compile-time checks rely on.
const (
	nstMinFixed = 1 << iota
	nstClenFixed
	nstMark1
	nstMark2
	nstRecursion
	nstCalled
	nstNamedGroup
	nstNameRef
	nstAmbig // a case-folded string, not expanded again
	nstRaw   // a string that is never case-folded
	nstClenVisiting
)

const repeatInfinite = -1

// node is a parse-tree node. Only the fields Onigmo's error decisions read are
// kept: string bytes (lengths), quantifier bounds, group numbers, names and
// the flags of the recursion and look-behind analyses.
type node struct {
	typ   nodeType
	state int

	kids []*node // list, alternation

	str []byte // string

	// quantifier
	lower, upper int
	greedy       bool
	target       *node // quantifier, enclose, anchor (look-around), call

	// enclose
	etype   int
	regnum  int
	option  options
	minLen  int
	charLen int

	atype int // anchor

	backs []int // back reference

	// call
	name    []byte
	gnum    int
	ctarget *node
}

func newStr(b []byte) *node {
	return &node{typ: ntStr, str: append([]byte(nil), b...)}
}

func newEmpty() *node { return &node{typ: ntStr} }

func newList(kids ...*node) *node { return &node{typ: ntList, kids: kids} }

func newAlt(kids ...*node) *node { return &node{typ: ntAlt, kids: kids} }

func newEnclose(t int) *node { return &node{typ: ntEnclose, etype: t} }

func newAnchor(t int) *node { return &node{typ: ntAnchor, atype: t} }

func newQuantifier(lower, upper int, greedy bool) *node {
	return &node{typ: ntQtfr, lower: lower, upper: upper, greedy: greedy}
}
