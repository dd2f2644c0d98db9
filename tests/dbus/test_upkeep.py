#!/usr/bin/python3
# test_upkeep.py — drivedash-cli upkeep on a private system bus: weekly
# trim read from and turned on through systemd's manager API, and the
# firmware update fwupd offers.  systemd and fwupd are MOCKS
# (tests/dbus/templates/systemd_trim.py and fwupd.py, python3-dbusmock):
# neither this machine nor the vm suite's guest runs systemd as PID 1,
# and fwupd needs real firmware metadata.  The drive's filesystem is a
# real one: the fixture's namespace takes the device number of a
# filesystem mounted here, so the real /proc/self/mountinfo matches it.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import SERIAL, TestBus, write  # noqa: E402

from gi.repository import Gio, GLib  # noqa: E402

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'templates')
SYSTEMD = 'org.freedesktop.systemd1'
FWUPD = 'org.freedesktop.fwupd'
DAY_USEC = 24 * 3600 * 1000000


def mounted_without_discard():
    '''The device number of a mounted filesystem whose options say
    nothing of discard.'''
    with open('/proc/self/mountinfo') as f:
        for line in f:
            fields = line.split()
            if 'discard' not in line:
                return fields[2]
    raise unittest.SkipTest('every mounted filesystem here has discard')


def add_namespace(sysfs):
    write(sysfs, 'class/nvme/nvme0/nvme0n1/dev', mounted_without_discard() + '\n')
    write(sysfs, 'class/block/nvme0n1/dev', mounted_without_discard() + '\n')
    write(sysfs, 'class/block/nvme0n1/queue/discard_max_bytes', '2199023255040\n')


class UpkeepTest(unittest.TestCase):
    def setUp(self):
        self.bus = TestBus(polkit=False, service=False, fixture=add_namespace).__enter__()
        self.addCleanup(self.bus.__exit__, None, None, None)

    def start_mock(self, template, name):
        self.bus.start([sys.executable, '-m', 'dbusmock', '--template',
                        os.path.join(TEMPLATES, template)], name)

    def mock(self, name, path, iface, method, signature=None, args=None):
        params = GLib.Variant(signature, args) if signature else None
        reply = self.bus.connection.call_sync(name, path, iface, method, params, None,
                                              Gio.DBusCallFlags.NONE, -1, None)
        return reply.unpack() if reply is not None else None

    def systemd(self, method, signature=None, args=None):
        return self.mock(SYSTEMD, '/org/freedesktop/systemd1', 'io.github.drivedash.Test.SystemdMock',
                         method, signature, args)

    def fwupd(self, method, signature, args):
        return self.mock(FWUPD, '/', 'io.github.drivedash.Test.FwupdMock', method, signature, args)

    def cli(self, *args):
        env = dict(self.bus.env, LANGUAGE='C', LC_ALL='C.UTF-8')
        return subprocess.run([os.environ['DRIVEDASH_CLI'], 'upkeep', '--sysfs-root=' + self.bus.sysfs] +
                              list(args), env=env, capture_output=True, text=True, timeout=60)

    def read(self):
        done = self.cli('--json')
        self.assertEqual(done.returncode, 0, done.stderr)
        drive = json.loads(done.stdout)['drives'][0]
        self.assertEqual(drive['controller'], 'nvme0')
        return drive

    def test_nothing_to_ask(self):
        drive = self.read()
        self.assertEqual(drive['trim']['state'], 'unknown')
        self.assertEqual(drive['trim']['timer'], 'unknown')
        self.assertEqual(drive['trim']['filesystems'], 1)
        self.assertFalse(drive['trim']['can_turn_on'])
        self.assertEqual(drive['firmware_update']['state'], 'no-fwupd')
        text = self.cli().stdout
        self.assertIn('Weekly trim: Can’t tell: this computer has no systemd', text)
        self.assertIn('Firmware update: Can’t tell: the firmware update service (fwupd) is not running', text)
        done = self.cli('--turn-on-trim')
        self.assertEqual(done.returncode, 5, done.stderr)
        self.assertIn('does not use systemd', done.stderr)

    def test_turn_on(self):
        self.start_mock('systemd_trim.py', SYSTEMD)
        self.systemd('AddTimer', '(sst)', ('fstrim.timer', 'disabled', 0))
        drive = self.read()
        self.assertEqual((drive['trim']['state'], drive['trim']['timer']), ('off', 'off'))
        self.assertTrue(drive['trim']['can_turn_on'])
        self.assertIn('Off: the drive is never told which space is free', self.cli().stdout)

        done = self.cli('--turn-on-trim')
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn('Weekly trim is on.', done.stdout)
        self.assertEqual(self.systemd('GetSubscribers')[0], 0)
        calls = [c for c in self.systemd('GetInteractiveCalls')[0] if c[0] not in ('GetUnitFileState', 'LoadUnit')]
        self.assertEqual(calls, [('EnableUnitFiles', True), ('Reload', True), ('StartUnit', True)])

        drive = self.read()
        self.assertEqual((drive['trim']['state'], drive['trim']['timer']), ('weekly', 'on'))
        self.assertIsNone(drive['trim']['last_run_usec'])
        self.assertIn('once a week. It has not run yet.', self.cli().stdout)

    def test_start_fails(self):
        self.start_mock('systemd_trim.py', SYSTEMD)
        self.systemd('AddTimer', '(sst)', ('fstrim.timer', 'disabled', 0))
        self.systemd('SetJobResult', '(s)', ('failed',))
        done = self.cli('--turn-on-trim')
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertIn('Weekly trim is on from the next restart, but systemd could not start it now (“failed”).',
                      done.stderr)
        self.assertEqual(self.systemd('GetSubscribers')[0], 0)
        # Enabled all the same: it runs from the next start.
        self.assertEqual(self.read()['trim']['timer'], 'on')

    def test_last_run(self):
        self.start_mock('systemd_trim.py', SYSTEMD)
        last = int(time.time() * 1000000) - 2 * DAY_USEC - 3600 * 1000000
        self.systemd('AddTimer', '(sst)', ('fstrim.timer', 'enabled', last))
        drive = self.read()
        self.assertEqual(drive['trim']['state'], 'weekly')
        self.assertEqual(drive['trim']['last_run_usec'], last)
        self.assertIn('Weekly trim: On: the drive is trimmed once a week. It last ran 2 days ago.',
                      self.cli().stdout)

    def test_denied(self):
        self.start_mock('systemd_trim.py', SYSTEMD)
        self.systemd('AddTimer', '(sst)', ('fstrim.timer', 'disabled', 0))
        self.systemd('SetAllowed', '(b)', (False,))
        done = self.cli('--turn-on-trim')
        self.assertEqual(done.returncode, 4, done.stderr)
        self.assertIn('the system did not allow it', done.stderr)
        self.assertEqual(self.read()['trim']['timer'], 'off')

    def test_no_timer(self):
        self.start_mock('systemd_trim.py', SYSTEMD)
        drive = self.read()
        self.assertEqual((drive['trim']['state'], drive['trim']['timer']), ('off', 'missing'))
        self.assertFalse(drive['trim']['can_turn_on'])
        done = self.cli('--turn-on-trim')
        self.assertEqual(done.returncode, 5, done.stderr)
        self.assertIn('no weekly trim timer (fstrim.timer', done.stderr)

    def test_firmware(self):
        self.start_mock('fwupd.py', FWUPD)
        self.assertEqual(self.read()['firmware_update']['state'], 'unknown-drive')
        self.fwupd('AddDevice', '(sss)', ('other', 'S0THER', '1.0'))
        self.fwupd('AddDevice', '(sss)', ('d3adb33f', SERIAL + '   ', '2B2QEXM7'))
        fw = self.read()['firmware_update']
        self.assertEqual((fw['state'], fw['current'], fw['offered']), ('none', '2B2QEXM7', None))
        self.fwupd('AddRelease', '(sss)', ('d3adb33f', '3B2QEXM7', 'Fixes rare slowdowns'))
        fw = self.read()['firmware_update']
        self.assertEqual((fw['state'], fw['offered'], fw['summary']),
                         ('offered', '3B2QEXM7', 'Fixes rare slowdowns'))
        self.assertIn('Firmware update: Version 3B2QEXM7 is offered.', self.cli().stdout)
        # drivedash-cli health says the same in its report.
        env = dict(self.bus.env, LANGUAGE='C', LC_ALL='C.UTF-8')
        health = subprocess.run([os.environ['DRIVEDASH_CLI'], 'health', '--sysfs-root=' + self.bus.sysfs, 'nvme0'],
                                env=env, capture_output=True, text=True, timeout=60)
        self.assertEqual(health.returncode, 0, health.stderr)
        self.assertRegex(health.stdout, r'\n  Firmware update +Version 3B2QEXM7 is offered\.')
        self.assertRegex(health.stdout, r'\n  Weekly trim +Can’t tell: this computer has no systemd')


if __name__ == '__main__':
    unittest.main(verbosity=2)
