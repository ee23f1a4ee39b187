package rubyscan

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/pp2go/pp2go/rt/restype"
)

// Requirer finds a Ruby file that a type file requires, by its feature
// name as on Ruby's load path ("puppet_x/keystone/type"), the way Ruby
// would find it in the modules' lib directories.
type Requirer func(feature string) (path, src string, ok bool)

// Types reads a Ruby file of the type DSL and returns the types it
// declares with Puppet::Type.newtype (and Puppet::ResourceApi.register_type:
// resourceapi.go), with the attributes Puppet would give
// them, except the `provider` parameter: Puppet adds that one when it finds
// providers for the type (see AddProvider). Methods that the type calls to
// declare attributes (its own `def self.newcheck`, or mixins such as
// `create_parameters` from required files) are followed; req may be nil.
// Notes say what the scan could not follow; the affected types are marked
// Open or TitlePatternsUnknown.
func Types(path, src string, req Requirer) (types []*restype.Type, notes []string) {
	toks := lex(src)
	s := &typeScanner{toks: toks, path: path, methods: map[string]method{}}
	collectMethods(toks, s.methods)
	if req != nil {
		for _, f := range requiredFeatures(path, toks) {
			if _, text, ok := req(f); ok {
				collectMethods(lex(text), s.methods)
			}
		}
	}
	s.run()
	for _, b := range s.types {
		types = append(types, b.finish())
	}
	return append(types, resourceAPITypes(path, src)...), s.notes
}

// AddProvider gives t Puppet's implicit `provider` parameter, which Puppet
// creates when the first provider of the type is loaded (a Resource API
// type has none). Like Puppet's
// allattrs, it comes right after the namevars.
func AddProvider(t *restype.Type) {
	if _, ok := t.Attr("provider"); ok || t.ResourceAPI {
		return
	}
	i := 0
	for i < len(t.Attrs) && t.Attrs[i].Namevar {
		i++
	}
	t.Attrs = append(t.Attrs, restype.Attr{})
	copy(t.Attrs[i+1:], t.Attrs[i:])
	t.Attrs[i] = restype.Attr{Name: "provider", Kind: restype.Param}
}

// typeBuilder collects one newtype's declarations in order.
type typeBuilder struct {
	name          string
	attrs         []*restype.Attr
	titlePatterns []restype.TitlePattern
	tpUnknown     bool
	tpSet         bool
	isomorphic    bool
	features      []string
	open          bool
	source        string
}

func (b *typeBuilder) attr(name string, kind restype.Kind) *restype.Attr {
	for _, a := range b.attrs {
		if a.Name == name {
			// Puppet's newparam/newproperty of an existing name replaces the
			// class; keep the first position as Puppet's hash order does.
			a.Kind = kind
			return a
		}
	}
	a := &restype.Attr{Name: name, Kind: kind}
	b.attrs = append(b.attrs, a)
	return a
}

// finish orders the attributes as Puppet's allattrs does: the key
// attributes (params that are namevars, or named "name"), the properties,
// then the remaining params.
func (b *typeBuilder) finish() *restype.Type {
	t := &restype.Type{Name: b.name, Isomorphic: b.isomorphic, Features: b.features, Open: b.open, Source: b.source}
	var keys, props, params []restype.Attr
	for _, a := range b.attrs {
		if a.Kind == restype.Param && (a.Namevar || a.Name == "name") {
			a.Namevar = true
			keys = append(keys, *a)
			continue
		}
		a.Namevar = false // only parameters can be key attributes
		if a.Kind == restype.Property {
			props = append(props, *a)
		} else {
			params = append(params, *a)
		}
	}
	t.Attrs = append(append(keys, props...), params...)
	switch {
	case b.tpUnknown:
		t.TitlePatternsUnknown = true
	case b.tpSet:
		t.TitlePatterns = b.titlePatterns
	default:
		t.TitlePatterns = restype.DefaultTitlePatterns(t.Namevars())
	}
	return t
}

// frame is one open construct: a block, def, class, control structure or
// bracket. The declarations a frame stands for decide what code inside it
// means.
type frame struct {
	closer   string          // "end" or "}"
	def      bool            // a method definition: its body does not run at load time
	typ      *typeBuilder    // a newtype block
	attrs    []*restype.Attr // a newparam/newproperty block (several in a loop)
	loopVar  string          // a `[...].each do |v|` block
	loopVals []string
}

type typeScanner struct {
	toks    []token
	i       int
	path    string
	stack   []frame
	types   []*typeBuilder
	notes   []string
	methods map[string]method // methods that calls in a type body may run
	depth   int               // nesting of followed method calls
}

// method is a Ruby method definition that a type body may call.
type method struct {
	params []string
	body   []token
}

// collectMethods records every `def name(params) ... end` of toks. A
// module's `def self.extended(base)` hook is recorded as "M.extended"
// too (M the module's last name), for the types that `extend M`, and a
// constant's block, `NAME = Proc.new do ... end`, as "proc:NAME", for the
// types that `instance_eval(&M::NAME)` (theforeman-foreman's
// PuppetX::Foreman::Common::REST_API_COMMON_PARAMS).
func collectMethods(toks []token, into map[string]method) {
	for i := 0; i < len(toks); i++ {
		if toks[i].kind == tConst && i+1 < len(toks) && toks[i+1].text == "=" {
			if open, ok := procBlock(toks, i+2); ok {
				end := blockEndFrom(toks, open)
				key := "proc:" + toks[i].text
				if _, seen := into[key]; !seen && end > open+1 {
					into[key] = method{body: toks[open+1 : end-1]}
				}
			}
		}
		if toks[i].kind == tKeyword && toks[i].text == "module" {
			// module A::B: the last name
			name := ""
			for j := i + 1; j < len(toks) && toks[j].kind != tNewline && toks[j].text != ";"; j++ {
				if toks[j].kind == tIdent || toks[j].kind == tConst {
					name = toks[j].text
				}
			}
			end := blockEndFrom(toks, i)
			sub := map[string]method{}
			collectMethods(append(append([]token{}, toks[i+1:end-1]...), token{kind: tEOF}), sub)
			for k, m := range sub {
				if k == "extended" && name != "" {
					k = name + ".extended"
				}
				if _, seen := into[k]; !seen {
					into[k] = m
				}
			}
			i = end - 1
			continue
		}
		if toks[i].kind != tKeyword || toks[i].text != "def" {
			continue
		}
		j := i + 1
		if toks[j].text == "self" && toks[j+1].text == "." {
			j += 2
		}
		name := toks[j].text
		sig, _ := methodParams(toks[j+1:])
		var params []string
		for _, p := range sig.Params {
			params = append(params, p.Name)
		}
		end := blockEndFrom(toks, i)
		bodyStart := j + 1
		for bodyStart < end && toks[bodyStart].kind != tNewline && toks[bodyStart].text != ";" {
			bodyStart++
		}
		if _, seen := into[name]; !seen && end > bodyStart {
			into[name] = method{params: params, body: toks[bodyStart : end-1]}
		}
	}
}

// procBlock recognizes a block made an object at j, `Proc.new do`,
// `proc do`, `lambda do` (or with braces), with no block parameters, and
// returns the index of its opener.
func procBlock(toks []token, j int) (int, bool) {
	switch {
	case j+3 < len(toks) && toks[j].text == "Proc" && toks[j+1].text == "." && toks[j+2].text == "new":
		j += 3
	case j+1 < len(toks) && toks[j].kind == tIdent && (toks[j].text == "proc" || toks[j].text == "lambda"):
		j++
	default:
		return 0, false
	}
	if opener := toks[j]; opener.text != "do" && opener.text != "{" || toks[j+1].text == "|" {
		return 0, false
	}
	return j, true
}

// blockEndFrom returns the index after the construct (def, class, do
// block...) that opens at i.
func blockEndFrom(toks []token, i int) int {
	s := &typeScanner{toks: toks, i: i}
	for s.tok().kind != tEOF {
		before := len(s.stack)
		t := s.tok()
		switch t.kind {
		case tKeyword:
			s.keyword(t)
		case tPunct:
			switch t.text {
			case "{":
				s.push(frame{closer: "}"})
			case "}":
				s.pop("}")
			}
			s.i++
		default:
			s.i++
		}
		if len(s.stack) == 0 && before > 0 {
			return s.i
		}
	}
	return s.i
}

// requiredFeatures lists what a file requires, as load path features:
// `require 'a/b'`, `require_relative`, and the common
// `require File.expand_path(File.join(File.dirname(__FILE__), '..', 'x'))`.
func requiredFeatures(path string, toks []token) []string {
	var out []string
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || (t.text != "require" && t.text != "require_relative") {
			continue
		}
		var parts []string
		relative := t.text == "require_relative"
		j := i + 1
		depth := 0
		for ; toks[j].kind != tEOF && (toks[j].kind != tNewline || depth > 0); j++ {
			switch {
			case toks[j].kind == tPunct && toks[j].text == "(":
				depth++
			case toks[j].kind == tPunct && toks[j].text == ")":
				depth--
			case toks[j].kind == tString && toks[j].aux == "":
				parts = append(parts, toks[j].text)
			case toks[j].kind == tKeyword && toks[j].text == "__FILE__":
				relative = true
			}
		}
		i = j
		if len(parts) == 0 {
			continue
		}
		feature := strings.Join(parts, "/")
		if relative {
			full := filepath.ToSlash(filepath.Join(filepath.Dir(path), feature))
			k := strings.LastIndex(full, "/lib/")
			if k < 0 {
				continue
			}
			feature = full[k+len("/lib/"):]
		}
		out = append(out, strings.TrimSuffix(feature, ".rb"))
	}
	return out
}

func (s *typeScanner) note(format string, args ...any) {
	s.notes = append(s.notes, fmt.Sprintf("%s:%d: ", s.path, s.tok().line)+fmt.Sprintf(format, args...))
}

func (s *typeScanner) tok() token { return s.toks[s.i] }
func (s *typeScanner) peek(n int) token {
	if s.i+n < len(s.toks) {
		return s.toks[s.i+n]
	}
	return s.toks[len(s.toks)-1]
}

// currentType is the innermost newtype block, or nil; nil too inside a
// method definition, whose body does not run when the type is loaded.
func (s *typeScanner) currentType() *typeBuilder {
	for j := len(s.stack) - 1; j >= 0; j-- {
		if s.stack[j].def {
			return nil
		}
		if s.stack[j].typ != nil {
			return s.stack[j].typ
		}
	}
	return nil
}

func (s *typeScanner) currentAttrs() []*restype.Attr {
	for j := len(s.stack) - 1; j >= 0; j-- {
		if s.stack[j].attrs != nil {
			return s.stack[j].attrs
		}
		if s.stack[j].typ != nil {
			return nil
		}
	}
	return nil
}

func (s *typeScanner) loopValues(v string) ([]string, bool) {
	for j := len(s.stack) - 1; j >= 0; j-- {
		if s.stack[j].loopVar == v {
			return s.stack[j].loopVals, true
		}
	}
	return nil, false
}

// statementStart reports whether the token at i begins a statement, where
// `if`, `unless`, `while` and `until` open blocks instead of modifying the
// statement before them.
func (s *typeScanner) statementStart(i int) bool {
	if i == 0 {
		return true
	}
	p := s.toks[i-1]
	switch p.kind {
	case tNewline:
		return true
	case tKeyword:
		switch p.text {
		// (after return, break, next, yield or not, Ruby's lexer is
		// not at the start of an expression: `return if x` is a modifier)
		case "then", "do", "else", "and", "or", "begin", "ensure", "when", "in", "elsif":
			return true
		}
	case tPunct:
		switch p.text {
		case ")", "]", "}":
			return false
		}
		return true // `x = if ...`, `(if ...)`, `a || unless ...`
	case tLabel:
		return true
	}
	return false
}

func (s *typeScanner) run() {
	for s.tok().kind != tEOF {
		t := s.tok()
		switch t.kind {
		case tKeyword:
			s.keyword(t)
			continue
		case tPunct:
			switch t.text {
			case "{":
				s.push(frame{closer: "}"})
			case "}":
				s.pop("}")
			case "[":
				if s.statementStart(s.i) && s.loopHeader() {
					continue
				}
			}
		case tIVar:
			if t.text == "@isomorphic" && s.peek(1).text == "=" && s.peek(2).text == "false" {
				if b := s.currentType(); b != nil {
					b.isomorphic = false
				}
			}
		case tIdent:
			if s.call(t) {
				continue
			}
		}
		s.i++
	}
}

func (s *typeScanner) push(f frame) { s.stack = append(s.stack, f) }

func (s *typeScanner) pop(closer string) {
	for j := len(s.stack) - 1; j >= 0; j-- {
		if s.stack[j].closer == closer {
			s.stack = s.stack[:j]
			return
		}
	}
}

func (s *typeScanner) keyword(t token) {
	switch t.text {
	case "def":
		if s.peek(1).text == "self" && s.peek(2).text == "." {
			name := s.peek(3).text
			b := s.currentType()
			s.push(frame{closer: "end", def: true})
			s.i += 4
			if b != nil {
				switch name {
				case "title_patterns":
					s.titlePatterns(b)
				case "isomorphic?":
					if s.bodyIs("false") {
						b.isomorphic = false
					}
				}
			}
			return
		}
		s.push(frame{closer: "end", def: true})
	case "class", "module", "begin", "case":
		s.push(frame{closer: "end"})
	case "do":
		s.push(frame{closer: "end"})
	case "if", "unless", "while", "until", "for":
		if s.statementStart(s.i) {
			s.push(frame{closer: "end"})
			if t.text == "while" || t.text == "until" || t.text == "for" {
				// `while cond do`: that do belongs to the loop
				for j := s.i + 1; s.toks[j].kind != tNewline && s.toks[j].kind != tEOF; j++ {
					if s.toks[j].kind == tKeyword && s.toks[j].text == "do" {
						s.toks[j].kind = tPunct
						s.toks[j].text = ";"
						break
					}
				}
			}
		}
	case "end":
		s.pop("end")
	}
	s.i++
}

// bodyIs reports whether a def's body is the single token want.
func (s *typeScanner) bodyIs(want string) bool {
	j := s.i
	for s.toks[j].kind == tNewline {
		j++
	}
	return s.toks[j].text == want
}

// loopHeader recognizes `[:a, :b].each do |v|` (or with braces) and opens
// a loop frame whose variable stands for each of the literal names.
func (s *typeScanner) loopHeader() bool {
	j := s.i + 1
	var vals []string
	for {
		t := s.toks[j]
		if t.kind == tNewline {
			j++
			continue
		}
		if t.kind != tSymbol && !(t.kind == tString && t.aux == "") {
			return false
		}
		vals = append(vals, t.text)
		j++
		for s.toks[j].kind == tNewline {
			j++
		}
		if s.toks[j].text == "," {
			j++
			continue
		}
		if s.toks[j].text == "]" {
			break
		}
		return false
	}
	if s.toks[j+1].text != "." || s.toks[j+2].text != "each" {
		return false
	}
	open := s.toks[j+3]
	if !(open.text == "do" || open.text == "{") || s.toks[j+4].text != "|" || s.toks[j+5].kind != tIdent || s.toks[j+6].text != "|" {
		return false
	}
	closer := "end"
	if open.text == "{" {
		closer = "}"
	}
	s.push(frame{closer: closer, loopVar: s.toks[j+5].text, loopVals: vals})
	s.i = j + 7
	return true
}

// callArgs returns the token range of a call's arguments starting at i
// (after the method name): a parenthesized list, or the rest of the
// statement up to a block opener. end is the index after the arguments.
func (s *typeScanner) callArgs(i int) (args []token, end int) {
	if s.toks[i].text == "(" && !s.toks[i].spaceBefore {
		depth := 0
		for j := i; s.toks[j].kind != tEOF; j++ {
			switch s.toks[j].text {
			case "(", "[", "{":
				if s.toks[j].kind == tPunct {
					depth++
				}
			case ")", "]", "}":
				if s.toks[j].kind == tPunct {
					depth--
				}
			}
			if depth == 0 {
				return dropNewlines(s.toks[i+1 : j]), j + 1
			}
		}
		return dropNewlines(s.toks[i+1:]), len(s.toks) - 1
	}
	depth := 0
	j := i
	for ; s.toks[j].kind != tEOF; j++ {
		t := s.toks[j]
		if depth == 0 {
			if t.kind == tNewline && (j == i || s.toks[j-1].text != ",") {
				break
			}
			if t.kind == tKeyword && t.text == "do" {
				break
			}
			if t.kind == tPunct && t.text == "{" && j > i && s.toks[j-1].text != "," && s.toks[j-1].text != "=>" && s.toks[j-1].kind != tLabel {
				break
			}
		}
		if t.kind == tPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
		}
	}
	return s.toks[i:j], j
}

// dropNewlines leaves out the line ends of a parenthesized argument list,
// where Ruby does not end statements: `newfunction(\n  :name, ...)`.
func dropNewlines(toks []token) []token {
	n := 0
	for _, t := range toks {
		if t.kind == tNewline {
			n++
		}
	}
	if n == 0 {
		return toks
	}
	out := make([]token, 0, len(toks)-n)
	for _, t := range toks {
		if t.kind != tNewline {
			out = append(out, t)
		}
	}
	return out
}

// optionTrue reports whether args set option name to true, as
// `:name => true` or `name: true`.
func optionTrue(args []token, name string) bool {
	for k := 0; k+1 < len(args); k++ {
		a := args[k]
		if a.kind == tLabel && a.text == name && args[k+1].text == "true" {
			return true
		}
		if a.kind == tSymbol && a.text == name && args[k+1].text == "=>" && k+2 < len(args) && args[k+2].text == "true" {
			return true
		}
	}
	return false
}

// blockFrame opens the frame of a block given to the call ending at end,
// if there is one, and moves past its opener.
func (s *typeScanner) blockFrame(end int, f frame) {
	s.i = end
	switch t := s.tok(); {
	case t.kind == tKeyword && t.text == "do":
		f.closer = "end"
	case t.kind == tPunct && t.text == "{":
		f.closer = "}"
	default:
		return
	}
	s.push(f)
	s.i++
}

// call handles a method call that declares something; it returns true when
// it has moved past the call.
func (s *typeScanner) call(t token) bool {
	prevDot := s.i > 0 && s.toks[s.i-1].text == "."
	stmt := s.statementStart(s.i) || prevDot
	switch t.text {
	case "newtype":
		if !stmt {
			return false
		}
		args, end := s.callArgs(s.i + 1)
		if len(args) == 0 || (args[0].kind != tSymbol && args[0].kind != tString) {
			s.note("newtype with a name that is not a literal")
			return false
		}
		b := &typeBuilder{name: strings.ToLower(args[0].text), isomorphic: true, source: s.path}
		s.types = append(s.types, b)
		s.blockFrame(end, frame{typ: b})
		return true
	case "newparam", "newproperty":
		b := s.currentType()
		if b == nil || !stmt {
			return false
		}
		kind := restype.Param
		if t.text == "newproperty" {
			kind = restype.Property
		}
		args, end := s.callArgs(s.i + 1)
		var names []string
		switch {
		case len(args) > 0 && (args[0].kind == tSymbol || (args[0].kind == tString && args[0].aux == "")):
			names = []string{args[0].text}
		case len(args) > 0 && args[0].kind == tIdent:
			vals, ok := s.loopValues(args[0].text)
			if !ok {
				s.note("%s(%s): attribute name computed at run time", t.text, args[0].text)
				b.open = true
			}
			names = vals
		default:
			s.note("%s with an attribute name that is not a literal", t.text)
			b.open = true
		}
		namevar := optionTrue(args, "namevar")
		var attrs []*restype.Attr
		for _, n := range names {
			a := b.attr(n, kind)
			if namevar {
				a.Namevar = true
			}
			attrs = append(attrs, a)
		}
		if attrs == nil {
			attrs = []*restype.Attr{}
		}
		s.blockFrame(end, frame{attrs: attrs})
		return true
	case "ensurable":
		b := s.currentType()
		if b == nil || !stmt {
			return false
		}
		b.attr("ensure", restype.Property)
		s.blockFrame(s.i+1, frame{attrs: []*restype.Attr{}})
		return true
	case "isnamevar":
		if !stmt {
			return false
		}
		for _, a := range s.currentAttrs() {
			a.Namevar = true
		}
	case "feature":
		b := s.currentType()
		if b == nil || !stmt {
			return false
		}
		args, end := s.callArgs(s.i + 1)
		if len(args) > 0 && args[0].kind == tSymbol {
			b.features = append(b.features, args[0].text)
		}
		s.i = end
		return true
	case "instance_eval", "class_eval":
		// instance_eval(&M::NAME) runs a constant's block in the type body
		b := s.currentType()
		if b == nil || !stmt || len(s.stack) == 0 || s.stack[len(s.stack)-1].typ == nil {
			return false
		}
		args, end := s.callArgs(s.i + 1)
		if len(args) < 2 || args[0].text != "&" || args[len(args)-1].kind != tConst {
			return false
		}
		m, ok := s.methods["proc:"+args[len(args)-1].text]
		if !ok {
			s.note("%s of a block not found", t.text)
			b.open = true
			return false
		}
		s.runMethod(b, m, nil)
		s.i = end
		return true
	case "extend":
		// extend M runs M's self.extended hook on the type, which may
		// declare attributes (elasticsearch's ElasticsearchRESTResource)
		b := s.currentType()
		if b == nil || !stmt || len(s.stack) == 0 || s.stack[len(s.stack)-1].typ == nil {
			return false
		}
		args, end := s.callArgs(s.i + 1)
		if len(args) == 0 {
			return false
		}
		m, ok := s.methods[args[len(args)-1].text+".extended"]
		if !ok {
			return false
		}
		s.runMethod(b, m, nil)
		s.i = end
		return true
	case "define_singleton_method":
		// type.define_singleton_method(:title_patterns) do ... end, as a
		// helper that builds several types defines them (splunk's
		// clone_type): the block is the method's body
		b := s.currentType()
		if b == nil || !stmt {
			return false
		}
		args, end := s.callArgs(s.i + 1)
		if len(args) != 1 || args[0].kind != tSymbol || args[0].text != "title_patterns" {
			return false
		}
		s.blockFrame(end, frame{attrs: []*restype.Attr{}})
		if s.i > end { // a block follows
			s.titlePatterns(b)
		}
		return true
	case "newmetaparam":
		if s.currentType() != nil {
			s.note("newmetaparam inside a type is not followed")
		}
	default:
		return s.followMethod(t, stmt)
	}
	return false
}

// followMethod runs, in the current type, the body of a method the type
// body calls (a helper that declares attributes), binding its first
// parameter to a literal first argument.
func (s *typeScanner) followMethod(t token, stmt bool) bool {
	// only calls made directly in the type's body run at load time
	if len(s.stack) == 0 || s.stack[len(s.stack)-1].typ == nil {
		return false
	}
	b := s.stack[len(s.stack)-1].typ
	m, ok := s.methods[t.text]
	if !ok || !stmt || s.depth > 4 {
		return false
	}
	args, end := s.callArgs(s.i + 1)
	s.runMethod(b, m, args)
	s.blockFrame(end, frame{attrs: []*restype.Attr{}})
	return true
}

// runMethod runs a method's body in type b, its first parameter bound to
// a literal first argument.
func (s *typeScanner) runMethod(b *typeBuilder, m method, args []token) {
	if s.depth > 4 {
		return
	}
	sub := &typeScanner{toks: append(append([]token{}, m.body...), token{kind: tEOF}), path: s.path, methods: s.methods, depth: s.depth + 1}
	sub.stack = []frame{{closer: "\x00", typ: b}}
	if len(m.params) > 0 && len(args) > 0 && (args[0].kind == tSymbol || args[0].kind == tString) {
		sub.stack = append(sub.stack, frame{closer: "\x00", loopVar: m.params[0], loopVals: []string{args[0].text}})
	}
	sub.run()
	s.notes = append(s.notes, sub.notes...)
}

// titlePatterns reads the body of `def self.title_patterns` (or of the
// block of `define_singleton_method(:title_patterns)`) when it is a
// literal list of [regexp, [[:attr, proc]...]] pairs, possibly after local
// assignments of procs. Anything else makes the patterns unknown.
func (s *typeScanner) titlePatterns(b *typeBuilder) {
	b.tpSet = true
	j := s.i
	if s.toks[j].text == "(" && s.toks[j+1].text == ")" {
		j += 2
	}
	// skip leading statements (`identity = lambda { |x| x }`) up to a line
	// that starts with `[`
	for {
		for s.toks[j].kind == tNewline {
			j++
		}
		if s.toks[j].text == "[" || s.toks[j].kind == tEOF || s.toks[j].text == "end" {
			break
		}
		if s.toks[j].kind == tIdent && s.toks[j+1].text == "=" {
			for s.toks[j].kind != tNewline && s.toks[j].kind != tEOF {
				j++
			}
			continue
		}
		break
	}
	p := &litParser{toks: s.toks, i: j}
	v, ok := p.value()
	if !ok {
		b.tpUnknown = true
		s.note("title_patterns computed at run time")
		return
	}
	list, ok := v.([]any)
	if !ok {
		b.tpUnknown = true
		return
	}
	for _, e := range list {
		pair, ok := e.([]any)
		if !ok || len(pair) != 2 {
			b.tpUnknown = true
			return
		}
		re, ok := pair[0].(regexpLit)
		groups, ok2 := pair[1].([]any)
		if !ok || !ok2 || re.interp {
			b.tpUnknown = true
			return
		}
		tp := restype.TitlePattern{Regexp: re.src, Flags: re.flags}
		for _, g := range groups {
			gl, ok := g.([]any)
			if !ok || len(gl) == 0 {
				b.tpUnknown = true
				return
			}
			name, ok := gl[0].(symbolLit)
			if !ok {
				b.tpUnknown = true
				return
			}
			tp.Attrs = append(tp.Attrs, string(name))
		}
		b.titlePatterns = append(b.titlePatterns, tp)
	}
}

type (
	symbolLit string
	regexpLit struct {
		src, flags string
		interp     bool
	}
	opaque struct{} // a value the scanner does not need to know (procs)
)

// litParser reads Ruby literal data: arrays, symbols, strings, regexps;
// lambdas, procs and identifiers are kept as opaque values.
type litParser struct {
	toks []token
	i    int
}

func (p *litParser) skipNL() {
	for p.toks[p.i].kind == tNewline {
		p.i++
	}
}

func (p *litParser) value() (any, bool) {
	p.skipNL()
	t := p.toks[p.i]
	switch {
	case t.kind == tPunct && t.text == "[":
		p.i++
		var out []any
		for {
			p.skipNL()
			if p.toks[p.i].text == "]" {
				p.i++
				return out, true
			}
			v, ok := p.value()
			if !ok {
				return nil, false
			}
			out = append(out, v)
			p.skipNL()
			switch p.toks[p.i].text {
			case ",":
				p.i++
			case "]":
			default:
				return nil, false
			}
		}
	case t.kind == tSymbol:
		p.i++
		return symbolLit(t.text), true
	case t.kind == tString:
		p.i++
		return t.text, true
	case t.kind == tRegexp:
		p.i++
		return regexpLit{src: t.text, flags: normFlags(t.aux), interp: strings.Contains(t.text, "#{")}, true
	case t.kind == tIdent && (t.text == "lambda" || t.text == "proc"):
		p.i++
		return opaque{}, p.skipBraces()
	case t.kind == tPunct && t.text == "->":
		p.i++
		if p.toks[p.i].text == "(" {
			depth := 0
			for ; p.toks[p.i].kind != tEOF; p.i++ {
				if p.toks[p.i].text == "(" {
					depth++
				} else if p.toks[p.i].text == ")" {
					depth--
					if depth == 0 {
						p.i++
						break
					}
				}
			}
		}
		return opaque{}, p.skipBraces()
	case t.kind == tIdent:
		p.i++
		return opaque{}, true
	}
	return nil, false
}

// skipBraces moves past a `{ ... }` or `do ... end` block.
func (p *litParser) skipBraces() bool {
	p.skipNL()
	open, close := p.toks[p.i].text, "}"
	if open == "do" {
		close = "end"
	} else if open != "{" {
		return false
	}
	depth := 0
	for ; p.toks[p.i].kind != tEOF; p.i++ {
		switch p.toks[p.i].text {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				p.i++
				return true
			}
		}
	}
	return false
}

// normFlags keeps the Ruby options that change matching, in Puppet's
// canonical order.
func normFlags(f string) string {
	out := ""
	for _, c := range "mix" {
		if strings.ContainsRune(f, c) {
			out += string(c)
		}
	}
	return out
}

// TopLevelRequires lists the features a Ruby file requires with a
// top-level `require 'feature'` (a statement at the start of a line, not
// inside a block or a begin/rescue): Ruby loads them when it loads the
// file, so a missing one makes loading the file fail.
func TopLevelRequires(src string) []string {
	toks := lex(src)
	var out []string
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent || t.text != "require" || t.spaceBefore || i > 0 && toks[i-1].kind != tNewline {
			continue
		}
		j := i + 1
		if toks[j].kind == tPunct && toks[j].text == "(" {
			j++
		}
		if toks[j].kind == tString && toks[j].aux == "" && toks[j].line == t.line {
			out = append(out, strings.TrimSuffix(toks[j].text, ".rb"))
		}
	}
	return out
}
