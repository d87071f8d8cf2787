#!/usr/bin/env bash
# The guard rails without the runtime: a Boot web application WITHOUT vt-starter, with vt-starter-test (and
# archunit-junit5) in test scope only, built against the vt-starter-test in the local Maven repository as a user's
# build resolves it. For each Java runtime given, two builds of the same application:
#   with vt-starter-test: the build must FAIL, and for exactly these reasons, judged for the Java the tests run on:
#     - PinningRulesTest (the ArchUnit rules for that Java): noBlockingCallsInStaticInitializers fails on every Java
#       (ExchangeRates, CurrencyTable); noBlockingCallsWhileSynchronized fails on Java 21 to 23 (LegacyQuoteCache)
#       and passes from 24; noObjectWaitWhileSynchronized passes;
#     - PinningAnnotationsTest (@SpringBootTest on Boot's virtual request threads): @ShouldNotPin fails
#       currenciesAreListedWithoutPinning with the pinning stack of CurrencyTable.<clinit>; every other test passes:
#       @ShouldPin on a slow class initializer (every Java), @ShouldPin on the monitor (21-23) or @ShouldNotPin
#       on it (24+), @ShouldNotPin on the ReentrantLock;
#     - ClasspathAuditTest passes: the audit of the test class path leaves vt-starter-test out and says so;
#   without vt-starter-test (the two dependencies between the pom's markers removed, and the tests that use them):
#     the build passes.
# Both builds write ContextSnapshotTest's target/context-snapshot.txt (the virtual-threads switch, the request's and
# an @Async task's thread, every bean with its type, the live platform threads with numbers replaced by N), which
# must be identical; the exact thread names are compared too and any difference is printed.
#   BOOT_VERSION    Boot line (default 3.5.16; 4.0.7 and 4.1.2 too)
#   SNAPSHOTS_TO    a directory to copy the snapshots of both builds to (optional)
# Usage (from the repository root, after ./mvnw -B -DskipTests install):
#   [BOOT_VERSION=4.1.2] vt-starter-test/src/it/test-only-app/verify.sh /path/to/java-21 [/path/to/java-25 ...]
set -uo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
[ $# -gt 0 ] || { echo "usage: $0 JAVA..." >&2; exit 2; }
BOOT_VERSION=${BOOT_VERSION:-3.5.16}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

prepare() { # $1: directory; $2: with or without
  mkdir -p "$1" && cp -r "$HERE/pom.xml" "$HERE/src" "$1/"
  sed -i "0,/<version>3.5.16<\/version>/s//<version>$BOOT_VERSION<\/version>/" "$1/pom.xml"
  if [ "$2" = without ]; then
    sed -i '/<!-- vt-starter-test: begin/,/<!-- vt-starter-test: end/d' "$1/pom.xml"
    rm "$1"/src/test/java/com/acme/quotes/{PinningRulesTest,PinningAnnotationsTest,ClasspathAuditTest}.java
    ! grep -q "<artifactId>vt-starter-test<\|<artifactId>archunit" "$1/pom.xml" || { echo "FAIL: the pom still names vt-starter-test" >&2; exit 1; }
  fi
}

# Prints "class.method status" for every test of the surefire reports of $1, status one of passed, failed, skipped.
results() {
  python3 - "$1/target/surefire-reports" <<'PY'
import glob, sys
import xml.etree.ElementTree as ET
for f in sorted(glob.glob(sys.argv[1] + "/TEST-*.xml")):
    for case in ET.parse(f).getroot().iter("testcase"):
        status = "passed"
        for tag in ("failure", "error", "skipped"):
            if case.find(tag) is not None:
                status = {"error": "failed", "failure": "failed"}.get(tag, tag)
        print(case.get("classname").rsplit(".", 1)[-1] + "." + case.get("name"), status)
PY
}

status=0
for java in "$@"; do
  feature=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  echo "--- Boot $BOOT_VERSION, $("$java" -version 2>&1 | head -1): vt-starter-test alone, in test scope"
  with="$WORK/with-$feature" without="$WORK/without-$feature"
  prepare "$with" with
  prepare "$without" without
  (cd "$with" && "$ROOT/mvnw" -B -ntp verify -Djvm="$java" > build.log 2>&1)
  with_status=$?
  (cd "$without" && "$ROOT/mvnw" -B -ntp verify -Djvm="$java" > build.log 2>&1)
  without_status=$?

  if [ "$feature" -lt 24 ]; then monitor=failed legacy_pin=passed legacy_nopin=skipped
  else monitor=passed legacy_pin=skipped legacy_nopin=passed; fi
  expected="ClasspathAuditTest.theAuditLeavesOutVtStarterTest passed
ContextSnapshotTest.writeTheSnapshot passed
PinningAnnotationsTest.aSlowClassInitializerPinsOnEveryJava passed
PinningAnnotationsTest.currenciesAreListedWithoutPinning failed
PinningAnnotationsTest.quotesAreServedWithoutPinning passed
PinningAnnotationsTest.theLegacyCacheNoLongerPinsFromJava24 $legacy_nopin
PinningAnnotationsTest.theLegacyCachePinsOnJava21To23 $legacy_pin
PinningRulesTest.noBlockingCallsInStaticInitializers failed
PinningRulesTest.noBlockingCallsWhileSynchronized $monitor
PinningRulesTest.noObjectWaitWhileSynchronized passed"
  actual=$(results "$with" | sort)
  failed=0
  check() { if ! eval "$1"; then echo "FAIL: $2" >&2; failed=1; fi; }
  check '[ "$with_status" -ne 0 ] && grep -q "BUILD FAILURE" "$with/build.log"' "the build with vt-starter-test passed; it must fail on the pinning-prone code"
  check '[ "$actual" = "$expected" ]' "the tests with vt-starter-test ended otherwise than expected:
$(diff <(echo "$expected") <(echo "$actual"))"
  reports="$with/target/surefire-reports"
  check 'grep -qF "com.acme.quotes.ExchangeRates.<clinit>()" "$reports/com.acme.quotes.PinningRulesTest.txt" && grep -qF "com.acme.quotes.CurrencyTable.<clinit>()" "$reports/com.acme.quotes.PinningRulesTest.txt"' "the class initializer rule does not name ExchangeRates and CurrencyTable"
  if [ "$feature" -lt 24 ]; then
    check 'grep -qF "Method <com.acme.quotes.LegacyQuoteCache.quote(java.lang.String)> holds the monitor" "$reports/com.acme.quotes.PinningRulesTest.txt"' "the monitor rule does not name LegacyQuoteCache"
  fi
  check '! grep -q "QuoteSource" "$reports/com.acme.quotes.PinningRulesTest.txt"' "a rule flags QuoteSource (ReentrantLock)"
  check 'grep -qF "@ShouldNotPin: 1 virtual thread pinned its carrier during the test (jdk.VirtualThreadPinned, at least 20 ms), expected at most 0 on Java $feature" "$reports/com.acme.quotes.PinningAnnotationsTest.txt" && grep -qE "pinned [0-9]+ ms on thread .tomcat-handler-[0-9]+. at com.acme.quotes.CurrencyTable.<clinit>" "$reports/com.acme.quotes.PinningAnnotationsTest.txt"' "@ShouldNotPin's failure does not show CurrencyTable's pinning on a Tomcat request thread"
  check 'grep -qE "^Left out: vt-starter.s own jars \(vt-starter-test [^,]+\)$" "$with/build.log"' "the class path audit does not say it left vt-starter-test out"
  check '[ "$without_status" -eq 0 ]' "the build without vt-starter-test failed"
  check '[ "$(results "$without")" = "ContextSnapshotTest.writeTheSnapshot passed" ]' "the build without vt-starter-test did not run exactly ContextSnapshotTest"
  check 'diff "$with/target/context-snapshot.txt" "$without/target/context-snapshot.txt"' "the application differs with and without vt-starter-test (diff above: < with, > without)"
  check 'grep -qE "^request thread: tomcat-handler-[0-9]+ virtual=true$" "$with/target/context-snapshot.txt" && grep -qE "^@Async thread: task-[0-9]+ virtual=true$" "$with/target/context-snapshot.txt"' "requests and @Async are not on Boot's virtual threads"
  if [ "$failed" -ne 0 ]; then
    for b in "$with" "$without"; do echo "=== $b/build.log"; grep -vE "^\[INFO\] (Download|Copying)" "$b/build.log" | tail -150; done
    status=1
    continue
  fi
  snapshot="$with/target/context-snapshot.txt"
  if [ -n "${SNAPSHOTS_TO:-}" ]; then
    mkdir -p "$SNAPSHOTS_TO"
    for b in with without; do
      for f in context-snapshot context-threads; do
        cp "$WORK/$b-$feature/target/$f.txt" "$SNAPSHOTS_TO/$f-boot$BOOT_VERSION-java$feature-$b.txt"
      done
    done
  fi
  echo "    with vt-starter-test: BUILD FAILURE, as it must: $(grep -E "Tests run: .*, Failures" "$with/build.log" | tail -1 | sed 's/^\[[A-Z]*\] //')"
  grep "^\[ERROR\]   " "$with/build.log" | sed 's/^\[ERROR\]   /      /' | cut -c1-200
  echo "    without it: $(grep -E "Tests run: .*, Failures" "$without/build.log" | tail -1 | sed 's/^\[[A-Z]*\] //'); the application is the same with and without:"
  echo "      $(sed -n 2p "$snapshot"); $(sed -n 3p "$snapshot"); $(sed -n 4p "$snapshot")"
  echo "      $(grep -c '^bean ' "$snapshot") beans, $(grep -c '^thread ' "$snapshot") kinds of platform threads: identical"
  if diff -q "$with/target/context-threads.txt" "$without/target/context-threads.txt" > /dev/null; then
    echo "      exact thread names: identical ($(wc -l < "$with/target/context-threads.txt") threads)"
  else
    echo "      exact thread names differ only in their numbers (pool sizes at that moment):"
    diff "$with/target/context-threads.txt" "$without/target/context-threads.txt" | grep '^[<>]' | sed 's/^/        /'
  fi
done
[ "$status" -eq 0 ] && echo "OK: vt-starter-test alone guards the application on Boot $BOOT_VERSION and changes nothing in it"
exit "$status"
