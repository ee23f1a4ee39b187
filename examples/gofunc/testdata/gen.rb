# Generates testdata/expected.json: what Puppet 7.23 gives when it calls the
# greet module's Ruby functions (env/modules/greet/lib) for each line of
# testdata/cases.txt. The Go test checks that the Go versions of those
# functions (env/modules/greet/go) give the same. Not run by the tests:
#
#   ruby examples/gofunc/testdata/gen.rb
require 'puppet'
require 'json'
require 'tmpdir'

ROOT = Dir.mktmpdir('pp2go-gofunc-gen')
Puppet.initialize_settings(['--confdir', "#{ROOT}/conf", '--vardir', "#{ROOT}/var", '--codedir', "#{ROOT}/code"])
DIR = __dir__
LAMBDAS = {
  'wrap' => '|$w| { "<${w}>" }',
  'number' => '|$w| { 1 }',
}

def repr(v)
  case v
  when nil then 'undef'
  when true, false then v.to_s
  when Integer then "i:#{v}"
  when Float then "f:#{v}"
  when String then "s:#{v.to_json}"
  when Array then '[' + v.map { |e| repr(e) }.join(',') + ']'
  when Hash then '{' + v.map { |k, e| "#{repr(k)}=>#{repr(e)}" }.join(',') + '}'
  else "?#{v.class}"
  end
end

env = Puppet::Node::Environment.create(:gofunc, [File.join(DIR, '..', 'env', 'modules')])
loaders = Puppet::Pops::Loaders.new(env)
Puppet.push_context(current_environment: env, loaders: loaders)
node = Puppet::Node.new('testnode', environment: env)
compiler = Puppet::Parser::Compiler.new(node)
parser = Puppet::Pops::Parser::EvaluatingParser.new
rows = []
Puppet.override(compiler.context_overrides) do
  File.readlines(File.join(DIR, 'cases.txt'), chomp: true).each do |line|
    next if line.strip.empty? || line.start_with?('#')
    name, args, lambda = line.split(' ;; ')
    src = "#{name}(*#{args})#{lambda ? ' ' + LAMBDAS.fetch(lambda) : ''}"
    row = { 'function' => name, 'args' => args }
    row['lambda'] = lambda if lambda
    begin
      row['result'] = repr(parser.evaluate_string(compiler.topscope.newscope, src, 'case.pp'))
    rescue StandardError => e
      row['error'] = e.message.sub(/\AEvaluation Error: Error while evaluating a Function Call, /, '').sub(/ \(file: .*\z/m, '')
    end
    rows << row
  end
end
File.write(File.join(DIR, 'expected.json'), JSON.pretty_generate(rows) + "\n")
puts "#{rows.size} cases"
