#!/usr/bin/env ruby
# frozen_string_literal: true
#
# gen.rb -- expected Hiera lookup results, produced by Puppet 7.23 itself.
#
# Usage: ruby gen.rb [NAME...]   (default: every testdata/cases/*.txtar)
#
# Each case file is a txtar archive: an environment (hiera.yaml, data/,
# modules/M/...), optionally a global layer (global/hiera.yaml, global/...),
# files under abs/ (written at that absolute path, e.g. eyaml keys),
# facts.json (merged over gen/base-facts.json), site.pp (top-scope code run
# before the cases) and a file named "cases": one call a line, e.g.
#
#   lookup('a::b', Array, 'unique')
#   lookup('x') |$k| { "blk-${k}" }
#   hiera_hash('h')
#   apl('app::port')          # automatic parameter lookup of app::port
#   explain('k')              # lookup('k') with puppet lookup --explain's text
#
# Every call runs inside one catalog compile of node lang.example.com, in
# top scope, and its outcome (value, or error message) is written to
# testdata/expected/NAME.json with the arguments as Puppet evaluated them and
# the top-scope variables the Go tests give their Scope. Paths inside the
# environment are written <env>/..., the global layer's <global>/...
#
# Needs Debian's puppet (7.23), ruby-hocon and hiera-eyaml.

require 'puppet'
require 'json'
require 'fileutils'

HERE = File.expand_path(__dir__)
CASES = File.expand_path('../cases', HERE)
OUT = File.expand_path('../expected', HERE)
ROOT = '/tmp/pp2go-hiera-gen'
NODE = 'lang.example.com'

def parse_txtar(text)
  files = {}
  comment = +''
  cur = nil
  text.each_line do |line|
    if (m = line.match(/\A-- (.+?) --\s*\z/))
      cur = m[1]
      files[cur] = +''
    elsif cur
      files[cur] << line
    else
      comment << line
    end
  end
  [comment, files]
end

def enc(v)
  case v
  when nil, :undef then { 'undef' => true }
  when true, false then { 'bool' => v }
  when Integer then { 'int' => v.to_s }
  when Float then { 'float' => v.to_s }
  when String then { 'str' => v }
  when Symbol then { 'sym' => v.to_s }
  when Array then { 'array' => v.map { |e| enc(e) } }
  when Hash then { 'hash' => v.map { |k, x| [enc(k), enc(x)] } }
  when Puppet::Pops::Types::PSensitiveType::Sensitive then { 'sensitive' => enc(v.unwrap) }
  when Puppet::Pops::Types::PAnyType then { 'type' => v.to_s }
  else { 'other' => v.class.name, 'text' => v.to_s }
  end
end

$norm = []
def norm(s)
  s = s.to_s
  $norm.each { |from, to| s = s.gsub(from, to) }
  s.gsub(/0x[0-9a-f]{16}/, '0x...') # Ruby object addresses
end

RESULTS = []
SCOPE_DUMP = {}

class GenLog < Array; end
Puppet::Util::Log.newdesttype :pp2go_hiera_gen do
  match 'GenLog'
  def initialize(a)
    @a = a
  end

  def handle(msg)
    @a << msg
  end
end
LOGS = GenLog.new
Puppet::Util::Log.newdestination(LOGS)

FileUtils.rm_rf(ROOT)
FileUtils.mkdir_p(ROOT)
%w[conf var code].each { |d| FileUtils.mkdir_p(File.join(ROOT, d)) }
GLOBAL_DIR = File.join(ROOT, 'global')
Puppet.initialize_settings([
  '--confdir', File.join(ROOT, 'conf'), '--vardir', File.join(ROOT, 'var'),
  '--codedir', File.join(ROOT, 'code'), '--basemodulepath', File.join(ROOT, 'genmods'),
  '--hiera_config', File.join(GLOBAL_DIR, 'hiera.yaml'),
  '--certname', 'puppet.gen.test', '--log_level', 'warning'
])
Puppet[:node_terminus] = :plain
Puppet[:facts_terminus] = :memory
Puppet[:data_binding_terminus] = :hiera
Puppet::Util::Log.level = :warning

# The helper module: pp2go_try runs one case and records its outcome.
FileUtils.mkdir_p(File.join(ROOT, 'genmods/pp2go_gen/lib/puppet/functions'))
File.write(File.join(ROOT, 'genmods/pp2go_gen/lib/puppet/functions/pp2go_try.rb'), <<~'RUBY')
  Puppet::Functions.create_function(:pp2go_try, Puppet::Functions::InternalFunction) do
    dispatch :t do
      scope_param
      param 'Integer', :idx
      param 'String', :fname
      param 'Array', :args
      optional_block_param
    end
    def t(scope, idx, fname, args, &block)
      $pp2go_case.call(scope, idx, fname, args, block)
      nil
    end
  end
RUBY

$pp2go_case = lambda do |scope, idx, fname, args, block|
  if SCOPE_DUMP.empty?
    scope.to_hash(true, true).each do |k, v|
      next if k == 'title' || k == 'name'
      e = enc(v)
      SCOPE_DUMP[k] = e unless e.key?('other')
    end
  end
  rec = { 'fn' => fname, 'args' => args.map { |a| enc(a) }, 'block' => !block.nil? }
  LOGS.clear
  begin
    case fname
    when 'apl'
      found = false
      v = catch(:no_such_key) do
        r = Puppet::Pops::Lookup.search_and_merge(args[0], Puppet::Pops::Lookup::Invocation.new(scope), nil)
        found = true
        r
      end
      rec['found'] = found
      rec['result'] = enc(v) if found
    when 'explain'
      inv = Puppet::Pops::Lookup::Invocation.new(scope, {}, {}, true)
      begin
        v = Puppet::Pops::Lookup.lookup(args[0], nil, nil, false, nil, inv)
        rec['result'] = enc(v)
      rescue StandardError => e
        rec['error'] = norm(e.message)
      end
      rec['explain'] = norm(inv.explainer.explain)
    else
      v = scope.call_function(fname, args, &block)
      rec['result'] = enc(v)
    end
  rescue StandardError => e
    rec['error'] = norm(e.message)
    rec['error_class'] = e.class.name
  end
  warnings = LOGS.select { |l| l.level == :warning }.map { |l| norm(l.message) }
  rec['warnings'] = warnings unless warnings.empty?
  RESULTS[idx] = rec
end

# prepare_env writes a case file's environment; it returns the calls, the
# environmentpath and the facts.
def prepare_env(path, seq)
  name = File.basename(path, '.txtar')
  _comment, files = parse_txtar(File.read(path))
  envpath = File.join(ROOT, "envs#{seq}")
  envdir = File.join(envpath, 'production')
  FileUtils.rm_rf(GLOBAL_DIR)
  FileUtils.rm_rf(envpath)
  FileUtils.mkdir_p(envdir)
  calls = []
  site = +''
  facts = JSON.parse(File.read(File.join(HERE, 'base-facts.json')))
  files.each do |fname, content|
    case fname
    when 'cases'
      calls = content.lines.map(&:strip).reject { |l| l.empty? || l.start_with?('#') }
    when 'site.pp'
      site << content
    when 'facts.json'
      facts = facts.merge(JSON.parse(content))
    when %r{\Aabs/(.*)}
      dest = "/#{$1}"
      FileUtils.mkdir_p(File.dirname(dest))
      File.write(dest, content)
    when %r{\Aglobal/(.*)}
      dest = File.join(GLOBAL_DIR, $1)
      FileUtils.mkdir_p(File.dirname(dest))
      File.write(dest, content)
    else
      dest = File.join(envdir, fname)
      FileUtils.mkdir_p(File.dirname(dest))
      File.write(dest, content)
    end
  end
  File.write(File.join(envdir, 'environment.conf'), "modulepath = modules:$basemodulepath\n") unless files.key?('environment.conf')
  $norm = [[envdir, '<env>'], [GLOBAL_DIR, '<global>']]
  lines = calls.each_with_index.map do |c, i|
    m = c.match(/\A(\w+)\((.*)\)(\s*\|.*)?\z/m) or raise "#{name}: bad case line: #{c}"
    "pp2go_try(#{i}, '#{m[1]}', [#{m[2]}])#{m[3]}"
  end
  FileUtils.mkdir_p(File.join(envdir, 'manifests'))
  File.write(File.join(envdir, 'manifests/site.pp'), "#{site}\n#{lines.join("\n")}\n")
  [calls, envpath, facts]
end

# compile_env compiles node NODE in the environment (the cases run as the
# catalog is compiled); it returns the compile error, if any. loader may be
# reused so that Puppet keeps its environment caches, as a server does.
def compile_env(loader, facts)
  compile_error = nil
  Puppet.override({ environments: loader }, 'gen') do
    env = loader.get!('production')
    Puppet.override({ current_environment: env, rich_data: true,
                      trusted_information: Puppet::Context::TrustedInformation.new('remote', NODE, {}) }, 'gen') do
      node = Puppet::Node.new(NODE, environment: env)
      node.fact_merge(Puppet::Node::Facts.new(NODE, Marshal.load(Marshal.dump(facts))))
      node.add_server_facts('serverversion' => Puppet.version.to_s, 'servername' => 'puppet.gen.test', 'serverip' => '192.0.2.1')
      node.trusted_data = Puppet.lookup(:trusted_information).to_h
      begin
        Puppet::Parser::Compiler.compile(node)
      rescue StandardError => e
        compile_error = norm(e.message)
      end
    end
  end
  compile_error
end

def run_case(path, seq)
  name = File.basename(path, '.txtar')
  calls, envpath, facts = prepare_env(path, seq)
  RESULTS.clear
  SCOPE_DUMP.clear
  # warn_once: once per case file, as once per compile in pp2go
  Puppet::Util::Warnings.clear_warnings
  $unique_warnings = {}
  compile_error = compile_env(Puppet::Environments::Directories.new(envpath, []), facts)
  out = { 'node' => NODE, 'scope' => SCOPE_DUMP.dup, 'cases' => [] }
  out['compile_error'] = compile_error if compile_error
  calls.each_with_index do |c, i|
    rec = RESULTS[i] || { 'error' => 'case not run' }
    out['cases'] << { 'call' => c }.merge(rec)
  end
  File.write(File.join(OUT, "#{name}.json"), JSON.pretty_generate(out) + "\n")
  n_err = out['cases'].count { |r| r.key?('error') }
  puts "#{name}: #{calls.size} cases (#{n_err} errors)#{compile_error ? ' COMPILE ERROR: ' + compile_error : ''}"
end

if __FILE__ == $PROGRAM_NAME
FileUtils.mkdir_p(OUT)
names = ARGV.empty? ? Dir[File.join(CASES, '*.txtar')].sort : ARGV.map { |n| File.join(CASES, n.end_with?('.txtar') ? n : "#{n}.txtar") }
names.each_with_index { |p, i| run_case(p, i) }
end
