"""Servers from Debian's packages (redis-server, rabbitmq-server) that a run starts on free ports of 127.0.0.1, each
with a temporary directory of its own, as the starter's tests do; stopped (with everything they started) at the end."""
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

from core.jvm import STARTED, free_port, start_process
from core.log import log

REDIS = '/usr/bin/redis-server'
RABBITMQ = '/usr/lib/rabbitmq/bin/rabbitmq-server'


class LocalServer:
    def __init__(self, name, proc, port, directory, on_stop=None):
        self.name, self.proc, self.port, self.directory, self.on_stop = name, proc, port, directory, on_stop

    def stop(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(30)
            except (OSError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except OSError:
                    pass
                self.proc.wait()
        if self.on_stop:
            self.on_stop()
        shutil.rmtree(self.directory, ignore_errors=True)


def wait_for_port(server, timeout=90):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if server.proc.poll() is not None:
            raise RuntimeError('%s exited with %s; see %s' % (server.name, server.proc.returncode,
                                                              os.path.join(server.directory, 'console.log')))
        try:
            with socket.create_connection(('127.0.0.1', server.port), 0.5):
                return server
        except OSError:
            time.sleep(0.3)
    server.stop()
    raise RuntimeError('%s did not open port %d within %d s' % (server.name, server.port, timeout))


def _require(binary, package):
    if not os.access(binary, os.X_OK):
        raise SystemExit('%s not found: install Debian\'s %s package (run.sh does)' % (binary, package))


def start_redis():
    _require(REDIS, 'redis-server')
    port = free_port()
    d = tempfile.mkdtemp(prefix='vtbench-redis-')
    proc = start_process([REDIS, '--port', str(port), '--bind', '127.0.0.1', '--dir', d, '--save', '',
                          '--appendonly', 'no'], os.path.join(d, 'console.log'), d)
    log('redis-server on 127.0.0.1:%d' % port)
    return wait_for_port(LocalServer('redis-server', proc, port, d))


def start_rabbitmq():
    """A RabbitMQ node of its own (its own node name, distribution port and epmd on free ports; the shared epmd on
    4369 stays untouched), no plugins."""
    _require(RABBITMQ, 'rabbitmq-server')
    port, dist, epmd = free_port(), free_port(), free_port()
    d = tempfile.mkdtemp(prefix='vtbench-rabbitmq-')
    with open(os.path.join(d, 'enabled_plugins'), 'w') as f:
        f.write('[].')
    env = dict(os.environ, HOME=d, RABBITMQ_NODE_PORT=str(port), RABBITMQ_NODE_IP_ADDRESS='127.0.0.1',
               RABBITMQ_NODENAME='vtbench%d@localhost' % port, RABBITMQ_MNESIA_BASE=os.path.join(d, 'mnesia'),
               RABBITMQ_LOG_BASE=os.path.join(d, 'log'), RABBITMQ_ENABLED_PLUGINS_FILE=os.path.join(d, 'enabled_plugins'),
               RABBITMQ_CONFIG_FILE=os.path.join(d, 'none'), RABBITMQ_PID_FILE=os.path.join(d, 'pid'),
               RABBITMQ_DIST_PORT=str(dist), ERL_EPMD_PORT=str(epmd))
    with open(os.path.join(d, 'console.log'), 'w') as logf:
        proc = subprocess.Popen([RABBITMQ], stdout=logf, stderr=subprocess.STDOUT, cwd=d, env=env,
                                start_new_session=True)
    STARTED.append(proc)

    def stop_epmd():  # epmd daemonizes out of the node's process group
        subprocess.run(['epmd', '-port', str(epmd), '-kill'], capture_output=True, timeout=30)
    log('rabbitmq-server on 127.0.0.1:%d (epmd :%d)' % (port, epmd))
    return wait_for_port(LocalServer('rabbitmq-server', proc, port, d, on_stop=stop_epmd), timeout=120)
