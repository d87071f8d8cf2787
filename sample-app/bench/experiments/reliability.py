"""vt-starter reliability suite (run.sh --reliability, --reliability-smoke; python3 stdlib only).

Scenarios, each bounded in time and count, on 127.0.0.1 only, against the sample app built on Boot 3.1.12 with
vt-starter:

  soak        N minutes at C connections on a 100 ms endpoint: no errors, executors' live and waiting back to 0,
              RSS growth after warm-up;
  shutdown    SIGTERM with server.shutdown=graceful at C connections: the application counts requests that reached
              it and that completed (sample.count-requests); lost = the difference (the client's count of
              connections reset after the signal is reported too: it includes the accept backlog); @Async tasks
              in flight at the signal must all finish (await-termination);
  pinning     a pinning storm (every request sleeps inside synchronized, pinning threshold 0): events per
              minute, heap after, /actuator/virtualthreads latency p99 during the storm, WARN lines per site;
  starvation  every carrier pinned (JDK 21, parallelism 2, maxPoolSize 2) for S seconds: the ERROR with the
              culprit, health DOWN (503) then UP on the management port, the app serves again;
  dump        /actuator/virtualthreads/dump with T live virtual threads: time, size, heap;
  badinput    every property of the starter given a wrong type or an out-of-range value: the app refuses to
              start, naming the property, and no port is left open.

`--smoke` runs every scenario briefly (about 3 minutes in all); without it, the long figures of the issue (soak
10 min at 2000 connections on JDK 21 and 25, ...). Results go to <out>/reliability.json and docs/reliability.md.
"""
import json
import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request

from core.jvm import JVM_OPTS, STARTED, Server, free_port, http_get, kill_started
from core.load import wrk
from core.log import log
from core.modes import build_modes, jar_facts
from core.proc import machine_description, proc_status

EXPOSE = '--management.endpoints.web.exposure.include=health,virtualthreads,metrics'

LONG = dict(soak_s=600, soak_conns=2000, soak_jdks='21,25', shutdown_conns=400, storm_s=60, storm_conns=200,
            starve_s=30, dump_threads=10000)
SMOKE = dict(soak_s=20, soak_conns=200, soak_jdks='21', shutdown_conns=100, storm_s=15, storm_conns=50,
             starve_s=12, dump_threads=1000)


def get_json(url, timeout=10):
    return json.loads(http_get(url, timeout))


def status(url, timeout=5):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode(errors='replace')
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors='replace')
    except OSError as e:  # refused (not started yet) or timed out (a starved main port)
        return 0, str(e)


def wait_until_up(url, max_s=60):
    t0 = time.time()
    while time.time() - t0 < max_s:
        if status(url)[0] == 200:
            return
        time.sleep(0.5)
    raise RuntimeError('%s did not answer within %ss' % (url, max_s))


def rss_mb(pid):
    return proc_status(pid).get('VmRSS', 0)


def executors_idle(base, max_s=60):
    """Polls the endpoint until every executor has live 0 and waiting 0 (the web server's executor: live 1, the
    request that reads the endpoint); returns the last executors map."""
    t0 = time.time()
    last = {}
    while time.time() - t0 < max_s:
        last = get_json(base + '/actuator/virtualthreads')['executors']
        if all(e.get('live', 0) <= (1 if name in ('tomcat', 'jetty', 'undertow') else 0) and e.get('waiting', 0) == 0
               for name, e in last.items()):
            return True, last
        time.sleep(1)
    return False, last


def soak(mode, javas, cfg, out):
    results = []
    for jdk in cfg['soak_jdks'].split(','):
        server = Server('soak-' + jdk, mode, javas[jdk], free_port(), out)
        server.mode = dict(mode, args=mode['args'] + [EXPOSE])
        server.start()
        try:
            warm = max(5, cfg['soak_s'] // 10)
            wrk(server.base + '/sleep?ms=100', cfg['soak_conns'], warm, outdir=out, tag='warm')
            rss_after_warmup = rss_mb(server.pid)
            res = wrk(server.base + '/sleep?ms=100', cfg['soak_conns'], cfg['soak_s'], pid=server.pid, outdir=out,
                      tag='soak')
            rss_end = rss_mb(server.pid)
            idle, executors = executors_idle(server.base)
            results.append(dict(jdk=jdk, seconds=cfg['soak_s'], conns=cfg['soak_conns'], requests=res.get('requests'),
                                rps=round(res.get('rps', 0)), errors=res.get('errors'),
                                p99_ms=round(res.get('p99_us', 0) / 1000, 1),
                                rss_after_warmup_mb=rss_after_warmup, rss_end_mb=rss_end,
                                rss_growth_pct=round(100.0 * (rss_end - rss_after_warmup) / max(rss_after_warmup, 1), 1),
                                idle_after=idle, executors_after=executors,
                                # RSS is judged on the long run only: a short run ends while the heap still grows
                                ok=bool(res.get('errors') == 0 and idle
                                        and (cfg is SMOKE or rss_end <= rss_after_warmup * 1.10))))
            log('soak', results[-1])
        finally:
            server.stop()
    return results


def shutdown(mode, java, cfg, out):
    server = Server('shutdown', mode, java, free_port(), out)
    server.mode = dict(mode, args=mode['args'] + [EXPOSE, '--server.shutdown=graceful', '--sample.count-requests=true',
                                                   '--spring.lifecycle.timeout-per-shutdown-phase=30s',
                                                   '--spring.task.execution.shutdown.await-termination=true',
                                                   '--spring.task.execution.shutdown.await-termination-period=30s'])
    server.start()
    outcomes = []  # (connected_before_signal, ok)
    lock = threading.Lock()
    stop = threading.Event()
    signal_at = [None]

    def client():
        while not stop.is_set():
            s = socket.socket()
            s.settimeout(40)
            connected_at = None
            data = b''
            try:
                s.connect(('127.0.0.1', server.port))
                connected_at = time.time()
                s.sendall(b'GET /sleep?ms=100 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
                while True:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                ok = data.startswith(b'HTTP/1.1 200')
            except OSError:
                ok = False
            finally:
                s.close()
            if connected_at is None:
                if signal_at[0] is None:
                    time.sleep(0.05)
                continue  # refused: never accepted
            with lock:
                outcomes.append((signal_at[0] is None or connected_at < signal_at[0], ok, len(data) == 0))

    def async_submitter():
        # @Async tasks of 3 s handed over every 100 ms until the signal: about 30 in flight when it comes.
        while signal_at[0] is None and not stop.is_set():
            try:
                http_get('http://127.0.0.1:%d/reliability/async?ms=3000' % server.port, timeout=5)
            except OSError:
                pass
            time.sleep(0.1)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(cfg['shutdown_conns'])]
    threads.append(threading.Thread(target=async_submitter, daemon=True))
    for t in threads:
        t.start()
    time.sleep(5)
    signal_at[0] = time.time()
    server.proc.send_signal(signal.SIGTERM)
    try:
        server.proc.wait(60)
    except subprocess.TimeoutExpired:
        server.proc.kill()
    stop.set()
    for t in threads:
        t.join(45)
    before = [(ok, empty) for connected_before, ok, empty in outcomes if connected_before]
    lost = sum(1 for ok, _ in before if not ok)
    # A connection reset before any byte of a response: most likely never taken from the accept backlog.
    lost_no_byte = sum(1 for ok, empty in before if not ok and empty)
    # What the application itself saw: requests that reached it and those that completed (RequestAccounting).
    with open(os.path.join(out, 'server-%s-%d.log' % (server.key, server.port))) as f:
        server_log = f.read()
    m = re.search(r'REQUEST-ACCOUNTING reached=(\d+) completed=(\d+)', server_log)
    reached, done = (int(m.group(1)), int(m.group(2))) if m else (None, None)
    # @Async tasks: every one that started must have finished (await-termination), none interrupted or cut off.
    async_started = len(re.findall(r'^ASYNC-STARTED ', server_log, re.M))
    async_finished = len(re.findall(r'^ASYNC-FINISHED ', server_log, re.M))
    async_virtual = len(re.findall(r'^ASYNC-STARTED \d+ on VirtualThread', server_log, re.M))
    res = dict(conns=cfg['shutdown_conns'], accepted_before_signal=len(before), completed=len(before) - lost,
               lost=lost, lost_without_a_response_byte=lost_no_byte, exit_code=server.proc.returncode,
               app_reached=reached, app_completed=done,
               async_started=async_started, async_finished=async_finished, async_on_virtual_threads=async_virtual,
               ok=reached is not None and reached == done and async_started > 0 and async_started == async_finished)
    log('shutdown', res)
    return res


def pinning_storm(mode, java, cfg, out):
    mgmt = free_port()
    server = Server('pinning', mode, java, free_port(), out)
    # The endpoint is read on a management port, as the docs advise: on the main port its request would wait for
    # a carrier like every request of the storm.
    server.mode = dict(mode, args=mode['args'] + [EXPOSE, '--vtstarter.pinning.threshold=0ms',
                                                   '--management.server.port=%d' % mgmt,
                                                   '--management.server.address=127.0.0.1'])
    server.start()
    endpoint = 'http://127.0.0.1:%d/actuator/virtualthreads' % mgmt
    wait_until_up(endpoint)
    try:
        latencies = []
        stop = threading.Event()

        def probe():
            while not stop.is_set():
                t0 = time.time()
                try:
                    http_get(endpoint, 10)
                    latencies.append((time.time() - t0) * 1000)
                except OSError:
                    latencies.append(10000.0)
                time.sleep(0.2)

        prober = threading.Thread(target=probe, daemon=True)
        prober.start()
        res = wrk(server.base + '/pinning/synchronized?ms=1', cfg['storm_conns'], cfg['storm_s'], pid=server.pid,
                  outdir=out, tag='storm')
        stop.set()
        prober.join(15)
        body = get_json(endpoint)
        total = body['pinning'].get('total', 0)
        with open(server.outdir + '/server-%s-%d.log' % (server.key, server.port)) as f:
            warns = sum(1 for line in f if 'WARN' in line and 'pinned' in line.lower())
        latencies.sort()
        p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else None
        result = dict(seconds=cfg['storm_s'], conns=cfg['storm_conns'], requests=res.get('requests'),
                      pinning_events=total, events_per_minute=round(total * 60.0 / cfg['storm_s']),
                      distinct_sites=body['pinning'].get('distinctSites'), warn_lines=warns,
                      endpoint_p99_ms=round(p99, 1) if p99 else None, rss_end_mb=rss_mb(server.pid),
                      ok=bool(p99 is not None and p99 < 100 and warns <= max(1, body['pinning'].get('distinctSites', 1))))
        log('pinning', result)
        return result
    finally:
        server.stop()


def starvation(mode, java, cfg, out):
    mgmt = free_port()
    server = Server('starvation', mode, java, free_port(), out,
                    extra_jvm=['-Djdk.virtualThreadScheduler.parallelism=2', '-Djdk.virtualThreadScheduler.maxPoolSize=2'])
    threshold = 3 if cfg is SMOKE else 10
    server.mode = dict(mode, args=mode['args'] + [EXPOSE, '--management.server.port=%d' % mgmt,
                                                   '--management.server.address=127.0.0.1',
                                                   '--management.endpoint.health.show-details=always',
                                                   '--vtstarter.watchdog.starvation-threshold=%ds' % threshold])
    server.start()
    health = 'http://127.0.0.1:%d/actuator/health/virtualThreads' % mgmt
    wait_until_up(health)
    try:
        pin_ms = cfg['starve_s'] * 1000
        for _ in range(2):  # one per carrier: each request sleeps inside synchronized on its own carrier
            threading.Thread(target=lambda: status(server.base + '/pinning/synchronized?ms=%d' % pin_ms,
                                                   cfg['starve_s'] + 30), daemon=True).start()
        t0 = time.time()
        down_after = up_after = None
        culprits = None
        while time.time() - t0 < cfg['starve_s'] + 60:
            code, body = status(health)
            if code == 503 and down_after is None:
                down_after = round(time.time() - t0, 1)
                culprits = json.loads(body).get('details', {}).get('culprits')
            if code == 200 and down_after is not None:
                up_after = round(time.time() - t0, 1)
                break
            time.sleep(0.5)
        serves = status(server.base + '/sleep?ms=0', 10)[0] == 200
        with open(server.outdir + '/server-%s-%d.log' % (server.key, server.port)) as f:
            logtext = f.read()
        error = re.search(r'ERROR.*made no progress.*?Culprit frames: ([^\n]*?) \(', logtext)
        res = dict(pinned_s=cfg['starve_s'], threshold_s=threshold, health_down_after_s=down_after,
                   health_up_after_s=up_after, culprits=culprits, error_logged=bool(error),
                   error_culprit=error.group(1) if error else None, serves_after=serves,
                   ok=bool(down_after and up_after and error and 'PinningController' in error.group(1) and serves))
        log('starvation', res)
        return res
    finally:
        server.stop()


def dump(mode, java, cfg, out):
    server = Server('dump', mode, java, free_port(), out)
    server.mode = dict(mode, args=mode['args'] + [EXPOSE, '--sample.count-requests=true'])
    server.start()
    try:
        n = cfg['dump_threads']
        # n @Async tasks sleeping 20 s: n live virtual threads of the application task executor. (Held through n
        # HTTP connections instead, Tomcat's per-connection buffers ran the 1 GB heap out at 10,000.)
        http_get(server.base + '/reliability/hold?count=%d&ms=20000' % n, 60)
        time.sleep(2)
        live = get_json(server.base + '/actuator/virtualthreads', timeout=30)['executors'] \
            .get('applicationTaskExecutor', {}).get('live')
        rss0 = rss_mb(server.pid)
        t0 = time.time()
        body = http_get(server.base + '/actuator/virtualthreads/dump', 60)
        took = time.time() - t0
        rss1 = rss_mb(server.pid)
        doc = json.loads(body)
        truncated = doc.get('threadDump', {}).get('truncated')
        res = dict(live_virtual_threads=live, dump_ms=round(took * 1000), dump_mb=round(len(body) / 1e6, 1),
                   rss_before_mb=rss0, rss_after_mb=rss1, truncated=truncated,
                   ok=took < 30 and live is not None and live >= n)
        log('dump', res)
        return res
    finally:
        server.stop()


BAD_INPUT = [
    ('spring.threads.virtual.enabled', 'yes-please'), ('spring.task.execution.simple.concurrency-limit', '0'),
    ('vtstarter.pinning.enabled', 'maybe'), ('vtstarter.pinning.threshold', '-5ms'),
    ('vtstarter.pinning.ring-size', '0'), ('vtstarter.pinning.sites-shown', '-1'),
    ('vtstarter.pinning.log-new-sites', 'often'), ('vtstarter.watchdog.enabled', 'maybe'),
    ('vtstarter.watchdog.probe-interval', 'soon'), ('vtstarter.watchdog.probe-interval', '1ms'),
    ('vtstarter.watchdog.lag-threshold', '0s'), ('vtstarter.watchdog.starvation-threshold', '-1s'),
    ('vtstarter.doctor.enabled', 'maybe'), ('vtstarter.management.platform-threads', 'maybe'),
    ('vtstarter.dump.max-threads', '0'), ('vtstarter.dump.max-size', '0B'), ('spring.main.keep-alive', 'perhaps'),
]


def bad_input(mode, java, out):
    results = []
    for prop, value in BAD_INPUT:
        port = free_port()
        cmd = [java] + JVM_OPTS + mode['launch']['cmd'] + [
            '--server.address=127.0.0.1', '--server.port=%d' % port, '--spring.main.banner-mode=off',
            '--%s=%s' % (prop, value)]
        if prop.startswith('vtstarter.management.'):
            cmd.append('--management.server.port=%d' % free_port())  # read only with a management server
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
        STARTED.append(p)
        try:
            text, _ = p.communicate(timeout=90)
            started = False
        except subprocess.TimeoutExpired:  # it started: the bad value was accepted
            port_open = socket.socket().connect_ex(('127.0.0.1', port)) == 0
            os.killpg(p.pid, signal.SIGKILL)
            text, _ = p.communicate()
            started = True
        if not started:
            port_open = socket.socket().connect_ex(('127.0.0.1', port)) == 0
        named = 'APPLICATION FAILED TO START' in text and prop in text
        refused = not started and p.returncode != 0
        results.append(dict(property=prop, value=value, exit_code=p.returncode, refused=refused,
                            named=named, port_left_open=port_open, ok=refused and named and not port_open))
        log('bad input', results[-1])
    return results


def write_md(path, res, smoke):
    lines = ['# Reliability', '',
             'Generated by `sample-app/bench/run.sh --reliability%s` (%s); every figure below is from that run.'
             % ('-smoke' if smoke else '', 'short smoke mode: the long figures need the full run' if smoke else 'full run'),
             '', 'Machine: %s; load average at the end of the run: %s (figures of latency and throughput are only '
             'as good as the machine was quiet).' % (machine_description(),
                                                     ' '.join('%.1f' % x for x in os.getloadavg())), '']
    lines += ['## Soak', '', '| JDK | seconds | connections | requests | req/s | errors | p99 ms | RSS after warm-up MB | RSS end MB | growth % | live/waiting back to 0 | ok |',
              '|---|---|---|---|---|---|---|---|---|---|---|---|']
    for r in res['soak']:
        lines.append('| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (
            r['jdk'], r['seconds'], r['conns'], r['requests'], r['rps'], r['errors'], r['p99_ms'],
            r['rss_after_warmup_mb'], r['rss_end_mb'], r['rss_growth_pct'], r['idle_after'], r['ok']))
    s = res['shutdown']
    lines += ['', '## Shutdown under load', '',
              'SIGTERM with `server.shutdown=graceful` at %d connections (each request on a new connection, 100 ms): '
              '%d requests whose connection was established before the signal, %d completed, **%d lost** (%s of them '
              'without a single byte of response); exit code %s. '
              'Established means accepted by the kernel: a connection still in the accept backlog when graceful '
              'shutdown stops accepting is reset, and the client cannot tell it from a lost request, so this count is '
              'an upper bound of what the application lost. The application itself counted %s requests that reached '
              'it and %s that completed: **%s lost by the application**.'
              % (s['conns'], s['accepted_before_signal'], s['completed'], s['lost'],
                 s.get('lost_without_a_response_byte', '?'), s['exit_code'], s.get('app_reached'),
                 s.get('app_completed'), (s['app_reached'] - s['app_completed']) if s.get('app_reached') is not None
                 else '?'),
              '', '`@Async` tasks of 3 s were handed over every 100 ms until the signal '
              '(`spring.task.execution.shutdown.await-termination=true`, period 30 s): %s started (%s of them on '
              'virtual threads), %s finished: **%s cut off by the shutdown**. Check passed: %s.'
              % (s.get('async_started'), s.get('async_on_virtual_threads'), s.get('async_finished'),
                 (s['async_started'] - s['async_finished']) if s.get('async_started') is not None else '?', s['ok'])]
    p = res['pinning']
    lines += ['', '## Pinning storm', '',
              '%d s at %d connections on `/pinning/synchronized?ms=1` (threshold 0): %s pinned events (%s per minute), '
              '%s distinct sites, %s WARN lines, `/actuator/virtualthreads` (management port) p99 %s ms during the storm, '
              'RSS after %s MB.'
              % (p['seconds'], p['conns'], p['pinning_events'], p['events_per_minute'], p['distinct_sites'],
                 p['warn_lines'], p['endpoint_p99_ms'], p['rss_end_mb'])]
    st = res['starvation']
    lines += ['', '## Starvation', '',
              'JDK 21, two carriers, every carrier pinned for %d s (threshold %d s): health DOWN after %s s, UP after %s s; '
              'ERROR logged: %s (culprit `%s`); the application serves again: %s.'
              % (st['pinned_s'], st['threshold_s'], st['health_down_after_s'], st['health_up_after_s'],
                 st['error_logged'], st['error_culprit'], st['serves_after'])]
    d = res['dump']
    lines += ['', '## `/dump` with many live virtual threads', '',
              '%s live virtual threads: dump in %s ms, %s MB, RSS %s -> %s MB, truncated: %s.'
              % (d['live_virtual_threads'], d['dump_ms'], d['dump_mb'], d['rss_before_mb'], d['rss_after_mb'],
                 d['truncated'])]
    lines += ['', '## Bad input', '', '| property | value | refused | names the property | port left open |',
              '|---|---|---|---|---|']
    for b in res['badinput']:
        lines.append('| `%s` | `%s` | %s | %s | %s |' % (b['property'], b['value'], b['refused'], b['named'],
                                                     b['port_left_open']))
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


def run(args):
    """args: jar31, jar35, smoke, out, md, only. Returns the exit code: 1 if a check failed."""
    only = set(args.only.split(',')) if args.only else None
    os.makedirs(args.out, exist_ok=True)
    cfg = SMOKE if args.smoke else LONG
    modes = build_modes({'3.1': jar_facts(args.jar31), '3.5': jar_facts(args.jar35)}, with_pinning=False)
    mode = modes['starter']
    javas = {'21': os.environ['JAVA21'], '25': os.environ['JAVA25']}
    try:
        scenarios = dict(soak=lambda: soak(mode, javas, cfg, args.out),
                         shutdown=lambda: shutdown(mode, javas['21'], cfg, args.out),
                         pinning=lambda: pinning_storm(mode, javas['21'], cfg, args.out),
                         starvation=lambda: starvation(mode, javas['21'], cfg, args.out),
                         dump=lambda: dump(mode, javas['21'], cfg, args.out),
                         badinput=lambda: bad_input(mode, javas['21'], args.out))
        unknown = (only or set()) - set(scenarios)
        if unknown:
            raise SystemExit('unknown scenario(s) %s; known: %s' % (', '.join(sorted(unknown)), ', '.join(scenarios)))
        res = {name: run() for name, run in scenarios.items() if only is None or name in only}
    finally:
        kill_started()
    with open(os.path.join(args.out, 'reliability.json'), 'w') as f:
        json.dump(res, f, indent=1)
    if only is None:
        write_md(args.md, res, args.smoke)
    failed = [k for k, v in res.items() if not all(x['ok'] for x in (v if isinstance(v, list) else [v]))]
    log('failed:', failed or 'none')
    return 1 if failed else 0
