# frozen_string_literal: true

# The canonical form of a Ruby value the Psych and JSON case generators
# write (regen.rb here, rt/erb/testdata/psychdump/regen.rb and
# rt/erb/testdata/jsonparse/regen.rb) and the Go tests read: n, t, F,
# i<digits>, f<%.17g> (fnan, finf, f-inf), s<hex> (a String's bytes),
# y<hex> (a Symbol's), [e,...], {k:v,...}.
module Canon
  def self.hex(s) = s.b.unpack1('H*')

  def self.of(v)
    case v
    when nil then 'n'
    when true then 't'
    when false then 'F'
    when Integer then "i#{v}"
    when Float
      if v.nan? then 'fnan'
      elsif v.infinite? then v.positive? ? 'finf' : 'f-inf'
      else "f#{format('%.17g', v)}"
      end
    when String then "s#{hex(v)}"
    when Symbol then "y#{hex(v.to_s)}"
    when Array then "[#{v.map { |e| of(e) }.join(',')}]"
    when Hash then "{#{v.map { |k, e| "#{of(k)}:#{of(e)}" }.join(',')}}"
    else "?#{v.class}"
    end
  end

  # Writes cases (hashes) into dir: under Ruby 3.1 (Puppet 7.23's) all of
  # them, as cases.jsonl; under another Ruby (Puppet 8.10's 3.3) those
  # whose results differ from cases.jsonl's case of the same key, as
  # cases8.jsonl.
  def self.write_cases(dir, cases, key)
    if RUBY_VERSION.start_with?('3.1')
      File.write(File.join(dir, 'cases.jsonl'), cases.map { |c| "#{JSON.generate(c)}\n" }.join)
    else
      base = File.readlines(File.join(dir, 'cases.jsonl')).to_h { |l| c = JSON.parse(l); [c[key], c] }
      File.write(File.join(dir, 'cases8.jsonl'), cases.reject { |c| base[c[key]] == c }.map { |c| "#{JSON.generate(c)}\n" }.join)
    end
  end
end
