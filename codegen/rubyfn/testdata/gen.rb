# Generates codegen/rubyfn/testdata/expected/*.json: what Puppet 7.23 gives
# for the function calls of testdata/cases/*.txt, with Debian 13's modules
# (../shared/conformance/debian13/fetch-modules DIR; PP2GO_D13_MODULES,
# default /tmp/d13/modules) as the module path. Not run by the tests (they
# never need Puppet); rerun after adding cases:
#
#   ruby codegen/rubyfn/testdata/gen.rb
#
# It runs rt/fn/testdata/gen.rb (same facts, same rendering of results)
# with that module path and this directory's cases.
ENV['PP2GO_GEN_MODULEPATH'] = ENV['PP2GO_D13_MODULES'] || '/tmp/d13/modules'
ENV['PP2GO_GEN_OUT'] = File.join(__dir__, 'expected')
ARGV.replace(Dir[File.join(__dir__, 'cases', '*.txt')].sort) if ARGV.empty?
load File.expand_path('../../../rt/fn/testdata/gen.rb', __dir__)
