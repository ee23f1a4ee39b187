# gen-conf.rb records how Puppet 7.23 reads environment.conf and the
# modulepath/manifest/basemodulepath settings, for each case of
# testdata/conf-cases.json: it writes the case's environment.conf into a
# scratch environment, runs `puppet config print modulepath manifest` there
# and stores the answer with the environment directory written $ENV and the
# working directory $CWD.
#
#   ruby frontend/env/testdata/gen-conf.rb > frontend/env/testdata/conf-expected.json
require 'json'
require 'fileutils'
require 'open3'

cases = JSON.parse(File.read(File.join(__dir__, 'conf-cases.json')))
root = '/tmp/pp2go-conf'
out = {}
cases.each do |c|
  FileUtils.rm_rf(root)
  env = File.join(root, 'envs', 'production')
  cwd = File.join(root, 'cwd')
  FileUtils.mkdir_p([File.join(env, 'manifests'), cwd])
  (c['dirs'] || []).each { |d| FileUtils.mkdir_p(File.join(env, d)) }
  File.write(File.join(env, 'environment.conf'), c['conf']) if c['conf']
  cmd = ['puppet', 'config', 'print', 'modulepath', 'manifest', '--environment', 'production',
         '--environmentpath', File.join(root, 'envs')] + (c['flags'] || [])
  stdout, = Open3.capture3(*cmd, chdir: cwd)
  vals = {}
  stdout.each_line do |l|
    k, v = l.chomp.split(' = ', 2)
    vals[k] = v.gsub(env, '$ENV').gsub(cwd, '$CWD')
  end
  out[c['name']] = vals
end
puts JSON.pretty_generate(out)
