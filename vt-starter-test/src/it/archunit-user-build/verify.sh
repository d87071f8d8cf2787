#!/usr/bin/env bash
# A user's build really fails on pinning-prone code. Builds this project (a Boot 3.1.12 application with vt-starter
# and the @ArchTest class of docs/archunit.md) against the vt-starter in the local Maven repository, and checks
# that `mvn verify` fails, and fails for the documented reason: the violation names the method holding the monitor,
# where the block is, the call chain down to JdbcTemplate, and the fix.
# Usage (from the repository root, after ./mvnw -B -DskipTests install):
#   vt-starter-test/src/it/archunit-user-build/verify.sh
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp -r "$HERE/pom.xml" "$HERE/src" "$WORK/"

"$ROOT/mvnw" -B -ntp -f "$WORK/pom.xml" verify > "$WORK/build.log" 2>&1
status=$?
if [ "$status" -eq 0 ]; then
  cat "$WORK/build.log"
  echo "FAIL: the build passed; it should have failed on OrderStatusCache" >&2
  exit 1
fi
failed=0
expect() {
  if ! grep -qF -- "$1" "$WORK/build.log"; then
    echo "FAIL: the build output lacks: $1" >&2
    failed=1
  fi
}
expect "Tests run: 2, Failures: 1, Errors: 0"
expect "Method <com.acme.shop.OrderStatusCache.status(long)> holds the monitor of the synchronized block at (OrderStatusCache.java:21)"
expect "through <com.acme.shop.OrderRepository.findStatus(long)> in (OrderStatusCache.java:24)"
expect "<org.springframework.jdbc.core.JdbcTemplate.queryForObject(java.lang.String, java.lang.Class, java.lang.Object[])> in (OrderRepository.java:16)"
expect "fix: guard the state with a java.util.concurrent.locks.ReentrantLock"
expect "BUILD FAILURE"
if [ "$failed" -ne 0 ]; then
  cat "$WORK/build.log"
  exit 1
fi
grep -F "Architecture Violation" -A1 "$WORK/build.log" | cut -c1-400
echo "OK: the user's build failed on OrderStatusCache, with the call chain in the message"
