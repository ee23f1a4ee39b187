package erb

import (
	"math"
	"runtime"
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

func newClass(name string, super *Class, modules ...*Class) *Class {
	return &Class{Name: name, Super: super, Modules: modules}
}

// Ruby's classes that templates name or that values have.
var (
	ClassBasicObject = newClass("BasicObject", nil)
	ClassKernel      = newClass("Kernel", nil)
	ClassComparable  = newClass("Comparable", nil)
	ClassEnumerable  = newClass("Enumerable", nil)
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
	ClassJSON        = newClass("JSON", nil)
	ClassYAML        = newClass("Psych", nil)
	ClassURI         = newClass("URI", nil)
	ClassMath        = newClass("Math", nil)
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
	ClassLocalJumpError      = newClass("LocalJumpError", ClassStandardError)
	ClassJSONParserError     = newClass("JSON::ParserError", ClassStandardError)
	ClassJSONNestingError    = newClass("JSON::NestingError", ClassJSONParserError)
	ClassPsychSyntaxError    = newClass("Psych::SyntaxError", ClassPsychException)
	ClassIPAddrError         = newClass("IPAddr::Error", ClassArgumentError)
	ClassIPAddrInvalid       = newClass("IPAddr::InvalidAddressError", ClassIPAddrError)
	ClassIPAddrInvalidPrefix = newClass("IPAddr::InvalidPrefixError", ClassIPAddrInvalid)
	ClassIPAddrAFError       = newClass("IPAddr::AddressFamilyError", ClassIPAddrError)
	ClassPuppetError         = newClass("Puppet::Error", ClassRuntimeError)
	ClassPuppetParseError    = newClass("Puppet::ParseError", ClassPuppetError)
)

// constants maps the constant paths templates may name to their values.
var constants = map[string]*Class{}

func init() {
	for _, c := range []*Class{
		ClassBasicObject, ClassKernel, ClassComparable, ClassEnumerable, ClassObject, ClassModule, ClassClass,
		ClassNilClass, ClassTrueClass, ClassFalseClass, ClassNumeric, ClassInteger, ClassFloat,
		ClassString, ClassSymbol, ClassArray, ClassHash, ClassRange, ClassRegexp, ClassMatchData,
		ClassEnumerator, ClassIPAddr, ClassJSON, ClassURI, ClassMath, ClassFile,
		ClassException, ClassScriptError, ClassLoadError, ClassNotImplementedError, ClassStandardError, ClassRuntimeError,
		ClassFrozenError, ClassArgumentError, ClassIndexError, ClassKeyError, ClassStopIteration,
		ClassRangeError, ClassFloatDomainError, ClassTypeError, ClassNameError, ClassNoMethodError,
		ClassZeroDivisionError, ClassRegexpError, ClassEncodingError, ClassLocalJumpError,
		ClassJSONParserError, ClassJSONNestingError, ClassPsychSyntaxError, ClassIPAddrError, ClassIPAddrInvalid, ClassIPAddrInvalidPrefix,
		ClassIPAddrAFError, ClassPuppetError, ClassPuppetParseError,
	} {
		constants[c.Name] = c
	}
	constants["YAML"] = ClassYAML
	constants["Psych"] = ClassYAML
	constants["Fixnum"] = ClassInteger // removed in Ruby 3.2; an alias of Integer in 3.1
	constants["Bignum"] = ClassInteger
	constants["TrueClass"] = ClassTrueClass
	constants["JSON::JSONError"] = ClassJSONParserError
}

// constValues are the constants that are not classes.
var constValues = map[string]Value{
	"Regexp::IGNORECASE": int64(1),
	"Regexp::EXTENDED":   int64(2),
	"Regexp::MULTILINE":  int64(4),
	"Float::INFINITY":    math.Inf(1),
	"Float::NAN":         math.NaN(),
	"Float::EPSILON":     2.220446049250313e-16,
	"Float::MAX":         math.MaxFloat64,
	"Float::MIN":         2.2250738585072014e-308,
	"RUBY_PLATFORM":      &Str{S: rubyPlatform(), Frozen: true},
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
	if c := constants[path]; c != nil {
		return c
	}
	return constValues[path]
}

// KnownConst reports whether pp2go knows the constant (for the translator).
func KnownConst(path string) bool {
	return constants[path] != nil || constValues[path] != nil || releaseConsts[path] != nil
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
