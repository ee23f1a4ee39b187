package rt

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFaultyMetadataLogged: a module's faulty metadata.json is logged as
// each compile starts, as Puppet's Environment#modules logs it: a warning
// under strict=warning (Puppet's default), an error under strict=error
// (and the compile goes on without the module), nothing under strict=off.
func TestFaultyMetadataLogged(t *testing.T) {
	msg := "m has an invalid and unparsable metadata.json file. The parse error: unexpected token"
	for strict, want := range map[string]string{"warning": "warning", "error": "err", "off": ""} {
		p := NewProgram("production")
		p.AddFaultyMetadata("m", p.Puppet().Major, msg)
		require.NoError(t, p.SetSetting("strict", strict))
		res := CompileWith(p, &Node{Name: "n1.example.com", Main: func(*Scope) {}})
		require.NoError(t, res.Err, strict)
		var got []string
		for _, l := range res.Logs {
			if l.Message == msg {
				got = append(got, l.Level)
			}
		}
		if want == "" {
			require.Empty(t, got, strict)
		} else {
			require.Equal(t, []string{want}, got, strict)
		}
	}
}
