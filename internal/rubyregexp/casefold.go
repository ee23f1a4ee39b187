package rubyregexp

import (
	"slices"
	"unicode/utf8"
)

// Under (?i) in a UTF-8 pattern Onigmo rewrites the tree before it measures
// look-behinds: strings become alternations of their case variants where a
// variant differs in length (expand_case_fold_string), and character classes
// holding a character that folds to several (ß -> "ss") gain those sequences
// as alternatives (cclass_case_fold). Ruby 3.1 does this inside look-behinds
// too, so it decides whether their length is fixed. This file reproduces the
// shape of those rewrites from Ruby's Unicode 13.0 case-folding data.

// foldSet is a set of multiFoldSources, one bit per entry.
type foldSet [2]uint64

func (s *foldSet) add(i int)           { s[i/64] |= 1 << (i % 64) }
func (s foldSet) has(i int) bool       { return s[i/64]&(1<<(i%64)) != 0 }
func (s foldSet) or(o foldSet) foldSet { return foldSet{s[0] | o[0], s[1] | o[1]} }
func (s foldSet) and(o foldSet) foldSet {
	return foldSet{s[0] & o[0], s[1] & o[1]}
}
func (s foldSet) empty() bool { return s[0] == 0 && s[1] == 0 }

// not complements the set within multiFoldSources.
func (s foldSet) not() foldSet {
	var all foldSet
	for i := range multiFoldSources {
		all.add(i)
	}
	return foldSet{all[0] &^ s[0], all[1] &^ s[1]}
}

// foldSourcesIn returns the multiFoldSources within [lo, hi].
func foldSourcesIn(lo, hi rune) foldSet {
	var s foldSet
	for i, c := range multiFoldSources {
		if c >= lo && c <= hi {
			s.add(i)
		}
	}
	return s
}

var allFoldSources = foldSet{}.not()

// Inverse fold tables, as Onigmo's CaseUnfold_11/12/13.
var (
	unfold1 = map[rune][]rune{}
	unfold2 = map[[2]rune][]rune{}
	unfold3 = map[[3]rune][]rune{}
)

func init() {
	for from, to := range caseFolds {
		switch len(to) {
		case 1:
			unfold1[to[0]] = append(unfold1[to[0]], from)
		case 2:
			k := [2]rune{to[0], to[1]}
			unfold2[k] = append(unfold2[k], from)
		case 3:
			k := [3]rune{to[0], to[1], to[2]}
			unfold3[k] = append(unfold3[k], from)
		}
	}
	for _, l := range unfold1 {
		slices.Sort(l)
	}
	for _, l := range unfold2 {
		slices.Sort(l)
	}
	for _, l := range unfold3 {
		slices.Sort(l)
	}
}

// foldItem is an OnigCaseFoldCodeItem: byteLen bytes of the source string
// match the codes (a case variant).
type foldItem struct {
	byteLen int
	codes   []rune
}

// caseFoldCodesByStr is onigenc_unicode_get_case_fold_codes_by_str: the case
// variants of the character at the start of s, and of the two- and
// three-character sequences starting there that fold to one character.
func caseFoldCodesByStr(s []byte) []foldItem {
	var items []foldItem
	code, n := utf8.DecodeRune(s)
	multi := true
	if to, ok := caseFolds[code]; ok {
		if len(to) == 1 {
			orig := code
			items = append(items, foldItem{n, []rune{to[0]}})
			code = to[0]
			for _, c := range unfold1[code] {
				if c != orig {
					items = append(items, foldItem{n, []rune{c}})
				}
			}
		} else {
			// Every combination of the case variants of each folded
			// character, then the other characters with the same fold.
			var cs [][]rune
			for _, f := range to {
				cs = append(cs, append([]rune{f}, unfold1[f]...))
			}
			var combos [][]rune
			combos = [][]rune{nil}
			for _, alts := range cs {
				var next [][]rune
				for _, pre := range combos {
					for _, a := range alts {
						next = append(next, append(append([]rune(nil), pre...), a))
					}
				}
				combos = next
			}
			for _, c := range combos {
				items = append(items, foldItem{n, c})
			}
			var same []rune
			if len(to) == 2 {
				same = unfold2[[2]rune{to[0], to[1]}]
			} else {
				same = unfold3[[3]rune{to[0], to[1], to[2]}]
			}
			for _, c := range same {
				if c != code {
					items = append(items, foldItem{n, []rune{c}})
				}
			}
			multi = false // a multi-character fold does not start another
		}
	} else {
		for _, c := range unfold1[code] {
			items = append(items, foldItem{n, []rune{c}})
		}
	}
	if !multi || n >= len(s) {
		return items
	}
	simpleFold := func(c rune) rune {
		if to, ok := caseFolds[c]; ok && len(to) == 1 {
			return to[0]
		}
		return c
	}
	c1, n1 := utf8.DecodeRune(s[n:])
	codes := [3]rune{code, simpleFold(c1)}
	l := n + n1
	for _, c := range unfold2[[2]rune{codes[0], codes[1]}] {
		items = append(items, foldItem{l, []rune{c}})
	}
	if l >= len(s) {
		return items
	}
	c2, n2 := utf8.DecodeRune(s[l:])
	codes[2] = simpleFold(c2)
	l += n2
	for _, c := range unfold3[codes] {
		items = append(items, foldItem{l, []rune{c}})
	}
	return items
}

// foldString is update_string_node_case_fold: each character replaced by its fold.
func foldString(s []byte) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range string(s) {
		if to, ok := caseFolds[r]; ok {
			for _, c := range to {
				out = utf8.AppendRune(out, c)
			}
		} else {
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

const thresholdCaseFoldAltForExpansion = 8

// expandCaseFoldString is expand_case_fold_string: it replaces the string
// node nd by the alternations of its case variants.
func expandCaseFoldString(nd *node) {
	if nd.state&(nstAmbig|nstRaw) != 0 || len(nd.str) == 0 {
		return
	}
	s := nd.str
	var topRoot, root, prevNode, snode *node
	altNum := 1
	p := 0
	for p < len(s) {
		items := caseFoldCodesByStr(s[p:])
		clen := charLen(s, p)
		if len(items) == 0 || !isCaseFoldVariableLen(items, clen) {
			if snode == nil {
				if root == nil && prevNode != nil {
					topRoot = newList(prevNode)
					root = topRoot
				}
				snode = newEmpty()
				prevNode = snode
				if root != nil {
					root.kids = append(root.kids, snode)
				}
			}
			snode.str = append(snode.str, s[p:p+clen]...)
		} else {
			altNum *= len(items) + 1
			if altNum > thresholdCaseFoldAltForExpansion {
				break
			}
			if snode != nil {
				snode.str = foldString(snode.str)
				snode.state |= nstAmbig
			}
			if root == nil && prevNode != nil {
				topRoot = newList(prevNode)
				root = topRoot
			}
			alt, varlen := expandCaseFoldStringAlt(items, s, p, clen)
			prevNode = alt
			if varlen {
				if root == nil {
					topRoot = alt
				} else {
					root.kids = append(root.kids, alt)
				}
				// The rest of the string follows the same-length variants.
				root = alt.kids[0]
			} else if root != nil {
				root.kids = append(root.kids, alt)
			}
			snode = nil
		}
		p += clen
	}
	if snode != nil {
		snode.str = foldString(snode.str)
		snode.state |= nstAmbig
	}
	if p < len(s) {
		rem := remString(s[p:])
		if prevNode != nil && root == nil {
			topRoot = newList(prevNode)
			root = topRoot
		}
		if root == nil {
			prevNode = rem
		} else {
			root.kids = append(root.kids, rem)
		}
	}
	if topRoot == nil {
		topRoot = prevNode
	}
	*nd = *topRoot
}

func isCaseFoldVariableLen(items []foldItem, slen int) bool {
	for _, it := range items {
		if it.byteLen != slen || len(it.codes) != 1 {
			return true
		}
	}
	return false
}

// expandCaseFoldStringAlt builds the alternation for one character at s[p:]:
// variants covering the same bytes in one alternation; when some variant
// covers more (a sequence folding to one character), an outer alternation
// whose other branches carry the rest of the string.
func expandCaseFoldStringAlt(items []foldItem, s []byte, p, slen int) (*node, bool) {
	varlen := false
	for _, it := range items {
		if it.byteLen != slen {
			varlen = true
			break
		}
	}
	anode := newAlt(newStr(s[p : p+slen]))
	top := anode
	if varlen {
		top = newAlt(newList(anode))
	}
	for _, it := range items {
		var b []byte
		for _, c := range it.codes {
			b = utf8.AppendRune(b, c)
		}
		snode := newStr(b)
		if it.byteLen == slen {
			anode.kids = append(anode.kids, snode)
			continue
		}
		if q := p + it.byteLen; q < len(s) {
			top.kids = append(top.kids, newList(snode, remString(s[q:])))
		} else {
			top.kids = append(top.kids, snode)
		}
	}
	return top, varlen
}

func remString(s []byte) *node {
	nd := newStr(foldString(s))
	nd.state |= nstAmbig
	return nd
}

// caseFoldClass is cclass_case_fold as far as the tree shape goes: a class
// holding characters that fold to several gains those sequences as
// alternatives.
func caseFoldClass(cc *node, members foldSet) *node {
	if members.empty() {
		return cc
	}
	alt := newAlt(cc)
	for i, c := range multiFoldSources {
		if members.has(i) {
			// Already folded: setup does not expand these again.
			alt.kids = append(alt.kids, remString(utf8.AppendRune(nil, c)))
		}
	}
	return alt
}
