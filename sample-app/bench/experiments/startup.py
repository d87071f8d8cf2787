"""What the starter costs at start-up (run.sh --startup; issue 19, item 4): time to ready and memory, with and without
the starter, in PAIRED runs. For each application (the drop-in user app of vt-starter-autoconfigure/src/it, copied and
packaged as a Boot jar; the sample app) the harness makes a second jar that is the same file minus the starter's two
jars (BOOT-INF/lib/vt-starter-*.jar and their lines of classpath.idx): the same classes and libraries, the same order,
no vt-starter. Each pair starts both, one after the other in a fresh JVM each, the order alternating from pair to
pair; the figure is the difference within a pair (with − without), so that a slow moment of the machine falls on both
runs of a pair. Reported: median and min–max of the differences, a 95 % bootstrap interval and the sign test's
distribution-free interval of their median, against the goal (≤ 50 ms, ≤ 5 MB).

One run: `java -jar JAR --server.port=<free> --server.address=127.0.0.1`, no other JVM option (a user's `java -jar`);
ready = Spring Boot's "Started ... (process running for S)" line, S being measured by the JVM from its own start; then
/proc (RSS), `jcmd GC.class_histogram` (a full GC, then the bytes of what survived it: the live heap), `jcmd
VM.metaspace` (metaspace in use, class space included) and `jstat -class` (classes loaded); then SIGTERM. Metaspace
comes from `VM.metaspace`, not from jstat: jstat's MU already includes class space (the drop-in app without the
starter on 21.0.8: MU 40.9 MiB, VM.metaspace's "Both" 41.1 and "Non-Class" 36.1 MiB), so MU plus CCSU counted class
space twice."""
import os
import re
import subprocess
import time
import zipfile

from core.jvm import JDKS, free_port, java_version, jdk_tool, start_process, stop_process
from core.log import log
from core.markdown import existing_section, markers, replace_section, slot
from core.proc import machine_description, proc_status
from core.results import append_result, load_results, read_meta, write_meta
from core.stats import bootstrap_median_ci, median, sign_test_median_ci, sign_test_p

SECTION = 'startup'
NOTES = 'startup-notes'
STARTED = re.compile(r'Started \S+ in ([\d.]+) seconds \(process running for ([\d.]+)\)')
GOAL_MS, GOAL_MB = 50, 5
# (key, label, unit, goal): what the report shows, in this order
METRICS = [('process_ms', 'time to ready (JVM start → "Started")', 'ms', GOAL_MS),
           ('jvm_mb', 'live heap + metaspace (class space included) after a full GC', 'MiB', GOAL_MB),
           ('rss_ready_mb', 'RSS at ready', 'MiB', GOAL_MB),
           ('rss_gc_mb', 'RSS after the full GC', 'MiB', GOAL_MB),
           ('classes', 'classes loaded', 'classes', None)]


def without_starter(jar, dest):
    """A copy of a Boot fat jar without BOOT-INF/lib/vt-starter*.jar (entries copied as they are: nested jars stay
    stored); returns the names taken out."""
    removed = []
    with zipfile.ZipFile(jar) as zin, zipfile.ZipFile(dest, 'w') as zout:
        for info in zin.infolist():
            name = info.filename
            if re.match(r'BOOT-INF/lib/vt-starter(-autoconfigure)?-[^/]*\.jar$', name):
                removed.append(name.split('/')[-1])
                continue
            data = zin.read(name)
            if name == 'BOOT-INF/classpath.idx':
                data = b''.join(l for l in data.splitlines(True) if b'/vt-starter' not in l)
            zout.writestr(info, data)
    if not removed:
        raise SystemExit('%s holds no vt-starter jar: is it built with the starter?' % jar)
    return removed


def _jstat(java, option, pid):
    out = subprocess.run([jdk_tool(java, 'jstat'), option, str(pid)], capture_output=True, text=True, timeout=60).stdout
    lines = out.split('\n')
    head, vals = lines[0].split(), lines[1].split()
    return dict(zip(head, (float(v) for v in vals)))


def _jcmd(java, pid, command):
    return subprocess.run([jdk_tool(java, 'jcmd'), str(pid), command], capture_output=True, text=True,
                          timeout=60).stdout


METASPACE_USED = re.compile(r'^\s*Both:.*?([\d.]+) (bytes|KB|MB|GB) \(\s*[<\d.]+%\) used', re.MULTILINE)
UNITS = {'bytes': 1 / 1048576, 'KB': 1 / 1024, 'MB': 1, 'GB': 1024}
HISTOGRAM_TOTAL = re.compile(r'^Total\s+\d+\s+(\d+)\s*$', re.MULTILINE)


def live_heap_mb(class_histogram):
    """The bytes of every object that survived the full GC of `jcmd <pid> GC.class_histogram` (its "Total" line)."""
    m = HISTOGRAM_TOTAL.search(class_histogram)
    if not m:
        raise ValueError('no "Total" line in GC.class_histogram')
    return int(m.group(1)) / 1048576


def metaspace_used_mb(vm_metaspace):
    """Metaspace in use, class space included, from the first "Both:" line of `jcmd <pid> VM.metaspace` (its
    "Total Usage"; HotSpot prints binary units: KB = KiB, MB = MiB)."""
    m = METASPACE_USED.search(vm_metaspace)
    if not m:
        raise ValueError('no "Both: ... used" line in VM.metaspace')
    return float(m.group(1)) * UNITS[m.group(2)]


def manifest(jar):
    with zipfile.ZipFile(jar) as z:
        text = z.read('META-INF/MANIFEST.MF').decode()
    return dict(l.split(': ', 1) for l in text.replace('\r', '').split('\n') if ': ' in l)


STEPS_CLASS = 'io/github/vtstarter/sample/bench/StartupSteps.class'


def profile(args):
    """Which beans cost start-up time: each application started --profile-runs times through StartupSteps (in the
    sample app's jar; put on the other jars' class path with loader.path), with Spring's BufferingApplicationStartup;
    the median over runs of each bean's own instantiation time, the starter's beans marked. Writes
    <out>/startup-profile.md (for the notes of the startup section: a profile, not a measurement of the cost)."""
    out = os.path.abspath(args.out)
    classes = os.path.join(out, 'profile-classes')
    sample = args.startup_apps.get('sample') or next(iter(args.startup_apps.values()))
    with zipfile.ZipFile(sample) as z:
        data = z.read('BOOT-INF/classes/' + STEPS_CLASS)
    os.makedirs(os.path.dirname(os.path.join(classes, STEPS_CLASS)), exist_ok=True)
    with open(os.path.join(classes, STEPS_CLASS), 'wb') as f:
        f.write(data)
    L = ['# Start-up profile: the beans that cost time', '',
         'Generated by `sample-app/bench/run.sh --startup-profile` (%s, %d runs per application and JDK; load average '
         'at the start %.1f). Own time = a bean\'s instantiation minus the beans it created meanwhile (Spring\'s '
         '`spring.beans.instantiate` steps); median over runs. A profile of where time goes, not the cost (the paired '
         'runs of `--startup` measure that).' % (time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), args.profile_runs,
                                                  os.getloadavg()[0]), '']
    for jdk in args.jdk_list:
        java = JDKS[jdk]
        for name, jar in args.startup_apps.items():
            mf = manifest(jar)
            launcher = mf['Main-Class'].replace('JarLauncher', 'PropertiesLauncher')
            runs = []
            for i in range(args.profile_runs):
                cmd = [java, '-Dloader.main=io.github.vtstarter.sample.bench.StartupSteps',
                       '-Dstartup.main=' + mf['Start-Class'], '-Dloader.path=' + classes, '-cp', os.path.abspath(jar),
                       launcher, '--server.port=%d' % free_port(), '--server.address=127.0.0.1']
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=out)
                beans = {}
                total = None
                for line in p.stdout.splitlines():
                    if line.startswith('STARTUP-BEAN '):
                        self_ns, total_ns, starter, bean, btype = line.split(' ', 5)[1:]
                        beans[bean] = (int(self_ns), int(total_ns), starter == 'true', btype)
                    elif line.startswith('STARTUP-TOTAL '):
                        total = dict(kv.split('=') for kv in line.split()[1:])
                if total is None:
                    log('%s JDK %s profile run %d failed: %s' % (name, jdk, i, (p.stdout + p.stderr)[-500:]))
                    continue
                runs.append((beans, total))
                log('%s JDK %s profile run %d: start %.0f ms, beans %s, own time of all beans %.0f ms, of the starter\'s %.1f ms' % (
                    name, jdk, i, int(total['run_ns']) / 1e6, total['beans'], int(total['beans_self_ns']) / 1e6,
                    int(total['starter_self_ns']) / 1e6))
            if not runs:
                continue
            L += ['## %s, JDK %s' % (name, jdk), '',
                  'Start (SpringApplication.run) median %.0f ms; own time of every bean: median %.0f ms, of the '
                  'starter\'s beans: median %.1f ms (%d runs).' % (
                      median([int(t['run_ns']) / 1e6 for _, t in runs]),
                      median([int(t['beans_self_ns']) / 1e6 for _, t in runs]),
                      median([int(t['starter_self_ns']) / 1e6 for _, t in runs]), len(runs)), '',
                  '| bean | type | starter\'s | own ms (median) | with the beans it created, ms (median) |',
                  '|---|---|---|---|---|']
            names = set(b for beans, _ in runs for b in beans)
            rows = []
            for b in names:
                own = [beans[b][0] / 1e6 for beans, _ in runs if b in beans]
                tot = [beans[b][1] / 1e6 for beans, _ in runs if b in beans]
                info = next(beans[b] for beans, _ in runs if b in beans)
                rows.append((median(own), median(tot), info[2], b, info[3]))
            rows.sort(key=lambda r: -r[0])
            starter_rows = [r for r in rows if r[2]]
            for r in rows[:15] + [r for r in starter_rows[:15] if r not in rows[:15]]:
                L.append('| `%s` | `%s` | %s | %.1f | %.1f |' % (r[3], r[4], 'yes' if r[2] else '', r[0], r[1]))
            L.append('')
    path = os.path.join(out, 'startup-profile.md')
    with open(path, 'w') as f:
        f.write('\n'.join(L) + '\n')
    log('start-up profile: %s' % path)
    return path


# Memory is read this long after "Started", in both variants: what starts in the background after the context
# (the pinning monitor's JFR recording, the dependency doctor) has settled by then, so the figure is the application's
# lasting cost, not a moment in the middle of a start.
SETTLE_S = 2.0


def run_once(java, jar, outdir, tag, jvm_opts, timeout=180):
    """One start; returns the figures (or 'error')."""
    port = free_port()
    cmd = [java] + jvm_opts + ['-jar', jar, '--server.port=%d' % port, '--server.address=127.0.0.1']
    logpath = os.path.join(outdir, 'startup-%s.log' % tag)
    res = {'loadavg': os.getloadavg()[0]}
    t0 = time.time()
    proc = start_process(cmd, logpath, outdir)
    try:
        m = None
        while time.time() - t0 < timeout:
            if proc.poll() is not None:
                res['error'] = 'exited with %s; see %s' % (proc.returncode, logpath)
                return res
            with open(logpath, errors='replace') as f:
                m = STARTED.search(f.read())
            if m:
                break
            time.sleep(0.02)
        if not m:
            res['error'] = 'no "Started" line within %d s' % timeout
            return res
        res['wall_s'] = round(time.time() - t0, 3)
        res['started_s'], res['process_s'] = float(m.group(1)), float(m.group(2))
        res['process_ms'] = res['process_s'] * 1000
        st = proc_status(proc.pid)
        res['rss_ready_mb'], res['hwm_mb'] = st.get('VmRSS'), st.get('VmHWM')
        time.sleep(SETTLE_S)
        # The class histogram runs a full GC and sums what survives it: the live heap. Not jstat's heap figures after
        # GC.run: eden counts a region as used once a thread takes a TLAB in it, so a thread that allocates between
        # the GC and jstat (the pinning monitor's stream flushes every second) added a whole G1 region, 4 MiB here.
        res['heap_live_mb'] = live_heap_mb(_jcmd(java, proc.pid, 'GC.class_histogram'))
        gc = _jstat(java, '-gc', proc.pid)
        cl = _jstat(java, '-class', proc.pid)
        res['metaspace_mb'] = metaspace_used_mb(_jcmd(java, proc.pid, 'VM.metaspace'))
        res['class_space_mb'] = gc.get('CCSU', 0) / 1024  # shown apart; part of metaspace_mb
        res['jvm_mb'] = res['heap_live_mb'] + res['metaspace_mb']
        res['classes'] = cl['Loaded']
        res['rss_gc_mb'] = proc_status(proc.pid).get('VmRSS')
        return res
    except (OSError, subprocess.SubprocessError, IndexError, ValueError, KeyError) as ex:
        res['error'] = '%s: %s' % (type(ex).__name__, ex)
        return res
    finally:
        stop_process(proc)


def run(args):
    """args: startup_apps {name: jar with the starter}, jdk_list, pairs, startup_jvm_opts, out."""
    out = os.path.abspath(args.out)
    os.makedirs(os.path.join(out, 'jars'), exist_ok=True)
    jvm_opts = (args.startup_jvm_opts or '').split()
    apps = {}
    for name, jar in args.startup_apps.items():
        without = os.path.join(out, 'jars', '%s-without-starter.jar' % name)
        removed = without_starter(jar, without)
        apps[name] = {'with': os.path.abspath(jar), 'without': without, 'removed': removed}
        log('%s: %s, and without %s: %s' % (name, jar, ', '.join(removed), without))
    meta = {'started': time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime()), 'machine': machine_description(),
            'pairs': args.pairs, 'jvm_opts': jvm_opts, 'apps': apps, 'settle_s': SETTLE_S,
            'java': {j: java_version(JDKS[j]) for j in args.jdk_list}}
    path = os.path.join(out, 'startup.jsonl')
    if os.path.exists(path):
        os.rename(path, path + '.previous')
    with open(path, 'w') as res_file:
        for jdk in args.jdk_list:
            for name, app in apps.items():
                for pair in range(args.pairs):
                    order = ['with', 'without'] if pair % 2 == 0 else ['without', 'with']
                    figures = {}
                    for pos, variant in enumerate(order):
                        res = run_once(JDKS[jdk], app[variant], out, '%s-jdk%s-%s' % (name, jdk, variant), jvm_opts)
                        res.update({'app': name, 'jdk': jdk, 'pair': pair, 'variant': variant, 'position': pos})
                        append_result(res_file, res)
                        figures[variant] = res
                    w, wo = figures['with'], figures['without']
                    log('%s JDK %s pair %d (%s first): ready %s vs %s ms, heap+meta %s vs %s MiB, RSS %s vs %s MiB%s' % (
                        name, jdk, pair, order[0], _r(w.get('process_ms')), _r(wo.get('process_ms')),
                        _r(w.get('jvm_mb'), 1), _r(wo.get('jvm_mb'), 1), w.get('rss_ready_mb'), wo.get('rss_ready_mb'),
                        ''.join(' ERROR %s' % x['error'] for x in (w, wo) if x.get('error'))))
    meta['finished'] = time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())
    write_meta(os.path.join(out, 'startup-meta.json'), meta)
    return out


def _r(v, digits=0):
    return '?' if v is None else ('%.*f' % (digits, v))


def differences(results, app, jdk, key):
    """with − without, per pair where both runs have the figure."""
    out = []
    for pair in sorted(set(r['pair'] for r in results if r['app'] == app and r['jdk'] == jdk)):
        w = [r.get(key) for r in results if r['app'] == app and r['jdk'] == jdk and r['pair'] == pair and r['variant'] == 'with']
        wo = [r.get(key) for r in results if r['app'] == app and r['jdk'] == jdk and r['pair'] == pair and r['variant'] == 'without']
        if w and wo and w[0] is not None and wo[0] is not None:
            out.append(w[0] - wo[0])
    return out


def judge(diffs, goal):
    """What the intervals allow one to say against the goal."""
    if goal is None or len(diffs) < 2:
        return '–'
    ci = sign_test_median_ci(diffs) or ((min(diffs), max(diffs)), None)
    boot = bootstrap_median_ci(diffs)
    hi = max(ci[0][1], boot[1]) if boot else ci[0][1]
    lo = min(ci[0][0], boot[0]) if boot else ci[0][0]
    if hi <= goal:
        return 'within (both intervals ≤ %g)' % goal
    if lo > goal:
        return '**over** (both intervals > %g)' % goal
    return 'cannot tell: more pairs'


def _fmt(v, unit):
    return ('%.0f' if unit in ('ms', 'classes') else '%.1f') % v


def section(outdir, old_section=''):
    meta = read_meta(os.path.join(outdir, 'startup-meta.json'))
    results = load_results(os.path.join(outdir, 'startup.jsonl'))
    m = meta['machine']
    begin, end = markers(SECTION)
    L = [begin, '## What the starter costs at start-up', '',
         '<!-- Generated by sample-app/bench/run.sh --startup from bench-results/startup/*.jsonl; the other modes of '
         'run.sh keep this section as it is. Do not edit by hand, but for the notes\' slot: rerun the command. -->', '']
    A = L.append
    loads = [r['loadavg'] for r in results if r.get('loadavg') is not None]
    A('Run %s → %s, **%d pairs** per application and JDK. **Machine**: %d CPUs (%s), %d MiB RAM, %s; load average '
      'before each start: median %.1f (%.1f–%.1f). JDKs: %s. JVM options: `%s`.' % (
          meta['started'], meta['finished'], meta['pairs'], m['cpus'], m['cpu'], m['mem_mb'], m['os'],
          median(loads) or 0, min(loads or [0]), max(loads or [0]),
          '; '.join('%s = `%s`' % kv for kv in meta['java'].items()), ' '.join(meta['jvm_opts']) or '(none)'))
    A('')
    A('**Method**: each application runs as its own Boot jar and as the same jar minus the starter\'s jars (%s); a '
      'pair starts both, each in a fresh JVM, the order alternating from pair to pair. Time to ready: the JVM\'s own '
      '"process running for" of Spring Boot\'s "Started" line. Memory: RSS at "Started" (`/proc`); then, %g s later (what '
      'starts in the background after the context has settled), the live heap (the objects a full GC leaves: `jcmd '
      'GC.class_histogram`), the metaspace in use, class space included (`jcmd VM.metaspace`), and the RSS after '
      'that GC. Each figure: the difference '
      'with − without within a pair; its median, min–max, a 95 %% percentile-bootstrap interval of the median and the '
      'sign test\'s distribution-free interval (its exact coverage in brackets), the sign test\'s p (median = 0). '
      'Goal (issue 19): at most %d ms and %d MB. "within" needs both intervals under the goal.' % (
          ', '.join(sorted(set(x for a in meta['apps'].values() for x in a['removed']))), meta.get('settle_s', 0),
          GOAL_MS, GOAL_MB))
    A('')
    A('| application | JDK | figure | with (median) | without (median) | difference: median (min–max) | 95 % bootstrap | '
      'sign-test interval | sign test p | goal |')
    A('|---|---|---|---|---|---|---|---|---|---|')
    for jdk in meta['java']:
        for app in meta['apps']:
            for key, label, unit, goal in METRICS:
                d = differences(results, app, jdk, key)
                if not d:
                    continue
                w = median([r.get(key) for r in results if r['app'] == app and r['jdk'] == jdk and r['variant'] == 'with'])
                wo = median([r.get(key) for r in results if r['app'] == app and r['jdk'] == jdk and r['variant'] == 'without'])
                boot = bootstrap_median_ci(d)
                sign = sign_test_median_ci(d)
                p = sign_test_p(d)
                A('| %s | %s | %s (%s) | %s | %s | %s (%s–%s), n=%d | %s | %s | %s | %s |' % (
                    app, jdk, label, unit, _fmt(w, unit), _fmt(wo, unit), _fmt(median(d), unit), _fmt(min(d), unit),
                    _fmt(max(d), unit), len(d),
                    '%s – %s' % (_fmt(boot[0], unit), _fmt(boot[1], unit)) if boot else 'n/a',
                    '%s – %s (%.0f %%)' % (_fmt(sign[0][0], unit), _fmt(sign[0][1], unit), sign[1] * 100) if sign else 'n/a (too few pairs)',
                    '%.3f' % p if p is not None else 'n/a', judge(d, goal)))
    errors = [r for r in results if r.get('error')]
    A('')
    if errors:
        A('Runs that failed (left out of their pair): %s.' % '; '.join(
            '%s JDK %s pair %d %s: %s' % (r['app'], r['jdk'], r['pair'], r['variant'], r['error']) for r in errors[:10]))
        A('')
    A('### Notes')
    A('')
    nb, ne = markers(NOTES)
    L.append(slot(old_section, NOTES, '\n'.join([
        nb, '_Pending: what costs the time or the memory (a short profile names the starter\'s beans: '
        '`run.sh --startup-profile`), written by hand after a full run on a quiet machine. This slot survives a rerun '
        'of the command._', ne])))
    A(end)
    return '\n'.join(L) + '\n'


def markdown(outdir, md_path):
    replace_section(md_path, SECTION, section(outdir, existing_section(md_path, SECTION)))
    return md_path


def smoke_check(outdir):
    results = load_results(os.path.join(outdir, 'startup.jsonl'))
    bad = [r for r in results if r.get('error') or r.get('process_ms') is None]
    log('startup smoke: %d runs, %s' % (len(results), 'OK' if results and not bad else '%d FAILURE(S)' % len(bad)))
    return 0 if results and not bad else 1
