package rt

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/pp2go/pp2go/rt/values"
)

// A nameCache answers as its function does (Puppet's munge_type_name for
// capitalized, Ruby's downcase for lowered), asked once or many times,
// and a name whose bytes are where an earlier name's were (a buffer
// reused) gets its own answer, not the earlier one's.
func TestNameCacheAnswers(t *testing.T) {
	values.KeepCopies() // as a process compiling its second catalog
	buf := []byte("apache::vhost")
	name := unsafe.String(&buf[0], len(buf))
	for range 3 { // kept after the first answers (recent)
		if got := capitalized.get(name); got != "Apache::Vhost" {
			t.Fatalf("capitalized.get(%q) = %q", name, got)
		}
	}
	copy(buf, "postgresql::d")
	if got := capitalized.get(name); got != "Postgresql::D" {
		t.Errorf("capitalized.get of other bytes at the same address = %q", got)
	}
	if got := capitalized.get(name[:10]); got != "Postgresql" {
		t.Errorf("capitalized.get of a shorter name there = %q", got)
	}
	// a name the function leaves as it is is given back itself
	same := strings.Clone("Package")
	for range 3 {
		if got := capitalized.get(same); unsafe.StringData(got) != unsafe.StringData(same) || got != "Package" {
			t.Errorf("capitalized.get(%q) = %q, not the name itself", same, got)
		}
	}
	copy(buf, "PostgreSQL::D")
	for range 3 {
		if got := lowered.get(name); got != "postgresql::d" {
			t.Errorf("lowered.get(%q) = %q", name, got)
		}
	}
	copy(buf, "POSTGRESQL::E")
	if got := lowered.get(name); got != "postgresql::e" {
		t.Errorf("lowered.get of other bytes at the same address = %q", got)
	}
}
