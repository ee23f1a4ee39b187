package server

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/internal/testca"
	"github.com/pp2go/pp2go/rt/values"
)

// The trusted_oid_mapping_file names the extensions of Puppet's arcs
// that Puppet does not name, as puppetserver's
// Puppet::Server::Certificate#custom_extensions does: it looks an OID up
// in PUPPET_OIDS + the file's definitions, the first match winning, so
// that the file cannot rename pp_role; an extension outside Puppet's arcs
// stays out. The errors are Puppet::SSL::Oids.parse_custom_oid_file's.
func TestOIDMapping(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	good := write("good.yaml", `---
oid_mapping:
  1.3.6.1.4.1.34380.1.2.1.1:
    shortname: 'myshortname'
    longname: 'Long name'
  1.3.6.1.4.1.34380.1.1.13:
    shortname: 'not_pp_role'
    longname: 'Not the role'
  1.2.3.4:
    shortname: 'outside'
    longname: 'Outside the arcs'
`)
	names, err := OIDMapping(good)
	require.NoError(t, err)

	ca, err := testca.New("test")
	require.NoError(t, err)
	cert, err := ca.Issue("web1.example.com", testca.Options{Extensions: map[string]string{
		"1.3.6.1.4.1.34380.1.1.13":  "webserver",
		"1.3.6.1.4.1.34380.1.2.1.1": "mine",
		"1.3.6.1.4.1.34380.1.2.2":   "unnamed",
		"1.2.3.4":                   "outside",
	}})
	require.NoError(t, err)
	v, _ := trustedFor(cert.Cert, names).Get(values.String("extensions"))
	ext := v.(*values.Hash)
	got := map[string]string{}
	for i := 0; i < ext.Len(); i++ {
		got[values.ToString(ext.KeyAt(i))] = values.ToString(ext.ValueAt(i))
	}
	assert.Equal(t, map[string]string{"pp_role": "webserver", "myshortname": "mine", "1.3.6.1.4.1.34380.1.2.2": "unnamed"}, got)

	none, err := OIDMapping(filepath.Join(dir, "absent.yaml"))
	assert.NoError(t, err, "no file is no mapping")
	assert.Nil(t, none)
	for text, msg := range map[string]string{
		"other: {}\n":        "no such index 'oid_mapping'",
		"oid_mapping: [1]\n": "data under index 'oid_mapping' must be a Hash",
		"oid_mapping:\n  1.2.3:\n    shortname: x\n": "incomplete definition of oid '1.2.3'",
	} {
		p := write("bad.yaml", text)
		_, err := OIDMapping(p)
		assert.EqualError(t, err, "Error loading ssl custom OIDs mapping file from '"+p+"': "+msg)
	}
}
