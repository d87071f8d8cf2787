"""One run of the drain application (sample-app/drain): a fresh JVM that fills a backlog, drains it and shows the
result on GET /drain, which this polls; /proc of the process is sampled over its whole life."""
import json
import os
import time

from core.jvm import JVM_OPTS, http_get, start_process, stop_process
from core.proc import Sampler, proc_status


def run_drain(jar, java, args, port, outdir, tag, start_timeout, drain_timeout, head=None):
    """One JVM, one drain; returns a result dict (never raises for a failed or slow run). `head`: keys put first."""
    cmd = [java] + JVM_OPTS + ['-jar', jar, '--server.address=127.0.0.1', '--server.port=%d' % port,
                               '--spring.main.banner-mode=off'] + args
    logpath = os.path.join(outdir, 'server-%s.log' % tag)
    res = dict(head or {})
    res.update({'cmdline': cmd[1:], 'loadavg_before': [round(x, 2) for x in os.getloadavg()]})
    t0 = time.time()
    proc = start_process(cmd, logpath, outdir)
    sampler = Sampler(proc.pid)
    sampler.start()
    body = None
    deadline = t0 + start_timeout + drain_timeout + 60
    try:
        while time.time() < deadline:
            if proc.poll() is not None:
                res['error'] = 'exited with %s; see %s' % (proc.returncode, logpath)
                break
            try:
                body = json.loads(http_get('http://127.0.0.1:%d/drain' % port, 5))
                if body.get('state') in ('DONE', 'TIMED_OUT', 'FAILED', 'NO_CASE'):
                    break
                if 'started_s' not in res:
                    res['started_s'] = round(time.time() - t0, 1)
            except (OSError, ValueError):
                pass
            time.sleep(0.5)
        else:
            res['error'] = 'no result within %d s' % (start_timeout + drain_timeout + 60)
        try:
            res['proc_vmhwm_mb'] = proc_status(proc.pid).get('VmHWM')
        except OSError:
            pass
    finally:
        sampler.stop()
        stop_process(proc)
    res['wall_s'] = round(time.time() - t0, 1)
    res['proc_peak_threads'] = sampler.peak_threads
    res['proc_peak_rss_mb'] = sampler.peak_rss
    res['loadavg_after'] = [round(x, 2) for x in os.getloadavg()]
    if body is not None:
        res['app'] = body
    return res
