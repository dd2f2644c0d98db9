#!/usr/bin/python3
# test_service_events.py — drivedashd's GetKernelEvents on a private bus:
# the events of the fixture journal for the drive asked about and no other,
# boots, bad input, and a flood from one caller that does not hold up
# another.  The journal is a real one, made by systemd-journal-remote from
# tests/fixtures/journal; what each kind must count comes from the
# fixtures' own DRIVEDASH_EXPECT_* fields, read back with journalctl.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import collections
import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import ACTION_EVENTS, ACTION_READ, TestBus, iterate_until  # noqa: E402

from gi.repository import Gio, GLib  # noqa: E402

ACCESS_DENIED = 'org.freedesktop.DBus.Error.AccessDenied'
INVALID_ARGS = 'org.freedesktop.DBus.Error.InvalidArgs'
LIMITS_EXCEEDED = 'org.freedesktop.DBus.Error.LimitsExceeded'
NOT_FOUND = 'io.github.drivedash.Error.NotFound'
# As in src/service/drivedash-daemon.c.
MAX_CHECKS_PER_SENDER = 8

FIXTURES = os.path.join(os.environ.get('DRIVEDASH_SOURCE_ROOT', '.'), 'tests', 'fixtures', 'journal')
# Names only: the bus fixture's nvme0 has no PCI address or dm holders.
USED = ['reset', 'timeout', 'io-error', 'other', 'boots']
REMOTE = next((p for p in ('/lib/systemd/systemd-journal-remote',
                           '/usr/lib/systemd/systemd-journal-remote') if os.access(p, os.X_OK)), None)


def remote_error(error):
    return Gio.DBusError.get_remote_error(error)


def expected(journal, controller):
    out = subprocess.run(['journalctl', '--file=' + journal, '-o', 'json', '--no-pager'],
                         check=True, capture_output=True, text=True).stdout
    counts = collections.Counter()
    for line in out.splitlines():
        entry = json.loads(line)
        if (entry.get('_TRANSPORT') == 'kernel' and entry.get('DRIVEDASH_EXPECT_CONTROLLER') == controller
                and entry.get('DRIVEDASH_EXPECT_KIND') != 'none'):
            counts[entry['DRIVEDASH_EXPECT_KIND']] += 1
    return counts


@unittest.skipIf(REMOTE is None, 'systemd-journal-remote is not installed (build-aux/deps test installs it)')
class KernelEventsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.bus = TestBus(polkit=True, service=False).__enter__()
        cls.journal = os.path.join(cls.bus.tmp, 'fixtures.journal')
        subprocess.run([REMOTE, '--output=' + cls.journal] +
                       [os.path.join(FIXTURES, name + '.export') for name in USED],
                       check=True, capture_output=True)
        cls.bus.service = cls.bus.start_service(['--journal-file=' + cls.journal])

    @classmethod
    def tearDownClass(cls):
        cls.bus.__exit__(None, None, None)

    def setUp(self):
        self.bus.set_allowed([])

    def tearDown(self):
        self.assertIsNone(self.bus.service.poll(), 'drivedashd died')

    def events(self, controller='nvme0', options=None):
        (answer,) = self.bus.call('GetKernelEvents', (controller, options or {}), '(sa{sv})')
        return answer

    def assertDBusError(self, name, controller, options=None):
        with self.assertRaises(GLib.Error) as caught:
            self.events(controller, options)
        self.assertEqual(remote_error(caught.exception), name, caught.exception.message)
        return caught.exception

    def test_denied(self):
        self.assertDBusError(ACCESS_DENIED, 'nvme0')
        # Reading health is another permission.
        self.bus.set_allowed([ACTION_READ])
        self.assertDBusError(ACCESS_DENIED, 'nvme0')

    def test_counts_match_the_fixtures(self):
        self.bus.set_allowed([ACTION_EVENTS])
        for controller in ('nvme0', 'nvme1'):
            answer = self.events(controller)
            counts = {kind: count for kind, count, _ in answer['counts']}
            print('%s: %r' % (controller, counts))
            self.assertEqual(counts, dict(expected(self.journal, controller)))
            self.assertEqual(len(answer['events']), sum(counts.values()))
            for event in answer['events']:
                self.assertEqual(event['controller'], controller)
                self.assertTrue(all(ord(c) >= 0x20 for c in event['message']), event['message'])
        io = [e for e in self.events()['events'] if e['kind'] == 'io-error' and ', sector ' in e['message']]
        self.assertTrue(io)
        for event in io:
            self.assertGreaterEqual(event['sector'], 0)

    def test_boots(self):
        self.bus.set_allowed([ACTION_EVENTS])
        before = self.events(options={'boot': GLib.Variant('i', -1)})
        self.assertEqual(sorted(kind for kind, _, _ in before['counts']), ['removed', 'reset'])
        self.assertEqual({e['boot'] for e in before['events']}, {-1})
        self.assertDBusError(NOT_FOUND, 'nvme0', {'boot': GLib.Variant('i', -9)})
        self.assertDBusError(NOT_FOUND, 'nvme0', {'boot': GLib.Variant('i', 3)})
        # An option of the wrong type is ignored, like an unknown one.
        everything = self.events(options={'boot': GLib.Variant('s', '-1'), 'x': GLib.Variant('b', True)})
        self.assertEqual(everything['counts'], self.events()['counts'])
        later = self.events(options={'since-usec': GLib.Variant('x', 1 << 62)})
        self.assertEqual(later['counts'], [])
        # The ends of the range: no boot, and the service stays up.
        for boot in (-2 ** 31, 2 ** 31 - 1, -2 ** 31 + 1):
            self.assertDBusError(NOT_FOUND, 'nvme0', {'boot': GLib.Variant('i', boot)})
        for since in (-2 ** 63, -1, 2 ** 63 - 1):
            self.events(options={'since-usec': GLib.Variant('x', since)})

    def test_max_events(self):
        '''The newest max-events are sent, the counts stay exact; any
        number is safe (more than evidence keeps is its cap).'''
        self.bus.set_allowed([ACTION_EVENTS])
        everything = self.events()
        total = sum(count for _, count, _ in everything['counts'])
        self.assertGreater(total, 2)
        one = self.events(options={'max-events': GLib.Variant('u', 1)})
        self.assertEqual(one['counts'], everything['counts'])
        self.assertEqual(one['events'], everything['events'][-1:])
        self.assertEqual(one['dropped'], total - 1)
        for n in (0, 2 ** 32 - 1):
            answer = self.events(options={'max-events': GLib.Variant('u', n)})
            self.assertEqual(answer['events'], everything['events'])
            self.assertEqual(answer['dropped'], 0)

    def test_bad_names(self):
        self.bus.set_allowed([ACTION_EVENTS])
        for name in ['', 'nvme', '../nvme0', 'nvme0n1', '/dev/nvme0', 'x' * (1 << 20), 'nvme0\n']:
            self.assertDBusError(INVALID_ARGS, name)
        # Well-formed, but not one of this computer's drives.
        self.assertDBusError(NOT_FOUND, 'nvme9')
        with self.assertRaises(GLib.Error) as caught:
            self.bus.call('GetKernelEvents', ('nvme0',), '(s)')
        self.assertEqual(remote_error(caught.exception), INVALID_ARGS)

    def test_flood_does_not_hold_up_others(self):
        self.bus.set_allowed([ACTION_EVENTS])
        self.bus.polkit_mock('SimulateHang', '(b)', (True,))
        results = []
        n = MAX_CHECKS_PER_SENDER + 6
        for _ in range(n):
            self.bus.call_async('GetKernelEvents', ('nvme0', {}), '(sa{sv})', results)
        iterate_until(lambda: len(results) == n - MAX_CHECKS_PER_SENDER)
        for error in results:
            self.assertEqual(remote_error(error), LIMITS_EXCEEDED, error)
        other = self.bus.new_connection()
        other_results = []
        self.bus.call_async('GetKernelEvents', ('nvme1', {}), '(sa{sv})', other_results, connection=other)
        self.bus.polkit_mock('SimulateHang', '(b)', (False,))
        self.bus.polkit_mock('ReleaseHangingCalls')
        iterate_until(lambda: len(results) == n and other_results)
        for reply in results[n - MAX_CHECKS_PER_SENDER:] + other_results:
            self.assertNotIsInstance(reply, GLib.Error, reply)
        self.assertEqual(other_results[0][0]['counts'][0][0], 'reset')
        other.close_sync(None)


@unittest.skipIf(REMOTE is None, 'systemd-journal-remote is not installed (build-aux/deps test installs it)')
class EmptyJournalTest(unittest.TestCase):
    '''A journal that lists no boot at all (a new system, or one that
    keeps none): boot 0 and the extremes are "no such boot", not a read
    out of bounds.'''

    def test_extreme_boots(self):
        with TestBus(polkit=True, service=False) as bus:
            journal = os.path.join(bus.tmp, 'empty.journal')
            empty = os.path.join(bus.tmp, 'empty.export')
            open(empty, 'w').close()
            subprocess.run([REMOTE, '--output=' + journal, empty], check=True, capture_output=True)
            bus.service = bus.start_service(['--journal-file=' + journal])
            bus.set_allowed([ACTION_EVENTS])
            (answer,) = bus.call('GetKernelEvents', ('nvme0', {}), '(sa{sv})')
            self.assertEqual(answer['counts'], [])
            for boot in (-2 ** 31, -2 ** 31 + 1, -1, 0, 1, 2 ** 31 - 1):
                with self.assertRaises(GLib.Error) as caught:
                    bus.call('GetKernelEvents', ('nvme0', {'boot': GLib.Variant('i', boot)}), '(sa{sv})')
                self.assertEqual(remote_error(caught.exception), NOT_FOUND, caught.exception.message)
            self.assertIsNone(bus.service.poll(), 'drivedashd died')


if __name__ == '__main__':
    unittest.main(verbosity=2)
