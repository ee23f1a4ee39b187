// Package openstack_extras implements the openstack_extras module's Ruby
// function that manifests call: validate_yum_hash.
package openstack_extras

import (
	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

var yumrepoArguments = map[string]bool{}

func init() {
	for _, n := range []string{"name", "ensure", "baseurl", "cost", "descr", "enabled", "enablegroups", "exclude",
		"failovermethod", "gpgcheck", "gpgkey", "http_caching", "include", "includepkgs", "keepalive",
		"metadata_expire", "metalink", "mirrorlist", "priority", "protect", "provider", "proxy", "proxy_password",
		"proxy_username", "repo_gpgcheck", "s3_enabled", "skip_if_unavailable", "sslcacert", "sslclientcert",
		"sslclientkey", "sslverify", "target", "timeout"} {
		yumrepoArguments[n] = true
	}
	fn.New("validate_yum_hash").Module("openstack_extras").
		D("Any args*", func(c fn.Context, a []v.Value, b fn.Block) v.Value {
			if len(a) > 1 {
				panic(fn.Errorf("validate_yum_hash takes only a single argument, %d provided", len(a)))
			}
			var arg v.Value = v.Undef
			if len(a) > 0 {
				arg = a[0]
			}
			h, ok := arg.(*v.Hash)
			if !ok {
				panic(fn.Errorf("non-hash argument provided to validate_yum_hash"))
			}
			if h.Len() == 0 {
				return v.Undef
			}
			for i := 0; i < h.Len(); i++ {
				params, ok := h.ValueAt(i).(*v.Hash)
				if !ok {
					panic(fn.Errorf("undefined method `each' for %s", fn.RubyInspect(h.ValueAt(i))+":"+fn.RubyClass(h.ValueAt(i))))
				}
				for j := 0; j < params.Len(); j++ {
					k, isStr := params.KeyAt(j).(v.String)
					if !isStr || !yumrepoArguments[string(k)] {
						panic(fn.Errorf("Parameter %s is not valid for the yumrepo type", fn.RubyToS(params.KeyAt(j))))
					}
				}
			}
			return h // the value of arg.each
		}).Register()
}
