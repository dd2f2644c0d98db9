# drivedash_test_bus.py — a private system-like D-Bus for the service tests
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Starts dbus-daemon with a config of our own (never the real system bus),
# python3-dbusmock's polkitd template, a UDisks2 mock with the NVMe
# controller interface, and the real drivedashd on a fixture sysfs tree.
# Must run under /usr/bin/python3 (Debian's, with python3-gi and dbusmock).

import os
import shutil
import subprocess
import sys
import tempfile
import time

import gi
gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib  # noqa: E402

SERVICE_NAME = 'io.github.drivedash.Drivedash1'
SERVICE_PATH = '/io/github/drivedash/Drivedash1'
SERVICE_IFACE = 'io.github.drivedash.Drivedash1'
POLKIT_NAME = 'org.freedesktop.PolicyKit1'
POLKIT_PATH = '/org/freedesktop/PolicyKit1/Authority'
MOCK_IFACE = 'org.freedesktop.DBus.Mock'
UDISKS_NAME = 'org.freedesktop.UDisks2'
UDISKS_PATH = '/org/freedesktop/UDisks2'

ACTION_READ = 'io.github.drivedash.Drivedash.read-health'
ACTION_GAME = 'io.github.drivedash.Drivedash.set-game-mode'
ACTION_SELF_TEST = 'io.github.drivedash.Drivedash.self-test'
ACTION_GAME_PERSISTENT = 'io.github.drivedash.Drivedash.set-game-mode-persistent'
ACTION_EVENTS = 'io.github.drivedash.Drivedash.read-kernel-events'
ALL_ACTIONS = [ACTION_READ, ACTION_GAME, ACTION_GAME_PERSISTENT, ACTION_SELF_TEST, ACTION_EVENTS]

SERIAL = 'S4EWNX0R123456'

BUS_CONFIG = '''<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
'''


def build_path(*parts):
    return os.path.join(os.environ['DRIVEDASH_BUILD_ROOT'], *parts)


def write(root, relative, contents):
    path = os.path.join(root, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(contents)


def make_fixture(root):
    '''nvme0 has APST (the kernel's default 100 ms limit) and hwmon; nvme1
    (like QEMU's controller) has no APST.'''
    sysfs = os.path.join(root, 'sys')
    c0 = 'class/nvme/nvme0/'
    write(sysfs, c0 + 'serial', SERIAL + '      \n')
    write(sysfs, c0 + 'model', 'Fixture SSD 1TB                         \n')
    write(sysfs, c0 + 'firmware_rev', '2B2QEXM7\n')
    write(sysfs, c0 + 'state', 'live\n')
    write(sysfs, c0 + 'transport', 'pcie\n')
    write(sysfs, c0 + 'power/pm_qos_latency_tolerance_us', '100000\n')
    write(sysfs, c0 + 'hwmon3/name', 'nvme\n')
    write(sysfs, c0 + 'hwmon3/temp1_input', '44850\n')
    write(sysfs, c0 + 'hwmon3/temp1_max', '84850\n')
    write(sysfs, c0 + 'hwmon3/temp1_crit', '87850\n')
    write(sysfs, c0 + 'hwmon3/temp1_alarm', '0\n')
    c1 = 'class/nvme/nvme1/'
    write(sysfs, c1 + 'serial', 'deadbeef\n')
    write(sysfs, c1 + 'model', 'QEMU NVMe Ctrl\n')
    write(sysfs, c1 + 'firmware_rev', '7.2.0\n')
    write(sysfs, c1 + 'state', 'live\n')
    write(sysfs, c1 + 'transport', 'pcie\n')
    write(sysfs, 'module/nvme_core/parameters/default_ps_max_latency_us', '100000\n')
    return sysfs


def snapshot(root):
    '''Every file under root with its bytes: to prove nothing changed.'''
    result = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames:
            path = os.path.join(dirpath, name)
            if not os.path.isfile(path) or name.endswith('.conf'):
                continue  # the bus socket and its config
            with open(path, 'rb') as f:
                result[os.path.relpath(path, root)] = f.read()
        for name in dirnames:
            result[os.path.relpath(os.path.join(dirpath, name), root) + '/'] = None
    return result


def iterate_until(condition, timeout=30):
    '''Runs the default main context until condition() is true.'''
    context = GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError('timed out waiting')
        context.iteration(False) or time.sleep(0.01)


def wait_for_name(connection, name, process=None, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError('%s exited with %d before owning %s' % (process.args[0], process.returncode, name))
        reply = connection.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus',
                                     'org.freedesktop.DBus', 'NameHasOwner',
                                     GLib.Variant('(s)', (name,)), GLib.VariantType('(b)'),
                                     Gio.DBusCallFlags.NONE, -1, None)
        if reply.unpack()[0]:
            return
        time.sleep(0.05)
    raise RuntimeError('%s did not appear on the test bus' % name)


class TestBus:
    '''The bus, the fixture and the processes on it.  Use as a context
    manager.'''

    def __init__(self, polkit=True, udisks=False, service=True, idle_timeout=0, fixture=None):
        self.want_polkit = polkit
        self.want_udisks = udisks
        self.want_service = service
        self.idle_timeout = idle_timeout
        self.fixture = fixture
        self.processes = []
        self.udisks = None

    def __enter__(self):
        self.tmp = tempfile.mkdtemp(prefix='drivedash-dbus-')
        # Reachable by an unprivileged client too (the no-polkit test).
        os.chmod(self.tmp, 0o755)
        self.sysfs = make_fixture(self.tmp)
        if self.fixture is not None:
            self.fixture(self.sysfs)
        self.rules = os.path.join(self.tmp, 'rules.d')
        self.state = os.path.join(self.tmp, 'run')
        socket = os.path.join(self.tmp, 'bus')
        config = os.path.join(self.tmp, 'bus.conf')
        with open(config, 'w') as f:
            f.write(BUS_CONFIG.format(socket=socket))

        self.bus = subprocess.Popen(['dbus-daemon', '--config-file=' + config, '--nofork',
                                     '--print-address=1'],
                                    stdout=subprocess.PIPE, text=True)
        self.processes.append(self.bus)
        self.address = self.bus.stdout.readline().strip()
        if not self.address:
            raise RuntimeError('dbus-daemon did not start')

        self.env = dict(os.environ)
        self.env['DBUS_SYSTEM_BUS_ADDRESS'] = self.address
        self.env.pop('DBUS_SESSION_BUS_ADDRESS', None)

        self.connection = Gio.DBusConnection.new_for_address_sync(
            self.address,
            Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
            Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)

        if self.want_polkit:
            self.start([sys.executable, '-m', 'dbusmock', '--template', 'polkitd'], POLKIT_NAME)
        if self.want_udisks:
            self.start([sys.executable, '-m', 'dbusmock', '--system', '-m',
                        UDISKS_NAME, UDISKS_PATH, 'org.freedesktop.UDisks2.Manager'], UDISKS_NAME)
        if self.want_service:
            self.service = self.start_service()
        return self

    def start(self, argv, name, env=None):
        process = subprocess.Popen(argv, env=env or self.env, stdout=subprocess.DEVNULL)
        self.processes.append(process)
        wait_for_name(self.connection, name, process)
        return process

    def start_service(self, extra=()):
        argv = [os.environ.get('DRIVEDASHD', build_path('src', 'service', 'drivedashd')),
                '--bus-address=' + self.address,
                '--sysfs-root=' + self.sysfs,
                '--udev-rules-dir=' + self.rules,
                '--state-dir=' + self.state,
                '--idle-timeout=%d' % self.idle_timeout] + list(extra)
        # The service refuses the test options on the system bus, which for
        # it is where DBUS_SYSTEM_BUS_ADDRESS points: not this bus.
        env = dict(self.env)
        env['DBUS_SYSTEM_BUS_ADDRESS'] = 'unix:path=/nonexistent'
        return self.start(argv, SERVICE_NAME, env)

    def __exit__(self, *exc):
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        try:
            self.connection.close_sync(None)
        except GLib.Error:
            pass  # the bus is gone already
        self.bus.stdout.close()
        shutil.rmtree(self.tmp, ignore_errors=True)
        return False

    # --- helpers for the tests ---

    def call(self, method, args=None, signature=None, reply_type=None, dest=SERVICE_NAME,
             timeout=30000, flags=Gio.DBusCallFlags.NONE, connection=None):
        '''Calls the service; returns the unpacked reply or raises GLib.Error.'''
        params = GLib.Variant(signature, args) if signature is not None else None
        reply = (connection or self.connection).call_sync(dest, SERVICE_PATH, SERVICE_IFACE, method,
                                                          params, None, flags, timeout, None)
        return reply.unpack()

    def call_async(self, method, args, signature, results, connection=None):
        '''Sends a call without waiting; appends (reply or GLib.Error) to
        results when the answer comes (run the main context to get it).'''
        def done(conn, result):
            try:
                results.append(conn.call_finish(result).unpack())
            except GLib.Error as error:
                results.append(error)
        (connection or self.connection).call(SERVICE_NAME, SERVICE_PATH, SERVICE_IFACE, method,
                                             GLib.Variant(signature, args), None,
                                             Gio.DBusCallFlags.NONE, 60000, None, done)

    def new_connection(self):
        return Gio.DBusConnection.new_for_address_sync(
            self.address,
            Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
            Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)

    def polkit_mock(self, method, signature=None, args=None):
        params = GLib.Variant(signature, args) if signature is not None else None
        reply = self.connection.call_sync(POLKIT_NAME, POLKIT_PATH, MOCK_IFACE, method, params,
                                          None, Gio.DBusCallFlags.NONE, -1, None)
        return reply.unpack() if reply is not None else None

    def set_allowed(self, actions):
        self.connection.call_sync(POLKIT_NAME, POLKIT_PATH, MOCK_IFACE, 'SetAllowed',
                                  GLib.Variant('(as)', (actions,)), None,
                                  Gio.DBusCallFlags.NONE, -1, None)

    def udisks_mock(self, method, signature, args, path=UDISKS_PATH):
        self.connection.call_sync(UDISKS_NAME, path, MOCK_IFACE, method,
                                  GLib.Variant(signature, args), None,
                                  Gio.DBusCallFlags.NONE, -1, None)

    def add_udisks_nvme_drive(self, serial=SERIAL, updated=1700000000):
        '''A drive object as UDisks 2.10 exports it for an NVMe controller.'''
        path = UDISKS_PATH + '/drives/Fixture_SSD_1TB_' + serial
        self.udisks_mock('AddObject', '(ssa{sv}a(ssss))', (
            path, 'org.freedesktop.UDisks2.Drive',
            {'Serial': GLib.Variant('s', serial),
             'Model': GLib.Variant('s', 'Fixture SSD 1TB')}, []))
        self.udisks_mock('AddProperties', '(sa{sv})', (
            'org.freedesktop.UDisks2.NVMe.Controller',
            {'State': GLib.Variant('s', 'live'),
             'ControllerID': GLib.Variant('q', 1),
             'SmartUpdated': GLib.Variant('t', updated),
             'SmartCriticalWarning': GLib.Variant('as', ['temperature']),
             'SmartPowerOnHours': GLib.Variant('t', 1363),
             'SmartTemperature': GLib.Variant('q', 318),
             'SmartSelftestStatus': GLib.Variant('s', ''),
             'SmartSelftestPercentRemaining': GLib.Variant('i', -1)}), path)
        code = ("ret = {'avail_spare': dbus.Byte(97), 'spare_thresh': dbus.Byte(10), "
                "'percent_used': dbus.Byte(3), "
                "'total_data_read': dbus.UInt64(28167888 * 512000), "
                "'total_data_written': dbus.UInt64(19397424 * 512000), "
                "'ctrl_busy_time': dbus.UInt64(1354), 'power_cycles': dbus.UInt64(2385), "
                "'unsafe_shutdowns': dbus.UInt64(133), 'media_errors': dbus.UInt64(0), "
                "'num_err_log_entries': dbus.UInt64(608), "
                "'temp_sensors': dbus.Array([dbus.UInt16(318), dbus.UInt16(325)], signature='q'), "
                "'wctemp': dbus.UInt16(357), 'cctemp': dbus.UInt16(360), "
                "'warning_temp_time': dbus.UInt32(2), 'critical_temp_time': dbus.UInt32(0)}")
        self.udisks_mock('AddMethod', '(sssss)', (
            'org.freedesktop.UDisks2.NVMe.Controller', 'SmartGetAttributes',
            'a{sv}', 'a{sv}', code), path)
        # Self-test: record what was asked in the status property, so the
        # test can see the call arrived with the right kind.
        self.udisks_mock('AddMethod', '(sssss)', (
            'org.freedesktop.UDisks2.NVMe.Controller', 'SmartSelftestStart', 'sa{sv}', '',
            "self.Set('org.freedesktop.UDisks2.NVMe.Controller', 'SmartSelftestStatus', 'inprogress-' + args[0])"),
            path)
        self.udisks_mock('AddMethod', '(sssss)', (
            'org.freedesktop.UDisks2.NVMe.Controller', 'SmartSelftestAbort', 'a{sv}', '',
            "self.Set('org.freedesktop.UDisks2.NVMe.Controller', 'SmartSelftestStatus', 'aborted')"),
            path)
        return path

    def udisks_property(self, path, name):
        reply = self.connection.call_sync(UDISKS_NAME, path, 'org.freedesktop.DBus.Properties', 'Get',
                                          GLib.Variant('(ss)', ('org.freedesktop.UDisks2.NVMe.Controller', name)),
                                          None, Gio.DBusCallFlags.NONE, -1, None)
        return reply.unpack()[0]
