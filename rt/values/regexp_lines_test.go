package values

import (
	"regexp"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// SubmatchIndex answers as Go's engine does, for a subject searched again
// (its answer kept), subjects searched in turn (none kept), and a subject
// whose bytes changed in place since its answer was kept (the key is a
// copy).
func TestSubmatchIndex(t *testing.T) {
	re := regexp.MustCompile(`^(\w+)://(\S+)?$`)
	g := &GoLines{Plain: re}
	check := func(s string) {
		t.Helper()
		assert.Equal(t, re.FindStringSubmatchIndex(s), g.SubmatchIndex(s), s)
	}
	for range 3 {
		check("mysql://keystone@db/keystone")
	}
	for range 3 {
		for _, s := range []string{"a://b", "sqlite://", "no match", "x://y z"} {
			check(s)
		}
	}
	buf := []byte("mysql://a")
	s := unsafe.String(&buf[0], len(buf))
	check(s)
	check(s)
	copy(buf, "mysql:::a")
	check(s)
	assert.Nil(t, g.SubmatchIndex(s))
}
