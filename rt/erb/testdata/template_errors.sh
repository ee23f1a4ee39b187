#!/bin/sh
# Records the errors Puppet 7.23 reports for failing templates (the
# TemplateError test compares pp2go's messages with these).
#   rt/erb/testdata/template_errors.sh > rt/erb/testdata/template_errors.txt
dir=$(cd "$(dirname "$0")" && pwd)
oracle=${ORACLE:-/work/shared/conformance/oracle/compile-catalog}
facts=$(mktemp)
echo '{}' > "$facts"
for call in "template('probe/nil_method.erb')" "template('probe/function_fail.erb')" \
            "template('probe/call_function_fail.erb')" "template('probe/float.erb')" \
            "template('probe/ipaddr.erb')" "template('probe/nested.erb')" "inline_template(\"x\\n<%= @missing.upcase %>\")"; do
  echo "notify { 'a': message => $call }" > "$dir/probe/manifests/site.pp"
  echo "=== $call"
  PP_ORACLE_QUIET=1 ruby "$oracle" "$dir/probe" probe.example.com "$facts" 2>&1 >/dev/null
done
rm -f "$facts" "$dir/probe/manifests/site.pp"
