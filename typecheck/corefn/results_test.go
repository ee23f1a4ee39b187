package corefn

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/rt/values"
	"golang.org/x/tools/txtar"
)

// resultsCase is the puppet-messages case whose manifest asserts
// (assert_type) that each sample call returns what results says; its
// puppet.catalog section says that Puppet 7.23 and 8.10 compile it.
const resultsCase = "../testdata/puppet-messages/t70.txtar"

var write = flag.Bool("write", false, "rewrite "+resultsCase+"'s manifest from the table (then run regen.py t70)")

// samples are calls of each function of results, of each of its cases,
// with the type of their first argument (of the argument that gives the
// result's type, for a function of TypeArg).
var samples = map[string][]sample{
	"join":            {{"join(['a', 'b'], ',')", ""}, {"join([1, [2]])", ""}},
	"sprintf":         {{"sprintf('%d-%s', 3, 'x')", ""}},
	"template":        {{"template('m/t.erb')", ""}, {"template('m/t.erb', 'm/t.erb')", ""}},
	"inline_template": {{"inline_template('<%= 1 + 2 %>')", ""}},
	"md5":             {{"md5('x')", ""}},
	"sha1":            {{"sha1('x')", ""}},
	"sha256":          {{"sha256('x')", ""}},
	"shellquote":      {{"shellquote('a b', ['c', 'd'])", ""}},
	"versioncmp":      {{"versioncmp('1.2', '1.10')", ""}},
	"empty":           {{"empty('')", ""}, {"empty([1])", ""}, {"empty({})", ""}},
	"defined":         {{"defined('$no_such')", ""}, {"defined(File)", ""}},
	"size":            {{"size('abc')", ""}, {"size([1, 2])", ""}},
	"length":          {{"length({'a' => 1})", ""}},
	"keys":            {{"keys({'a' => 1})", ""}},
	"values":          {{"values({'a' => 1})", ""}},
	"flatten":         {{"flatten([1, [2]])", ""}, {"flatten(1, [2])", ""}},
	"floor":           {{"floor(2.5)", ""}, {"floor(3)", ""}, {"floor('2.5')", ""}},
	"ceiling":         {{"ceiling(2.5)", ""}, {"ceiling('3.2')", ""}},
	"round":           {{"round(-2.5)", ""}, {"round(2)", ""}},
	"split":           {{"split('a,b', ',')", "String"}},
	"regsubst":        {{"regsubst('ab', 'b', 'c')", "String"}, {"regsubst(['ab', 'b'], 'b', 'c')", "Array"}},
	"lookup":          {{"lookup('no_such_key', String, 'first', 'd')", "String"}, {"lookup('no_such_key', Integer) |$k| { 3 }", "Integer"}},
	"assert_type":     {{"assert_type(Integer, 3)", "Integer"}},
	"convert_to":      {{"convert_to('3', Integer)", "Integer"}, {"convert_to(3, String)", "String"}},
	"digest":          {{"digest('x')", ""}},
	"strftime":        {{"strftime(Timestamp('2020-01-01T00:00:00 UTC'), '%Y')", ""}, {"strftime(Timespan(3600), '%H')", ""}},
	"file":            {{"file('m/f.txt')", ""}},
	"find_file":       {{"find_file('m/f.txt')", ""}, {"find_file('m/none.txt')", ""}},
	"find_template":   {{"find_template('m/t.erb')", ""}, {"find_template('m/none.erb')", ""}},
	"compare":         {{"compare(1, 2)", ""}, {"compare('b', 'a')", ""}},
	"fqdn_rand":       {{"fqdn_rand(10)", ""}, {"fqdn_rand(10, 'seed')", ""}},
	"tagged":          {{"tagged('x')", ""}},
	"type":            {{"type(1)", ""}, {"type([1], 'generalized')", ""}},
	"any":             {{"any([1, 2]) |$x| { $x > 1 }", ""}, {"any({'a' => 1}) |$k, $v| { $v > 1 }", ""}},
	"all":             {{"all([1, 2]) |$x| { $x > 1 }", ""}},
	"map":             {{"map([1, 2]) |$x| { $x * 2 }", ""}, {"map({'a' => 1}) |$k, $v| { $k }", ""}},
	"filter":          {{"filter({'a' => 1, 'b' => 2}) |$k, $v| { $v > 1 }", "Hash"}, {"filter([1, 2]) |$x| { $x > 1 }", "Array"}},
	"unique":          {{"unique('abca')", "String"}, {"unique({'a' => 1, 'b' => 1})", "Hash"}, {"unique([1, 1])", "Array"}, {"unique([1, 1]) |$x| { $x }", "Array"}},
	"sort":            {{"sort('cba')", "String"}, {"sort([2, 1])", "Array"}, {"sort([2, 1]) |$a, $b| { compare($a, $b) }", "Array"}},
	"match":           {{"match('abc', /b(c)/)", "String"}, {"match('abc', /x/)", "String"}, {"match(['ab', 'c'], /a/)", "Array"}},
	"abs":             {{"abs(-3)", "Integer"}, {"abs(-2.5)", "Float"}, {"abs('-4')", "String"}, {"abs('-4.5')", "String"}},
}

// mappedSamples are the samples of a function of caseMapped or eachMapped.
func mappedSamples(name string, cases []Case) []sample {
	ss := []sample{{name + "(3)", "Integer"}, {name + "(2.5)", "Float"}, {name + "(' aB_c\\n')", "String"},
		{name + "([' aB_c\\n', 'x'])", "Array"}}
	if slices.Equal(cases, caseMapped) {
		ss = append(ss, sample{name + "({' aB_c\\n' => [' dE\\n']})", "Hash"})
	} else {
		// an Iterator (a Type[Integer] is Iterable, but the Ruby fails on it)
		ss = append(ss, sample{name + "([1, 2].reverse_each)", "Iterable"})
	}
	return ss
}

type sample struct{ call, first string }

// notSampled are the cases neither Puppet takes: split of a Sensitive is
// Puppet 8.10's only (see t71).
var notSampled = map[string]string{"split": "Sensitive"}

func TestResults(t *testing.T) {
	var lines []string
	for _, name := range slices.Sorted(maps.Keys(results)) {
		r := results[name]
		ss := samples[name]
		if slices.Equal(r.ByFirst, caseMapped) || slices.Equal(r.ByFirst, eachMapped) {
			ss = mappedSamples(name, r.ByFirst)
		}
		if len(ss) == 0 {
			t.Errorf("%s: no sample call", name)
		}
		sampled := map[string]bool{notSampled[name]: true}
		for _, s := range ss {
			res := r.Of
			if r.TypeArg > 0 {
				res = s.first // the type the call's argument gives
			} else if res == "" {
				k, ok := caseOf(r, s.first)
				if !ok {
					t.Errorf("%s: no case takes the first argument of %s (%s)", name, s.call, s.first)
					continue
				}
				sampled[k.Arg], res = true, k.Result
			}
			lines = append(lines, fmt.Sprintf("assert_type(%s, %s)", res, s.call))
		}
		for _, k := range r.ByFirst {
			if !sampled[k.Arg] {
				t.Errorf("%s: no sample of the case %s", name, k.Arg)
			}
		}
	}
	manifest := strings.Join(lines, "\n") + "\n"

	ar, err := txtar.ParseFile(resultsCase)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ar.Files, func(f txtar.File) bool { return f.Name == "manifests/site.pp" })
	if i < 0 {
		t.Fatalf("%s has no manifests/site.pp", resultsCase)
	}
	if *write {
		ar.Files[i].Data = []byte(manifest)
		ar.Files = slices.DeleteFunc(ar.Files, func(f txtar.File) bool { return strings.HasPrefix(f.Name, "puppet") })
		if err := os.WriteFile(resultsCase, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: run python3 typecheck/testdata/puppet-messages/regen.py t70", resultsCase)
	}
	if got := string(ar.Files[i].Data); got != manifest {
		t.Fatalf("%s's manifest is not the table's samples: go test ./typecheck/corefn -run TestResults -write, then regen.py t70\n got:\n%s\nwant:\n%s", resultsCase, got, manifest)
	}
	var outcome []string
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "puppet") {
			outcome = append(outcome, f.Name+": "+strings.TrimSpace(string(f.Data)))
		}
	}
	if !slices.Equal(outcome, []string{"puppet.catalog: "}) {
		t.Errorf("Puppet does not compile %s (each call returns the table's type): %q", resultsCase, outcome)
	}
}

// caseOf is the case a first argument of the type first takes.
func caseOf(r Result, first string) (Case, bool) {
	ft, err := values.ParseType(first, nil)
	if err != nil {
		return Case{}, false
	}
	for _, k := range r.ByFirst {
		if at, err := values.ParseType(k.Arg, nil); err == nil && values.IsAssignable(at, ft) {
			return k, true
		}
	}
	return Case{}, false
}
