package fn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pp2go/pp2go/rt/values"
)

// Optional abilities of a Context. A function that needs one checks for it
// with a type assertion; a context without it gets the documented
// fallback (or a failure naming what is missing).

// OnceWarner is implemented by contexts that remember which warnings
// were already issued (Puppet's warn_once and deprecation_warning log a
// message once per key and process). Without it WarnOnce warns each time.
type OnceWarner interface {
	WarnOnce(key, msg string)
}

// WarnOnce issues msg once per key (Puppet.warn_once).
func WarnOnce(c Context, key, msg string) {
	if c == nil {
		return
	}
	if w, ok := c.(OnceWarner); ok {
		w.WarnOnce(key, msg)
		return
	}
	c.Warn(msg)
}

// UnlocatedWarner is implemented by contexts that log a warning once per
// compile and key, without a position.
type UnlocatedWarner interface {
	WarnOnceUnlocated(key, msg string)
}

// WarnOnceUnlocated is Puppet.warn_once(kind, key, msg) given no file and
// line: Puppet logs the message with "(file & line not available)" on a
// line of its own, once per compile and key.
func WarnOnceUnlocated(c Context, key, msg string) {
	warnOnceTraced(c, key, msg+"\n   (file & line not available)")
}

// warnOnceTraced logs msg, which ends with warn_once's location line, once
// per compile and key, without a position of its own.
func warnOnceTraced(c Context, key, msg string) {
	if w, ok := c.(UnlocatedWarner); ok {
		w.WarnOnceUnlocated(key, msg)
		return
	}
	WarnOnce(c, key, msg)
}

// WarningsDisabler is implemented by contexts that know Puppet's
// disable_warnings setting.
type WarningsDisabler interface {
	WarningsDisabled(kind string) bool
}

// WarningsDisabled is whether c's disable_warnings setting holds kind
// (deprecations, undefined_variables or undefined_resources): Puppet's
// warn_once of that kind logs nothing.
func WarningsDisabled(c Context, kind string) bool {
	d, ok := c.(WarningsDisabler)
	return ok && d.WarningsDisabled(kind)
}

// Deprecated is Puppet.warn_once('deprecations', key, msg) with no file
// and line (WarnOnceUnlocated), unless disable_warnings holds
// deprecations.
func Deprecated(c Context, key, msg string) {
	if !WarningsDisabled(c, "deprecations") {
		WarnOnceUnlocated(c, key, msg)
	}
}

// DeprecatedAt is Puppet.warn_once('deprecations', key, msg, file, line)
// given the top of the Puppet call stack (PuppetStack.top_of_stack), whose
// file and line the message ends with; key is called with them.
func DeprecatedAt(c Context, key func(file string, line int) string, msg string) {
	if WarningsDisabled(c, "deprecations") {
		return
	}
	var top Frame
	if st := Stacktrace(c); len(st) > 0 {
		top = st[0]
	}
	loc := ""
	switch {
	case top.File != "" && top.Line != 0:
		loc = fmt.Sprintf("(file: %s, line: %d)", top.File, top.Line)
	case top.Line != 0:
		loc = fmt.Sprintf("(line: %d)", top.Line)
	case top.File != "":
		loc = "(file: " + top.File + ")"
	}
	if loc == "" {
		WarnOnceUnlocated(c, key(top.File, top.Line), msg)
		return
	}
	warnOnceTraced(c, key(top.File, top.Line), msg+"\n   "+loc)
}

// Frame is a position of the Puppet call stack: a manifest and a line.
type Frame struct {
	File string
	Line int
}

// Stacker is implemented by contexts that know Puppet's call stack
// (Puppet::Pops::PuppetStack.stacktrace: the innermost call first).
type Stacker interface {
	Stacktrace() []Frame
}

// Stacktrace returns the Puppet call stack of c, or nil.
func Stacktrace(c Context) []Frame {
	if s, ok := c.(Stacker); ok {
		return s.Stacktrace()
	}
	return nil
}

// TypeParser is implemented by contexts that resolve type names of the
// environment (type aliases, resource types) when a function parses a type
// from a string (assert_type('MyAlias', $x), new for Type).
type TypeParser interface {
	ParseType(src string) (values.Type, error)
}

// ParseType parses a type in the environment of c (built-in types only
// when c cannot resolve others).
func ParseType(c Context, src string) (values.Type, error) {
	if p, ok := c.(TypeParser); ok {
		return p.ParseType(src)
	}
	return values.ParseType(src, nil)
}

// FileFinder is implemented by contexts that know the environment's files
// by path, as Puppet::Parser::Files finds them: "module/file" in a
// module's files/ (FindFilePath) or templates/ (FindTemplatePath), or an
// absolute path; and a module's directory.
type FileFinder interface {
	FindFilePath(path string) (string, bool)
	FindTemplatePath(path string) (string, bool)
	ModuleDirectory(name string) (string, bool)
}

// Commander is implemented by contexts that let module Ruby run commands
// on the compiling machine (backticks, %x, Puppet::Util::Execution.execute):
// only where generate() may run them, the same permission.
type Commander interface {
	CommandsAllowed() bool
}

// ModuleFiles is implemented by contexts that answer for the files inside
// the modules' directories from what the build compiled in: module Ruby
// that tests or reads a path there (a module's metadata.json) gets what
// the build found, since a catalog binary runs without the environment's
// directory. A path outside every module directory is the compiling
// machine's own (ok false): Puppet reads it there too.
type ModuleFiles interface {
	ModuleFile(path string) (e ModuleEntry, ok bool)
}

// ModuleEntry is what the build recorded at a path inside a module's
// directory. Known is false for the parts of a module the binary does not
// carry (its manifests, templates' sources, ...): neither existence nor
// content can be answered for them.
type ModuleEntry struct {
	Known, Exists, Dir bool
	Data               []byte
}

// Generator is implemented by contexts that may run generate(): it runs
// the command (an absolute path and its arguments) in the command's
// directory and returns its output. Without it, or when it returns
// allowed false, generate() is refused.
type Generator interface {
	Generate(command []string) (output string, allowed bool, err error)
}

// Resource is what functions see of a resource in the catalog.
type Resource interface {
	// Type is the type name as Puppet prints it in references ("File",
	// "Class", "Foo::Bar"), Title the title.
	Type() string
	Title() string
	// Param returns a parameter's value as set on the resource.
	Param(name string) (values.Value, bool)
	// ToHash is Puppet::Parser::Resource#to_hash: the fields of the
	// title (the type's title patterns; a class's or defined type's
	// name), then the parameters whose value is not undef (the
	// relationship metaparameters' arrays flattened, without undef), by
	// name.
	ToHash() *values.Hash
}

// Catalog is implemented by contexts that give functions access to the
// catalog being compiled: what modules' Ruby sees of it (findresource,
// catalog.resources, scope.resource, scope.source; rt/erb's resource.go).
type Catalog interface {
	// FindResource finds a resource by type ("package", "File", "Class", a
	// defined type "foo::bar") and title, as Puppet's findresource does.
	FindResource(typeName, title string) (Resource, bool)
	// Resources lists the catalog's resources, in order
	// (Catalog#resources).
	Resources() []Resource
	// Classes are the names of the classes the catalog has so far, in
	// the order they were declared (Catalog#classes).
	Classes() []string
	// ResourceTypeKind is what Puppet's Runtime3ResourceSupport.
	// find_resource_type_or_class finds for a lower-case name: "type" (a
	// resource type), "define" (a defined type), "class", or "" (none).
	ResourceTypeKind(name string) string
	// CurrentResource is the resource whose body the calling code belongs
	// to (a class or defined type instance), or nil at top scope.
	CurrentResource() Resource
	// ScopeSource is the class or defined type whose code calls the
	// function (Puppet's scope.source): its name and whether it is a
	// class (else a defined type).
	ScopeSource() (name string, isClass bool)
}

// DefaultsFinder is implemented by contexts that know the resource
// defaults in effect in the calling scope (staging's scope_defaults).
type DefaultsFinder interface {
	// HasResourceDefault reports whether a default for attr of the type
	// ("File", "Foo::Bar") is in effect.
	HasResourceDefault(typeName, attr string) bool
}

// DefaultsLister is implemented by contexts that list the resource
// defaults in effect in the calling scope as Puppet's
// Scope#lookupdefaults(type) does: for the type named exactly so
// ("File", "Foo::Bar"), outer scopes' attributes first, an inner scope's
// value replacing an outer one's.
type DefaultsLister interface {
	ResourceDefaults(typeName string) (attrs []string, vals []values.Value)
}

// Strict is implemented by contexts that know Puppet's strict setting
// ("off", "warning" (the default), "error").
type Strict interface {
	Strict() string
}

// Releaser is implemented by contexts that know the Puppet release
// compiled as.
type Releaser interface {
	PuppetVersion() string // "8.10.0"
}

// PuppetMinorVersion is Puppet.minor_version of c's release ("8.10"):
// 7.23 for a context that does not say.
func PuppetMinorVersion(c Context) string {
	v := "7.23.0"
	if r, ok := c.(Releaser); ok {
		v = r.PuppetVersion()
	}
	if i := strings.LastIndexByte(v, '.'); i > 0 {
		v = v[:i]
	}
	return v
}

// MajorOf is the major version of a release ("8.10.0": 8), 0 when it has
// none.
func MajorOf(version string) int {
	major, _, _ := strings.Cut(version, ".")
	n, _ := strconv.Atoi(major)
	return n
}

// PuppetMajor is the major version of c's release: 7 for a context that
// does not say (as PuppetMinorVersion).
func PuppetMajor(c Context) int {
	if r, ok := c.(Releaser); ok {
		if n := MajorOf(r.PuppetVersion()); n > 0 {
			return n
		}
	}
	return 7
}

// StrictMode is the strict setting of c.
func StrictMode(c Context) string {
	if s, ok := c.(Strict); ok {
		return s.Strict()
	}
	return "warning"
}

// LookupVar3x is a variable lookup as Ruby functions do it
// (scope.lookupvar): an unknown variable is undef, with Puppet's warning
// ("Undefined variable 'x'; ", once per variable, unless
// disable_warnings holds undefined_variables), or an error when strict is
// error. module_name, caller_module_name and numeric variables are
// never reported.
func LookupVar3x(c Context, name string) values.Value {
	if x, ok := c.LookupVar(name); ok {
		return x
	}
	bare := name
	if len(bare) > 2 && bare[:2] == "::" {
		bare = bare[2:]
	}
	if bare == "module_name" || bare == "caller_module_name" || isNumericVar(bare) {
		return values.Undef
	}
	switch StrictMode(c) {
	case "off":
	case "error":
		panic(Errorf("Undefined variable '%s'; ", name))
	default:
		if !WarningsDisabled(c, "undefined_variables") {
			WarnOnceUnlocated(c, "Variable: "+name, "Undefined variable '"+name+"'; ")
		}
	}
	return values.Undef
}

func isNumericVar(s string) bool {
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
