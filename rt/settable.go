package rt

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/values"
)

// settable are the settings of Puppet's compiler that SetSetting accepts
// besides the directories and the certname (SettingRoots): those that
// change what a catalog holds or what its compile logs, and that pp2go
// acts on (rt/puppet-versions.md lists the others Puppet's compiler reads,
// and why pp2go refuses them). Each munges a value as puppet.conf spells
// it to the value $settings::* shows, as Puppet's setting class does
// (puppet/settings/*_setting.rb), or fails with its error.
var settable = map[string]func(name, v string) (values.Value, error){
	// strict: what Puppet's strict checks do (parser/scope.rb,
	// pops/evaluator/runtime3_support.rb, stdlib's deprecation()).
	"strict": enumSetting("off", "warning", "error"),
	// strict_variables: an unknown variable is an error.
	"strict_variables": boolSetting,
	// data_binding_terminus: "none" (or empty) turns off the global
	// Hiera layer of lookups but those of the hiera_* functions
	// (pops/lookup/lookup_adapter.rb lookup_global).
	"data_binding_terminus": terminusSetting,
	// digest_algorithm: the digest() function's.
	"digest_algorithm": enumSetting("sha256", "sha384", "sha512", "sha224", "md5"),
	// disable_warnings: the kinds of Puppet.warn_once and
	// Puppet.deprecation_warning not logged (util/logging.rb).
	"disable_warnings": disableWarningsSetting,
	// rich_data: false writes catalogs as plain JSON (PlainJSON).
	"rich_data": boolSetting,
	// max_errors, max_warnings, max_deprecations: how many of a file's
	// validation errors, warnings and deprecations are reported
	// (pops/issue_reporter.rb assert_and_report); max_warnings also
	// decides whether the evaluator's issues of severity warning are
	// logged (runtime3_support.rb reports each alone)
	"max_errors":       intSetting,
	"max_warnings":     intSetting,
	"max_deprecations": intSetting,
}

// intSetting munges a value as Puppet's IntegerSetting does, with Ruby's
// Integer().
func intSetting(name, v string) (values.Value, error) {
	if n, ok := erb.ParseInteger(v); ok {
		return values.Int(n), nil
	}
	return nil, fmt.Errorf("Cannot convert '%s' to an integer for parameter: %s", erb.Inspect(erb.S(v)), name)
}

// enumSetting munges a value as Puppet's EnumSetting and
// SymbolicEnumSetting do: one of allowed.
func enumSetting(allowed ...string) func(name, v string) (values.Value, error) {
	return func(name, v string) (values.Value, error) {
		if slices.Contains(allowed, v) {
			return values.String(v), nil
		}
		return nil, fmt.Errorf("Invalid value '%s' for parameter %s. Allowed values are '%s'", v, name, strings.Join(allowed, "', '"))
	}
}

// boolSetting munges a value as Puppet's BooleanSetting does.
func boolSetting(name, v string) (values.Value, error) {
	switch v {
	case "true":
		return values.Bool(true), nil
	case "false":
		return values.Bool(false), nil
	}
	return nil, fmt.Errorf("Invalid value '%s' for boolean parameter: %s", erb.Inspect(erb.S(v)), name)
}

// terminusSetting munges data_binding_terminus as Puppet's
// TerminusSetting does (empty: nil, which $settings::* shows as undef),
// with the two termini Puppet has: a custom terminus is Ruby code of the
// environment's that pp2go does not run.
func terminusSetting(name, v string) (values.Value, error) {
	switch v {
	case "":
		return values.Undef, nil
	case "hiera", "none":
		return values.String(v), nil
	}
	return nil, fmt.Errorf("setting %s=%s cannot be set: pp2go has Puppet's termini hiera and none, not a custom one", name, v)
}

// disableWarningsSetting munges disable_warnings as Puppet's ArraySetting
// does (comma-separated), checked as its hook checks it.
func disableWarningsSetting(name, v string) (values.Value, error) {
	kinds := regexp.MustCompile(`\s*,\s*`).Split(v, -1)
	if v == "" {
		kinds = nil // Ruby's split drops trailing empty fields
	}
	for len(kinds) > 0 && kinds[len(kinds)-1] == "" {
		kinds = kinds[:len(kinds)-1]
	}
	valid := []string{"deprecations", "undefined_variables", "undefined_resources"}
	var invalid []string
	out := make([]values.Value, len(kinds))
	for i, k := range kinds {
		if !slices.Contains(valid, k) && !slices.Contains(invalid, k) {
			invalid = append(invalid, k)
		}
		out[i] = values.String(k)
	}
	if len(invalid) > 0 {
		return nil, fmt.Errorf("Cannot disable unrecognized warning types '%s'. Valid values are '%s'.",
			strings.Join(invalid, ","), strings.Join(valid, ", "))
	}
	return values.NewArray(out...), nil
}

// settingDefaults are the release's values of the settable settings, as
// its settings table holds them.
func (r *Release) settingDefaults() map[string]values.Value {
	r.defaultsOnce.Do(func() {
		// each settable name found in the table, not each of the table's
		// hundreds of names looked up among the settable
		r.defaults = make(map[string]values.Value, len(settable))
		for name := range settable {
			for i := len(r.settings) - 1; i >= 0; i-- {
				if e := r.settings[i]; e.name == name {
					r.defaults[name] = settingValue(e.value, strings.NewReplacer())
					break
				}
			}
		}
	})
	return r.defaults
}

// settingValue is a settable setting's value: as set, else the release's
// default (settingsMu held).
func (p *Program) settingValue(name string) values.Value {
	if v, ok := p.settingVals[name]; ok {
		return v
	}
	return p.Puppet().settingDefaults()[name]
}

// applySettings derives the fields the compiler reads from the release's
// defaults and the settings set (settingsMu held).
func (p *Program) applySettings() {
	p.strict = values.ToString(p.settingValue("strict"))
	p.strictVariables = p.settingValue("strict_variables") == values.Bool(true)
	p.dataBinding = values.ToString(p.settingValue("data_binding_terminus"))
	p.digestAlgorithm = values.ToString(p.settingValue("digest_algorithm"))
	rich := p.settingValue("rich_data")
	if p.envRichData != nil {
		rich = p.envRichData
	}
	p.noRichData = rich == values.Bool(false)
	limit := func(name string) int {
		n, _ := p.settingValue(name).(values.Int)
		return int(n)
	}
	p.maxErrors, p.maxWarnings, p.maxDeprecations = limit("max_errors"), limit("max_warnings"), limit("max_deprecations")
	p.disabledWarnings = nil
	if a, ok := p.settingValue("disable_warnings").(*values.Array); ok {
		for i := 0; i < a.Len(); i++ {
			p.disabledWarnings = append(p.disabledWarnings, values.ToString(a.At(i)))
		}
	}
}

// WarningsDisabled is whether the disable_warnings setting holds kind
// (deprecations, undefined_variables or undefined_resources).
func (p *Program) WarningsDisabled(kind string) bool {
	return slices.Contains(p.disabledWarnings, kind)
}

// DigestAlgorithm is the program's digest_algorithm setting.
func (p *Program) DigestAlgorithm() string { return p.digestAlgorithm }
