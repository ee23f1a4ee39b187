#!/bin/sh
# Regenerates expected.json: what Puppet 7.23's own HTTP routes answer to
# file_metadata(s) and file_content requests over the fixture module path
# that puppet.rb makes (fixed modes and times). Needs Ruby and Puppet 7.23
# (Debian's puppet package); the tests read expected.json only.
set -e
cd "$(dirname "$0")"
TZ=UTC ruby puppet.rb > expected.json.new
mv expected.json.new expected.json
