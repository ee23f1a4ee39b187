package rt

// nameSet is a set of names found without hashing all of a name's bytes,
// as a Go map does: a name's first slot comes from its length and its
// first, middle and last bytes (which tell attribute names apart mostly),
// and the slots after it are tried until an empty one. At most half the
// slots are used. It answers each native resource's attributes at finish
// (native.HasAttribute), thousands of names a compile.
type nameSet struct {
	slots []string // a power of two of them, "" for none
	empty bool     // "" is in the set
}

func newNameSet(names []string) nameSet {
	n := 8
	for n < 2*len(names) {
		n <<= 1
	}
	s := nameSet{slots: make([]string, n)}
	mask := uint(n - 1)
	for _, name := range names {
		if name == "" {
			s.empty = true
			continue
		}
		i := nameSlot(name) & mask
		for s.slots[i] != "" && s.slots[i] != name {
			i = (i + 1) & mask
		}
		s.slots[i] = name
	}
	return s
}

func nameSlot(name string) uint {
	n := uint(len(name))
	h := n*0x9e3779b1 ^ uint(name[0])*0x85ebca6b ^ uint(name[n/2])*0xc2b2ae35 ^ uint(name[n-1])*0x27d4eb2f
	return h ^ h>>13
}

// has reports whether name is in the set.
func (s *nameSet) has(name string) bool {
	if name == "" {
		return s.empty
	}
	mask := uint(len(s.slots) - 1)
	for i := nameSlot(name) & mask; ; i = (i + 1) & mask {
		switch t := s.slots[i]; t {
		case name:
			return true
		case "":
			return false
		}
	}
}
