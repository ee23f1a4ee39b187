package values

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// An alias keeps whether strings are its instances once the process
// compiles again, and answers as its type does: for strings at the same
// address with other bytes too (a compile's memory, reused), and through
// a deferred alias, which keeps them on the registry's alias.
func TestAliasStringVerdicts(t *testing.T) {
	defer keepBoxed.Store(keepBoxed.Load())
	// stdlib's Stdlib::Unixpath and Stdlib::Windowspath, as
	// Stdlib::Absolutepath names them
	r := deferredRegistry(t,
		"Stdlib::Absolutepath", "Variant[Stdlib::Windowspath, Stdlib::Unixpath]",
		"Stdlib::Windowspath", `Pattern[/\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))/]`,
		"Stdlib::Unixpath", `Pattern[/\A\/([^\n\/\0]+\/*)*\z/]`)
	typ, err := ParseType("Optional[Stdlib::Absolutepath]", r)
	require.NoError(t, err)
	buf := []byte("/var/lib/postgresql")
	at := func() string { return unsafe.String(&buf[0], len(buf)) }
	check := func(want bool, what string) {
		t.Helper()
		for range 3 {
			require.Equal(t, want, IsInstance(typ, String(at())), "%q: %s", at(), what)
		}
	}
	keepBoxed.Store(false)
	check(true, "a one-shot process")
	KeepCopies()
	check(true, "kept")
	copy(buf, "var/lib/postgresql/") // same address and length: no path
	check(false, "other bytes at the address of a kept string")
	copy(buf, `C:\lib\postgresql\1`)
	check(true, "a Windows path")
	require.False(t, IsInstance(typ, String("")), "the empty string")
	require.True(t, IsInstance(typ, Undef), "Optional's undef")
	a, ok := r.aliases["stdlib::absolutepath"]
	require.True(t, ok, "the registry's alias, resolved on first use")
	got, found := a.strings.load("/var/lib/postgresql")
	require.True(t, found && got, "the registry's alias keeps the answers")
}
