#!/usr/bin/env bash
# A stranger's Boot 3.1.12 web application with vt-starter as its one extra dependency: its own tests pass on
# every Java runtime given (virtual threads on 21+, platform threads on 17), built against the vt-starter in the
# local Maven repository exactly as a user's build would resolve it. BOOT_VERSION (default 3.1.12) replaces the
# version of spring-boot-starter-parent: the same application after an upgrade to Boot 3.2+. For Boot 4 the
# upgrade also applies boot4-migration.patch, the change Boot 4 requires of this application whatever its
# dependencies (TestRestTemplate moved to spring-boot-resttestclient and is no longer auto-configured); nothing in
# it concerns vt-starter. SERVER=undertow applies undertow.patch: the same application on Undertow (Boot 3.x).
# Then the application runs as a user runs it, serves normal load (600 requests, 10 at a time) and stops: the
# starter must not have logged a single WARN or ERROR (a healthy application gets none).
# Usage (from the repository root, after ./mvnw -B -DskipTests install):
#   [BOOT_VERSION=3.5.16] [SERVER=undertow] vt-starter-autoconfigure/src/it/drop-in-user-app/verify.sh /path/to/java-21/bin/java [/path/to/java-17/bin/java ...]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
[ $# -gt 0 ] || { echo "usage: $0 JAVA..." >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp -r "$HERE/pom.xml" "$HERE/src" "$WORK/"
BOOT_VERSION=${BOOT_VERSION:-3.1.12}
sed -i "0,/<version>3.1.12<\/version>/s//<version>$BOOT_VERSION<\/version>/" "$WORK/pom.xml"
case "$BOOT_VERSION" in
  4.*) (cd "$WORK" && git apply "$HERE/boot4-migration.patch") ;;
esac
SERVER=${SERVER:-tomcat}
[ "$SERVER" = undertow ] && (cd "$WORK" && git apply "$HERE/undertow.patch")

# Runs the built application on a free port of 127.0.0.1, sends it normal load, stops it, and fails if the starter
# logged a WARN or an ERROR (its loggers are io.github.vtstarter.*, i.g.v.* in Boot's console pattern, and its
# messages start with "vt-starter").
quiet_run() {
  local java=$1 port log pid i
  "$ROOT/mvnw" -B -ntp -q -f "$WORK/pom.xml" dependency:build-classpath -Dmdep.outputFile="$WORK/cp.txt" > /dev/null
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  log="$WORK/run.log"
  : > "$log"
  "$java" -cp "$WORK/target/classes:$(cat "$WORK/cp.txt")" com.acme.web.WebApplication --server.port="$port" \
    --server.address=127.0.0.1 > "$log" 2>&1 &
  pid=$!
  for i in $(seq 1 120); do
    grep -q "Started WebApplication" "$log" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  if ! grep -q "Started WebApplication" "$log"; then
    kill "$pid" 2>/dev/null || true
    cat "$log"
    echo "FAIL: the user's application did not start on $java" >&2
    return 1
  fi
  seq 1 600 | xargs -P 10 -I{} sh -c 'curl -sf "http://127.0.0.1:$1/thread" > /dev/null && curl -sf "http://127.0.0.1:$1/async-thread" > /dev/null' _ "$port"
  sleep 3
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  if grep -E " (WARN|ERROR) " "$log" | grep -E "vt-starter| i\.g\.v\." ; then
    cat "$log"
    echo "FAIL: vt-starter logged a WARN or an ERROR for a healthy application on $java (above)" >&2
    return 1
  fi
  echo "quiet: a start, 1,200 requests and a stop without a WARN or ERROR from vt-starter"
}

for java in "$@"; do
  echo "--- tests of the user's application on Boot $BOOT_VERSION ($SERVER), $("$java" -version 2>&1 | head -1)"
  if ! "$ROOT/mvnw" -B -ntp -f "$WORK/pom.xml" verify -Djvm="$java" > "$WORK/build.log" 2>&1; then
    cat "$WORK/build.log"
    echo "FAIL: the user's application does not pass its tests on $java" >&2
    exit 1
  fi
  grep -E "Tests run: .*, Failures" "$WORK/build.log" | tail -1
  quiet_run "$java"
done
echo "OK: the user's application passes its tests on every runtime given"
