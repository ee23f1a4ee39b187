package erbgen

import (
	"regexp"
	"strings"

	"github.com/dave/jennifer/jen"
)

// pureMethods are the methods of the runtime (r.X, erb.X) a template may
// call and still have a text that is a function of the instance variables
// it reads, in the order it reads them (erb.Memo): none has an effect
// outside the rendering (a Puppet function, a log, a scope variable set,
// a variable's value changed in place) or reads anything but its
// arguments and the rendering's own state (no scope lookup other than an
// instance variable, no file, time, environment or random number). A
// method not listed makes a template's renderings not kept; listing one
// is a promise about its implementation in rt/erb.
var pureMethods = map[string]bool{
	// the rendering
	"NewSized": true, "Fail": true, "Result": true, "Text": true, "Out": true, "L": true,
	"IVar": true, "BlockOut": true, "Blk1": true, "Blk2": true, "NoBlock": true,
	// values
	"Value": true, "Str": true, "Symbol": true, "NewArray": true, "HashOf": true,
	"Const": true, "Re": true, "Interp": true, "Truthy": true, "Not": true,
	"Equal": true, "EqualStr": true, "InLiterals": true, "When": true,
	// comparisons and matches ($~ is the rendering's)
	"OpEq": true, "OpNe": true, "OpLt": true, "OpLe": true, "OpGt": true, "OpGe": true,
	"OpAdd": true, "OpMatch": true, "OpNotMatch": true, "Match": true, "NthRef": true,
	"IsAQ": true, "KindOfQ": true, "NilQ": true, "EmptyQ": true, "HasKeyQ": true, "KeyQ": true, "IncludeQ": true,
	// reading collections and strings (none changes its receiver)
	"Each": true, "Collect": true, "Map": true, "MapUnused": true, "Sort": true, "Join": true,
	"Array": true, "Flatten": true, "Compact": true, "Keys": true, "First": true, "Last": true,
	"Reverse": true, "Aref": true, "ArefStr": true, "Size": true, "Length": true,
	"Capitalize": true, "Downcase": true, "Upcase": true, "Strip": true, "Chars": true, "ToS": true,
}

// pureFileMethods are the methods of the runtime, beyond pureMethods, a
// translated function's file may call and still return a value that is a
// function of its arguments alone, without effect (Methods.Pure): the
// frame of its methods (each call makes its own, and its arguments are
// the call's own Ruby values, made from Puppet's) and raising an error.
var pureFileMethods = map[string]bool{
	"NewCall": true, "Def": true, "CallDefBlock": true, "UndefinedMethod": true, "Raise": true,
}

// selector finds the package-qualified names and method calls of
// generated Go: r.X, erb.X, and any other x.X.
var selector = regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)`)

// literalCall is the text, literals emptied (withoutLiterals), after
// r.Function and r.CallFunction in a call of a Puppet function by a
// literal name (scope.function_x(...), scope.call_function('x', ...)).
var literalCall = map[string]string{"Function": `("`, "CallFunction": `(r.Str("")`}

// pureBody reports whether generated statements call only pureMethods
// (and the others that more lets through) of the rendering (r) and of
// the runtime (erb), and nothing else qualified (a block's jump, another
// package). With calls, a call of a Puppet function by a literal name is
// let through too: the statements are pure when the functions they call
// are (Template.CallsPure).
func pureBody(body []jen.Code, more map[string]bool, calls bool) bool {
	text := selectorSource(body)
	for _, loc := range selector.FindAllStringSubmatchIndex(text, -1) {
		pkg, name := text[loc[2]:loc[3]], text[loc[4]:loc[5]]
		if (pkg == "r" || pkg == "erb") && (pureMethods[name] || more[name]) {
			continue
		}
		if after, ok := literalCall[name]; ok && calls && pkg == "r" && strings.HasPrefix(text[loc[1]:], after) {
			continue
		}
		return false
	}
	return true
}

// selectorSource is the statements' Go source as pureBody reads it,
// rendered without go/format (formatting every template's body was a
// tenth of a generation's CPU): jen writes tokens apart (r . Text ( "" )),
// which squeezed (withoutLiterals) read as formatted Go does.
func selectorSource(body []jen.Code) string {
	f := jen.NewFile("p")
	f.NoFormat = true
	f.Add(jen.Block(body...))
	var b strings.Builder
	if err := f.Render(&b); err != nil {
		panic(err) // only the writer's, which a Builder has none of
	}
	return withoutLiterals(b.String())
}

// withoutLiterals is Go source with its string and rune literals empty
// (their text, "access.log", is no selector) and its whitespace only
// where it parts two words: r . Text ( "" ) is r.Text("").
func withoutLiterals(src string) string {
	out := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		c := src[i]
		if isSpace(c) {
			for i+1 < len(src) && isSpace(src[i+1]) {
				i++
			}
			if len(out) > 0 && i+1 < len(src) && isWord(out[len(out)-1]) && isWord(src[i+1]) {
				out = append(out, ' ')
			}
			continue
		}
		out = append(out, c)
		if c != '"' && c != '\'' && c != '`' {
			continue
		}
		// to the closing quote; escapes only in interpreted literals
		for i++; i < len(src) && src[i] != c; i++ {
			if src[i] == '\\' && c != '`' {
				i++
			}
		}
		if i < len(src) {
			out = append(out, c)
		}
	}
	return string(out)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isWord is regexp's \b's word character.
func isWord(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
