"""The drain application (sample-app/drain): its cases, and one run of it: a fresh JVM that fills a backlog, drains
it and shows the result on GET /drain, which this polls; /proc of the process is sampled over its whole life.

A case is a dict: kind (kafka, jms, rabbit, redis, async, scheduled, integration), jdk, concurrency (Kafka container
concurrency, JMS / RabbitMQ consumers, scheduled jobs, Integration pollers; unused by redis and async), partitions
(kafka), messages (optional: the backlog, else the run's). The key 'broker' is the kind, as the messaging results
always named it."""
import json
import os
import time

from core.jvm import JVM_OPTS, http_get, start_process, stop_process
from core.proc import Sampler, proc_status


KINDS = ('kafka', 'jms', 'rabbit', 'redis', 'async', 'scheduled', 'integration')

# The Debian server a kind needs, started once per run by the harness (core/servers.py).
NEEDS_SERVER = {'rabbit': 'rabbitmq', 'redis': 'redis'}


def case_key(c):
    kind, jdk, n = c['broker'], c['jdk'], c.get('concurrency')
    if kind == 'kafka':
        return 'kafka-%dp-c%d-jdk%s' % (c['partitions'], n, jdk)
    if kind in ('jms', 'rabbit', 'integration'):
        return '%s-c%d-jdk%s' % (kind, n, jdk)
    if kind == 'scheduled':
        return 'scheduled-j%d-jdk%s' % (n, jdk)
    return '%s-jdk%s' % (kind, jdk)


def case_args(c, messages, work_ms, drain_timeout, servers=None):
    """The drain application's arguments for one case: its profile and its settings."""
    kind, n = c['broker'], c.get('concurrency')
    a = ['--vtbench.drain.messages=%d' % c.get('messages', messages), '--vtbench.drain.work-ms=%d' % work_ms,
         '--vtbench.drain.timeout-s=%d' % drain_timeout]
    if kind == 'kafka':
        return a + ['--spring.profiles.active=drain-kafka', '--vtbench.drain.partitions=%d' % c['partitions'],
                    '--spring.kafka.listener.concurrency=%d' % n]
    if kind == 'jms':
        return a + ['--spring.profiles.active=drain-jms', '--spring.jms.listener.concurrency=%d' % n,
                    '--spring.jms.listener.max-concurrency=%d' % n]
    if kind == 'rabbit':
        return a + ['--spring.profiles.active=drain-rabbit', '--spring.rabbitmq.port=%d' % servers['rabbitmq'].port,
                    '--spring.rabbitmq.listener.simple.concurrency=%d' % n,
                    '--spring.rabbitmq.listener.simple.max-concurrency=%d' % n]
    if kind == 'redis':
        return a + ['--spring.profiles.active=drain-redis', '--spring.data.redis.port=%d' % servers['redis'].port]
    if kind == 'async':
        return a + ['--spring.profiles.active=drain-async']
    if kind == 'scheduled':
        return a + ['--spring.profiles.active=drain-scheduled', '--vtbench.drain.jobs=%d' % n]
    if kind == 'integration':
        return a + ['--spring.profiles.active=drain-integration', '--vtbench.drain.consumers=%d' % n]
    raise ValueError('unknown drain kind %r (known: %s)' % (kind, ', '.join(KINDS)))


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
