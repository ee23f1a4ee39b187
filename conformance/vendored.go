package conformance

import (
	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/restype"
)

// vendored are the resource types of the modules the Puppet release
// (major version; 0 for the default) vendors, which a build for it knows
// (env.Options).
func vendored(puppet int) []*restype.Type {
	for _, r := range []*rt.Release{rt.Puppet7, rt.Puppet8} {
		if r.Major == puppet {
			return r.Vendored()
		}
	}
	return rt.DefaultPuppet.Vendored()
}
