package server

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// sslDir is the server's TLS material, from an ssldir in puppetserver's
// layout: certs/ca.pem (the CA's certificate, or its chain), crl.pem, and
// the server's certs/CERTNAME.pem and private_keys/CERTNAME.pem.
type sslDir struct {
	dir      string
	cert     tls.Certificate
	cas      *x509.CertPool
	caCerts  []*x509.Certificate
	crlPath  string
	revoked  atomic.Pointer[revocations]
	mu       sync.Mutex // serializes CRL reloads
	checked  atomic.Int64
	crlMtime time.Time
}

// revocations are the serial numbers the CRLs revoke, by issuer.
type revocations struct {
	serials map[string]map[string]bool // issuer's raw subject -> serial (decimal) -> revoked
}

func loadSSLDir(dir, certname string) (*sslDir, error) {
	s := &sslDir{dir: dir, crlPath: filepath.Join(dir, "crl.pem")}
	caPEM, err := os.ReadFile(filepath.Join(dir, "certs", "ca.pem"))
	if err != nil {
		return nil, fmt.Errorf("the CA certificate: %w", err)
	}
	s.cas = x509.NewCertPool()
	for rest := caPEM; ; {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			break
		}
		if b.Type != "CERTIFICATE" {
			continue
		}
		c, err := x509.ParseCertificate(b.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "certs", "ca.pem"), err)
		}
		s.cas.AddCert(c)
		s.caCerts = append(s.caCerts, c)
	}
	if len(s.caCerts) == 0 {
		return nil, fmt.Errorf("%s holds no certificate", filepath.Join(dir, "certs", "ca.pem"))
	}
	certFile := filepath.Join(dir, "certs", certname+".pem")
	keyFile := filepath.Join(dir, "private_keys", certname+".pem")
	s.cert, err = tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("no certificate and key for the server's certname %q in %s (certs/%s.pem, private_keys/%s.pem): give --certname, or sign one with Puppet's CA (puppetserver ca generate --certname %s)",
				certname, dir, certname, certname, certname)
		}
		return nil, fmt.Errorf("the server's certificate %s: %w", certFile, err)
	}
	if err := s.reloadCRL(true); err != nil {
		return nil, err
	}
	return s, nil
}

// reloadCRL reads crl.pem again when it has changed, as puppetserver does
// when the CA revokes a certificate. Each CRL must be signed by a CA of
// ca.pem.
func (s *sslDir) reloadCRL(first bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, err := os.Stat(s.crlPath)
	if err != nil {
		return fmt.Errorf("the CRL: %w", err)
	}
	if !first && st.ModTime().Equal(s.crlMtime) {
		return nil
	}
	data, err := os.ReadFile(s.crlPath)
	if err != nil {
		return fmt.Errorf("the CRL: %w", err)
	}
	rev := &revocations{serials: map[string]map[string]bool{}}
	n := 0
	for rest := data; ; {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			break
		}
		if b.Type != "X509 CRL" {
			continue
		}
		crl, err := x509.ParseRevocationList(b.Bytes)
		if err != nil {
			return fmt.Errorf("%s: %w", s.crlPath, err)
		}
		signed := false
		for _, ca := range s.caCerts {
			if crl.CheckSignatureFrom(ca) == nil {
				signed = true
				break
			}
		}
		if !signed {
			return fmt.Errorf("%s: a CRL not signed by the CA of certs/ca.pem (%s)", s.crlPath, crl.Issuer)
		}
		n++
		set := rev.serials[string(crl.RawIssuer)]
		if set == nil {
			set = map[string]bool{}
			rev.serials[string(crl.RawIssuer)] = set
		}
		for _, e := range crl.RevokedCertificateEntries {
			set[e.SerialNumber.String()] = true
		}
	}
	if n == 0 {
		return fmt.Errorf("%s holds no CRL", s.crlPath)
	}
	s.revoked.Store(rev)
	s.crlMtime = st.ModTime()
	return nil
}

// isRevoked says whether a client certificate is revoked, reading the CRL
// again when it changed (looked at once a second at most).
func (s *sslDir) isRevoked(cert *x509.Certificate) bool {
	now := time.Now().Unix()
	if last := s.checked.Load(); now != last && s.checked.CompareAndSwap(last, now) {
		// A CRL that cannot be read now keeps the one read before.
		_ = s.reloadCRL(false)
	}
	rev := s.revoked.Load()
	return rev.serials[string(cert.RawIssuer)][serialString(cert.SerialNumber)]
}

func serialString(n *big.Int) string { return n.String() }

// tlsConfig asks for a client certificate and verifies one when given
// (puppetserver's "want"): requests without one get what the rules allow
// unauthenticated.
func (s *sslDir) tlsConfig() *tls.Config {
	return &tls.Config{
		Certificates: []tls.Certificate{s.cert},
		ClientAuth:   tls.VerifyClientCertIfGiven,
		ClientCAs:    s.cas,
		MinVersion:   tls.VersionTLS12,
	}
}
