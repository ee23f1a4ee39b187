#!/bin/sh
# cli.sh -- what `puppet lookup --explain` prints for the lang_hiera_apl
# scenario (node lang.example.com), for TestExplainLikePuppetLookup.
# Usage: sh gen/cli.sh  (from frontend/hiera/testdata; needs Debian's puppet)
set -e
SCEN=${SCENARIOS:-../../../../shared/conformance/scenarios}/lang_hiera_apl
ROOT=$(mktemp -d)
trap 'rm -rf "$ROOT"' EXIT
cp -r "$SCEN" "$ROOT/production"
printf 'modulepath = modules\n' > "$ROOT/production/environment.conf"
mkdir -p expected/cli
for key in app::port app::settings app::packages app::url nope::x common_only; do
  out=expected/cli/$(echo "$key" | tr ':' '_').txt
  puppet lookup --confdir "$ROOT/conf" --vardir "$ROOT/var" --codedir "$ROOT/code" \
    --environmentpath "$ROOT" --environment production --node lang.example.com \
    --facts "$SCEN/nodes/lang.example.com.json" --explain "$key" 2>&1 \
    | sed "s|$ROOT/production|<env>|g" > "$out" || true
  echo "$out"
done
