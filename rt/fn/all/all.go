// Package all links every Go function library of pp2go: Puppet's core
// functions, stdlib's, and those of the other modules under rt/fn/mods.
// Tools and tests that need every function import it; generated code
// imports only the libraries of the modules in its environment.
package all

import (
	_ "github.com/pp2go/pp2go/rt/fn/core"
	_ "github.com/pp2go/pp2go/rt/fn/mods/apache"
	_ "github.com/pp2go/pp2go/rt/fn/mods/archive"
	_ "github.com/pp2go/pp2go/rt/fn/mods/collectd"
	_ "github.com/pp2go/pp2go/rt/fn/mods/datacat"
	_ "github.com/pp2go/pp2go/rt/fn/mods/ironic"
	_ "github.com/pp2go/pp2go/rt/fn/mods/mcollective"
	_ "github.com/pp2go/pp2go/rt/fn/mods/memcached"
	_ "github.com/pp2go/pp2go/rt/fn/mods/mongodb"
	_ "github.com/pp2go/pp2go/rt/fn/mods/monit"
	_ "github.com/pp2go/pp2go/rt/fn/mods/mysql"
	_ "github.com/pp2go/pp2go/rt/fn/mods/neutron"
	_ "github.com/pp2go/pp2go/rt/fn/mods/nova"
	_ "github.com/pp2go/pp2go/rt/fn/mods/openstack_extras"
	_ "github.com/pp2go/pp2go/rt/fn/mods/openstacklib"
	_ "github.com/pp2go/pp2go/rt/fn/mods/postgresql"
	_ "github.com/pp2go/pp2go/rt/fn/mods/redis"
	_ "github.com/pp2go/pp2go/rt/fn/mods/ssh"
	_ "github.com/pp2go/pp2go/rt/fn/mods/staging"
	_ "github.com/pp2go/pp2go/rt/fn/mods/translate"
	_ "github.com/pp2go/pp2go/rt/fn/mods/vswitch"
	_ "github.com/pp2go/pp2go/rt/fn/stdlib"
)
