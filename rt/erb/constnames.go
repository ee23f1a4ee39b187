package erb

import (
	_ "embed"
	"strings"
	"sync"
)

// A constant Puppet::NAME that neither Puppet 7.23 nor 8.10 defines
// (Puppet::ArgumentError, which 3.x functions of camptocamp-accounts and
// others raise with) is a NameError when the code that names it runs,
// whatever the process has loaded: the translation raises it there
// (MissingPuppetConst) rather than leave the whole file untranslated.

//go:embed constnames.txt
var constNamesText string

// constNames are constnames.txt's sections (tools/constnames.rb): "Puppet
// possible", every NAME Puppet::NAME could be in Puppet's own code, and
// "Object" and "Puppet", the constants a Ruby 3.1 process running Puppet
// 7.23 has at the top level and in Puppet.
var constNames = sync.OnceValue(func() map[string][]string { return sections(constNamesText) })

var puppetPossible = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, n := range constNames()["Puppet possible"] {
		out[n] = true
	}
	return out
})

// PuppetConstPossible reports whether Puppet::name may be a constant of
// Puppet 7.23's or 8.10's: one its code names or any class, module or
// constant its files define is, at any depth.
func PuppetConstPossible(name string) bool { return puppetPossible()[name] }

// MissingPuppetConst raises the NameError of Puppet::name, which Puppet
// never defines (PuppetConstPossible). Ruby 3.1 appends did_you_mean's
// suggestions (ClassNameChecker: the constants of Object and of Puppet
// near the name), Ruby 3.3 none.
func (r *R) MissingPuppetConst(name string) Value {
	msg := "uninitialized constant Puppet::" + name
	panic(&RubyError{Class: ClassNameError, Msg: msg + didYouMean(constSuggestions(name, msg)), Msg33: msg})
}

// constSuggestions are did_you_mean's ClassNameChecker corrections for
// Puppet::name: the names of the constants of Object, then of Puppet (as
// the process of constnames.txt had them), the spell checker keeps, each
// by its full name, but those the message names.
func constSuggestions(name, msg string) []string {
	names := constNames()
	var dict []string
	full := map[string][]string{} // a name's full names, in the dictionary's order
	for _, scope := range []string{"Object", "Puppet"} {
		prefix := ""
		if scope != "Object" {
			prefix = scope + "::"
		}
		for _, n := range names[scope] {
			dict = append(dict, n)
			full[n] = append(full[n], prefix+n)
		}
	}
	var out []string
	used := map[string]int{}
	for _, w := range correct(name, dict) {
		if i := used[w]; i < len(full[w]) {
			if !strings.Contains(msg, full[w][i]) {
				out = append(out, full[w][i])
			}
			used[w] = i + 1
		}
	}
	return out
}
