# Writes, for each Ruby class whose objects templates handle, the method
# names an object of it has (obj.methods + obj.singleton_methods, in Ruby's
# order) in a Ruby 3.1 process running Puppet 7.23: did_you_mean's
# dictionary for "Did you mean?" suggestions in NoMethodError messages.
#
#   ruby rt/erb/tools/methodnames.rb > rt/erb/methodnames.txt
#
# Format: a line "@@ Name" starts a class (instances), "@@ Name.class" the
# class object itself; then one method name per line.
require 'puppet'
require 'ipaddr'
require 'json'
require 'yaml'
Puppet.initialize_settings([]) rescue nil

def dump(label, obj)
  puts "@@ #{label}"
  (obj.methods + obj.singleton_methods).uniq.each { |m| puts m }
end

dump('NilClass', nil)
dump('TrueClass', true)
dump('FalseClass', false)
dump('Integer', 1)
dump('Float', 1.5)
dump('String', +'')
dump('Symbol', :s)
dump('Array', [])
dump('Hash', {})
dump('Range', (1..2))
dump('Regexp', /x/)
dump('MatchData', /x/.match('x'))
dump('IPAddr', IPAddr.new('::1'))
dump('Enumerator', [].each)
%w[String Array Hash Integer Float Symbol Regexp IPAddr JSON Psych File Math Range Object].each do |c|
  dump("#{c}.class", Object.const_get(c))
end
