package hiera

import (
	"crypto"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"github.com/pp2go/pp2go/rt/internal/lazyre"
	"os"
	"strings"
	"sync"

	"github.com/smallstep/pkcs7"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// BackendContext is what a backend function written in Go gets: Puppet's
// Puppet::LookupContext (interpolation, explain, a per-location cache).
type BackendContext struct {
	inv *invocation
	p   *provider
	loc *location
}

// Interpolate interpolates v as data values are interpolated.
func (c *BackendContext) Interpolate(v values.Value) values.Value {
	return c.inv.s.interpolate(v, c.inv, true)
}

// Explain adds a line to the explain output.
func (c *BackendContext) Explain(f func() string) { c.inv.reportText(f) }

// Path is the location's path, "" when the entry has none.
func (c *BackendContext) Path() string {
	if c.loc == nil {
		return ""
	}
	return c.loc.path
}

// File returns the compiled-in data file at path (nil when absent).
func (c *BackendContext) File(path string) *File { return c.inv.s.d.file(path) }

// ModuleName is the module of the layer, "" outside the module layer.
func (c *BackendContext) ModuleName() string { return c.p.l.module }

// DataHashFunc is a data_hash backend: the whole hash of a location.
type DataHashFunc func(c *BackendContext, options *values.Hash) *values.Hash

// LookupKeyFunc is a lookup_key backend: one key's value, and whether found.
type LookupKeyFunc func(c *BackendContext, key string, options *values.Hash) (values.Value, bool)

// DataDigFunc is a data_dig backend: the value at a key's segments.
type DataDigFunc func(c *BackendContext, segments []values.Value, options *values.Hash) (values.Value, bool)

var (
	dataHashFunctions  = map[string]DataHashFunc{}
	lookupKeyFunctions = map[string]LookupKeyFunc{}
	dataDigFunctions   = map[string]DataDigFunc{}
)

func init() { lookupKeyFunctions["eyaml_lookup_key"] = eyamlLookupKey }

// RegisterDataHash makes a Go data_hash backend available to hierarchies
// (call from init).
func RegisterDataHash(name string, f DataHashFunc) { dataHashFunctions[name] = f }

// RegisterLookupKey makes a Go lookup_key backend available.
func RegisterLookupKey(name string, f LookupKeyFunc) { lookupKeyFunctions[name] = f }

// RegisterDataDig makes a Go data_dig backend available.
func RegisterDataDig(name string, f DataDigFunc) { dataDigFunctions[name] = f }

// KnownFunction reports whether a backend function can run, for build-time
// checks of hiera.yaml files.
func KnownFunction(kind, name string) bool {
	switch kind {
	case "data_hash", "v3_data_hash":
		if name == "yaml_data" || name == "json_data" || name == "hocon_data" {
			return true
		}
		_, ok := dataHashFunctions[name]
		return ok
	case "lookup_key", "v3_lookup_key":
		_, ok := lookupKeyFunctions[name]
		return ok
	case "data_dig":
		_, ok := dataDigFunctions[name]
		return ok
	}
	return false
}

// ---- eyaml_lookup_key (hiera-eyaml with PKCS7 keys) ----

var (
	eyamlEncrypted = lazyre.New(`.*ENC\[.*?\]`)
	eyamlToken     = lazyre.New(`ENC\[(\w+,)?([a-zA-Z0-9+/ =\n]+?)\]`)
)

func eyamlLookupKey(c *BackendContext, key string, options *values.Hash) (values.Value, bool) {
	pathV, ok := options.GetString("path")
	if !ok {
		panic(lookupError("'eyaml_lookup_key': one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this lookup_key function"))
	}
	path := values.ToString(pathV)
	f := c.File(path)
	if f == nil {
		return nil, false
	}
	if f.Error != "" {
		panic(lookupError(f.Error))
	}
	c.inv.s.fileWarning(path, f)
	h := f.Hash()
	if h == nil {
		return nil, false
	}
	raw, found := h.GetString(key)
	if !found {
		return nil, false
	}
	return eyamlDecryptValue(c, raw, options, key, path), true
}

func eyamlDecryptValue(c *BackendContext, v values.Value, options *values.Hash, key, path string) values.Value {
	switch x := v.(type) {
	case values.String:
		s := string(x)
		if eyamlEncrypted.MatchString(s) {
			plain, err := eyamlDecrypt(s, options)
			if err != nil {
				panic(lookupError("hiera-eyaml backend error decrypting " + s + " when looking up " + key + " in " + path + ". Error was " + err.Error()))
			}
			s = plain
		}
		return c.Interpolate(values.String(s))
	case *values.Hash:
		b := values.NewHashBuilder(x.Len())
		for i := 0; i < x.Len(); i++ {
			b.Put(c.Interpolate(x.KeyAt(i)), eyamlDecryptValue(c, x.ValueAt(i), options, key, path))
		}
		return b.Build()
	case *values.Array:
		out := make([]values.Value, x.Len())
		for i, e := range x.Elems() {
			out[i] = eyamlDecryptValue(c, e, options, key, path)
		}
		return values.NewArray(out...)
	}
	return v
}

// eyamlDecrypt replaces every ENC[...] block of s by its plain text.
func eyamlDecrypt(s string, options *values.Hash) (string, error) {
	var b strings.Builder
	last := 0
	for _, m := range eyamlToken.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[last:m[0]])
		last = m[1]
		scheme := "PKCS7"
		if m[2] >= 0 {
			scheme = strings.TrimSuffix(s[m[2]:m[3]], ",")
		}
		if scheme != "PKCS7" {
			return "", errors.New("Encryption method " + scheme + " not loaded")
		}
		cipher := strings.Join(strings.Fields(s[m[4]:m[5]]), "")
		der, err := base64.StdEncoding.DecodeString(cipher)
		if err != nil {
			return "", err
		}
		plain, err := pkcs7Decrypt(der, options)
		if err != nil {
			return "", err
		}
		b.Write(plain)
	}
	b.WriteString(s[last:])
	return fn.RubyChomp(b.String()), nil
}

type pkcs7Keys struct {
	cert *x509.Certificate
	key  crypto.PrivateKey
	err  error
}

var keyCache sync.Map // "priv\x00pub" -> *pkcs7Keys

func optString(h *values.Hash, k string) string {
	if v, ok := h.GetString(k); ok && !values.IsUndef(v) {
		return values.ToString(v)
	}
	return ""
}

// readKeyPEM reads a key from the file option or the environment variable
// option, as hiera-eyaml does (the file wins when both are set).
func readKeyPEM(options *values.Hash, fileOpt, envOpt string) ([]byte, error) {
	file := optString(options, fileOpt)
	env := optString(options, envOpt)
	if file == "" && env == "" {
		return nil, errors.New(fileOpt + " is not defined")
	}
	if env != "" {
		if v := os.Getenv(env); v != "" {
			return []byte(v), nil
		}
	}
	if file == "" {
		return nil, errors.New("no implicit conversion of nil into String")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, errors.New("No such file or directory @ rb_sysopen - " + file)
	}
	return b, nil
}

func loadPKCS7Keys(options *values.Hash) *pkcs7Keys {
	id := optString(options, "pkcs7_private_key") + "\x00" + optString(options, "pkcs7_public_key") + "\x00" +
		optString(options, "pkcs7_private_key_env_var") + "\x00" + optString(options, "pkcs7_public_key_env_var")
	if k, ok := keyCache.Load(id); ok {
		return k.(*pkcs7Keys)
	}
	k := &pkcs7Keys{}
	func() {
		pubPEM, err := readKeyPEM(options, "pkcs7_public_key", "pkcs7_public_key_env_var")
		if err != nil {
			k.err = err
			return
		}
		privPEM, err := readKeyPEM(options, "pkcs7_private_key", "pkcs7_private_key_env_var")
		if err != nil {
			k.err = err
			return
		}
		blk, _ := pem.Decode(privPEM)
		if blk == nil {
			k.err = errors.New("Neither PUB key nor PRIV key")
			return
		}
		if key, err := x509.ParsePKCS1PrivateKey(blk.Bytes); err == nil {
			k.key = key
		} else if key, err := x509.ParsePKCS8PrivateKey(blk.Bytes); err == nil {
			k.key = key
		} else {
			k.err = errors.New("Neither PUB key nor PRIV key")
			return
		}
		cb, _ := pem.Decode(pubPEM)
		if cb == nil {
			k.err = errors.New("PEM_read_bio_X509: no start line")
			return
		}
		cert, err := x509.ParseCertificate(cb.Bytes)
		if err != nil {
			k.err = err
			return
		}
		k.cert = cert
	}()
	keyCache.Store(id, k)
	return k
}

func pkcs7Decrypt(der []byte, options *values.Hash) ([]byte, error) {
	keys := loadPKCS7Keys(options)
	if keys.err != nil {
		return nil, keys.err
	}
	p7, err := pkcs7.Parse(der)
	if err != nil {
		// OpenSSL's words: it tries DER, then PEM
		return nil, errors.New("Could not parse the PKCS7: no start line")
	}
	return p7.Decrypt(keys.cert, keys.key)
}
