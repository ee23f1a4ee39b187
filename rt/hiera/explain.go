package hiera

import (
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// The explainer records the lookup as a tree and prints it the way
// `puppet lookup --explain` does (pops/lookup/explainer.rb).

type explainKind int

const (
	explainRoot explainKind = iota
	explainData
	explainMeta
	explainInvalidKey
	explainMergeSource
	explainModule
	explainInterpolate
	explainMerge
	explainDataProvider
	explainLocation
	explainSubLookup
	explainSegment
	explainScope
)

type explainEvent int

const (
	evNone explainEvent = iota
	evFound
	evFoundInOverrides
	evFoundInDefaults
	evNotFound
	evResult
	evLocationNotFound
	evModuleNotFound
	evModuleProviderNotFound
)

type explainNode struct {
	kind      explainKind
	qualifier any
	parent    *explainNode
	branches  []*explainNode
	texts     []string
	event     explainEvent
	key       string
	value     values.Value
}

type explainer struct {
	root    *explainNode
	current *explainNode
}

func newExplainer() *explainer {
	r := &explainNode{kind: explainRoot}
	return &explainer{root: r, current: r}
}

func (e *explainer) push(kind explainKind, q any) {
	n := &explainNode{kind: kind, qualifier: q, parent: e.current}
	e.current.branches = append(e.current.branches, n)
	e.current = n
}

func (e *explainer) pop() {
	if e.current.parent != nil {
		e.current = e.current.parent
	}
}

func (n *explainNode) setEvent(ev explainEvent, key any, v values.Value) {
	n.event = ev
	n.key = explainKeyString(key)
	n.value = v
}

// explainKeyString is the text of a key explained: a string, a segment,
// a lookup key (its text) or a lookup key's root. Lookups that are not
// explained pass the key itself, not its text: a string boxed into an
// interface is an allocation.
func explainKeyString(k any) string {
	switch x := k.(type) {
	case string:
		return x
	case *lookupKey:
		return x.text
	case keyRoot:
		return x.k.root
	case values.Value:
		return segmentString(x)
	}
	return ""
}

// String prints the explanation.
func (e *explainer) String() string {
	var b strings.Builder
	for _, br := range e.root.branches {
		br.dump(&b, "", "")
	}
	dumpTexts(&b, e.root, "")
	return b.String()
}

func inc(indent string) string { return indent + "  " }

func dumpTexts(b *strings.Builder, n *explainNode, indent string) {
	for _, t := range n.texts {
		b.WriteString(indent + t + "\n")
	}
}

func (n *explainNode) dumpOutcome(b *strings.Builder, indent string) {
	switch n.event {
	case evNotFound:
		b.WriteString(indent + `No such key: "` + n.key + "\"\n")
	case evFound, evFoundInOverrides, evFoundInDefaults:
		b.WriteString(indent + `Found key: "` + n.key + `" value: `)
		dumpValue(b, indent, n.value)
		if n.event == evFoundInOverrides {
			b.WriteString(" in overrides")
		}
		if n.event == evFoundInDefaults {
			b.WriteString(" in defaults")
		}
		b.WriteString("\n")
	}
	dumpTexts(b, n, indent)
}

func dumpValue(b *strings.Builder, indent string, v values.Value) {
	switch x := v.(type) {
	case *values.Hash:
		b.WriteString("{")
		if x.Len() > 0 {
			in := inc(indent)
			for i := 0; i < x.Len(); i++ {
				if i == 0 {
					b.WriteString("\n")
				} else {
					b.WriteString(",\n")
				}
				b.WriteString(in)
				dumpValue(b, in, x.KeyAt(i))
				b.WriteString(" => ")
				dumpValue(b, in, x.ValueAt(i))
			}
			b.WriteString("\n" + indent)
		}
		b.WriteString("}")
	case *values.Array:
		b.WriteString("[")
		if x.Len() > 0 {
			in := inc(indent)
			for i, e := range x.Elems() {
				if i == 0 {
					b.WriteString("\n")
				} else {
					b.WriteString(",\n")
				}
				b.WriteString(in)
				dumpValue(b, in, e)
			}
			b.WriteString("\n" + indent)
		}
		b.WriteString("]")
	default:
		b.WriteString(fn.RubyInspect(v))
	}
}

func (n *explainNode) dumpBranches(b *strings.Builder, indent string) {
	for _, br := range n.branches {
		br.dump(b, indent, indent)
	}
}

func (n *explainNode) dump(b *strings.Builder, indent, first string) {
	switch n.kind {
	case explainData, explainMeta:
		b.WriteString(first + `Searching for "` + explainKeyString(n.qualifier) + "\"\n")
		n.dumpBranches(b, inc(indent))
	case explainInvalidKey:
		b.WriteString(first + `Invalid key "` + explainKeyString(n.qualifier) + "\"\n")
	case explainMergeSource:
		b.WriteString(first + `Using merge options from "` + explainKeyString(n.qualifier) + "\" hash\n")
	case explainModule:
		switch n.event {
		case evModuleNotFound:
			b.WriteString(indent + `Module "` + explainKeyString(n.qualifier) + "\" not found\n")
		case evModuleProviderNotFound:
			b.WriteString(indent + `Module data provider for module "` + explainKeyString(n.qualifier) + "\" not found\n")
		}
	case explainInterpolate:
		b.WriteString(first + `Interpolation on "` + explainKeyString(n.qualifier) + "\"\n")
		n.dumpBranches(b, inc(indent))
	case explainMerge:
		if len(n.branches) == 0 {
			return
		}
		if len(n.branches) == 1 {
			n.branches[0].dump(b, indent, first)
			return
		}
		m := n.qualifier.(*mergeStrategy)
		key := m.key
		b.WriteString(first + "Merge strategy " + key + "\n")
		in := inc(indent)
		if m.options != nil {
			ob := values.NewHashBuilder(m.options.Len())
			for i := 0; i < m.options.Len(); i++ {
				if m.options.KeyAt(i) != values.String("strategy") {
					ob.Put(m.options.KeyAt(i), m.options.ValueAt(i))
				}
			}
			if o := ob.Build(); o.Len() > 0 {
				b.WriteString(in + "Options: ")
				dumpValue(b, in, o)
				b.WriteString("\n")
			}
		}
		n.dumpBranches(b, in)
		if n.event == evResult {
			b.WriteString(in + "Merged result: ")
			dumpValue(b, in, n.value)
			b.WriteString("\n")
		}
	case explainDataProvider:
		in := inc(indent)
		switch p := n.qualifier.(type) {
		case *layer:
			b.WriteString(first + p.name() + "\n")
			if p.cfg.Path != "" {
				b.WriteString(in + `Using configuration "` + p.cfg.Path + "\"\n")
			}
		case *provider:
			b.WriteString(first + p.name() + "\n")
		}
		n.dumpBranches(b, in)
		n.dumpOutcome(b, in)
	case explainLocation:
		loc := n.qualifier.(*location)
		tn := "Path"
		if loc.uri {
			tn = "URI"
		}
		b.WriteString(indent + tn + ` "` + loc.path + "\"\n")
		in := inc(indent)
		b.WriteString(in + "Original " + strings.ToLower(tn) + `: "` + loc.original + "\"\n")
		n.dumpBranches(b, in)
		if n.event == evLocationNotFound {
			b.WriteString(in + tn + " not found\n")
		}
		n.dumpOutcome(b, in)
	case explainSubLookup:
		segs := n.qualifier.([]values.Value)
		parts := make([]string, len(segs))
		for i, s := range segs {
			parts[i] = segmentString(s)
		}
		b.WriteString(indent + `Sub key: "` + strings.Join(parts, ".") + "\"\n")
		in := inc(indent)
		n.dumpBranches(b, in)
		n.dumpOutcome(b, in)
	case explainSegment:
		n.dumpOutcome(b, indent)
	case explainScope:
		b.WriteString(indent + explainKeyString(n.qualifier) + "\n")
		in := inc(indent)
		n.dumpBranches(b, in)
		n.dumpOutcome(b, in)
	}
}
