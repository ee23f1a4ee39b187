# synthetic.rb -- renders every corpus template with made-up variables
# through Puppet's TemplateWrapper (with capture.rb loaded, so each
# rendering is recorded like the ones captured from real compiles).
#
#   ERB_CAPTURE=out.jsonl ruby -r./capture.rb synthetic.rb TEMPLATES_DIR
#
# Three variable sets per template, from how the template uses each
# variable (Ripper): "typed" (strings, arrays, hashes, true, as the methods
# called on them suggest), "empty" (nothing defined: every @x is nil) and
# "alt" (other shapes: one-element arrays, empty hashes, false). Functions
# the templates call through scope are small stand-ins (versioncmp is
# Puppet's own); their results are recorded, so the Go test replays them.
require 'puppet'
require 'ripper'
require 'erb'
require 'json'

Puppet.initialize_settings([]) rescue nil

ROOT = ARGV[0] or abort 'usage: synthetic.rb TEMPLATES_DIR'

require_relative 'fake_scope'

# Usage collects, per variable, the methods called on it.
class Usage
  attr_reader :vars

  def initialize
    @vars = Hash.new { |h, k| h[k] = { methods: [], keys: [], params: [] } }
  end

  def var_of(node)
    return nil unless node.is_a?(Array)
    if node[0] == :var_ref && node[1].is_a?(Array) && node[1][0] == :@ivar
      return node[1][1][1..]
    end
    if node[0] == :method_add_arg && node[1].is_a?(Array) && node[1][0] == :call
      call = node[1]
      if call[1] == [:vcall, call[1][1]] && call[1][1].is_a?(Array) && call[1][1][1] == 'scope' &&
         call[3].is_a?(Array) && call[3][1] == 'lookupvar'
        s = first_string(node[2])
        return s&.sub(/\A::/, '')
      end
    end
    if node[0] == :aref && node[1].is_a?(Array) && node[1][0] == :vcall && node[1][1][1] == 'scope'
      s = first_string(node[2])
      return s&.sub(/\A::/, '')
    end
    nil
  end

  def first_string(node)
    return nil unless node.is_a?(Array)
    if node[0] == :@tstring_content
      return node[1]
    end
    if node[0] == :string_literal && node[1].is_a?(Array) && node[1][0] == :string_content && node[1].length == 2 && node[1][1][0] == :@tstring_content
      return node[1][1][1]
    end
    node.each { |c| (s = first_string(c)) and return s }
    nil
  end

  def walk(node)
    return unless node.is_a?(Array)
    if (v = var_of(node))
      @vars[v]
    end
    case node[0]
    when :call, :command_call
      if (v = var_of(node[1]))
        m = node[3].is_a?(Array) ? node[3][1] : node[3].to_s
        @vars[v][:methods] << m.to_s
      end
    when :aref
      if (v = var_of(node[1]))
        @vars[v][:methods] << '[]'
        if (s = first_string(node[2]))
          @vars[v][:keys] << s
        end
      end
    when :method_add_block
      call = node[1]
      call = call[1] if call.is_a?(Array) && call[0] == :method_add_arg
      if call.is_a?(Array) && %i[call command_call].include?(call[0]) && (v = var_of(call[1]))
        params = node[2].flatten.each_cons(2).select { |a, _| a == :@ident }.length
        bv = node[2][1]
        n = 0
        if bv.is_a?(Array) && bv[0] == :block_var && bv[1].is_a?(Array) && bv[1][1].is_a?(Array)
          n = bv[1][1].length
        end
        @vars[v][:params] << n
      end
    end
    node.each { |c| walk(c) }
  end
end

HASHY = %w[each_pair keys values has_key? key? each_key each_value merge fetch].freeze
ARRAYY = %w[join flatten compact first last uniq push << each_with_index each_index zip transpose sort_by select reject map collect].freeze
STRINGY = %w[gsub sub split upcase downcase capitalize strip start_with? end_with? =~ match chomp ljust rjust to_sym].freeze

def kind_of_var(u)
  m = u[:methods]
  return :hash if (m & HASHY).any? || u[:params].any? { |n| n >= 2 } || !u[:keys].empty?
  return :string if (m & STRINGY).any?
  return :array if (m & ARRAYY).any? || (m & %w[each include? empty? length size count any? sort]).any?
  return :bool if m.empty?
  :string
end

def string_for(name)
  case name
  when /port/ then '8080'
  when /(^|_)(ip|address|addr)($|_)/, /listen/ then '192.0.2.10'
  when /path|dir|file|root/ then "/srv/#{name}"
  when /user|owner|group/ then 'puppet'
  when /version/ then '2.4.6'
  when /(^|_)(enable|ensure)/ then 'present'
  else "#{name}_value"
  end
end

def value_for(name, usage, variant)
  kind = kind_of_var(usage)
  case variant
  when :typed
    case kind
    when :hash
      h = {}
      usage[:keys].uniq.each { |k| h[k] = "#{k}_value" }
      h['key1'] = 'value1' if h.empty?
      h['key2'] = 'value2' if h.length < 2
      h
    when :array then ["#{name}_a", "#{name}_b"]
    when :bool then true
    else string_for(name)
    end
  when :alt
    case kind
    when :hash then usage[:keys].empty? ? {} : usage[:keys].uniq.to_h { |k| [k, ["#{k}_1"]] }
    when :array then ["#{name}_only"]
    when :bool then false
    else "#{name} with spaces"
    end
  end
end

Dir.glob(File.join(ROOT, '**', '*.erb')).sort.each do |path|
  src = File.read(path)
  ruby = ERB.new(src, trim_mode: '-').src
  sexp = Ripper.sexp(ruby)
  next unless sexp
  u = Usage.new
  u.walk(sexp)
  %i[typed empty alt].each do |variant|
    vars = {}
    unless variant == :empty
      set_by_template = src.scan(/scope\.setvar\(\s*['"]([^'"]+)/).flatten
      u.vars.each do |name, usage|
        vars[name] = value_for(name, usage, variant) unless set_by_template.include?(name)
      end
    end
    w = Puppet::Parser::TemplateWrapper.new(FakeScope.new(vars))
    w.instance_variable_set(:@__file__, path)
    begin
      w.result
    rescue Exception # recorded by capture.rb
    end
  end
end
