#!/usr/bin/env python3
"""vt-starter benchmark harness (python3 stdlib only; drives wrk, reads /proc): the entry point.

It parses the command line and dispatches to one experiment (experiments/); the experiments share the core
(core/: JVM launching, load generation, sampling, results, statistics, charts and markdown). run.sh is the one
command a user runs: it installs and builds what a mode needs, then calls this.

Commands:
  smoke                    every mode of the sample app starts and answers every endpoint (CI)
  full, report             the experiments people quote: docs/benchmarks.md (report: redraw from the raw results)
  vs-native[-report]       vt-starter on Boot 3.1 vs Tomcat's own executor vs Boot 3.5's native support
  profile-report           where a request's CPU goes, mode against mode, from a vs-native run with BENCH_JFR=1
  overhead[-report]        the JFR pinning monitor on vs off
  messaging[-report]       draining a backlog of messages (Kafka, JMS), platform vs virtual threads
  reliability[-smoke]      soak, shutdown under load, pinning storm, starvation, /dump, bad input
  webflux[-smoke|-report]  virtual threads or WebFlux + R2DBC on the JDBC workload, 100 to 5,000 connections
  defaults[-smoke|-report] every default the starter flips against platform threads: Tomcat, Jetty, Undertow, and
                           drains by @Async, @Scheduled, Kafka, JMS, RabbitMQ, Redis and Spring Integration
  startup[-smoke|-report]  the time and memory the starter adds at start-up, in paired runs with and without it
  startup-profile          which beans cost start-up time (Spring's BufferingApplicationStartup), the starter's marked
  alarms[-smoke|-report]   the alarm corpus: scenarios that must not alarm and scenarios that must, JDK 21 and 25
  alarms-overload          sustained CPU overload (10 min, JDK 21): how many lines the starter logs
"""
import argparse
import os
import signal
import sys

from core.jvm import JDKS, find_jdks, kill_started
from core.modes import jar_facts
from experiments import alarms, defaults, messaging, profile, reliability, startup, vs_native, web, web_report, webflux

COMMANDS = ['vs-native', 'vs-native-report', 'profile-report', 'overhead', 'overhead-report', 'full', 'report', 'smoke',
            'messaging', 'messaging-report', 'reliability', 'reliability-smoke', 'webflux', 'webflux-smoke',
            'webflux-report', 'defaults', 'defaults-smoke', 'defaults-report', 'startup', 'startup-smoke',
            'startup-report', 'startup-profile', 'alarms', 'alarms-smoke', 'alarms-overload', 'alarms-report']


def parse(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('command', choices=COMMANDS)
    ap.add_argument('--jar31', required=False)
    ap.add_argument('--jar35', required=False)
    ap.add_argument('--jar31-tomcat', required=False, help='Boot 3.1.12 jar built with -Dtomcat.version=<newer>')
    ap.add_argument('--jdks', default='25,21')
    ap.add_argument('--conns', default='400,1000,2000')
    ap.add_argument('--rounds', type=int, default=3)
    ap.add_argument('--seconds', type=int, default=10)
    ap.add_argument('--modes', help='vs-native, webflux: comma-separated modes to compare (vs-native: starter,tomcat-own,native; '
                                    'webflux: platform,starter,native,webflux)')
    ap.add_argument('--forks', type=int, default=1, help='vs-native, overhead: start every server this many times')
    ap.add_argument('--out', required=True)
    ap.add_argument('--md', help='markdown output')
    # messaging (see experiments/messaging.py)
    ap.add_argument('--messages', type=int, default=20000, help='messaging: the backlog')
    ap.add_argument('--work-ms', type=int, default=50, help='messaging: blocking work (sleep) per message')
    ap.add_argument('--drain-timeout', type=int, default=120, help='messaging: a run not drained by then is reported as such')
    ap.add_argument('--start-timeout', type=int, default=180, help='messaging: start-up and filling')
    ap.add_argument('--partitions', type=int, default=50, help='messaging: Kafka partitions (at least the concurrency)')
    ap.add_argument('--kafka-conns', default='50', help='messaging: Kafka container concurrencies')
    ap.add_argument('--jms-conns', default='50,200,1000', help='messaging: JMS consumer counts')
    ap.add_argument('--kafka-jdks', default='21,25', help='messaging: JDKs of the Kafka runs')
    ap.add_argument('--jms-jdks', default='21', help='messaging: JDKs of the JMS runs (Boot 3.x\'s Artemis does not start on 24+)')
    # reliability (see experiments/reliability.py)
    ap.add_argument('--only', help='reliability, alarms: comma-separated scenarios to run (a check while developing); '
                                   'reliability: docs are not written')
    # alarms (see experiments/alarms.py)
    ap.add_argument('--dropin-jars', help='alarms: BOOT=JAR,... the drop-in user app packaged on each Boot version')
    ap.add_argument('--catalogue-dir', help='alarms: a directory of old library jars of the doctor\'s catalogue')
    ap.add_argument('--overload-seconds', type=int, default=600, help='alarms-overload: how long the overload lasts')
    # webflux (see experiments/webflux.py)
    ap.add_argument('--webflux-jar', help='webflux: the WebFlux + R2DBC application (sample-app/webflux)')
    ap.add_argument('--pool', type=int, default=50, help='webflux: connection pool size of every mode (HikariCP, r2dbc-pool)')
    ap.add_argument('--sleep-s', type=float, default=0.05, help='webflux: pg_sleep per request')
    ap.add_argument('--cpu-ms', type=float, default=10, help='webflux: CPU per request')
    ap.add_argument('--timeout-s', type=int, default=30, help='webflux: wrk --timeout')
    # defaults (see experiments/defaults.py)
    ap.add_argument('--sample-jars', help='defaults: SERVER=JAR,... the sample app on each server (tomcat, jetty, undertow); '
                                          'alarms: BOOT=JAR,... the sample app on each Boot version')
    ap.add_argument('--drain-jar', help='defaults: the drain application (sample-app/drain)')
    ap.add_argument('--mode-args', help='defaults: NAME=ARG ARG;NAME=... the modes and their arguments '
                                        '(default "platform=--spring.threads.virtual.enabled=false;starter=")')
    ap.add_argument('--web-conns', default='400,1000', help='defaults: connections of the 100 ms sleep load')
    ap.add_argument('--drain-cases', default='kafka:50,jms:50,jms:200,rabbit:50,redis,async,scheduled:50,integration:50',
                    help='defaults: KIND[:CONCURRENCY],... drained on every JDK (JMS on --jms-jdks only)')
    ap.add_argument('--parts', default='web,drains', help='defaults: web, drains or both')
    # startup (see experiments/startup.py)
    ap.add_argument('--startup-apps', help='startup: NAME=JAR,... the applications, built with the starter')
    ap.add_argument('--pairs', type=int, default=30, help='startup: pairs of runs (with, without) per application and JDK')
    ap.add_argument('--profile-load', default='nosleep:400,sleep100:2000',
                    help='profile-report: EXP:CONNECTIONS,... the loads whose measured windows are read')
    ap.add_argument('--profile-runs', type=int, default=5, help='startup-profile: runs per application and JDK')
    ap.add_argument('--startup-jvm-opts', default='', help='startup: JVM options of every run (default: none)')
    ap.add_argument('--warm-rounds', help='at least,at most warm-up rounds of 5 s (default 3,12; a smoke run: 1,1)')
    args = ap.parse_args(argv)
    if args.warm_rounds:
        args.warm_rounds = tuple(int(x) for x in args.warm_rounds.split(','))
    for name in ('kafka_conns', 'jms_conns'):
        setattr(args, name, [int(c) for c in getattr(args, name).split(',') if c])
    for name in ('kafka_jdks', 'jms_jdks'):
        setattr(args, name, [j for j in getattr(args, name).split(',') if j])
    args.conns = [int(c) for c in args.conns.split(',')]
    args.modes = [m for m in (args.modes or '').split(',') if m]
    args.jdk_list = [j for j in args.jdks.split(',') if j]
    args.web_conns = [int(c) for c in args.web_conns.split(',') if c]
    args.parts = [p for p in args.parts.split(',') if p]
    args.sample_jars = dict(kv.split('=', 1) for kv in (args.sample_jars or '').split(',') if kv)
    args.dropin_jars = dict(kv.split('=', 1) for kv in (args.dropin_jars or '').split(',') if kv)
    args.startup_apps = dict(kv.split('=', 1) for kv in (args.startup_apps or '').split(',') if kv)
    return args


def sample_jars(args):
    """The sample app's jars (Boot 3.1 and 3.5, maybe 3.1 on a newer Tomcat), with the JDKs the run needs."""
    find_jdks(args.jdk_list)
    jars = {'3.1': jar_facts(args.jar31), '3.5': jar_facts(args.jar35)}
    if args.jar31_tomcat:
        jars['3.1-tomcat'] = jar_facts(args.jar31_tomcat)
    return jars


def dispatch(args):
    """Runs one command; returns the process's exit code."""
    c, jdks = args.command, args.jdk_list
    md = lambda name: args.md or os.path.join(args.out, name)  # noqa: E731
    if c == 'smoke':
        return web.smoke(args, sample_jars(args), jdks)
    if c == 'full':
        web.full(args, sample_jars(args), jdks)
    elif c == 'report':
        web_report.full_markdown(args.out, args.md)
    elif c == 'vs-native':
        vs_native.vs_native(args, sample_jars(args), jdks)
        vs_native.vs_native_markdown(args.out, md('vs-native.md'))
    elif c == 'vs-native-report':
        vs_native.vs_native_markdown(args.out, md('vs-native.md'))
    elif c == 'profile-report':
        find_jdks(['25'])  # JDK 25's jfr reads JDK 21's recordings too
        loads = [(exp, int(conns)) for exp, _, conns in (l.partition(':') for l in args.profile_load.split(','))]
        profile.report(args.out, loads, JDKS['25'], md('profile.md'))
    elif c == 'overhead':
        vs_native.overhead(args, sample_jars(args), jdks)
        vs_native.overhead_markdown(args.out, md('overhead.md'))
    elif c == 'overhead-report':
        vs_native.overhead_markdown(args.out, md('overhead.md'))
    elif c == 'messaging':
        find_jdks(sorted(set(args.kafka_jdks + args.jms_jdks)))
        messaging.run(args, args.jar31)
        messaging.markdown(args.out, md('messaging.md'))
    elif c == 'messaging-report':
        messaging.markdown(args.out, md('messaging.md'))
    elif c in ('webflux', 'webflux-smoke'):
        webflux.run(args, sample_jars(args), jdks)
        webflux.markdown(args.out, md('webflux.md'))
        if c == 'webflux-smoke':
            return webflux.smoke_check(args.out)
    elif c == 'webflux-report':
        webflux.markdown(args.out, md('webflux.md'))
    elif c in ('defaults', 'defaults-smoke'):
        find_jdks(args.jdk_list)
        defaults.run(args)
        defaults.markdown(args.out, md('defaults.md'))
        if c == 'defaults-smoke':
            return defaults.smoke_check(args.out)
    elif c == 'defaults-report':
        defaults.markdown(args.out, md('defaults.md'))
    elif c in ('startup', 'startup-smoke'):
        find_jdks(args.jdk_list)
        startup.run(args)
        startup.markdown(args.out, md('startup.md'))
        if c == 'startup-smoke':
            return startup.smoke_check(args.out)
    elif c == 'startup-profile':
        find_jdks(args.jdk_list)
        startup.profile(args)
    elif c == 'startup-report':
        startup.markdown(args.out, md('startup.md'))
    elif c in ('alarms', 'alarms-smoke'):
        find_jdks(args.jdk_list)
        return alarms.run(args)
    elif c == 'alarms-overload':
        find_jdks(['21'])
        return alarms.overload_figure(args)
    elif c == 'alarms-report':
        alarms.markdown(args.out, args.md)
    elif c in ('reliability', 'reliability-smoke'):
        args.smoke = c == 'reliability-smoke'
        return reliability.run(args)
    return 0


def main(argv=None):
    args = parse(argv)
    # a SIGTERM (run.sh's cleanup) ends every process this harness started
    code = 1 if args.command.startswith(('reliability', 'alarms')) else 143
    signal.signal(signal.SIGTERM, lambda *a: (kill_started(), sys.exit(code)))
    try:
        return dispatch(args)
    finally:
        kill_started()


if __name__ == '__main__':
    sys.exit(main())
