#!/usr/bin/env bash
# vt-starter on Spring Boot 4: a Boot 4 web application with the starter as its one extra dependency passes the
# tests beside it (Boot's executors counted, meters registered once, the endpoint, a captured pinning event,
# keep-alive) and the module's startup guard tests (src/guard-test, copied in), on each Java runtime given,
# built against the vt-starter in the local Maven repository as a user's build resolves it.
#   BOOT_VERSION  Boot 4 line to test (default 4.0.7; 4.1.x too)
#   SERVER        tomcat (default) or jetty (Jetty 12, with micrometer-java21 so that Boot binds the pinning meters)
#   GUARD_TESTS   1 (default) runs the startup guard tests too; 0 leaves them out
# Usage (from the repository root, after ./mvnw -B -DskipTests install):
#   [BOOT_VERSION=4.1.2] [SERVER=jetty] vt-starter-autoconfigure/src/it/boot4/verify.sh /path/to/java-21 [/path/to/java-25 ...]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
[ $# -gt 0 ] || { echo "usage: $0 JAVA..." >&2; exit 2; }
BOOT_VERSION=${BOOT_VERSION:-4.0.7}
SERVER=${SERVER:-tomcat}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp -r "$HERE/pom.xml" "$HERE/src" "$WORK/"
# The startup guard tests take three minutes a run: GUARD_TESTS=0 leaves them out of a run that repeats a line.
[ "${GUARD_TESTS:-1}" = 0 ] || cp -r "$ROOT/vt-starter-autoconfigure/src/guard-test/java/." "$WORK/src/test/java/"
sed -i "0,/<version>4.0.7<\/version>/s//<version>$BOOT_VERSION<\/version>/" "$WORK/pom.xml"
ARGS=()
[ "$SERVER" = jetty ] && ARGS+=(-Pjetty)
for java in "$@"; do
  echo "--- vt-starter on Boot $BOOT_VERSION with $SERVER, $("$java" -version 2>&1 | head -1)"
  if ! "$ROOT/mvnw" -B -ntp -f "$WORK/pom.xml" verify -Djvm="$java" ${ARGS[@]+"${ARGS[@]}"} > "$WORK/build.log" 2>&1; then
    cat "$WORK/build.log"
    echo "FAIL: vt-starter on Boot $BOOT_VERSION ($SERVER) does not pass on $java" >&2
    exit 1
  fi
  grep -E "Tests run: .*, Failures" "$WORK/build.log" | tail -1
done
echo "OK: vt-starter on Boot $BOOT_VERSION ($SERVER) passes on every runtime given"
