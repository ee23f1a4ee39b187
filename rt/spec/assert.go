package spec

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

func (c *Catalog) errorf(format string, args ...any) {
	c.t.Helper()
	c.t.Errorf(format, args...)
}

// noTest is where the assertions of a catalog from Run report: nowhere.
type noTest struct{ testing.TB }

func (noTest) Helper() {}
func (noTest) Errorf(format string, args ...any) {
	panic("spec: an assertion failed on a catalog that has no test to report to (use Compile, or Catalog.For(t)): " + fmt.Sprintf(format, args...))
}

// ResourceAssertion is an assertion on a resource, which more assertions
// chain onto (rspec-puppet's contain_<type>(..).with_..()). On a resource
// the catalog lacks they do nothing: that is reported once.
type ResourceAssertion struct {
	cat *Catalog
	ref string
	r   *Resource // nil when the catalog lacks it
}

// Resource is the resource asserted on, or nil when the catalog lacks it.
func (a *ResourceAssertion) Resource() *Resource { return a.r }

// ContainResource asserts that the catalog has a resource
// (contain_<type>(title)); type names are as references write them or in
// lower case ("File", "file", "apache::vhost").
func (c *Catalog) ContainResource(typ, title string) *ResourceAssertion {
	c.t.Helper()
	a := &ResourceAssertion{cat: c, ref: refOf(typ, title), r: c.Resource(typ, title)}
	if a.r != nil {
		a.ref = a.r.Ref()
		touch(a.r)
	} else {
		c.errorf("expected the catalog of %s to contain %s%s", c.Name(), a.ref, c.similar(typ, title))
	}
	return a
}

// similar lists resources of the type, to help find a misspelt title.
func (c *Catalog) similar(typ, title string) string {
	rs := c.ResourcesOf(typ)
	if len(rs) == 0 {
		return " (it has no " + typeName(typ) + " resources)"
	}
	names := make([]string, 0, len(rs))
	for _, r := range rs {
		names = append(names, r.Title)
	}
	sort.Strings(names)
	if len(names) > 10 {
		names = append(names[:10], "...")
	}
	return " (its " + typeName(typ) + " resources: " + strings.Join(names, ", ") + ")"
}

// NotContainResource asserts that the catalog has no such resource.
func (c *Catalog) NotContainResource(typ, title string) {
	c.t.Helper()
	if r := c.Resource(typ, title); r != nil {
		c.errorf("expected the catalog of %s not to contain %s, but it does (declared at %s)", c.Name(), refOf(typ, title), where(r))
	}
}

// ContainClass asserts that the catalog has a class (contain_class).
func (c *Catalog) ContainClass(name string) *ResourceAssertion {
	c.t.Helper()
	return c.ContainResource("Class", name)
}

// NotContainClass asserts that the catalog does not have a class.
func (c *Catalog) NotContainClass(name string) {
	c.t.Helper()
	c.NotContainResource("Class", name)
}

// ContainFile asserts that the catalog has a file resource (contain_file).
func (c *Catalog) ContainFile(title string) *ResourceAssertion {
	c.t.Helper()
	return c.ContainResource("File", title)
}

// ContainPackage asserts that the catalog has a package resource.
func (c *Catalog) ContainPackage(title string) *ResourceAssertion {
	c.t.Helper()
	return c.ContainResource("Package", title)
}

// ContainService asserts that the catalog has a service resource.
func (c *Catalog) ContainService(title string) *ResourceAssertion {
	c.t.Helper()
	return c.ContainResource("Service", title)
}

// ContainExec asserts that the catalog has an exec resource.
func (c *Catalog) ContainExec(title string) *ResourceAssertion {
	c.t.Helper()
	return c.ContainResource("Exec", title)
}

// defaultResources are what every catalog has, which rspec-puppet's counts
// leave out.
var defaultResources = map[string]bool{"Class[main]": true, "Class[Settings]": true, "Stage[main]": true}

// HaveResourceCount asserts how many resources the catalog has, as
// rspec-puppet's have_resource_count counts them: classes, nodes, the main
// stage and the settings class left out (defined type instances count).
func (c *Catalog) HaveResourceCount(n int) {
	c.t.Helper()
	got := c.count(func(r *Resource) bool { return r.Type != "Class" && r.Type != "Node" })
	if got != n {
		c.errorf("expected the catalog of %s to contain %d resources, but it contains %d", c.Name(), n, got)
	}
}

// HaveClassCount asserts how many classes the catalog has (main and
// settings left out, as rspec-puppet's have_class_count).
func (c *Catalog) HaveClassCount(n int) {
	c.t.Helper()
	c.HaveTypeCount("Class", n)
}

// HaveTypeCount asserts how many resources of a type the catalog has
// (have_<type>_resource_count).
func (c *Catalog) HaveTypeCount(typ string, n int) {
	c.t.Helper()
	typ = typeName(typ)
	got := c.count(func(r *Resource) bool { return r.Type == typ })
	if got != n {
		c.errorf("expected the catalog of %s to contain %d %s resources, but it contains %d", c.Name(), n, typ, got)
	}
}

func (c *Catalog) count(keep func(*Resource) bool) int {
	n := 0
	for _, r := range c.list {
		if !defaultResources[r.Ref()] && keep(r) {
			n++
		}
	}
	return n
}

// WithAllDeps asserts what rspec-puppet's compile.with_all_deps does:
// every resource a relationship metaparameter names is in the catalog,
// and the relationships and containment make no dependency cycle (which
// Compile has already reported, as rspec-puppet's compile does: it is
// checked here for a catalog from Run).
func (c *Catalog) WithAllDeps() *Catalog {
	c.t.Helper()
	for _, m := range c.graph().Missing() {
		c.errorf("%s: %s => %s: the catalog of %s has no such resource", m.Resource.Ref(), m.Param, m.Ref, c.Name())
	}
	if !c.cyclesChecked {
		if msg := c.cycleReport(); msg != "" {
			c.errorf("the catalog of %s has a dependency cycle: %s", c.Name(), msg)
		}
	}
	return c
}

// HaveTag asserts that the catalog has a tag.
func (c *Catalog) HaveTag(tag string) {
	c.t.Helper()
	for _, t := range c.Tags() {
		if t == strings.ToLower(tag) {
			return
		}
	}
	c.errorf("expected the catalog of %s to have the tag %q", c.Name(), tag)
}

// refOf is a reference as the catalog writes it: class names capitalized.
func refOf(typ, title string) string {
	typ = typeName(typ)
	if typ == "Class" {
		title = typeName(title)
	}
	return typ + "[" + title + "]"
}

func where(r *Resource) string {
	if r.File == "" {
		return "an unknown place"
	}
	return fmt.Sprintf("%s:%d", r.File, r.Line)
}

// ---- on a resource ----

func (a *ResourceAssertion) errorf(format string, args ...any) {
	a.cat.t.Helper()
	a.cat.errorf("%s: "+format, append([]any{a.ref}, args...)...)
}

// WithParam asserts a parameter's value (rspec-puppet's with_<name>(want));
// see the package documentation for what matches what.
func (a *ResourceAssertion) WithParam(name string, want any) *ResourceAssertion {
	a.cat.t.Helper()
	if a.r == nil {
		return a
	}
	if got := a.r.Param(name); !match(want, got) {
		if got == nil {
			a.errorf("expected parameter %s to be %s, but it is not set", name, describe(want))
		} else {
			a.errorf("expected parameter %s to be %s, but it is %s", name, describe(want), show(got))
		}
	}
	return a
}

// WithParams asserts several parameters' values (rspec-puppet's with).
func (a *ResourceAssertion) WithParams(params Params) *ResourceAssertion {
	a.cat.t.Helper()
	for _, k := range sortedKeys(params) {
		a.WithParam(k, params[k])
	}
	return a
}

// OnlyWithParams asserts the parameters' values and that the resource has
// no other parameters (rspec-puppet's only_with; the namevar, when it is
// not among them, does not count).
func (a *ResourceAssertion) OnlyWithParams(params Params) *ResourceAssertion {
	a.cat.t.Helper()
	if a.r == nil {
		return a
	}
	a.WithParams(params)
	var extra []string
	for _, k := range sortedKeys(a.r.Params()) {
		if _, ok := params[k]; !ok && !a.isNamevar(k) {
			extra = append(extra, k)
		}
	}
	if len(extra) > 0 {
		a.errorf("expected no parameters but %s; it also has %s", strings.Join(sortedKeys(params), ", "), strings.Join(extra, ", "))
	}
	return a
}

func (a *ResourceAssertion) isNamevar(name string) bool {
	return a.r.Param(name) != nil && text(a.r.Param(name)) == a.r.Title
}

// WithoutParam asserts that parameters are not set (rspec-puppet's
// without_<name>, without).
func (a *ResourceAssertion) WithoutParam(names ...string) *ResourceAssertion {
	a.cat.t.Helper()
	if a.r == nil {
		return a
	}
	for _, n := range names {
		if got := a.r.Param(n); got != nil {
			a.errorf("expected parameter %s not to be set, but it is %s", n, show(got))
		}
	}
	return a
}

// WithContent asserts the content parameter: with_content.
func (a *ResourceAssertion) WithContent(want any) *ResourceAssertion {
	a.cat.t.Helper()
	return a.WithParam("content", want)
}

// WithEnsure asserts the ensure parameter: with_ensure.
func (a *ResourceAssertion) WithEnsure(want any) *ResourceAssertion {
	a.cat.t.Helper()
	return a.WithParam("ensure", want)
}

// TaggedWith asserts that the resource has the tags.
func (a *ResourceAssertion) TaggedWith(tags ...string) *ResourceAssertion {
	a.cat.t.Helper()
	if a.r == nil {
		return a
	}
	for _, t := range tags {
		if !a.r.HasTag(t) {
			a.errorf("expected the tag %q; its tags are %s", t, strings.Join(a.r.AllTags(), ", "))
		}
	}
	return a
}

// ContainedBy asserts that the resource is contained by another, directly
// (the catalog has the containment edge container -> resource): ref is
// "Class[Ntp::Config]", "Ntp::Server[a]", ...
func (a *ResourceAssertion) ContainedBy(ref string) *ResourceAssertion {
	a.cat.t.Helper()
	if a.r == nil {
		return a
	}
	want := a.cat.Ref(ref)
	if want == nil {
		a.errorf("expected to be contained by %s, which the catalog does not have", ref)
		return a
	}
	var names []string
	for _, p := range a.r.Containers() {
		if p == want {
			return a
		}
		names = append(names, p.Ref())
	}
	if len(names) == 0 {
		names = append(names, "nothing")
	}
	a.errorf("expected to be contained by %s, but it is contained by %s", want.Ref(), strings.Join(names, " and "))
	return a
}

// ThatRequires asserts that the resource is applied after each of refs
// ("Package[nginx]", "Class[Web::Install]"): rspec-puppet's
// that_requires, which relationships in either direction, through
// containers and through chains satisfy (see precedes).
func (a *ResourceAssertion) ThatRequires(refs ...string) *ResourceAssertion {
	a.cat.t.Helper()
	return a.related(refs, "require", func(x *Resource) bool { return precedes(x, a.r) })
}

// ThatComesBefore asserts that the resource is applied before each of
// refs (that_comes_before).
func (a *ResourceAssertion) ThatComesBefore(refs ...string) *ResourceAssertion {
	a.cat.t.Helper()
	return a.related(refs, "come before", func(x *Resource) bool { return precedes(a.r, x) })
}

// ThatNotifies asserts that the resource notifies each of refs
// (that_notifies).
func (a *ResourceAssertion) ThatNotifies(refs ...string) *ResourceAssertion {
	a.cat.t.Helper()
	return a.related(refs, "notify", func(x *Resource) bool { return notifies(a.r, x) })
}

// ThatSubscribesTo asserts that the resource subscribes to each of refs
// (that_subscribes_to).
func (a *ResourceAssertion) ThatSubscribesTo(refs ...string) *ResourceAssertion {
	a.cat.t.Helper()
	return a.related(refs, "subscribe to", func(x *Resource) bool { return notifies(x, a.r) })
}

func (a *ResourceAssertion) related(refs []string, verb string, ok func(*Resource) bool) *ResourceAssertion {
	a.cat.t.Helper()
	if a.r == nil {
		return a
	}
	for _, ref := range refs {
		x := a.cat.Ref(ref)
		if x == nil {
			a.errorf("expected to %s %s, which the catalog does not have", verb, ref)
			continue
		}
		if !ok(x) {
			a.errorf("expected to %s %s, but no relationship says so (its before: %v, require: %v, notify: %v, subscribe: %v)",
				verb, ref, a.r.Resource.Related("before"), a.r.Resource.Related("require"), a.r.Resource.Related("notify"), a.r.Resource.Related("subscribe"))
		}
	}
	return a
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
