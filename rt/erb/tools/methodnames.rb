# Writes, for each Ruby class whose objects templates handle, the method
# names an object of it has (obj.methods + obj.singleton_methods, in Ruby's
# order) in a Ruby 3.1 process running Puppet 7.23: did_you_mean's
# dictionary for "Did you mean?" suggestions in NoMethodError messages.
#
#   ruby rt/erb/tools/methodnames.rb > rt/erb/methodnames.txt
#
# Format: a line "@@ Name" starts a class (instances), "@@ Name.class" the
# class object itself; then one method name per line. The last two
# sections, a 3.x and a 4.x function's self, list private methods too:
# what a bare name in a function's code may call.
require 'puppet'
require 'ipaddr'
require 'json'
require 'yaml'
Puppet.initialize_settings([]) rescue nil

# a lambda, not a method: a method would be one of every object's private
# methods, which the last sections list
dump = lambda do |label, obj|
  puts "@@ #{label}"
  (obj.methods + obj.singleton_methods).uniq.each { |m| puts m }
end

dump.('NilClass', nil)
dump.('TrueClass', true)
dump.('FalseClass', false)
dump.('Integer', 1)
dump.('Float', 1.5)
dump.('String', +'')
dump.('Symbol', :s)
dump.('Array', [])
dump.('Hash', {})
dump.('Range', (1..2))
dump.('Regexp', /x/)
dump.('MatchData', /x/.match('x'))
dump.('IPAddr', IPAddr.new('::1'))
dump.('Enumerator', [].each)
%w[String Array Hash Integer Float Symbol Regexp IPAddr JSON Psych File Math Range Object].each do |c|
  dump.("#{c}.class", Object.const_get(c))
end
# A 3.x function's self: did_you_mean's VariableNameChecker takes its
# private methods too, the 3.x functions loaded before as function_NAME
# (here the log levels' only).
scope = Puppet::Parser::Scope.new(Puppet::Parser::Compiler.new(Puppet::Node.new('n')))
puts '@@ Puppet::Parser::Scope'
(scope.methods + scope.private_methods).uniq.each { |m| puts m }
# A 4.x function's self, private methods too.
function = Puppet::Functions.create_function(:'x::y') { def y; end }.new(nil, nil)
puts '@@ Puppet::Pops::Functions::Function'
(function.methods + function.private_methods).uniq.each { |m| puts m unless m == :y }
