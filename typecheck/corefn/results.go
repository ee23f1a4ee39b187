package corefn

// A Result is what a call of one of Puppet's own functions returns when it
// does not fail, as its Ruby implementation makes it (Puppet declares no
// return type for them). Either the same type whatever the arguments (Of),
// or one that depends on the kind of the first argument (ByFirst).
type Result struct {
	// Of is the result's type, as Puppet writes types.
	Of string
	// ByFirst are the results by the first argument's type: the first case
	// whose Arg the argument is an instance of gives the result. Together
	// the cases' Args take every first argument the function takes, so a
	// call that does not fail returns one of the cases' Results.
	// (Arg "Iterable" after "String": a String is Iterable too.)
	ByFirst []Case
	// Lambda says that the result is this type for a call with a lambda
	// too (the lambda decides which values, not their kind).
	Lambda bool
	// TypeArg, when not 0, is the position (from 1) of the argument whose
	// type the result is an instance of, when that argument is a type
	// written out (lookup's value type, which Puppet asserts the value
	// found or the default is of).
	TypeArg int
}

// A Case is a function's result (Result) when its first argument is an
// instance of Arg.
type Case struct{ Arg, Result string }

// caseMapped are the cases of downcase and upcase, which return a number
// as it is, and map a string, the strings of an array and the keys and
// values of a hash, recursively: the result is of the argument's kind.
var caseMapped = []Case{{"Integer", "Integer"}, {"Float", "Float"}, {"String", "String"}, {"Array", "Array"}, {"Hash", "Hash"}}

// eachMapped are the cases of capitalize, strip and the like, which
// return a number as it is and map a string, or each value of an Iterable
// of strings and numbers into an Array.
var eachMapped = []Case{{"Integer", "Integer"}, {"Float", "Float"}, {"String", "String"}, {"Iterable", "Array"}}

// results are the results of the functions that compute a value from their
// arguments alone, for 7.23 and 8.10, read from their implementations
// (lib/puppet/functions/NAME.rb, lib/puppet/parser/functions/NAME.rb).
// Not here: those whose result is a lambda's (reduce, with, then, lest),
// data's (lookup, getvar, dig), one of their arguments' (min, max, pick's
// kin) or a template's return() (epp, inline_epp: any value).
var results = map[string]Result{
	"lookup":          {TypeArg: 2, Lambda: true},
	"assert_type":     {TypeArg: 1},
	"convert_to":      {TypeArg: 2},
	"join":            {Of: "String"},
	"sprintf":         {Of: "String"},
	"template":        {Of: "String"},
	"inline_template": {Of: "String"},
	"md5":             {Of: "String"},
	"sha1":            {Of: "String"},
	"sha256":          {Of: "String"},
	"digest":          {Of: "String"},
	"shellquote":      {Of: "String"},
	"strftime":        {Of: "String"},
	"file":            {Of: "String"},
	"find_file":       {Of: "Optional[String]"},
	"find_template":   {Of: "Optional[String]"},
	"versioncmp":      {Of: "Integer[-1, 1]"},
	"compare":         {Of: "Integer[-1, 1]"},
	"fqdn_rand":       {Of: "Integer[0]"},
	"empty":           {Of: "Boolean"},
	"defined":         {Of: "Boolean"},
	"tagged":          {Of: "Boolean"},
	"size":            {Of: "Integer[0]"},
	"length":          {Of: "Integer[0]"},
	"keys":            {Of: "Array"},
	"values":          {Of: "Array"},
	"flatten":         {Of: "Array"},
	"type":            {Of: "Type"},
	"floor":           {Of: "Integer"},
	"ceiling":         {Of: "Integer"},
	"round":           {Of: "Integer"},
	"any":             {Of: "Boolean", Lambda: true},
	"all":             {Of: "Boolean", Lambda: true},
	"map":             {Of: "Array", Lambda: true},
	"filter":          {ByFirst: []Case{{"Hash", "Hash"}, {"Iterable", "Array"}}, Lambda: true},
	"unique":          {ByFirst: []Case{{"String", "String"}, {"Hash", "Hash"}, {"Iterable", "Array"}}, Lambda: true},
	"sort":            {ByFirst: []Case{{"String", "String"}, {"Array", "Array"}}, Lambda: true},
	"split":           {ByFirst: []Case{{"String", "Array[String]"}, {"Sensitive", "Sensitive[Array[String]]"}}},
	"match":           {ByFirst: []Case{{"String", "Optional[Array[Optional[String]]]"}, {"Array", "Array[Optional[Array[Optional[String]]]]"}}},
	"regsubst":        {ByFirst: []Case{{"String", "String"}, {"Array", "Array[String]"}}},
	"abs":             {ByFirst: []Case{{"Integer", "Integer"}, {"Float", "Float"}, {"String", "Numeric"}}},
	"downcase":        {ByFirst: caseMapped},
	"upcase":          {ByFirst: caseMapped},
	"capitalize":      {ByFirst: eachMapped},
	"camelcase":       {ByFirst: eachMapped},
	"strip":           {ByFirst: eachMapped},
	"lstrip":          {ByFirst: eachMapped},
	"rstrip":          {ByFirst: eachMapped},
	"chomp":           {ByFirst: eachMapped},
	"chop":            {ByFirst: eachMapped},
}

// Result returns what a call of the function returns, and whether the
// table knows it.
func (r *Release) Result(name string) (Result, bool) {
	if _, ok := r.byName[name]; !ok {
		return Result{}, false
	}
	res, ok := results[name]
	return res, ok
}
