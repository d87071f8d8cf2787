#!/usr/bin/env bash
# A stranger's Boot 3.1.12 web application with vt-starter as its one extra dependency: its own tests pass on
# every Java runtime given (virtual threads on 21+, platform threads on 17), built against the vt-starter in the
# local Maven repository exactly as a user's build would resolve it. BOOT_VERSION (default 3.1.12) replaces the
# version of spring-boot-starter-parent: the same application after an upgrade to Boot 3.2+. For Boot 4 the
# upgrade also applies boot4-migration.patch, the change Boot 4 requires of this application whatever its
# dependencies (TestRestTemplate moved to spring-boot-resttestclient and is no longer auto-configured); nothing in
# it concerns vt-starter. SERVER=undertow applies undertow.patch: the same application on Undertow (Boot 3.x).
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
for java in "$@"; do
  echo "--- tests of the user's application on Boot $BOOT_VERSION ($SERVER), $("$java" -version 2>&1 | head -1)"
  if ! "$ROOT/mvnw" -B -ntp -f "$WORK/pom.xml" verify -Djvm="$java" > "$WORK/build.log" 2>&1; then
    cat "$WORK/build.log"
    echo "FAIL: the user's application does not pass its tests on $java" >&2
    exit 1
  fi
  grep -E "Tests run: .*, Failures" "$WORK/build.log" | tail -1
done
echo "OK: the user's application passes its tests on every runtime given"
