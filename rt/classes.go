package rt

import (
	"strings"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
)

// isRelationshipParam says whether name is a metaparameter that makes
// edges. (A switch: it is asked of every parameter of every resource.)
func isRelationshipParam(name string) bool {
	switch name {
	case "require", "subscribe", "before", "notify":
		return true
	}
	return false
}

// ---- including classes ----

// downcaseNilError is, by release, Ruby's error for the downcase of nil in
// Puppet's transform_and_assert_classnames: Ruby 3.1's with
// error_highlight's snippet, Ruby 3.3's without it.
var downcaseNilError = map[int]string{
	7: "undefined method `downcase' for nil:NilClass\n\n      end.downcase\n         ^^^^^^^^^",
	8: "undefined method `downcase' for nil",
}

// classNameOf converts what include, require and contain accept into a
// class name as Puppet's transform_and_assert_classnames does: lower case,
// prefixed with "::".
func (c *Ctx) classNameOf(v values.Value) string {
	var name string
	switch x := v.(type) {
	case nil, values.UndefValue:
		Fail("Cannot use undef as a class name")
	case values.String:
		if x == "" {
			Fail("Cannot use empty string as a class name")
		}
		name = string(x)
	case *values.ClassType:
		if x.ClassName == "" {
			Fail("Cannot use an unspecific Class[] Type")
		}
		name = x.ClassName
	case *values.ResourceType:
		assertClassAndTitle(x.TypeName, x.Title, x.HasTitle)
		name = x.Title
	default:
		// Puppet's transform_and_assert_classnames has no case for these.
		Fail(downcaseNilError[c.prog.Puppet().Major])
	}
	return absoluteClass.get(name)
}

func assertClassAndTitle(typeName, title string, hasTitle bool) {
	if !hasTitle {
		Fail("Cannot use an unspecific Resource[] where a Resource['class', name] is expected")
	}
	if !strings.EqualFold(typeName, "class") {
		Errorf("Cannot use a Resource[%s, %s] where a Resource['class', name] is expected", typeName, title)
	}
}

// Include is the include function: it declares and evaluates the classes.
func (c *Ctx) Include(s *Scope, names []values.Value) values.Value {
	var buf [4]string
	classes := c.classNames(buf[:0], names)
	c.evaluateClasses(s, classes, false)
	return classTypes(classes)
}

// Require is the require function: include, and a require edge from the
// current scope's resource to each class.
func (c *Ctx) Require(s *Scope, names []values.Value) values.Value {
	var buf [4]string
	classes := c.classNames(buf[:0], names)
	c.evaluateClasses(s, classes, false)
	for _, name := range classes {
		cl := c.prog.findClass(name)
		if cl == nil {
			Fail("Could not find class " + strings.TrimPrefix(name, "::"))
		}
		ref := classRef(cl.Name)
		r := s.resource
		var reqs []values.Value
		switch x := r.Get("require").(type) {
		case nil:
		case *values.Array:
			reqs = append(reqs, x.Elems()...)
		default:
			reqs = append(reqs, x)
		}
		reqs = append(reqs, ref)
		r.set(&Param{Name: "require", Value: values.NewArray(reqs...), Source: r.source})
	}
	return classTypes(classes)
}

// Contain is the contain function: include, and a containment edge from the
// current scope's resource to each class.
func (c *Ctx) Contain(s *Scope, names []values.Value) values.Value {
	var buf [4]string
	classes := c.classNames(buf[:0], names)
	container := s.resource
	for _, r := range c.evaluateClasses(s, classes, true) {
		if !c.catalog.hasEdge(container, r) {
			c.catalog.addEdge(container, r)
		}
	}
	return classTypes(classes)
}

// classNames appends the class names of include's arguments (names or
// arrays of them) to out.
func (c *Ctx) classNames(out []string, names []values.Value) []string {
	for _, n := range names {
		if _, ok := n.(*values.Array); !ok {
			out = append(out, c.classNameOf(n))
			continue
		}
		for _, e := range flattenInto(nil, n) {
			out = append(out, c.classNameOf(e))
		}
	}
	return out
}

func flattenInto(out []values.Value, v values.Value) []values.Value {
	if a, ok := v.(*values.Array); ok {
		for _, e := range a.Elems() {
			out = flattenInto(out, e)
		}
		return out
	}
	return append(out, v)
}

// classTypes is include's value for the class names it was given (with
// their "::"): an Array of Class types.
func classTypes(names []string) values.Value {
	if len(names) == 1 {
		if a, ok := readmap.Load(includeValues, names[0]); ok {
			return a
		}
		return readmap.Store(includeValues, names[0], values.NewArray(values.NewClassType(strings.TrimPrefix(names[0], "::"))))
	}
	out := make([]values.Value, len(names))
	for i, n := range names {
		out[i] = values.NewClassType(strings.TrimPrefix(n, "::"))
	}
	return values.NewArray(out...)
}

// includeValues are classTypes' values for one class name, by the name:
// most calls name one class, which each compile includes again, and the
// value is immutable.
var includeValues = readmap.New[*values.Array](maxCachedNames, roomCachedNames)

func classRef(name string) values.Value {
	return values.NewResourceType("Class", capitalized.get(name), true)
}

// evaluateClasses declares the classes that are not declared yet and
// evaluates them at once (Compiler#evaluate_classes, not lazy). With
// resources, it returns the class resources, already included ones first.
func (c *Ctx) evaluateClasses(s *Scope, names []string, resources bool) []*Resource {
	// most calls name one class: lists on the stack
	var classBuf [4]*Class
	var addedBuf [4]*Resource
	classes, added := classBuf[:0], addedBuf[:0]
	for _, n := range names {
		cl := c.findClass(n)
		if cl == nil {
			Errorf("Could not find class %s for %s", n, c.node.Name)
		}
		classes = append(classes, cl)
	}
	var already []*Resource
	for _, cl := range classes {
		if cs := s.classScope(cl.Name); cs != nil {
			if resources {
				if already == nil { // room for the added ones too, in the compile's chunks
					already = makeSlice(&c.resourceLists, len(classes), 256)
				}
				already = append(already, cs.resource)
			}
			continue
		}
		added = append(added, c.ensureClass(s, cl))
	}
	for _, r := range added {
		c.evaluateResource(r)
	}
	if !resources {
		return nil
	}
	return append(already, added...)
}

// ensureClass is Resource::Type#ensure_in_catalog without parameters: the
// class's resource, created (with its parent's) if the catalog lacks it.
func (c *Ctx) ensureClass(s *Scope, cl *Class) *Resource {
	if r := c.catalog.find("Class", cl.title()); r != nil {
		return r
	}
	r := c.newClassResource(s, cl, cl)
	c.instantiate(s, r)
	c.addResource(s, r)
	return r
}

func classTitle(name string) string {
	if name == "" {
		return "main"
	}
	return capitalized.get(name)
}

// newClassResource makes a class's resource with the resource defaults of
// its scope.
func (c *Ctx) newClassResource(s *Scope, cl *Class, source definition) *Resource {
	r := c.newResource(Resource{Type: "Class", Title: cl.title(), Kind: kindClass, scope: s, source: source, class: cl})
	r.Tags = c.newTags(s, 6) // class, the name and its segments
	c.applyDefaults(r, s.lookupDefaults(r.Type))
	r.addOwnTags(classTags)
	r.addOwnTags(cl.nameTags())
	return r
}

// classTags are the tags tag adds for "class", a class resource's type.
var classTags = []string{"class"}

// parentNotFound fails for a class whose parent class does not exist:
// Resource::Type#parent_type raises a ParseError located at the class's
// definition, naming the parent as the class recorded it, absolute
// (pops_bridge.rb absolute_reference).
func (c *Ctx) parentNotFound(cl *Class) {
	msg := "Could not find parent resource type '::" + strings.TrimPrefix(cl.Parent, "::") + "' of type hostclass in " + c.prog.Environment
	var file string
	if cl.File != nil {
		file = cl.File.Path
	}
	panic(located(msg, file, cl.Line))
}

// instantiate is Resource::Type#instantiate_resource: the parent class is
// declared first, and class and node tags become catalog tags.
func (c *Ctx) instantiate(s *Scope, r *Resource) {
	if cl := r.class; cl != nil && cl.Parent != "" {
		parent := c.findClass(cl.Parent)
		if parent == nil {
			c.parentNotFound(cl)
		}
		if c.catalog.find("Class", parent.title()) == nil {
			c.ensureClass(s, parent)
		}
	}
	if r.Type == "Class" || r.Type == "Node" {
		c.catalog.mergeTags(r.Tags)
	}
}

// ---- evaluating code ----

// evaluateCode runs a class's code for its resource (Resource::Type#
// evaluate_code): in a new scope under the parent class's scope or the
// declaring scope.
func (c *Ctx) evaluateCode(r *Resource, cl *Class) {
	s := r.scope
	if ps := c.evaluateParent(r, cl); ps != nil {
		s = ps
	}
	params := cl.parameters()
	if !r.mainTitle {
		s = s.newChild(cl, r)
		// as evaluateDefine's
		c.growVars(s.symtable, 4+len(params)+len(r.Params)+cl.made().locals)
	}
	// the catalog has the name's tags when instantiate merged them
	c.catalog.addClass(cl.Name, !r.mainTitle && cl.nameTagsCatalog())
	c.setResourceParameters(r, s, cl, true)
	c.automaticParameters(r, s, cl)
	s.setClassScope(cl.Name, s)
	sig := &cl.made().sig
	types, layout := sig.get(c, params, cl.Locals)
	r.lowerParams = layout.upper
	c.bindParameters(r, s, params, sig, types, layout)
	c.addEdgeToStage(r)
	if cl.Body != nil {
		runBody(cl.Body, s)
	}
}

// evaluateParent evaluates a class's parent first; its scope becomes the
// parent of the class's scope.
func (c *Ctx) evaluateParent(r *Resource, cl *Class) *Scope {
	parent := cl.parentClass(c.prog)
	if parent == nil {
		if cl.Parent != "" {
			c.parentNotFound(cl)
		}
		return nil
	}
	pr := c.catalog.find("Class", parent.title())
	if pr == nil {
		return nil
	}
	c.evaluateResource(pr)
	ps := r.scope.classScope(parent.Name)
	if ps == nil {
		Errorf("Could not find scope for %s", parent.Name)
	}
	return ps
}

func (c *Ctx) evaluateNodeCode(r *Resource, def *NodeDef, match []values.Value) {
	s := r.scope.newChild(def, r)
	c.catalog.addClass(r.Title, false)
	c.setResourceParameters(r, s, def, false)
	s.setClassScope(r.Title, s)
	c.nodeScope = s
	if def.Body == nil {
		return
	}
	if match != nil {
		level := s.Guard()
		s.setMatch(match)
		runNodeBody(def.Body, s)
		s.Unguard(level)
		return
	}
	runNodeBody(def.Body, s)
}

func (c *Ctx) evaluateDefine(r *Resource) {
	d := r.define
	s := r.scope.newChild(d, r)
	params := d.parameters()
	// room for $module_name, $caller_module_name, $title, $name and the
	// parameters, which binding appends, and the body's locals
	c.growVars(s.symtable, 4+len(params)+len(r.Params)+d.made().locals)
	c.setResourceParameters(r, s, d, false)
	sig := &d.made().sig
	types, layout := sig.get(c, params, d.Locals)
	r.lowerParams = layout.upper
	c.bindParameters(r, s, params, sig, types, layout)
	if d.Body != nil {
		runBody(d.Body, s)
	}
}

// hasModuleName reports whether a definition has a module name.
func hasModuleName(d definition) bool {
	cl, ok := d.(*Class)
	return !ok || !cl.noModule
}

// setResourceParameters sets $module_name, $caller_module_name, $title and
// $name in a definition's new scope (Resource::Type#set_resource_parameters,
// before the parameters).
//
// Every definition has a module name, "" for those of the main manifests
// (TypeCollection#import_ast with an empty module name), but the settings class, which
// Puppet makes without one; the module names are set unless nil.
func (c *Ctx) setResourceParameters(r *Resource, s *Scope, def definition, isClass bool) {
	// the three parameters, found in one pass (a define may have hundreds)
	var modName, callerName, nameV values.Value
	for _, p := range r.Params {
		switch p.Name {
		case "module_name":
			modName = p.Value
		case "caller_module_name":
			callerName = p.Value
		case "name":
			nameV = p.Value
		}
	}
	if modName == nil && hasModuleName(def) {
		modName = c.prog.moduleValue(def)
	}
	if callerName == nil && s.parent != nil && s.parent.source != nil && hasModuleName(s.parent.source) {
		callerName = c.prog.moduleValue(s.parent.source)
	}
	title, name := titleAndNameValues(r, def, isClass, nameV)
	// a new scope's table (a define's, mostly) is empty: the four
	// names, each set once, are appended at once, without setvar's
	// checks (a numeric or reserved name, a name bound), which they pass
	if t := s.symtable; len(t.names) == 0 && t.layout == nil && t.index == nil && t.base == nil && !t.sharedRoom && s.effectiveTable() == t {
		t.start(modName, callerName, title, name)
		return
	}
	s.setStart(modName, callerName, title, name)
}

// setStart sets the variables a definition's scope begins with through
// setvar, one by one: $module_name and $caller_module_name unless nil,
// $title and $name (what start does at once in an empty table).
func (s *Scope) setStart(modName, callerName, title, name values.Value) {
	if modName != nil {
		s.setvar("module_name", modName, false)
	}
	if callerName != nil {
		s.setvar("caller_module_name", callerName, false)
	}
	s.setvar("title", title, false)
	s.setvar("name", name, false)
}

// start sets the variables a definition's scope begins with in an empty
// table of no layout, index, base or shared room, as setvar would one by
// one: $module_name and $caller_module_name unless nil, $title and $name.
func (t *varTable) start(modName, callerName, title, name values.Value) {
	names, vals := t.names, t.vals
	if cap(names) < 4 || cap(vals) < 4 {
		names, vals = make([]string, 0, 4), make([]values.Value, 0, 4) // as add
	}
	if modName != nil {
		names, vals = append(names, "module_name"), append(vals, modName)
	}
	if callerName != nil {
		names, vals = append(names, "caller_module_name"), append(vals, callerName)
	}
	t.names, t.vals = append(names, "title", "name"), append(vals, title, name)
	t.begun = int8(len(t.names))
}

// titleAndNameValues are the values of $title and $name in the scope of
// r's definition def, whose resource sets its parameter name to nameV
// (nil for none).
func titleAndNameValues(r *Resource, def definition, isClass bool, nameV values.Value) (title, name values.Value) {
	titleS := r.Title
	nameS := titleS
	if nameV != nil {
		nameS = values.ToString(nameV)
	}
	if cl, ok := def.(*Class); ok && nameV == nil && cl.Name != "" && titleS == cl.title() && isLowerASCII(cl.Name) {
		// a class's title is its name capitalized (cl.title): the name
		// is its lowercase form
		titleS, nameS = cl.Name, cl.Name
	} else if isClass || r.Type == "Node" {
		// classes' capitalized titles: lowercase forms cached
		titleS, nameS = lowered.get(titleS), lowered.get(nameS)
	}
	if r.titleValue != nil {
		if nameV == nil {
			return r.titleValue, r.titleValue
		}
		return r.titleValue, values.String(nameS)
	}
	if cl, ok := def.(*Class); ok && titleS == cl.Name {
		title = cl.value() // a class's title is its name: boxed once
	} else {
		title = strValue(titleS) // a compile declares the same titles as the last
	}
	if nameS != titleS {
		return title, values.String(nameS)
	}
	return title, title
}

// moduleValue is a definition's module name as a value: its module's,
// boxed once (AddModule), when the program has the module. A class or a
// defined type keeps it when first found.
func (p *Program) moduleValue(d definition) values.Value {
	var kept *atomicptr.Pointer[values.Value]
	switch x := d.(type) {
	case *Class:
		kept = &x.made().moduleName
	case *Define:
		kept = &x.made().moduleName
	}
	if kept != nil {
		if v := atomicptr.Load(kept); v != nil {
			return *v
		}
	}
	m := p.modules[d.module()]
	if m == nil {
		return values.String(d.module())
	}
	if kept != nil {
		atomicptr.Store(kept, &m.name)
	}
	return m.name
}

// bindParameters gives a definition's parameters their values: the ones
// the resource sets, else their defaults evaluated in order; it validates
// them against the parameter types and sets them as variables.
func (c *Ctx) bindParameters(r *Resource, s *Scope, params []*Parameter, sig *paramSig, types []values.ParamType, layout *paramLayout) {
	n := len(r.Params) + len(params)
	// the scope's own table is the parameter table where it can take
	// the parameters as they are (ownParamTable); else one over it,
	// whose variables the scope takes after (adoptParameters, setvar)
	var room varLists
	pt := s.symtable
	own := s.ownParamTable(layout, n)
	titled, valid, ok := false, true, own
	var proven uint64 // the parameters given a proven value (bindGiven)
	if own {
		// a given name that is no parameter and that setvar treats
		// apart ($module_name, ...) ends it: bound again in a table
		// of its own
		titled, valid, ok, proven = bindGiven(pt, layout, r.Params, true)
		if !ok {
			pt.disown()
		}
	}
	level := s.ephemeralLevel()
	if !ok {
		pt, room = c.paramTable(s, layout, n)
		s.ephemeral = append(s.ephemeral, pt)
		titled, valid, _, proven = bindGiven(pt, layout, r.Params, false)
	}
	lead := int(pt.lead)
	// the parameter whose default evaluates, whose errors defaultFailed
	// reports (dropping the tables above pt's level): one deferred call
	// for all the defaults
	var evaluating *Parameter
	above := s.ephemeralLevel()
	defer func() {
		if evaluating != nil {
			c.defaultFailed(r, s, pt, evaluating, above, recover())
		}
	}()
	// the resource's parameters are the table's: parameter i's slot
	// tells whether the resource sets it, without a search by name
	// (a define may have hundreds)
	bySlot := layout.plain && !layout.dup
	// with the slots, the loop over the parameters that gives the
	// defaults checks the values too (as boundValid would after it),
	// where the definition's types are known (facts): checked tells
	// that it does, valid is its verdict
	facts := sig.facts
	checked := bySlot && facts != nil
	for i := 0; i < len(params); i++ {
		p := params[i]
		var cur values.Value
		k := int32(0)
		if bySlot && layout.runEnd[i] > int32(i+1) && pt.slots[i] == 0 && pt.slots[i+1] == 0 {
			// a run of literal defaults of parameters not given:
			// bound at once
			if n := c.bindConstRun(r, pt, i); n > 0 {
				if checked {
					for _, f := range facts[i : i+n] {
						valid = valid && f.constValid
					}
				}
				i += n - 1
				continue
			}
		}
		if bySlot {
			if k = pt.slots[i]; k > 0 {
				cur = pt.vals[k-1]
			}
		} else if p.hasDefault() {
			cur = r.Get(p.Name)
		}
		if !p.hasDefault() || cur != nil && !values.IsUndef(cur) {
			if checked && valid {
				if k == 0 {
					valid = false // a parameter without a default not given
				} else if !facts[i].anyValue && (i >= 64 || proven&(1<<i) == 0) {
					valid = values.IsInstance(types[i].Type, cur)
				}
			}
			continue
		}
		if len(r.Params) == cap(r.Params) {
			// room for the defaults still to come, and the
			// metaparameters relationships add: one list, not one
			// per growth
			grown := makeSlice(&c.paramLists, len(r.Params)+len(params)-i+2, 512)
			r.Params = append(grown, r.Params...)
		}
		v := p.Const // a literal's, given without evaluating code
		if v == nil {
			evaluating = p
			v = evaluateDefault(s, pt, p)
			evaluating = nil
			if checked && valid && !facts[i].anyValue {
				valid = values.IsInstance(types[i].Type, v)
			}
		} else if checked {
			valid = valid && facts[i].constValid
		}
		np := alloc(&c.paramSlab, paramChunk) // set in place, as newParamAt does
		np.Name, np.Value, np.Source, np.file, np.Line = p.Name, v, r.source, &r.File, int32(r.Line)
		if !bySlot {
			r.set(np)
			pt.set(p.Name, v)
			continue
		}
		if k == 0 && p.Name != "tag" {
			r.Params = append(r.Params, np) // what set does with a new name
		} else {
			r.set(np)
		}
		if k > 0 {
			pt.vals[k-1] = v
		} else {
			// appended as add does, to the table's own lists (a
			// parameter table has no shared room)
			pt.names = append(pt.names, p.Name)
			pt.vals = append(pt.vals, v)
			pt.slots[i] = int32(len(pt.vals))
		}
	}
	if own {
		pt.kind, pt.lead = localTable, 0 // the scope's variables from now on
	} else {
		s.popEphemerals(level)
		s.symtable.takeBack(room)
	}
	if checked && valid {
		// the other names must be metaparameters
		for _, i := range pt.extra {
			if int(i) >= lead && !restype.IsMetaparam(pt.names[i]) {
				valid = false
				break
			}
		}
	} else {
		valid = boundValid(types, pt, lead)
	}
	// the message starts with its subject: the reference is only made
	// for it
	if !valid {
		if msg := values.ValidateParameterList("", sig.withMetaparams(types), pt.names[lead:], pt.vals[lead:], false); msg != "" {
			Fail(r.Ref() + msg)
		}
	}
	// the parameters as bound are those finish checks again (validate),
	// with the same verdict while they do not change
	r.checked = valid && !titled && !layout.checkAgain
	if own {
		return
	}
	if !s.adoptParameters(pt) {
		s.symtable.reserve(len(pt.names) - lead)
		for i, n := range pt.names[lead:] {
			s.setvar(n, pt.vals[lead+i], false)
		}
	}
	c.freeParamTables = append(c.freeParamTables, pt)
}

// bindGiven binds the parameters resource r gives (params) in its
// parameter table pt of layout, but $name and $title (titled: r gives
// a title), as Puppet's ParameterScope takes them; valid is false when
// one is a local of the definition's, no parameter. ok is false when pt
// is its scope's own table (ownParamTable) and a name is no parameter
// but one setvar treats apart, which stops binding there: the table
// binds it in its lead, where setvar after would fail. Bit k of proven
// is set when parameter k (of the first 64) is bound to a value the build
// proved its type accepts (Param.proven).
func bindGiven(pt *varTable, layout *paramLayout, params []*Param, own bool) (titled, valid, ok bool, proven uint64) {
	valid = true
	for _, p := range params {
		if p.Name == "name" || p.Name == "title" {
			titled = titled || p.Name == "title"
			continue
		}
		k, ok := layout.number(p.Name)
		if !ok || layout.dup {
			if own && specialLocal(p.Name) {
				return titled, valid, false, proven
			}
			pt.set(p.Name, p.Value)
			continue
		}
		if k >= layout.params {
			valid = false // a name the definition has as a local only
		}
		pt.setParam(k, p.Name, p.Value)
		if k < 64 {
			bit := uint64(1) << k
			if p.proven {
				proven |= bit
			} else {
				proven &^= bit // given again
			}
		}
	}
	return titled, valid, true, proven
}

// bindConstRun binds the parameters from the i-th on whose defaults are
// literals (Parameter.Const) and that the resource does not give, up to
// the first other one, with plain layout pt's: as bindParameters would
// one by one (each default a parameter of the resource, a variable of the
// table, in their order), their parameters made at once, the table's
// names and values copied from the layout's. It returns how many it
// bound: 0 when the run is one parameter. A run (layout.runEnd) is at
// most a chunk of parameters long, and ends before a parameter named tag
// (as set would do, for these).
func (c *Ctx) bindConstRun(r *Resource, pt *varTable, i int) int {
	l := pt.layout
	n := 0
	for slots := pt.slots[i:l.runEnd[i]]; n < len(slots) && slots[n] == 0; n++ {
	}
	if n < 2 {
		return 0
	}
	j := i + n
	base := len(pt.vals)
	pt.names = append(pt.names, l.names[i:j]...)
	pt.vals = append(pt.vals, l.consts[i:j]...)
	if cap(r.Params)-len(r.Params) < n {
		r.Params = append(makeSlice(&c.paramLists, len(r.Params)+len(l.consts)-i+2, 512), r.Params...)
	}
	// the lists of the run, in locals: no bounds checks nor writes back
	// to r and pt in the loop
	names, consts, slots := l.names[i:j], l.consts[i:j], pt.slots[i:j]
	ps, rp := c.newParams(n), r.Params
	src, file, line := r.source, &r.File, int32(r.Line)
	for x := range ps {
		q := &ps[x]
		q.Name, q.Value, q.Source, q.file, q.Line = names[x], consts[x], src, file, line
		rp = append(rp, q)
		slots[x] = int32(base + x + 1)
	}
	r.Params = rp
	return n
}

// paramTable is a parameter table of layout over s's tables, with room for
// n variables; the caller gives room back to s's table (takeBack) when
// done. The parameters are numbered by the layout: no map of their own.
// The table's lists are those of s's table, with its room for them
// (growVars): the parameters are where the scope's variables go, and
// their slots the scope's numbers (the table's lead), for
// adoptParameters. The compile reuses the table after (a default's code
// may bind another one meanwhile).
func (c *Ctx) paramTable(s *Scope, layout *paramLayout, n int) (*varTable, varLists) {
	var pt *varTable
	if k := len(c.freeParamTables); k > 0 {
		pt = c.freeParamTables[k-1]
		c.freeParamTables = c.freeParamTables[:k-1]
	} else {
		pt = new(varTable)
	}
	st := s.symtable
	if st.base == nil {
		// room made for them (growVars), unless a class's automatic
		// parameters added some since (the top scope's table, which
		// has a base, is not adopted)
		c.growVars(st, n)
	}
	names, vals, room := st.lend(n)
	lead := len(names)
	if names == nil {
		names, vals = makeSlice(&c.nameLists, n, 1024), makeSlice(&c.valueLists, n, 1024)
	}
	*pt = varTable{kind: paramTable, parent: s.ephemeral[len(s.ephemeral)-1], layout: layout,
		slots: makeSlice(&c.int32Lists, int(layout.slots), 1024)[:layout.slots],
		names: names, vals: vals, lead: int32(lead)}
	return pt, room
}

// boundValid tells that a bound parameter table passes
// ValidateParameterList, finding the parameters by their numbers in the
// layout instead of by name: every parameter set is an instance of its
// type, every other one has a default, and the other names are
// metaparameters. false is no verdict: ValidateParameterList gives it.
func boundValid(params []values.ParamType, pt *varTable, lead int) bool {
	l := pt.layout
	if l.dup {
		return false
	}
	for k, p := range params {
		i := pt.slots[k]
		if i == 0 {
			if !p.Optional {
				return false
			}
		} else if !values.IsInstance(p.Type, pt.vals[i-1]) {
			return false
		}
	}
	// the locals' slots; $title's and $name's, last, number the lead
	// of a scope's own table
	for _, i := range pt.slots[l.params : l.slots-int32(len(titleAndName))] {
		if i != 0 { // a name the definition has as a local only
			return false
		}
	}
	for _, i := range pt.extra {
		if int(i) >= lead && !restype.IsMetaparam(pt.names[i]) {
			return false
		}
	}
	return true
}

// paramsValid is boundValid of a resource's parameters (Ctx.validate):
// the layout's index finds each one's type.
func paramsValid(params []values.ParamType, l *paramLayout, given []*Param) bool {
	if l.dup {
		return false
	}
	found := 0 // parameters without a default given
	for _, p := range given {
		k, ok := l.number(p.Name)
		if !ok || k >= l.params {
			if !restype.IsMetaparam(p.Name) && p.Name != "name" {
				return false
			}
			continue
		}
		if !values.IsInstance(params[k].Type, p.Value) {
			return false
		}
		if !params[k].Optional {
			found++
		}
	}
	for _, p := range params {
		if !p.Optional {
			found--
		}
	}
	return found == 0
}

// replacedValid is paramsValid of a resource's parameters that were valid
// as bound (Resource.checked), of which only the replaced ones
// (Param.replaced) changed since: those are checked. It says false where
// it cannot tell (a replaced name that is no parameter).
func replacedValid(params []values.ParamType, l *paramLayout, given []*Param) bool {
	if l.dup {
		return false
	}
	for _, p := range given {
		if !p.replaced {
			continue
		}
		if k, ok := l.number(p.Name); !ok || k >= l.params || !values.IsInstance(params[k].Type, p.Value) {
			return false
		}
	}
	return true
}

// adoptParameters makes a bound parameter table's variables the scope's,
// in its order after those the scope has ($module_name, $title, ...), as
// setvar would one by one, keeping the layout: the generated code reads
// the parameters by number. The table's lists begin with the scope's
// variables (its lead), so the scope takes them as they are. It reports
// false, changing nothing, where setvar could fail or the scope's table is
// not a plain one, or not the one the table began with.
func (s *Scope) adoptParameters(pt *varTable) bool {
	st := s.effectiveTable()
	if st != s.symtable || st.layout != nil || st.index != nil || st.base != nil || !pt.layout.plain || len(st.names) != int(pt.lead) || !st.started() {
		return false
	}
	// setvar fails for a parameter table's other name that is one of
	// the scope's (or reserved), and binds the others
	base := len(st.names)
	for _, i := range pt.extra {
		if specialLocal(pt.names[i]) {
			return false
		}
	}
	l := pt.layout
	titleAt := l.slots - int32(len(titleAndName))
	if pt.slots[titleAt] != 0 || pt.slots[titleAt+1] != 0 {
		return false // a plain layout has no parameter named $title or $name, which binding never sets
	}
	st.names, st.vals = pt.names, pt.vals
	st.odd += pt.odd
	st.layout, st.slots = l, pt.slots
	st.slots[titleAt], st.slots[titleAt+1] = int32(base-1), int32(base)
	if len(pt.extra) == 0 {
		// $module_name and $caller_module_name only (mostly): a list
		// of their positions shared by every such scope, never written
		// (its length is its capacity: a name the scope adds later is
		// appended to a copy)
		st.extra = leadExtra[base-2]
		return true
	}
	st.extra = makeSlice(&s.c.int32Lists, base-2+len(pt.extra), 1024)
	st.extra = append(st.extra, leadExtra[base-2]...)
	st.extra = append(st.extra, pt.extra...)
	if len(st.extra) > 8 {
		st.indexExtra()
	}
	return true
}

// started reports whether a table has only the variables a definition's
// scope begins with (setResourceParameters): $module_name and
// $caller_module_name, then $title and $name, which a plain layout
// numbers last.
func (t *varTable) started() bool {
	base := len(t.names)
	if base < len(titleAndName) || t.names[base-2] != titleAndName[0] || t.names[base-1] != titleAndName[1] {
		return false
	}
	for _, n := range t.names[:base-2] {
		if n != "module_name" && n != "caller_module_name" {
			return false
		}
	}
	return true
}

// ownParamTable makes the scope's own table, as setResourceParameters
// began it (start, and no variable since), the parameter table of a plain layout, with room for n
// variables: Puppet's ParameterScope, whose variables are the scope's
// once bound (as adoptParameters makes them, without a table over it and
// its lists lent). The variables the scope has are the table's lead,
// which it does not bind (varTable.bound) but finds. It reports false,
// changing nothing, where the scope's table is not one it can be.
func (s *Scope) ownParamTable(layout *paramLayout, n int) bool {
	st := s.symtable
	if !layout.plain || layout.dup || st.begun == 0 || len(st.names) != int(st.begun) || s.effectiveTable() != st {
		return false
	}
	s.c.growVars(st, n) // room made for them (evaluateDefine), mostly
	base := len(st.names)
	st.kind, st.lead, st.layout, st.begun = paramTable, int32(base), layout, 0
	st.slots = makeSlice(&s.c.int32Lists, int(layout.slots), 1024)[:layout.slots]
	titleAt := layout.slots - int32(len(titleAndName))
	st.slots[titleAt], st.slots[titleAt+1] = int32(base-1), int32(base)
	// $module_name and $caller_module_name, shared with every such
	// table (its length its capacity: a name added is appended to a copy)
	st.extra = leadExtra[base-2]
	return true
}

// disown undoes ownParamTable before any variable is bound but those a
// resource gives, which it drops: the table is as it began.
func (t *varTable) disown() {
	k := t.lead
	t.names, t.vals, t.begun = t.names[:k], t.vals[:k], int8(k)
	t.kind, t.lead, t.layout, t.slots, t.extra, t.index, t.odd = localTable, 0, nil, nil, nil, nil, 0
}

// leadExtra are the positions of a definition's scope's variables before
// $title and $name, by their number ($module_name, $caller_module_name:
// none, one or both), as adoptParameters makes them extra names.
var leadExtra = [...][]int32{nil, {0}, {0, 1}}

// withMetaparams adds name and the metaparameters, which every class and
// define accepts, to a parameter struct (resource/type.rb
// create_params_struct).
func withMetaparams(ps []values.ParamType) []values.ParamType {
	out := make([]values.ParamType, 0, len(ps)+len(restype.Metaparams)+1)
	any := values.AnyT
	out = append(out, values.ParamType{Name: "name", Type: any, Optional: true})
	for _, m := range restype.Metaparams {
		out = append(out, values.ParamType{Name: m, Type: any, Optional: true})
	}
	return append(out, ps...)
}

// evaluateDefault evaluates a parameter's default, read-only. A reference
// to a parameter without a value panics (unevaluatedParameter), which
// bindParameters reports (defaultFailed).
func evaluateDefault(s *Scope, pt *varTable, p *Parameter) values.Value {
	level := s.ephemeralLevel()
	pt.readOnly = true
	var v values.Value
	if p.Default != nil {
		v = p.Default(s)
	} else {
		v = s.Qualified(p.DefaultAt, p.DefaultVar)
	}
	pt.readOnly = false
	s.popEphemerals(level)
	if v == nil {
		return values.Undef
	}
	return v
}

// defaultFailed ends the evaluation of the default of p that panicked with
// rec: the tables its code pushed above level are dropped, and a
// reference to a parameter without a value is reported as Puppet does;
// any other panic goes on.
func (c *Ctx) defaultFailed(r *Resource, s *Scope, pt *varTable, p *Parameter, level int, rec any) {
	s.popEphemerals(level)
	pt.readOnly = false
	if rec == nil {
		return // no panic (runtime.Goexit)
	}
	u, ok := rec.(unevaluatedParameter)
	if !ok {
		if e, ok := rec.(*Error); ok && e.File == "" && e.Line == 0 {
			panic(c.definitionContext(r, e))
		}
		panic(rec)
	}
	from, to := p.Name, u.name
	if c.paramIndex(r, to) < c.paramIndex(r, from) {
		Errorf("%s: expects a value for parameter $%s", r.Ref(), to)
	}
	Errorf("%s: default expression for $%s tries to illegally access not yet evaluated $%s", r.Ref(), from, to)
}

// definitionContext is an error without a position (a lookup's that
// found nothing) raised by a parameter's default, placed at the
// definition's file and line: Puppet evaluates defaults within the
// definition's exceptwrap, whose adderrorcontext gives an error without a
// line its own (Puppet::Resource::Type#assign_defaults).
func (c *Ctx) definitionContext(r *Resource, e *Error) *Error {
	var f *File
	var line int
	switch {
	case r.class != nil:
		f, line = r.class.File, r.class.Line
	case r.define != nil:
		f, line = r.define.File, r.define.Line
	}
	if f == nil || line <= 0 {
		return e
	}
	out := *e
	out.File, out.Line = f.Path, line
	out.Message += " " + locationString(f.Path, line, 0)
	return &out
}

// paramIndex is a parameter's position in its definition.
func (c *Ctx) paramIndex(r *Resource, name string) int {
	var params []*Parameter
	if r.class != nil {
		params = r.class.parameters()
	} else if r.define != nil {
		params = r.define.parameters()
	}
	for i, p := range params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// ---- stages ----

// addEdgeToStage contains a class in its run stage (Stage[main] unless the
// class or its declaring scope's resource says otherwise).
func (c *Ctx) addEdgeToStage(r *Resource) {
	if !r.isClass() {
		return
	}
	name := "main"
	if v := r.Get("stage"); v != nil && !values.IsUndef(v) {
		name = values.ToString(v)
	} else if sr := r.scope.resource; sr != nil {
		if v := sr.Get("stage"); v != nil && !values.IsUndef(v) {
			name = values.ToString(v)
		}
	}
	stage := c.catalog.find("Stage", name)
	if stage == nil {
		Errorf("Could not find stage %s specified by %s", name, r.Ref())
	}
	if r.Get("stage") == nil && name != "main" {
		r.set(&Param{Name: "stage", Value: values.String(stage.Title), Source: r.source})
	}
	c.catalog.addEdge(stage, r)
}
