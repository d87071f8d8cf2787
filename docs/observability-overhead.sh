#!/usr/bin/env bash
# Throughput of the sample app's sleeping endpoint with the JFR pinning monitor on and off, in one run.
# Two servers run side by side (same jar, same JVM flags; one with vtstarter.pinning.enabled=false) and wrk
# loads them in alternating rounds, so that whatever else the machine does hits both; report the medians.
#
# Usage: docs/observability-overhead.sh <java> [rounds] [seconds-per-round] [connections] [sleep-ms] [warm-up-seconds]
# Build first: mvn -B -q -pl sample-app -am package -DskipTests
set -euo pipefail
JAVA=${1:?path to a java 21+ binary}
ROUNDS=${2:-6}
SECONDS_PER_ROUND=${3:-15}
CONNECTIONS=${4:-400}
SLEEP_MS=${5:-100}
WARMUP_SECONDS=${6:-60}
JAR=${JAR:-$(cd "$(dirname "$0")/.." && pwd)/sample-app/target/sample-app-0.1.0-SNAPSHOT.jar}
OUT=$(mktemp -d)
FLAGS="-Xms256m -Xmx256m"
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

"$JAVA" $FLAGS -jar "$JAR" --server.address=127.0.0.1 --server.port=18181 > "$OUT/on.log" 2>&1 &
PIDS+=($!)
"$JAVA" $FLAGS -jar "$JAR" --server.address=127.0.0.1 --server.port=18182 --vtstarter.pinning.enabled=false > "$OUT/off.log" 2>&1 &
PIDS+=($!)
for port in 18181 18182; do
	for _ in $(seq 1 120); do curl -sf -o /dev/null "http://127.0.0.1:$port/actuator/health" && break; sleep 1; done
done
curl -s http://127.0.0.1:18181/actuator/virtualthreads | grep -o '"pinning":{"available":[a-z]*'
curl -s http://127.0.0.1:18182/actuator/virtualthreads | grep -o '"pinning":{"available":[a-z]*'

URL_PATH="/pinning/lock?ms=$SLEEP_MS"
PID_ON=${PIDS[0]}
PID_OFF=${PIDS[1]}
# CPU time (user+system, clock ticks) the server used: less sensitive to other load on the machine than req/s.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
run() { # port label round pid
	local before after requests
	before=$(ticks "$4")
	wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_ROUND}s" --timeout 10s "http://127.0.0.1:$1$URL_PATH" > "$OUT/$2-$3.txt"
	after=$(ticks "$4")
	requests=$(grep -E '[0-9]+ requests in' "$OUT/$2-$3.txt" | awk '{print $1}')
	# microseconds of server CPU per request (USER_HZ = 100 ticks/s)
	awk -v t=$((after - before)) -v r="$requests" 'BEGIN {printf "%.1f\n", t * 10000 / r}' > "$OUT/$2-$3.cpu"
	echo "$2 round $3: $(grep 'Requests/sec' "$OUT/$2-$3.txt" | awk '{print $2}') req/s, $(cat "$OUT/$2-$3.cpu") us CPU/request $(grep -E 'Socket errors|Non-2xx' "$OUT/$2-$3.txt" | tr '\n' ' ')"
}
# Warm-up (JIT), not counted.
SAVED=$SECONDS_PER_ROUND; SECONDS_PER_ROUND=$WARMUP_SECONDS
run 18181 on warmup "$PID_ON" > /dev/null; run 18182 off warmup "$PID_OFF" > /dev/null
SECONDS_PER_ROUND=$SAVED
for round in $(seq 1 "$ROUNDS"); do
	if (( round % 2 )); then
		run 18181 on "$round" "$PID_ON"; run 18182 off "$round" "$PID_OFF"
	else
		run 18182 off "$round" "$PID_OFF"; run 18181 on "$round" "$PID_ON"
	fi
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
ON=$(for f in "$OUT"/on-[0-9]*.txt; do grep 'Requests/sec' "$f" | awk '{print $2}'; done | median)
OFF=$(for f in "$OUT"/off-[0-9]*.txt; do grep 'Requests/sec' "$f" | awk '{print $2}'; done | median)
echo "median req/s: on=$ON off=$OFF throughput cost=$(awk -v on="$ON" -v off="$OFF" 'BEGIN {printf "%.2f%%", (off-on)/off*100}')"
CPU_ON=$(cat "$OUT"/on-[0-9]*.cpu | median)
CPU_OFF=$(cat "$OUT"/off-[0-9]*.cpu | median)
echo "median server CPU us/request: on=$CPU_ON off=$CPU_OFF CPU cost=$(awk -v on="$CPU_ON" -v off="$CPU_OFF" 'BEGIN {printf "%.2f%%", (on-off)/off*100}')"
echo "raw wrk output in $OUT"
