#!/usr/bin/python3
# test_background.py — `drivedash --background` (the real app under Xvfb,
# no window) on a private session bus with python3-dbusmock's
# notification_daemon template: a critical warning gives one notification
# with "Show Details", repeated readings give none, more media errors give
# a new one, "Don't Warn Again" (the app's mute-drive action) silences the
# drive; snapshots land in the results history.  Health comes from a file
# (DRIVEDASH_WATCH_HEALTH_FILE, binary a{sv} as GetHealth returns it) and
# the minute is 50 ms (DRIVEDASH_WATCH_PERIOD_MS); tests/drivedash-test-app
# (the app with that test environment) stands in for the real binary.  LiveWatchTest: the
# watch in the window's process (a second --background, the setting turned
# on and off with gsettings on the keyfile backend, the window closed with
# WM_DELETE_WINDOW, Quit), one watch per session.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import ctypes
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import TestBus, build_path, wait_for_name  # noqa: E402

import gi  # noqa: E402
gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib  # noqa: E402

APP = os.environ.get('DRIVEDASH_APP') or build_path('tests', 'drivedash-test-app')
FIXTURE = os.path.join(os.environ['DRIVEDASH_SOURCE_ROOT'], 'tests', 'fixtures', 'health-full.variant')
NOTIFY = 'org.freedesktop.Notifications'
NOTIFY_PATH = '/org/freedesktop/Notifications'
APP_ID = 'io.github.drivedash.Drivedash'


def wait_until(condition, timeout=30, what='condition'):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError('timed out waiting for ' + what)
        time.sleep(0.1)


def health(**changes):
    '''health-full.variant with some keys replaced (GLib.Variant values).'''
    with open(FIXTURE, 'rb') as f:
        v = GLib.Variant.new_from_bytes(GLib.VariantType('a{sv}'), GLib.Bytes.new(f.read()), False)
    entries = {}
    for i in range(v.n_children()):
        e = v.get_child_value(i)
        entries[e.get_child_value(0).get_string()] = e.get_child_value(1).get_variant()
    entries.update(changes)
    return GLib.Variant('a{sv}', entries).get_data_as_bytes().get_data()


class BackgroundBase(unittest.TestCase):
    '''A private session bus with the notification mock; the app is
    started by the tests.'''

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix='drivedash-background-')
        self.daemon = subprocess.Popen(['dbus-daemon', '--session', '--nofork', '--print-address=1'],
                                       stdout=subprocess.PIPE, text=True)
        self.address = self.daemon.stdout.readline().strip()
        self.conn = Gio.DBusConnection.new_for_address_sync(
            self.address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
            Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        self.env = dict(os.environ)
        self.env['DBUS_SESSION_BUS_ADDRESS'] = self.address
        self.env['XDG_DATA_HOME'] = os.path.join(self.tmp, 'data')
        self.env['XDG_CONFIG_HOME'] = os.path.join(self.tmp, 'config')
        self.env['DRIVEDASH_WATCH_PERIOD_MS'] = '50'
        self.health_file = os.path.join(self.tmp, 'health.variant')
        self.env['DRIVEDASH_WATCH_HEALTH_FILE'] = self.health_file
        self.mock = subprocess.Popen([sys.executable, '-m', 'dbusmock', '--template', 'notification_daemon'],
                                     env=self.env, stdout=subprocess.DEVNULL)
        wait_for_name(self.conn, NOTIFY, self.mock)
        self.app = None

    def tearDown(self):
        for p in (self.app, self.mock):
            if p is not None and p.poll() is None:
                p.terminate()
                p.wait(20)
        self.conn.close_sync(None)
        self.daemon.terminate()
        self.daemon.wait(10)
        self.daemon.stdout.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def write_health(self, **changes):
        with open(self.health_file + '.tmp', 'wb') as f:
            f.write(health(**changes))
        os.rename(self.health_file + '.tmp', self.health_file)

    def notifications(self):
        reply = self.conn.call_sync(NOTIFY, NOTIFY_PATH, 'org.freedesktop.DBus.Mock', 'GetCalls', None,
                                    None, Gio.DBusCallFlags.NONE, 10000, None)
        return [args for (_, method, args) in reply.unpack()[0] if method == 'Notify']

    def start_app(self, background=True):
        # The display and its cookie are written down for close_x11_windows.
        self.display_file = os.path.join(self.tmp, 'display')
        self.app = subprocess.Popen(['xvfb-run', '-a', 'sh', '-c',
                                     'echo "$DISPLAY $XAUTHORITY" > "$0"; exec "$@"', self.display_file, APP]
                                    + (['--background'] if background else []),
                                    env=self.env, stdout=subprocess.DEVNULL)
        wait_for_name(self.conn, APP_ID, self.app)

    def app_action(self, name, target):
        self.conn.call_sync(APP_ID, '/io/github/drivedash/Drivedash', 'org.gtk.Actions', 'Activate',
                            GLib.Variant('(sava{sv})', (name, [GLib.Variant('s', target)], {})),
                            None, Gio.DBusCallFlags.NONE, 10000, None)



@unittest.skipIf(shutil.which('xvfb-run') is None, 'xvfb-run is not installed')
class BackgroundTest(BackgroundBase):
    def test_notifies_once_per_event(self):
        self.write_health()
        self.start_app()
        wait_until(lambda: len(self.notifications()) >= 1, what='the first notification')
        (app_name, _, _, summary, body, actions, hints, _) = self.notifications()[0]
        self.assertEqual(summary, 'Drivedash Test Drive reports a serious problem')
        self.assertIn('Back up your files now', body)
        self.assertIn('Show Details', actions)
        self.assertIn('Don’t Warn Again', actions)
        # Three more full readings (every 10 × 50 ms): no repeat.
        time.sleep(2)
        self.assertEqual(len(self.notifications()), 1)

        self.write_health(media_errors=GLib.Variant('(tt)', (0, 5)))
        wait_until(lambda: len(self.notifications()) >= 2, what='the media-errors notification')
        summary, body = self.notifications()[1][3:5]
        self.assertEqual(summary, 'Drivedash Test Drive could not read or write some data')
        self.assertIn('from 3 to 5', body)
        time.sleep(1.5)
        self.assertEqual(len(self.notifications()), 2)

        # Don't Warn Again: recorded, not told.
        self.app_action('mute-drive', 'nvme0')
        self.write_health(media_errors=GLib.Variant('(tt)', (0, 9)))
        time.sleep(2)
        self.assertEqual(len(self.notifications()), 2)

        db = sqlite3.connect(os.path.join(self.tmp, 'data', 'drivedash', 'results.db'))
        (count, muted) = db.execute('SELECT count(*), max(muted) FROM health_snapshots'
                                    ' JOIN watch_drives ON id = drive_id').fetchone()
        (errors,) = db.execute('SELECT max(media_errors) FROM health_snapshots').fetchone()
        db.close()
        self.assertGreaterEqual(count, 3)
        self.assertEqual(muted, 1)
        self.assertEqual(errors, 9)
        self.assertIsNone(self.app.poll(), 'the background app exited')

    def windows(self):
        return windows(self.conn)

    def test_no_window(self):
        self.write_health(critical_warning=GLib.Variant('y', 0))
        self.start_app()
        time.sleep(1)
        self.assertEqual(self.windows(), 0)
        self.assertEqual(self.notifications(), [])
        # "Show Details" opens a window in the same, still watching, app.
        self.app_action('show-drive', 'nvme0')
        wait_until(lambda: self.windows() == 1, what='a window after Show Details')
        self.assertIsNone(self.app.poll())


class XClientMessage(ctypes.Structure):
    _fields_ = [('type', ctypes.c_int), ('serial', ctypes.c_ulong), ('send_event', ctypes.c_int),
                ('display', ctypes.c_void_p), ('window', ctypes.c_ulong),
                ('message_type', ctypes.c_ulong), ('format', ctypes.c_int),
                ('l', ctypes.c_long * 5), ('pad', ctypes.c_long * 12)]  # XEvent is 24 longs


def close_x11_windows(display):
    '''What the close button does through a window manager: WM_DELETE_WINDOW
    to every top-level window of the display (GTK ignores it on its
    helper windows).'''
    x = ctypes.CDLL('libX11.so.6')
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                             ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                             ctypes.POINTER(ctypes.c_uint)]
    x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
    x.XFlush.argtypes = x.XCloseDisplay.argtypes = x.XFree.argtypes = [ctypes.c_void_p]
    dpy = x.XOpenDisplay(display.encode())
    if not dpy:
        raise AssertionError('cannot open the X display ' + display)
    root, parent, n = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_uint()
    children = ctypes.POINTER(ctypes.c_ulong)()
    x.XQueryTree(dpy, x.XDefaultRootWindow(dpy), ctypes.byref(root), ctypes.byref(parent),
                 ctypes.byref(children), ctypes.byref(n))
    protocols = x.XInternAtom(dpy, b'WM_PROTOCOLS', 0)
    delete = x.XInternAtom(dpy, b'WM_DELETE_WINDOW', 0)
    for i in range(n.value):
        ev = XClientMessage(type=33, window=children[i], message_type=protocols, format=32)  # ClientMessage
        ev.l[0] = delete
        x.XSendEvent(dpy, children[i], 0, 0, ctypes.byref(ev))
    if children:
        x.XFree(children)
    x.XFlush(dpy)
    x.XCloseDisplay(dpy)


def windows(conn):
    '''GtkApplication exports each window's actions under .../window/N.'''
    xml = conn.call_sync(APP_ID, '/io/github/drivedash/Drivedash',
                         'org.freedesktop.DBus.Introspectable', 'Introspect', None, None,
                         Gio.DBusCallFlags.NONE, 10000, None).unpack()[0]
    node = Gio.DBusNodeInfo.new_for_xml(xml)
    if not [n for n in node.nodes if n.path == 'window']:
        return 0
    xml = conn.call_sync(APP_ID, '/io/github/drivedash/Drivedash/window',
                         'org.freedesktop.DBus.Introspectable', 'Introspect', None, None,
                         Gio.DBusCallFlags.NONE, 10000, None).unpack()[0]
    return len(Gio.DBusNodeInfo.new_for_xml(xml).nodes)


@unittest.skipIf(shutil.which('xvfb-run') is None, 'xvfb-run is not installed')
class LiveWatchTest(BackgroundBase):
    '''The watch in the window's process: one process per session, started
    by a second `drivedash --background` or by turning the setting on (here
    with `gsettings` on the keyfile backend the app also reads), stopped
    by turning it off, going on when the window closes.'''

    def setUp(self):
        super().setUp()
        self.env['GSETTINGS_BACKEND'] = 'keyfile'

    def gsettings(self, value):
        subprocess.run(['gsettings', 'set', APP_ID, 'watch-in-background', value],
                       env=self.env, check=True, timeout=30)

    def snapshots(self):
        path = os.path.join(self.tmp, 'data', 'drivedash', 'results.db')
        if not os.path.exists(path):
            return 0
        db = sqlite3.connect(path, timeout=10)
        try:
            return db.execute('SELECT count(*) FROM health_snapshots').fetchone()[0]
        except sqlite3.OperationalError:  # not made yet
            return 0
        finally:
            db.close()

    def start_window(self):
        self.write_health()
        self.start_app(background=False)
        wait_until(lambda: windows(self.conn) == 1, what='the window')
        # The setting is off: a window alone does not watch.
        time.sleep(1)
        self.assertEqual(self.notifications(), [])

    def second_instance(self, *args):
        '''A second launch hands its request to the running process and goes.'''
        second = subprocess.run(['xvfb-run', '-a', APP] + list(args), env=self.env,
                                stdout=subprocess.DEVNULL, timeout=60)
        self.assertEqual(second.returncode, 0)

    def quit(self):
        '''app.quit, what Ctrl+Q and the menu's Quit do.'''
        self.conn.call_sync(APP_ID, '/io/github/drivedash/Drivedash', 'org.gtk.Actions', 'Activate',
                            GLib.Variant('(sava{sv})', ('quit', [], {})),
                            None, Gio.DBusCallFlags.NONE, 10000, None)
        wait_until(self.no_window, what='the window to close')

    def no_window(self):
        try:
            return windows(self.conn) == 0
        except GLib.Error:  # the process is gone
            return True

    def test_background_joins_window(self):
        self.start_window()
        self.second_instance('--background')
        wait_until(lambda: len(self.notifications()) >= 1, what='the window process to start watching')
        # More readings, and another --background: still one watch, told once.
        self.second_instance('--background')
        time.sleep(2)
        self.assertEqual(len(self.notifications()), 1)
        self.assertEqual(windows(self.conn), 1)
        self.assertIsNone(self.app.poll())

    def test_one_watch_per_session(self):
        self.write_health()
        self.start_app()
        wait_until(lambda: len(self.notifications()) >= 1, what='the first notification')
        self.second_instance('--background')
        self.write_health(media_errors=GLib.Variant('(tt)', (0, 5)))
        wait_until(lambda: len(self.notifications()) >= 2, what='the media-errors notification')
        time.sleep(2)
        self.assertEqual(len(self.notifications()), 2)
        # A window asked for opens in the watching process.
        self.second_instance()
        wait_until(lambda: windows(self.conn) == 1, what='the window in the watching process')
        # Quit from that window closes it; the watch goes on.
        self.quit()
        self.write_health(media_errors=GLib.Variant('(tt)', (0, 7)))
        wait_until(lambda: len(self.notifications()) >= 3, what='a notification after Quit')
        self.assertIsNone(self.app.poll())

    def test_setting_starts_and_stops(self):
        self.start_window()
        autostart = os.path.join(self.tmp, 'config', 'autostart', APP_ID + '.desktop')
        self.gsettings('true')
        wait_until(lambda: len(self.notifications()) >= 1, what='watching after the setting turned on')
        wait_until(lambda: os.path.exists(autostart), what='the autostart file after gsettings')
        self.gsettings('false')
        # Stopped: no more snapshots, no notification for a new event.  The
        # app removes the autostart file right after it stops watching.
        wait_until(lambda: not os.path.exists(autostart), what='the autostart file to go')
        before = self.snapshots()
        self.assertGreater(before, 0)
        self.write_health(media_errors=GLib.Variant('(tt)', (0, 5)))
        time.sleep(2)
        self.assertEqual(self.snapshots(), before)
        self.assertEqual(len(self.notifications()), 1)
        self.assertEqual(windows(self.conn), 1)
        # On again: told about what is new since.
        self.gsettings('true')
        wait_until(lambda: len(self.notifications()) >= 2, what='watching again')
        self.assertEqual(self.notifications()[1][3], 'Drivedash Test Drive could not read or write some data')

    def demo_on_bus(self):
        names = self.conn.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                                    'ListNames', None, None, Gio.DBusCallFlags.NONE, 10000, None).unpack()[0]
        for name in names:
            if not name.startswith(':'):
                continue
            try:
                pid = self.conn.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                                          'GetConnectionUnixProcessID', GLib.Variant('(s)', (name,)), None,
                                          Gio.DBusCallFlags.NONE, 10000, None).unpack()[0]
                with open('/proc/%d/cmdline' % pid, 'rb') as f:
                    if f.read().split(b'\0')[:2] == [APP.encode(), b'--demo']:
                        return True
            except (GLib.Error, OSError):
                pass
        return False

    def test_demo_never_watches(self):
        '''The demo runs beside the real instance (its own process): with the
        watch on, only the real one tells.'''
        self.write_health()
        self.gsettings('true')
        self.start_app(background=False)
        wait_until(lambda: len(self.notifications()) >= 1, what='the window to watch (the setting is on)')
        demo = subprocess.Popen(['xvfb-run', '-a', APP, '--demo'], env=self.env, stdout=subprocess.DEVNULL)
        try:
            # On the bus (no name of its own): its startup has run.
            wait_until(self.demo_on_bus, what='the demo on the bus')
            time.sleep(2)
            self.assertIsNone(demo.poll(), 'the demo ended')
            self.write_health(media_errors=GLib.Variant('(tt)', (0, 5)))
            wait_until(lambda: len(self.notifications()) >= 2, what='the media-errors notification')
            time.sleep(2)
            self.assertEqual(len(self.notifications()), 2)
        finally:
            demo.terminate()
            demo.wait(20)

    def test_close_keeps_watching(self):
        self.start_window()
        self.gsettings('true')
        wait_until(lambda: len(self.notifications()) >= 1, what='watching after the setting turned on')
        with open(self.display_file) as f:
            display, xauthority = f.read().split()
        saved = os.environ.get('XAUTHORITY')
        os.environ['XAUTHORITY'] = xauthority
        try:
            close_x11_windows(display)
        finally:
            if saved is None:
                del os.environ['XAUTHORITY']
            else:
                os.environ['XAUTHORITY'] = saved
        wait_until(self.no_window, what='the window to close')
        self.write_health(media_errors=GLib.Variant('(tt)', (0, 5)))
        wait_until(lambda: len(self.notifications()) >= 2, what='a notification after the window closed')
        self.assertIsNone(self.app.poll())
        # Logging out (SIGTERM) ends the watching process, at once and cleanly.
        pid = self.conn.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                                  'GetConnectionUnixProcessID', GLib.Variant('(s)', (APP_ID,)), None,
                                  Gio.DBusCallFlags.NONE, 10000, None).unpack()[0]
        os.kill(pid, signal.SIGTERM)
        self.assertEqual(self.app.wait(30), 0)

    def test_quit_keeps_watching(self):
        self.start_window()
        self.gsettings('true')
        wait_until(lambda: len(self.notifications()) >= 1, what='watching after the setting turned on')
        # Quit (Ctrl+Q) closes the window; the watch the user turned on stays.
        self.quit()
        self.write_health(media_errors=GLib.Variant('(tt)', (0, 5)))
        wait_until(lambda: len(self.notifications()) >= 2, what='a notification after the window closed')
        self.assertIsNone(self.app.poll())
        # Turned off with no window: the process ends.
        self.gsettings('false')
        self.assertEqual(self.app.wait(30), 0)


@unittest.skipIf(shutil.which('xvfb-run') is None, 'xvfb-run is not installed')
class UDisksBackgroundTest(BackgroundBase):
    '''Health from a UDisks2 mock on a private system bus (no drivedashd):
    the watch reads again on UDisks2's PropertiesChanged, not on its timer.'''

    def setUp(self):
        super().setUp()
        self.system = TestBus(polkit=False, udisks=True, service=False).__enter__()
        self.drive = self.system.add_udisks_nvme_drive()
        del self.env['DRIVEDASH_WATCH_HEALTH_FILE']
        self.env['DRIVEDASH_WATCH_SYSFS_ROOT'] = self.system.sysfs
        self.env['DBUS_SYSTEM_BUS_ADDRESS'] = self.system.address

    def tearDown(self):
        super().tearDown()
        self.system.__exit__(None, None, None)

    def attribute_reads(self):
        reply = self.system.connection.call_sync(
            'org.freedesktop.UDisks2', self.drive, 'org.freedesktop.DBus.Mock', 'GetCalls', None,
            None, Gio.DBusCallFlags.NONE, 10000, None)
        return len([c for c in reply.unpack()[0] if c[1] == 'SmartGetAttributes'])

    def test_notifies_once_per_event(self):
        self.start_app()
        wait_until(lambda: self.attribute_reads() >= 1, what='the first reading through UDisks2')
        # The drive's own temperature bit is left to the temperature rule
        # (318 K is below its 357 K limit): nothing to tell yet.
        time.sleep(1.5)  # three periods of full readings for the other drive
        self.assertEqual(self.attribute_reads(), 1)
        self.assertEqual(self.notifications(), [])

        self.system.udisks_mock('UpdateProperties', '(sa{sv})', (
            'org.freedesktop.UDisks2.NVMe.Controller',
            {'SmartCriticalWarning': GLib.Variant('as', ['temperature', 'spare']),
             'SmartUpdated': GLib.Variant('t', 1700000600)}), self.drive)
        wait_until(lambda: len(self.notifications()) >= 1, what='the notification after PropertiesChanged')
        self.assertEqual(self.attribute_reads(), 2)
        summary, body = self.notifications()[0][3:5]
        self.assertEqual(summary, 'Fixture SSD 1TB reports a serious problem')
        self.assertIn('spare blocks', body)


if __name__ == '__main__':
    unittest.main(testRunner=unittest.TextTestRunner(stream=sys.stdout, verbosity=2))
