package server

import (
	"fmt"
	"strings"

	"github.com/pp2go/pp2go/rt/internal/lazyre"
)

// A rule is one of puppetserver's default auth.conf rules
// (trapperkeeper-authorization): the first rule whose method and path
// match a request decides.
type rule struct {
	name    string
	methods []string // nil: any method
	prefix  string   // a "path" rule: the URI starts with it
	re      *lazyre.Regexp
	// unauthenticated allows any request, with or without a certificate.
	unauthenticated bool
	// allow is "*" (any authenticated client), "$1" (the client whose
	// certname the path names), or "" (deny).
	allow string
}

// defaultRules are puppetserver 7's conf.d/auth.conf (every rule has
// sort-order 500 but the last, 999; none of the 500s overlap), less the
// rules whose endpoints only puppetserver's own CA CLI uses (they are
// denied here as the last rule denies them).
var defaultRules = []rule{
	{name: "puppetlabs v3 catalog from agents", methods: []string{"GET", "POST"}, re: lazyre.New(`^/puppet/v3/catalog/([^/]+)$`), allow: "$1"},
	{name: "puppetlabs v4 catalog for services", methods: []string{"POST"}, re: lazyre.New(`^/puppet/v4/catalog/?$`)},
	{name: "puppetlabs certificate", methods: []string{"GET"}, prefix: "/puppet-ca/v1/certificate/", unauthenticated: true},
	{name: "puppetlabs crl", methods: []string{"GET"}, prefix: "/puppet-ca/v1/certificate_revocation_list/ca", unauthenticated: true},
	{name: "puppetlabs csr", methods: []string{"GET", "PUT"}, prefix: "/puppet-ca/v1/certificate_request", unauthenticated: true},
	{name: "puppetlabs status service - full", methods: []string{"GET"}, prefix: "/status/v1/services", unauthenticated: true},
	{name: "puppetlabs status service - simple", methods: []string{"GET"}, prefix: "/status/v1/simple", unauthenticated: true},
	{name: "puppetlabs environments", methods: []string{"GET"}, prefix: "/puppet/v3/environments", allow: "*"},
	{name: "puppetlabs file bucket file", methods: []string{"GET", "HEAD", "POST", "PUT"}, prefix: "/puppet/v3/file_bucket_file", allow: "*"},
	{name: "puppetlabs file content", methods: []string{"GET", "POST"}, prefix: "/puppet/v3/file_content", allow: "*"},
	{name: "puppetlabs file metadata", methods: []string{"GET", "POST"}, prefix: "/puppet/v3/file_metadata", allow: "*"},
	{name: "puppetlabs node", methods: []string{"GET"}, re: lazyre.New(`^/puppet/v3/node/([^/]+)$`), allow: "$1"},
	{name: "puppetlabs report", methods: []string{"PUT"}, re: lazyre.New(`^/puppet/v3/report/([^/]+)$`), allow: "$1"},
	{name: "puppetlabs facts", methods: []string{"PUT"}, re: lazyre.New(`^/puppet/v3/facts/([^/]+)$`), allow: "$1"},
	{name: "puppetlabs status", methods: []string{"GET"}, prefix: "/puppet/v3/status", unauthenticated: true},
	{name: "puppetlabs static file content", methods: []string{"GET"}, prefix: "/puppet/v3/static_file_content", allow: "*"},
	{name: "puppet tasks information", prefix: "/puppet/v3/tasks", allow: "*"},
	{name: "puppetlabs deny all", prefix: "/"},
}

// authorize applies the rules to a request for uri (the request's path as
// sent, not decoded, as trapperkeeper matches it) by a client with the
// given certname ("" when it has no verified certificate). It returns ""
// when the request is allowed, else the denial for the server's log
// ("Forbidden request: NAME(IP) access to /x (method :get) (authenticated:
// false) denied by rule 'R'."); the client gets denialBody.
func authorize(rules []rule, method, uri, certname, ip string) string {
	for i := range rules {
		r := &rules[i]
		if r.methods != nil && !contains(r.methods, method) {
			continue
		}
		var captures []string
		if r.re != nil {
			m := r.re.FindStringSubmatch(uri)
			if m == nil {
				continue
			}
			captures = m[1:]
		} else if !strings.HasPrefix(uri, r.prefix) {
			continue
		}
		if r.unauthenticated {
			return ""
		}
		if certname != "" {
			switch {
			case r.allow == "*":
				return ""
			case r.allow == "$1" && len(captures) > 0 && captures[0] == certname:
				return ""
			}
		}
		from := ip
		if certname != "" {
			from = certname + "(" + ip + ")"
		}
		return fmt.Sprintf("Forbidden request: %s access to %s (method :%s) (authenticated: %t) denied by rule '%s'.",
			from, uri, strings.ToLower(method), certname != "", r.name)
	}
	return "global deny all - no rules matched"
}

// denialBody is what trapperkeeper-authorization answers a denied
// request with (403, text/plain): no names or addresses, the server's log
// has them.
func denialBody(method, uri string) string {
	return fmt.Sprintf("Forbidden request: %s (method :%s). Please see the server logs for details.", uri, strings.ToLower(method))
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}
