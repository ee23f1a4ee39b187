// Go tests of this environment, run by `pp2go test` (see ../../../test_test.go).
// Expectations are Puppet 7.23's: expected/ holds the oracle's catalog.
package spec_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/pp2go/pp2go/rt/spec"

	"pp2go.local/catalog/catalog"
)

// The resource coverage of the tests: pp2go test reports it and fails
// below 75%.
func TestMain(m *testing.M) { os.Exit(spec.CoverageMain(m, 75)) }

// Paths are relative to this directory: the facts are in ../nodes.
var web1 = spec.FactsFile("../nodes/web1.example.com.json")

func TestMotd(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "web1.example.com", web1)
	cat.ContainClass("motd").WithParam("owner", "root")
	cat.ContainFile("/etc/motd").
		OnlyWithParams(spec.Params{"ensure": "file", "owner": "root", "content": "Hello from web1\n"}).
		ContainedBy("Class[Motd]")
	cat.HaveResourceCount(1)
}

// Touches Class[Motd] only: run alone, it leaves the coverage at 50%.
func TestMotdClass(t *testing.T) {
	spec.Compile(t, catalog.Program(), "web1.example.com", web1).ContainClass("motd")
}

// Every resource of Puppet's catalog, with its parameters.
func TestAsPuppet(t *testing.T) {
	data, err := os.ReadFile("expected/web1.example.com.json")
	if err != nil {
		t.Fatal(err)
	}
	var want struct {
		Resources []struct {
			Type, Title string
			Parameters  map[string]any
		}
	}
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	cat := spec.Compile(t, catalog.Program(), "web1.example.com", web1)
	for _, r := range want.Resources {
		cat.ContainResource(r.Type, r.Title).OnlyWithParams(r.Parameters)
	}
	if len(cat.Resources()) != len(want.Resources) {
		t.Errorf("%d resources, Puppet has %d", len(cat.Resources()), len(want.Resources))
	}
}

// A test that fails: Puppet's catalog has owner root.
func TestFailing(t *testing.T) {
	cat := spec.Compile(t, catalog.Program(), "web1.example.com", web1)
	cat.ContainFile("/etc/motd").WithParam("owner", "nobody")
}
