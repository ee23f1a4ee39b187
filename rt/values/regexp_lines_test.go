package values

import (
	"regexp"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"

	"github.com/pp2go/pp2go/rt/internal/atomicptr"
)

// SubmatchIndex answers as Go's engine does, for a subject searched again
// (its answer kept), subjects searched in turn (none kept), and a subject
// whose bytes changed in place since its answer was kept (the key is a
// copy); a process that compiles once keeps none.
func TestSubmatchIndex(t *testing.T) {
	defer keepBoxed.Store(keepBoxed.Load())
	keepBoxed.Store(true) // as a process compiling its second catalog
	re := regexp.MustCompile(`^(\w+)://(\S+)?$`)
	g := &GoLines{Plain: re}
	check := func(s string) {
		t.Helper()
		assert.Equal(t, re.FindStringSubmatchIndex(s), g.SubmatchIndex(s), s)
	}
	for range 3 {
		check("mysql://keystone@db/keystone")
	}
	assert.NotNil(t, atomicptr.Load(&g.last), "searched twice in a row: kept")
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

	keepBoxed.Store(false)
	g = &GoLines{Plain: re}
	for range 3 {
		check("mysql://keystone@db/keystone")
	}
	assert.Nil(t, atomicptr.Load(&g.last), "kept before the process compiles again")
}
