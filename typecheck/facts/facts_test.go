package facts

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKnown(t *testing.T) {
	for _, n := range []string{"os", "osfamily", "operatingsystem", "fqdn", "hostname", "networking",
		"ipaddress", "ipaddress_eth0", "macaddress_ens3", "sshrsakey", "processorcount", "processor0",
		"facts", "trusted", "server_facts", "clientcert", "servername", "environment", "is_virtual",
		"blockdevice_vda_size", "lsbdistcodename", "kernel"} {
		if !Known(n) {
			t.Errorf("%s should be known", n)
		}
	}
	for _, n := range []string{"foo", "osfamilyx", "root_home", "title", "module_name"} {
		if Known(n) {
			t.Errorf("%s should not be known", n)
		}
	}
	if IsFact("trusted") || !IsFact("osfamily") {
		t.Error("IsFact")
	}
}

// TestScenarioFacts: every fact of the conformance scenarios' nodes is
// Facter's, Puppet's, or a module's custom fact (listed here).
func TestScenarioFacts(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/conformance/scenarios/*/nodes/*.json")
	if len(files) == 0 {
		t.Skip("no conformance scenarios beside the repository")
	}
	custom := map[string]bool{}
	for _, n := range []string{"apt_dist_updates", "apt_has_dist_updates", "apt_has_updates",
		"apt_package_dist_updates", "apt_package_security_dist_updates", "apt_package_security_updates",
		"apt_package_updates", "apt_reboot_required", "apt_security_dist_updates", "apt_security_updates",
		"apt_sources", "apt_update_last_success", "apt_updates", "ip6tables_version", "iptables_version",
		"is_pe", "os_service_default", "os_workers", "os_workers_heat_engine", "os_workers_keystone",
		"os_workers_large", "os_workers_small", "package_provider", "puppet_environmentpath",
		"puppet_server", "puppet_vardir", "python_dir", "root_home", "service_provider",
		"ssh_client_version_full", "ssh_client_version_major", "ssh_client_version_release",
		"ssh_server_version_full", "ssh_server_version_major", "ssh_server_version_release",
		"systemd", "systemd_version"} {
		custom[n] = true
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatal(err)
		}
		if v, ok := raw["values"]; ok {
			raw = nil
			json.Unmarshal(v, &raw)
		}
		for k := range raw {
			if !Known(k) && !custom[k] {
				t.Errorf("%s: fact %s unknown", f, k)
			}
		}
	}
}

// TestTypesOfScenarioFacts: the kinds Type gives (Facter's schema) are
// those of the facts Facter 4 reported for the conformance scenarios'
// nodes, wherever the schema names one.
func TestTypesOfScenarioFacts(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/conformance/scenarios/*/nodes/*.json")
	if len(files) == 0 {
		t.Skip("no conformance scenarios beside the repository")
	}
	assert.Equal(t, "String", Type("os", "release", "major"))
	assert.Equal(t, "Integer", Type("processors", "count"))
	assert.Equal(t, "", Type("no_such_fact"))
	kindOf := func(v any) string {
		switch x := v.(type) {
		case string:
			return "String"
		case bool:
			return "Boolean"
		case []any:
			return "Array"
		case map[string]any:
			return "Hash"
		case json.Number:
			if strings.ContainsAny(x.String(), ".eE") {
				return "Float"
			}
			return "Integer"
		}
		return "" // null: a fact without a value
	}
	checked := 0
	var walk func(file string, path []string, v any)
	walk = func(file string, path []string, v any) {
		if want := Type(path...); want != "" && kindOf(v) != "" {
			checked++
			assert.Equal(t, want, kindOf(v), "%s: %s", file, strings.Join(path, "."))
		}
		if m, ok := v.(map[string]any); ok {
			for k, e := range m {
				walk(file, append(slices.Clone(path), k), e)
			}
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		d := json.NewDecoder(bytes.NewReader(data))
		d.UseNumber()
		var raw map[string]any
		require.NoError(t, d.Decode(&raw))
		if v, ok := raw["values"].(map[string]any); ok {
			raw = v
		}
		for k, v := range raw {
			walk(f, []string{k}, v)
		}
	}
	assert.Greater(t, checked, 1000)
}
