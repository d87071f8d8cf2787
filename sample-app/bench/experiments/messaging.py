"""The messaging drain benchmark (run.sh --messaging): a backlog drained by listeners whose work blocks.

Every run starts the drain application (sample-app/drain: Boot 3.1.12 + vt-starter) once, with the profile drain-kafka or
drain-jms: the app puts the backlog (20,000 messages) on a topic of an in-JVM Kafka broker or on a queue of
Boot's embedded Artemis, then starts the listener container; every message costs the listener a 50 ms sleep.
The app times the drain (container start -> last message handled) and samples, every 100 ms while it drains,
its OS threads and RSS (/proc/self/status), its live platform threads (ThreadMXBean) and the heap in use; it
shows the result on GET /drain, which this harness polls. The harness also samples /proc/PID/status of the
process over its whole life (a cross-check that includes start-up and filling).

Cases: Kafka, 50 partitions, container concurrency 50 (JDK 21 and 25); JMS (Artemis: JDK 21 only, Boot 3.x's
Artemis does not start on Java 24+), 50, 200 and 1000 consumers. Each case runs with platform threads
(--spring.threads.virtual.enabled=false) and with virtual threads, the order of the two alternating from round
to round. A run that does not drain within the timeout is reported as such; every process is killed at the end.
"""
import json
import os
import re
import statistics
import time

from core.charts import gnuplot
from core.drains import case_args as drain_case_args, case_key, run_drain
from core.jvm import JDKS, JVM_OPTS, java_version
from core.log import log
from core.markdown import existing_section as _existing_section, markers, replace_section as _replace_section
from core.modes import jar_facts
from core.proc import machine_description
from core.results import load_results
from core.stats import verdict

# This experiment measures virtual threads against platform threads, so 'virtual' forces JMS listeners onto them
# (by default the starter keeps Artemis listeners on platform threads on Java 21-23); --defaults measures the defaults.
MODES = {
    'platform': ['--spring.threads.virtual.enabled=false'],
    'virtual': ['--spring.threads.virtual.enabled=true', '--vtstarter.jms.virtual-threads.enabled=true'],
}

SECTION = 'messaging'
BEGIN, END = markers(SECTION)


def cases(args):
    out = []
    for jdk in args.kafka_jdks:
        for c in args.kafka_conns:
            out.append({'broker': 'kafka', 'jdk': jdk, 'concurrency': c, 'partitions': max(c, args.partitions)})
    for jdk in args.jms_jdks:
        for c in args.jms_conns:
            out.append({'broker': 'jms', 'jdk': jdk, 'concurrency': c})
    return out


def case_args(c, args):
    return drain_case_args(c, args.messages, args.work_ms, args.drain_timeout)


def run_one(jar, java, c, mode, args, port, tag):
    """One JVM, one drain; returns a result dict (never raises for a failed or slow run)."""
    head = {'case': case_key(c), 'broker': c['broker'], 'jdk': c['jdk'], 'concurrency': c['concurrency'],
            'partitions': c.get('partitions'), 'mode': mode}
    return run_drain(jar, java, MODES[mode] + case_args(c, args), port, args.out, tag, args.start_timeout,
                     args.drain_timeout, head=head)


def run(args, jar):
    jar = os.path.abspath(jar)  # the servers run in args.out
    args.out = os.path.abspath(args.out)
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, 'messaging.jsonl')
    if os.path.exists(path):
        os.rename(path, path + '.previous')
    todo = cases(args)
    meta = {'started': time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime()),
            'machine': machine_description(), 'loadavg_start': [round(x, 2) for x in os.getloadavg()],
            'rounds': args.rounds, 'messages': args.messages, 'work_ms': args.work_ms,
            'drain_timeout_s': args.drain_timeout, 'jvm_opts': JVM_OPTS, 'jar': jar_facts(jar),
            'java': {j: java_version(JDKS[j]) for j in sorted(set(c['jdk'] for c in todo))},
            'cases': todo, 'modes': MODES}
    meta['jar'].pop('imports', None)
    port = 18310
    with open(path, 'w') as out:
        for r in range(args.rounds):
            for i, c in enumerate(todo):
                order = ['platform', 'virtual'] if (r + i) % 2 == 0 else ['virtual', 'platform']
                for mode in order:
                    tag = '%s-%s-r%d' % (case_key(c), mode, r)
                    res = run_one(jar, JDKS[c['jdk']], c, mode, args, port, tag)
                    res['round'] = r
                    out.write(json.dumps(res) + '\n')
                    out.flush()
                    a = res.get('app') or {}
                    peak = a.get('peak') or {}
                    log('r%d %-22s %-8s %s %s/%s msgs in %ss = %s msgs/s, OS threads %s (before %s), RSS %s MiB, load %s%s' % (
                        r, case_key(c), mode, a.get('state'), a.get('handled'), a.get('messages'),
                        a.get('drainSeconds'), a.get('messagesPerSecond'), peak.get('osThreads'),
                        (a.get('before') or {}).get('osThreads'), peak.get('rssMb'), res['loadavg_after'][0],
                        (' ERROR ' + res['error']) if res.get('error') else ''))
                    port += 1
    meta['finished'] = time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())
    with open(os.path.join(args.out, 'messaging-meta.json'), 'w') as f:
        json.dump(meta, f, indent=1)
    return path


# --------------------------------------------------------------------------------------------------
# docs/benchmarks.md section and chart
# --------------------------------------------------------------------------------------------------

def _vals(g, getter):
    out = []
    for r in g:
        try:
            v = getter(r)
        except (KeyError, TypeError):
            v = None
        if v is not None:
            out.append(v)
    return out


def _ms(values, fmt='{:.0f}'):
    if not values:
        return 'n/a'
    m = statistics.median(values)
    if len(values) == 1:
        return fmt.format(m)
    return (fmt + ' ({}–{})').format(m, fmt.format(min(values)), fmt.format(max(values)))


def _stats(values):
    return (statistics.median(values), min(values), max(values)) if values else (0, 0, 0)


def chart(png, rows, work_ms):
    """rows: [(label, {mode: (msgs med, lo, hi)}, {mode: (threads med, lo, hi)})]: two panels, platform vs virtual."""
    data = png + '.dat'
    with open(data, 'w') as f:
        for label, rate, thr in rows:
            vals = []
            for d in (rate, thr):
                for m in ('platform', 'virtual'):
                    vals += list(d.get(m, (0, 0, 0)))
            f.write('"%s" %s\n' % (label, ' '.join('%g' % v for v in vals)))
    gnuplot('''set terminal pngcairo size 900,640 font "DejaVu Sans,10"
set output "%s"
set multiplot layout 2,1 title "Draining a backlog of messages, %d ms of blocking work each (median, min-max over rounds)"
set style data histogram
set style histogram errorbars gap 1.5 lw 1
set style fill solid 0.6 border -1
set yrange [0:*]
set grid ytics
set key left top horizontal
set offsets 0, 0, graph 0.15, 0
set ylabel "messages/s"
plot "%s" using 2:3:4:xtic(1) title "platform threads" lc rgb "#bb4a4a", "" using 5:6:7 title "virtual threads (vt-starter)" lc rgb "#4a7ebb"
set ylabel "peak OS threads of the JVM"
plot "%s" using 8:9:10:xtic(1) title "platform threads" lc rgb "#bb4a4a", "" using 11:12:13 title "virtual threads (vt-starter)" lc rgb "#4a7ebb"
unset multiplot
''' % (png, work_ms, data, data))
    os.remove(data)


def top_threads(by_name, n=6):
    """The n largest groups of thread names (hash codes folded too), for a markdown table cell."""
    merged = {}
    for k, v in (by_name or {}).items():
        k = re.sub(r'@N?[0-9a-fN]*', '@…', k).replace('|', '\\|')
        merged[k] = merged.get(k, 0) + v
    items = sorted(merged.items(), key=lambda kv: -kv[1])[:n]
    return ', '.join('`%s` %d' % (k, v) for k, v in items) or 'n/a'


def paired(results, key, field):
    """virtual ÷ platform of one figure, per round (both runs drained)."""
    out = []
    for rd in sorted(set(r['round'] for r in results)):
        p = [r.get('app') for r in results if r['case'] == key and r['round'] == rd and r['mode'] == 'platform']
        v = [r.get('app') for r in results if r['case'] == key and r['round'] == rd and r['mode'] == 'virtual']
        if p and v and p[0] and v[0] and p[0].get('state') == 'DONE' and v[0].get('state') == 'DONE':
            out.append(field(v[0]) / field(p[0]))
    return out


def carriers(by_name):
    return sum(v for k, v in (by_name or {}).items() if k.startswith('ForkJoinPool-N-worker'))


def summary(meta, results, names):
    """'What the run shows': computed sentences per case, then what limits each kind of listener."""
    L = ['### What the run shows', '']
    for c in meta['cases']:
        key = case_key(c)
        med = {}
        for mode in ('platform', 'virtual'):
            apps = [r.get('app') or {} for r in results if r['case'] == key and r['mode'] == mode]
            rates = _vals(apps, lambda a: a['messagesPerSecond'])
            thr = _vals(apps, lambda a: a['peak']['osThreads'])
            rss = _vals(apps, lambda a: a['peak']['rssMb'])
            calls = _vals(apps, lambda a: a['maxConcurrentListenerCalls'])
            undrained = [a for a in apps if a.get('state') != 'DONE']
            med[mode] = (statistics.median(rates) if rates else None, statistics.median(thr) if thr else None,
                         statistics.median(rss) if rss else None, statistics.median(calls) if calls else None,
                         len(undrained), len(apps))
        (pr, pt, pm, pc, pu, pn), (vr, vt, vm, vc, vu, vn) = med['platform'], med['virtual']
        if pr is None or vr is None:
            continue
        ceiling = min(c['concurrency'], c.get('partitions') or c['concurrency']) * 1000.0 / meta['work_ms']
        if c['broker'] == 'kafka':
            what = 'Kafka, %d partitions, concurrency %d, JDK %s' % (c['partitions'], c['concurrency'], c['jdk'])
        else:
            what = 'JMS, %d consumers, JDK %s' % (c['concurrency'], c['jdk'])
        by_v = [v for (label, mode), v in names.items() if mode == 'virtual' and label.startswith(what.split(',')[0])
                and ('JDK %s' % c['jdk']) in label and (' %d ' % c['concurrency']) in label + ' ']
        carr = carriers(by_v[0][0]) if by_v else 0
        text = ('- **%s**: platform %.0f msgs/s (%.0f%% of the %.0f ceiling), virtual %.0f msgs/s (%.0f%%); '
                'virtual ÷ platform %s. Peak OS threads %.0f → %.0f, peak RSS %.0f → %.0f MiB; listener calls at once '
                '(max) %.0f vs %.0f' % (what, pr, pr / ceiling * 100, ceiling, vr, vr / ceiling * 100,
                                         verdict(paired(results, key, lambda a: a['messagesPerSecond'])),
                                         pt, vt, pm, vm, pc, vc))
        if carr:
            text += '; carrier threads (`ForkJoinPool-N-worker-N`) at the end of the virtual run: %d' % carr
        if pu or vu:
            text += '; **not drained in time**: platform %d/%d runs, virtual %d/%d' % (pu, pn, vu, vn)
        L.append(text + '.')
    L += ['',
          '**What limits each kind of listener, and what to set** (the figures above are one machine\'s; the '
          'mechanisms are the libraries\'):',
          '',
          '- **Kafka: the partitions.** A container runs at most one consumer per partition, and a consumer hands the '
          'records of its partitions to the listener one after the other, on its one thread, whatever that thread '
          'is. At equal concurrency both modes handle records at the same rate per consumer (compare msgs/s after '
          'the first message; what differs is mostly start-up, the time to the first message), and more threads '
          'cannot help: set `spring.kafka.listener.concurrency` up to the partition count (more partitions for more '
          'parallel work), and with slow listeners a lower `spring.kafka.consumer.max-poll-records` (this run: 10) '
          'so that a poll\'s batch stays well inside `max.poll.interval.ms` and rebalances do not wait on it. Virtual '
          'threads replace only the consumer\'s own thread; every consumer keeps the platform threads its libraries '
          'start (in the last table: the client\'s `kafka-coordinator-heartbeat-thread`, the container\'s consumer '
          'monitor `ThreadPoolTaskScheduler-N` (one per consumer unless the application gives the container '
          'properties a scheduler), Micrometer\'s `micrometer-kafka-metrics`), so at best one OS thread in four per '
          'consumer goes. On JDK 21 not even that: the consumer\'s `poll` blocks in `Selector.select` '
          '(`EPoll.wait`, seen in a thread dump), which holds the carrier, and the JDK adds a carrier in its place, '
          'one per consumer (the carrier counts above); on JDK 25 the virtual run needs no such carriers.',
          '- **JMS: the consumer count.** The consumers of a `DefaultMessageListenerContainer` compete on one queue, '
          'each handling one message at a time, so throughput follows `spring.jms.listener.concurrency` / '
          '`max-concurrency` (`min-concurrency` from Boot 3.2) up to what the broker and the CPU sustain (here 2 '
          'cores shared by the broker, the sessions\' commits and the listeners: far below the ceiling at 1000). That '
          'count is what virtual threads are meant to make cheap to raise, but not with Artemis\'s client on Java '
          '21–23: its `receive` waits inside `synchronized` (`Object.wait`), which pins the carrier, so every waiting '
          'consumer holds one and the scheduler adds carriers, up to `jdk.virtualThreadScheduler.maxPoolSize` (256). '
          'Below ~256 consumers the carriers thus grow with the consumers (the carrier counts above), and the '
          'virtual run saves fewer OS threads than it has consumers; from ~256 on the OS threads stop at ~256 + the '
          'application\'s own, and so does the number of consumers that can wait for a message at once: throughput '
          'falls behind the platform run\'s. Java 24+ (JEP 491) removes the pinning, but Boot 3.x\'s Artemis broker '
          'does not start there (`Subject.getSubject`), so this run cannot measure it '
          '([messaging.md](messaging.md#pinning-while-consumers-wait)). So with Artemis on Java 21 a high consumer '
          'count on virtual threads costs fewer OS threads (and little less memory: a sleeping platform thread\'s '
          'stack is mostly untouched) but drains slower than the same count of platform threads; choose the count, '
          'in either mode, from the work per message and what the broker sustains.',
          '- **JDBC (for comparison): the pool.** However many listener threads run, at most '
          '`spring.datasource.hikari.maximum-pool-size` of them hold a connection; the others wait for one (see the '
          'jdbc experiment above). Raise the pool with the database\'s limits in mind, not the thread count.',
          '']
    return L


def section(outdir, docs_dir):
    """The markdown of the messaging section (between the markers) and its chart."""
    results = load_results(os.path.join(outdir, 'messaging.jsonl'))
    with open(os.path.join(outdir, 'messaging-meta.json')) as f:
        meta = json.load(f)
    L = []
    A = L.append
    A(BEGIN)
    A('## Messaging: draining a backlog (Kafka, JMS)')
    A('')
    A('<!-- Generated by sample-app/bench/run.sh --messaging from bench-results/messaging/*.jsonl; '
      'the other modes of run.sh keep this section as it is. Do not edit by hand: rerun the command. -->')
    A('')
    m = meta['machine']
    A('Run %s → %s, %d round(s). **Machine**: %d CPUs (%s), %d MiB RAM, %s; **shared** with other builds while it ran: '
      'load average (1 min) %s at the start, before each run median %.1f (%.1f–%.1f), so the figures are noisy. '
      'JDKs: %s. JVM `%s`. Jar: Boot %s + vt-starter.' % (
          meta['started'], meta['finished'], meta['rounds'], m['cpus'], m['cpu'], m['mem_mb'], m['os'],
          ' '.join('%.2f' % x for x in meta['loadavg_start']),
          *_stats([r['loadavg_before'][0] for r in results]),
          '; '.join('%s = `%s`' % kv for kv in meta['java'].items()), ' '.join(meta['jvm_opts']),
          meta['jar']['boot']))
    A('')
    A('**What runs**: the drain application (`sample-app/drain`, Boot 3.1.12 + vt-starter; the sample app of the web '
      'benchmarks above carries no broker) with the profile `drain-kafka` or `drain-jms`. It puts a backlog of **%s messages** on a topic of an '
      'in-JVM Kafka broker (spring-kafka-test\'s, records spread evenly over the partitions) or on a queue of Boot\'s '
      'embedded ActiveMQ Artemis (in-VM, not persistent), **then** starts the listener container; the listener '
      '**sleeps %d ms per message** (blocking work). Drain time = container start → last message handled; msgs/s = '
      'messages ÷ drain time; ceiling = consumers ÷ %d ms (Little\'s law). Sampled every 100 ms by the app while it '
      'drains: OS threads and RSS of the JVM (`Threads`, `VmRSS` of `/proc/self/status`), heap in use; "before" = '
      'once the backlog is in, just before the container starts (broker and container already built); platform '
      'threads peak (MXBean) = `ThreadMXBean.getPeakThreadCount()` since the container started, exact where the '
      'samples are 100 ms apart. The broker '
      'runs in the same JVM, so its threads and memory are in every figure, equally in both modes. Platform = '
      '`--spring.threads.virtual.enabled=false` (the containers\' own thread per consumer); virtual = vt-starter '
      '(`kafka-N`, `jms-N` threads). Artemis consumers run with `consumerWindowSize=0` (no client-side prefetch, '
      'as Artemis advises for slow consumers: otherwise the first consumers to start buffer most of the backlog); '
      'Kafka consumers with `max.poll.records=10` (a consumer rejoins a rebalance only after the records of its last '
      'poll; 500 × 50 ms would hold each rebalance while the consumers join). Both modes run with the same '
      'settings. Each (case, mode) is a fresh JVM; platform and virtual alternate in order from round to round; a '
      'run not drained within %d s is reported as timed out. Figures: median (min–max) over rounds.' % (
          '{:,}'.format(meta['messages']), meta['work_ms'], meta['work_ms'], meta['drain_timeout_s']))
    A('')
    summary_at = len(L)
    A('![drain](bench-messaging-drain.png)')
    A('')
    A('| case | mode | drained | msgs/s | % of ceiling | drain s | first message s | msgs/s after the first | '
      'listener calls at once (max) | OS threads before → peak | platform threads peak (MXBean) | '
      'RSS MiB before → peak | heap used peak MiB |')
    A('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    rows = []
    names = {}
    for c in meta['cases']:
        key = case_key(c)
        if c['broker'] == 'kafka':
            label = 'Kafka, %d partitions, concurrency %d, JDK %s' % (c['partitions'], c['concurrency'], c['jdk'])
            short = 'Kafka c%d JDK%s' % (c['concurrency'], c['jdk'])
        else:
            label = 'JMS (Artemis), %d consumers, JDK %s' % (c['concurrency'], c['jdk'])
            short = 'JMS c%d JDK%s' % (c['concurrency'], c['jdk'])
        ceiling = min(c['concurrency'], c.get('partitions') or c['concurrency']) * 1000.0 / meta['work_ms']
        rate_s, thr_s = {}, {}
        for mode in ('platform', 'virtual'):
            g = [r for r in results if r['case'] == key and r['mode'] == mode]
            if not g:
                continue
            apps = [r.get('app') or {} for r in g]
            drained = ['%s/%s%s' % (a.get('handled', 0), a.get('messages', '?'),
                                    '' if a.get('state') == 'DONE' else ' ' + str(a.get('state') or r.get('error')))
                       for a, r in zip(apps, g)]
            done = [a for a in apps if a.get('state') == 'DONE']
            rates = _vals(apps, lambda a: a['messagesPerSecond'])
            thr = _vals(apps, lambda a: a['peak']['osThreads'])
            rate_s[mode], thr_s[mode] = _stats(rates), _stats(thr)
            A('| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s → %s | %s | %s → %s | %s |' % (
                label, mode, ', '.join(sorted(set(drained))) if len(set(drained)) > 1 else drained[0],
                _ms(rates), _ms([x / ceiling * 100 for x in rates], '{:.0f}%'),
                _ms(_vals(apps, lambda a: a['drainSeconds']), '{:.1f}'),
                _ms(_vals(apps, lambda a: a['firstMessageSeconds']), '{:.1f}'),
                _ms(_vals(apps, lambda a: (a['handled'] - 1) / (a['drainSeconds'] - a['firstMessageSeconds'])
                          if a.get('state') == 'DONE' else None)),
                _ms(_vals(apps, lambda a: a['maxConcurrentListenerCalls'])),
                _ms(_vals(apps, lambda a: a['before']['osThreads'])), _ms(thr),
                _ms(_vals(apps, lambda a: a['peakPlatformThreadsMXBean'])),
                _ms(_vals(apps, lambda a: a['before']['rssMb'])), _ms(_vals(apps, lambda a: a['peak']['rssMb'])),
                _ms(_vals(apps, lambda a: a['peak']['heapUsedMb']))))
            last = (done or apps)[-1]
            names[(label, mode)] = (last.get('platformThreadsByNameAfter'), last.get('handlerThreads'),
                                    last.get('handlerThreadSample'))
        rows.append((short, rate_s, thr_s))
    A('')
    # paired ratios: virtual / platform, same case and round
    A('Paired ratios (virtual ÷ platform, same case, same round; median (min–max)):')
    A('')
    A('| case | msgs/s | peak OS threads | peak RSS |')
    A('|---|---|---|---|')
    for c in meta['cases']:
        key = case_key(c)
        rr, rt, rm = [], [], []
        for rd in sorted(set(r['round'] for r in results)):
            p = [r.get('app') for r in results if r['case'] == key and r['round'] == rd and r['mode'] == 'platform']
            v = [r.get('app') for r in results if r['case'] == key and r['round'] == rd and r['mode'] == 'virtual']
            if p and v and p[0] and v[0] and p[0].get('state') == 'DONE' and v[0].get('state') == 'DONE':
                rr.append(v[0]['messagesPerSecond'] / p[0]['messagesPerSecond'])
                rt.append(v[0]['peak']['osThreads'] / p[0]['peak']['osThreads'])
                rm.append(v[0]['peak']['rssMb'] / p[0]['peak']['rssMb'])
        A('| %s | %s | %s | %s |' % (key, _ms(rr, '{:.2f}'), _ms(rt, '{:.2f}'), _ms(rm, '{:.2f}')))
    A('')
    A('What the OS threads are (live platform threads by name, digits as N, at the end of the last drained run of '
      'each; virtual threads are not OS threads and are not listed; the listener threads are named in the last column):')
    A('')
    A('| case | mode | largest groups of platform threads | listener threads seen |')
    A('|---|---|---|---|')
    for (label, mode), (by_name, n, sample) in names.items():
        A('| %s | %s | %s | %s (%s, …) |' % (label, mode, top_threads(by_name), n, ', '.join(sample or [])))
    A('')
    L[summary_at:summary_at] = summary(meta, results, names)
    A(END)
    chart(os.path.join(docs_dir, 'bench-messaging-drain.png'), rows, meta['work_ms'])
    return '\n'.join(L) + '\n'


def replace_section(md_path, text):
    """Puts `text` (BEGIN..END) into md_path: in place of the existing section, or at the end."""
    _replace_section(md_path, SECTION, text)


def existing_section(md_path):
    """The messaging section of md_path (BEGIN..END and a newline), or ''."""
    return _existing_section(md_path, SECTION)


def markdown(outdir, md_path):
    text = section(outdir, os.path.dirname(os.path.abspath(md_path)))
    replace_section(md_path, text)
    return md_path
