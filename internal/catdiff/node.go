package catdiff

import (
	"fmt"
	"regexp"
	"strings"
)

// Input is one side of a node's comparison: the catalog JSON the compile
// produced, or the error it failed with.
type Input struct {
	Catalog []byte
	Error   string
	// Root is a directory prefix dropped from resources' file paths and
	// from the error text, so that two copies of an environment in
	// different directories compare equal.
	Root string
}

// Node statuses.
const (
	Unchanged      = "unchanged"       // both catalogs compile and do not differ
	ChangedStatus  = "changed"         // both compile and differ
	NewlyFailing   = "newly-failing"   // the old compiles, the new fails
	NewlyCompiling = "newly-compiling" // the old fails, the new compiles
	ErrorChanged   = "error-changed"   // both fail, with different errors
	Failing        = "failing"         // both fail with the same error
)

// NodeDiff is the comparison of a node's old and new catalogs.
type NodeDiff struct {
	Node     string `json:"node"`
	Status   string `json:"status"`
	OldError string `json:"old_error,omitempty"`
	NewError string `json:"new_error,omitempty"`
	*Diff
}

// Differs tells whether the node's outcome or catalog changed.
func (n *NodeDiff) Differs() bool { return n.Status != Unchanged && n.Status != Failing }

// CompareNode compares a node's two outcomes. A catalog that does not
// parse is that side's error; with opts.ValidateReferences, so is a new
// catalog whose relationships name resources it does not have.
func CompareNode(node string, old, new Input, opts *Options) *NodeDiff {
	if opts == nil {
		opts = &Options{}
	}
	oc, oerr := load(old)
	nc, nerr := load(new)
	if nerr == "" && len(opts.ValidateReferences) > 0 {
		nerr = strip(BrokenReferences(nc, opts.ValidateReferences), new.Root)
	}
	d := &NodeDiff{Node: node, OldError: oerr, NewError: nerr}
	switch {
	case oerr != "" && nerr != "":
		d.Status = ErrorChanged
		if oerr == nerr {
			d.Status = Failing
		}
	case oerr != "":
		d.Status = NewlyCompiling
	case nerr != "":
		d.Status = NewlyFailing
	default:
		d.Diff = Compare(oc, nc, opts)
		d.Status = Unchanged
		if !d.Diff.Empty() {
			d.Status = ChangedStatus
		}
	}
	return d
}

func load(in Input) (*Catalog, string) {
	if in.Error != "" || in.Catalog == nil {
		msg := strings.TrimSpace(strip(in.Error, in.Root))
		if msg == "" {
			msg = "no catalog"
		}
		return nil, msg
	}
	c, err := Parse(in.Catalog)
	if err != nil {
		return nil, err.Error()
	}
	if in.Root != "" {
		for _, r := range c.Resources {
			r.File = strip(r.File, in.Root)
		}
	}
	return c, ""
}

// strip drops the root directory from the paths of a text.
func strip(s, root string) string {
	if root == "" || s == "" {
		return s
	}
	return strings.ReplaceAll(s, strings.TrimSuffix(root, "/")+"/", "")
}

// BrokenReferences checks that every target of the given relationship
// metaparameters of a catalog's resources is in the catalog, and returns
// the error octocatalog-diff reports for those that are not (or "").
// Targets are matched on their type and title, a file's title without its
// trailing slashes, a class's without regard to case, and on the names
// (name, path, alias) resources are also known by.
func BrokenReferences(c *Catalog, metaparams []string) string {
	known := map[string]bool{}
	add := func(typ, title string) {
		known[refKey(typ, title)] = true
	}
	for _, r := range c.Resources {
		add(r.Type, r.Title)
		for _, p := range []string{"name", "path", "alias"} {
			for _, n := range refs(r.Params[p]) {
				add(r.Type, n)
			}
		}
	}
	var broken []string
	for _, r := range c.Resources {
		for _, p := range metaparams {
			for _, ref := range refs(r.Params[p]) {
				typ, title, ok := splitRef(ref)
				if ok && known[refKey(typ, title)] {
					continue
				}
				src := r.Ref()
				if r.File != "" {
					src += fmt.Sprintf(" (%s:%d)", r.File, r.Line)
				}
				broken = append(broken, fmt.Sprintf("%s -> %s %s", src, p, ref))
			}
		}
	}
	switch len(broken) {
	case 0:
		return ""
	case 1:
		return "Catalog has broken reference: " + broken[0]
	}
	return "Catalog has broken references: " + strings.Join(broken, "; ")
}

var trailingSlashes = regexp.MustCompile(`(.)/+\z`)

func refKey(typ, title string) string {
	typ = strings.ToLower(typ)
	switch typ {
	case "file":
		title = trailingSlashes.ReplaceAllString(title, "$1")
	case "class":
		title = strings.ToLower(strings.TrimPrefix(title, "::"))
	}
	return typ + "[" + title + "]"
}
