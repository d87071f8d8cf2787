"""What /proc says about a process and about the machine."""
import os
import subprocess
import threading

CLK_TCK = os.sysconf('SC_CLK_TCK')


def proc_cpu_ticks(pid):
    with open('/proc/%d/stat' % pid) as f:
        s = f.read()
    fields = s[s.rindex(')') + 2:].split()
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15 of stat)


def proc_status(pid):
    out = {}
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            k, _, v = line.partition(':')
            if k in ('VmRSS', 'VmHWM'):
                out[k] = int(v.split()[0]) // 1024  # MiB
            elif k == 'Threads':
                out[k] = int(v)
    return out


class Sampler(threading.Thread):
    """Samples RSS and OS thread count of a process while a load runs."""

    def __init__(self, pid, period=0.25):
        super().__init__(daemon=True)
        self.pid, self.period = pid, period
        self.peak_rss = 0
        self.peak_threads = 0
        self.stop_evt = threading.Event()

    def run(self):
        while not self.stop_evt.is_set():
            try:
                st = proc_status(self.pid)
                self.peak_rss = max(self.peak_rss, st.get('VmRSS', 0))
                self.peak_threads = max(self.peak_threads, st.get('Threads', 0))
            except OSError:
                pass
            self.stop_evt.wait(self.period)

    def stop(self):
        self.stop_evt.set()
        self.join()


def machine_description():
    cpu = '?'
    with open('/proc/cpuinfo') as f:
        for line in f:
            if line.startswith('model name'):
                cpu = line.split(':', 1)[1].strip()
                break
    mem = 0
    with open('/proc/meminfo') as f:
        for line in f:
            if line.startswith('MemTotal'):
                mem = int(line.split()[1]) // 1024
    try:
        osname = [l.split('=', 1)[1].strip().strip('"') for l in open('/etc/os-release') if l.startswith('PRETTY_NAME')][0]
    except Exception:
        osname = '?'
    try:
        wrkv = subprocess.run(['wrk', '-v'], capture_output=True, text=True).stdout.splitlines()
    except OSError:  # --messaging needs no wrk
        wrkv = []
    return {'cpus': os.cpu_count(), 'cpu': cpu, 'mem_mb': mem, 'os': osname, 'kernel': os.uname().release,
            'wrk': wrkv[0] if wrkv else '?', 'loadavg_start': open('/proc/loadavg').read().split()[:3]}
