// Package greet holds the Go versions of the greet module's Ruby functions
// (lib/puppet/functions/greet/*.rb). pp2go reads this package (the go/
// directory of the module) and generates the code that registers each
// exported function as the Puppet function greet::<name in snake case>.
package greet

import (
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// Shout is greet::shout(String text, Integer[1] times?) >> String: a
// trailing pointer parameter is optional, and the directive narrows its
// type to the Ruby function's.
//
//puppet:type times Integer[1]
func Shout(text string, times *int64) string {
	n := int64(1)
	if times != nil {
		n = *times
	}
	return strings.ToUpper(text) + strings.Repeat("!", int(n))
}

// CountWords is the first dispatch of greet::count_words: the words of a
// text.
func CountWords(text string) int64 { return int64(len(strings.Fields(text))) }

// CountWordsOf is the second dispatch of greet::count_words: the words of
// every text of an array.
//
//puppet:function greet::count_words
func CountWordsOf(texts []string) int64 {
	var n int64
	for _, t := range texts {
		n += CountWords(t)
	}
	return n
}

// MapWords is greet::map_words(String text) |String word|: the lambda's
// result for each word. The lambda may return anything, as with the Ruby
// version, so its Go type returns a values.Value.
func MapWords(text string, block func(word string) values.Value) []values.Value {
	out := []values.Value{}
	for _, w := range strings.Fields(text) {
		out = append(out, block(w))
	}
	return out
}

// Min is greet::min(Integer a, Integer b) >> Integer.
func Min(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}
