package erb

import (
	"math"
	"runtime"
	"sync"

	"github.com/pp2go/pp2go/rt/cell"
	"github.com/pp2go/pp2go/rt/internal/atomicptr"
)

// Class is a Ruby class (or module) as a value: the receiver of Hash.new,
// the argument of is_a?, the class of an exception.
type Class struct {
	Name  string
	Super *Class
	// Modules lists modules the class includes (Comparable, Enumerable).
	Modules []*Class
	// user is the class or module a module's own Ruby defines (its
	// methods), nil for Ruby's classes.
	user *UserClass
	// module: a module (Module), not a class (Class)
	module bool
}

// newClass makes a class on the heap. It is not inlined: Go would lay
// the package's classes out as static data, in the binary's data section,
// and write their superclasses and modules into it as the package
// initializes, a fault that copies each page (package rt/cell).
//
//go:noinline
func newClass(name string, super *Class, modules ...*Class) *Class {
	return &Class{Name: name, Super: super, Modules: modules}
}

// newModule makes a module (newClass).
//
//go:noinline
func newModule(name string) *Class {
	return &Class{Name: name, module: true}
}

// Ruby's classes that templates name or that values have.
var (
	ClassBasicObject = newClass("BasicObject", nil)
	ClassKernel      = newModule("Kernel")
	ClassComparable  = newModule("Comparable")
	ClassEnumerable  = newModule("Enumerable")
	ClassObject      = newClass("Object", ClassBasicObject, ClassKernel)
	ClassModule      = newClass("Module", ClassObject)
	ClassClass       = newClass("Class", ClassModule)
	ClassNilClass    = newClass("NilClass", ClassObject)
	ClassTrueClass   = newClass("TrueClass", ClassObject)
	ClassFalseClass  = newClass("FalseClass", ClassObject)
	ClassNumeric     = newClass("Numeric", ClassObject, ClassComparable)
	ClassInteger     = newClass("Integer", ClassNumeric)
	ClassFloat       = newClass("Float", ClassNumeric)
	ClassString      = newClass("String", ClassObject, ClassComparable)
	ClassSymbol      = newClass("Symbol", ClassObject, ClassComparable)
	ClassArray       = newClass("Array", ClassObject, ClassEnumerable)
	ClassHash        = newClass("Hash", ClassObject, ClassEnumerable)
	ClassRange       = newClass("Range", ClassObject, ClassEnumerable)
	ClassRegexp      = newClass("Regexp", ClassObject)
	ClassMatchData   = newClass("MatchData", ClassObject)
	ClassEnumerator  = newClass("Enumerator", ClassObject, ClassEnumerable)
	ClassIPAddr      = newClass("IPAddr", ClassObject, ClassComparable)
	ClassJSON        = newModule("JSON")
	ClassYAML        = newModule("Psych")
	ClassURI         = newModule("URI")
	ClassMath        = newModule("Math")
	ClassFile        = newClass("File", ClassObject)
	ClassScope       = newClass("Puppet::Parser::Scope", ClassObject)
	ClassWrapper     = newClass("Puppet::Parser::TemplateWrapper", ClassObject)
	ClassSensitive   = newClass("Puppet::Pops::Types::PSensitiveType::Sensitive", ClassObject)
	ClassTimespan    = newClass("Puppet::Pops::Time::Timespan", ClassNumeric)
	ClassTimestamp   = newClass("Puppet::Pops::Time::Timestamp", ClassNumeric)
	ClassBinary      = newClass("Puppet::Pops::Types::PBinaryType::Binary", ClassObject)
	ClassSemVer      = newClass("SemanticPuppet::Version", ClassObject, ClassComparable)
	ClassPType       = newClass("Puppet::Pops::Types::PAnyType", ClassObject)

	ClassException           = newClass("Exception", ClassObject)
	ClassScriptError         = newClass("ScriptError", ClassException)
	ClassLoadError           = newClass("LoadError", ClassScriptError)
	ClassNotImplementedError = newClass("NotImplementedError", ClassScriptError)
	ClassStandardError       = newClass("StandardError", ClassException)
	ClassRuntimeError        = newClass("RuntimeError", ClassStandardError)
	ClassFrozenError         = newClass("FrozenError", ClassRuntimeError)
	ClassArgumentError       = newClass("ArgumentError", ClassStandardError)
	ClassIndexError          = newClass("IndexError", ClassStandardError)
	ClassKeyError            = newClass("KeyError", ClassIndexError)
	ClassStopIteration       = newClass("StopIteration", ClassIndexError)
	ClassRangeError          = newClass("RangeError", ClassStandardError)
	ClassFloatDomainError    = newClass("FloatDomainError", ClassRangeError)
	ClassTypeError           = newClass("TypeError", ClassStandardError)
	ClassNameError           = newClass("NameError", ClassStandardError)
	ClassNoMethodError       = newClass("NoMethodError", ClassNameError)
	ClassZeroDivisionError   = newClass("ZeroDivisionError", ClassStandardError)
	ClassRegexpError         = newClass("RegexpError", ClassStandardError)
	ClassEncodingError       = newClass("EncodingError", ClassStandardError)
	// Encoding::CompatibilityError: joining binary and UTF-8 text
	ClassEncodingCompatibilityError = newClass("Encoding::CompatibilityError", ClassEncodingError)
	ClassLocalJumpError             = newClass("LocalJumpError", ClassStandardError)
	ClassJSONParserError            = newClass("JSON::ParserError", ClassStandardError)
	ClassJSONNestingError           = newClass("JSON::NestingError", ClassJSONParserError)
	ClassJSONGeneratorError         = newClass("JSON::GeneratorError", ClassStandardError)
	ClassPsychSyntaxError           = newClass("Psych::SyntaxError", ClassPsychException)
	ClassIPAddrError                = newClass("IPAddr::Error", ClassArgumentError)
	ClassIPAddrInvalid              = newClass("IPAddr::InvalidAddressError", ClassIPAddrError)
	ClassIPAddrInvalidPrefix        = newClass("IPAddr::InvalidPrefixError", ClassIPAddrInvalid)
	ClassIPAddrAFError              = newClass("IPAddr::AddressFamilyError", ClassIPAddrError)
	ClassPuppetError                = newClass("Puppet::Error", ClassRuntimeError)
	ClassPuppetParseError           = newClass("Puppet::ParseError", ClassPuppetError)
)

// The constants templates may name (Ruby's classes and other values) and
// the libraries require accepts are defined in groups, one per file or
// subject, each filled on the first lookup that reaches it (lookups go
// through the groups in the order they were defined): most compiles name
// a few of Ruby's core classes, the first group, and filling every table
// at start was a twentieth of a small compile's whole process (issue
// 14). No two groups define one name (TestConstGroupsDisjoint), so the
// order of the groups decides nothing.
type constGroup struct {
	once      sync.Once
	fill      func(g *constGroup)
	classes   map[string]*Class
	values    map[string]Value
	libraries map[string]bool
}

var constGroups []*constGroup

// defineConsts adds a group of constants that fill defines.
func defineConsts(fill func(g *constGroup)) {
	constGroups = append(constGroups, &constGroup{fill: fill})
}

// class defines the constant path as the class c.
func (g *constGroup) class(path string, c *Class) {
	if g.classes == nil {
		g.classes = map[string]*Class{}
	}
	g.classes[path] = c
}

// value defines the constant path, not a class, as v.
func (g *constGroup) value(path string, v Value) {
	if g.values == nil {
		g.values = map[string]Value{}
	}
	g.values[path] = v
}

// library defines the library name as one that require accepts.
func (g *constGroup) library(name string) {
	if g.libraries == nil {
		g.libraries = map[string]bool{}
	}
	g.libraries[name] = true
}

// lookupConst is the value of the constant path, and the library name's
// being known, in the first group that defines either (both empty when
// none does).
func lookupConst(path, library string) (Value, bool) {
	for _, g := range constGroups {
		g.once.Do(func() { g.fill(g) })
		if path != "" {
			if c := g.classes[path]; c != nil {
				return c, false
			}
			if v := g.values[path]; v != nil {
				return v, false
			}
		}
		if library != "" && g.libraries[library] {
			return nil, true
		}
	}
	return nil, false
}

func init() {
	defineConsts(func(g *constGroup) {
		for _, c := range []*Class{
			ClassBasicObject, ClassKernel, ClassComparable, ClassEnumerable, ClassObject, ClassModule, ClassClass,
			ClassNilClass, ClassTrueClass, ClassFalseClass, ClassNumeric, ClassInteger, ClassFloat,
			ClassString, ClassSymbol, ClassArray, ClassHash, ClassRange, ClassRegexp, ClassMatchData,
			ClassEnumerator, ClassIPAddr, ClassJSON, ClassURI, ClassMath, ClassFile,
			ClassException, ClassScriptError, ClassLoadError, ClassNotImplementedError, ClassStandardError, ClassRuntimeError,
			ClassFrozenError, ClassArgumentError, ClassIndexError, ClassKeyError, ClassStopIteration,
			ClassRangeError, ClassFloatDomainError, ClassTypeError, ClassNameError, ClassNoMethodError,
			ClassZeroDivisionError, ClassRegexpError, ClassEncodingError, ClassEncodingCompatibilityError, ClassLocalJumpError,
			ClassJSONParserError, ClassJSONNestingError, ClassPsychSyntaxError, ClassIPAddrError, ClassIPAddrInvalid, ClassIPAddrInvalidPrefix,
			ClassIPAddrAFError, ClassPuppetError, ClassPuppetParseError,
		} {
			g.class(c.Name, c)
		}
		g.class("YAML", ClassYAML)
		g.class("Psych", ClassYAML)
		g.class("Fixnum", ClassInteger) // removed in Ruby 3.2; an alias of Integer in 3.1
		g.class("Bignum", ClassInteger)
		g.class("TrueClass", ClassTrueClass)
		g.class("JSON::JSONError", ClassJSONParserError)
		// the constants that are not classes
		g.value("Regexp::IGNORECASE", int64(1))
		g.value("Regexp::EXTENDED", int64(2))
		g.value("Regexp::MULTILINE", int64(4))
		g.value("Float::INFINITY", math.Inf(1))
		g.value("Float::NAN", math.NaN())
		g.value("Float::EPSILON", 2.220446049250313e-16)
		g.value("Float::MAX", math.MaxFloat64)
		g.value("Float::MIN", 2.2250738585072014e-308)
		g.value("RUBY_PLATFORM", &Str{S: rubyPlatform(), Frozen: true})
	})
}

// rubyPlatform is RUBY_PLATFORM as Debian's Ruby on this machine's
// architecture spells it (x86_64-linux-gnu).
func rubyPlatform() string {
	arch := map[string]string{"amd64": "x86_64", "arm64": "aarch64", "386": "i386", "arm": "arm", "ppc64le": "powerpc64le", "s390x": "s390x", "riscv64": "riscv64"}[runtime.GOARCH]
	if arch == "" {
		arch = runtime.GOARCH
	}
	if runtime.GOOS != "linux" {
		return arch + "-" + runtime.GOOS
	}
	return arch + "-linux-gnu"
}

// Const returns the value of a constant path ("String",
// "JSON::ParserError", "Regexp::IGNORECASE"), or nil when pp2go does not
// know it.
func Const(path string) Value {
	v, _ := lookupConst(path, "")
	return v
}

// ConstRef is a constant a translated function file names (Hash,
// Puppet::Resource): a variable of the generated package, which keeps
// the constant's value from its first use on. Const goes through the
// constant groups' tables at each use (~165 instructions: keystone's
// translated functions name constants ~30 times a compile), and a
// constant's value never changes in a process.
type ConstRef struct {
	Path string
	// Cell keeps the value (package cell).
	Cell *Cell
}

// Value is Const(c.Path). Compiles running at once may look it up once
// each, finding the same value.
func (c *ConstRef) Value() Value {
	kept := cell.Pointer[Value](&c.Cell)
	if p := atomicptr.Load(kept); p != nil {
		return *p
	}
	v := Const(c.Path)
	atomicptr.Store(kept, &v)
	return v
}

// KnownConst reports whether pp2go knows the constant (for the translator).
func KnownConst(path string) bool {
	return Const(path) != nil || releaseConsts[path] != nil
}

// IsA reports whether c is k or inherits from (or includes) k.
func (c *Class) IsA(k *Class) bool {
	for x := c; x != nil; x = x.Super {
		if x == k {
			return true
		}
		for _, m := range x.Modules {
			if m == k {
				return true
			}
		}
	}
	return false
}

// isA is Ruby's obj.is_a?(k).
func isA(v Value, k *Class) bool { return classOf(v).IsA(k) }
