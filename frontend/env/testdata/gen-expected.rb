# gen-expected.rb asks Puppet 7.23 itself how it loads the fixture in
# testdata/fx: module path, modules, main manifest files, and what its
# autoloaders find for a list of names (each asked in a fresh environment,
# so that earlier loads cannot help later ones). The Go tests compare with
# the JSON it writes.
#
#   ruby frontend/env/testdata/gen-expected.rb > frontend/env/testdata/expected.json
require 'puppet'
require 'json'

FX = File.expand_path('fx', __dir__)
Puppet.initialize_settings(['--confdir', '/tmp/pp2go-gen/conf', '--vardir', '/tmp/pp2go-gen/var',
                            '--codedir', '/tmp/pp2go-gen/code', '--environmentpath', File.join(FX, 'envs'),
                            '--basemodulepath', File.join(FX, 'base')])

def rel(p)
  p.nil? ? nil : p.to_s.sub(FX + '/', '')
end

def fresh
  Puppet::Environments::Directories.new(File.join(FX, 'envs'), [File.join(FX, 'base')]).get(:production)
end

def with_env
  env = fresh
  loaders = Puppet::Pops::Loaders.new(env)
  Puppet.override(environments: Puppet::Environments::Static.new(env), current_environment: env, loaders: loaders) do
    yield env, loaders
  end
end

out = {}
with_env do |env, _|
  out['modulepath'] = env.full_modulepath.map { |p| rel(p) }
  out['manifest'] = rel(env.manifest)
  out['modules'] = env.modules.map { |m| [m.name, rel(m.path)] }.sort
  out['manifest_files'] = Puppet::FileSystem::PathPattern.absolute(File.join(env.manifest, '**/*.pp')).glob.sort.map { |f| rel(f) }
end

classes = %w[a a::inline a::b a::b::c a::b::e a::bx a::nope main_cls from_a_pp from_upper_a in_sub hidden_one hidden_two
             nometa badmeta bad_name base_only c notwrongloc ::a]
out['classes'] = classes.map do |n|
  with_env { |env, _| [n, rel((env.known_resource_types.find_hostclass(n) rescue nil)&.file)] }
end
defines = %w[a::d a::b::def2 a::nope]
out['defines'] = defines.map do |n|
  with_env { |env, _| [n, rel(env.known_resource_types.find_definition(n)&.file)] }
end

# Functions: from the environment ("") and from modules. Definitions in
# manifests need their manifest loaded first (Puppet instantiates them then).
functions = [['', 'mainfn'], ['', 'a::f'], ['', 'a::sub::g'], ['', 'a::rb'], ['', 'top'], ['', 'three'],
             ['', 'environment::envfn'], ['', 'toplevel'], ['', 'environment::envrb'], ['', 'a::nope'], ['', 'nope::f'],
             ['', 'a::wrong'], ['', 'a::misnamed'], ['', 'dupfn'], ['c', 'dupfn'], ['d', 'dupfn'], ['a', 'a::f'],
             ['a', 'top'], ['c', 'a::f'], ['c', 'top'], ['', 'a::in_manifest']]
out['functions'] = functions.map do |from, n|
  with_env do |env, loaders|
    env.known_resource_types # parses the main manifest, as a compile does
    loader = from.empty? ? loaders.private_environment_loader : loaders.private_loader_for_module(from)
    entry = begin
      loader.load_typed(Puppet::Pops::Loader::TypedName.new(:function, n))
    rescue StandardError => e
      { error: e.message }
    end
    origin = entry.is_a?(Hash) ? "error: #{entry[:error].gsub(FX + "/", "")}" : rel(entry&.origin&.to_s&.sub(%r{\Afile://}, "")&.sub(/\?.*\z/, ""))
    [from, n, origin]
  end
end

types = %w[A::T MainT Envtype A::Nope Nope A::Inmanifest]
out['type_aliases'] = types.map do |n|
  with_env do |env, loaders|
    env.known_resource_types
    entry = loaders.private_environment_loader.load_typed(Puppet::Pops::Loader::TypedName.new(:type, n.downcase))
    [n, rel(entry&.origin&.to_s&.sub(%r{\Afile://}, "")&.sub(/\?.*\z/, ""))]
  end
end

# The Unacceptable location rule, as Puppet reports it when it loads the file.
out['validation'] = with_env do |env, _|
  begin
    env.known_resource_types.find_hostclass('wrongloc')
    nil
  rescue Puppet::Error => e
    e.message.gsub(FX + '/', '')
  end
end

puts JSON.pretty_generate(out)
