package erb

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTags: a text splits into text
// and <%= %> codes as ERB's trim mode '-' and EPP scan it; any other tag
// makes it one pp2go cannot render at run time.
func TestTags(t *testing.T) {
	render := func(segs []TagSegment) string {
		var b strings.Builder
		for _, s := range segs {
			if s.Code {
				b.WriteString("{" + s.Text + "}")
			} else {
				b.WriteString(s.Text)
			}
		}
		return b.String()
	}
	for text, want := range map[string]string{
		"plain":                       "plain",
		"/etc/<%= @n %>.cfg":          "/etc/{ @n }.cfg",
		"a<%= x -%>\nb":               "a{ x }b",
		"a<%= x -%>b":                 "a{ x }b",
		"<%# note %>x<%%= y %>":       "x<%= y %>",
		"<%= a %><%= b %>":            "{ a }{ b }",
		"%> alone":                    "%> alone",
		"a <%= 1 %> %%> <%= '%' %> z": "a { 1 } %%> { '%' } z",
	} {
		segs, ok := Tags(text)
		require.True(t, ok, text)
		require.Equal(t, want, render(segs), text)
	}
	for _, text := range []string{"<% if x %>a<% end %>", "<%- | $x | -%>", "<%= unclosed", "a <%- x %>"} {
		_, ok := Tags(text)
		require.False(t, ok, text)
	}
}

func FuzzTags(f *testing.F) {
	for _, s := range []string{"a<%= x -%>\nb", "<%%<%#%>", "<%", "%>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		segs, ok := Tags(text)
		if !ok {
			return
		}
		n := 0
		for _, s := range segs {
			n += len(s.Text)
		}
		if n > len(text) {
			t.Fatalf("segments longer than the text %q", text)
		}
	})
}
