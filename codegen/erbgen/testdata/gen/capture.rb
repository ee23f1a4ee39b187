# capture.rb -- loaded into a Ruby process running Puppet (RUBYOPT=-r...):
# records every ERB rendering done by Puppet's template() and
# inline_template() functions as one JSON line in $ERB_CAPTURE: the
# template, the variables it can see (those it names with @x, or all of
# them when it calls scope.to_hash), every scope lookup, every Puppet
# function call with its result, and the output or the error.
#
# The records are what the Go corpus test replays: the same variables and
# function results given to the translated template must give the same
# text (or the same error) as Ruby gave.
require 'puppet'
require 'json'

module ErbCapture
  class Unencodable < StandardError; end

  def self.enc(v, depth = 0)
    raise Unencodable, 'too deep' if depth > 40
    case v
    when nil, true, false, Integer then v
    when Float
      raise Unencodable, 'float' if v.nan? || v.infinite?
      v
    when String
      raise Unencodable, 'binary string' unless v.valid_encoding? && (v.encoding == Encoding::UTF_8 || v.ascii_only?)
      v
    when Symbol then { '__sym' => v.to_s }
    when Array then v.map { |e| enc(e, depth + 1) }
    when Hash then { '__h' => v.map { |k, x| [enc(k, depth + 1), enc(x, depth + 1)] } }
    when Regexp then { '__re' => v.source }
    else raise Unencodable, v.class.to_s
    end
  end

  # names set with scope.setvar, per scope (the scope holds the Ruby
  # object itself; lookups of these names are not replayed from records)
  def self.set_names
    @set_names ||= Hash.new { |h, k| h[k] = {} }
  end

  # Records what a template does with its scope.
  class ScopeRecorder
    attr_reader :lookups, :calls, :hash_used, :setvars

    def initialize(scope)
      @scope = scope
      @lookups = []
      @calls = []
      @setvars = []
      @hash_used = false
    end

    def set_names
      ErbCapture.set_names[@scope.object_id]
    end

    def setvar(name, value, *rest)
      @setvars << [name, (ErbCapture.enc(value) rescue { '__unencodable' => 'value' })]
      r = @scope.setvar(name, value, *rest)
      set_names[name] = true
      r
    end

    def record_lookup(name, value, found)
      @lookups << [name, found ? ErbCapture.enc(value) : { '__absent' => true }]
    rescue Unencodable => e
      @lookups << [name, { '__unencodable' => e.message }]
    end

    def lookupvar(name, *rest)
      v = @scope.lookupvar(name, *rest)
      record_lookup(name, v, true) unless set_names[name]
      v
    end

    def [](name, *rest)
      v = @scope[name, *rest]
      record_lookup(name, v, true) unless set_names[name]
      v
    end

    def include?(name)
      v = @scope.include?(name)
      @lookups << [name.to_s, v ? { '__present' => true } : { '__absent' => true }]
      v
    end

    attr_accessor :on_to_hash

    def to_hash(*args)
      # the wrapper's own call (to set the instance variables) does not count
      unless @hash_used || caller_locations(1, 1).first.path.end_with?('templatewrapper.rb')
        @hash_used = true
        @on_to_hash&.call
      end
      @scope.to_hash(*args)
    end

    def call_function(name, args, &block)
      record_call(name, args) { @scope.call_function(name, args, &block) }
    end

    def record_call(name, args)
      rec = { 'name' => name.to_s }
      begin
        rec['args'] = ErbCapture.enc(args)
      rescue Unencodable => e
        rec['args'] = { '__unencodable' => e.message }
      end
      begin
        res = yield
        begin
          rec['result'] = ErbCapture.enc(res)
        rescue Unencodable => e
          rec['result'] = { '__unencodable' => e.message }
        end
        res
      rescue Exception => e
        rec['error'] = { 'class' => e.class.to_s, 'message' => e.message, 'frame' => (e.backtrace || []).first.to_s }
        raise
      ensure
        @calls << rec
      end
    end

    def method_missing(name, *args, &block)
      if name.to_s.start_with?('function_')
        return record_call(name.to_s.sub('function_', ''), args.first) { @scope.send(name, *args, &block) }
      end
      @calls << { 'name' => "scope.#{name}", 'unsupported' => true }
      @scope.send(name, *args, &block)
    end

    def respond_to_missing?(name, priv = false)
      @scope.respond_to?(name, priv)
    end
  end

  def self.out
    @out ||= File.open(ENV.fetch('ERB_CAPTURE'), 'a')
  end

  def self.write(rec)
    out.puts(JSON.generate(rec))
    out.flush
  end
end

class Puppet::Parser::TemplateWrapper
  alias_method :erb_capture_original_result, :result

  def scope
    @__erb_capture_recorder || @__scope__
  end

  def result(string = nil)
    real = @__scope__
    rec = ErbCapture::ScopeRecorder.new(real)
    @__erb_capture_recorder = rec
    source = string || Puppet::FileSystem.read_preserve_line_endings(@__file__)
    record = { 'file' => @__file__, 'inline' => !string.nil? }
    record['source'] = string if string
    names = source.scan(/@([A-Za-z_][A-Za-z0-9_]*)/).flatten.uniq
    # the variables as they are before the template runs (it may change
    # them: @list << x mutates the scope's own array)
    all_vars = real.to_hash
    begin
      record['vars'] = ErbCapture.enc(all_vars.select { |k, _| names.include?(k.gsub(/[^\w]/, '_')) })
    rescue ErbCapture::Unencodable => ue
      record['vars'] = { '__unencodable' => ue.message }
    end
    # all variables, for templates that call scope.to_hash themselves:
    # taken at that first call (before the template can change them)
    full_vars = nil
    rec.on_to_hash = lambda do
      full_vars = begin
        ErbCapture.enc(all_vars)
      rescue ErbCapture::Unencodable
        nil
      end
    end
    # objects templates stored in this scope with scope.setvar
    record['template_data'] = ErbCapture.set_names[real.object_id].keys.to_h do |n|
      [n, (ErbCapture.enc(real.lookupvar(n)) rescue { '__unencodable' => 'value' })]
    end
    begin
      out = erb_capture_original_result(string)
      record['output'] = out
      out
    rescue Exception => e
      record['error'] = { 'class' => e.class.to_s, 'message' => e.message, 'frame' => (e.backtrace || []).first.to_s }
      raise
    ensure
      # variables the template changed in place (Puppet's scope holds the
      # same objects, so the change is Puppet's too)
      begin
        after = ErbCapture.enc(real.to_hash.select { |k, _| names.include?(k.gsub(/[^\w]/, '_')) })
        before = record['vars']
        if before.is_a?(Hash) && before['__h']
          was = before['__h'].to_h
          record['mutated'] = after['__h'].select { |k, v| was.key?(k) && was[k] != v }.to_h
          # and variables looked up by name (scope['a::b'])
          rec.lookups.each do |name, v|
            next if v.is_a?(Hash) && (v.key?('__absent') || v.key?('__present') || v.key?('__unencodable'))
            now = ErbCapture.enc(real.lookupvar(name))
            record['mutated'][name] = now if now != v
          end
          record['mutation_checked'] = true
        end
      rescue ErbCapture::Unencodable
        nil
      end
      record['vars'] = full_vars || { '__unencodable' => 'scope.to_hash' } if rec.hash_used
      record['hash_used'] = rec.hash_used
      record['lookups'] = rec.lookups
      record['calls'] = rec.calls
      record['setvars'] = rec.setvars
      @__erb_capture_recorder = nil
      ErbCapture.write(record)
    end
  end
end
