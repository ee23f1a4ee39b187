package catdiff

import (
	"fmt"
	"regexp"
	"strings"
)

// Rule ignores differences, as octocatalog-diff's --ignore and --ignore-attr
// do: those of resources of a type (or any, "*"), with a title (in which
// "*" matches any characters; both compared without regard to case), and
// optionally only of an attribute, or only additions or removals.
type Rule struct {
	Type, Title string
	// Attr is an attribute path such as parameters::owner: it matches a
	// difference whose path contains it; with a leading "::" the path must
	// start with it. Empty matches the whole resource.
	Attr string
	// Changes limits the rule to these kinds of difference: '+' added
	// resources, '-' removed resources, '~' changed ones. Empty: all.
	Changes string

	title *regexp.Regexp
}

// ParseIgnore reads an --ignore rule: Type[Title], Type[Title]::attr::path
// or Type[Title] followed by some of + - ~ (only those kinds of difference).
func ParseIgnore(s string) (Rule, error) {
	i := strings.IndexByte(s, '[')
	j := strings.LastIndexByte(s, ']')
	if i <= 0 || j < i {
		return Rule{}, fmt.Errorf("--ignore %q: give Type[Title], Type[Title]::attribute or Type[Title] followed by + - ~", s)
	}
	r := Rule{Type: s[:i], Title: s[i+1 : j]}
	rest := s[j+1:]
	switch {
	case rest == "":
	case strings.HasPrefix(rest, "::"):
		r.Attr = rest
	case strings.Trim(rest, "+-~!") == "":
		r.Changes = strings.ReplaceAll(rest, "!", "~")
	default:
		return Rule{}, fmt.Errorf("--ignore %q: after Type[Title] give ::attribute or some of + - ~ (octocatalog-diff's value conditions, such as =>, are not supported)", s)
	}
	return r.compile(), nil
}

// AttrRule is --ignore-attr NAME: the attribute (a path such as
// parameters::owner) of every resource.
func AttrRule(attr string) Rule {
	return Rule{Type: "*", Title: "*", Attr: attr}.compile()
}

func (r Rule) compile() Rule {
	if r.Title != "*" && strings.Contains(r.Title, "*") {
		r.title = regexp.MustCompile(`(?is)\A` + strings.ReplaceAll(regexp.QuoteMeta(r.Title), `\*`, `.*`) + `\z`)
	}
	return r
}

func (r *Rule) matchResource(typ, title string) bool {
	if r.Type != "*" && !strings.EqualFold(r.Type, typ) {
		return false
	}
	switch {
	case r.Title == "*":
		return true
	case r.title != nil:
		return r.title.MatchString(title)
	}
	return strings.EqualFold(r.Title, title)
}

// matchAttr tells whether the rule's attribute path matches path, the
// segments of a difference's attribute (such as [parameters owner]).
func (r *Rule) matchAttr(path []string) bool {
	if r.Attr == "" || r.Attr == "*" {
		return true
	}
	anchored := strings.HasPrefix(r.Attr, "::")
	want := strings.Split(strings.TrimLeft(r.Attr, ":"), "::")
	for start := 0; start+len(want) <= len(path); start++ {
		if anchored && start > 0 {
			break
		}
		ok := true
		for k, w := range want {
			if !strings.EqualFold(w, path[start+k]) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// wholeResource tells whether the rule ignores every difference of the
// resources it matches.
func (r *Rule) wholeResource() bool {
	return (r.Attr == "" || r.Attr == "*") && r.Changes == ""
}

// tagged tells whether a resource carries one of the ignore tags, as
// octocatalog-diff decides: the tag itself, or TAG__type (the type in lower
// case with every non-word character replaced by _) for that type only.
func tagged(r *Resource, ignoreTags []string) bool {
	if len(ignoreTags) == 0 {
		return false
	}
	typeTag := nonWord.ReplaceAllString(strings.ToLower(r.Type), "_")
	for _, t := range r.Tags {
		for _, it := range ignoreTags {
			if t == it || t == it+"__"+typeTag {
				return true
			}
		}
	}
	return false
}

var nonWord = regexp.MustCompile(`\W`)
