#!/bin/sh
# The load test of issue 16: the same agent-like clients against a pp2go
# binary's serve and against Debian's puppetserver serving the same
# environment with the same CA, one after the other, on this machine.
#
#   conformance/cmd/loadtest/beside-puppetserver.sh [ENV_DIR [FACTS.json [CLIENTS [COUNT [SECONDS]]]]]
#
# Defaults: the mod_lamp_web scenario of ../shared, its web1's facts, 16
# clients, at most 2000 catalogs (serve) and 64 (puppetserver), 60 s each.
# Needs Go and the puppetserver package (apt-get install puppetserver);
# puppetserver runs from a copy of its configuration under $WORK (default
# /tmp/pp2go-loadtest), on 127.0.0.1:18140, as its Debian defaults have it
# (1 GiB heap, JRuby instances: the CPUs less one; JRUBY_INSTANCES=N and
# HEAP=2g change them) with environment_timeout = unlimited, as Puppet
# advises for production. It is stopped at the end. Each client stops
# starting runs after SECONDS; the runs in flight then finish.
set -eu
cd "$(dirname "$0")/../../.."
ENV=${1:-../shared/conformance/scenarios/mod_lamp_web}
FACTS=${2:-$ENV/nodes/web1.example.com.json}
CLIENTS=${3:-16}
COUNT=${4:-2000}
SECONDS_=${5:-60}
WORK=${WORK:-/tmp/pp2go-loadtest}
ENV=$(cd "$ENV" && pwd)
FACTS=$(cd "$(dirname "$FACTS")" && pwd)/$(basename "$FACTS")

mkdir -p "$WORK"
go build -o "$WORK/pp2go" ./cmd/pp2go
go build -o "$WORK/loadtest" ./conformance/cmd/loadtest
"$WORK/pp2go" build "$ENV" -o "$WORK/catalog" --work "$WORK/gen"
rm -rf "$WORK/ca" "$WORK/ps"
"$WORK/loadtest" mkca -dir "$WORK/ca" -clients "$CLIENTS"

# puppetserver's configuration, its directories under $WORK/ps.
P=$WORK/ps
mkdir -p "$P/puppet" "$P/code/environments" "$P/var" "$P/run" "$P/log"
cp -r /etc/puppet/puppetserver/conf.d /etc/puppet/puppetserver/services.d \
	/etc/puppet/puppetserver/logback.xml /etc/puppet/puppetserver/request-logging.xml "$P/"
cp -r "$WORK/ca/server-ssl" "$P/ssl"
cp -r "$WORK/ca/cadir" "$P/ca"
cp -r "$ENV" "$P/code/environments/production"
cat >"$P/puppet/puppet.conf" <<EOF
[main]
certname = puppet.test
ssldir = $P/ssl
codedir = $P/code
cadir = $P/ca
vardir = $P/var
logdir = $P/log
rundir = $P/run
environment_timeout = unlimited
EOF
sed -i "s#/var/log/puppetserver#$P/log#g" "$P/logback.xml" "$P/request-logging.xml"
sed -i "s#/etc/puppet/puppetserver/logback.xml#$P/logback.xml#" "$P/conf.d/global.conf"
sed -i "s#server-conf-dir: /etc/puppet\$#server-conf-dir: $P/puppet#; s#server-code-dir: /etc/puppet/code#server-code-dir: $P/code#;
	s#server-var-dir: /var/lib/puppetserver#server-var-dir: $P/var#; s#server-run-dir: /run/puppetserver#server-run-dir: $P/run#;
	s#server-log-dir: /var/log/puppetserver#server-log-dir: $P/log#" "$P/conf.d/puppetserver.conf"
if [ -n "${JRUBY_INSTANCES:-}" ]; then
	sed -i "s#^jruby-puppet: {#jruby-puppet: {\n    max-active-instances: $JRUBY_INSTANCES#" "$P/conf.d/puppetserver.conf"
fi
sed -i "s#ssl-host: 0.0.0.0#ssl-host: 127.0.0.1#; s#ssl-port: 8140#ssl-port: 18140#;
	s#/etc/puppet/puppetserver/request-logging.xml#$P/request-logging.xml#" "$P/conf.d/webserver.conf"

"$WORK/catalog" serve --ssldir "$WORK/ca/server-ssl" --certname puppet.test --listen 127.0.0.1:18141 \
	--logfile "$WORK/serve.log" &
SERVE=$!
java -Xms${HEAP:-1g} -Xmx${HEAP:-1g} -Djruby.logger.class=com.puppetlabs.jruby_utils.jruby.Slf4jLogger \
	-Djruby.lib=/usr/share/jruby/lib -XX:+CrashOnOutOfMemoryError \
	-jar /usr/share/puppetserver/puppetserver.jar --config "$P/conf.d" --bootstrap-config "$P/services.d" \
	>"$P/stdout.log" 2>&1 &
PS=$!
trap 'kill $SERVE $PS 2>/dev/null || true' EXIT
echo "waiting for puppetserver ($P/log/puppetserver.log)"
until grep -q "Puppet Server has successfully started" "$P/log/puppetserver.log" 2>/dev/null; do
	kill -0 $PS
	sleep 2
done

echo "== pp2go serve"
"$WORK/loadtest" run -url https://127.0.0.1:18141 -dir "$WORK/ca" -facts "$FACTS" -c "$CLIENTS" -n "$COUNT" -time "${SECONDS_}s"
echo "   serve's resident memory: $(ps -o rss= -p $SERVE) KiB"
echo "== puppetserver (warm-up: 5 catalogs first)"
"$WORK/loadtest" run -url https://127.0.0.1:18140 -dir "$WORK/ca" -facts "$FACTS" -c "$CLIENTS" -n 64 -time "${SECONDS_}s" -warmup 5
echo "   puppetserver's resident memory: $(ps -o rss= -p $PS) KiB"
