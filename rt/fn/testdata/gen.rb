# Generates rt/fn/testdata/expected/*.json: what Puppet 7.23 gives for the
# function calls listed in rt/fn/testdata/cases/*.txt. Not run by the tests
# (they never need Puppet); rerun after adding cases:
#
#   ruby rt/fn/testdata/gen.rb [CASEFILE...]
#
# Each case file holds one Puppet expression per line (statements may be
# separated by ";"); blank lines and lines starting with "#" are skipped.
# Every case is evaluated in a fresh local scope of one compiler for node
# testnode.example.com with the facts below, in an environment whose
# modulepath is Debian's module directory (stdlib and the other modules'
# functions are visible). The result is rendered by repr() (the Go tests
# mirror it), or the error message without Puppet's "Evaluation Error: "
# prefix and location suffix; warnings and other log messages logged
# during the case are recorded too.
require 'puppet'
require 'json'
require 'tmpdir'

ROOT = Dir.mktmpdir('pp2go-fn-gen')
Puppet.initialize_settings(['--confdir', "#{ROOT}/conf", '--vardir', "#{ROOT}/var", '--codedir', "#{ROOT}/code"])
Puppet[:strict] = :warning
DIR = __dir__
T = Puppet::Pops::Types

FACTS = {
  'fqdn' => 'testnode.example.com', 'hostname' => 'testnode', 'domain' => 'example.com',
  'ipaddress' => '10.0.0.5', 'ipaddress6' => 'fe80::1', 'osfamily' => 'Debian',
  'operatingsystem' => 'Debian', 'operatingsystemmajrelease' => '12', 'kernel' => 'Linux',
  'memorysize' => '3.86 GiB', 'memorysize_mb' => 3953.2, 'processorcount' => 2, 'is_virtual' => true,
  'interfaces' => 'eth0,lo', 'ipaddress_eth0' => '10.0.0.5', 'netmask_eth0' => '255.255.255.0',
  'network_eth0' => '10.0.0.0', 'ipaddress_lo' => '127.0.0.1', 'netmask_lo' => '255.0.0.0',
  'network_lo' => '127.0.0.0', 'macaddress_eth0' => '52:54:00:12:34:56',
  'os' => { 'family' => 'Debian', 'name' => 'Debian', 'release' => { 'major' => '12', 'full' => '12.5' } },
  'networking' => { 'ip' => '10.0.0.5', 'fqdn' => 'testnode.example.com' },
  'empty_fact' => '',
}.freeze

def repr(v)
  case v
  when nil, :undef then 'undef'
  when :default then 'default'
  when true then 'true'
  when false then 'false'
  when Integer then "i:#{v}"
  when Float then "f:#{v}"
  when String then "s:#{v.to_json}"
  when Symbol then "sym:#{v}"
  when Array then '[' + v.map { |e| repr(e) }.join(',') + ']'
  when Hash then '{' + v.map { |k, e| "#{repr(k)}=>#{repr(e)}" }.join(',') + '}'
  when Regexp then "r:#{v.source}"
  when T::Iterator then "iter:#{v}:" + repr(v.to_a)
  when T::PAnyType then "t:#{v}"
  when Puppet::Pops::Time::Timespan then "ts:#{v.nsecs}"
  when Puppet::Pops::Time::Timestamp then "tm:#{v.nsecs}"
  when SemanticPuppet::Version then "v:#{v}"
  when SemanticPuppet::VersionRange then "vr:#{v}"
  when T::PSensitiveType::Sensitive then "sens(#{repr(v.unwrap)})"
  when T::PBinaryType::Binary then "b:#{v}"
  when Puppet::Resource then "res:#{v}"
  else "?#{v.class}"
  end
end

def clean(msg)
  msg = msg.sub(/\AEvaluation Error: /, '')
  msg.sub(/ \((file: [^)]*?, )?line: \d+(, column: \d+)?\)( on node \S+)?\z/, '').sub(/ on node \S+\z/, '')
end

files = ARGV.empty? ? Dir[File.join(DIR, 'cases', '*.txt')].sort : ARGV
# PP2GO_GEN_MODULEPATH and PP2GO_GEN_OUT let codegen/rubyfn/testdata/gen.rb
# run other module sets' cases
modulepath = (ENV['PP2GO_GEN_MODULEPATH'] || '/usr/share/puppet/modules').split(':')
env = Puppet::Node::Environment.create(:testenv, modulepath)
# the modules' lib directories on Ruby's load path, as an agent's pluginsync
# or puppetserver puts them, so that a function's require of its module's
# puppet_x/... files works
modulepath.each { |dir| $LOAD_PATH.concat(Dir[File.join(dir, '*', 'lib')].sort) }
loaders = Puppet::Pops::Loaders.new(env)
# a Static environments list, so that what looks an environment up by name
# (Puppet::Module.find: stdlib's get_module_path) finds this one
Puppet.push_context(environments: Puppet::Environments::Static.new(env), current_environment: env, loaders: loaders)
logs = []
require 'puppet/test/test_helper'
Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(logs))
Puppet::Util::Log.level = :debug
# Facter and the loaders log at debug level too; only the functions' own
# messages are of interest
NOISE = /fact|Facter|cfpropertylist|VERSION|Loading|Searching|resolv|importing/i

# Each case runs in a compiler of its own, so that resources one case
# declares do not leak into the next.
def new_compiler(env)
  node = Puppet::Node.new('testnode.example.com', environment: env, facts: Puppet::Node::Facts.new('testnode.example.com', FACTS.dup))
  node.merge(FACTS)
  Puppet::Parser::Compiler.new(node)
end

parser = Puppet::Pops::Parser::EvaluatingParser.new
files.each do |file|
  name = File.basename(file, '.txt')
  rows = []
  File.readlines(file, chomp: true).each do |src|
    next if src.strip.empty? || src.start_with?('#')
    compiler = new_compiler(env)
    Puppet.override(compiler.context_overrides) do
      compiler.send(:set_node_parameters)
      top = compiler.topscope
      logs.clear
      # warn_once and deprecation warnings are once per process in Puppet;
      # each case is its own compilation here
      $unique_warnings&.clear
      $deprecation_warnings&.clear
      row = { 'src' => src }
      begin
        row['result'] = repr(parser.evaluate_string(top.newscope, src, 'case.pp'))
      rescue StandardError => e
        row['error'] = clean(e.message)
      rescue ScriptError => e
        # not rescued by Puppet's evaluator: the compilation fails with the
        # bare message
        row['error'] = e.message
      end
      msgs = logs.reject { |l| l.level == :debug && l.message =~ NOISE }.map { |l| "#{l.level}: #{l.message}" }
      row['logs'] = msgs unless msgs.empty?
      rows << row
    end
  end
  File.write(File.join(ENV['PP2GO_GEN_OUT'] || File.join(DIR, 'expected'), "#{name}.json"), JSON.pretty_generate(rows) + "\n")
  puts "#{name}: #{rows.size} cases"
end
