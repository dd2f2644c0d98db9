#!/usr/bin/python3
# test_service_lasting.py — drivedashd's temporary game mode survives a
# restart of the service, counts its holders and follows the drive; one
# Unix user cannot take every polkit slot.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Each "client" is its own connection to the private bus.  A client
# leaving is observed as the bus' NameOwnerChanged; the next call then
# reaches drivedashd after it (the bus keeps the order), and calls for a
# drive run one at a time, so GetGameMode answers after any undo.

import os
import shutil
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import (  # noqa: E402
    ACTION_GAME, ACTION_READ, ALL_ACTIONS, SERIAL, SERVICE_NAME, TestBus, iterate_until)

from gi.repository import Gio, GLib  # noqa: E402

LATENCY = 'class/nvme/nvme0/power/pm_qos_latency_tolerance_us'
RULE = '70-drivedash-game-mode-%s.rules'
# MAX_CHECKS_PER_SENDER and MAX_CHECKS_PER_USER in src/service/drivedash-daemon.c.
MAX_CHECKS_PER_SENDER = 8
MAX_CHECKS_PER_USER = 16


def remote_error(error):
    return Gio.DBusError.get_remote_error(error) if isinstance(error, GLib.Error) else None


class TemporaryTest(unittest.TestCase):
    def setUp(self):
        self.bus = TestBus(polkit=True).__enter__()
        self.bus.set_allowed(ALL_ACTIONS)

    def tearDown(self):
        self.bus.__exit__(None, None, None)

    def latency(self):
        with open(os.path.join(self.bus.sysfs, LATENCY)) as f:
            return f.read().strip()

    def rule_exists(self, serial=SERIAL):
        return os.path.exists(os.path.join(self.bus.rules, RULE % serial))

    def client_on(self, enabled=True):
        client = self.bus.new_connection()
        self.bus.call('SetGameModeTemporary', ('nvme0', enabled), '(sb)', connection=client)
        return client

    def leave(self, client):
        '''Closes the client and waits until the bus has said so.'''
        name = client.get_unique_name()
        gone = []
        subscription = self.bus.connection.signal_subscribe(
            'org.freedesktop.DBus', 'org.freedesktop.DBus', 'NameOwnerChanged',
            '/org/freedesktop/DBus', name, Gio.DBusSignalFlags.NONE,
            lambda *args: gone.append(args[5][2] == ''), None)
        client.close_sync(None)
        iterate_until(lambda: any(gone))
        self.bus.connection.signal_unsubscribe(subscription)

    def game_mode(self):
        (state,) = self.bus.call('GetGameMode', ('nvme0',), '(s)')
        return state

    def restart_service(self):
        '''A crash: SIGKILL, then the service is started again.'''
        self.bus.service.kill()
        self.bus.service.wait()
        iterate_until(lambda: not self.bus.connection.call_sync(
            'org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
            'NameHasOwner', GLib.Variant('(s)', (SERVICE_NAME,)), None,
            Gio.DBusCallFlags.NONE, -1, None).unpack()[0])
        self.bus.service = self.bus.start_service()

    def test_restart_keeps_the_temporary_change(self):
        client = self.client_on()
        self.assertEqual(self.latency(), '0')
        self.restart_service()
        self.assertTrue(self.game_mode()['enabled'])
        self.leave(client)
        self.assertFalse(self.game_mode()['enabled'])
        self.assertEqual(self.latency(), '100000')

    def test_client_gone_while_service_down_is_undone_at_start(self):
        client = self.client_on()
        self.bus.service.kill()
        self.bus.service.wait()
        self.leave(client)
        self.restart_service()
        # The undo at start runs on the drive's queue: a call for the
        # drive answers after it, and only then is the file written.
        self.assertFalse(self.game_mode()['enabled'])
        self.assertEqual(self.latency(), '100000')

    def test_many_records_at_start(self):
        '''A thousand records left behind (none written by this service:
        stale, or planted): start-up undoes them all, one drive queue
        each, and the service stays up and answers.'''
        self.bus.service.kill()
        self.bus.service.wait()
        directory = os.path.join(self.bus.state, 'temporary')
        os.makedirs(directory, exist_ok=True)
        for i in range(1000):
            with open(os.path.join(directory, 'nvme%d' % i), 'w') as f:
                f.write('[Temporary]\nSerial=S%d\nEnabled=false\nPersistent=false\nBus=gone\nHolders=\n' % i)
        self.restart_service()
        self.assertFalse(self.game_mode()['enabled'])
        self.assertEqual(self.latency(), '100000')
        iterate_until(lambda: not os.listdir(directory))
        self.assertIsNone(self.bus.service.poll(), 'drivedashd died')

    def test_last_holder_puts_it_back(self):
        first = self.client_on()
        second = self.client_on()
        self.leave(first)
        self.assertTrue(self.game_mode()['enabled'])
        self.assertEqual(self.latency(), '0')
        self.leave(second)
        self.assertFalse(self.game_mode()['enabled'])
        self.assertEqual(self.latency(), '100000')

    def test_other_drive_under_the_same_name_is_left_alone(self):
        # An administrator's rule; a client turns game mode off for a
        # while, then the drive is swapped before it leaves.
        self.bus.call('SetGameMode', ('nvme0', True, True), '(sbb)')
        client = self.client_on(False)
        self.assertFalse(self.rule_exists())
        self.assertEqual(self.latency(), '100000')
        with open(os.path.join(self.bus.sysfs, 'class/nvme/nvme0/serial'), 'w') as f:
            f.write('OTHERDRIVE9\n')
        self.leave(client)
        self.assertFalse(self.game_mode()['enabled'])
        self.assertEqual(self.latency(), '100000')
        self.assertFalse(self.rule_exists('OTHERDRIVE9'))

    def test_undo_keeps_an_admin_rule_and_restores_power_saving(self):
        # Off now, on at the next restart: an administrator's rule.
        os.makedirs(self.bus.rules, exist_ok=True)
        with open(os.path.join(self.bus.rules, RULE % SERIAL), 'w') as f:
            f.write('# the administrator\'s\n')
        client = self.client_on()
        self.assertEqual(self.latency(), '0')
        self.leave(client)
        state = self.game_mode()
        self.assertFalse(state['enabled'])
        self.assertTrue(state['persistent'])
        self.assertEqual(self.latency(), '100000')
        self.assertTrue(self.rule_exists())


class PolkitShareTest(unittest.TestCase):
    def flood(self, bus, n_connections):
        '''Calls held open by polkit from root's connections; returns the
        connections and where their answers go.'''
        bus.polkit_mock('SimulateHangActions', '(as)', ([ACTION_GAME],))
        connections = [bus.new_connection() for _ in range(n_connections)]
        results = []
        for connection in connections:
            for _ in range(MAX_CHECKS_PER_SENDER):
                bus.call_async('SetGameModeTemporary', ('nvme0', True), '(sb)', results,
                               connection=connection)
        return connections, results

    def test_one_user_cannot_lock_out_another(self):
        setpriv, gdbus = shutil.which('setpriv'), shutil.which('gdbus')
        if setpriv is None or gdbus is None or os.geteuid() != 0:
            self.skipTest('needs root, setpriv and gdbus to call as another user')
        with TestBus(polkit=True) as bus:
            bus.set_allowed([ACTION_READ, ACTION_GAME])
            connections, results = self.flood(bus, 8)
            n = len(connections) * MAX_CHECKS_PER_SENDER
            iterate_until(lambda: len(results) == n - MAX_CHECKS_PER_USER)
            for error in results:
                self.assertEqual(remote_error(error), 'org.freedesktop.DBus.Error.LimitsExceeded', error)
                self.assertIn('Too many requests from your user', error.message)

            result = subprocess.run([setpriv, '--reuid=65534', '--regid=65534', '--clear-groups',
                                     gdbus, 'call', '--address', bus.address,
                                     '--dest', SERVICE_NAME,
                                     '--object-path', '/io/github/drivedash/Drivedash1',
                                     '--method', 'io.github.drivedash.Drivedash1.GetHealth', 'nvme0'],
                                    capture_output=True, text=True, timeout=60)
            print('GetHealth as nobody: exit %d: %s' % (result.returncode, result.stderr.strip()))
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn("'controller': <'nvme0'>", result.stdout)
            bus.polkit_mock('ReleaseHangingCalls')
            iterate_until(lambda: len(results) == n)
            for connection in connections:
                connection.close_sync(None)

    def test_unanswered_checks_time_out(self):
        with TestBus(polkit=True, service=False) as bus:
            bus.service = bus.start_service(['--permission-timeout=1'])
            bus.set_allowed([ACTION_READ, ACTION_GAME])
            connections, results = self.flood(bus, 1)
            iterate_until(lambda: len(results) == MAX_CHECKS_PER_SENDER)
            for error in results:
                self.assertEqual(remote_error(error), 'org.freedesktop.DBus.Error.Timeout', error)
                self.assertIn('not given in time', error.message)
            # The slots are free again.
            (state,) = bus.call('GetGameMode', ('nvme0',), '(s)', connection=connections[0])
            self.assertEqual(state['controller'], 'nvme0')
            connections[0].close_sync(None)


if __name__ == '__main__':
    unittest.main(testRunner=unittest.TextTestRunner(stream=sys.stdout, verbosity=2))
