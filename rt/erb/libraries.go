package erb

import (
	"strings"
	"sync"
)

// rubyLibraries are the first path segments of the libraries Puppet
// 7.23's Ruby can require without gems a Puppet server lacks: Ruby 3.1's
// own (its default and bundled gems, tools/rubylibraries.rb) and Puppet's
// dependencies. pp2go implements few of them (KnownLibrary); require of
// the others succeeds, and what uses them is not translated. A library
// outside them (a gem such as redis or pry) is Ruby's LoadError.
var rubyLibraries = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`
English abbrev base64 benchmark bigdecimal bundler cgi continuation coverage csv date date_core
delegate did_you_mean digest drb enc erb error_highlight etc expect fcntl fiddle fileutils find
forwardable getoptlong io ipaddr irb json kconv logger mkmf monitor mutex_m net nkf objspace
observer open-uri open3 openssl optionparser optparse ostruct pathname pp prettyprint pstore
psych pty racc random rbconfig rdoc readline reline resolv resolv-replace rinda ripper rubygems
securerandom set shellwords singleton socket stringio strscan syslog tempfile time timeout
tmpdir tsort un unicode_normalize uri weakref yaml zlib
debug matrix minitest power_assert prime rake rbs rexml rss test typeprof
puppet facter hiera augeas concurrent deep_merge semantic_puppet shadow sorted_set
selinux hocon locale fast_gettext gettext-setup multi_json`) {
		m[n] = true
	}
	return m
})

// RubyLibrary reports whether Puppet's Ruby has the library name, which
// pp2go may not implement (require of it succeeds; KnownLibrary says
// whether pp2go has it).
func RubyLibrary(name string) bool {
	first, _, _ := strings.Cut(name, "/")
	return !PuppetDBTerminus(name) && (KnownLibrary(name) || rubyLibraries()[first])
}

// PuppetDBTerminus reports whether a required file is PuppetDB's terminus
// (puppetdb-termini: puppet/util/puppetdb, puppet/indirector/*/puppetdb),
// which Puppet itself does not have (no file of its own has the name) and
// a Puppet installed from Debian lacks: require of it is a LoadError.
func PuppetDBTerminus(name string) bool {
	return strings.HasPrefix(name, "puppet/") && strings.Contains(name, "puppetdb")
}
