# gen-types.rb writes what Puppet 7.23 itself makes of every module type in a
# module path: attributes (in allattrs order, with kind and namevar), title
# patterns, isomorphism and features, loaded by Puppet's own autoloader with
# the modules' providers. The scanner's test compares against it.
#
#   ruby frontend/rubyscan/testdata/gen-types.rb /usr/share/puppet/modules > frontend/rubyscan/testdata/debian-types.json
require 'puppet'
require 'json'

modpath = ARGV[0] || '/usr/share/puppet/modules'
Puppet.initialize_settings(['--confdir', '/tmp/pp2go-gen/conf', '--vardir', '/tmp/pp2go-gen/var',
                            '--codedir', '/tmp/pp2go-gen/code', '--basemodulepath', modpath])
env = Puppet::Node::Environment.create(:gen, [modpath])
out = {}
Puppet.override(current_environment: env) do
  env.modules.each { |m| $LOAD_PATH.unshift(File.join(m.path, 'lib')) }
  env.modules.sort_by(&:name).each do |m|
    Dir.glob(File.join(m.path, 'lib/puppet/type/*.rb')).sort.each do |f|
      name = File.basename(f, '.rb')
      rel = f.sub(modpath + '/', '')
      begin
        t = Puppet::Type.type(name.to_sym)
      rescue Exception => e
        out[rel] = { 'error' => e.message.lines.first.to_s.strip }
        next
      end
      if t.nil?
        out[rel] = { 'error' => 'not loaded' }
        next
      end
      keys = t.key_attributes
      order = keys | (t.parameters & [:provider]) | t.validproperties | t.parameters
      attrs = order.map { |a| { 'name' => a.to_s, 'kind' => t.validproperty?(a) ? 'property' : 'param', 'namevar' => keys.include?(a) } }
      tps = begin
        t.title_patterns.map do |re, groups|
          f = +''
          f << 'm' if re.options & Regexp::MULTILINE != 0
          f << 'i' if re.options & Regexp::IGNORECASE != 0
          f << 'x' if re.options & Regexp::EXTENDED != 0
          { 'regexp' => re.source, 'flags' => f, 'attrs' => groups.map { |g| g[0].to_s } }
        end
      rescue Exception => e
        'error: ' + e.message
      end
      out[rel] = { 'name' => t.name.to_s, 'attrs' => attrs, 'title_patterns' => tps,
                   'isomorphic' => t.isomorphic?, 'features' => t.features.map(&:to_s) }
    end
  end
end
# one type per line keeps diffs readable
puts "{\n" + out.map { |k, v| "#{k.to_json}: #{v.to_json}" }.join(",\n") + "\n}"
