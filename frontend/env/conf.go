package env

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/pp2go/pp2go/frontend/diag"
)

// DefaultBaseModulePath is Puppet's basemodulepath as Debian's Puppet 7
// package sets it.
const DefaultBaseModulePath = "/etc/puppet/code/modules:/usr/share/puppet/modules"

// settingDefaults are the values of the Puppet settings that module paths
// and manifests may interpolate, as Debian's Puppet 7 defaults them.
var settingDefaults = map[string]string{
	"confdir":         "/etc/puppet",
	"codedir":         "/etc/puppet/code",
	"vardir":          "/var/cache/puppet",
	"environmentpath": "/etc/puppet/code/environments",
	"run_mode":        "server",
}

// envConf is an environment.conf: the settings of its main section.
type envConf struct {
	path     string
	settings map[string]string
}

var (
	iniSection = regexp.MustCompile(`^(\s*)\[(\w+)\](\s*)$`)
	iniSetting = regexp.MustCompile(`^(\s*)(\w+)(\s*=\s*)(.*?)(\s*)$`)
	iniComment = regexp.MustCompile(`^\s*#|^\s*$`)
)

// envConfSettings are the settings Puppet reads from environment.conf
// (Puppet::Settings::EnvironmentConf::VALID_SETTINGS).
var envConfSettings = map[string]bool{
	"modulepath": true, "manifest": true, "config_version": true,
	"environment_timeout": true, "environment_data_provider": true, "static_catalogs": true, "rich_data": true,
}

// readEnvConf reads dir/environment.conf as Puppet's IniFile and
// ConfigFile do; a missing file is an empty configuration.
func readEnvConf(dir string, diags *diag.List) *envConf {
	c := &envConf{path: filepath.Join(dir, "environment.conf"), settings: map[string]string{}}
	data, err := os.ReadFile(c.path)
	if err != nil {
		if !os.IsNotExist(err) {
			*diags = append(*diags, &diag.Diagnostic{Severity: diag.Error, Code: "ENV_CONF_UNREADABLE", Message: err.Error(), File: c.path})
		}
		return c
	}
	section := "main"
	var ignoredSections, unknown []string
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if m := iniSection.FindStringSubmatch(line); m != nil {
			section = m[2]
			if section != "main" && !contains(ignoredSections, section) {
				ignoredSections = append(ignoredSections, section)
			}
			continue
		}
		if m := iniSetting.FindStringSubmatch(line); m != nil {
			if section != "main" {
				continue
			}
			name := m[2]
			if !envConfSettings[name] {
				unknown = append(unknown, name)
			}
			if _, seen := c.settings[name]; !seen {
				v, err := extractFileInfo(translateValue(m[4]))
				if err != nil {
					*diags = append(*diags, &diag.Diagnostic{Severity: diag.Error, Code: "ENV_CONF_SYNTAX",
						Message: err.Error(), File: c.path, Line: n + 1})
					continue
				}
				c.settings[name] = v
			}
			continue
		}
		if !iniComment.MatchString(line) {
			*diags = append(*diags, &diag.Diagnostic{Severity: diag.Error, Code: "ENV_CONF_SYNTAX",
				Message: fmt.Sprintf("Could not match line %s", line), File: c.path, Line: n + 1})
		}
	}
	if len(ignoredSections) > 0 {
		*diags = append(*diags, &diag.Diagnostic{Severity: diag.Warning, Code: "ENV_CONF_SECTIONS", File: c.path,
			Message: fmt.Sprintf("Invalid sections in environment.conf at '%s'. Environment conf may not have sections. The following sections are being ignored: '%s'", c.path, strings.Join(ignoredSections, ","))})
	}
	if len(unknown) > 0 {
		*diags = append(*diags, &diag.Diagnostic{Severity: diag.Warning, Code: "ENV_CONF_UNKNOWN_SETTING", File: c.path,
			Message: fmt.Sprintf("Invalid settings in environment.conf at '%s'. The following unknown setting(s) are being ignored: %s", c.path, strings.Join(unknown, ", "))})
	}
	return c
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var (
	leadingTrailingQuote = regexp.MustCompile(`^["']|["']$`)
	trailingSpace        = regexp.MustCompile(`\s+$`)
)

// translateValue is Puppet's Settings::ValueTranslator for string values:
// a leading and a trailing quote are dropped, then trailing space.
func translateValue(v string) string {
	v = leadingTrailingQuote.ReplaceAllString(v, "")
	return trailingSpace.ReplaceAllString(v, "")
}

var (
	fileInfoBlock = regexp.MustCompile(`\{\s*([^}]+)\s*\}`)
	fileInfoParam = regexp.MustCompile(`^\s*(\w+)\s*=\s*(\w+)\s*$`)
	commaSep      = regexp.MustCompile(`\s*,\s*`)
)

// extractFileInfo is ConfigFile#extract_fileinfo: a `{owner = x, mode =
// 644}` block in a setting's value sets file metadata and is removed; any
// other braces (such as `${var}`) make Puppet fail to read the file.
func extractFileInfo(v string) (string, error) {
	loc := fileInfoBlock.FindStringSubmatchIndex(v)
	if loc == nil {
		return v, nil
	}
	for _, p := range commaSep.Split(v[loc[2]:loc[3]], -1) {
		m := fileInfoParam.FindStringSubmatch(p)
		if m == nil {
			return "", fmt.Errorf("Could not parse '%s'", v)
		}
		switch m[1] {
		case "owner", "group":
		case "mode":
			for _, c := range m[2] {
				if c < '0' || c > '9' {
					return "", fmt.Errorf("File modes must be numbers")
				}
			}
		default:
			return "", fmt.Errorf("Invalid file option '%s'", m[1])
		}
	}
	return strings.TrimRight(v[:loc[0]]+v[loc[1]:], " \t\r\n\f\v"), nil
}

// absoluteIn is EnvironmentConf#absolute: a path starting with `$` is left
// for interpolation, others are expanded against dir.
func absoluteIn(p, dir string) string {
	if strings.HasPrefix(p, "$") {
		return p
	}
	return expandPath(p, dir)
}

// expandPath is Ruby's File.expand_path: relative to dir, cleaned, with ~
// meaning the home directory.
func expandPath(p, dir string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = home + p[1:]
		}
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p)
}

var settingRef = regexp.MustCompile(`\$(\w+)|\$\{(\w+)\}`)

// interpolate replaces $setting and ${setting} in a setting's value as
// Puppet's settings do. $environment cannot be interpolated in modulepath
// and manifest with directory environments: it stays, with Puppet's warning.
func interpolate(value, setting string, vars map[string]string, file string, diags *diag.List) string {
	keptEnv := false
	out := settingRef.ReplaceAllStringFunc(value, func(expr string) string {
		m := settingRef.FindStringSubmatch(expr)
		name := m[1]
		if name == "" {
			name = m[2]
		}
		if name == "environment" {
			keptEnv = true
			return expr
		}
		if v, ok := vars[name]; ok {
			return v
		}
		*diags = append(*diags, &diag.Diagnostic{Severity: diag.Error, Code: "SETTING_INTERPOLATION", File: file,
			Message: fmt.Sprintf("Could not find value for %s", expr)})
		return expr
	})
	if keptEnv {
		*diags = append(*diags, &diag.Diagnostic{Severity: diag.Warning, Code: "SETTING_INTERPOLATION", File: file,
			Message: fmt.Sprintf("You cannot interpolate $environment within '%s' when using directory environments. Its value will remain %s.", setting, out)})
	}
	return out
}

// expandGlob is EnvironmentConf#expand_glob: a module path entry with glob
// characters stands for the directories it matches.
func expandGlob(p string) []string {
	if !strings.ContainsAny(p, "*?[{") {
		return []string{p}
	}
	matches, _ := filepath.Glob(p)
	return matches
}

// splitPath splits a path list at the path separator, as Puppet's
// Environment.split_path does.
func splitPath(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, string(filepath.ListSeparator))
}
