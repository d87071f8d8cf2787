"""Every default the starter flips, against platform threads, in one run, on JDK 21 and 25 (run.sh --defaults; issue
19, item 1). Two parts:

  web     the sample app (Boot 3.1.12) on Tomcat, Jetty and Undertow: 100 ms sleep at 400 and 1,000 connections and
          no sleep; the modes of one server alive side by side, alternated round by round (core/load.run_matrix);
  drains  the drain application (sample-app/drain, Boot 3.1.12): a backlog drained by @Async tasks, the @Scheduled
          scheduler, Kafka, JMS (embedded Artemis: JDK 21 only), RabbitMQ and Redis listeners and Spring Integration
          pollers; a fresh JVM per (case, mode, round), the order of the modes rotating from round to round; a
          rabbitmq-server and a redis-server started once on free ports of 127.0.0.1.

Every case runs in every mode: by default `platform` (spring.threads.virtual.enabled=false) and `starter` (the
starter's defaults). --mode-args names the modes and their arguments ('NAME=ARG ARG;NAME=...'), so that a property
the starter offers to force a default (vtstarter.jms.virtual-threads.enabled=false, say) is measured as a mode of its
own. Ratios: each mode ÷ the first, paired by round. Writes the defaults section of docs/benchmarks.md."""
import os
import time

from core.drains import NEEDS_SERVER, case_args, case_key, run_drain
from core.jvm import JDKS, JVM_OPTS, TOMCAT_TUNING, java_version
from core.log import log
from core.load import run_matrix
from core.markdown import existing_section, load_sentence, markers, replace_section, slot
from core.modes import jar_facts, launch_for
from core.proc import machine_description
from core.results import append_result, group, load_results, read_meta, write_meta
from core.servers import start_rabbitmq, start_redis
from core.stats import med_spread, median

SECTION = 'defaults'
NOTES = 'defaults-notes'
DEFAULT_MODE_ARGS = 'platform=--spring.threads.virtual.enabled=false;starter='
# The backlog of the kinds whose platform default drains slowly (Boot 3.1: 8 @Async threads, one scheduler thread),
# so that a platform run ends within the drain timeout; the others drain the run's --messages.
BACKLOG = {'async': 2000, 'scheduled': 500, 'integration': 500}
GOAL = 0.95


def parse_modes(spec):
    """'NAME=ARG ARG;NAME=' -> {NAME: [ARG, ...]}, in order."""
    modes = {}
    for part in (spec or DEFAULT_MODE_ARGS).split(';'):
        if part.strip():
            name, _, rest = part.partition('=')
            modes[name.strip()] = rest.split()
    return modes


# In a mode's arguments, this token stands for excluding every vt-starter auto-configuration of the jar: Boot's own
# support alone (Boot 3.2+), for a mode such as 'native=--spring.threads.virtual.enabled=true @exclude-starter'.
EXCLUDE_STARTER = '@exclude-starter'


def with_jar(mode_args, facts):
    """A mode's arguments for one jar, with EXCLUDE_STARTER spelled out."""
    return [('--spring.autoconfigure.exclude=' + ','.join(facts['imports'] or [])) if a == EXCLUDE_STARTER else a
            for a in mode_args]


def parse_cases(spec, jdks, jms_jdks, partitions, messages):
    """'kafka:50,jms:200,redis,...' -> cases for every JDK (JMS only on jms_jdks)."""
    cases = []
    for jdk in jdks:
        for item in spec.split(','):
            if not item.strip():
                continue
            kind, _, n = item.strip().partition(':')
            if kind == 'jms' and jdk not in jms_jdks:
                continue
            c = {'broker': kind, 'jdk': jdk, 'concurrency': int(n) if n else None}
            if kind == 'kafka':
                c['partitions'] = max(c['concurrency'], partitions)
            if kind in BACKLOG:
                c['messages'] = min(BACKLOG[kind], messages)
            cases.append(c)
    return cases


def web_loads(conns):
    return [{'exp': 'sleep-100ms', 'path': '/sleep?ms=100', 'conns': c} for c in conns] + \
           [{'exp': 'no-sleep', 'path': '/sleep?ms=0', 'conns': 400}]


def run(args):
    """args: sample_jars {server: jar}, drain_jar, jdk_list, mode_args, web_conns, drain_cases, jms_jdks, rounds,
    seconds, warm_rounds, messages, work_ms, drain_timeout, start_timeout, partitions, parts, out."""
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    mode_args = parse_modes(args.mode_args)
    names = list(mode_args)
    meta = {'started': time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime()), 'machine': machine_description(),
            'rounds': args.rounds, 'seconds': args.seconds, 'jvm_opts': JVM_OPTS, 'tomcat_tuning': TOMCAT_TUNING,
            'modes': mode_args, 'java': {j: java_version(JDKS[j]) for j in args.jdk_list}, 'parts': args.parts,
            'messages': args.messages, 'work_ms': args.work_ms, 'drain_timeout_s': args.drain_timeout,
            'servers': {}, 'jars': {}}
    # The parts, and the servers and JDKs of the web part, may run apart (each is long; a server may need a second
    # run): a run sets aside the results it replaces and keeps the rest, with what the meta said of them, so that
    # the section shows everything measured with these modes.
    meta_path = os.path.join(out, 'defaults-meta.json')
    previous = read_meta(meta_path) if os.path.exists(meta_path) else None
    kept_web = []
    if previous and previous.get('modes') == mode_args:
        for key in ('web_loads', 'servers', 'cases', 'jars'):
            if key in previous:
                meta[key] = previous[key]
        meta['java'] = dict(previous.get('java', {}), **meta['java'])
        meta['started'] = min(previous['started'], meta['started'])
        meta['parts'] = [p for p in ('web', 'drains') if p in previous.get('parts', []) or p in args.parts]
        if 'web' in args.parts:
            planned = {(jdk, server) for jdk in args.jdk_list for server in args.sample_jars}
            kept_web = [r for r in load_results(os.path.join(out, 'defaults-web.jsonl'))
                        if (r['jdk'], r['exp'].split('/', 1)[0]) not in planned]
    for part, path in (('web', 'defaults-web.jsonl'), ('drains', 'defaults-drain.jsonl')):
        if part in args.parts and os.path.exists(os.path.join(out, path)):
            os.rename(os.path.join(out, path), os.path.join(out, path + '.previous'))
    if kept_web:
        with open(os.path.join(out, 'defaults-web.jsonl'), 'w') as f:
            for r in kept_web:
                append_result(f, r)
    if 'web' in args.parts:
        loads = web_loads(args.web_conns)
        meta['web_loads'] = loads
        for jdk in args.jdk_list:
            for server, jar in args.sample_jars.items():
                facts = jar_facts(os.path.abspath(jar))
                meta['jars'][server] = {k: v for k, v in facts.items() if k != 'imports'}
                modes = {n: dict(label='%s, %s' % (server, n), facts=facts, args=with_jar(a, facts), expect_virtual=None,
                                 launch=launch_for(facts)) for n, a in mode_args.items()}
                ls = [dict(l, exp='%s/%s' % (server, l['exp'])) for l in loads]
                log('== defaults: %s, JDK %s' % (server, jdk))
                meta['servers']['%s-jdk%s' % (server, jdk)] = run_matrix(
                    jdk, JDKS[jdk], modes, names, ls, args.rounds, args.seconds, out,
                    os.path.join(out, 'defaults-web.jsonl'), warm_load=max(ls[:-1] or ls, key=lambda l: l['conns']),
                    warm_rounds=args.warm_rounds or (3, 12))
    if 'drains' in args.parts:
        cases = parse_cases(args.drain_cases, args.jdk_list, args.jms_jdks, args.partitions, args.messages)
        meta['cases'] = cases
        meta['jars']['drain'] = {k: v for k, v in jar_facts(os.path.abspath(args.drain_jar)).items() if k != 'imports'}
        servers = {}
        try:
            for kind in sorted(set(c['broker'] for c in cases)):
                need = NEEDS_SERVER.get(kind)
                if need and need not in servers:
                    servers[need] = start_rabbitmq() if need == 'rabbitmq' else start_redis()
            port = 18410
            with open(os.path.join(out, 'defaults-drain.jsonl'), 'w') as res_file:
                for r in range(args.rounds):
                    for i, c in enumerate(cases):
                        k = (r + i) % len(names)
                        for mode in names[k:] + names[:k]:
                            tag = 'defaults-%s-%s-r%d' % (case_key(c), mode, r)
                            head = {'case': case_key(c), 'broker': c['broker'], 'jdk': c['jdk'],
                                    'concurrency': c.get('concurrency'), 'mode': mode}
                            res = run_drain(os.path.abspath(args.drain_jar), JDKS[c['jdk']],
                                            mode_args[mode] + case_args(c, args.messages, args.work_ms,
                                                                        args.drain_timeout, servers),
                                            port, out, tag, args.start_timeout, args.drain_timeout, head=head)
                            res['round'] = r
                            append_result(res_file, res)
                            a = res.get('app') or {}
                            log('r%d %-26s %-10s %s %s/%s in %ss = %s/s, OS threads %s, RSS %s MiB%s' % (
                                r, case_key(c), mode, a.get('state'), a.get('handled'), a.get('messages'),
                                a.get('drainSeconds'), a.get('messagesPerSecond'), (a.get('peak') or {}).get('osThreads'),
                                (a.get('peak') or {}).get('rssMb'), (' ERROR ' + res['error']) if res.get('error') else ''))
                            port += 1
        finally:
            for s in servers.values():
                s.stop()
    meta['finished'] = time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())
    write_meta(os.path.join(out, 'defaults-meta.json'), meta)
    return out


# --------------------------------------------------------------------------------------------------
# the defaults section of docs/benchmarks.md
# --------------------------------------------------------------------------------------------------

def _paired(rows, ref, mode, value):
    """mode ÷ ref of value(row), per round where both have it."""
    out = []
    for rd in sorted(set(r['round'] for r in rows)):
        a = [value(r) for r in rows if r['round'] == rd and r['mode'] == mode]
        b = [value(r) for r in rows if r['round'] == rd and r['mode'] == ref]
        if a and b and a[0] and b[0]:
            out.append(a[0] / b[0])
    return out


def _app(r, *path):
    v = r.get('app') or {}
    for p in path:
        v = (v or {}).get(p)
    return v


def _done_rate(r):
    return _app(r, 'messagesPerSecond') if _app(r, 'state') == 'DONE' else None


def _below_goal(ratios):
    m = median(ratios)
    return m is not None and m < GOAL


def _mark(ratios):
    if median(ratios) is None:
        return 'n/a'
    return '**no**' if _below_goal(ratios) else 'yes'


def section(outdir, old_section=''):
    meta = read_meta(os.path.join(outdir, 'defaults-meta.json'))
    web = load_results(os.path.join(outdir, 'defaults-web.jsonl'))
    drains = load_results(os.path.join(outdir, 'defaults-drain.jsonl'))
    names = list(meta['modes'])
    ref = names[0]
    m = meta['machine']
    begin, end = markers(SECTION)
    L = [begin, '## Every default the starter flips, against platform threads', '',
         '<!-- Generated by sample-app/bench/run.sh --defaults from bench-results/defaults/*.jsonl; the other modes of '
         'run.sh keep this section as it is. Do not edit by hand, but for the notes\' slot: rerun the command. -->', '']
    A = L.append
    A('Run %s → %s, %d round(s). **Machine**: %d CPUs (%s), %d MiB RAM, %s; %s JDKs: %s. JVM `%s`.' % (
        meta['started'], meta['finished'], meta['rounds'], m['cpus'], m['cpu'], m['mem_mb'], m['os'],
        load_sentence(m, web), '; '.join('%s = `%s`' % kv for kv in meta['java'].items()), ' '.join(meta['jvm_opts'])))
    A('')
    A('**Modes** (arguments given to every case; ratios are each mode ÷ `%s`, paired by round): %s. The goal '
      '(issue 19): with the starter\'s defaults, every case at least %.2f× platform threads, with the gain in OS '
      'threads and memory beside it.' % (ref, '; '.join('`%s` `%s`' % (n, ' '.join(a) or '(the defaults)')
                                                       for n, a in meta['modes'].items()), GOAL))
    A('')
    if web:
        A('### Requests: Tomcat, Jetty, Undertow (the sample app, Boot %s)' % next(iter(meta['jars'].values()))['boot'])
        A('')
        A('The modes of one server run side by side, warmed up, alternated round by round, %d s a run (wrk, '
          'connections opened first). Platform threads are each server\'s default pool (Tomcat and Jetty 200 '
          'threads, Undertow 8 per core), which caps the 100 ms endpoint at pool ÷ 0.1 s.' % meta['seconds'])
        A('')
        A('| server | JDK | load | mode | req/s | ÷ %s req/s (paired) | p99 ms | CPU ms/req | OS threads | RSS MiB | ≥ %.2f |'
          % (ref, GOAL))
        A('|---|---|---|---|---|---|---|---|---|---|---|')
        below_web = []
        exps = []
        for r in web:
            if (r['exp'], r['conns']) not in exps:
                exps.append((r['exp'], r['conns']))
        for jdk in meta['java']:
            for exp, conns in exps:
                rows = group(web, jdk=jdk, exp=exp, conns=conns)
                if not rows:
                    continue
                server, load = exp.split('/', 1)
                for mode in names:
                    g = [r for r in rows if r['mode'] == mode]
                    ratios = _paired(rows, ref, mode, lambda r: r.get('rps')) if mode != ref else []
                    if mode != ref and _below_goal(ratios):
                        below_web.append('%s on JDK %s, %s at %d connections (%s, %.2f)' % (
                            server, jdk, load, conns, mode, median(ratios)))
                    A('| %s | %s | %s, %d connections | %s | %s | %s | %s | %s | %s | %s | %s |' % (
                        server, jdk, load, conns, mode, med_spread([r.get('rps') for r in g]),
                        med_spread(ratios, '{:.2f}') if mode != ref else '–',
                        med_spread([r.get('p99_us', 0) / 1000 for r in g]),
                        med_spread([r.get('cpu_ms_per_req') for r in g], '{:.3f}'),
                        med_spread([r.get('peak_threads') for r in g]), med_spread([r.get('peak_rss_mb') for r in g]),
                        _mark(ratios) if mode != ref else '–'))
        A('')
        A('**Requests below %.2f× %s** (median of the paired ratios): %s.' % (GOAL, ref, '; '.join(below_web) or 'none'))
        A('')
    if drains:
        A('### Draining a backlog (the drain application, `sample-app/drain`, Boot %s)' % meta['jars']['drain']['boot'])
        A('')
        A('Each (case, mode, round) is a fresh JVM that puts the backlog in place, then starts what drains it; every '
          'item costs %d ms of blocking work (a sleep). msgs/s = items ÷ (consumers\' start → last item handled); OS '
          'threads and RSS: the JVM\'s peak while it drains (`/proc/self/status`, every 100 ms). Backlog: %s items '
          '(`@Async` %d, `@Scheduled` %d runs, Integration %d, so that a platform run ends within %d s). Cases: Kafka '
          '(in-JVM broker; partitions = concurrency), JMS (embedded Artemis, which does not start on Java 24+: JDK 21 '
          'only; Artemis client window 0), RabbitMQ (a rabbitmq-server on 127.0.0.1, simple container, prefetch 1), '
          'Redis (pub/sub on a redis-server; published once the container listens), `@Async` (Boot\'s '
          '`applicationTaskExecutor`), `@Scheduled` (fixed-rate jobs every 100 ms on the `taskScheduler`), Spring '
          'Integration (polling consumers of one queue channel on Integration\'s `taskScheduler`).' % (
              meta['work_ms'], '{:,}'.format(meta['messages']), BACKLOG['async'], BACKLOG['scheduled'],
              BACKLOG['integration'], meta['drain_timeout_s']))
        A('')
        A('| case | JDK | mode | drained | msgs/s | ÷ %s msgs/s (paired) | peak OS threads | peak RSS MiB | ≥ %.2f |'
          % (ref, GOAL))
        A('|---|---|---|---|---|---|---|---|---|')
        below = []
        for c in meta.get('cases', []):
            key = case_key(c)
            rows = [r for r in drains if r['case'] == key]
            if not rows:
                continue
            for mode in names:
                g = [r for r in rows if r['mode'] == mode]
                drained = sorted(set('%s/%s %s' % (_app(r, 'handled'), _app(r, 'messages'),
                                                    _app(r, 'state') or r.get('error', '?')) for r in g))
                ratios = _paired(rows, ref, mode, _done_rate) if mode != ref else []
                if mode != ref and _below_goal(ratios):
                    below.append('%s (%s, %.2f)' % (key, mode, median(ratios)))
                A('| %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (
                    key, c['jdk'], mode, ', '.join(drained), med_spread([_done_rate(r) for r in g]),
                    med_spread(ratios, '{:.2f}') if mode != ref else '–',
                    med_spread([_app(r, 'peak', 'osThreads') for r in g]), med_spread([_app(r, 'peak', 'rssMb') for r in g]),
                    _mark(ratios) if mode != ref else '–'))
        A('')
        A('**Drains below %.2f× %s** (median of the paired ratios): %s.' % (GOAL, ref, ', '.join(below) or 'none'))
        A('')
    A('### Notes')
    A('')
    nb, ne = markers(NOTES)
    L.append(slot(old_section, NOTES, '\n'.join([
        nb, '_Pending: what the figures mean and which default changes, written by hand after a full run on a quiet '
        'machine. This slot survives a rerun of the command._', ne])))
    A(end)
    return '\n'.join(L) + '\n'


def markdown(outdir, md_path):
    replace_section(md_path, SECTION, section(outdir, existing_section(md_path, SECTION)))
    return md_path


def smoke_check(outdir):
    """A smoke run's verdict: every web run answered without errors, every drain drained."""
    web = load_results(os.path.join(outdir, 'defaults-web.jsonl'))
    drains = load_results(os.path.join(outdir, 'defaults-drain.jsonl'))
    bad = [r for r in web if not r.get('requests') or r.get('errors')]
    bad += [r for r in drains if _app(r, 'state') != 'DONE']
    for r in web:
        log('  [%s] JDK %s %-24s %-10s c=%-4d %d requests, %s errors, %.0f req/s' % (
            'FAIL' if r in bad else 'ok', r['jdk'], r['exp'], r['mode'], r['conns'], r.get('requests', 0),
            r.get('errors'), r.get('rps', 0)))
    for r in drains:
        log('  [%s] JDK %s %-24s %-10s %s %s/%s, %s msgs/s%s' % (
            'FAIL' if r in bad else 'ok', r['jdk'], r['case'], r['mode'], _app(r, 'state'), _app(r, 'handled'),
            _app(r, 'messages'), _app(r, 'messagesPerSecond'), (' ' + r['error']) if r.get('error') else ''))
    ok = (web or drains) and not bad
    log('defaults smoke: %d web runs, %d drains: %s' % (len(web), len(drains), 'OK' if ok else '%d FAILURE(S)' % len(bad)))
    return 0 if ok else 1
