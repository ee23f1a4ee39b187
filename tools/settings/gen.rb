#!/usr/bin/env ruby
# Writes rt/settings.json (Puppet 7.23) or rt/settings8.json (Puppet 8.10):
# the settings of the Puppet that runs it as a server's $settings::* holds
# them (Scope#merge_settings: every setting but name, its value transformed
# by transform_setting), in Puppet's order.
#
# Values that derive from the directories, the certname or the environment
# are recorded with a placeholder (@confdir@, @certname@, ...), which the
# runtime replaces with the compiling server's values. Run (needs Debian's
# puppet): ruby tools/settings/gen.rb > rt/settings.json, and under Puppet 8.10
# (../shared/conformance/puppet8, after its setup-chroot):
# ../shared/conformance/puppet8/oracle8 ruby tools/settings/gen.rb > rt/settings8.json
require 'puppet'
require 'json'

ROOTS = %w[confdir codedir vardir logdir rundir publicdir certname].freeze
argv = ROOTS.flat_map { |r| ["--#{r}", r == "certname" ? "@certname@" : "/@#{r}@"] }
argv += ['--environment', '@environment@', '--environmentpath', '/@environmentpath@',
         '--basemodulepath', '/@basemodulepath@']
Puppet.initialize_settings(argv)

def plain(v)
  case v
  when Float then v.finite? ? v : { '__float' => v.to_s } # Infinity (an unlimited timeout)
  when String, Numeric, true, false, nil then v
  when Array then v.map { |e| plain(e) }
  when Hash then v.each_with_object({}) { |(k, e), h| h[plain(k)] = plain(e) }
  else :undef == v ? nil : v.to_s
  end
end

settings = Puppet.settings
out = []
settings.each_key do |name|
  next if name == :name
  out << [name.to_s, plain(settings.value_sym(name, :'@environment@'))]
end
puts '['
puts out.map { |n, v| "  #{JSON.generate([n, v])}" }.join(",\n")
puts ']'
