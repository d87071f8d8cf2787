"""The alarm corpus (run.sh --alarms, --alarms-smoke, --alarms-overload, --alarms-report; python3 stdlib only).

Every alarm the starter raises must be true, and every real problem must raise one. Each scenario starts a fresh JVM
on 127.0.0.1 with a management port (its server on platform threads: it answers while the carriers are held), polls
`/actuator/health` there every 500 ms and `/actuator/virtualthreads` every 2 s while the scenario runs, stops the JVM
and reads its log. What the starter logged is told apart by logger (`io.github.vtstarter.*`, `i.g.v.*` in Boot's
console pattern) and message (`vt-starter: ...`, `Virtual thread '...' was pinned`), record by record (a record is
a line with a timestamp and the stack lines under it).

Must not alarm (no WARN or ERROR from the starter but the dependency doctor's true findings; health never DOWN):
  healthy      start, ready, a few requests, stop: the sample app (Boot 3.1.12, 3.5.x) and the drop-in user app
               (Boot 3.1.12, 3.5.x, 4.0.x)
  normal       wrk at 40 connections on /sleep?ms=100 (I/O), 45 s
  overload     wrk at 400 connections on /fib?n=10000 (CPU, some 50-100 ms a request): probes lag far past the
               starvation threshold while requests complete all along; then the quiet period, for the summary line
  neighbours   the same beside two CPU hogs outside the JVM (sh -c 'while :; do :; done'), killed after
  gc           a 96 MB heap and /alarms/alloc (8 MB of garbage a request, 32 MB kept alive in a ring) at 100
               connections, 45 s; the GC log counts the pauses
Must alarm:
  pinned       every carrier pinned: as many requests as carriers sleep inside synchronized for 20 s
               (parallelism 2, maxPoolSize 2). JDK 21: the stall WARN, the starvation ERROR, DOWN then UP (and the
               pinning WARN of a 20 s pin). JDK 25: synchronized does not pin (JEP 491): no alarm is right
  cpu-held     every carrier held by CPU-bound code: as many requests as carriers spin for 20 s (parallelism 2,
               maxPoolSize 2): stall WARN, starvation ERROR, DOWN then UP, on both JDKs
  wait         Object.wait inside synchronized: 8 requests wait 10 s (parallelism 2): JDK 21 compensates, the pool
               grows past max(2p, p+4) = 6: the growth WARN; JDK 25: no growth, no alarm
  pinning-site 20 requests one after the other sleep 50 ms inside synchronized: JDK 21, one WARN for the site;
               JDK 25: none
  catalogue    the real old jars of each catalogue library (resolved by Maven) on the class path of the sample app
               (Boot 3.1.12, JarLauncher, on H2): the doctor's WARN for each library in use, its INFO for the JDBC
               drivers no DataSource connects through (MySQL, pgjdbc, MariaDB: a WARN would be false); on JDK 25
               only those of every Java (HikariCP, which the sample app carries: 5.0.1)

Results: <out>/alarms.jsonl (one line a scenario run) and <out>/overload.json (the 10-minute figure), written to
docs/alarms.md.
"""
import collections
import json
import os
import re
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request

from core.jvm import JDKS, JVM_OPTS, TOMCAT_TUNING, free_port, http_get, java_version, start_process, status_of, \
    stop_process
from core.load import wrk
from core.log import log
from core.proc import machine_description
from core.results import append_result, load_results

PARALLELISM = '-Djdk.virtualThreadScheduler.parallelism=2'
MAX_POOL_2 = '-Djdk.virtualThreadScheduler.maxPoolSize=2'
STARVATION_S = 10  # the default starvation threshold (vtstarter.watchdog.starvation-threshold)
QUIET_S = 30  # the default quiet period

# ---------------------------------------------------------------------------------------------------------------
# Reading the log
# ---------------------------------------------------------------------------------------------------------------

RECORD = re.compile(r'^(\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d\S*)\s+(TRACE|DEBUG|INFO|WARN|ERROR)\s')
LOGGER = re.compile(r'\]\s+(\S+)\s+:\s(.*)$')


def records(path):
    """The log's records: dicts with level, logger, message (first line), lines (physical lines, stacks included)."""
    out = []
    cur = None
    with open(path, errors='replace') as f:
        for line in f:
            line = line.rstrip('\n')
            m = RECORD.match(line)
            if m:
                lm = LOGGER.search(line)
                cur = dict(time=m.group(1), level=m.group(2), logger=lm.group(1) if lm else '',
                           message=lm.group(2) if lm else line, lines=1)
                out.append(cur)
            elif cur is not None:
                cur['lines'] += 1
    return out


def is_starter(rec):
    lg, msg = rec['logger'], rec['message']
    if '.sample.' in lg:  # the sample app's own classes (io.github.vtstarter.sample, i.g.vtstarter.sample)
        return False
    return (lg.startswith('i.g.v.') or lg.startswith('io.github.vtstarter') or msg.startswith('vt-starter')
            or is_pinning(msg))


# The pinning WARN names the thread when JFR's event does, and says it does not when the event carries no name (seen on
# JDK 21 with Tomcat's named request threads): both are the one pinning WARN.
PINNING = re.compile(r"^(Virtual thread '.*'|A virtual thread \(its name is not in the JFR event\)) was pinned to its "
                     r"carrier thread for ")


def is_pinning(msg):
    return PINNING.match(msg) is not None


def kind(rec):
    """What a record of the starter is."""
    msg = rec['message']
    if 'misbehaves on virtual threads' in msg or rec['logger'].endswith('DependencyDoctorReport'):
        return 'doctor'
    if msg.startswith('vt-starter: stall:'):
        return 'stall'
    if 'has made no progress' in msg:
        return 'starvation'
    if 'carrier pool grew' in msg:
        return 'growth'
    if is_pinning(msg):
        return 'pinning'
    if msg.startswith('vt-starter: overload:'):
        return 'overload'
    if 'episode is over' in msg:
        return 'episode-end'
    if 'runs again after' in msg:
        return 'recovered'
    if 'during start-up the virtual-thread scheduler' in msg:
        return 'startup-lag'
    if 'during start-up' in msg and 'pinned' in msg:
        return 'startup-pins'
    if 'while a class was loaded' in msg:
        return 'class-loading-pin'
    if 'could not be started or continued' in msg:
        return 'submit-failed'
    return 'other'


def doctor_library(msg):
    """'vt-starter: MySQL Connector/J 8.0.33 (mysql-connector-j-8.0.33.jar) misbehaves ...' -> 'MySQL Connector/J';
    also the INFO form of a JDBC driver no DataSource uses ('... (jar) is on the class path, but ...')."""
    m = re.match(r'vt-starter: (.+?) \S+ \((\S+)\) (?:misbehaves|is on the class path, but)', msg)
    return m.group(1) if m else msg[:60]


def read_log(path):
    """The starter's records by level and kind, its lines, the doctor's findings, and what else warned."""
    recs = records(path)
    starter = [r for r in recs if is_starter(r)]
    alarms = collections.Counter()  # WARN/ERROR of the starter, by kind, the doctor's apart
    infos = collections.Counter()
    doctor = []
    doctor_unused = []  # the doctor's INFO: a JDBC driver on the class path that no DataSource connects through
    starvation_with_stacks = 0
    for r in starter:
        k = kind(r)
        if r['level'] in ('WARN', 'ERROR'):
            if k == 'doctor':
                doctor.append(doctor_library(r['message']))
            else:
                alarms[k] += 1
                if k == 'starvation' and 'Virtual threads holding a carrier:' in r['message']:
                    starvation_with_stacks += 1
        elif r['level'] == 'INFO' and k == 'doctor':
            doctor_unused.append(doctor_library(r['message']))
        elif r['level'] == 'INFO':
            infos[k] += 1
    others = [r for r in recs if not is_starter(r) and r['level'] in ('WARN', 'ERROR')]
    # Boot 4 says so when a bean post-processor's dependencies are created early; the starter must cause none
    bpp = [r for r in recs if 'BeanPostProcessorChecker' in r['logger'] or 'is not eligible for getting processed by all'
           in r['message']]
    bpp_starter = [r for r in bpp if re.search(r'vtstarter|virtualThreads|[Ww]atchdog|VirtualThread', r['message'])]
    return dict(
        starter_records=len(starter), starter_lines=sum(r['lines'] for r in starter),
        starter_by_level=dict(collections.Counter(r['level'] for r in starter)),
        alarms=dict(alarms), infos=dict(infos), doctor=doctor, doctor_unused=doctor_unused,
        starvation_with_stacks=starvation_with_stacks,
        warn_error=sum(alarms.values()), other_warn_error=len(others),
        other_warn_error_sample=[('%s %s: %s' % (r['level'], r['logger'], r['message']))[:200] for r in others[:5]],
        bpp_lines=len(bpp), bpp_starter=[r['message'][:200] for r in bpp_starter],
        alarm_lines=[('%s %s %s' % (r['time'], r['level'], r['message']))[:400] for r in starter
                     if r['level'] in ('WARN', 'ERROR')])


# ---------------------------------------------------------------------------------------------------------------
# A JVM under watch
# ---------------------------------------------------------------------------------------------------------------


class Watched:
    """One application JVM on 127.0.0.1 with a management port, its health polled every 500 ms and
    /actuator/virtualthreads every 2 s from start to stop."""

    def __init__(self, tag, java, launch, jvm_opts, app_args, outdir, ready_path):
        self.tag, self.java, self.outdir, self.ready_path = tag, java, outdir, ready_path
        self.port, self.mgmt = free_port(), free_port()
        self.logpath = os.path.join(outdir, 'server-%s.log' % tag)
        self.cmd = [java] + jvm_opts + launch + [
            '--server.address=127.0.0.1', '--server.port=%d' % self.port, '--spring.main.banner-mode=off',
            '--management.server.port=%d' % self.mgmt, '--management.server.address=127.0.0.1',
            '--management.endpoints.web.exposure.include=health,virtualthreads,metrics',
            '--management.endpoint.health.show-details=always'] + app_args
        self.health = []  # (seconds since start, 'UP' | 'DOWN' | 'NO ANSWER' | 'HTTP nnn', virtualThreads state)
        self.endpoint = dict(max_lag_ms=0.0, states=set(), high_water=0, polls=0, cpu_percent=[])
        self.last_endpoint = None
        self.stop_evt = threading.Event()
        self.proc = None

    @property
    def base(self):
        return 'http://127.0.0.1:%d' % self.port

    @property
    def mbase(self):
        return 'http://127.0.0.1:%d' % self.mgmt

    def start(self, timeout=240):
        log('start %s (%s)' % (self.tag, java_version(self.java)))
        self.t0 = time.time()
        self.proc = start_process(self.cmd, self.logpath, self.outdir)
        self.threads = [threading.Thread(target=self._poll_health, daemon=True),
                        threading.Thread(target=self._poll_endpoint, daemon=True)]
        for t in self.threads:
            t.start()
        while time.time() - self.t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError('%s exited with %s; see %s' % (self.tag, self.proc.returncode, self.logpath))
            code, _ = status_of(self.base + self.ready_path, 5)
            if code == 200 and status_of(self.mbase + '/actuator/health', 5)[0] in (200, 503):
                self.started_s = round(time.time() - self.t0, 1)
                self._await_pinning_monitor(time.time() + 30)
                return self
            time.sleep(0.5)
        raise RuntimeError('%s did not answer within %ss; see %s' % (self.tag, timeout, self.logpath))

    def _await_pinning_monitor(self, deadline):
        """The pinning monitor starts in the background after the context (JFR's first start takes a few hundred ms);
        a scenario that pins before its recording runs would be a miss of the harness's making, so wait for it."""
        while time.time() < deadline:
            try:
                reason = (json.loads(http_get(self.mbase + '/actuator/virtualthreads', 5)).get('pinning') or {}).get(
                    'reason') or ''
            except (OSError, ValueError):
                reason = 'starting'
            if not reason.startswith('starting'):
                return
            time.sleep(0.2)

    def _poll_health(self):
        while not self.stop_evt.is_set():
            t = round(time.time() - self.t0, 1)
            code, body = health_of(self.mbase + '/actuator/health', 5)
            overall = vt = state = None
            if code in (200, 503) and body:
                try:
                    doc = json.loads(body)
                    overall = doc.get('status')
                    comp = doc.get('components', {}).get('virtualThreads', {})
                    vt, state = comp.get('status'), comp.get('details', {}).get('state')
                except ValueError:
                    pass
            value = overall or ({200: 'UP', 503: 'DOWN'}.get(code) if code else 'NO ANSWER') or 'HTTP %s' % code
            self.health.append((t, value, vt, state))
            self.stop_evt.wait(0.5)

    def _poll_endpoint(self):
        while not self.stop_evt.is_set():
            self.read_endpoint()
            self.stop_evt.wait(2)

    def read_endpoint(self):
        try:
            body = json.loads(http_get(self.mbase + '/actuator/virtualthreads', 10))
        except (OSError, ValueError):
            return None
        s = body.get('scheduler', {})
        e = self.endpoint
        e['polls'] += 1
        lag = (s.get('lag') or {}).get('maxMs')
        if lag:
            e['max_lag_ms'] = max(e['max_lag_ms'], float(lag))
        for ep in ((s.get('episodes') or {}).get('current'), (s.get('episodes') or {}).get('last')):
            if ep and ep.get('maxLagMs'):
                e['max_lag_ms'] = max(e['max_lag_ms'], float(ep['maxLagMs']))
        if s.get('state'):
            e['states'].add(s['state'])
        hw = (s.get('carriers') or {}).get('highWater')
        if isinstance(hw, int):
            e['high_water'] = max(e['high_water'], hw)
        # How much of a CPU the carriers got between two dumps that showed the same threads on them (the watchdog's
        # stall proof; present during an episode that took such dumps).
        cpu = (s.get('carriers') or {}).get('cpuPercent')
        if isinstance(cpu, int):
            e['cpu_percent'].append(cpu)
        self.last_endpoint = body
        return body

    def log_has(self, text):
        try:
            with open(self.logpath, errors='replace') as f:
                return text in f.read()
        except OSError:
            return False

    def wait_log(self, text, timeout):
        t0 = time.time()
        while time.time() - t0 < timeout:
            if self.log_has(text):
                return True
            time.sleep(1)
        return False

    def stop(self):
        final = self.read_endpoint()
        self.stop_evt.set()
        for t in self.threads:
            t.join(15)
        stop_process(self.proc, timeout=30)
        self.exit_code = self.proc.returncode
        return final

    def health_summary(self):
        """The health answers in order, repeats collapsed, before the first status left out: e.g. 'UP > DOWN@14.2s >
        UP@24.0s'; the virtualThreads indicator is named where it differs from the whole. Returns the text, the
        virtualThreads indicator's statuses in order (collapsed), and the transitions as data."""
        seq = []
        for t, value, vt, state in self.health:
            if not seq and value in ('NO ANSWER',) or (not seq and value.startswith('HTTP')):
                continue
            label = value if vt in (None, value) else '%s (virtualThreads %s)' % (value, vt)
            if not seq or seq[-1][1] != label:
                seq.append((t, label, vt, state))
        text = ' > '.join(label if i == 0 else '%s@%.1fs' % (label, t) for i, (t, label, _, _) in enumerate(seq))
        vts = []
        for _, _, vt, _ in seq:
            if vt and (not vts or vts[-1] != vt):
                vts.append(vt)
        return text, vts, [dict(t=t, health=label, virtualThreads=vt, state=st) for t, label, vt, st in seq]


def health_of(url, timeout):
    """(HTTP status, body), the body of a 503 included (core.jvm.status_of drops an error's body; the DOWN answer's
    body names the virtualThreads indicator)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode(errors='replace')
    except urllib.error.HTTPError as e:
        try:
            return e.code, e.read().decode(errors='replace')
        except OSError:
            return e.code, ''
    except OSError as e:
        return None, str(e)


def get(url, timeout=60):
    return status_of(url, timeout)[0]


def fire(urls, timeout):
    """Sends each request on a thread of its own, without waiting; returns the threads and their status codes."""
    codes = []

    def one(u):
        codes.append(get(u, timeout))
    threads = [threading.Thread(target=one, args=(u,), daemon=True) for u in urls]
    for t in threads:
        t.start()
    return threads, codes


def hogs(n):
    """n CPU hogs outside the JVM (shell loops), each in a session of its own: stop them with stop_hogs."""
    return [subprocess.Popen(['sh', '-c', 'while :; do :; done'], start_new_session=True) for _ in range(n)]


def stop_hogs(procs):
    for p in procs:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        p.wait()


def gc_pauses(path):
    """Stop-the-world pauses in a -Xlog:gc file: count, total and longest, in ms."""
    pauses = []
    try:
        with open(path) as f:
            for line in f:
                m = re.search(r'Pause.* (\d+\.\d+)ms$', line.strip())
                if m:
                    pauses.append(float(m.group(1)))
    except OSError:
        pass
    return dict(gc_pauses=len(pauses), gc_pause_total_ms=round(sum(pauses)), gc_pause_max_ms=round(max(pauses or [0])))


# ---------------------------------------------------------------------------------------------------------------
# Scenarios
# ---------------------------------------------------------------------------------------------------------------

# What each scenario expects: alarms {kind: exact count} (WARN/ERROR of the starter, the doctor's apart), doctor (the
# libraries the doctor must name, no more), down (health must go DOWN, then UP again).
NO_ALARM = dict(alarms={}, down=False)


def expectation(name, jdk, catalogue=None):
    j21 = jdk == '21'
    if name == 'pinned':
        return dict(alarms={'stall': 1, 'starvation': 1, 'pinning': 1}, down=True) if j21 else dict(NO_ALARM)
    if name == 'cpu-held':
        return dict(alarms={'stall': 1, 'starvation': 1}, down=True)
    if name == 'wait':
        return dict(alarms={'growth': 1}, down=False) if j21 else dict(NO_ALARM)
    if name == 'pinning-site':
        return dict(alarms={'pinning': 1}, down=False) if j21 else dict(NO_ALARM)
    return dict(NO_ALARM)


def describe_expected(e, doctor, unused=()):
    parts = []
    for k, n in sorted(e['alarms'].items()):
        parts.append('%s %s' % (n, {'stall': 'stall WARN', 'starvation': 'starvation ERROR', 'pinning': 'pinning WARN',
                                    'growth': 'growth WARN'}.get(k, k)))
    parts.append('DOWN then UP' if e['down'] else 'health UP')
    if doctor:
        parts.append('doctor: ' + ', '.join(doctor))
    if unused:
        parts.append('doctor INFO, not in use: ' + ', '.join(unused))
    return ('no alarm; ' if not e['alarms'] else '') + '; '.join(parts)


def logged_once(logged, expected):
    """Library names logged against those expected, each once: (not expected, [(expected, times) logged more than
    once], expected but not logged)."""
    counts = collections.Counter(logged)
    unexpected = [lib for lib in counts if lib not in expected]
    repeated = [(lib, n) for lib, n in counts.items() if lib in expected and n > 1]
    return unexpected, repeated, [lib for lib in expected if lib not in counts]


def judge(res, e, doctor_expected, unused_expected=()):
    """Fills false_alarms, missed, ok."""
    false, missed = [], []
    got = dict(res['log']['alarms'])
    if (e['alarms'].get('stall') and e['alarms'].get('starvation') and not got.get('stall')
            and got.get('starvation') and res['log'].get('starvation_with_stacks')):
        # The other form the watchdog documents: a stall proven only at the starvation threshold (a spinner that gets
        # a fraction of a CPU on a loaded machine has run for the lag threshold only after seconds; dumps taken late)
        # is one ERROR that carries the stacks itself, with no WARN before it. Nothing is missed.
        got['stall'] = e['alarms']['stall']
        res['notes'] = ((res.get('notes') or '') + ' stall proven at the starvation threshold: one ERROR with the '
                        'stacks, no stall WARN (the documented form)').strip()
    for k, n in got.items():
        if n > e['alarms'].get(k, 0):
            false.append('%d %s (expected %d)' % (n, k, e['alarms'].get(k, 0)))
    for k, n in e['alarms'].items():
        if got.get(k, 0) < n:
            missed.append('%s: %d of %d' % (k, got.get(k, 0), n))
    unexpected, repeated, absent = logged_once(res['log']['doctor'], doctor_expected)
    false += ['doctor: %s' % lib for lib in unexpected] + ['doctor: %s %d times' % r for r in repeated]
    missed += ['doctor: %s' % lib for lib in absent]
    # A driver told unused that the run expects unused is right; one that is not expected either way is wrong (a
    # library the doctor should have warned about, or one it should not have named).
    unexpected, repeated, absent = logged_once(res['log'].get('doctor_unused') or [], unused_expected)
    missed += ['doctor: %s logged at INFO as not in use' % lib for lib in unexpected]
    missed += ['doctor: %s logged at INFO as not in use %d times' % r for r in repeated]
    missed += ['doctor INFO, not in use: %s' % lib for lib in absent]
    values = res['health_values']  # the virtualThreads indicator's statuses, in order
    if e['down']:
        if 'DOWN' not in values:
            missed.append('virtualThreads never DOWN')
        elif 'UP' not in values[values.index('DOWN'):]:
            missed.append('virtualThreads not UP again')
    elif 'DOWN' in values:
        false.append('virtualThreads DOWN')
    if not values:
        missed.append('the virtualThreads indicator never answered')
    if res['log']['bpp_starter']:
        false.append('BeanPostProcessorChecker: %d lines' % len(res['log']['bpp_starter']))
    res['false_alarms'], res['missed'] = false, missed
    res['ok'] = not false and not missed and not res.get('error')
    return res


class Corpus:
    """Runs the scenarios; every run becomes one result line."""

    def __init__(self, args, smoke=False):
        self.args, self.smoke = args, smoke
        self.out = args.out
        os.makedirs(self.out, exist_ok=True)
        self.sample = args.sample_jars  # boot -> jar
        self.dropin = args.dropin_jars
        self.catalogue_jars = sorted(os.path.join(args.catalogue_dir, j) for j in os.listdir(args.catalogue_dir)
                                if j.endswith('.jar')) if args.catalogue_dir and os.path.isdir(args.catalogue_dir) else []
        self.sample31 = self.sample.get('3.1.12') or sorted(self.sample.values())[0]

    # -- the pieces of a run ------------------------------------------------------------------------------------

    def watched(self, tag, jdk, launch=None, jvm=(), args=(), ready='/sleep?ms=0', heap=None):
        opts = list(heap) if heap else list(JVM_OPTS)
        return Watched(tag, JDKS[jdk], launch or ['-jar', self.sample31], opts + list(jvm), list(args), self.out,
                       ready)

    def finish(self, w, scenario, case, jdk, app, expect, doctor_expected, notes='', extra=None, error=None,
               unused_expected=()):
        final = None
        try:
            final = w.stop()
        except Exception as ex:  # noqa: BLE001 (a failed stop is reported, the corpus goes on)
            error = error or 'stop: %s' % ex
        text, values, transitions = w.health_summary()
        res = dict(scenario=scenario, case=case, jdk=jdk, app=app, java=java_version(w.java),
                   expected=describe_expected(expect, doctor_expected, unused_expected), expect=expect,
                   doctor_expected=doctor_expected, unused_expected=list(unused_expected), health=text, health_values=values, health_transitions=transitions,
                   health_polls=len(w.health), no_answer=sum(1 for h in w.health if h[1] == 'NO ANSWER'),
                   max_lag_ms=round(w.endpoint['max_lag_ms']), states=sorted(w.endpoint['states']),
                   high_water=w.endpoint['high_water'], carrier_cpu_percent=sorted(set(w.endpoint['cpu_percent'])),
                   started_s=getattr(w, 'started_s', None),
                   wall_s=round(time.time() - w.t0, 1), exit_code=getattr(w, 'exit_code', None),
                   loadavg=[round(x, 2) for x in os.getloadavg()], log_file=os.path.basename(w.logpath),
                   cmdline=w.cmd[1:], notes=notes, error=error)
        if final:
            s = final.get('scheduler', {})
            res['episodes'] = {k: v for k, v in (s.get('episodes') or {}).items() if k in ('overload', 'stall',
                                                                                           'starvation', 'last')}
            res['starvation_episodes'] = (final.get('starvation') or {}).get('episodes')
            res['pinning_total'] = (final.get('pinning') or {}).get('total')
            res['advice'] = [a.get('library') for a in final.get('advice') or []]
        res.update(extra or {})
        res['log'] = read_log(w.logpath)
        judge(res, expect, doctor_expected, unused_expected)
        log('%s %s JDK %s: %s; starter WARN/ERROR %s, doctor %s, health %s, max lag %s ms%s' % (
            scenario, case, jdk, 'ok' if res['ok'] else 'FAILED', res['log']['alarms'] or 0, len(res['log']['doctor']),
            text, res['max_lag_ms'], (' false: %s' % res['false_alarms']) if res['false_alarms'] else '')
            + ((' missed: %s' % res['missed']) if res['missed'] else ''))
        if not res['ok']:
            # what the starter warned, so that a CI log whose out directory is gone still tells which line was wrong
            for line in res['log']['alarm_lines']:
                log('  logged: %s' % line)
        return res

    def guarded(self, scenario, case, jdk, app, body):
        """Runs body() -> result; a scenario that breaks is a failed result, and the corpus goes on."""
        t0 = time.time()
        la0 = [round(x, 2) for x in os.getloadavg()]
        try:
            res = body()
        except Exception as ex:  # noqa: BLE001
            log('%s %s JDK %s broke: %s' % (scenario, case, jdk, ex))
            res = dict(scenario=scenario, case=case, jdk=jdk, app=app, ok=False, error=str(ex), false_alarms=[],
                       missed=['the scenario did not run: %s' % ex], health='', log=None, expected='')
        res['duration_s'] = round(time.time() - t0, 1)
        res['loadavg_before'] = la0
        return res

    # -- must not alarm -----------------------------------------------------------------------------------------

    def healthy(self, jdk, app, boot, jar):
        sample = app == 'sample'
        doctor = ['HikariCP'] if sample else []

        def body():
            ready = '/sleep?ms=0' if sample else '/thread'
            w = self.watched('healthy-%s-%s-jdk%s' % (app, boot, jdk), jdk, launch=['-jar', jar], ready=ready).start()
            paths = (['/sleep?ms=10', '/thread', '/pinning/lock?ms=5', '/fib?n=1000'] if sample
                     else ['/thread', '/async-thread'])
            n = 0
            for i in range(25):
                for p in paths:
                    n += get(w.base + p, 10) == 200
            time.sleep(5)  # the doctor, and whatever the starter says after the first requests
            return self.finish(w, 'healthy', '%s app, Boot %s' % (app, boot), jdk, '%s %s' % (app, boot),
                               dict(NO_ALARM), doctor, notes='%d requests answered 200 of %d' % (n, 25 * len(paths)))
        return self.guarded('healthy', '%s app, Boot %s' % (app, boot), jdk, app, body)

    def normal(self, jdk, seconds=45, conns=40):
        def body():
            w = self.watched('normal-jdk%s' % jdk, jdk, jvm=[PARALLELISM], args=TOMCAT_TUNING).start()
            r = wrk(w.base + '/sleep?ms=100', conns, seconds, outdir=self.out, tag='normal')
            time.sleep(3)
            return self.finish(w, 'normal', 'wrk %d conns, /sleep?ms=100, %d s' % (conns, seconds), jdk, 'sample 3.1.12',
                               dict(NO_ALARM), ['HikariCP'], extra=dict(load=summary(r)))
        return self.guarded('normal', 'normal load', jdk, 'sample', body)

    def overload(self, jdk, seconds, conns, neighbours=0, scenario='overload', fib=10000, wait_end=True,
                 thresholds=()):
        """CPU overload with progress (and CPU hogs beside it): health must stay UP; the lag should pass the starvation
        threshold (reported, not assumed)."""
        case = 'wrk %d conns, /fib?n=%d, %d s%s%s' % (conns, fib, seconds,
                                                       ', %d CPU hogs' % neighbours if neighbours else '',
                                                       (', ' + ' '.join(a.replace('--vtstarter.watchdog.', '')
                                                                        for a in thresholds)) if thresholds else '')

        def body():
            w = self.watched('%s-jdk%s' % (scenario, jdk), jdk, jvm=[PARALLELISM], args=TOMCAT_TUNING + list(thresholds))
            w.start()
            get(w.base + '/fib?n=%d' % fib, 30)
            hog = hogs(neighbours) if neighbours else []
            try:
                r = wrk(w.base + '/fib?n=%d' % fib, conns, seconds, outdir=self.out, tag=scenario, timeout_s=120)
            finally:
                stop_hogs(hog)
            ended = False
            if wait_end:  # the episode's summary comes a quiet period after the last lag
                quiet = QUIET_S
                for a in thresholds:
                    if a.startswith('--vtstarter.watchdog.quiet-period='):
                        quiet = int(re.sub(r'\D', '', a.split('=', 1)[1]))
                ended = w.wait_log('episode is over', quiet + 150)
            starvation = STARVATION_S
            for a in thresholds:
                if a.startswith('--vtstarter.watchdog.starvation-threshold='):
                    starvation = int(re.sub(r'\D', '', a.split('=', 1)[1]))
            res = self.finish(w, scenario, case, jdk, 'sample 3.1.12', dict(NO_ALARM), ['HikariCP'],
                              extra=dict(load=summary(r), episode_ended=ended, starvation_threshold_s=starvation,
                                         neighbours=neighbours))
            res['lag_past_starvation_threshold'] = res['max_lag_ms'] > starvation * 1000
            res['notes'] = ('longest lag %.1f s, %s the %d s starvation threshold; %s requests completed'
                            % (res['max_lag_ms'] / 1000.0, 'past' if res['lag_past_starvation_threshold'] else 'NOT past',
                               starvation, res['load'].get('requests')))
            return res
        return self.guarded(scenario, case, jdk, 'sample', body)

    def gc(self, jdk, seconds=45, conns=100):
        case = '96 MB heap, /alloc?mb=8 at %d conns, %d s' % (conns, seconds)

        def body():
            gclog = os.path.join(self.out, 'gc-jdk%s.log' % jdk)
            w = self.watched('gc-jdk%s' % jdk, jdk, jvm=[PARALLELISM, '-Xlog:gc:file=%s' % gclog],
                             heap=['-Xms96m', '-Xmx96m', '-XX:+UseG1GC'], args=TOMCAT_TUNING).start()
            r = wrk(w.base + '/alarms/alloc?mb=8', conns, seconds, outdir=self.out, tag='gc')
            time.sleep(3)
            res = self.finish(w, 'gc', case, jdk, 'sample 3.1.12', dict(NO_ALARM), ['HikariCP'],
                              extra=dict(load=summary(r), **gc_pauses(gclog)))
            res['notes'] = '%d GC pauses, %d ms in all, longest %d ms; %s requests' % (
                res['gc_pauses'], res['gc_pause_total_ms'], res['gc_pause_max_ms'], res['load'].get('requests'))
            return res
        return self.guarded('gc', case, jdk, 'sample', body)

    # -- must alarm ---------------------------------------------------------------------------------------------

    def held(self, jdk, scenario, hold_s=20, thresholds=()):
        """Every carrier held for hold_s: pinned (sleep inside synchronized) or cpu-held (a spin)."""
        path = ('/pinning/synchronized?ms=%d' if scenario == 'pinned' else '/alarms/cpu?ms=%d') % (hold_s * 1000)
        case = '2 requests %s, parallelism 2, maxPoolSize 2%s' % (
            path, (', ' + ' '.join(a.replace('--vtstarter.watchdog.', '') for a in thresholds)) if thresholds else '')
        e = expectation(scenario, jdk)

        def body():
            w = self.watched('%s-jdk%s' % (scenario, jdk), jdk, jvm=[PARALLELISM, MAX_POOL_2], args=list(thresholds))
            w.start()
            time.sleep(2)
            threads, codes = fire([w.base + path] * 2, hold_s + 120)
            for t in threads:
                t.join(hold_s + 120)
            serves = get(w.base + '/sleep?ms=0', 30) == 200
            quiet = QUIET_S
            for a in thresholds:
                if a.startswith('--vtstarter.watchdog.quiet-period='):
                    quiet = int(re.sub(r'\D', '', a.split('=', 1)[1]))
            ended = w.wait_log('episode is over', quiet + 20) if e['down'] else None
            if not e['down']:
                time.sleep(3)
            res = self.finish(w, scenario, case, jdk, 'sample 3.1.12', e, ['HikariCP'],
                              extra=dict(holders_answered=codes, serves_after=serves, episode_ended=ended))
            if not serves:
                res['ok'] = False
                res['missed'].append('the application did not serve again')
            return res
        return self.guarded(scenario, case, jdk, 'sample', body)

    def wait(self, jdk, waiters=8, wait_s=10):
        case = '%d requests in Object.wait %d s, parallelism 2' % (waiters, wait_s)

        def body():
            w = self.watched('wait-jdk%s' % jdk, jdk, jvm=[PARALLELISM]).start()
            threads, codes = fire([w.base + '/alarms/wait?ms=%d' % (wait_s * 1000)] * waiters, wait_s + 60)
            for t in threads:
                t.join(wait_s + 60)
            time.sleep(3)
            return self.finish(w, 'wait', case, jdk, 'sample 3.1.12', expectation('wait', jdk), ['HikariCP'],
                               extra=dict(waiters_answered=codes))
        return self.guarded('wait', case, jdk, 'sample', body)

    def pinning_site(self, jdk, requests=20):
        case = '%d requests one after the other, /pinning/synchronized?ms=50' % requests

        def body():
            w = self.watched('pinning-site-jdk%s' % jdk, jdk, jvm=[PARALLELISM]).start()
            for _ in range(requests):
                get(w.base + '/pinning/synchronized?ms=50', 10)
            time.sleep(3)
            return self.finish(w, 'pinning-site', case, jdk, 'sample 3.1.12', expectation('pinning-site', jdk),
                               ['HikariCP'])
        return self.guarded('pinning-site', case, jdk, 'sample', body)

    def catalogue_run(self, jdk, jars, case):
        """The sample app with old library jars on the class path before its own (JarLauncher)."""
        names = [os.path.basename(j) for j in jars]
        expected = ['HikariCP']  # in the sample app: 5.0.1, every Java
        # The sample app connects with H2 (no profile): the JDBC drivers are on its class path unused, and the doctor
        # says so at INFO; a WARN for them would be a false alarm.
        unused = []
        if jdk == '21':
            for n in names:
                for prefix, lib, driver in (('mysql-connector', 'MySQL Connector/J', True),
                                            ('postgresql', 'PostgreSQL JDBC driver (pgjdbc)', True),
                                            ('mariadb', 'MariaDB Connector/J', True),
                                            ('artemis-core-client', 'ActiveMQ Artemis client', False),
                                            ('activemq-client', 'ActiveMQ Classic client', False)):
                    target = unused if driver else expected
                    if n.startswith(prefix) and lib not in target:
                        target.append(lib)

        def body():
            cp = ':'.join([self.sample31] + jars)
            w = self.watched('catalogue-%s-jdk%s' % (case.replace(' ', '-'), jdk), jdk,
                             launch=['-cp', cp, 'org.springframework.boot.loader.JarLauncher']).start()
            w.wait_log('misbehaves on virtual threads', 20)
            time.sleep(5)
            return self.finish(w, 'catalogue', '%s: %s' % (case, ', '.join(names)), jdk, 'sample 3.1.12', dict(NO_ALARM),
                               expected, unused_expected=unused)
        return self.guarded('catalogue', case, jdk, 'sample', body)

    def catalogue(self, jdk):
        """Two runs: every library at once (MySQL under com.mysql:mysql-connector-j), then the old MySQL coordinates
        (mysql:mysql-connector-java 8.0.x) alone, the jar issue 18 found the doctor missing."""
        old = [j for j in self.catalogue_jars if os.path.basename(j).startswith('mysql-connector-java')]
        rest = [j for j in self.catalogue_jars if j not in old]
        out = []
        if rest:
            out.append(self.catalogue_run(jdk, rest, 'every library'))
        if old:
            out.append(self.catalogue_run(jdk, old, 'old MySQL coordinates'))
        return out


def summary(r):
    """The fields of a wrk result the report needs."""
    return {k: r.get(k) for k in ('requests', 'rps', 'errors', 'p50_us', 'p99_us', 'max_us', 'timeout', 'seconds', 'conns')}


# ---------------------------------------------------------------------------------------------------------------
# Plans
# ---------------------------------------------------------------------------------------------------------------

SCENARIOS = ('healthy', 'normal', 'overload', 'neighbours', 'gc', 'pinned', 'cpu-held', 'wait', 'pinning-site',
             'catalogue')


def full_plan(c, jdks, only):
    """(name, jdk, callable returning a result or a list of results), in the order they run."""
    plan = []
    for jdk in jdks:
        for boot, jar in sorted(c.sample.items()):
            plan.append(('healthy', jdk, lambda jdk=jdk, boot=boot, jar=jar: c.healthy(jdk, 'sample', boot, jar)))
        for boot, jar in sorted(c.dropin.items()):
            plan.append(('healthy', jdk, lambda jdk=jdk, boot=boot, jar=jar: c.healthy(jdk, 'drop-in', boot, jar)))
        plan += [
            ('normal', jdk, lambda jdk=jdk: c.normal(jdk)),
            ('overload', jdk, lambda jdk=jdk: c.overload(jdk, 60, 400)),
            ('neighbours', jdk, lambda jdk=jdk: c.overload(jdk, 60, 400, neighbours=2, scenario='neighbours')),
            ('gc', jdk, lambda jdk=jdk: c.gc(jdk)),
            ('pinned', jdk, lambda jdk=jdk: c.held(jdk, 'pinned')),
            ('cpu-held', jdk, lambda jdk=jdk: c.held(jdk, 'cpu-held')),
            ('wait', jdk, lambda jdk=jdk: c.wait(jdk)),
            ('pinning-site', jdk, lambda jdk=jdk: c.pinning_site(jdk)),
            ('catalogue', jdk, lambda jdk=jdk: c.catalogue(jdk)),
        ]
    return [p for p in plan if not only or p[0] in only]


# The smoke: short thresholds where a short run needs them (said in its table), JDK 21 for the JDK-specific alarms,
# JDK 25 for the one that must hold on every JDK.
SHORT = ['--vtstarter.watchdog.starvation-threshold=3s', '--vtstarter.watchdog.quiet-period=5s']


def smoke_plan(c, jdks, only):
    j21 = '21' in jdks
    plan = []
    if j21:
        plan += [
            ('healthy', '21', lambda: c.healthy('21', 'sample', '3.1.12', c.sample31)),
            ('overload', '21', lambda: c.overload('21', 25, 200, thresholds=SHORT)),
            # The false stall the carriers' CPU time now tells apart: short requests kept mounted by a machine whose
            # other processes take the CPU.
            ('neighbours', '21', lambda: c.overload('21', 20, 400, neighbours=2, scenario='neighbours',
                                                    thresholds=SHORT)),
            ('pinned', '21', lambda: c.held('21', 'pinned', hold_s=8, thresholds=SHORT)),
            ('wait', '21', lambda: c.wait('21', wait_s=6)),
            ('pinning-site', '21', lambda: c.pinning_site('21', requests=5)),
            ('catalogue', '21', lambda: c.catalogue_run('21', [j for j in c.catalogue_jars
                                                               if not os.path.basename(j).startswith('mysql-connector-java')],
                                                        'every library')),
        ]
    if '25' in jdks:
        # 20 s: a spinner proves a stall once it has run for the lag threshold; on a loaded CI machine it gets a
        # fraction of a CPU, so that takes longer than 1 s of wall time.
        plan.append(('cpu-held', '25', lambda: c.held('25', 'cpu-held', hold_s=20, thresholds=SHORT)))
    return [p for p in plan if not only or p[0] in only]


def run(args):
    """--alarms / --alarms-smoke: the corpus; results appended to <out>/alarms.jsonl (a fresh file per run).
    Returns the exit code: 1 on any false or missed alarm."""
    smoke = args.command == 'alarms-smoke'
    only = set(args.only.split(',')) if args.only else None
    unknown = (only or set()) - set(SCENARIOS)
    if unknown:
        raise SystemExit('unknown scenario(s) %s; known: %s' % (', '.join(sorted(unknown)), ', '.join(SCENARIOS)))
    c = Corpus(args, smoke)
    plan = (smoke_plan if smoke else full_plan)(c, args.jdk_list, only)
    path = os.path.join(args.out, 'alarms.jsonl')
    meta = dict(started=time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime()), machine=machine_description(),
                smoke=smoke, only=sorted(only) if only else None, jdks=args.jdk_list,
                java={j: java_version(JDKS[j]) for j in args.jdk_list})
    # --only re-runs some scenarios: the other results of the last run stay (and its meta, with the re-run noted)
    kept = [r for r in load_results(path) if not (r['scenario'] in only and r['jdk'] in args.jdk_list)] if only else []
    meta_path = os.path.join(args.out, 'alarms-meta.json')
    if kept and os.path.exists(meta_path):
        with open(meta_path) as f:
            first = json.load(f)
        first.setdefault('reruns', []).append(meta)
        meta = first
    t0 = time.time()
    failed = []
    with open(path, 'w') as out:
        for res in kept:
            append_result(out, res)
        for name, jdk, call in plan:
            got = call()
            for res in (got if isinstance(got, list) else [got]):
                append_result(out, res)
                if not res['ok']:
                    failed.append('%s %s JDK %s' % (res['scenario'], res.get('case'), jdk))
    ended = dict(ended=time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime()), duration_s=round(time.time() - t0),
                 loadavg_end=open('/proc/loadavg').read().split()[:3])
    (meta['reruns'][-1] if meta.get('reruns') else meta).update(ended)
    with open(meta_path, 'w') as f:
        json.dump(meta, f, indent=1, default=str)
    if args.md:
        markdown(args.out, args.md)
    log('alarm corpus: %d failed%s' % (len(failed), (': ' + '; '.join(failed)) if failed else ''))
    return 1 if failed else 0


def overload_figure(args):
    """--alarms-overload: scenario 'overload' for N seconds on JDK 21, default thresholds: the lines the starter logs
    (issue 18, part 2)."""
    c = Corpus(args)
    la0 = open('/proc/loadavg').read().split()[:3]
    t0 = time.time()
    res = c.overload('21', args.overload_seconds, 400, scenario='overload-%ds' % args.overload_seconds)
    res.update(machine=machine_description(), loadavg_start=la0, loadavg_end=open('/proc/loadavg').read().split()[:3],
               started=time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime(t0)), duration_s=round(time.time() - t0))
    with open(os.path.join(args.out, 'overload.json'), 'w') as f:
        json.dump(res, f, indent=1, default=str)
    if args.md:
        markdown(args.out, args.md)
    return 0 if res['ok'] else 1


# ---------------------------------------------------------------------------------------------------------------
# docs/alarms.md
# ---------------------------------------------------------------------------------------------------------------

NUMBER = {s: i + 1 for i, s in enumerate(('healthy', 'normal', 'overload', 'neighbours', 'gc', 'pinned', 'cpu-held',
                                          'wait', 'pinning-site', 'catalogue'))}


STATE_ORDER = ('NORMAL', 'LAGGING', 'OVERLOAD', 'STALL', 'STARVED')


def fmt_counts(d):
    return ', '.join('%s %s' % (n, k) for k, n in sorted(d.items())) if d else '0'


def cpu_text(r):
    cpu = r.get('carrier_cpu_percent')
    if not cpu:
        return ''
    return ' (carriers %s%% of a CPU)' % (('%d' % cpu[0]) if len(cpu) == 1 else '%d-%d' % (cpu[0], cpu[-1]))


def got_text(r):
    lg = r.get('log') or {}
    parts = []
    if lg.get('alarms'):
        parts.append(fmt_counts(lg['alarms']))
    info = dict(lg.get('infos') or {})
    if info:
        parts.append('INFO: ' + fmt_counts(info))
    if lg.get('doctor_unused'):
        parts.append('doctor INFO, not in use: ' + ', '.join(lg['doctor_unused']))
    if r.get('error'):
        parts.append('error: ' + r['error'][:120])
    return '; '.join(parts) or 'nothing logged at WARN/ERROR'


def table_rows(results):
    rows = ['| # | scenario | JDK | expected | got (starter WARN/ERROR by kind; INFO) | starter WARN/ERROR | doctor WARN '
            '(true findings) | starter records / lines, all levels | other WARN/ERROR | health (management port, every 500 ms) '
            '| max lag s | watchdog states seen | pass |',
            '|---|---|---|---|---|---|---|---|---|---|---|---|---|']
    for r in results:
        lg = r.get('log') or {}
        verdict = 'yes' if r['ok'] else ('**no**: ' + '; '.join(
            (['false: ' + ', '.join(r['false_alarms'])] if r.get('false_alarms') else [])
            + (['missed: ' + ', '.join(r['missed'])] if r.get('missed') else [])))
        doc = lg.get('doctor') or []
        rows.append('| %s | %s: %s | %s | %s | %s | %s | %s | %s / %s | %s | %s | %s | %s | %s |' % (
            NUMBER.get(r['scenario'], ''), r['scenario'], r.get('case', ''), r['jdk'], r.get('expected', ''), got_text(r),
            lg.get('warn_error', '-'), '%d%s' % (len(doc), (' (' + ', '.join(doc) + ')') if doc else ''),
            lg.get('starter_records', '-'), lg.get('starter_lines', '-'), lg.get('other_warn_error', '-'), r.get('health') or '-',
            '%.1f' % (r['max_lag_ms'] / 1000.0) if r.get('max_lag_ms') is not None else '-',
            (', '.join(s for s in STATE_ORDER if s in (r.get('states') or [])) or '-') + cpu_text(r), verdict))
    return rows


def markdown(out, md):
    order = {j: i for i, j in enumerate(('21', '25'))}
    results = [r for _, r in sorted(enumerate(load_results(os.path.join(out, 'alarms.jsonl'))),
                                    key=lambda ir: (NUMBER.get(ir[1]['scenario'], 99), order.get(ir[1]['jdk'], 9), ir[0]))]
    meta = {}
    if os.path.exists(os.path.join(out, 'alarms-meta.json')):
        with open(os.path.join(out, 'alarms-meta.json')) as f:
            meta = json.load(f)
    over = None
    for name in sorted(os.listdir(out)) if os.path.isdir(out) else []:
        if name == 'overload.json':
            with open(os.path.join(out, name)) as f:
                over = json.load(f)
    false = [r for r in results if r.get('false_alarms')]
    missed = [r for r in results if r.get('missed')]
    L = ['# The alarm corpus', '',
         'Every alarm the starter raises must be true, and every real problem must raise one (issue 18). This page is '
         'generated by `sample-app/bench/run.sh --alarms` (the corpus) and `--alarms-overload` (the 10-minute figure); '
         '`--alarms-report` redraws it from `bench-results/alarms/`. Every scenario starts a fresh JVM on 127.0.0.1 '
         'with a management port, polls `/actuator/health` there every 500 ms and `/actuator/virtualthreads` every 2 s, '
         'then stops the JVM and reads its log.', '']
    if meta:
        L += ['Run: %s to %s (%s min), %s. JDKs: %s. Machine: %d cores, %s; load average at the start %s, at the end %s '
              '(other builds ran on the machine: a loaded machine is the harder test for a watchdog).' % (
                  meta.get('started'), meta.get('ended'), round(meta.get('duration_s', 0) / 60.0),
                  'smoke form' if meta.get('smoke') else 'full corpus' + (' (only %s)' % ', '.join(meta['only'])
                                                                        if meta.get('only') else ''),
                  '; '.join('%s: %s' % (k, v) for k, v in (meta.get('java') or {}).items()),
                  meta['machine']['cpus'], meta['machine']['cpu'], ' '.join(meta['machine']['loadavg_start']),
                  ' '.join(meta.get('loadavg_end') or [])), '']
    for rr in meta.get('reruns') or []:
        L += ['Re-run afterwards: %s on JDK %s, %s to %s, load average at the start %s, at the end %s; their rows below '
              'are from the re-run.' % (', '.join(rr.get('only') or []), ', '.join(rr.get('jdks') or []), rr.get('started'),
                                       rr.get('ended'), ' '.join(rr['machine']['loadavg_start']),
                                       ' '.join(rr.get('loadavg_end') or [])), '']
    loads = [x for r in results for x in ((r.get('loadavg_before') or [None])[0], (r.get('loadavg') or [None])[0])
             if x is not None]
    if loads:
        L += ['The 1-minute load average, read before and after each run, went from %.1f to %.1f (2 cores).' % (
            min(loads), max(loads)), '']
    L += ['**Result: %d runs, %d with a false alarm, %d with a missed alarm.**' % (len(results), len(false), len(missed)),
          '']
    L += ['## The 10-minute overload (issue 18, part 2)', '']
    if over and over.get('load'):
        lg = over.get('log') or {}
        L += ['Scenario 3 for %d s on JDK 21 (`%s`), default watchdog thresholds: wrk at %s connections on '
              '`/fib?n=10000`, parallelism 2, then the quiet period until the episode\'s summary line. Run %s, load '
              'average %s at the start, %s at the end.' % (
                  over['load']['seconds'], over.get('java'), over['load']['conns'], over.get('started'),
                  ' '.join(over.get('loadavg_start') or []), ' '.join(over.get('loadavg_end') or [])), '',
              '| what | figure |', '|---|---|',
              '| requests completed (wrk) | %s (%s req/s), %s errors |' % (over['load'].get('requests'),
                                                                        round(over['load'].get('rps') or 0),
                                                                        over['load'].get('errors')),
              '| longest scheduling lag | %.1f s (starvation threshold %d s) |' % (over['max_lag_ms'] / 1000.0,
                                                                                   over.get('starvation_threshold_s', 10)),
              '| records the starter logged (start to stop) | %s: %s |' % (lg.get('starter_records'),
                                                                           fmt_counts(lg.get('starter_by_level') or {})),
              '| physical lines the starter logged (stacks included) | %s |' % lg.get('starter_lines'),
              '| of which WARN/ERROR other than the doctor\'s | %s |' % lg.get('warn_error'),
              '| INFO by kind | %s |' % fmt_counts(lg.get('infos') or {}),
              '| doctor WARN (true findings) | %d (%s) |' % (len(lg.get('doctor') or []), ', '.join(lg.get('doctor') or [])),
              '| health | %s |' % over.get('health'),
              '| episodes (endpoint at the end) | %s |' % json.dumps(over.get('episodes'), default=str)[:300],
              '| passed | %s |' % over.get('ok'), '']
    else:
        L += ['Not run yet: `sample-app/bench/run.sh --alarms-overload`.', '']
    L += ['## The corpus', '',
          'Columns: *starter WARN/ERROR* counts the starter\'s WARN and ERROR records other than the dependency '
          'doctor\'s; *doctor WARN* counts the doctor\'s, which are true findings (the sample app carries HikariCP '
          '5.0.1, so every run of it has one), and *got* names the doctor\'s INFO for a JDBC driver no DataSource '
          'connects through ("not in use", no alarm); *starter records / lines* is everything the starter logged at any '
          'level, as records and as physical lines (a stack is one record of many lines); *other WARN/ERROR* are records of other loggers (Tomcat, Hikari, Boot), '
          'listed for what they are; *health* is `/actuator/health` on the management port, every 500 ms, repeats '
          'collapsed, with the seconds since the JVM started, and the `virtualThreads` indicator named where its status '
          'differs from the whole (Boot 4 enables the readiness probe: `OUT_OF_SERVICE` until the application is ready '
          'is Boot\'s, not the starter\'s); *max lag* is the largest `scheduler.lag.maxMs` or '
          'episode `maxLagMs` the endpoint showed; *watchdog states seen* are the `scheduler.state` values '
          'of those polls, with, where the endpoint showed it, `scheduler.carriers.cpuPercent`: how much of a CPU the '
          'carriers got between two thread dumps that showed the same threads on them (about 0: blocked, a stall; '
          'about 100, or run for the lag threshold: running, a stall; in between: ready to run, the CPU went to other '
          'processes, no stall). A run passes when the starter logged exactly the expected alarms '
          '(no more, no fewer), the doctor named exactly the expected libraries, the `virtualThreads` indicator went DOWN and UP '
          'again where expected and never DOWN elsewhere, and no Boot `BeanPostProcessorChecker` line named a bean of the '
          'starter.', '']
    L += table_rows(results)
    L += ['']
    lagged = [r for r in results if r['scenario'] in ('overload', 'neighbours') and 'lag_past_starvation_threshold' in r]
    if lagged:
        L += ['Overload runs: ' + '; '.join('%s JDK %s: %s' % (r['scenario'], r['jdk'], r.get('notes'))
                                           for r in lagged) + '.', '']
    gcs = [r for r in results if r['scenario'] == 'gc' and r.get('notes')]
    if gcs:
        L += ['GC runs: ' + '; '.join('JDK %s: %s' % (r['jdk'], r['notes']) for r in gcs) + '.', '']
    if false or missed:
        L += ['### What went wrong', '']
        for r in false + [m for m in missed if m not in false]:
            L.append('- %s (%s), JDK %s: %s%s. Log `%s`:' % (r['scenario'], r.get('case'), r['jdk'],
                                                            ', '.join(r.get('false_alarms') or []),
                                                            ' missed: ' + ', '.join(r['missed']) if r.get('missed') else '',
                                                            r.get('log_file')))
            for line in ((r.get('log') or {}).get('alarm_lines') or [])[:6]:
                L.append('  `%s`' % line.replace('`', "'")[:300])
        L += ['']
    L += [kept_notes(md), '', SCENARIO_TEXT]
    with open(md, 'w') as f:
        f.write('\n'.join(L) + '\n')
    log('wrote', md)


NOTES_START, NOTES_END = '<!-- notes: written by hand, kept when the page is redrawn -->', '<!-- /notes -->'


def kept_notes(md):
    """The hand-written reading of the last run, between the two markers of the page as it is: kept across redraws."""
    text = ''
    if os.path.exists(md):
        with open(md) as f:
            old = f.read()
        if NOTES_START in old and NOTES_END in old:
            text = old[old.index(NOTES_START) + len(NOTES_START):old.index(NOTES_END)].strip('\n')
    return '\n'.join([NOTES_START, text or '## Reading of the run\n\n(not written yet)', NOTES_END])


SCENARIO_TEXT = '''## How to run it

```shell
export MAVEN_ARGS=...                               # if your Maven repository is not ~/.m2
sample-app/bench/run.sh --alarms                    # the corpus, JDK 21 and 25: docs/alarms.md (~50 min)
sample-app/bench/run.sh --alarms-overload           # 10 minutes of overload on JDK 21: the figure above (~13 min)
sample-app/bench/run.sh --alarms-smoke              # CI: 8 runs, short (~5.5 min, build apart); non-zero on any false or missed alarm
sample-app/bench/run.sh --alarms-report             # redraw this page from bench-results/alarms
JDKS=21 ONLY=pinned,cpu-held sample-app/bench/run.sh --alarms   # some scenarios only (while developing)
```

run.sh builds the sample app on Boot 3.1.12 and 3.5.16, installs the starter and packages the drop-in user app of the
starter's tests (`vt-starter-autoconfigure/src/it/drop-in-user-app`, copied, its parent's version replaced, Boot 4
with `boot4-migration.patch`, as its `verify.sh` does) on Boot 3.1.12, 3.5.16 and 4.0.7, and has Maven copy the
catalogue's old jars (`mysql-connector-j` 8.0.33, `mysql-connector-java` 8.0.30, `postgresql` 42.5.6,
`mariadb-java-client` 2.7.15, `artemis-core-client` 2.28.0, `activemq-client` 5.18.4) to `bench-results/jars/catalogue`.
Everything listens on 127.0.0.1; every load is bounded (wrk -d); every JVM and CPU hog it starts, it stops.

## The scenarios

Every run: the sample app's jar (Boot 3.1.12 unless said), `-Xms1g -Xmx1g -XX:+UseG1GC` unless said,
`-Djdk.virtualThreadScheduler.parallelism=2` (so that the figures do not depend on the machine's cores) but for the
healthy starts, a management port on 127.0.0.1 with health details. The watchdog's thresholds are the defaults
(lag 1 s, starvation 10 s, quiet period 30 s) everywhere in the full corpus; the smoke form shortens the starvation
threshold to 3 s and the quiet period to 5 s where its table says so, so that short runs still pass the threshold.

**Must not alarm** (no WARN or ERROR of the starter but the doctor's; health never DOWN):

1. *healthy*: start, ready, 25 rounds of requests (sample app: `/sleep?ms=10`, `/thread`, `/pinning/lock?ms=5`,
   `/fib?n=1000`; drop-in app: `/thread`, `/async-thread`), 5 s, SIGTERM. The sample app on Boot 3.1.12 (the starter's
   backport) and 3.5.16 (Boot's own virtual threads), the drop-in user app on 3.1.12, 3.5.16 and 4.0.7. Boot 4's
   `BeanPostProcessorChecker` lines are counted too: one naming a bean of the starter fails the run.
2. *normal*: wrk at 40 connections on `/sleep?ms=100` (I/O) for 45 s.
3. *overload*: wrk at 400 connections on `/fib?n=10000` (pure CPU, BigInteger additions, some 50-100 ms a request on
   this machine) for 60 s: far more work
   than two carriers do, so a new virtual thread waits many seconds for one, while requests complete all along. The
   table gives the longest lag the endpoint saw: it must pass the starvation threshold (10 s) for the scenario to
   test anything, and the notes below the table say whether it did. Then the quiet period, so that the episode's
   summary line is counted too.
4. *neighbours*: the same beside two CPU hogs outside the JVM (`sh -c 'while :; do :; done'`), started with the load
   and killed with it: the JVM, its watchdog and its carriers are descheduled at random. Requests then stay mounted
   for a second or more while the carriers get a fraction of a CPU: the watchdog reads the carriers' CPU time between
   its dumps and takes that for overload, not a stall (before it did, this scenario logged a false stall WARN on
   JDK 21).
5. *gc*: `-Xms96m -Xmx96m`, `/alarms/alloc?mb=8` (8 MB of garbage a request, and a ring of 512 arrays of 64 KB kept
   alive, which promotes objects and makes the old generation collect too) at 100 connections for 45 s; `-Xlog:gc`
   counts the pauses, given below the table.

**Must alarm**:

6. *pinned*: every carrier pinned. `-Djdk.virtualThreadScheduler.maxPoolSize=2` (so that nothing compensates), two
   requests to `/pinning/synchronized?ms=20000` (a sleep inside `synchronized`). JDK 21: one stall WARN with the
   stacks, one starvation ERROR, health DOWN (503) then UP, one INFO when work runs again, the episode's summary, and
   the pinning monitor's WARN for the 20 s pin (logged when the pin ends). JDK 25: `synchronized` no longer pins
   (JEP 491), the two requests unmount while they sleep, and **no alarm is the correct outcome**.
7. *cpu-held*: every carrier held by CPU-bound code. The same JVM, two requests to `/alarms/cpu?ms=20000` (a spin of
   20 s on the request's virtual thread, which never yields): one stall WARN, one starvation ERROR, DOWN then UP, on
   JDK 21 and 25 alike. A spinner proves a stall once it has run for the lag threshold: on a loaded machine that
   takes seconds, and when it is proven only at the starvation threshold, the watchdog logs one ERROR carrying the
   stacks and no WARN (its documented form), which passes too.
8. *wait*: `Object.wait` compensation. Eight requests to `/alarms/wait?ms=10000` (`Object.wait` inside
   `synchronized`), default `maxPoolSize`. JDK 21 adds a carrier for each waiter; the pool passes
   max(2p, p+4) = 6 carriers while a dump shows more virtual threads on carriers than the parallelism: one growth
   WARN with the stacks. JDK 25: waiters unmount, the pool stays at 2, no alarm.
9. *pinning-site*: twenty requests, one after the other, to `/pinning/synchronized?ms=50`. JDK 21: the site pins 20
   times, one WARN with its stack (at the second pin), the rest counted. JDK 25: no pin, no WARN.
10. *catalogue*: the sample app launched as `java -cp sample-app.jar:<old jars> org.springframework.boot.loader.JarLauncher`
   (the jars resolved by Maven, unmodified), twice: every library at once, then `mysql:mysql-connector-java` 8.0.30
   alone (the old coordinates, whose jar has no `pom.properties`). The sample app connects with H2, so the JDBC
   drivers are on its class path unused. On JDK 21: the doctor's WARN for HikariCP (5.0.1, inside the sample app)
   and the Artemis and ActiveMQ Classic clients, and its INFO, not a WARN, for MySQL Connector/J, pgjdbc and MariaDB
   Connector/J 2.x, which no DataSource connects through; on JDK 25 only HikariCP's WARN, the others being Java
   21-23 problems. A missing WARN or INFO is a missed alarm, a WARN for another library (or for an unused driver) a
   false one.
'''
