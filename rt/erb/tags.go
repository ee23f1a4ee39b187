package erb

import "strings"

// TagSegment is a piece of a template text: text, or the code of an
// expression tag `<%= code %>` (Tags).
type TagSegment struct {
	Text string
	Code bool
}

// Tags splits a template text into its text and its `<%= code %>` tags,
// as ERB (with Puppet's trim mode '-') and EPP scan them: `-%>` drops the
// line end after it; comments `<%# %>` and `<%%` (a literal <%) leave no
// tag. ok is false when the text has any other tag (a statement, whose
// blocks may span tags, or EPP's parameters), which the segments leave
// out, or an unclosed one, where they end. The build compiles the tags of
// literal texts apart (codegen's tagTemplates), and the runtime renders a
// text known only at run time from them when ok.
func Tags(text string) (segs []TagSegment, ok bool) {
	ok = true
	for text != "" {
		i := strings.Index(text, "<%")
		if i < 0 {
			break
		}
		segs = append(segs, TagSegment{Text: text[:i]})
		text = text[i+2:]
		if rest, lit := strings.CutPrefix(text, "%"); lit {
			segs = append(segs, TagSegment{Text: "<%"})
			text = rest
			continue
		}
		end := strings.Index(text, "%>")
		if end < 0 {
			return segs, false
		}
		tag, trim := text[:end], false
		text = text[end+2:]
		if body, cut := strings.CutSuffix(tag, "-"); cut {
			tag, trim = body, true
		}
		switch {
		case strings.HasPrefix(tag, "#"):
		case strings.HasPrefix(tag, "="):
			segs = append(segs, TagSegment{Text: tag[1:], Code: true})
		default:
			ok = false
		}
		if trim {
			text = strings.TrimPrefix(text, "\n")
		}
	}
	return append(segs, TagSegment{Text: text}), ok
}
