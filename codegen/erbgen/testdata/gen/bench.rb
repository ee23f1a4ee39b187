# bench.rb -- times Ruby rendering the corpus cases that erbcorpus's
# BenchmarkLargest renders in Go, with the same variables and function
# results, two ways:
#   puppet:  what Puppet's template() does on every call: read the file,
#            ERB.new (compile), bind the variables, eval;
#   method:  the template compiled once into a Ruby method (ERB#def_method),
#            then only the variables are bound and the method called — the
#            fastest Ruby can render it.
#
#   ruby bench.rb CASES.jsonl MODULES_DIR ITERATIONS ID...
require 'puppet'
require 'json'
require 'erb'
require 'benchmark'

Puppet.initialize_settings([]) rescue nil

cases_file, root, iterations, *ids = ARGV
iterations = Integer(iterations)

def dec(v)
  case v
  when Array then v.map { |e| dec(e) }
  when Hash
    return v['__h'].to_h { |k, x| [dec(k), dec(x)] } if v.key?('__h')
    return v['__sym'].to_sym if v.key?('__sym')
    return Regexp.new(v['__re']) if v.key?('__re')
    raise "cannot decode #{v}"
  else v
  end
end

# ReplayScope answers as recorded (the Go benchmark's replay scope).
class ReplayScope
  def initialize(c)
    @vars = dec(c['vars'])
    @lookups = {}
    c['lookups'].each { |name, v| @lookups[name] ||= (v.is_a?(Hash) && (v.key?('__absent') || v.key?('__present')) ? nil : dec(v)) }
    @calls = c['calls'].map { |x| [x['name'], x['args'], dec(x['result'])] }
  end

  def to_hash(*) = @vars
  def lookupvar(name, *) = @lookups[name]
  def [](name, *) = @lookups[name]
  def include?(name) = !@lookups[name].nil?

  def method_missing(name, *args)
    fname = name.to_s.delete_prefix('function_')
    @calls.each { |n, _a, r| return r if n == fname }
    super
  end

  def respond_to_missing?(*) = true
end

cases = {}
File.foreach(cases_file) do |l|
  c = JSON.parse(l)
  cases[c['id']] = c if ids.include?(c['id'])
end

module Bench; end

printf("%-46s %14s %14s\n", 'template', 'puppet us/op', 'method us/op')
tp = tm = 0.0
ids.each do |id|
  c = cases.fetch(id)
  path = File.join(root, c['template'])
  scope = ReplayScope.new(c)
  want = c['output']
  render = lambda do
    w = Puppet::Parser::TemplateWrapper.new(scope)
    w.instance_variable_set(:@__file__, path)
    w.result
  end
  raise "#{id}: output differs" unless render.call == want
  erb = ERB.new(File.read(path), trim_mode: '-')
  mname = "render_#{id.gsub(/\W/, '_')}"
  erb.def_method(Puppet::Parser::TemplateWrapper, mname, path)
  method_render = lambda do
    w = Puppet::Parser::TemplateWrapper.new(scope)
    w.instance_variable_set(:@__file__, path)
    scope.to_hash.each { |name, value| w.instance_variable_set("@#{name.gsub(/[^\w]/, '_')}", value) }
    w.send(mname)
  end
  raise "#{id}: method output differs" unless method_render.call == want
  # warm up, then time
  50.times { render.call; method_render.call }
  p = Benchmark.realtime { iterations.times { render.call } } / iterations * 1e6
  m = Benchmark.realtime { iterations.times { method_render.call } } / iterations * 1e6
  tp += p
  tm += m
  printf("%-46s %14.1f %14.1f\n", id.split('#').first.delete_suffix('.erb').sub('/templates/', '_'), p, m)
end
printf("%-46s %14.1f %14.1f\n", 'total', tp, tm)
