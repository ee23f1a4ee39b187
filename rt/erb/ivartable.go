package erb

// ivarTable is a rendering's instance variables (the scope's variables
// converted as read, and the template's own): a list searched in order
// while it is short, as a template reads a few variables, indexed by a map
// once it is longer; a map from the start was an allocation or three and a
// hash of the name at each read.
type ivarTable struct {
	list  []ivarEntry
	index map[string]int // list's positions, past ivarListMax entries
}

type ivarEntry struct {
	name string
	v    Value
}

// ivarListMax is the longest list searched without the index.
const ivarListMax = 16

// makeIvarTable has room for n variables.
func makeIvarTable(n int) ivarTable {
	return ivarTable{list: make([]ivarEntry, 0, min(n, ivarListMax))}
}

// get is the variable's value, and whether the table has it.
func (t *ivarTable) get(name string) (Value, bool) {
	if t.index != nil {
		if i, ok := t.index[name]; ok {
			return t.list[i].v, true
		}
		return nil, false
	}
	for i := range t.list {
		if t.list[i].name == name {
			return t.list[i].v, true
		}
	}
	return nil, false
}

// len is the number of variables in the table.
func (t *ivarTable) len() int { return len(t.list) }

// has reports whether the table has the variable.
func (t *ivarTable) has(name string) bool {
	_, ok := t.get(name)
	return ok
}

// set sets the variable's value, adding it when the table lacks it.
func (t *ivarTable) set(name string, v Value) {
	if t.index != nil {
		if i, ok := t.index[name]; ok {
			t.list[i].v = v
			return
		}
		t.index[name] = len(t.list)
	} else {
		for i := range t.list {
			if t.list[i].name == name {
				t.list[i].v = v
				return
			}
		}
		if len(t.list) == ivarListMax {
			t.index = make(map[string]int, 2*ivarListMax)
			for i, e := range t.list {
				t.index[e.name] = i
			}
			t.index[name] = len(t.list)
		}
	}
	t.list = append(t.list, ivarEntry{name, v})
}
