package erb

import (
	_ "embed"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Ruby 3.1 loads did_you_mean, which appends suggestions to NoMethodError
// and KeyError messages ("\nDid you mean?  join"). Puppet shows the message
// with them, so pp2go computes the same suggestions: candidates closer
// than a Jaro-Winkler threshold to the wrong name, then those within a
// Levenshtein distance of a quarter of its length (or the closest
// misspelling).

//go:embed methodnames.txt
var methodNamesText string

// methodNames holds each class's method names in Ruby's order
// (tools/methodnames.rb); built on first use, as only a failing call needs
// it.
var methodNames = sync.OnceValue(func() map[string][]string { return sections(methodNamesText) })

// sections are the lines of a text of sections, each started by a line
// "@@ NAME", by NAME.
func sections(text string) map[string][]string {
	out := map[string][]string{}
	cur := ""
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "@@ ") {
			cur = line[3:]
			continue
		}
		if line != "" && cur != "" {
			out[cur] = append(out[cur], line)
		}
	}
	return out
}

// FunctionSelfHas reports whether a function's self has a method name,
// private ones included: a 4.x function's object (api 4), a 3.x
// function's scope (api 3), the function_ methods of 3.x functions aside.
func FunctionSelfHas(api int, name string) bool {
	section := "Puppet::Parser::Scope"
	if api == 4 {
		section = "Puppet::Pops::Functions::Function"
	}
	return slices.Contains(methodNames()[section], name)
}

// dictionaryFor returns the method names of a receiver's class.
func dictionaryFor(recv Value) []string {
	if c, ok := recv.(*Class); ok {
		return methodNames()[c.Name+".class"]
	}
	return methodNames()[classOf(recv).Name]
}

// noMethodSuggestions is did_you_mean's MethodNameChecker for a public
// call on recv (nil's own methods are never suggested).
func noMethodSuggestions(name string, recv Value) []string {
	if recv == nil {
		return nil
	}
	return correct(name, dictionaryFor(recv))
}

// didYouMean formats suggestions as did_you_mean does.
func didYouMean(corrections []string) string {
	if len(corrections) == 0 {
		return ""
	}
	return "\nDid you mean?  " + strings.Join(corrections, "\n               ")
}

func normalizeWord(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "@", "")
}

// correct is did_you_mean's SpellChecker#correct.
func correct(input string, dictionary []string) []string {
	in := normalizeWord(input)
	inLen := len([]rune(in))
	threshold := 0.77
	if inLen > 3 {
		threshold = 0.834
	}
	var words []string
	for _, w := range dictionary {
		if jaroWinkler(normalizeWord(w), in) >= threshold && w != input {
			words = append(words, w)
		}
	}
	// sort_by distance (stable), then reverse
	sort.SliceStable(words, func(i, j int) bool {
		return jaroWinkler(words[i], in) < jaroWinkler(words[j], in)
	})
	for i, j := 0, len(words)-1; i < j; i, j = i+1, j-1 {
		words[i], words[j] = words[j], words[i]
	}
	limit := int(math.Ceil(float64(inLen) * 0.25))
	var out []string
	for _, w := range words {
		if levenshtein(normalizeWord(w), in) <= limit {
			out = append(out, w)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, w := range words {
		nw := normalizeWord(w)
		l := min(inLen, len([]rune(nw)))
		if levenshtein(nw, in) < l {
			return []string{w}
		}
	}
	return nil
}

func jaro(a, b string) float64 {
	s1, s2 := []rune(a), []rune(b)
	if len(s1) > len(s2) {
		s1, s2 = s2, s1
	}
	l1, l2 := len(s1), len(s2)
	rng := l2/2 - 1
	if rng < 0 {
		rng = 0
	}
	flags1 := make([]bool, l1)
	flags2 := make([]bool, l2)
	m := 0.0
	for i := 0; i < l1; i++ {
		j := 0
		if i >= rng {
			j = i - rng
		}
		for ; j <= i+rng && j < l2; j++ {
			if !flags2[j] && s1[i] == s2[j] {
				flags2[j] = true
				flags1[i] = true
				m++
				break
			}
		}
	}
	t := 0.0
	k := 0
	for i := 0; i < l1; i++ {
		if !flags1[i] {
			continue
		}
		index := k
		for j := k; j < l2; j++ {
			index = j
			if flags2[j] {
				k = j + 1
				break
			}
		}
		if s1[i] != s2[index] {
			t++
		}
	}
	t = math.Floor(t / 2)
	if m == 0 {
		return 0
	}
	return (m/float64(l1) + m/float64(l2) + (m-t)/m) / 3
}

func jaroWinkler(a, b string) float64 {
	d := jaro(a, b)
	if d <= 0.7 {
		return d
	}
	r2 := []rune(b)
	bonus := 0
	for i, c := range []rune(a) {
		if i < len(r2) && c == r2[i] && i < 4 {
			bonus++
		} else {
			break
		}
	}
	return d + float64(bonus)*0.1*(1-d)
}

func levenshtein(a, b string) int {
	s1, s2 := []rune(a), []rune(b)
	n, m := len(s1), len(s2)
	if n == 0 {
		return m
	}
	if m == 0 {
		return n
	}
	d := make([]int, m+1)
	for j := range d {
		d[j] = j
	}
	x := 0
	for i1, c := range s1 {
		i := i1 + 1
		for j := 0; j < m; j++ {
			cost := 1
			if c == s2[j] {
				cost = 0
			}
			x = min(d[j+1]+1, i+1, d[j]+cost)
			d[j] = i
			i = x
		}
		d[m] = x
	}
	return x
}

// keySuggestions is did_you_mean's KeyErrorChecker for hash.fetch(key).
func keySuggestions(key Value, h *Hash) []string {
	ks := ToS(key)
	var exact []string
	if s, ok := key.(*Str); ok {
		for _, k := range h.Keys() {
			if ToS(k) == s.S {
				exact = append(exact, Inspect(k))
			}
		}
	}
	if len(exact) > 0 {
		return exact
	}
	dict := make([]string, len(h.Keys()))
	byName := map[string]Value{}
	for i, k := range h.Keys() {
		dict[i] = ToS(k)
		if _, dup := byName[dict[i]]; !dup {
			byName[dict[i]] = k
		}
	}
	var out []string
	for _, w := range correct(ks, dict) {
		out = append(out, Inspect(byName[w]))
	}
	return out
}

// variableReservedWords and methodReservedWords are the keywords
// did_you_mean's VariableNameChecker and, for a call without a receiver,
// its MethodNameChecker suggest (Ruby 3.1's).
var (
	variableReservedWords = strings.Fields(`BEGIN END alias and begin break case class def defined? else elsif end
		ensure false for module next nil not redo rescue retry return self super then true undef unless until when
		while yield __LINE__ __FILE__ __ENCODING__`)
	methodReservedWords = strings.Fields(`alias case def defined? elsif end ensure for rescue super undef unless
		until when while yield`)
)
