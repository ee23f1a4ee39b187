package erb

// Objects of the classes a module's own Ruby defines (a puppet_x file a
// function requires): the function's translation makes a UserClass for
// each, whose methods run in a Go function given the instance as self.

// ClassMethods runs a method of a user class with self.
type ClassMethods func(s Scope, self *Instance, method string, b *Block, a []Value) Value

// UserClass is a class of a module's Ruby.
type UserClass struct {
	Class   *Class
	public  map[string]bool // methods callable from outside
	methods map[string]bool // all its methods
	fn      ClassMethods
}

// NewUserClass is the class name (a constant path) with its methods (names)
// and the public ones among them.
func NewUserClass(name string, methods, public []string, fn ClassMethods) *UserClass {
	c := &UserClass{Class: newClass(name, ClassObject), public: map[string]bool{}, methods: map[string]bool{}, fn: fn}
	for _, m := range methods {
		c.methods[m] = true
	}
	for _, m := range public {
		c.public[m] = true
	}
	return c
}

// Instance is an object of a UserClass: its instance variables.
type Instance struct {
	class *UserClass
	ivars map[string]Value
	order []string // the instance variables in the order they were set
}

func (inst *Instance) setIVar(name string, v Value) {
	if _, ok := inst.ivars[name]; !ok {
		inst.order = append(inst.order, name)
	}
	inst.ivars[name] = v
}

// NewInstance is Class.new(args): a new object, initialized by its
// initialize method (when the class has one).
func (r *R) NewInstance(c *UserClass, args ...Value) Value {
	inst := &Instance{class: c, ivars: map[string]Value{}}
	if c.methods["initialize"] {
		c.fn(r.scope, inst, "initialize", nil, args)
	} else if len(args) > 0 {
		argError("wrong number of arguments (given %d, expected 0)", len(args))
	}
	return inst
}

// SetSelf makes self the object whose methods this R runs: @x are its
// instance variables.
func (r *R) SetSelf(self *Instance) { r.self = self }

// sendInstance calls a method of an instance from outside it: a private
// one (or one it does not have) is a NoMethodError, as in Ruby.
func (r *R) sendInstance(inst *Instance, name string, b *Block, args []Value) Value {
	if !inst.class.public[name] {
		if inst.class.methods[name] {
			raise(ClassNoMethodError, "private method `%s' called for %s", name, describeInstance(inst))
		}
		raise(ClassNoMethodError, "undefined method `%s' for %s", name, describeInstance(inst))
	}
	return inst.class.fn(r.scope, inst, name, b, args)
}

// describeInstance is how Ruby shows an object (inspect, NoMethodError
// messages), its instance variables included; its address is not
// reproducible.
func describeInstance(inst *Instance) string {
	s := "#<" + inst.class.Class.Name + ":0x0000000000000000"
	for i, n := range inst.order {
		if i > 0 {
			s += ","
		}
		s += " @" + n + "=" + Inspect(inst.ivars[n])
	}
	return s + ">"
}

func (inst *Instance) rubyClass() *Class   { return inst.class.Class }
func (inst *Instance) rubyInspect() string { return describeInstance(inst) }
func (inst *Instance) rubyToS() string {
	return "#<" + inst.class.Class.Name + ":0x0000000000000000>"
}
