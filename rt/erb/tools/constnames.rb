# Writes the constant names a NameError of a missing Puppet::NAME needs
# (rt/erb/constnames.txt), run in a Ruby 3.1 process with Puppet 7.23:
#
#   ruby rt/erb/tools/constnames.rb /usr/lib/ruby/vendor_ruby \
#     /srv/trixie/usr/lib/ruby/vendor_ruby > rt/erb/constnames.txt
#
# "@@ Puppet possible": every NAME that Puppet::NAME could be in Puppet
# 7.23's or 8.10's own code (the directories given, each holding puppet.rb
# and puppet/): a name it refers to as Puppet::NAME, and any class, module
# or constant its files define at any depth. A Puppet::NAME of any other
# name is a NameError in both, whatever the process has loaded.
# "@@ Object" and "@@ Puppet": the constants of Object and of Puppet in this
# process (Ruby's order), did_you_mean's dictionary for the suggestions
# Ruby 3.1 appends to the message.
require 'puppet'
require 'ipaddr'
require 'json'
require 'yaml'
Puppet.initialize_settings([]) rescue nil

possible = {}
ARGV.each do |dir|
  files = [File.join(dir, 'puppet.rb')] + Dir.glob(File.join(dir, 'puppet', '**', '*.rb'))
  files.each do |f|
    text = File.read(f, encoding: 'UTF-8').scrub
    text.scan(/Puppet::([A-Z][A-Za-z0-9_]*)/) { |m| possible[m[0]] = true }
    text.scan(/^\s*(?:class|module)\s+(?:::)?([A-Z][A-Za-z0-9_]*)/) { |m| possible[m[0]] = true }
    text.scan(/^\s*([A-Z][A-Za-z0-9_]*)\s*=[^=~>]/) { |m| possible[m[0]] = true }
    text.scan(/const_set\(\s*[:'"]([A-Z][A-Za-z0-9_]*)/) { |m| possible[m[0]] = true }
  end
end
puts '@@ Puppet possible'
possible.keys.sort.each { |n| puts n }
puts '@@ Object'
Object.constants.each { |c| puts c }
puts '@@ Puppet'
Puppet.constants.each { |c| puts c }
