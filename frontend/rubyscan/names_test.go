package rubyscan

import "testing"

// TestSnakeCase: Go function names as Puppet's, and Ruby constants as
// their files' names.
func TestSnakeCase(t *testing.T) {
	for in, out := range map[string]string{
		"MaxMemory": "max_memory", "IPInRange": "ip_in_range", "Bool2httpd": "bool2httpd",
		"Min": "min", "ToJSON": "to_json", "A": "a", "HTTPUrl": "http_url",
		"PuppetX": "puppet_x", "SIMP": "simp", "Simplib": "simplib", "IPAddr": "ip_addr",
	} {
		if got := SnakeCase(in); got != out {
			t.Errorf("SnakeCase(%q) = %q, want %q", in, got, out)
		}
	}
}
