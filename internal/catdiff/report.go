package catdiff

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// FormatVersion is the version of the JSON report's structure; it changes
// only when a field changes meaning or goes away.
const FormatVersion = 1

// Report is the comparison of every node, as `pp2go diff --format json`
// prints it.
type Report struct {
	FormatVersion int         `json:"format_version"`
	Old           string      `json:"old"`
	New           string      `json:"new"`
	Summary       Summary     `json:"summary"`
	Nodes         []*NodeDiff `json:"nodes"`
}

// Summary counts the nodes by status; the counts add up to Nodes.
type Summary struct {
	Nodes          int `json:"nodes"`
	Changed        int `json:"changed"`
	Unchanged      int `json:"unchanged"`
	NewlyFailing   int `json:"newly_failing"`
	NewlyCompiling int `json:"newly_compiling"`
	ErrorChanged   int `json:"error_changed"`
	Failing        int `json:"failing"`
}

// NewReport gathers node comparisons into a report.
func NewReport(old, new string, nodes []*NodeDiff) *Report {
	r := &Report{FormatVersion: FormatVersion, Old: old, New: new, Nodes: nodes}
	if r.Nodes == nil {
		r.Nodes = []*NodeDiff{}
	}
	for _, n := range nodes {
		r.Summary.Nodes++
		switch n.Status {
		case ChangedStatus:
			r.Summary.Changed++
		case Unchanged:
			r.Summary.Unchanged++
		case NewlyFailing:
			r.Summary.NewlyFailing++
		case NewlyCompiling:
			r.Summary.NewlyCompiling++
		case ErrorChanged:
			r.Summary.ErrorChanged++
		case Failing:
			r.Summary.Failing++
		}
	}
	return r
}

// Differs tells whether any node differs.
func (r *Report) Differs() bool {
	for _, n := range r.Nodes {
		if n.Differs() {
			return true
		}
	}
	return false
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// WriteText writes the nodes that differ and those that fail on both
// sides, then the summary line. detailAdd shows the parameters of added
// resources.
func (r *Report) WriteText(w io.Writer, detailAdd bool) error {
	tw := &textWriter{w: w}
	for _, n := range r.Nodes {
		if n.Status != Unchanged {
			tw.node(n, detailAdd)
			tw.printf("\n")
		}
	}
	tw.printf("%s\n", r.Summary.String())
	return tw.err
}

func (s Summary) String() string {
	out := fmt.Sprintf("%s compared: %d changed, %d unchanged, %d newly failing", plural(s.Nodes, "node"), s.Changed, s.Unchanged, s.NewlyFailing)
	for _, x := range []struct {
		n    int
		what string
	}{{s.NewlyCompiling, "newly compiling"}, {s.ErrorChanged, "with a changed error"}, {s.Failing, "failing on both sides"}} {
		if x.n > 0 {
			out += fmt.Sprintf(", %d %s", x.n, x.what)
		}
	}
	return out
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

type textWriter struct {
	w   io.Writer
	err error
}

func (t *textWriter) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

func (t *textWriter) node(n *NodeDiff, detailAdd bool) {
	switch n.Status {
	case NewlyFailing:
		t.printf("*** %s: newly failing\n", n.Node)
		t.indented("  ", "Error: "+n.NewError)
		return
	case NewlyCompiling:
		t.printf("*** %s: newly compiling\n", n.Node)
		t.indented("  ", "was: Error: "+n.OldError)
		return
	case Failing:
		t.printf("*** %s: failing on both sides, with the same error\n", n.Node)
		t.indented("  ", "Error: "+n.NewError)
		return
	case ErrorChanged:
		t.printf("*** %s: fails with another error\n", n.Node)
		t.indented("- ", "Error: "+n.OldError)
		t.indented("+ ", "Error: "+n.NewError)
		return
	}
	d := n.Diff
	t.printf("*** %s: %s\n", n.Node, d.counts())
	for _, r := range d.ResourcesAdded {
		t.printf("+ %s%s\n", r.Ref(), at(r.File, r.Line))
		if detailAdd {
			for _, k := range sortedKeys(r.Parameters) {
				t.printf("    %s => %s\n", k, Value(r.Parameters[k]))
			}
		}
	}
	for _, r := range d.ResourcesRemoved {
		t.printf("- %s%s\n", r.Ref(), at(r.File, r.Line))
	}
	for _, r := range d.ResourcesChanged {
		t.printf("~ %s%s\n", r.Ref(), at(r.File, r.Line))
		for _, c := range r.Changes {
			switch {
			case c.Change == Added:
				t.printf("    + %s => %s\n", c.Attribute, Value(c.New))
			case c.Change == Removed:
				t.printf("    - %s => %s\n", c.Attribute, Value(c.Old))
			case c.Diff != "":
				t.printf("    ~ %s\n", c.Attribute)
				t.indented("        ", strings.TrimSuffix(c.Diff, "\n"))
			default:
				t.printf("    ~ %s: %s => %s\n", c.Attribute, Value(c.Old), Value(c.New))
			}
		}
	}
	for _, e := range d.EdgesAdded {
		t.printf("+ edge %s\n", e)
	}
	for _, e := range d.EdgesRemoved {
		t.printf("- edge %s\n", e)
	}
	for _, c := range d.ClassesAdded {
		t.printf("+ class %s\n", c)
	}
	for _, c := range d.ClassesRemoved {
		t.printf("- class %s\n", c)
	}
}

func (t *textWriter) indented(prefix, text string) {
	for _, l := range strings.Split(text, "\n") {
		t.printf("%s%s\n", prefix, l)
	}
}

func at(file string, line int) string {
	if file == "" {
		return ""
	}
	if line > 0 {
		return fmt.Sprintf("  (%s:%d)", file, line)
	}
	return "  (" + file + ")"
}

func (d *Diff) counts() string {
	var parts []string
	for _, x := range []struct {
		n    int
		what string
	}{
		{len(d.ResourcesAdded), "added"}, {len(d.ResourcesRemoved), "removed"}, {len(d.ResourcesChanged), "changed"},
	} {
		if x.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s %s", x.n, resources(x.n), x.what))
		}
	}
	if n := len(d.EdgesAdded) + len(d.EdgesRemoved); n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", n, edgesWord(n)))
	}
	if n := len(d.ClassesAdded) + len(d.ClassesRemoved); n > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", n, classesWord(n)))
	}
	return strings.Join(parts, ", ")
}

func resources(n int) string {
	if n == 1 {
		return "resource"
	}
	return "resources"
}

func edgesWord(n int) string {
	if n == 1 {
		return "edge changed"
	}
	return "edges changed"
}

func classesWord(n int) string {
	if n == 1 {
		return "class changed"
	}
	return "classes changed"
}
