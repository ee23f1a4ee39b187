package erb

import (
	"strings"
	"sync"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
)

// Objects of the classes a module's own Ruby defines (a puppet_x file a
// function requires): the function's translation makes a UserClass for
// each class or module, whose methods run in a Go function given the
// object as self. Its singleton methods (def self.x, class << self) run in
// another, with the class itself as self.

// ClassMethods runs a method of a user class with self.
type ClassMethods func(s Scope, self *Instance, method string, b *Block, a []Value) Value

// UserClass is a class or module of a module's Ruby.
type UserClass struct {
	Class   *Class
	super   *UserClass      // the superclass when it is a user class too
	public  map[string]bool // methods callable from outside
	methods map[string]bool // all its instance methods
	fn      ClassMethods
	// singleton methods, run with obj as self: the class's own
	// instance variables (@x in def self.x) are obj's
	smethods map[string]bool
	sfn      ClassMethods
	obj      *Instance
	// consts are its own constants: those its body assigns, and the
	// classes and modules defined in it
	consts map[string]Value
}

// NewUserClass is the class name (a constant path) with its methods (names)
// and the public ones among them.
func NewUserClass(name string, methods, public []string, fn ClassMethods) *UserClass {
	c := &UserClass{Class: newClass(name, ClassObject), public: map[string]bool{}, methods: map[string]bool{}, fn: fn, smethods: map[string]bool{}}
	c.Class.user = c
	c.obj = &Instance{class: c, ivars: map[string]Value{}, self: true}
	for _, m := range methods {
		c.methods[m] = true
	}
	for _, m := range public {
		c.public[m] = true
	}
	return c
}

// Module makes c a module (module Name ... end): it has no new.
func (c *UserClass) Module() *UserClass {
	c.Class.module = true
	return c
}

// Inherit makes super (a user class) c's superclass: c's objects have
// its methods, c its singleton methods.
func (c *UserClass) Inherit(super *UserClass) *UserClass {
	c.super = super
	c.Class.Super = super.Class
	return c
}

// InheritRuby makes the Ruby class path (StandardError) c's superclass.
func (c *UserClass) InheritRuby(path string) *UserClass {
	k, ok := Const(path).(*Class)
	if !ok {
		raise(ClassNameError, "uninitialized constant %s", path)
	}
	c.Class.Super = k
	return c
}

// In makes c a constant of outer, the module or class its definition is
// in (class HTTP in module Bodeco is Bodeco::HTTP).
func (c *UserClass) In(outer *UserClass) *UserClass {
	outer.SetConst(c.Class.Name[strings.LastIndex(c.Class.Name, "::")+2:], c.Class)
	return c
}

// SetConst is NAME = v in c's body.
func (c *UserClass) SetConst(name string, v Value) {
	if c.consts == nil {
		c.consts = map[string]Value{}
	}
	c.consts[name] = v
}

// Const reads the constant name of c's body, which the translator found
// where Ruby would: a NameError before its assignment has run.
func (c *UserClass) Const(name string) Value {
	v, ok := c.consts[name]
	if !ok {
		raise(ClassNameError, "uninitialized constant %s::%s", c.Class.Name, name)
	}
	return v
}

// constGet is Module#const_get(name [, inherit]) of a user class or
// module: name a String ("A::B", each segment looked up in the one
// before) or a Symbol; looked up in c's own constants, with inherit in
// its superclasses' and then at the top level (Object's constants).
func (c *UserClass) constGet(args []Value) Value {
	arity(args, 1, 2)
	inherit := len(args) < 2 || Truthy(args[1])
	var segs []string
	switch x := args[0].(type) {
	case Symbol:
		segs = []string{string(x)}
	case *Str:
		segs = strings.Split(x.S, "::")
		if len(segs) > 1 && segs[0] == "" {
			// "::A": from the top level
			segs[0] = "Object"
		}
	default:
		implicitConversion(args[0], "String")
	}
	var cur Value = c.Class
	for _, seg := range segs {
		if !constName.MatchString(seg) {
			raise(ClassNameError, "wrong constant name %s", seg)
		}
		k, ok := cur.(*Class)
		if !ok {
			typeError("%s does not refer to class/module", Inspect(cur))
		}
		cur = k.constant(seg, inherit)
		if cur == nil {
			if k == ClassObject {
				raise(ClassNameError, "uninitialized constant %s", seg)
			}
			raise(ClassNameError, "uninitialized constant %s::%s", k.Name, seg)
		}
	}
	return cur
}

// constName is the form of a constant's name.
var constName = lazyre.New(`\A[A-Z][A-Za-z0-9_]*\z`)

// constant is k's constant name (nil when there is none): its own, then
// with inherit its superclasses' and the top level's.
func (k *Class) constant(name string, inherit bool) Value {
	for x := k; x != nil; x = x.Super {
		if x.user != nil {
			if v, ok := x.user.consts[name]; ok {
				return v
			}
		} else if v := Const(x.Name + "::" + name); v != nil && x != ClassObject {
			return v
		}
		if !inherit {
			break
		}
	}
	if inherit || k == ClassObject {
		return Const(name)
	}
	return nil
}

// Singleton gives c its singleton methods (names), run by fn.
func (c *UserClass) Singleton(methods []string, fn ClassMethods) *UserClass {
	for _, m := range methods {
		c.smethods[m] = true
	}
	c.sfn = fn
	return c
}

// Instance is an object of a UserClass: its instance variables. (The
// class itself is one too, for its singleton methods' @variables.)
type Instance struct {
	class *UserClass
	ivars map[string]Value
	order []string // the instance variables in the order they were set
	self  bool     // the class object itself
	// ext are the modules extend gave the object, the last first
	ext []*UserClass
	// core is the Ruby object (a String) whose reopened class's method
	// runs with this as self (ExtendsCore); nil for an object of a
	// class of its own
	core Value
}

func (inst *Instance) setIVar(name string, v Value) {
	if _, ok := inst.ivars[name]; !ok {
		inst.order = append(inst.order, name)
	}
	inst.ivars[name] = v
}

// NewInstance is Class.new(args): a new object, initialized by its
// initialize method (when the class or a superclass has one).
func (r *R) NewInstance(c *UserClass, args ...Value) Value {
	if c.Class.module {
		raiseNoMethod(ClassNoMethodError, "undefined method `new' for ", c.Class.Name+":Module", "module "+c.Class.Name)
	}
	inst := &Instance{class: c, ivars: map[string]Value{}}
	if k := c.lookup("initialize"); k != nil {
		k.fn(r.scope, inst, "initialize", nil, args)
	} else if len(args) > 0 {
		argError("wrong number of arguments (given %d, expected 0)", len(args))
	}
	return inst
}

// lookup is the class of c's chain whose instance method name runs (nil
// when none has it).
func (c *UserClass) lookup(name string) *UserClass {
	for k := c; k != nil; k = k.super {
		if k.methods[name] {
			return k
		}
	}
	return nil
}

// SetSelf makes self the object whose methods this R runs: @x are its
// instance variables.
func (r *R) SetSelf(self *Instance) { r.self = self }

// Self is self in a user class's method: the object, or for a singleton
// method the class.
func (r *R) Self() Value {
	if r.self != nil && r.self.self {
		return r.self.class.Class
	}
	if r.self != nil && r.self.core != nil {
		return r.self.core
	}
	return r.self
}

// coreMethods are the methods module Ruby gives Ruby's classes by
// reopening them (class String ... end), by class and method name: the
// UserClass holding each (ExtendsCore). A function's classes are made as
// it runs, at each call, so the latest holds them; compiles running at
// once store the same methods.
var coreMethods sync.Map // coreMethod → *UserClass

type coreMethod struct {
	class *Class
	name  string
}

// ExtendsCore makes c's instance methods those of the Ruby class named
// core (String), which c reopens: its objects call them, with themselves
// as self.
func (c *UserClass) ExtendsCore(core string) *UserClass {
	k, ok := Const(core).(*Class)
	if !ok {
		raise(ClassNotImplementedError, "pp2go: reopening %s is not supported", core)
	}
	for m := range c.methods {
		coreMethods.Store(coreMethod{k, m}, c)
	}
	return c
}

// coreMethodOf is the reopened class holding v's method name, nil for
// none.
func coreMethodOf(v Value, name string) *UserClass {
	if k, ok := coreMethods.Load(coreMethod{classOf(v), name}); ok {
		return k.(*UserClass)
	}
	return nil
}

// sendCore calls the method name that module Ruby gave v's class (a
// public one from outside: private is a NoMethodError).
func (r *R) sendCore(k *UserClass, v Value, name string, b *Block, args []Value) Value {
	if !k.public[name] {
		raiseNoMethod(ClassNoMethodError, "private method `"+name+"' called for ", describeForError(v), describe33(v))
	}
	return k.fn(r.scope, &Instance{class: k, core: v}, name, b, args)
}

// sendInstance calls a method of an instance from outside it: a private
// one (or one it does not have) is a NoMethodError, as in Ruby.
func (r *R) sendInstance(inst *Instance, name string, b *Block, args []Value) Value {
	k := inst.lookup(name)
	if k == nil || !k.public[name] {
		if k != nil {
			raiseNoMethod(ClassNoMethodError, "private method `"+name+"' called for ", describeInstance(inst), describeInstance33(inst))
		}
		raiseNoMethod(ClassNoMethodError, "undefined method `"+name+"' for ", describeInstance(inst), describeInstance33(inst))
	}
	return k.fn(r.scope, inst, name, b, args)
}

// Super is super in the instance method name of class c: the method of
// that name of a class above c, with self's object.
func (r *R) Super(c *UserClass, name string, b *Block, args ...Value) Value {
	if c.super != nil {
		if k := c.super.lookup(name); k != nil {
			return k.fn(r.scope, r.self, name, b, args)
		}
	}
	raise(ClassNoMethodError, "super: no superclass method `%s' for %s", name, describeInstance(r.self))
	return nil
}

// SelfCall is a call without a receiver in a user class's method of a
// method its class (or a superclass) has, private ones included.
func (r *R) SelfCall(name string, b *Block, args ...Value) Value {
	if r.self.self {
		return r.SendClass(r.self.class, name, b, args...)
	}
	if k := r.self.lookup(name); k != nil {
		return k.fn(r.scope, r.self, name, b, args)
	}
	raiseNoMethod(ClassNameError, "undefined local variable or method `"+name+"' for ", describeInstance(r.self), describeInstance33(r.self))
	return nil
}

// SendClass calls a singleton method of a user class or module (found in
// it or its superclasses), as Name.method(args) and Name::method(args) do.
func (r *R) SendClass(c *UserClass, name string, b *Block, args ...Value) Value {
	for k := c; k != nil; k = k.super {
		if k.smethods[name] {
			return k.sfn(r.scope, c.obj, name, b, args)
		}
	}
	switch name {
	case "new":
		return r.NewInstance(c, args...)
	case "const_get":
		return c.constGet(args)
	}
	noMethod(name, c.Class)
	return nil
}

// UserOp is l op rv where a module class defines the operator (def
// +(other)): its method when l is an object of such a class, else Ruby's
// operator (ruby).
func (r *R) UserOp(op string, l, rv Value, ruby func(a, b Value) Value) Value {
	if inst, ok := l.(*Instance); ok && !inst.self {
		return r.sendInstance(inst, op, NoBlock, []Value{rv})
	}
	if k := coreMethodOf(l, op); k != nil {
		return r.sendCore(k, l, op, NoBlock, []Value{rv})
	}
	return ruby(l, rv)
}

// AsetUser is recv[args...] = v (v the last of args) where a module
// class defines []=: its method when recv is one of its objects, else
// Ruby's. Its value is v, whatever the method returns.
func (r *R) AsetUser(recv Value, args ...Value) Value {
	if inst, ok := recv.(*Instance); ok && !inst.self {
		r.sendInstance(inst, "[]=", NoBlock, args)
		return args[len(args)-1]
	}
	return r.Aset(recv, args...)
}

// SetAttr is recv.name = v of a setter a module class defines (name=):
// its value is v, whatever the setter returns.
func (r *R) SetAttr(recv Value, name string, v Value) Value {
	if _, ok := recv.(*Instance); ok {
		r.SendUser(recv, name+"=", NoBlock, v)
	} else {
		// an object of another class: Ruby's own writer (URI's user=)
		r.SendDynamic(recv, true, NoBlock, Symbol(name+"="), v)
	}
	return v
}

// SendUser calls the method name of recv, which may be an object of a
// user class, or a user class or module (the module's Ruby defines a
// method of that name): else the Ruby method of that name, when pp2go
// has it.
func (r *R) SendUser(recv Value, name string, b *Block, args ...Value) Value {
	switch x := recv.(type) {
	case *Instance:
		if x.self {
			return r.SendClass(x.class, name, b, args...)
		}
		return r.sendInstance(x, name, b, args)
	case *Class:
		if x.user != nil {
			return r.SendClass(x.user, name, b, args...)
		}
	case *Hash:
		for _, k := range x.ext {
			if k.methods[name] {
				raise(ClassNotImplementedError, "pp2go does not run %s#%s with a Hash as self (extend)", k.Class.Name, name)
			}
		}
	}
	if k := coreMethodOf(recv, name); k != nil {
		return r.sendCore(k, recv, name, b, args)
	}
	if m, ok := methodTable()[name]; ok {
		return m.call(r, recv, b, args)
	}
	noMethod(name, recv)
	return nil
}

// describeInstance is how Ruby shows an object (inspect, NoMethodError
// messages), its instance variables included; its address is not
// reproducible.
func describeInstance(inst *Instance) string {
	if inst.self {
		return inst.class.Class.Name
	}
	s := "#<" + inst.class.Class.Name + ":0x0000000000000000"
	for i, n := range inst.order {
		if i > 0 {
			s += ","
		}
		s += " @" + n + "=" + Inspect(inst.ivars[n])
	}
	return s + ">"
}

// describeInstance33 is describeInstance in Ruby 3.3's words (describe33).
func describeInstance33(inst *Instance) string {
	if inst.self {
		return describe33(inst.class.Class)
	}
	return "an instance of " + inst.class.Class.Name
}

func (inst *Instance) rubyClass() *Class   { return inst.class.Class }
func (inst *Instance) rubyInspect() string { return describeInstance(inst) }
func (inst *Instance) rubyToS() string {
	return "#<" + inst.class.Class.Name + ":0x0000000000000000>"
}

// lookup is the module extend gave inst, or else the class of its
// chain, whose method name runs (nil when none has it).
func (inst *Instance) lookup(name string) *UserClass {
	for _, k := range inst.ext {
		if k.methods[name] {
			return k
		}
	}
	return inst.class.lookup(name)
}

// Extend is obj.extend(mods...): each module (the last first, as Ruby
// does) gives obj its instance methods, then its extended hook runs with
// obj. The methods of a module of the module's Ruby run on an object of
// one of its classes; a Hash keeps them for SendUser to refuse (pp2go
// does not run them with a Hash as self); any other object is refused
// when the module has methods.
func (r *R) Extend(obj Value, mods ...Value) Value {
	if len(mods) == 0 {
		argError("wrong number of arguments (given 0, expected 1+)")
	}
	for i := len(mods) - 1; i >= 0; i-- {
		k, ok := mods[i].(*Class)
		if !ok || !k.module {
			raise(ClassTypeError, "wrong argument type %s (expected Module)", classOf(mods[i]).Name)
		}
		m := k.user
		if m == nil {
			raise(ClassNotImplementedError, "pp2go does not extend an object with Ruby's %s", k.Name)
		}
		switch x := obj.(type) {
		case *Instance:
			if x.self {
				raise(ClassNotImplementedError, "pp2go does not extend a class or module (%s) with %s", x.class.Class.Name, k.Name)
			}
			x.ext = append([]*UserClass{m}, x.ext...)
		case *Hash:
			x.ext = append([]*UserClass{m}, x.ext...)
		default:
			if len(m.methods) > 0 {
				raise(ClassNotImplementedError, "pp2go does not extend %s with %s, which has methods", classOf(obj).Name, k.Name)
			}
		}
		if m.smethods["extended"] {
			r.SendClass(m, "extended", NoBlock, obj)
		}
	}
	return obj
}
