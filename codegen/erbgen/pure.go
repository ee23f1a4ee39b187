package erbgen

import (
	"fmt"
	"regexp"

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

// selector finds the package-qualified names and method calls of
// generated Go: r.X, erb.X, and any other x.X.
var selector = regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)`)

// pureBody reports whether a template's generated statements call only
// pureMethods of the rendering (r) and of the runtime (erb), and nothing
// else qualified (a block's jump, another package).
func pureBody(body []jen.Code) bool {
	text := withoutLiterals(fmt.Sprintf("%#v", jen.Block(body...)))
	for _, m := range selector.FindAllStringSubmatch(text, -1) {
		if (m[1] == "r" || m[1] == "erb") && pureMethods[m[2]] {
			continue
		}
		return false
	}
	return true
}

// withoutLiterals is Go source with its string and rune literals empty:
// their text ("access.log") is no selector.
func withoutLiterals(src string) string {
	out := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		c := src[i]
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
