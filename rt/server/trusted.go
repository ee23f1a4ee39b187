package server

import (
	"crypto/x509"
	"encoding/asn1"
	"fmt"
	"os"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/values"
)

// puppetOIDs are the certificate extensions Puppet 7.23 names
// (Puppet::SSL::Oids): $trusted['extensions'] has them under these names,
// and other extensions of Puppet's arcs under their dotted OIDs.
var puppetOIDs = map[string]string{
	"1.3.6.1.4.1.34380.1.1":    "ppRegCertExt",
	"1.3.6.1.4.1.34380.1.1.1":  "pp_uuid",
	"1.3.6.1.4.1.34380.1.1.2":  "pp_instance_id",
	"1.3.6.1.4.1.34380.1.1.3":  "pp_image_name",
	"1.3.6.1.4.1.34380.1.1.4":  "pp_preshared_key",
	"1.3.6.1.4.1.34380.1.1.5":  "pp_cost_center",
	"1.3.6.1.4.1.34380.1.1.6":  "pp_product",
	"1.3.6.1.4.1.34380.1.1.7":  "pp_project",
	"1.3.6.1.4.1.34380.1.1.8":  "pp_application",
	"1.3.6.1.4.1.34380.1.1.9":  "pp_service",
	"1.3.6.1.4.1.34380.1.1.10": "pp_employee",
	"1.3.6.1.4.1.34380.1.1.11": "pp_created_by",
	"1.3.6.1.4.1.34380.1.1.12": "pp_environment",
	"1.3.6.1.4.1.34380.1.1.13": "pp_role",
	"1.3.6.1.4.1.34380.1.1.14": "pp_software_version",
	"1.3.6.1.4.1.34380.1.1.15": "pp_department",
	"1.3.6.1.4.1.34380.1.1.16": "pp_cluster",
	"1.3.6.1.4.1.34380.1.1.17": "pp_provisioner",
	"1.3.6.1.4.1.34380.1.1.18": "pp_region",
	"1.3.6.1.4.1.34380.1.1.19": "pp_datacenter",
	"1.3.6.1.4.1.34380.1.1.20": "pp_zone",
	"1.3.6.1.4.1.34380.1.1.21": "pp_network",
	"1.3.6.1.4.1.34380.1.1.22": "pp_securitypolicy",
	"1.3.6.1.4.1.34380.1.1.23": "pp_cloudplatform",
	"1.3.6.1.4.1.34380.1.1.24": "pp_apptier",
	"1.3.6.1.4.1.34380.1.1.25": "pp_hostname",
	"1.3.6.1.4.1.34380.1.1.26": "pp_owner",
	"1.3.6.1.4.1.34380.1.2":    "ppPrivCertExt",
	"1.3.6.1.4.1.34380.1.3":    "ppAuthCertExt",
	"1.3.6.1.4.1.34380.1.3.1":  "pp_authorization",
	"1.3.6.1.4.1.34380.1.3.13": "pp_auth_role",
}

// puppetArcs are the arcs whose extensions are trusted data: registered
// (1.1), private (1.2) and authorization (1.3) extensions.
var puppetArcs = []string{"1.3.6.1.4.1.34380.1.1", "1.3.6.1.4.1.34380.1.2", "1.3.6.1.4.1.34380.1.3"}

// trustedFor is $trusted for an authenticated agent with this
// certificate, as Puppet::Context::TrustedInformation.remote builds it:
// the certname is the certificate's CN, the extensions its Puppet
// extensions in the certificate's order (puppetserver's
// Puppet::Server::Certificate#custom_extensions), named as Puppet names
// them, else as the custom OID mapping does (OIDMapping), else by their
// dotted OIDs. Nothing in the request counts.
func trustedFor(cert *x509.Certificate, custom map[string]string) *values.Hash {
	ext := values.NewHashBuilder(0)
	for _, e := range cert.Extensions {
		oid := e.Id.String()
		if !inPuppetArcs(oid) {
			continue
		}
		name := oid
		if n, ok := puppetOIDs[oid]; ok {
			name = n
		} else if n, ok := custom[oid]; ok {
			name = n // Puppet's own names first (PUPPET_OIDS + custom)
		}
		ext.Put(values.String(name), values.String(extensionValue(e.Value)))
	}
	return rt.TrustedFor(cert.Subject.CommonName, ext.Build(), nil)
}

func inPuppetArcs(oid string) bool {
	for _, arc := range puppetArcs {
		if oid == arc || strings.HasPrefix(oid, arc+".") {
			return true
		}
	}
	return false
}

// extensionValue is an extension's value as Puppet reads it: the DER
// string it holds (UTF8String, IA5String, ...), or, when the value is not
// a DER string, its raw bytes (certificates signed by Puppet before 3.7
// hold the plain string, PUP-3560).
func extensionValue(der []byte) string {
	var raw asn1.RawValue
	rest, err := asn1.Unmarshal(der, &raw)
	if err != nil || len(rest) > 0 || raw.Class != asn1.ClassUniversal || raw.IsCompound {
		return string(der)
	}
	return string(raw.Bytes)
}

// OIDMapping reads a trusted_oid_mapping_file as puppetserver does as it
// starts (Puppet::SSL::Oids.parse_custom_oid_file): the short name of each
// OID under oid_mapping. A file that does not exist or cannot be read is
// no mapping (nil); one that is not such a mapping is Puppet's error.
func OIDMapping(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("Error loading ssl custom OIDs mapping file from '%s': "+format, append([]any{path}, args...)...)
	}
	var doc any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fail("%v", err)
	}
	top, _ := doc.(map[string]any)
	defs, ok := top["oid_mapping"]
	if !ok {
		return nil, fail("no such index 'oid_mapping'")
	}
	m, ok := defs.(map[string]any)
	if !ok {
		return nil, fail("data under index 'oid_mapping' must be a Hash")
	}
	out := make(map[string]string, len(m))
	for oid, d := range m {
		def, _ := d.(map[string]any)
		short, long := def["shortname"], def["longname"]
		if short == nil || long == nil {
			return nil, fail("incomplete definition of oid '%s'", oid)
		}
		out[oid] = fmt.Sprint(short)
	}
	return out, nil
}
