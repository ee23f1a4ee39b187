# Writes the names of every method that any class or module has in a Ruby
# process running Puppet 7.23 (Ruby 3.1): public, protected and private
# instance methods, and singleton methods of classes and modules.
#
# erbgen uses the list to tell a method that Ruby does not have anywhere
# (calling it raises NoMethodError, which pp2go reproduces at run time)
# from one that exists but pp2go does not implement (a build error).
#
#   ruby codegen/erbgen/tools/rubymethods.rb > codegen/erbgen/rubymethods.txt
#   ruby codegen/erbgen/tools/rubymethods.rb wrapper > codegen/erbgen/wrappermethods.txt
#
# With "wrapper": the methods a template can call without a receiver (the
# public and private methods of Puppet::Parser::TemplateWrapper).
require 'puppet'
require 'ipaddr'
require 'json'
require 'yaml'
require 'set'
require 'shellwords'
require 'erb'
Puppet.initialize_settings([]) rescue nil

if ARGV[0] == 'wrapper'
  w = Puppet::Parser::TemplateWrapper
  puts (w.instance_methods(true) + w.private_instance_methods(true)).map(&:to_s).uniq.sort
  exit
end

names = {}
ObjectSpace.each_object(Module) do |m|
  begin
    (m.instance_methods(true) + m.private_instance_methods(true) + m.protected_instance_methods(true)).each { |n| names[n.to_s] = true }
    (m.singleton_methods(true) + m.private_methods(true)).each { |n| names[n.to_s] = true }
  rescue StandardError
  end
end
puts names.keys.sort
