# fake_scope.rb -- the part of Puppet::Parser::Scope that templates use,
# over a plain hash of variables, with small stand-ins for the Puppet
# functions templates call (versioncmp is Puppet's own). ROOT must name the
# modules directory (for nested template() calls).
require 'puppet'

# FakeScope is the part of Puppet::Parser::Scope that templates use.
class FakeScope
  def initialize(vars)
    @vars = vars
  end

  def to_hash(*)
    @vars.reject { |k, v| k.include?('::') || v.nil? }
  end

  def lookupvar(name, *)
    @vars[name.sub(/\A::/, '')]
  end

  def [](name, *)
    lookupvar(name)
  end

  def setvar(name, value, *)
    raise Puppet::ParseError, "Cannot reassign variable '$#{name}'" if @vars.key?(name)
    @vars[name] = value
  end

  def include?(name)
    !lookupvar(name.to_s).nil?
  end

  def function_versioncmp(args)
    Puppet::Util::Package.versioncmp(args[0].to_s, args[1].to_s)
  end

  def function_template(args)
    args.map do |name|
      mod, rest = name.split('/', 2)
      path = File.join(ROOT, mod, 'templates', rest)
      raise Puppet::ParseError, "Could not find template '#{name}'" unless File.exist?(path)
      w = Puppet::Parser::TemplateWrapper.new(self)
      w.instance_variable_set(:@__file__, path)
      w.result
    end.join('')
  end

  def function_fail(args)
    raise Puppet::ParseError, args.join(' ')
  end

  %w[warning notice info debug err alert crit emerg].each do |lvl|
    define_method("function_#{lvl}") { |_args| nil }
  end

  def function_str2bool(args)
    %w[1 t y true yes].include?(args[0].to_s.downcase)
  end

  def function_bool2str(args)
    args[0] ? 'true' : 'false'
  end

  def function_fqdn_rotate(args)
    args[0]
  end

  def call_function(name, args)
    send("function_#{name}", args)
  end

  def method_missing(name, *args)
    return nil if name.to_s.start_with?('function_')
    super
  end

  def respond_to_missing?(name, priv = false)
    name.to_s.start_with?('function_') || super
  end
end

