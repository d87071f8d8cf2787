"""Where the CPU of a request goes, mode against mode (run.sh --vs-native with BENCH_JFR=1, then bench.py
profile-report): each server's JFR recording (settings=profile) is cut to the measured windows of one load. Its
execution samples are counted by the layer of the frame that was running (the top frame: self time), by the layers a
sample passed through (inclusive) and by method; its allocation samples by class and by the frame that allocated; its
garbage collections by count and pause; jdk.CPULoad and jdk.ThreadContextSwitchRate give the process's user and
kernel CPU and the machine's context switches, per request. The shares (%) compare the layers within a mode. Per
request, the samples compare modes only roughly: JFR samples a few Java threads per 10 ms tick, whatever their number
(200 platform threads or 2 carriers), so the CPU, allocation and GC rows are the ones to compare across modes.

Execution samples see Java frames of running Java threads only: GC, JIT and the kernel's work (sockets) are not in
them."""
import calendar
import os
import re
import subprocess
import time

from core.jvm import jdk_tool
from core.markdown import load_sentence
from core.results import group, load_results, read_meta

# Layers, first match wins: (name, class-name prefixes).
LAYERS = [
    ('virtual-thread scheduling (VirtualThread, Continuation, ForkJoinPool)',
     ('java.lang.VirtualThread', 'jdk.internal.vm.Continuation', 'java.util.concurrent.ForkJoin')),
    ('vt-starter', ('io.github.vtstarter.autoconfigure', 'io.github.vtstarter.threads', 'io.github.vtstarter.task',
                    'io.github.vtstarter.pinning', 'io.github.vtstarter.watchdog')),
    ('the sample app', ('io.github.vtstarter',)),
    ('Tomcat: connector, HTTP parsing (org.apache.coyote, org.apache.tomcat)', ('org.apache.coyote', 'org.apache.tomcat')),
    ('Tomcat: servlet container (org.apache.catalina)', ('org.apache.catalina',)),
    ('Spring MVC and Framework (org.springframework)', ('org.springframework',)),
    ('Micrometer, Jackson, logging', ('io.micrometer', 'com.fasterxml', 'ch.qos', 'org.slf4j')),
    ('JDK: NIO and sockets (sun.nio, java.nio, sun.net)', ('sun.nio', 'java.nio', 'sun.net')),
    ('JDK: concurrency (java.util.concurrent)', ('java.util.concurrent',)),
    ('JDK: the rest', ('java.', 'jdk.', 'sun.', 'javax.', 'jakarta.')),
]
OTHER = 'other'
# Inclusive markers: a sample counts once for each of these its stack passes through.
MARKERS = [
    ('in Tomcat\'s request processing (Http11Processor.service)', 'org.apache.coyote.http11.Http11Processor.service'),
    ('in Spring\'s DispatcherServlet (doDispatch)', 'org.springframework.web.servlet.DispatcherServlet.doDispatch'),
    ('in Tomcat\'s poller (NioEndpoint$Poller.run)', 'org.apache.tomcat.util.net.NioEndpoint$Poller.run'),
    ('in Tomcat\'s acceptor (Acceptor.run)', 'org.apache.tomcat.util.net.Acceptor.run'),
    ('in a virtual thread (VirtualThread.run)', 'java.lang.VirtualThread.run'),
    ('in the starter\'s executor or thread factory', 'io.github.vtstarter.threads.'),
]
# An event's first line in jfr print's output, at the start of the line: "jdk.ExecutionSample {".
HEADER = re.compile(r'^([\w.]+) \{$')
# The event types profile() reads, all in one jfr print.
EVENT_TYPES = ['jdk.ExecutionSample', 'jdk.ObjectAllocationSample', 'jdk.GarbageCollection', 'jdk.G1HeapSummary',
               'jdk.GCHeapSummary', 'jdk.CPULoad', 'jdk.ThreadContextSwitchRate']
TIME = re.compile(r'startTime = (\d\d):(\d\d):(\d\d)\.(\d+) \((\d{4})-(\d\d)-(\d\d)\)')
FRAME = re.compile(r'^\s+([\w$./]+)\.([\w$<>]+)\(')


def layer_of(cls):
    for name, prefixes in LAYERS:
        if cls.startswith(prefixes):
            return name
    return OTHER


UNITS = {'bytes': 1, 'byte': 1, 'kB': 1024, 'MB': 1 << 20, 'GB': 1 << 30,
         'ns': 1e-6, 'us': 1e-3, '\u00b5s': 1e-3, 'ms': 1.0, 's': 1000.0, 'min': 60000.0}
FIELD = re.compile(r'^\s+(\w+) = (.*)$')


def quantity(text):
    """'1.2 MB' -> bytes, '3.4 ms' -> ms (jfr print's human-readable units); None when it is not one."""
    parts = text.split()
    if len(parts) == 2 and parts[1] in UNITS:
        try:
            return float(parts[0].replace(',', '')) * UNITS[parts[1]]
        except ValueError:
            return None
    return None


def events(java, jfr_path, types, depth=48):
    """Yields (event type, epoch seconds, {field: text}, [class.method of each frame, top first]) of every event of
    the given types, in one pass over the recording (one jfr process: parsing the file is most of the cost)."""
    cmd = [jdk_tool(java, 'jfr'), 'print', '--events', ','.join(types), '--stack-depth', str(depth), jfr_path]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, bufsize=1 << 20)
    kind, t, fields, frames, in_stack = None, None, {}, [], False
    for line in proc.stdout:
        h = HEADER.match(line)
        if h:
            kind, t, fields, frames, in_stack = h.group(1), None, {}, [], False
            continue
        if line.startswith('}'):
            if t is not None:
                yield kind, t, fields, frames
            continue
        if in_stack:
            if line.strip() == ']':
                in_stack = False
            else:
                f = FRAME.match(line)
                if f:
                    frames.append(f.group(1) + '.' + f.group(2))
            continue
        m = TIME.search(line)
        if m and line.strip().startswith('startTime'):
            hh, mm, ss, frac, y, mo, d = m.groups()
            # jfr prints the recording's local time; the harness's machine runs on UTC (checked by the caller)
            t = calendar.timegm((int(y), int(mo), int(d), int(hh), int(mm), int(ss))) + float('0.' + frac)
            continue
        if 'stackTrace = [' in line:
            in_stack = True
            continue
        f = FIELD.match(line)
        if f:
            fields[f.group(1)] = f.group(2).strip()
    proc.wait()


def inside(t, windows):
    return any(a <= t <= b for a, b in windows)


def profile(java, jfr_path, windows):
    """What one recording says about the measured windows [(t0, t1)]: execution samples by top-frame layer, by
    inclusive marker and by top method; bytes allocated (jdk.ObjectAllocationSample weights) by class and site; GC
    count, pauses and heap sizing; the JVM's user and kernel CPU and the machine's context switches."""
    self_counts, marks, methods, total = {}, {}, {}, 0
    alloc, alloc_sites = {}, {}
    gc = {'count': 0, 'pause_ms': 0.0, 'eden_mib': [], 'after_mib': []}
    load = {'user': [], 'system': [], 'switches': []}
    for kind, t, fields, frames in events(java, jfr_path, EVENT_TYPES):
        if not inside(t, windows):
            continue
        if kind == 'jdk.ExecutionSample':
            if not frames:
                continue
            total += 1
            top = frames[0].rsplit('.', 1)[0]
            self_counts[layer_of(top)] = self_counts.get(layer_of(top), 0) + 1
            methods[frames[0]] = methods.get(frames[0], 0) + 1
            for name, marker in MARKERS:
                if any(fr.startswith(marker) for fr in frames):
                    marks[name] = marks.get(name, 0) + 1
        elif kind == 'jdk.ObjectAllocationSample':
            w = quantity(fields.get('weight', ''))
            if w is None:
                continue
            cls = fields.get('objectClass', '?').split(' (')[0]
            alloc[cls] = alloc.get(cls, 0) + w
            # the first frame outside java.*/jdk.* among the top six: the code that asked for the memory
            top6 = frames[:6]
            site = next((f for f in top6 if not f.startswith(('java.', 'jdk.', 'sun.'))), top6[0] if top6 else '?')
            alloc_sites[site] = alloc_sites.get(site, 0) + w
        elif kind == 'jdk.GarbageCollection':
            gc['count'] += 1
            gc['pause_ms'] += quantity(fields.get('sumOfPauses', '')) or 0.0
        elif kind == 'jdk.G1HeapSummary':
            # how G1 sized the young generation: a smaller eden means more collections for the same allocation
            if fields.get('when') == '"Before GC"' and quantity(fields.get('edenTotalSize', '')):
                gc['eden_mib'].append(quantity(fields['edenTotalSize']) / 2 ** 20)
        elif kind == 'jdk.GCHeapSummary':
            # what the heap held after each collection (old regions not yet collected)
            if fields.get('when') == '"After GC"' and quantity(fields.get('heapUsed', '')):
                gc['after_mib'].append(quantity(fields['heapUsed']) / 2 ** 20)
        elif kind == 'jdk.CPULoad':
            # the process's CPU split (shares of the whole machine, once a second): where samples cannot look
            load['user'].append(float(fields.get('jvmUser', '0%').rstrip('%')))
            load['system'].append(float(fields.get('jvmSystem', '0%').rstrip('%')))
        elif kind == 'jdk.ThreadContextSwitchRate':
            # the operating system's context switches, of the whole machine
            load['switches'].append(float(fields.get('switchRate', '0').split()[0].replace(',', '')))
    return {'total': total, 'self': self_counts, 'inclusive': marks, 'methods': methods, 'alloc': alloc,
            'alloc_sites': alloc_sites, 'gc': gc, 'load': load}


def spread_table(data, present, key, title, value, fmt, base, rows=12):
    """The rows of one breakdown where the modes differ most from the first mode (absolute difference)."""
    names = set()
    for m in present:
        names.update(data[m][key])
    diff = sorted(names, key=lambda n: -max(abs(value(data[m], key, n) - value(data[base], key, n)) for m in present))
    out = ['| %s | %s |' % (title, ' | '.join(present)), '|---|' + '---|' * len(present)]
    for n in diff[:rows]:
        out.append('| `%s` | %s |' % (n, ' | '.join(fmt % value(data[m], key, n) for m in present)))
    return out + ['']


def report(outdir, loads, java, md_path):
    """profile-report: for each load [(exp, conns)], the tables of every mode and JDK recorded in outdir."""
    if time.strftime('%z') not in ('+0000', '-0000'):
        raise SystemExit('profile-report reads JFR times as UTC: run it with TZ=UTC')
    meta = read_meta(os.path.join(outdir, 'vs-native-meta.json'))
    results = load_results(os.path.join(outdir, 'vs-native.jsonl'))
    modes = list(meta['modes'])
    L = ['# Where the CPU of a request goes: vt-starter, Boot\'s native support and platform threads', '',
         '<!-- Generated by sample-app/bench/run.sh --vs-native with BENCH_JFR=1 (bench.py profile-report). Do not '
         'edit by hand: rerun the command. -->', '',
         'Generated by `BENCH_JFR=1 MODES=%s CONNS=%s sample-app/bench/run.sh --vs-native` (a JFR recording per '
         'server, settings=profile; the run\'s own tables go to its output directory, not to '
         '[benchmarks-backport-vs-native.md](benchmarks-backport-vs-native.md), since the recording costs CPU). '
         'Run %s → %s, %d rounds of %d s, the modes alternated as in that benchmark. **Machine**: %d CPUs (%s), '
         '%s, kernel %s; wrk on the same cores. %s JDKs: %s.' % (
             ','.join(modes), ','.join(str(c) for c in sorted({l['conns'] for l in meta['loads']
                                                               if l['exp'] != 'nosleep'})),
             meta['started'], meta['finished'], meta['rounds'], meta['seconds'], meta['machine']['cpus'],
             meta['machine']['cpu'], meta['machine']['os'], meta['machine']['kernel'],
             load_sentence(meta['machine'], results),
             '; '.join('%s = `%s`' % (k, v) for k, v in meta['java'].items())), '',
         '**Modes**: ' + '; '.join('`%s` %s' % (k, v['label']) for k, v in meta['modes'].items()) + '.', '',
         __doc__.split('\n\n')[0].replace('\n', ' '), '']
    L.extend(kept_notes(md_path))
    for exp, conns in loads:
        L.extend(load_section(outdir, meta, results, modes, exp, conns, java))
    with open(md_path, 'w') as f:
        f.write('\n'.join(L) + '\n')
    return md_path


NOTES = ('<!-- profile-notes:begin -->', '<!-- profile-notes:end -->')


def kept_notes(md_path):
    """The hand-written notes of the document being replaced (what the figures mean), kept as they are."""
    old = open(md_path).read() if os.path.exists(md_path) else ''
    if NOTES[0] in old and NOTES[1] in old:
        return [NOTES[0] + old.split(NOTES[0], 1)[1].split(NOTES[1], 1)[0] + NOTES[1], '']
    return [NOTES[0], '(Notes: what the figures mean. Kept when the document is generated again.)', NOTES[1], '']


def load_section(outdir, meta, results, modes, exp, conns, java):
    """The tables of one load, JDK by JDK."""
    L = ['## %s, %d connections' % ('no sleep' if exp == 'nosleep' else exp, conns), '']
    for jdk in meta['java']:
        rows = group(results, jdk=jdk, exp=exp, conns=conns)
        data = {}
        for mode in modes:
            runs = [r for r in rows if r['mode'] == mode and r.get('t0')]
            jfr = os.path.join(outdir, '%s-jdk%s.jfr' % (mode, jdk))
            if not runs or not os.path.exists(jfr):
                continue
            windows = [(r['t0'], r['t0'] + r['wall_s']) for r in runs]
            data[mode] = dict(profile(java, jfr, windows), requests=sum(r.get('requests', 0) for r in runs),
                              rps=sum(r.get('requests', 0) for r in runs) / sum(r['wall_s'] for r in runs),
                              cpu_ms_per_req=sorted(r['cpu_ms_per_req'] for r in runs)[len(runs) // 2])
        if not data:
            continue
        present = [m for m in modes if m in data]
        L.append('### JDK %s' % jdk)
        L.append('')
        L.append('Samples per 1,000 requests (share of the mode\'s samples), over the %s measured runs of each mode; '
                 'CPU ms/req (all threads, `/proc`, median of the runs): %s.' % (
                     '/'.join(str(len([r for r in rows if r['mode'] == m])) for m in present),
                     ', '.join('%s %.3f' % (m, data[m]['cpu_ms_per_req']) for m in present)))
        L.append('')
        L.append('| top frame in (self) | ' + ' | '.join(present) + ' |')
        L.append('|---|' + '---|' * len(present))

        def cell(d, n):
            return '%.1f (%.0f%%)' % (1000.0 * n / d['requests'], 100.0 * n / d['total']) if d['total'] else '–'
        for name in [n for n, _ in LAYERS] + [OTHER]:
            if any(data[m]['self'].get(name) for m in present):
                L.append('| %s | %s |' % (name, ' | '.join(cell(data[m], data[m]['self'].get(name, 0)) for m in present)))
        L.append('| **all samples** | %s |' % ' | '.join(cell(data[m], data[m]['total']) for m in present))
        L.append('')
        L.append('| stack passes through (inclusive) | ' + ' | '.join(present) + ' |')
        L.append('|---|' + '---|' * len(present))
        for name, _ in MARKERS:
            L.append('| %s | %s |' % (name, ' | '.join(cell(data[m], data[m]['inclusive'].get(name, 0)) for m in present)))
        L.append('')
        base = present[0]

        def per_k(d, key, name):
            return 1000.0 * d[key].get(name, 0) / d['requests']
        L.extend(spread_table(data, present, 'methods', 'top method (self samples per 1,000 requests)', per_k,
                              '%.1f', base))
        L.extend(spread_table(data, present, 'alloc', 'class allocated (bytes per request, sampled)',
                              lambda d, key, name: d[key].get(name, 0) / d['requests'], '%.0f', base))
        L.extend(spread_table(data, present, 'alloc_sites', 'allocating frame (bytes per request, sampled)',
                              lambda d, key, name: d[key].get(name, 0) / d['requests'], '%.0f', base))
        L.append('| CPU and the kernel (whole windows) | ' + ' | '.join(present) + ' |')
        L.append('|---|' + '---|' * len(present))

        def mean(xs):
            return sum(xs) / len(xs) if xs else 0.0

        def per_req(d, share):  # a share of the machine's CPU, as ms per request
            return share / 100.0 * (os.cpu_count() or 1) * 1000.0 / d['rps'] if d['rps'] else 0.0
        L.append('| user CPU ms per request (jdk.CPULoad) | %s |' % ' | '.join(
            '%.4f' % per_req(data[m], mean(data[m]['load']['user'])) for m in present))
        L.append('| system (kernel) CPU ms per request | %s |' % ' | '.join(
            '%.4f' % per_req(data[m], mean(data[m]['load']['system'])) for m in present))
        L.append('| context switches per request (the machine\'s) | %s |' % ' | '.join(
            '%.2f' % (mean(data[m]['load']['switches']) / data[m]['rps'] if data[m]['rps'] else 0.0) for m in present))
        L.append('')
        L.append('| GC | ' + ' | '.join(present) + ' |')
        L.append('|---|' + '---|' * len(present))
        L.append('| bytes allocated per request (sampled) | %s |' % ' | '.join(
            '%.0f' % (sum(data[m]['alloc'].values()) / data[m]['requests']) for m in present))
        L.append('| collections per 1,000,000 requests | %s |' % ' | '.join(
            '%.1f' % (1e6 * data[m]['gc']['count'] / data[m]['requests']) for m in present))
        L.append('| pause ms per 1,000 requests | %s |' % ' | '.join(
            '%.3f' % (1000.0 * data[m]['gc']['pause_ms'] / data[m]['requests']) for m in present))

        def med(xs):
            return '%.0f' % sorted(xs)[len(xs) // 2] if xs else '–'
        L.append('| eden before a collection, MiB (median) | %s |' % ' | '.join(
            med(data[m]['gc']['eden_mib']) for m in present))
        L.append('| heap used after a collection, MiB (median) | %s |' % ' | '.join(
            med(data[m]['gc']['after_mib']) for m in present))
        L.append('')
    return L
