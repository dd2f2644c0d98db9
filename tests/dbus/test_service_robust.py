#!/usr/bin/python3
# test_service_robust.py — drivedashd keeps serving when a drive hangs, when
# callers flood it, while it exits, and answers polkit the way clients
# expect.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A drive "hangs" here through a real fixture: a sysfs attribute that is a
# FIFO.  Opening it blocks (as a read of a hung drive blocks) until the test
# feeds it a value, and every feed counts one real read by the service.
# polkit is python3-dbusmock's polkitd template: a mock of polkitd that
# answers what the test tells it and records what it was asked.

import errno
import os
import signal
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import (  # noqa: E402
    ACTION_GAME, ACTION_READ, ACTION_SELF_TEST, SERIAL,
    SERVICE_IFACE, SERVICE_NAME, SERVICE_PATH, TestBus, iterate_until, write)

from gi.repository import Gio, GLib  # noqa: E402

ACCESS_DENIED = 'org.freedesktop.DBus.Error.AccessDenied'
LIMITS_EXCEEDED = 'org.freedesktop.DBus.Error.LimitsExceeded'
INTERACTIVE = 'org.freedesktop.DBus.Error.InteractiveAuthorizationRequired'
POLKIT_IFACE = 'org.freedesktop.PolicyKit1.Authority'

# MAX_CHECKS_PER_SENDER and MAX_QUEUED_PER_DRIVE in
# src/service/drivedash-daemon.c.
MAX_CHECKS_PER_SENDER = 8
MAX_QUEUED_PER_DRIVE = 32

HUNG_LATENCY = 'class/nvme/nvme2/power/pm_qos_latency_tolerance_us'
HUNG_TEMPERATURE = 'class/nvme/nvme3/hwmon4/temp1_input'


def remote_error(error):
    return Gio.DBusError.get_remote_error(error) if isinstance(error, GLib.Error) else None


def hanging_drives(sysfs):
    '''nvme2: game mode state read from a FIFO; nvme3: temperature read
    from a FIFO.'''
    for name, serial in (('nvme2', 'HANG2'), ('nvme3', 'HANG3')):
        c = 'class/nvme/%s/' % name
        write(sysfs, c + 'serial', serial + '\n')
        write(sysfs, c + 'model', 'Slow SSD\n')
        write(sysfs, c + 'state', 'live\n')
        write(sysfs, c + 'transport', 'pcie\n')
    os.makedirs(os.path.dirname(os.path.join(sysfs, HUNG_LATENCY)))
    os.mkfifo(os.path.join(sysfs, HUNG_LATENCY))
    write(sysfs, 'class/nvme/nvme3/hwmon4/name', 'nvme\n')
    os.mkfifo(os.path.join(sysfs, HUNG_TEMPERATURE))


class Feeder:
    '''The writing end of a FIFO attribute, kept open between values so
    that each value goes to exactly one read: a read that starts while it is
    open waits for the next value instead of ending empty.'''

    def __init__(self, path):
        self.path = path
        self.fd = None

    def feed(self, value, timeout=30):
        '''Waits for a read of the attribute (the service opening it) and
        gives it value.  Feed the next value only after this read's call was
        answered: until then its reader may still have the FIFO open.'''
        deadline = time.monotonic() + timeout
        while True:
            try:
                if self.fd is None:
                    # ENXIO until the first reader waits in open().
                    self.fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
                # EPIPE while nobody has it open.
                os.write(self.fd, value.encode())
                return
            except OSError as e:
                if e.errno not in (errno.ENXIO, errno.EPIPE) or time.monotonic() > deadline:
                    raise
            GLib.MainContext.default().iteration(False)
            time.sleep(0.01)

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def fifo_waiters(pid):
    '''How many of the process' threads wait on a FIFO (in open or read);
    None when the kernel does not say.'''
    n = 0
    for task in os.listdir('/proc/%d/task' % pid):
        try:
            with open('/proc/%d/task/%s/wchan' % (pid, task)) as f:
                wchan = f.read()
        except OSError:
            return None
        n += wchan in ('wait_for_partner', 'pipe_read', 'pipe_wait')
    return n


class HungDriveTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.bus = TestBus(polkit=True, fixture=hanging_drives).__enter__()
        cls.bus.set_allowed([ACTION_READ, ACTION_GAME])

    @classmethod
    def tearDownClass(cls):
        cls.bus.__exit__(None, None, None)

    def tearDown(self):
        self.assertIsNone(self.bus.service.poll(), 'drivedashd died')

    def test_hung_drive_does_not_block_others(self):
        fifo = os.path.join(self.bus.sysfs, HUNG_LATENCY)
        hung = []
        self.bus.call_async('GetGameMode', ('nvme2',), '(s)', hung)

        # Another drive and a property answer while nvme2's call hangs (polkit
        # answers in order, so nvme2's work starts first).
        (state,) = self.bus.call('GetGameMode', ('nvme0',), '(s)', timeout=10000)
        self.assertEqual(state['latency-tolerance'], '100000')
        reply = self.bus.connection.call_sync(SERVICE_NAME, SERVICE_PATH,
                                              'org.freedesktop.DBus.Properties', 'Get',
                                              GLib.Variant('(ss)', (SERVICE_IFACE, 'Version')),
                                              None, Gio.DBusCallFlags.NONE, 10000, None)
        self.assertTrue(reply.unpack()[0])
        (drives,) = self.bus.call('ListDrives', timeout=10000)
        self.assertIn('nvme2', [d['name'] for d in drives])
        self.assertEqual(hung, [])

        feeder = Feeder(fifo)
        feeder.feed('100000\n')
        iterate_until(lambda: hung)
        feeder.close()
        self.assertEqual(hung[0][0]['latency-tolerance'], '100000')

    def test_calls_for_one_drive_run_one_at_a_time(self):
        fifo = os.path.join(self.bus.sysfs, HUNG_LATENCY)
        results = []
        for _ in range(3):
            self.bus.call_async('GetGameMode', ('nvme2',), '(s)', results)
        # One read of the hung drive at a time, however long it waits.
        pid = self.bus.service.pid
        if fifo_waiters(pid) is not None:
            iterate_until(lambda: fifo_waiters(pid) >= 1)
            deadline = time.monotonic() + 0.5
            iterate_until(lambda: time.monotonic() > deadline)
            self.assertEqual(fifo_waiters(pid), 1)
        feeder = Feeder(fifo)
        for value in ('0', '100000', 'auto'):
            feeder.feed(value + '\n')
            iterate_until(lambda: results and results[-1][0]['latency-tolerance'] == value)
        feeder.close()
        self.assertEqual([r[0]['latency-tolerance'] for r in results], ['0', '100000', 'auto'])

    def test_calls_waiting_for_a_hung_drive_are_bounded(self):
        fifo = os.path.join(self.bus.sysfs, HUNG_LATENCY)
        # Several callers (each within its own polkit limit) pile up calls
        # behind nvme2's hung read: one runs, MAX_QUEUED_PER_DRIVE wait.
        # One caller's calls at a time, so that the user's pending checks
        # stay within MAX_CHECKS_PER_USER: the call after them is checked by
        # polkit after them (it answers in order), so when it returns theirs
        # are done.
        connections = [self.bus.new_connection() for _ in range(5)]
        results = []
        for connection in connections:
            for _ in range(MAX_CHECKS_PER_SENDER):
                self.bus.call_async('GetGameMode', ('nvme2',), '(s)', results,
                                    connection=connection)
            self.bus.call('GetGameMode', ('nvme0',), '(s)')
        n = len(connections) * MAX_CHECKS_PER_SENDER
        refused = n - 1 - MAX_QUEUED_PER_DRIVE
        iterate_until(lambda: len(results) == refused)
        for error in results:
            self.assertEqual(remote_error(error), LIMITS_EXCEEDED, error)
            self.assertIn('waiting for this drive', error.message)
        # The others are all answered, one read each.
        feeder = Feeder(fifo)
        for i in range(n - refused):
            feeder.feed('100000\n')
            iterate_until(lambda: len(results) == refused + i + 1)
        feeder.close()
        for state in results[refused:]:
            self.assertEqual(state[0]['latency-tolerance'], '100000')
        for connection in connections:
            connection.close_sync(None)

    def test_get_health_served_from_recent_read(self):
        fifo = os.path.join(self.bus.sysfs, HUNG_TEMPERATURE)
        results = []
        for _ in range(5):
            self.bus.call_async('GetHealth', ('nvme3',), '(s)', results)
        # One read of the drive answers all five.
        feeder = Feeder(fifo)
        feeder.feed('44850\n')
        iterate_until(lambda: len(results) == 5)
        feeder.close()
        # (Had any call read again, it would still wait for a feed.)
        for health in results:
            self.assertNotIsInstance(health, GLib.Error, health)
            self.assertEqual(health[0]['temperature_kelvin'], 318)

        # Older than a second: read again.
        time.sleep(1.5)
        results = []
        self.bus.call_async('GetHealth', ('nvme3',), '(s)', results)
        feeder = Feeder(fifo)
        feeder.feed('54850\n')
        iterate_until(lambda: results)
        feeder.close()
        self.assertEqual(results[0][0]['temperature_kelvin'], 328)


class PolkitTest(unittest.TestCase):
    def test_pending_checks_are_bounded(self):
        with TestBus(polkit=True) as bus:
            bus.set_allowed([ACTION_READ])
            bus.polkit_mock('SimulateHang', '(b)', (True,))
            results = []
            n = MAX_CHECKS_PER_SENDER + 4
            for _ in range(n):
                bus.call_async('GetGameMode', ('nvme0',), '(s)', results)
            # The ones over the limit are refused at once, with a clear error.
            iterate_until(lambda: len(results) == n - MAX_CHECKS_PER_SENDER)
            for error in results:
                self.assertEqual(remote_error(error), LIMITS_EXCEEDED, error)
                self.assertIn('Too many requests', error.message)

            # Another caller is not held up by the first one's flood.
            other = bus.new_connection()
            other_results = []
            bus.call_async('GetGameMode', ('nvme0',), '(s)', other_results, connection=other)

            bus.polkit_mock('SimulateHang', '(b)', (False,))
            bus.polkit_mock('ReleaseHangingCalls')
            iterate_until(lambda: len(results) == n and other_results)
            answered = results[n - MAX_CHECKS_PER_SENDER:] + other_results
            for reply in answered:
                self.assertNotIsInstance(reply, GLib.Error, reply)
                self.assertEqual(reply[0]['controller'], 'nvme0')

            # And once those are answered the caller may ask again.
            (state,) = bus.call('GetGameMode', ('nvme0',), '(s)')
            self.assertEqual(state['controller'], 'nvme0')
            other.close_sync(None)

    def test_challenge_is_interactive_authorization_required(self):
        with TestBus(polkit=True) as bus:
            # polkit answers "not authorized, but a password would do".
            bus.polkit_mock('AddMethod', '(sssss)', (
                POLKIT_IFACE, 'CheckAuthorization', '(sa{sv})sa{ss}us', '(bba{ss})',
                'ret = (False, True, {})'))
            latency = os.path.join(bus.sysfs, 'class/nvme/nvme0/power/pm_qos_latency_tolerance_us')
            with open(latency) as f:
                before = f.read()
            with self.assertRaises(GLib.Error) as caught:
                bus.call('SetGameMode', ('nvme0', True, False), '(sbb)')
            print('challenge: %s' % caught.exception.message)
            self.assertEqual(remote_error(caught.exception), INTERACTIVE)
            with open(latency) as f:
                self.assertEqual(f.read(), before)

            # A plain "no" stays AccessDenied.
            bus.polkit_mock('AddMethod', '(sssss)', (
                POLKIT_IFACE, 'CheckAuthorization', '(sa{sv})sa{ss}us', '(bba{ss})',
                'ret = (False, False, {})'))
            with self.assertRaises(GLib.Error) as caught:
                bus.call('SetGameMode', ('nvme0', True, False), '(sbb)')
            self.assertEqual(remote_error(caught.exception), ACCESS_DENIED)

    def test_details_name_the_drive(self):
        with TestBus(polkit=True) as bus:
            bus.set_allowed([ACTION_SELF_TEST, ACTION_READ])
            bus.polkit_mock('ClearCalls')
            with self.assertRaises(GLib.Error):
                bus.call('StartSelfTest', ('nvme0', 'short'), '(ss)')  # not supported here
            bus.call('ListDrives')
            (calls,) = bus.polkit_mock('GetMethodCalls', '(s)', ('CheckAuthorization',))
            print('polkit was asked: %r' % (calls,))
            self.assertEqual(len(calls), 2)
            subject, action, details, flags, _ = calls[0][1]
            self.assertEqual(action, ACTION_SELF_TEST)
            self.assertEqual(dict(details), {'drive': 'nvme0', 'drive.serial': SERIAL,
                                             'drive.model': 'Fixture SSD 1TB'})
            subject, action, details, flags, _ = calls[1][1]
            self.assertEqual(action, ACTION_READ)
            self.assertEqual(dict(details), {})


class ExitTest(unittest.TestCase):
    def owner(self, bus):
        try:
            reply = bus.connection.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus',
                                             'org.freedesktop.DBus', 'GetNameOwner',
                                             GLib.Variant('(s)', (SERVICE_NAME,)), None,
                                             Gio.DBusCallFlags.NONE, -1, None)
            return reply.unpack()[0]
        except GLib.Error:
            return None

    def test_idle_exit_answers_calls_after_giving_up_the_name(self):
        with TestBus(polkit=True, service=False, idle_timeout=1) as bus:
            bus.set_allowed([ACTION_READ])
            service = bus.start_service(['--exit-grace=8'])
            unique = self.owner(bus)
            bus.call('GetGameMode', ('nvme0',), '(s)')
            # Idle: the name goes away first (and systemd, seeing a Type=dbus
            # service's name gone, sends SIGTERM)...
            iterate_until(lambda: self.owner(bus) is None)
            service.send_signal(signal.SIGTERM)
            # ...and a call that was already on its way to this instance
            # still gets its answer.
            (state,) = bus.call('GetGameMode', ('nvme0',), '(s)', dest=unique)
            self.assertEqual(state['controller'], 'nvme0')
            self.assertEqual(service.wait(timeout=60), 0)

    def test_sigterm_answers_calls_it_has(self):
        with TestBus(polkit=True) as bus:
            bus.set_allowed([ACTION_READ])
            bus.polkit_mock('SimulateHangActions', '(as)', ([ACTION_GAME],))
            unique = self.owner(bus)
            waiting = []
            bus.call_async('SetGameMode', ('nvme0', True, False), '(sbb)', waiting)
            iterate_until(lambda: bus.polkit_mock('HaveHangingCalls')[0])

            bus.service.send_signal(signal.SIGTERM)
            iterate_until(lambda: self.owner(bus) is None)
            (state,) = bus.call('GetGameMode', ('nvme0',), '(s)', dest=unique)
            self.assertEqual(state['controller'], 'nvme0')

            bus.polkit_mock('ReleaseHangingCalls')
            iterate_until(lambda: waiting)
            # Refused by polkit: a real answer, not NoReply.
            self.assertEqual(remote_error(waiting[0]), ACCESS_DENIED, waiting[0])
            self.assertEqual(bus.service.wait(timeout=60), 0)

    def test_test_options_refused_on_the_system_bus(self):
        # "The system bus" for the service is where DBUS_SYSTEM_BUS_ADDRESS
        # points (or the standard socket).  One dbus-daemon listening on two
        # sockets is one bus under two addresses: the check must see that.
        with TestBus(polkit=False, service=False) as bus:
            sockets = [os.path.join(bus.tmp, 'system-a'), os.path.join(bus.tmp, 'system-b')]
            config = os.path.join(bus.tmp, 'system.conf')
            with open(os.path.join(bus.tmp, 'bus.conf')) as f:
                text = f.read()
            text = text.replace('<listen>unix:path=%s</listen>' % os.path.join(bus.tmp, 'bus'),
                                ''.join('<listen>unix:path=%s</listen>' % s for s in sockets))
            with open(config, 'w') as f:
                f.write(text)
            system = subprocess.Popen(['dbus-daemon', '--config-file=' + config, '--nofork'])
            try:
                iterate_until(lambda: all(os.path.exists(s) for s in sockets))
                env = dict(bus.env)
                env['DBUS_SYSTEM_BUS_ADDRESS'] = 'unix:path=' + sockets[0]
                for address, refused in (('unix:path=' + sockets[1], True), (bus.address, False)):
                    result = subprocess.run([os.environ['DRIVEDASHD'], '--bus-address=' + address,
                                             '--sysfs-root=' + bus.sysfs, '--idle-timeout=1',
                                             '--exit-grace=0'],
                                            env=env, capture_output=True, text=True, timeout=60)
                    print('drivedashd --sysfs-root on %s: exit %d: %s' %
                          (address, result.returncode, result.stderr.strip()))
                    if refused:
                        self.assertEqual(result.returncode, 2)
                        self.assertIn('cannot be used on the system bus', result.stderr)
                    else:
                        # Another bus: allowed (and it exits when idle).
                        self.assertEqual(result.returncode, 0, result.stderr)
            finally:
                system.terminate()
                system.wait()

if __name__ == '__main__':
    unittest.main(verbosity=2)
