# Generates rt/values/testdata/*.json: the results Puppet 7.23 itself gives
# for the cases listed in rt/values/tools/cases/*.txt. Not run by the tests.
#
#   ruby rt/values/tools/gen_expected.rb
#
# Each case file holds one case per line (blank lines and lines starting
# with # are skipped); fields are separated by " ;; ".
require 'puppet'
require 'json'

Puppet.initialize_settings(['--confdir=/tmp/pp2go-gen/conf', '--vardir=/tmp/pp2go-gen/var', '--codedir=/tmp/pp2go-gen/code'])
DIR = File.expand_path('..', __dir__)
T = Puppet::Pops::Types

def cases(name)
  File.readlines(File.join(__dir__, 'cases', "#{name}.txt"), chomp: true)
      .reject { |l| l.strip.empty? || l.start_with?('#') }
      .map { |l| l.split(' ;; ', -1) }
end

def write(name, rows)
  File.write(File.join(DIR, 'testdata', "#{name}.json"), JSON.pretty_generate(rows) + "\n")
  puts "#{name}: #{rows.size} cases"
end

# A canonical, type-tagged rendering of a value that the Go tests rebuild.
def repr(v)
  case v
  when nil then 'undef'
  when :undef then 'undef'
  when :default then 'default'
  when true then 'true'
  when false then 'false'
  when Integer then "i:#{v}"
  when Float then "f:#{v}"
  when String then "s:#{v.inspect}"
  when Array then '[' + v.map { |e| repr(e) }.join(',') + ']'
  when Hash then '{' + v.map { |k, e| "#{repr(k)}=>#{repr(e)}" }.join(',') + '}'
  when Regexp then "r:#{v.source}"
  when T::PAnyType then "t:#{v}"
  when Puppet::Pops::Time::Timespan then "ts:#{v.nsecs}"
  when Puppet::Pops::Time::Timestamp then "tm:#{v.nsecs}"
  when SemanticPuppet::Version then "v:#{v}"
  when SemanticPuppet::VersionRange then "vr:#{v}"
  when T::PSensitiveType::Sensitive then "sens(#{repr(v.unwrap)})"
  when T::PBinaryType::Binary then "b:#{v}"
  else "?#{v.class}"
  end
end

def clean(msg)
  msg.sub(/\AEvaluation Error: /, '').sub(/ \((file: [^)]*)?(line: \d+, column: \d+)?\)\z/, '').sub(/ \(line: \d+, column: \d+\)\z/, '')
end

node = Puppet::Node.new('testnode')
compiler = Puppet::Parser::Compiler.new(node)
Puppet.override(compiler.context_overrides) do
  top = compiler.topscope
  parser = Puppet::Pops::Parser::EvaluatingParser.new
  loader = Puppet.lookup(:loaders).private_environment_loader
  tp = T::TypeParser.singleton
  tc = T::TypeCalculator.singleton
  md = T::TypeMismatchDescriber.singleton

  ev = lambda do |src, scope = top.newscope|
    begin
      [:ok, parser.evaluate_string(scope, src)]
    rescue StandardError => e
      [:err, clean(e.message), (e.respond_to?(:issue_code) ? e.issue_code.to_s : '')]
    end
  end
  result_row = lambda do |row, r|
    if r[0] == :ok
      row['result'] = repr(r[1])
    else
      row['error'] = r[1]
      row['code'] = r[2] unless r[2].nil? || r[2].empty?
    end
    row
  end
  parse = lambda { |s| tp.parse(s, loader) }

  # type aliases the other cases may use, registered as modules' types/ would
  alias_rows = cases('aliases').map { |(name, definition)| { 'name' => name, 'definition' => definition } }
  aliases = alias_rows.map do |row|
    tn = Puppet::Pops::Loader::TypedName.new(:type, row['name'].downcase)
    a = Puppet::Pops::Loader::TypeDefinitionInstantiator.create(loader, tn, 'aliases.pp', "type #{row['name']} = #{row['definition']}")
    loader.set_entry(tn, a)
    a
  end
  aliases.each { |a| a.resolve(loader) }
  write('aliases', alias_rows)

  # type parsing and printing
  # 'out' is what TypeParser prints; 'eval_out' what evaluating the same
  # expression in Puppet code gives, when it differs (ParseType follows the
  # evaluator, as generated code does).
  write('typeprint', cases('types').map do |(src)|
    begin
      row = { 'src' => src, 'out' => parse.call(src).to_s }
      r = ev.call(src)
      row['eval_out'] = r[1].to_s if r[0] == :ok && r[1].to_s != row['out']
      row
    rescue StandardError => e
      { 'src' => src, 'error' => clean(e.message) }
    end
  end)

  # assignability
  # (Puppet itself recurses endlessly on some recursive aliases; such cases
  # are reported and left out.)
  write('assignable', cases('assignable').map do |(a, b)|
    begin
      { 'a' => a, 'b' => b, 'result' => tc.assignable?(parse.call(a), parse.call(b)) }
    rescue SystemStackError
      warn "skipped (Puppet overflows its stack): #{a} ;; #{b}"
      nil
    end
  end.compact)

  # instance checks and mismatch descriptions
  write('instance', cases('instance').map do |(t, v)|
    type = parse.call(t)
    r = ev.call(v)
    raise "cannot evaluate #{v}: #{r[1]}" unless r[0] == :ok
    value = r[1]
    inst = type.instance?(value)
    row = { 'type' => t, 'value' => v, 'result' => inst }
    row['mismatch'] = md.describe_mismatch("parameter 'x'", type, tc.infer_set(value)) unless inst
    row
  end)

  # inference
  write('infer', cases('infer').map do |(v)|
    value = ev.call(v)[1]
    { 'value' => v, 'infer' => tc.infer(value).to_s, 'infer_set' => tc.infer_set(value).to_s,
      'generalized' => tc.infer(value).generalize.to_s }
  end)

  # normalization and generalization of types
  write('normalize', cases('normalize').map do |(t)|
    type = parse.call(t)
    { 'type' => t, 'normalized' => type.normalize.to_s, 'generalized' => type.generalize.to_s }
  end)

  # operators
  write('ops', cases('ops').map do |(l, op, r)|
    scope = top.newscope
    res = ev.call("#{l} #{op} #{r}", scope)
    row = result_row.call({ 'left' => l, 'op' => op, 'right' => r }, res)
    if %w[=~ !~ in].include?(op) && res[0] == :ok
      row['groups'] = (0..3).map { |i| scope[i.to_s] }.map { |g| g.nil? ? nil : repr(g) }
    end
    row
  end)

  # [] access
  write('access', cases('access').map do |(lhs, keys)|
    result_row.call({ 'lhs' => lhs, 'keys' => keys }, ev.call("(#{lhs})[#{keys}]"))
  end)

  # string conversion: interpolation, String(v), String(v, fmt), sprintf
  write('format', cases('format').map do |(kind, v, fmt)|
    src = case kind
          when 'interp' then %("${(#{v})}")
          when 'string' then fmt.nil? || fmt.empty? ? "String(#{v})" : "String(#{v}, #{fmt})"
          when 'sprintf' then "sprintf(#{fmt}, #{v})"
          end
    row = { 'kind' => kind, 'value' => v }
    row['format'] = fmt unless fmt.nil? || fmt.empty?
    r = ev.call(src)
    if r[0] == :ok
      row['result'] = r[1]
    else
      row['error'] = r[1]
    end
    row
  end)

  # function signature mismatches: signatures as "Type name; Type name?" with
  # * and + for repeated parameters and &Type name (&?Type name) for blocks,
  # alternatives separated by " | "
  write('signatures', cases('signatures').each_with_index.map do |(sigs_src, args_src), ci|
    sigs = sigs_src.split(' | ').map do |sig|
      sig.split('; ').map do |p|
        t, n = p.split(/ (?=[&a-z_]+[?*+]?\z)/)
        t, n = p.sub(/\A&\??/, ''), nil if n.nil?
        [t.strip, n]
      end
    end
    fn = Puppet::Functions.create_function(:"sigtest#{ci}") do
      sigs.each_with_index do |params, si|
        define_method(:"d#{si}") { |*a| nil }
        dispatch :"d#{si}" do
          params.each do |(t, n)|
            if t.start_with?('&?')
              optional_block_param(t[2..-1], n.to_sym)
            elsif t.start_with?('&')
              block_param(t[1..-1], n.to_sym)
            elsif n.end_with?('?')
              optional_param(t, n.chomp('?').to_sym)
            elsif n.end_with?('*')
              repeated_param(t, n.chomp('*').to_sym)
            elsif n.end_with?('+')
              required_repeated_param(t, n.chomp('+').to_sym)
            else
              param(t, n.to_sym)
            end
          end
        end
      end
    end
    args = ev.call(args_src)[1]
    msg = md.describe_signatures('myfn', fn.dispatcher.signatures, tc.infer_set(args))
    { 'signatures' => sigs_src, 'args' => args_src, 'message' => msg.to_s }
  end)

  # truthiness (if) and unfold ([*v])
  write('misc', cases('misc').map do |(kind, v)|
    src = kind == 'truthy' ? "if (#{v}) { true } else { false }" : "[*(#{v})]"
    result_row.call({ 'kind' => kind, 'value' => v }, ev.call(src))
  end)

  # class parameter validation
  write('params', cases('params').map do |(params, given)|
    h = {}
    params.split('; ').each do |p|
      name, type = p.split(':', 2)
      opt = name.end_with?('?')
      name = name.chomp('?')
      ktype = opt ? T::POptionalType.new(T::PStringType.new(name)) : T::PStringType.new(name)
      h[name] = [ktype, parse.call(type)]
    end
    struct = T::PStructType.new(h.map { |_, (k, t)| T::PStructElement.new(k, t) })
    value = ev.call(given)[1]
    begin
      md.validate_parameters('Class[Foo]', struct, value)
      msg = ''
    rescue Puppet::ParseError => e
      msg = e.message
    end
    { 'params' => params, 'given' => given, 'message' => msg }
  end)
end
