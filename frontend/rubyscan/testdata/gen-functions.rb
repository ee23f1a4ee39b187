# gen-functions.rb writes what Puppet 7.23 makes of every Ruby function in a
# module path: for 4.x functions the argument count range and block of each
# dispatch (as Puppet's dispatcher holds them), for 3.x functions the arity
# and whether they return a value. The scanner's test compares against it.
#
#   ruby frontend/rubyscan/testdata/gen-functions.rb /usr/share/puppet/modules > frontend/rubyscan/testdata/debian-functions.json
require 'puppet'
require 'json'

modpath = ARGV[0] || '/usr/share/puppet/modules'
Puppet.initialize_settings(['--confdir', '/tmp/pp2go-gen/conf', '--vardir', '/tmp/pp2go-gen/var',
                            '--codedir', '/tmp/pp2go-gen/code', '--basemodulepath', modpath])
env = Puppet::Node::Environment.create(:gen, [modpath])
out = {}

def range(min, max)
  [min, max == Float::INFINITY || max.nil? ? -1 : max]
end

Puppet.override(current_environment: env) do
  env.modules.each { |m| $LOAD_PATH.unshift(File.join(m.path, "lib")) }
  loaders = Puppet::Pops::Loaders.new(env)
  Puppet.override(loaders: loaders) do
    env.modules.sort_by(&:name).each do |m|
      fdir = File.join(m.path, 'lib/puppet/functions')
      Dir.glob(File.join(fdir, '**/*.rb')).sort.each do |f|
        rel = f.sub(modpath + '/', '')
        name = f.sub(fdir + '/', '').sub(/\.rb\z/, '').gsub('/', '::')
        if loaders.puppet_system_loader.load(:function, name)
          out[rel] = { 'error' => 'shadowed by the Puppet core function of that name' }
          next
        end
        begin
          fn = loaders.private_loader_for_module(m.name).load(:function, name)
          if fn.nil?
            out[rel] = { 'error' => 'not loaded' }
            next
          end
          sigs = fn.class.dispatcher.signatures.map do |s|
            br = s.block_range
            block = if s.block_type.nil? then 'none' elsif br[0] == 0 then 'optional' else 'required' end
            { 'args' => range(*s.args_range), 'block' => block }
          end
          out[rel] = { 'name' => name, 'api' => 4, 'signatures' => sigs }
        rescue Exception => e
          out[rel] = { 'error' => e.message.lines.first.to_s.strip }
        end
      end
      f3dir = File.join(m.path, 'lib/puppet/parser/functions')
      Dir.glob(File.join(f3dir, '*.rb')).sort.each do |f|
        rel = f.sub(modpath + '/', '')
        name = File.basename(f, '.rb')
        begin
          $LOAD_PATH.unshift(File.join(m.path, 'lib'))
          load f
          $LOAD_PATH.shift
          ok = Puppet::Parser::Functions.function(name)
          unless ok
            out[rel] = { 'error' => 'not loaded' }
            next
          end
          out[rel] = { 'name' => name, 'api' => 3, 'arity' => Puppet::Parser::Functions.arity(name.to_sym),
                       'rvalue' => Puppet::Parser::Functions.rvalue?(name) }
        rescue Exception => e
          out[rel] = { 'error' => e.message.lines.first.to_s.strip }
        end
      end
    end
  end
end
# one function per line keeps diffs readable
puts "{\n" + out.map { |k, v| "#{k.to_json}: #{v.to_json}" }.join(",\n") + "\n}"
