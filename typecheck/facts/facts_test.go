package facts

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
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
