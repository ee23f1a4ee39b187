package restype

import "strings"

// Title patterns that a module's type computes in Ruby (calling helpers,
// interpolating regexps held in variables), which the static scan of the
// type DSL cannot evaluate. They matter: Puppet adds the namevars a title
// pattern parses out of a title to the resource's parameters in the
// catalog (resource.rb parse_title, to_data_hash). These are ported by
// hand from the Debian modules, and
// apply only to a type file holding every marker they were read from.
//
// Ruby interpolates a Regexp into a regexp literal as its to_s,
// "(?-mix:SOURCE)"; the patterns below are the sources Ruby builds.

type computed struct {
	typ      string
	markers  []string // texts of the type's file that identify the code ported
	patterns []TitlePattern
}

const (
	// PuppetX::Keystone::CompositeNamevar.not_two_colon_regex.to_s
	ksName = `(?-mix:(?:[^:]|:[^:])+)`
	// keystone_user_role's Regexp.new(/(?:[^:@]|:[^:@])+/).to_s
	ksUserDomain = `(?-mix:(?:[^:@]|:[^:@])+)`
)

// keystoneSplit is CompositeNamevar.basic_split_title_patterns(prefix,
// suffix) with its default '::' separator and regexps.
func keystoneSplit(prefix, suffix string) []TitlePattern {
	return []TitlePattern{
		{Regexp: `^(` + ksName + `)::(` + ksName + `)$`, Attrs: []string{prefix, suffix}},
		{Regexp: `^(` + ksName + `)$`, Attrs: []string{prefix}},
	}
}

var computedTypes = []computed{
	{"keystone_user", []string{"PuppetX::Keystone::CompositeNamevar.basic_split_title_patterns(:name, :domain)"}, keystoneSplit("name", "domain")},
	{"keystone_tenant", []string{"PuppetX::Keystone::CompositeNamevar.basic_split_title_patterns(:name, :domain)"}, keystoneSplit("name", "domain")},
	{"keystone_service", []string{"PuppetX::Keystone::CompositeNamevar.basic_split_title_patterns(:name, :type)"}, keystoneSplit("name", "type")},
	{"keystone_user_role", []string{
		"user = PuppetX::Keystone::CompositeNamevar.not_two_colon_regex",
		"user_domain = Regexp.new(/(?:[^:@]|:[^:@])+/)",
		"/^(#{user})::(#{user_domain})@(#{project})::(#{project_domain})$/",
		"/^(#{user})@::::(#{system})$/",
	}, []TitlePattern{
		{Regexp: `^(` + ksName + `)::(` + ksUserDomain + `)@(` + ksUserDomain + `)::(` + ksName + `)$`, Attrs: []string{"user", "user_domain", "project", "project_domain"}},
		{Regexp: `^(` + ksName + `)::(` + ksUserDomain + `)@::(` + ksName + `)$`, Attrs: []string{"user", "user_domain", "domain"}},
		{Regexp: `^(` + ksName + `)::(` + ksUserDomain + `)@(` + ksUserDomain + `)$`, Attrs: []string{"user", "user_domain", "project"}},
		{Regexp: `^(` + ksName + `)@(` + ksUserDomain + `)::(` + ksName + `)$`, Attrs: []string{"user", "project", "project_domain"}},
		{Regexp: `^(` + ksName + `)@::(` + ksName + `)$`, Attrs: []string{"user", "domain"}},
		{Regexp: `^(` + ksName + `)@(` + ksUserDomain + `)$`, Attrs: []string{"user", "project"}},
		{Regexp: `^(` + ksName + `)::(` + ksUserDomain + `)@::::(` + ksName + `)$`, Attrs: []string{"user", "user_domain", "system"}},
		{Regexp: `^(` + ksName + `)@::::(` + ksName + `)$`, Attrs: []string{"user", "system"}},
	}},
	{"keystone_endpoint", []string{
		"name = PuppetX::Keystone::CompositeNamevar.not_two_colon_regex",
		"type = Regexp.new(/.+/)",
		"region = Regexp.new(/[^\\/]+/)",
		"/^(#{region})\\/(#{name})::(#{type})$/",
	}, []TitlePattern{
		{Regexp: `^((?-mix:[^\/]+))\/(` + ksName + `)::((?-mix:.+))$`, Attrs: []string{"region", "name", "type"}},
		{Regexp: `^((?-mix:[^\/]+))\/(` + ksName + `)$`, Attrs: []string{"region", "name"}},
		{Regexp: `^(` + ksName + `)::((?-mix:.+))$`, Attrs: []string{"name", "type"}},
		{Regexp: `^(` + ksName + `)$`, Attrs: []string{"name"}},
	}},
}

// ComputedTitlePatterns returns the title patterns of a type whose Ruby
// computes them, when its source is code this package has a port of.
func ComputedTitlePatterns(typeName, source string) ([]TitlePattern, bool) {
	for _, c := range computedTypes {
		if c.typ != typeName {
			continue
		}
		all := true
		for _, m := range c.markers {
			all = all && strings.Contains(source, m)
		}
		if all {
			return c.patterns, true
		}
	}
	return nil, false
}
