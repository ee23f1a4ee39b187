package rubyregexp

// This file holds the checks Onigmo's onig_compile runs after parsing
// (regcomp.c): named/numbered group rules, subexpression calls and their
// recursion, look-behind restrictions, and conditional groups.

// compile parses a preprocessed pattern and runs the compile-time checks;
// utf8 tells whether Ruby compiles it as UTF-8 (else US-ASCII).
func compile(pat []byte, utf8 bool) *onigError {
	ps := &parser{pat: pat, utf8: utf8, opt: defaultOptions, memNodes: []*node{nil}, names: map[string][]int{}}
	root, err := ps.parseRegexp()
	if err != nil {
		return err
	}
	// Once a pattern has named groups, plain groups stop capturing and
	// numbered references are errors.
	if ps.numNamed > 0 {
		if ps.numNamed != ps.numMem {
			err = ps.disableNonameGroupCapture(&root)
		} else {
			err = numberedRefCheck(root)
		}
		if err != nil {
			return err
		}
	}
	if ps.numCall > 0 {
		if err := ps.setupSubexpCall(root); err != nil {
			return err
		}
		if _, err := ps.subexpRecursiveCheckTrav(root); err != nil {
			return err
		}
		if err := ps.subexpInfRecursiveCheckTrav(root); err != nil {
			return err
		}
	}
	if err := ps.setupTree(root, defaultOptions); err != nil {
		return err
	}
	return checkConditions(root)
}

// disableNonameGroupCapture turns unnamed groups into plain groups and
// renumbers the named ones (disable_noname_group_capture).
func (ps *parser) disableNonameGroupCapture(root **node) *onigError {
	remap := make([]int, ps.numMem+1)
	counter := 0
	nonameDisableMap(root, remap, &counter)
	if err := ps.renumberByMap(*root, remap); err != nil {
		return err
	}
	nodes := []*node{ps.memNodes[0]}
	for i := 1; i <= ps.numMem; i++ {
		if remap[i] > 0 {
			nodes = append(nodes, ps.memNodes[i])
		}
	}
	ps.memNodes = nodes
	ps.numMem = ps.numNamed
	for name, nums := range ps.names {
		renum := make([]int, len(nums))
		for i, n := range nums {
			renum[i] = remap[n]
		}
		ps.names[name] = renum
	}
	return nil
}

func nonameDisableMap(plink **node, remap []int, counter *int) {
	nd := *plink
	switch nd.typ {
	case ntList, ntAlt:
		for i := range nd.kids {
			nonameDisableMap(&nd.kids[i], remap, counter)
		}
	case ntQtfr:
		old := nd.target
		nonameDisableMap(&nd.target, remap, counter)
		if nd.target != old && nd.target.typ == ntQtfr {
			reduceNestedQuantifier(nd, nd.target)
		}
	case ntEnclose:
		if nd.etype == encMemory {
			if nd.state&nstNamedGroup != 0 {
				*counter++
				remap[nd.regnum] = *counter
				nd.regnum = *counter
			} else if nd.regnum != 0 {
				*plink = nd.target
				nonameDisableMap(plink, remap, counter)
				return
			}
		}
		nonameDisableMap(&nd.target, remap, counter)
	case ntAnchor:
		if nd.target != nil {
			nonameDisableMap(&nd.target, remap, counter)
		}
	}
}

func (ps *parser) renumberByMap(nd *node, remap []int) *onigError {
	switch nd.typ {
	case ntList, ntAlt:
		for _, k := range nd.kids {
			if err := ps.renumberByMap(k, remap); err != nil {
				return err
			}
		}
	case ntQtfr:
		return ps.renumberByMap(nd.target, remap)
	case ntEnclose:
		if nd.etype == encCondition {
			if nd.regnum > ps.numMem {
				return newErr(errInvalidBackref)
			}
			nd.regnum = remap[nd.regnum]
		}
		return ps.renumberByMap(nd.target, remap)
	case ntBref:
		if nd.state&nstNameRef == 0 {
			return newErr(errNumberedBackrefOrCallNotAllowed)
		}
		var backs []int
		for _, b := range nd.backs {
			if n := remap[b]; n > 0 {
				backs = append(backs, n)
			}
		}
		nd.backs = backs
	case ntAnchor:
		if nd.target != nil {
			return ps.renumberByMap(nd.target, remap)
		}
	}
	return nil
}

func numberedRefCheck(nd *node) *onigError {
	switch nd.typ {
	case ntList, ntAlt:
		for _, k := range nd.kids {
			if err := numberedRefCheck(k); err != nil {
				return err
			}
		}
	case ntQtfr, ntEnclose:
		return numberedRefCheck(nd.target)
	case ntBref:
		if nd.state&nstNameRef == 0 {
			return newErr(errNumberedBackrefOrCallNotAllowed)
		}
	case ntAnchor:
		if nd.target != nil {
			return numberedRefCheck(nd.target)
		}
	}
	return nil
}

func isLookAround(atype int) bool {
	return atype&(anchorPrecRead|anchorPrecReadNot|anchorLookBehind|anchorLookBehindNot) != 0
}

// setupSubexpCall resolves \g<...> targets (setup_subexp_call).
func (ps *parser) setupSubexpCall(nd *node) *onigError {
	switch nd.typ {
	case ntList, ntAlt:
		for _, k := range nd.kids {
			if err := ps.setupSubexpCall(k); err != nil {
				return err
			}
		}
	case ntQtfr, ntEnclose:
		return ps.setupSubexpCall(nd.target)
	case ntAnchor:
		if isLookAround(nd.atype) {
			return ps.setupSubexpCall(nd.target)
		}
	case ntCall:
		gnum := nd.gnum
		if gnum == 0 && len(nd.name) > 0 {
			nums := ps.names[string(nd.name)]
			switch {
			case len(nums) == 0:
				return newErrPar(errUndefinedNameReference, nd.name)
			case len(nums) > 1:
				return newErrPar(errMultiplexDefinitionNameCall, nd.name)
			}
			gnum = nums[0]
		} else if gnum != 0 {
			if ps.numNamed > 0 {
				return newErr(errNumberedBackrefOrCallNotAllowed)
			}
			if gnum > ps.numMem {
				return newErrPar(errUndefinedGroupReference, nd.name)
			}
		}
		nd.gnum = gnum
		nd.ctarget = ps.memNodes[gnum]
		if nd.ctarget == nil {
			return newErrPar(errUndefinedNameReference, nd.name)
		}
		nd.ctarget.state |= nstCalled
	}
	return nil
}

// recursionCheckBudget bounds the node visits of the two recursion analyses,
// which Onigmo runs without memoization: on call graphs shaped to explode
// Ruby would not finish compiling, and Check gives up on those checks.
const recursionCheckBudget = 1 << 22

// subexpRecursiveCheckTrav marks called groups that call themselves
// (subexp_recursive_check_trav); it reports whether a called group was found.
func (ps *parser) subexpRecursiveCheckTrav(nd *node) (bool, *onigError) {
	found := false
	switch nd.typ {
	case ntList, ntAlt:
		for _, k := range nd.kids {
			f, err := ps.subexpRecursiveCheckTrav(k)
			if err != nil {
				return false, err
			}
			found = found || f
		}
	case ntQtfr:
		return ps.subexpRecursiveCheckTrav(nd.target)
	case ntAnchor:
		if isLookAround(nd.atype) {
			return ps.subexpRecursiveCheckTrav(nd.target)
		}
	case ntEnclose:
		if nd.state&nstRecursion == 0 && nd.state&nstCalled != 0 {
			nd.state |= nstMark1
			if ps.subexpRecursiveCheck(nd.target) {
				nd.state |= nstRecursion
			}
			nd.state &^= nstMark1
		}
		f, err := ps.subexpRecursiveCheckTrav(nd.target)
		if err != nil {
			return false, err
		}
		found = f || nd.state&nstCalled != 0
	}
	return found, nil
}

func (ps *parser) subexpRecursiveCheck(nd *node) bool {
	ps.steps++
	if ps.steps > recursionCheckBudget {
		return false
	}
	r := false
	switch nd.typ {
	case ntList, ntAlt:
		for _, k := range nd.kids {
			if ps.subexpRecursiveCheck(k) {
				r = true
			}
		}
	case ntQtfr:
		r = ps.subexpRecursiveCheck(nd.target)
	case ntAnchor:
		if isLookAround(nd.atype) {
			r = ps.subexpRecursiveCheck(nd.target)
		}
	case ntCall:
		r = ps.subexpRecursiveCheck(nd.ctarget)
		if r {
			nd.state |= nstRecursion
		}
	case ntEnclose:
		switch {
		case nd.state&nstMark2 != 0:
			return false
		case nd.state&nstMark1 != 0:
			return true
		}
		nd.state |= nstMark2
		r = ps.subexpRecursiveCheck(nd.target)
		nd.state &^= nstMark2
	}
	return r
}

const (
	recursionExist    = 1
	recursionInfinite = 2
)

// subexpInfRecursiveCheckTrav rejects a recursive group that can call itself
// before consuming any character (subexp_inf_recursive_check_trav).
func (ps *parser) subexpInfRecursiveCheckTrav(nd *node) *onigError {
	switch nd.typ {
	case ntList, ntAlt:
		for _, k := range nd.kids {
			if err := ps.subexpInfRecursiveCheckTrav(k); err != nil {
				return err
			}
		}
	case ntQtfr:
		return ps.subexpInfRecursiveCheckTrav(nd.target)
	case ntAnchor:
		if isLookAround(nd.atype) {
			return ps.subexpInfRecursiveCheckTrav(nd.target)
		}
	case ntEnclose:
		if nd.state&nstRecursion != 0 {
			nd.state |= nstMark1
			// Onigmo ignores errors from this check here.
			if r, _ := ps.subexpInfRecursiveCheck(nd.target, true); r > 0 {
				return newErr(errNeverEndingRecursion)
			}
			nd.state &^= nstMark1
		}
		return ps.subexpInfRecursiveCheckTrav(nd.target)
	}
	return nil
}

func (ps *parser) subexpInfRecursiveCheck(nd *node, head bool) (int, *onigError) {
	ps.steps++
	if ps.steps > recursionCheckBudget {
		return 0, nil
	}
	r := 0
	switch nd.typ {
	case ntList:
		for _, x := range nd.kids {
			ret, err := ps.subexpInfRecursiveCheck(x, head)
			if err != nil || ret == recursionInfinite {
				return ret, err
			}
			r |= ret
			if head {
				min, err := ps.minMatchLength(x)
				if err != nil {
					return 0, err
				}
				if min != 0 {
					head = false
				}
			}
		}
	case ntAlt:
		r = recursionExist
		for _, x := range nd.kids {
			ret, err := ps.subexpInfRecursiveCheck(x, head)
			if err != nil || ret == recursionInfinite {
				return ret, err
			}
			r &= ret
		}
	case ntQtfr:
		ret, err := ps.subexpInfRecursiveCheck(nd.target, head)
		if err != nil {
			return 0, err
		}
		r = ret
		if r == recursionExist && nd.lower == 0 {
			r = 0
		}
	case ntAnchor:
		if isLookAround(nd.atype) {
			return ps.subexpInfRecursiveCheck(nd.target, head)
		}
	case ntCall:
		return ps.subexpInfRecursiveCheck(nd.ctarget, head)
	case ntEnclose:
		switch {
		case nd.state&nstMark2 != 0:
			return 0, nil
		case nd.state&nstMark1 != 0:
			if head {
				return recursionInfinite, nil
			}
			return recursionExist, nil
		}
		nd.state |= nstMark2
		ret, err := ps.subexpInfRecursiveCheck(nd.target, head)
		nd.state &^= nstMark2
		return ret, err
	}
	return r, nil
}

// infiniteDistance caps length arithmetic; only zero versus non-zero matters.
const infiniteDistance = 1 << 40

func distanceAdd(a, b int) int {
	if a >= infiniteDistance-b {
		return infiniteDistance
	}
	return a + b
}

func distanceMultiply(a, n int) int {
	if n != 0 && a >= infiniteDistance/n {
		return infiniteDistance
	}
	return a * n
}

// minMatchLength is get_min_match_length (in bytes), including its caching of
// group minimums.
func (ps *parser) minMatchLength(nd *node) (int, *onigError) {
	switch nd.typ {
	case ntBref:
		if nd.state&nstRecursion != 0 {
			return 0, nil
		}
		min := 0
		for i, b := range nd.backs {
			if b > ps.numMem {
				return 0, newErr(errInvalidBackref)
			}
			t, err := ps.minMatchLength(ps.memNodes[b])
			if err != nil {
				return min, err
			}
			if i == 0 || t < min {
				min = t
			}
		}
		return min, nil
	case ntCall:
		if nd.state&nstRecursion != 0 {
			if nd.ctarget.state&nstMinFixed != 0 {
				return nd.ctarget.minLen, nil
			}
			return 0, nil
		}
		return ps.minMatchLength(nd.ctarget)
	case ntList:
		sum := 0
		for _, k := range nd.kids {
			t, err := ps.minMatchLength(k)
			if err != nil {
				return sum, err
			}
			sum = distanceAdd(sum, t)
		}
		return sum, nil
	case ntAlt:
		min := 0
		for i, k := range nd.kids {
			t, err := ps.minMatchLength(k)
			if err != nil {
				return min, err
			}
			if i == 0 || t < min {
				min = t
			}
		}
		return min, nil
	case ntStr:
		return len(nd.str), nil
	case ntCType, ntCClass, ntCAny:
		return 1, nil
	case ntQtfr:
		if nd.lower > 0 {
			t, err := ps.minMatchLength(nd.target)
			if err != nil {
				return 0, err
			}
			return distanceMultiply(t, nd.lower), nil
		}
	case ntEnclose:
		switch nd.etype {
		case encMemory:
			if nd.state&nstMinFixed != 0 {
				return nd.minLen, nil
			}
			if nd.state&nstMark1 != 0 {
				return 0, nil // recursive
			}
			nd.state |= nstMark1
			t, err := ps.minMatchLength(nd.target)
			nd.state &^= nstMark1
			if err != nil {
				return t, err
			}
			nd.minLen = t
			nd.state |= nstMinFixed
			return t, nil
		case encOption, encStopBacktrack, encCondition:
			return ps.minMatchLength(nd.target)
		}
	}
	return 0, nil
}

// Node kinds, enclosures and anchors allowed inside (?<=...) and (?<!...).
const (
	allowedTypeInLB = ntList | ntAlt | ntStr | ntCClass | ntCType | ntCAny |
		ntAnchor | ntEnclose | ntQtfr | ntCall
	allowedEncloseInLB    = encMemory | encOption
	allowedEncloseInLBNot = encOption
	allowedAnchorInLB     = anchorLookBehind | anchorLookBehindNot | anchorBeginLine |
		anchorEndLine | anchorBeginBuf | anchorBeginPosition | anchorKeep |
		anchorWordBound | anchorNotWordBound | anchorWordBegin | anchorWordEnd
)

// setupTree is the part of setup_tree that errors depend on, walked in
// Onigmo's order: it expands case-insensitive strings and checks back
// references, conditions and look-behinds. opt are the options in effect.
func (ps *parser) setupTree(nd *node, opt options) *onigError {
	switch nd.typ {
	case ntList, ntAlt:
		for _, k := range nd.kids {
			if err := ps.setupTree(k, opt); err != nil {
				return err
			}
		}
	case ntStr:
		if opt&optIgnoreCase != 0 && ps.utf8 {
			expandCaseFoldString(nd)
		}
	case ntBref:
		for _, b := range nd.backs {
			if b > ps.numMem {
				return newErr(errInvalidBackref)
			}
		}
	case ntQtfr:
		if nd.upper == repeatInfinite || nd.upper >= 1 {
			if _, err := ps.minMatchLength(nd.target); err != nil {
				return err
			}
		}
		return ps.setupTree(nd.target, opt)
	case ntEnclose:
		if nd.etype == encOption {
			return ps.setupTree(nd.target, nd.option)
		}
		if nd.etype == encCondition {
			if nd.state&nstNameRef == 0 && ps.numNamed > 0 {
				return newErr(errNumberedBackrefOrCallNotAllowed)
			}
			if nd.regnum > ps.numMem {
				return newErr(errInvalidBackref)
			}
		}
		return ps.setupTree(nd.target, opt)
	case ntAnchor:
		switch nd.atype {
		case anchorPrecRead, anchorPrecReadNot:
			return ps.setupTree(nd.target, opt)
		case anchorLookBehind, anchorLookBehindNot:
			encMask := allowedEncloseInLB
			if nd.atype == anchorLookBehindNot {
				encMask = allowedEncloseInLBNot
			}
			if !checkTypeTree(nd.target, encMask, allowedAnchorInLB) {
				return newErr(errInvalidLookBehindPattern)
			}
			if err := ps.setupTree(nd.target, opt); err != nil {
				return err
			}
			// Alternatives of different fixed lengths are fine at the top
			// level (Onigmo splits them); anything else must be fixed.
			if _, r := charLengthTree(nd.target, 0); r == charLenVarLen {
				return newErr(errInvalidLookBehindPattern)
			}
		}
	}
	return nil
}

// checkTypeTree reports whether every node under nd may appear in a
// look-behind (check_type_tree).
func checkTypeTree(nd *node, encMask, anchorMask int) bool {
	if nd.typ&allowedTypeInLB == 0 {
		return false
	}
	switch nd.typ {
	case ntList, ntAlt:
		for _, k := range nd.kids {
			if !checkTypeTree(k, encMask, anchorMask) {
				return false
			}
		}
	case ntQtfr:
		return checkTypeTree(nd.target, encMask, anchorMask)
	case ntEnclose:
		if nd.etype&encMask == 0 {
			return false
		}
		return checkTypeTree(nd.target, encMask, anchorMask)
	case ntAnchor:
		if nd.atype&anchorMask == 0 {
			return false
		}
		if nd.target != nil {
			return checkTypeTree(nd.target, encMask, anchorMask)
		}
	}
	return true
}

const (
	charLenFixed = iota
	charLenVarLen
	charLenTopAltVarLen
)

// charLengthTree is get_char_length_tree1: the fixed length in characters of
// a look-behind body, with Onigmo's caching on groups.
func charLengthTree(nd *node, level int) (int, int) {
	level++
	switch nd.typ {
	case ntList:
		sum := 0
		for _, k := range nd.kids {
			t, r := charLengthTree(k, level)
			if r != charLenFixed {
				return 0, r
			}
			sum = distanceAdd(sum, t)
		}
		return sum, charLenFixed
	case ntAlt:
		first, r := charLengthTree(nd.kids[0], level)
		varlen := false
		for _, k := range nd.kids[1:] {
			if r != charLenFixed {
				break
			}
			var t int
			t, r = charLengthTree(k, level)
			if r == charLenFixed && t != first {
				varlen = true
			}
		}
		if r != charLenFixed {
			return 0, r
		}
		if varlen {
			if level == 1 {
				return 0, charLenTopAltVarLen
			}
			return 0, charLenVarLen
		}
		return first, charLenFixed
	case ntStr:
		return runeCount(nd.str), charLenFixed
	case ntQtfr:
		if nd.lower != nd.upper {
			return 0, charLenVarLen
		}
		t, r := charLengthTree(nd.target, level)
		if r != charLenFixed {
			return 0, r
		}
		return distanceMultiply(t, nd.lower), charLenFixed
	case ntCall:
		if nd.state&nstRecursion != 0 {
			return 0, charLenVarLen
		}
		return charLengthTree(nd.ctarget, level)
	case ntCType, ntCClass, ntCAny:
		return 1, charLenFixed
	case ntEnclose:
		switch nd.etype {
		case encMemory:
			if nd.state&nstClenFixed != 0 {
				return nd.charLen, charLenFixed
			}
			if nd.state&nstClenVisiting != 0 {
				// Only reachable through a recursive call that the
				// budget-limited recursion check left unmarked.
				return 0, charLenVarLen
			}
			nd.state |= nstClenVisiting
			t, r := charLengthTree(nd.target, level)
			nd.state &^= nstClenVisiting
			if r == charLenFixed {
				nd.charLen = t
				nd.state |= nstClenFixed
			}
			return t, r
		case encOption, encStopBacktrack, encCondition:
			return charLengthTree(nd.target, level)
		}
		return 0, charLenFixed
	case ntAnchor:
		return 0, charLenFixed
	}
	return 0, charLenVarLen
}

// checkConditions finds conditional groups with more than two branches, which
// Onigmo rejects when it compiles them.
func checkConditions(nd *node) *onigError {
	switch nd.typ {
	case ntList, ntAlt:
		for _, k := range nd.kids {
			if err := checkConditions(k); err != nil {
				return err
			}
		}
	case ntQtfr, ntEnclose, ntAnchor:
		if nd.typ == ntEnclose && nd.etype == encCondition && len(nd.target.kids) > 2 {
			return newErr(errInvalidConditionPattern)
		}
		if nd.target != nil {
			return checkConditions(nd.target)
		}
	}
	return nil
}
