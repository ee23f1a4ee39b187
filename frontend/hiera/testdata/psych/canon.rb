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
end
