#!/usr/bin/python3
# test_upkeep_app.py — runs tests/test-ui-upkeep.c (the Health page's
# Upkeep group under Xvfb) on a private system bus where systemd's manager
# and fwupd are python3-dbusmock MOCKS (templates/systemd_trim.py and
# fwupd.py): no systemd runs as PID 1 here or in the vm guest.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import SERIAL, TestBus  # noqa: E402
from test_upkeep import FWUPD, SYSTEMD, TEMPLATES, add_namespace  # noqa: E402

from gi.repository import Gio, GLib  # noqa: E402


class UpkeepAppTest(unittest.TestCase):
    def mock(self, bus, name, path, iface, method, signature, args):
        bus.connection.call_sync(name, path, iface, method, GLib.Variant(signature, args), None,
                                 Gio.DBusCallFlags.NONE, -1, None)

    def test_app(self):
        with TestBus(polkit=False, service=False, fixture=add_namespace) as bus:
            for template, name in (('systemd_trim.py', SYSTEMD), ('fwupd.py', FWUPD)):
                bus.start([sys.executable, '-m', 'dbusmock', '--template',
                           os.path.join(TEMPLATES, template)], name)
            self.mock(bus, SYSTEMD, '/org/freedesktop/systemd1', 'io.github.drivedash.Test.SystemdMock',
                      'AddTimer', '(sst)', ('fstrim.timer', 'disabled', 0))
            self.mock(bus, FWUPD, '/', 'io.github.drivedash.Test.FwupdMock',
                      'AddDevice', '(sss)', ('d3adb33f', SERIAL, '2B2QEXM7'))
            self.mock(bus, FWUPD, '/', 'io.github.drivedash.Test.FwupdMock',
                      'AddRelease', '(sss)', ('d3adb33f', '3B2QEXM7', 'Fixes rare slowdowns'))
            env = dict(bus.env, UPKEEP_SYSFS_ROOT=bus.sysfs, LC_ALL='C.UTF-8', LANGUAGE='C')
            done = subprocess.run([os.environ['XVFB_RUN'], '-a', '-s', '-screen 0 1600x1200x24 -nolisten tcp',
                                   os.environ['UPKEEP_UI_TEST'], '--tap'], env=env, timeout=400,
                                  capture_output=True, text=True)
            sys.stdout.write(done.stdout)
            sys.stderr.write(done.stderr)
            self.assertEqual(done.returncode, 0)
            self.assertNotIn('not ok', done.stdout)
            self.assertNotIn('# SKIP', done.stdout)


if __name__ == '__main__':
    unittest.main(verbosity=2)
