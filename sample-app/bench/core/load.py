"""Load generation (wrk, bounded in time) and the matrix runner: several modes alive at once, warmed up, alternated
round by round.

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
"""
import json
import os
import re
import subprocess
import time

from core.jvm import JDKS, JVM_OPTS, TOMCAT_TUNING, Server, java_version, jdk_tool
from core.log import log
from core.proc import CLK_TCK, Sampler, machine_description, proc_cpu_ticks, proc_status

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
    res = {'url': url, 'conns': conns, 'seconds': seconds, 't0': round(t0, 3), 'wall_s': round(wall, 2), 'tag': tag}
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


def wait_idle(pid, idle_cores=0.1, max_s=40, step=0.5):
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
    try:
        out = subprocess.run([jdk_tool(java, 'jstat'), '-compiler', str(pid)], capture_output=True, text=True,
                             timeout=20).stdout
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
        wait_idle(server.pid, max_s=15)
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


def path_for(load, mode_key):
    """A load's path for one mode: 'path' is a string, or a dict mode -> path with '*' for the others."""
    path = load['path']
    if isinstance(path, dict):
        return path.get(mode_key, path.get('*'))
    return path


def run_matrix(jdk_name, java, modes, mode_keys, loads, rounds, seconds, outdir, results_path,
               warm_load=None, extra_jvm=None, base_port=18100, snapshot=None, round_offset=0, warm_rounds=(3, 12)):
    """loads: list of dicts(exp, path, conns, timeout_s, seconds). Appends one JSON line per measurement. A mode may
    name its own 'ready_path' (default /sleep?ms=0). warm_rounds: (at least, at most) warm-up rounds (a smoke run
    gives (1, 1))."""
    servers = {}
    info = {}
    try:
        for i, k in enumerate(mode_keys):
            s = Server(k, modes[k], java, base_port + i, outdir, (extra_jvm or {}).get(k, ()),
                       ready_path=modes[k].get('ready_path', '/sleep?ms=0'))
            body = s.start()
            virtual = 'virtual=true' in body
            if modes[k].get('expect_virtual') is not None and virtual != modes[k]['expect_virtual']:
                raise RuntimeError('%s: expected virtual=%s, server answered %r' % (k, modes[k]['expect_virtual'], body.strip()))
            servers[k] = s
            info[k] = {'first_answer': body.strip(), 'startup_s': round(s.started_s, 1), 'cmdline': s.cmdline}
            log('  %s answered after %.1fs: %s' % (k, s.started_s, body.strip()))
        # warm-up: every server at the main load until stable, then briefly at every load
        wl = warm_load or max(loads, key=lambda l: l['conns'])
        for k in mode_keys:
            s = servers[k]
            info[k]['warmup'] = warm_up(s, s.base + path_for(wl, k), wl['conns'], outdir,
                                        min_rounds=warm_rounds[0], max_rounds=warm_rounds[1])
            for l in loads:
                if l is not wl:
                    wrk(s.base + path_for(l, k), l['conns'], 3, pid=s.pid, outdir=outdir, timeout_s=l.get('timeout_s', 10),
                        tag='prewarm')
                    wait_idle(s.pid, max_s=15)
        with open(results_path, 'a') as out:
            for r in range(rounds):
                order = mode_keys[r % len(mode_keys):] + mode_keys[:r % len(mode_keys)]
                for l in loads:
                    for k in order:
                        s = servers[k]
                        res = wrk(s.base + path_for(l, k), l['conns'], l.get('seconds', seconds), pid=s.pid, outdir=outdir,
                                  timeout_s=l.get('timeout_s', 10), tag='measure')
                        res.update({'jdk': jdk_name, 'mode': k, 'exp': l['exp'], 'round': r + round_offset,
                                    'loadavg': open('/proc/loadavg').read().split()[0],
                                    'drain_s': wait_idle(s.pid)})
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


def compare(args, jars, jdks, name, modes, keys, loads, warm_load, meta_extra=None):
    """Every mode of `keys` against the same loads, alternated round by round, on each JDK: <name>.jsonl, <name>-meta.json.
    args: out, rounds, seconds, forks (and warm_rounds, optional)."""
    outdir = args.out
    os.makedirs(outdir, exist_ok=True)
    results_path = os.path.join(outdir, name + '.jsonl')
    meta = {'machine': machine_description(), 'jars': {k: {kk: vv for kk, vv in v.items() if kk != 'imports'} for k, v in jars.items()},
            'started': time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime()), 'rounds': args.rounds,
            'seconds': args.seconds, 'forks': args.forks, 'jvm_opts': JVM_OPTS, 'tomcat_tuning': TOMCAT_TUNING,
            'servers': {}, 'loads': loads, 'warm_load': warm_load}
    meta.update(meta_extra or {})
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
                       warm_load=warm_load, extra_jvm=extra, round_offset=fork * args.rounds,
                       warm_rounds=getattr(args, 'warm_rounds', None) or (3, 12))
            for fork in range(args.forks)]
    meta['finished'] = time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())
    meta['modes'] = {k: {'label': modes[k]['label'], 'args': modes[k]['args']} for k in keys}
    with open(os.path.join(outdir, name + '-meta.json'), 'w') as f:
        json.dump(meta, f, indent=1)
    return results_path
