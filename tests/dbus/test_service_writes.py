#!/usr/bin/python3
# test_service_writes.py — GetAppWrites on the real drivedashd: a writer
# started here is counted under its own name, a caller polkit refuses gets
# nothing, a flood of callers is bounded, and drivedash-cli writes
# --sample says whose programs it counted.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# polkit is python3-dbusmock's polkitd template (no polkitd runs here);
# the service, its sampler and the writer are real.

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import ACTION_READ, TestBus, iterate_until  # noqa: E402

from gi.repository import Gio, GLib  # noqa: E402

ACCESS_DENIED = 'org.freedesktop.DBus.Error.AccessDenied'
LIMITS_EXCEEDED = 'org.freedesktop.DBus.Error.LimitsExceeded'
# MAX_CHECKS_PER_SENDER in src/service/drivedash-daemon.c,
# DRIVEDASH_WRITES_TALLY_MAX_APPS in src/lib/writes.
MAX_CHECKS_PER_SENDER = 8
MAX_APPS = 100

WRITER_NAME = 'dd-svc-writes'
WRITE_MIB = 8

# Names itself, writes WRITE_MIB MiB with fsync, says so, and keeps the
# file open until its stdin closes (the service finds it alive).
WRITER = r'''
import ctypes, os, sys
ctypes.CDLL(None).prctl(15, sys.argv[2].encode(), 0, 0, 0)
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
block = b'\x5a' * (1 << 20)
for _ in range(int(sys.argv[3])):
    os.write(fd, block)
os.fsync(fd)
print('done', flush=True)
sys.stdin.read()
'''


def remote_error(error):
    return Gio.DBusError.get_remote_error(error) if isinstance(error, GLib.Error) else None


def expected_app(pid, comm):
    '''The name the service gives the writer: its system unit's, None for
    an app scope (named by its app ID), else its own.'''
    with open('/proc/%d/cgroup' % pid) as f:
        lines = f.read().splitlines()
    paths = [line.split(':', 2)[2] for line in lines if line.startswith('0::')]
    leaf = paths[0].rsplit('/', 1)[-1] if paths else ''
    if paths and paths[0].startswith('/system.slice/') and leaf.endswith('.service'):
        return 'System: ' + leaf
    if leaf.startswith('app-'):
        return None
    return comm


def get_app_writes(bus, connection=None):
    since, rows = bus.call('GetAppWrites', connection=connection)
    return since, rows


class Writer:
    def __init__(self, folder):
        self.path = os.path.join(folder, WRITER_NAME)
        self.process = subprocess.Popen([sys.executable, '-c', WRITER, self.path, WRITER_NAME,
                                         str(WRITE_MIB)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        if self.process.stdout.readline().strip() != 'done':
            raise AssertionError('the writer failed')

    def close(self):
        self.process.stdin.close()
        self.process.wait()
        self.process.stdout.close()
        os.unlink(self.path)


class GetAppWritesTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix='writes-', dir=os.environ.get('G_TEST_BUILDDIR'))

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def test_writer_is_counted_under_its_name(self):
        with TestBus(polkit=True) as bus:
            bus.set_allowed([ACTION_READ])
            # The first call starts the counter: its baseline.
            since, _ = get_app_writes(bus)
            self.assertGreater(since, 0)
            writer = Writer(self.folder)
            try:
                name = expected_app(writer.process.pid, WRITER_NAME)
                found = []

                # Answers are at most a second old: ask until the writer is in.
                def counted():
                    again, rows = get_app_writes(bus)
                    self.assertEqual(again, since)
                    found[:] = [r for r in rows if (r['app'] == name if name else
                                                    r['bytes'] >= WRITE_MIB << 20)]
                    return sum(r['bytes'] for r in found) >= (WRITE_MIB << 20) * 0.95
                iterate_until(counted)
            finally:
                writer.close()
            total = sum(r['bytes'] for r in found)
            print('%s: %d bytes in %s' % (name, total, found))
            self.assertLessEqual(total, (WRITE_MIB << 20) * 1.05)
            for row in found:
                self.assertGreaterEqual(row['processes'], 1)
                self.assertIn(row['source'], ('process', 'cgroup'))

    def test_refused_without_read_health(self):
        with TestBus(polkit=True) as bus:
            bus.set_allowed([])
            with self.assertRaises(GLib.Error) as caught:
                get_app_writes(bus)
            self.assertEqual(remote_error(caught.exception), ACCESS_DENIED)

    def test_flood_is_bounded(self):
        with TestBus(polkit=True) as bus:
            bus.set_allowed([ACTION_READ])
            get_app_writes(bus)
            # Checks waiting for polkit: past the sender's share, refused at once.
            bus.polkit_mock('SimulateHang', '(b)', (True,))
            results = []
            n = MAX_CHECKS_PER_SENDER + 8
            for _ in range(n):
                bus.call_async('GetAppWrites', (), '()', results)
            iterate_until(lambda: len(results) == n - MAX_CHECKS_PER_SENDER)
            for error in results:
                self.assertEqual(remote_error(error), LIMITS_EXCEEDED, error)
            bus.polkit_mock('SimulateHang', '(b)', (False,))
            bus.polkit_mock('ReleaseHangingCalls')
            iterate_until(lambda: len(results) == n)

            # Many answered calls: the answer stays bounded, and so does
            # the service's memory.
            rss = [service_rss_kib(bus)]
            for _ in range(4):
                answers = []
                for _ in range(200):
                    bus.call_async('GetAppWrites', (), '()', answers)
                iterate_until(lambda: len(answers) == 200)
                for answer in answers:
                    if isinstance(answer, GLib.Error):
                        self.assertEqual(remote_error(answer), LIMITS_EXCEEDED, answer)
                rss.append(service_rss_kib(bus))
            _, rows = get_app_writes(bus)
            print('rows: %d, service RSS (KiB) per 200 calls: %s' % (len(rows), rss))
            self.assertLessEqual(len([r for r in rows if r['app'] != 'Others']), MAX_APPS)
            # Past the first round (threads, caches), no growth.  Under
            # AddressSanitizer freed memory waits in its quarantine (up
            # to 256 MiB), so the resident size says nothing there: the
            # normal build's run of this test checks it.
            if not sanitized(bus.service.pid):
                self.assertLess(rss[-1] - rss[1], 2048)


def sanitized(pid):
    '''Whether the process runs with AddressSanitizer.'''
    with open('/proc/%d/maps' % pid) as f:
        return 'libasan' in f.read()


def service_rss_kib(bus):
    with open('/proc/%d/status' % bus.service.pid) as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1])
    raise AssertionError('no VmRSS')


class CliTest(unittest.TestCase):
    '''drivedash-cli writes --sample: everyone's programs through the
    service for a user, its own sampler for root.'''

    def run_cli(self, bus, prefix=()):
        cli = os.environ.get('DRIVEDASH_CLI_INSTALLED') or os.environ['DRIVEDASH_CLI']
        result = subprocess.run(list(prefix) + [cli, 'writes', '--sample', '1', '--json'],
                                env=bus.env, capture_output=True, text=True, timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def test_scope(self):
        with TestBus(polkit=True) as bus:
            bus.set_allowed([ACTION_READ])
            if os.geteuid() == 0:
                self.assertEqual(self.run_cli(bus)['scope'], 'everyone')
                setpriv = shutil.which('setpriv')
                if setpriv is None:
                    self.skipTest('needs setpriv to run as another user')
                nobody = [setpriv, '--reuid=65534', '--regid=65534', '--clear-groups']
                report = self.run_cli(bus, nobody)
                self.assertEqual(report['scope'], 'everyone')
                self.assertNotIn('processes_unreadable', report)
                bus.set_allowed([])
                report = self.run_cli(bus, nobody)
                self.assertEqual(report['scope'], 'own')
            else:
                self.assertEqual(self.run_cli(bus)['scope'], 'everyone')
                bus.set_allowed([])
                self.assertEqual(self.run_cli(bus)['scope'], 'own')


if __name__ == '__main__':
    unittest.main(verbosity=2)
