package evaltest

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
)

// A minimal catalog so that the functions that consult it (stdlib's
// defined_with_params, ensure_resource, getparam) can be tested:
// create_resources adds resources, nothing else.

type resource struct {
	typ, title string
	params     *values.Hash
}

func (r *resource) Type() string  { return r.typ }
func (r *resource) Title() string { return r.title }
func (r *resource) Param(name string) (values.Value, bool) {
	return r.params.GetString(name)
}

// ToHash implements fn.Resource: the title is the name (the types'
// title patterns are not known here).
func (r *resource) ToHash() *values.Hash {
	b := values.NewHashBuilder(r.params.Len() + 1)
	b.Put(values.String("name"), values.String(r.title))
	for i := 0; i < r.params.Len(); i++ {
		if !values.IsUndef(r.params.ValueAt(i)) {
			b.Put(r.params.KeyAt(i), r.params.ValueAt(i))
		}
	}
	return b.Build()
}

func capitalize(t string) string {
	segs := strings.Split(strings.TrimPrefix(t, "::"), "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	return strings.Join(segs, "::")
}

// FindResource implements fn.Catalog.
func (c *Ctx) FindResource(typeName, title string) (fn.Resource, bool) {
	t := capitalize(typeName)
	for _, r := range c.resources {
		if r.typ == t && r.title == title {
			return r, true
		}
	}
	return nil, false
}

// Resources implements fn.Catalog.
func (c *Ctx) Resources() []fn.Resource {
	out := make([]fn.Resource, len(c.resources))
	for i, r := range c.resources {
		out[i] = r
	}
	return out
}

// Classes implements fn.Catalog: expressions declare no class.
func (c *Ctx) Classes() []string { return nil }

// ResourceTypeKind implements fn.Catalog: Puppet's resource types are
// known, no class or defined type is.
func (c *Ctx) ResourceTypeKind(name string) string {
	if !strings.Contains(name, ":") && restype.Core(name) != nil {
		return "type"
	}
	return ""
}

// CurrentResource implements fn.Catalog: expressions run at top scope.
func (c *Ctx) CurrentResource() fn.Resource { return nil }

// ResourceDefaults implements fn.DefaultsLister: expressions set no
// resource defaults (a resource default statement is an unsupported
// expression).
func (c *Ctx) ResourceDefaults(string) ([]string, []values.Value) { return nil, nil }

// ScopeSource implements fn.Catalog.
func (c *Ctx) ScopeSource() (string, bool) { return "main", true }

// Stacktrace implements fn.Stacker: the call being evaluated, then the
// program (line 0), as Puppet's stack reads when a case is evaluated.
func (c *Ctx) Stacktrace() []fn.Frame {
	return []fn.Frame{{File: "case.pp", Line: c.line}, {File: "case.pp", Line: 0}}
}

// createResources is a minimal create_resources(type, {title => params}).
func (c *Ctx) createResources(args []values.Value) values.Value {
	t := capitalize(values.ToString(args[0]))
	h, _ := args[1].(*values.Hash)
	if h == nil {
		return values.Undef
	}
	for i := 0; i < h.Len(); i++ {
		title := values.ToString(h.KeyAt(i))
		if _, ok := c.FindResource(t, title); ok {
			panic(fn.Errorf("Duplicate declaration: %s[%s] is already declared", t, title))
		}
		params, _ := h.ValueAt(i).(*values.Hash)
		if params == nil {
			params = values.EmptyHash
		}
		c.resources = append(c.resources, &resource{typ: t, title: title, params: params})
	}
	return values.Undef
}

// Generate implements fn.Generator by running the command (tests only).
// CommandsAllowed implements fn.Commander: the cases run commands as
// Puppet ran them.
func (c *Ctx) CommandsAllowed() bool { return true }

func (c *Ctx) Generate(command []string) (string, bool, error) {
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Dir = filepath.Dir(command[0])
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), true, fmt.Errorf("Execution of '%s' returned %v: %s", strings.Join(command, " "), exitCode(err), out)
	}
	return string(out), true, nil
}

func exitCode(err error) any {
	if e, ok := err.(*exec.ExitError); ok {
		return e.ExitCode()
	}
	return err
}

// Glob implements stdlib's Globber with the local file system.
func (c *Ctx) Glob(patterns []string) []string {
	var out []string
	for _, p := range patterns {
		m, _ := filepath.Glob(p)
		out = append(out, m...)
	}
	return out
}
