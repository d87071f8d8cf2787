"""The experiments people quote (their shapes and figures; run.sh, the full run) and the CI smoke mode (run.sh --smoke):
the sample app as platform threads, vt-starter on Boot 3.1 and Boot 3.5's native support, side by side."""
import json
import os
import subprocess
import threading
import time

from core.jvm import JDKS, JVM_OPTS, TOMCAT_TUNING, Server, java_version, status_of
from core.load import run_matrix, wrk
from core.log import log
from core.modes import build_modes, with_args
from core.proc import machine_description
from core.results import write_meta as write_json
from experiments import web_report

BACKEND_PORT = 18199

# Hikari pool for the JDBC experiment: what a real user would raise from the default 10 (said beside the figures).
HIKARI_POOL = 50

# (exp key, path, connections, seconds, wrk timeout, quoted figure, ceilings)
#  'path' may be a dict mode -> path (executor-per-request: platform vs virtual executor).
EXPERIMENTS = [
    dict(exp='io-task-2s', path='/io-task?ms=2000', conns=250, seconds=12, timeout_s=20, latency_s=2.0,
         quoted='`ab -n 3000 -c 250`, sleep 2 s: 93 → 113.6 req/s; p99 4029 → 2055 ms'),
    dict(exp='sleep-300ms', path='/sleep?ms=300', conns=500, latency_s=0.3,
         quoted='500 users (Gatling), sleep 300 ms: ~2× with virtual threads'),
    dict(exp='sleep-100ms', path='/sleep?ms=100', conns=400, latency_s=0.1,
         quoted='an earlier measurement on this 2-core machine: Boot 3.5.16 native at 400 connections reached 87–98 % of 4,000 req/s'),
    dict(exp='sleep-100ms', path='/sleep?ms=100', conns=1000, latency_s=0.1,
         quoted='an earlier measurement on this machine (6 rounds): a naive backport 1,900–5,400, native 3,500–6,400 req/s'),
    dict(exp='sleep-100ms', path='/sleep?ms=100', conns=2000, latency_s=0.1, quoted='–'),
    dict(exp='process-100ms', path={'platform': '/platform/process?ms=100', '*': '/virtual/process?ms=100'},
         conns=100, latency_s=0.1, quoted='`ab -n 10000 -c 100`, executor per request, sleep 100 ms: 845 → 968 req/s'),
    dict(exp='fib-10000', path='/fib?n=10000', conns=1000, latency_s=None,
         quoted='1000 users (JMeter): ≈ no throughput gain; 235 → 43 JVM threads'),
    dict(exp='jdbc', path='/jdbc?sleep=0.05&cpuMs=10', conns=1000, latency_s=0.06, pool=HIKARI_POOL, pool_latency_s=0.05,
         cpu_ms=10,
         quoted='10k VUs (k6), PostgreSQL 16: platform 180 req/s (p99 4.2 s, 12 % errors); virtual threads 7,200 (p99 195 ms)'),
    dict(exp='outbound-100ms', path='/outbound?ms=100', conns=400, latency_s=0.1,
         quoted='– (the slow endpoint is a separate backend JVM on 127.0.0.1: calling the same server deadlocks '
                'Tomcat\'s 200 platform threads once more than 200 calls wait for it)'),
    dict(exp='no-sleep', path='/sleep?ms=0', conns=400, latency_s=None, quoted='(the CPU ceiling of each server)'),
]

PINNING = [
    dict(exp='pinning-synchronized', path='/pinning/synchronized?ms=100', conns=100, timeout_s=15, latency_s=0.1),
    dict(exp='pinning-lock', path='/pinning/lock?ms=100', conns=100, timeout_s=15, latency_s=0.1),
]

SMOKE_ENDPOINTS = ['/thread', '/sleep?ms=5', '/io-task?ms=5', '/platform/process?ms=5', '/virtual/process?ms=5',
                   '/fib?n=1000', '/jdbc?sleep=0.005&cpuMs=1', '/outbound?ms=5']


def common_args(postgres):
    args = ['--spring.datasource.hikari.maximum-pool-size=%d' % HIKARI_POOL]
    if postgres:
        args.append('--spring.profiles.active=postgres')
    return args


# --------------------------------------------------------------------------------------------------
# smoke (CI): seconds per mode, every mode starts and answers, non-zero exit on any failure
# --------------------------------------------------------------------------------------------------

def smoke(args, jars, jdks):
    t0 = time.time()
    outdir = args.out
    os.makedirs(outdir, exist_ok=True)
    modes = with_args(build_modes(jars, with_pinning=True), ['--management.endpoints.web.exposure.include=health,virtualthreads'])
    modes.pop('starter-nomon', None)  # the same server as pin-off
    modes.pop('tomcat-own', None)  # a benchmark reference, not a way users run the sample
    failures = []
    for jdk in jdks:
        java = JDKS[jdk]
        servers = {}
        # start every mode at once (they compete for the 2 cores, but in total it is quicker than one by one)
        for i, k in enumerate(modes):
            s = Server(k, modes[k], java, 18200 + i, outdir)
            servers[k] = s
        try:
            errors = {}

            def start(k):
                try:
                    servers[k].start(timeout=150)
                except Exception as e:  # noqa
                    errors[k] = str(e)
            ts = [threading.Thread(target=start, args=(k,)) for k in servers]
            [t.start() for t in ts]
            [t.join() for t in ts]
            for k, e in errors.items():
                failures.append('JDK %s %s: did not start: %s' % (jdk, k, e))
            for k, s in servers.items():
                if k in errors:
                    continue
                want = 'virtual=%s' % ('true' if modes[k]['expect_virtual'] else 'false')
                for ep in SMOKE_ENDPOINTS:
                    code, body = status_of(s.base + ep)
                    ok = code == 200 and (ep == '/thread' or want in body)
                    if ep == '/thread':
                        # the README shows {"name":...,"virtual":...}: a record, so keys come in that order
                        ok = code == 200 and body.strip().startswith('{"name":') and (
                            '"virtual":%s}' % want.split('=')[1]) in body
                    log('  [%s] JDK %s %-9s %-28s %s %s' % ('ok' if ok else 'FAIL', jdk, k, ep, code, body.strip()[:90]))
                    if not ok:
                        failures.append('JDK %s %s %s -> %s %s' % (jdk, k, ep, code, body.strip()[:200]))
                for ep in ('/pinning/synchronized?ms=5', '/pinning/lock?ms=5', '/actuator/virtualthreads'):
                    code, body = status_of(s.base + ep)
                    if code == 404:
                        log('  [skip] JDK %s %-9s %-28s absent (404): pinning experiment skipped' % (jdk, k, ep))
                    elif code != 200:
                        failures.append('JDK %s %s %s -> %s' % (jdk, k, ep, code))
                        log('  [FAIL] JDK %s %-9s %s -> %s' % (jdk, k, ep, code))
                    else:
                        log('  [ok] JDK %s %-9s %-28s %s' % (jdk, k, ep, body.strip()[:90]))
                r = wrk(s.base + '/sleep?ms=10', 20, 2, pid=s.pid, outdir=outdir, tag='smoke')
                ok = r.get('requests', 0) > 0 and r.get('errors', 1) == 0
                log('  [%s] JDK %s %-9s wrk -c20 -d2s /sleep?ms=10: %d requests, %s errors, %.0f req/s' % (
                    'ok' if ok else 'FAIL', jdk, k, r.get('requests', 0), r.get('errors'), r.get('rps', 0)))
                if not ok:
                    failures.append('JDK %s %s: wrk %s' % (jdk, k, r))
        finally:
            for s in servers.values():
                s.stop()
    log('smoke: %d modes x %d JDK(s) in %.0f s: %s' % (len(modes), len(jdks), time.time() - t0,
                                                      'OK' if not failures else '%d FAILURE(S)' % len(failures)))
    for f in failures:
        log('  FAILURE: ' + f)
    return 1 if failures else 0


# --------------------------------------------------------------------------------------------------
# full run
# --------------------------------------------------------------------------------------------------

def pinning_available(jars, java, outdir):
    """Starts the vt-starter mode briefly to see whether the pinning endpoints exist."""
    modes = build_modes(jars, with_pinning=True)
    s = Server('probe', modes['pin-on'], java, 18290, outdir)
    try:
        s.start()
        code_s, _ = status_of(s.base + '/pinning/synchronized?ms=1')
        code_a, body = status_of(s.base + '/actuator/virtualthreads')
        return code_s == 200, code_a == 200
    finally:
        s.stop()


def snapshot_actuator(base):
    code, body = status_of(base + '/actuator/virtualthreads')
    if code == 200:
        try:
            return json.loads(body)
        except ValueError:
            return body
    return None


def full(args, jars, jdks):
    outdir = args.out
    os.makedirs(outdir, exist_ok=True)
    results_path = os.path.join(outdir, 'full.jsonl')
    postgres = bool(os.environ.get('BENCH_POSTGRES'))
    meta = {'machine': machine_description(), 'started': time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime()),
            'rounds': args.rounds, 'seconds': args.seconds, 'jvm_opts': JVM_OPTS,
            'tomcat_tuning': TOMCAT_TUNING, 'hikari_pool': HIKARI_POOL,
            'database': 'PostgreSQL on 127.0.0.1 (profile postgres)' if postgres else 'H2 in memory (PG_SLEEP alias)',
            'jars': {k: {kk: vv for kk, vv in v.items() if kk != 'imports'} for k, v in jars.items()},
            'java': {}, 'servers': {}, 'experiments': EXPERIMENTS, 'pinning': {}}
    if postgres:
        try:
            meta['postgres_version'] = subprocess.run(['psql', '--version'], capture_output=True, text=True).stdout.strip()
        except OSError:
            pass
    modes = with_args(build_modes(jars, with_pinning=True),
                      common_args(postgres) + ['--vtbench.outbound.base-url=http://127.0.0.1:%d' % BACKEND_PORT])
    meta['modes'] = {k: {'label': m['label'], 'args': m['args'],
                         'boot': m['facts']['boot'], 'tomcat': m['facts']['tomcat']} for k, m in modes.items()}
    main_jdk = jdks[0]
    java = JDKS[main_jdk]
    meta['java'][main_jdk] = java_version(java)
    # the slow backend of the outbound experiment: the same sample app (vt-starter, JDK 25) on its own port
    backend = Server('backend', dict(modes['starter'], args=['--logging.level.root=WARN']), java, BACKEND_PORT, outdir)
    backend.start()
    meta['outbound_backend'] = 'sample app, vt-starter mode, JDK %s, 127.0.0.1:%d, /sleep?ms=100' % (main_jdk, BACKEND_PORT)
    log('== main experiments, JDK %s' % main_jdk)
    loads = []
    for e in EXPERIMENTS:
        loads.append(dict(e))
    # run_matrix takes one path per load; per-mode paths are resolved by a small wrapper
    meta['servers'][main_jdk] = run_matrix_per_mode(main_jdk, java, modes, ['platform', 'starter', 'native'], loads,
                                                    args.rounds, args.seconds, outdir, results_path)
    backend.stop()
    write_meta(outdir, meta)
    # pinning story: JDK 21 (synchronized pins there), and the JDK 25 contrast (JEP 491)
    pin_jdks = [j for j in ('21', '25') if j in JDKS]
    for jdk in pin_jdks:
        java = JDKS[jdk]
        meta['java'][jdk] = java_version(java)
        has_pin, has_act = pinning_available(jars, java, outdir)
        meta['pinning'][jdk] = {'endpoints': has_pin, 'actuator': has_act}
        if not has_pin:
            log('== pinning: /pinning/synchronized is absent (PinningController not merged yet): experiment skipped')
            meta['pinning']['skipped'] = 'the pinning endpoints (/pinning/synchronized, /pinning/lock) are not in this build'
            break
        log('== pinning, JDK %s' % jdk)
        snaps = {}
        meta['servers']['pin-' + jdk] = run_matrix_per_mode(jdk, java, modes, ['platform', 'pin-off', 'pin-on'], PINNING,
                                                            args.rounds, args.seconds, outdir, results_path,
                                                            warm_load=PINNING[1], snapshots=snaps)
        meta['pinning'][jdk]['actuator_snapshots'] = snaps
        write_meta(outdir, meta)
    meta['finished'] = time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())
    write_meta(outdir, meta)
    web_report.full_markdown(outdir, args.md)


def write_meta(outdir, meta):
    write_json(os.path.join(outdir, 'full-meta.json'), meta)


def run_matrix_per_mode(jdk, java, modes, keys, loads, rounds, seconds, outdir, results_path, warm_load=None,
                        snapshots=None):
    """run_matrix with the full run's warm-up load (100 ms sleep at 1,000 connections unless told) and an actuator
    snapshot per server at the end. Loads whose path depends on the mode (executor per request) are resolved by
    run_matrix."""
    if warm_load is not None:
        wl = next(l for l in loads if l['exp'] == warm_load['exp'])
    else:
        wl = next(l for l in loads if l['exp'] == 'sleep-100ms' and l['conns'] == 1000)
    return run_matrix(jdk, java, modes, keys, loads, rounds, seconds, outdir, results_path, warm_load=wl,
                      snapshot=(lambda k, base: snapshots.__setitem__(k, snapshot_actuator(base))) if snapshots is not None else None)
