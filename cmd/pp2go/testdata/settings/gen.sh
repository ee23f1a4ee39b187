#!/bin/sh
# gen.sh writes expected/ from Puppet itself: the oracle's compile-catalog
# (../../../../../shared/conformance/oracle) under Puppet 7.23 (expected/7)
# and, through oracle8, 8.10 (expected/8), with the settings
# TestBuildSettings gives pp2go build (the error files keep the error, not
# the messages logged before it). Run it from this directory:
#   sh gen.sh /work/shared/conformance
set -u
C=${1:-/work/shared/conformance}
E=$(pwd)/env
CODE='include m
notify { "code": message => $settings::code }
if $facts["bad"] { notify { "x": message => $nope } }'
for v in 7 8; do
	run=""
	[ $v = 8 ] && run="$C/puppet8/oracle8"
	mkdir -p expected/$v
	PP_ORACLE_QUIET=1 $run $C/oracle/compile-catalog --set "code=$CODE" --set "confdir=$E/conf" env n1 facts.json >expected/$v/code.json
	PP_ORACLE_QUIET=1 $run $C/oracle/compile-catalog --set default_manifest=alt.pp env2 n1 facts.json >expected/$v/default_manifest.json
	PP_ORACLE_QUIET=1 $run $C/oracle/compile-catalog --set default_manifest=$E/manifests --set disable_per_environment_manifest=true env n1 facts.json 2>&1 | tail -n 1 >expected/$v/disable.error
	PP_ORACLE_QUIET=1 $run $C/oracle/compile-catalog --set "code=$CODE" --set "confdir=$E/conf" --set strict_variables=true env n1 facts-bad.json 2>expected/$v/code_unknown.error
done
