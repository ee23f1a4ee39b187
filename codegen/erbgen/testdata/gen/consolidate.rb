# consolidate.rb -- turns recorded renderings (capture.rb's JSON lines, from
# compiling the module sweep and from synthetic.rb) into the corpus test's
# cases: paths made relative to the modules directory, duplicates removed,
# at most a few cases per template (preferring different outputs), records
# that cannot be replayed (values without a JSON form, unusual scope calls)
# left out.
#
#   ruby consolidate.rb OUT.jsonl CAPTURE.jsonl...
require 'json'
require 'digest'

out_path, *inputs = ARGV
abort 'usage: consolidate.rb OUT.jsonl CAPTURE.jsonl...' if inputs.empty?

MAX_CAPTURED = 4 # per template, from real compiles
MAX_INLINE = 3   # per inline template source

MODULES = File.expand_path(ENV['PUPPET_MODULES'] || '/usr/share/puppet/modules')

def rel(path)
  return nil if path.nil?
  return path.sub(%r{\A.*/corpus/modules/}, '') if path.include?('/corpus/modules/')
  path.delete_prefix(MODULES + '/')
end

# values Puppet cannot hold (a template stored them in the scope) cannot
# be given to the Go side
def unreplayable?(v)
  case v
  when Hash
    return true if v.key?('__sym') && !%w[default undef].include?(v['__sym'])
    v.key?('__unencodable') || v.values.any? { |x| unreplayable?(x) }
  when Array then v.any? { |x| unreplayable?(x) }
  else false
  end
end

def frame(f)
  return nil if f.nil? || f.empty?
  m = f.match(/\A(.*?):(\d+):in /) || f.match(/\A(.*?):(\d+)\z/)
  return { 'file' => f } unless m
  { 'file' => rel(m[1]) || m[1], 'line' => m[2].to_i }
end

cases = []
seen = {}
inputs.each do |input|
  # sweep batches are named by number; other files (synthetic, snippets)
  # are kept whole
  base = File.basename(input, '.jsonl')
  source = base.match?(/\A\d+\z/) ? 'compiled' : base
  File.foreach(input) do |line|
    r = JSON.parse(line)
    next if unreplayable?(r['vars']) || unreplayable?(r['lookups']) || unreplayable?(r['calls'])
    next if (r['template_data'] || {}).values.any? { |v| v.is_a?(Hash) && v.key?('__unencodable') }
    next if r['calls'].any? { |c| c['unsupported'] }
    c = {
      'template' => r['inline'] ? nil : rel(r['file']),
      'inline' => r['inline'] ? r['source'] : nil,
      'source' => source,
      'vars' => r['vars'],
      'lookups' => r['lookups'],
      'calls' => r['calls'].map { |x| x.merge('error' => x['error'] && x['error'].merge('frame' => frame(x['error']['frame']))) },
    }
    c['setvars'] = r['setvars'] unless (r['setvars'] || []).empty?
    if r['mutation_checked']
      c['mutation_checked'] = true
      c['mutated'] = r['mutated'] unless r['mutated'].empty?
    end
    c['template_data'] = r['template_data'] unless (r['template_data'] || {}).empty?
    key = JSON.generate(c.reject { |k, _| k == 'source' })
    next if seen[key]
    seen[key] = true
    if r['error']
      c['error'] = { 'class' => r['error']['class'], 'message' => r['error']['message'], 'frame' => frame(r['error']['frame']) }
    else
      c['output'] = r['output']
    end
    cases << c
  end
end

# keep every synthetic case; for compiled ones a few per template, with
# different results first
picked = []
groups = cases.group_by { |c| [c['source'], c['template'] || Digest::SHA256.hexdigest(c['inline'])] }
groups.keys.sort_by { |k| k.map(&:to_s) }.each do |k|
  list = groups[k]
  if k[0] != 'compiled'
    picked.concat(list)
    next
  end
  max = k[1].include?('/') ? MAX_CAPTURED : MAX_INLINE
  by_result = list.group_by { |c| c['output'] || c['error'].to_s }
  chosen = []
  by_result.values.each { |same| chosen << same.first if chosen.length < max }
  picked.concat(chosen)
end

counts = Hash.new(0)
File.open(out_path, 'w') do |f|
  picked.each do |c|
    name = c['template'] || ('inline:' + Digest::SHA256.hexdigest(c['inline'])[0, 16])
    counts[[name, c['source']]] += 1
    c = { 'id' => "#{name}##{c['source']}-#{counts[[name, c['source']]]}" }.merge(c)
    c.delete('inline') if c['inline'].nil?
    c.delete('template') if c['template'].nil?
    f.puts(JSON.generate(c))
  end
end
warn "#{picked.length} cases (#{picked.count { |c| c['error'] }} errors) for #{counts.keys.map(&:first).uniq.length} templates"
