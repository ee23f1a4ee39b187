// Package facts knows the names of the variables that exist at top scope
// without any manifest assigning them: the facts Facter 4 can resolve on
// any platform (structured and legacy, table.go, generated from the
// installed facter by gen.rb), and the variables Puppet's compiler itself
// sets. A reference to a local variable that no scope assigns and that is
// none of these is what Puppet's strict_variables reports.
//
// Modules add facts of their own (lib/facter/*.rb); those are the
// environment's to know, not this package's.
package facts

import (
	"regexp"
	"sort"
	"strings"
)

//go:generate sh -c "ruby gen.rb > table.go && gofmt -w table.go"

// PuppetVariables are the top-scope variables Puppet sets for every
// compile besides the facts: $facts, $trusted and $server_facts, the
// node parameters an agent adds to its facts (clientcert, clientversion,
// clientnoop, agent_specified_environment, puppetversion), and the server
// facts that Puppet 7 also sets as variables (environment, servername,
// serverip, serverversion).
var PuppetVariables = []string{
	"agent_specified_environment", "clientcert", "clientnoop", "clientversion", "environment",
	"facts", "puppetversion", "server_facts", "serverip", "servername", "serverversion", "trusted",
}

// ScopeVariables are set in every class and defined type scope by Puppet
// itself: its title and name, the module it comes from, and the module of
// the code that declared it.
var ScopeVariables = []string{"caller_module_name", "module_name", "name", "title"}

var (
	known    = map[string]bool{}
	patterns *regexp.Regexp
)

func init() {
	for _, n := range factNames {
		known[n] = true
	}
	for _, n := range PuppetVariables {
		known[n] = true
	}
	alts := make([]string, len(factPatterns))
	for i, p := range factPatterns {
		// Facter's patterns are Ruby regexps of [a-z0-9_.*] only.
		alts[i] = p
	}
	patterns = regexp.MustCompile(`^(?:` + strings.Join(alts, "|") + `)$`)
}

// Known reports whether name is a fact Facter can set (on some platform)
// or a variable Puppet sets at top scope.
func Known(name string) bool {
	return known[name] || patterns.MatchString(name)
}

// IsFact reports whether name is one of Facter's own facts.
func IsFact(name string) bool {
	i := sort.SearchStrings(factNames, name)
	return i < len(factNames) && factNames[i] == name || patterns.MatchString(name)
}

// Names returns the fact names and Puppet's top-scope variables, sorted
// (for suggestions); facts named by a pattern are left out.
func Names() []string {
	out := make([]string, 0, len(known))
	for n := range known {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Type is the kind of a fact's value as Facter's schema gives it (path:
// the fact's name, then the keys into a structured fact's value):
// "String", "Integer", "Float", "Boolean", "Array" or "Hash"; "" when the
// schema does not say. A node's facts come from its agent: a custom fact
// of the same name may have another.
func Type(path ...string) string { return factTypes[strings.Join(path, ".")] }
