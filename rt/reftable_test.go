package rt

import (
	"fmt"
	"testing"
)

// TestRefTable: the table finds a resource by its type and title and by
// each other key put for it, tells resources of one title and different
// types apart (File and Concat, Package and Service), keeps a key to the
// resource that had it first (put returns that one), and keeps every key
// as it grows; reset empties it.
func TestRefTable(t *testing.T) {
	var tab refTable
	tab.reset(0)
	types := []string{"File", "Concat", "Package", "Service", "Exec", "Apache::Vhost", "Apache::Vhosu", "Class", "C"}
	var all []*Resource
	for i := range 100 {
		for _, typ := range types {
			r := &Resource{Type: typ, Title: fmt.Sprintf("/etc/x%d", i)}
			if had := tab.put(r.Title, r); had != nil {
				t.Fatalf("%s: held by %s", r.Ref(), had.Ref())
			}
			all = append(all, r)
		}
	}
	if tab.n != len(all) || len(tab.slots) < 2*len(all) {
		t.Fatalf("%d keys in %d slots", tab.n, len(tab.slots))
	}
	alias := &Resource{Type: "Package", Title: "/etc/x1"}
	if had := tab.put("an alias", all[len(types)+2]); had != nil {
		t.Fatalf("alias held by %s", had.Ref())
	}
	for _, r := range all {
		if got := tab.get(r.Type, r.Title); got != r {
			t.Fatalf("%s: found %v", r.Ref(), got)
		}
	}
	if had := tab.put(alias.Title, alias); had != all[len(types)+2] {
		t.Errorf("Package[/etc/x1] put again: holder %v", had)
	}
	if tab.get("Package", "an alias") != all[len(types)+2] || tab.get("Service", "an alias") != nil {
		t.Errorf("the alias is not Package[/etc/x1]'s alone")
	}
	for _, miss := range [][2]string{{"File", "/etc/x100"}, {"Fil", "/etc/x1"}, {"file", "/etc/x1"}, {"", ""}, {"Apache::Vhosv", "/etc/x1"}} {
		if r := tab.get(miss[0], miss[1]); r != nil {
			t.Errorf("%s[%s] found %s", miss[0], miss[1], r.Ref())
		}
	}
	n := len(tab.slots)
	tab.reset(10)
	if tab.n != 0 || len(tab.slots) != n || tab.get("File", "/etc/x1") != nil {
		t.Errorf("reset: %d keys in %d slots", tab.n, len(tab.slots))
	}
	for _, s := range tab.slots {
		if s != (refSlot{}) {
			t.Fatalf("reset left %v", s)
		}
	}
}
