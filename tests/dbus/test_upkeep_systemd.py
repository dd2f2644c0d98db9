#!/usr/bin/python3
# test_upkeep_systemd.py — weekly trim against a REAL systemd: systemd's
# own manager binary, run as a user manager (systemd --user), which serves
# the same org.freedesktop.systemd1.Manager API as the system one.  Nothing
# here runs systemd as PID 1 (neither this machine nor the vm guest), and
# a system manager would take over the machine, so this is the real
# systemd that can run here.  What it does not check is systemd's polkit
# question: a user manager trusts its own user (templates/systemd_trim.py
# covers the refusal).
#
# It runs in a private mount namespace (unshare -m), where /run is a fresh
# tmpfs holding /run/systemd/system (the "booted with systemd" mark
# systemd --user asks for); HOME and XDG_RUNTIME_DIR are a temporary
# folder.  The unit files are the installed fstrim.timer (less its
# container condition), and a
# fstrim.service of our own that runs /bin/true, so nothing is trimmed.
# drivedash-cli reaches the manager through DBUS_SYSTEM_BUS_ADDRESS,
# pointed at the manager's own private bus (its dbus.socket, from
# dbus-user-session).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import make_fixture, wait_for_name  # noqa: E402
from test_upkeep import add_namespace  # noqa: E402

from gi.repository import Gio, GLib  # noqa: E402

SYSTEMD = next((p for p in ('/lib/systemd/systemd', '/usr/lib/systemd/systemd') if os.access(p, os.X_OK)), None)
TIMER = next((p for p in ('/lib/systemd/system/fstrim.timer', '/usr/lib/systemd/system/fstrim.timer')
              if os.path.exists(p)), None)
USER_BUS = next((p for p in ('/usr/lib/systemd/user/dbus.socket', '/lib/systemd/user/dbus.socket')
                 if os.path.exists(p)), None)
INSIDE = 'DRIVEDASH_UPKEEP_NAMESPACE'
SERVICE = '''[Unit]
Description=Discard unused blocks (a test stand-in that trims nothing)

[Service]
Type=oneshot
ExecStart=/bin/true
'''


def reexec_in_namespace():
    '''Runs this script again in a private mount namespace; returns its
    exit status, or None when no namespace can be made here.'''
    if shutil.which('unshare') is None:
        return None
    probe = subprocess.run(['unshare', '-m', '--propagation', 'private', 'true'], capture_output=True)
    if probe.returncode != 0:
        return None
    env = dict(os.environ, **{INSIDE: '1'})
    return subprocess.run(['unshare', '-m', '--propagation', 'private', sys.executable] + sys.argv,
                          env=env).returncode


@unittest.skipIf(SYSTEMD is None or TIMER is None, 'systemd or util-linux’s fstrim.timer is not installed')
@unittest.skipIf(USER_BUS is None, 'dbus-user-session is not installed (build-aux/deps test installs it)')
@unittest.skipIf(os.environ.get(INSIDE) != '1', 'needs a private mount namespace (unshare -m)')
class RealSystemdTest(unittest.TestCase):
    def setUp(self):
        subprocess.run(['mount', '-t', 'tmpfs', 'drivedash-test-run', '/run'], check=True)
        os.makedirs('/run/systemd/system')
        self.tmp = tempfile.mkdtemp(prefix='drivedash-systemd-')
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.sysfs = make_fixture(self.tmp)
        add_namespace(self.sysfs)
        self.home = os.path.join(self.tmp, 'home')
        self.units = os.path.join(self.home, '.config', 'systemd', 'user')
        runtime = os.path.join(self.tmp, 'runtime')
        os.makedirs(self.units)
        os.makedirs(runtime, mode=0o700)
        # The installed timer, less "ConditionVirtualization=!container":
        # test machines are often containers, where systemd would skip
        # starting it.
        with open(TIMER) as f:
            timer = [line for line in f if not line.startswith('ConditionVirtualization=')]
        with open(os.path.join(self.units, 'fstrim.timer'), 'w') as f:
            f.writelines(timer)
        with open(os.path.join(self.units, 'fstrim.service'), 'w') as f:
            f.write(SERVICE)
        # The manager's own dbus.socket and dbus.service (dbus-user-session)
        # make its bus at $XDG_RUNTIME_DIR/bus; it joins that bus once
        # dbus.service runs, which the first connection starts.
        self.address = 'unix:path=' + os.path.join(runtime, 'bus')
        env = dict(os.environ, HOME=self.home, XDG_RUNTIME_DIR=runtime)
        env.pop('DBUS_SESSION_BUS_ADDRESS', None)
        self.manager = subprocess.Popen([SYSTEMD, '--user', '--log-target=console', '--log-level=notice'],
                                        env=env, stdout=subprocess.DEVNULL)
        self.addCleanup(self.stop_manager)
        self.connection = self.connect(os.path.join(runtime, 'bus'))
        self.addCleanup(self.connection.close_sync, None)
        wait_for_name(self.connection, 'org.freedesktop.systemd1', self.manager)

    def connect(self, socket, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            if self.manager.poll() is not None:
                raise RuntimeError('systemd --user exited with %d' % self.manager.returncode)
            try:
                return Gio.DBusConnection.new_for_address_sync(
                    self.address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
                    Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
            except GLib.Error:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop_manager(self):
        self.manager.terminate()
        try:
            self.manager.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.manager.kill()
            self.manager.wait()

    def manager_call(self, method, signature, args, reply):
        result = self.connection.call_sync('org.freedesktop.systemd1', '/org/freedesktop/systemd1',
                                               'org.freedesktop.systemd1.Manager', method,
                                               GLib.Variant(signature, args), GLib.VariantType(reply),
                                               Gio.DBusCallFlags.NONE, -1, None)
        return result.unpack()[0]

    def timer_property(self, iface, name):
        path = self.manager_call('LoadUnit', '(s)', ('fstrim.timer',), '(o)')
        result = self.connection.call_sync('org.freedesktop.systemd1', path,
                                           'org.freedesktop.DBus.Properties', 'Get',
                                           GLib.Variant('(ss)', ('org.freedesktop.systemd1.' + iface, name)),
                                           None, Gio.DBusCallFlags.NONE, -1, None)
        return result.unpack()[0]

    def active_state(self):
        return self.timer_property('Unit', 'ActiveState')

    def last_trigger(self):
        return self.timer_property('Timer', 'LastTriggerUSec') or None

    def cli(self, *args):
        env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=self.address, LANGUAGE='C', LC_ALL='C.UTF-8')
        return subprocess.run([os.environ['DRIVEDASH_CLI'], 'upkeep', '--sysfs-root=' + self.sysfs] +
                              list(args), env=env, capture_output=True, text=True, timeout=60)

    def read(self):
        done = self.cli('--json')
        self.assertEqual(done.returncode, 0, done.stderr)
        return json.loads(done.stdout)['drives'][0]['trim']

    def test_turn_on(self):
        trim = self.read()
        self.assertEqual((trim['state'], trim['timer'], trim['can_turn_on']), ('off', 'off', True))
        self.assertIsNone(trim['last_run_usec'])
        self.assertEqual(self.active_state(), 'inactive')

        done = self.cli('--turn-on-trim')
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn('Weekly trim is on.', done.stdout)

        # systemd itself says so: enabled (the symlink is there), started.
        self.assertEqual(self.manager_call('GetUnitFileState', '(s)', ('fstrim.timer',), '(s)'), 'enabled')
        self.assertTrue(os.path.islink(os.path.join(self.units, 'timers.target.wants', 'fstrim.timer')))
        # StartUnit queues a job; the timer is active once systemd has run it.
        deadline = time.monotonic() + 30
        while self.active_state() != 'active' and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(self.active_state(), 'active')
        # Persistent=true may fire it at once: the reading is systemd's
        # LastTriggerUSec from before or after it.
        before = self.last_trigger()
        trim = self.read()
        text = self.cli().stdout
        after = self.last_trigger()
        self.assertEqual((trim['state'], trim['timer'], trim['can_turn_on']), ('weekly', 'on', False))
        self.assertIn(trim['last_run_usec'], (before, after))
        self.assertRegex(text, r'Weekly trim: On: the drive is trimmed once a week\. '
                               r'(It has not run yet|It last ran today)\.')

        # Turning it on again is harmless.
        done = self.cli('--turn-on-trim')
        self.assertEqual(done.returncode, 0, done.stderr)

    def test_masked(self):
        # What "systemctl --user mask" does: the unit file a link to /dev/null.
        os.unlink(os.path.join(self.units, 'fstrim.timer'))
        os.symlink('/dev/null', os.path.join(self.units, 'fstrim.timer'))
        self.connection.call_sync('org.freedesktop.systemd1', '/org/freedesktop/systemd1',
                                  'org.freedesktop.systemd1.Manager', 'Reload', None, None,
                                  Gio.DBusCallFlags.NONE, -1, None)
        trim = self.read()
        self.assertEqual((trim['state'], trim['timer'], trim['can_turn_on']), ('off', 'masked', False))
        self.assertIn('switched off on purpose', self.cli().stdout)
        done = self.cli('--turn-on-trim')
        self.assertNotEqual(done.returncode, 0)
        self.assertIn('Weekly trim could not be turned on', done.stderr)

    def test_no_timer(self):
        os.unlink(os.path.join(self.units, 'fstrim.timer'))
        trim = self.read()
        self.assertEqual((trim['state'], trim['timer'], trim['can_turn_on']), ('off', 'missing', False))
        done = self.cli('--turn-on-trim')
        self.assertEqual(done.returncode, 5, done.stderr)
        self.assertIn('no weekly trim timer (fstrim.timer', done.stderr)


if __name__ == '__main__':
    if os.environ.get(INSIDE) != '1' and os.geteuid() == 0:
        status = reexec_in_namespace()
        if status is not None:
            sys.exit(status)
    unittest.main(verbosity=2)
