# Generates codegen/rubyfn/testdata/expected/*.json: what Puppet 7.23 gives
# for the function calls of testdata/cases/*.txt. A case file's name says
# which module set is the module path: debian12*.txt Debian 12's
# (/usr/share/puppet/modules), debian13*.txt Debian 13's
# (../shared/conformance/debian13/fetch-modules DIR; PP2GO_D13_MODULES,
# default /tmp/d13/modules). Not run by the tests (they never need
# Puppet); rerun after adding cases:
#
#   ruby codegen/rubyfn/testdata/gen.rb [CASEFILE...]
#
# It runs rt/fn/testdata/gen.rb (same facts, same rendering of results)
# once per module set, with that module path and this directory's cases.
RTGEN = File.expand_path('../../../rt/fn/testdata/gen.rb', __dir__)
MODULEPATHS = {
  'debian12' => '/usr/share/puppet/modules',
  'debian13' => ENV['PP2GO_D13_MODULES'] || '/tmp/d13/modules',
}.freeze

files = ARGV.empty? ? Dir[File.join(__dir__, 'cases', '*.txt')].sort : ARGV
files.group_by { |f| File.basename(f)[/\Adebian1[23]/] }.each do |set, group|
  abort "#{group.join(', ')}: the name must start with debian12 or debian13" unless set
  env = { 'PP2GO_GEN_MODULEPATH' => MODULEPATHS[set], 'PP2GO_GEN_OUT' => File.join(__dir__, 'expected') }
  system(env, 'ruby', RTGEN, *group.map { |f| File.expand_path(f) }) or abort "#{RTGEN} failed for #{set}"
end
