# Renders a template of Debian 13's modules with real Ruby, as Puppet's
# template() does (ERB trim mode '-', the template's path as __FILE__,
# the JSON file's keys as instance variables), for TestModuleTemplates:
#
#   ruby codegen/rubyfn/testdata/templates/render.rb TEMPLATE DATA.json > EXPECTED.txt
#
# TEMPLATE is relative to the module path (PP2GO_D13_MODULES, default
# /tmp/d13/modules): elasticsearch/templates/etc/elasticsearch/elasticsearch.yml.erb
require 'erb'
require 'json'
require 'yaml'

modules = ENV['PP2GO_D13_MODULES'] || '/tmp/d13/modules'
path = File.join(modules, ARGV[0])
data = JSON.parse(File.read(ARGV[1]))
obj = Object.new
data.each { |k, v| obj.instance_variable_set("@#{k}", v) }
erb = ERB.new(File.read(path), trim_mode: '-')
erb.filename = path
print erb.result(obj.instance_eval { binding })
