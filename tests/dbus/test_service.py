#!/usr/bin/python3
# test_service.py — drivedashd on a private bus: polkit allow/deny for every
# method, bad input, game mode on the fixture tree, the client fallback
# chain (service → UDisks2 → sysfs), the CLI, idle exit.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run by meson (suite "dbus"); needs Debian's /usr/bin/python3 with
# python3-gi and python3-dbusmock, and dbus-daemon.

import json
import os
import shutil
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import (  # noqa: E402
    ACTION_EVENTS, ACTION_GAME, ACTION_GAME_PERSISTENT, ACTION_READ, ACTION_SELF_TEST, ALL_ACTIONS, SERIAL,
    TestBus, build_path, snapshot, write)

from gi.repository import Gio, GLib  # noqa: E402

ACCESS_DENIED = 'org.freedesktop.DBus.Error.AccessDenied'
INVALID_ARGS = 'org.freedesktop.DBus.Error.InvalidArgs'
NOT_FOUND = 'io.github.drivedash.Error.NotFound'
NOT_SUPPORTED = 'io.github.drivedash.Error.NotSupported'

LATENCY = 'class/nvme/%s/power/pm_qos_latency_tolerance_us'
RULE = '70-drivedash-game-mode-%s.rules' % SERIAL

# (method, signature, arguments, polkit action)
EVERY_METHOD = [
    ('ListDrives', None, None, ACTION_READ),
    ('GetHealth', '(s)', ('nvme0',), ACTION_READ),
    ('GetGameMode', '(s)', ('nvme0',), ACTION_READ),
    ('GetSelfTestStatus', '(s)', ('nvme0',), ACTION_READ),
    ('SetGameMode', '(sbb)', ('nvme0', True, True), ACTION_GAME_PERSISTENT),
    ('SetGameMode', '(sbb)', ('nvme0', True, False), ACTION_GAME),
    ('SetGameModeTemporary', '(sb)', ('nvme0', True), ACTION_GAME),
    ('StartSelfTest', '(ss)', ('nvme0', 'short'), ACTION_SELF_TEST),
    ('AbortSelfTest', '(s)', ('nvme0',), ACTION_SELF_TEST),
    ('GetKernelEvents', '(sa{sv})', ('nvme0', {}), ACTION_EVENTS),
]


def remote_error(error):
    return Gio.DBusError.get_remote_error(error)


def tool(env_name, *path):
    candidate = os.environ.get(env_name) or build_path(*path)
    return candidate if os.access(candidate, os.X_OK) else None


class ServiceTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.bus = TestBus(polkit=True, udisks=True).__enter__()
        cls.bus.udisks_path = cls.bus.add_udisks_nvme_drive()

    @classmethod
    def tearDownClass(cls):
        cls.bus.__exit__(None, None, None)

    def setUp(self):
        # Every test starts from the kernel's state after boot.
        write(self.bus.sysfs, LATENCY % 'nvme0', '100000\n')
        shutil.rmtree(self.bus.rules, ignore_errors=True)
        shutil.rmtree(self.bus.state, ignore_errors=True)
        self.bus.set_allowed([])

    def tearDown(self):
        # Whatever happened, the service must still be alive.
        self.assertIsNone(self.bus.service.poll(), 'drivedashd died')

    def assertDBusError(self, name, method, signature=None, args=None):
        with self.assertRaises(GLib.Error) as caught:
            self.bus.call(method, args, signature)
        self.assertEqual(remote_error(caught.exception), name,
                         '%s%r: %s' % (method, args, caught.exception.message))
        return caught.exception

    def read(self, relative):
        with open(os.path.join(self.bus.sysfs, relative), 'rb') as f:
            return f.read()

    def test_denied_every_method(self):
        before = snapshot(self.bus.tmp)
        for method, signature, args, _ in EVERY_METHOD:
            error = self.assertDBusError(ACCESS_DENIED, method, signature, args)
            print('denied: %s%s -> %s' % (method, args or '()', error.message))
        self.assertEqual(snapshot(self.bus.tmp), before, 'a refused call changed files')

    def test_each_action_guards_only_its_methods(self):
        for action in ALL_ACTIONS:
            self.bus.set_allowed([action])
            for method, signature, args, needed in EVERY_METHOD:
                if needed == action:
                    continue
                before = snapshot(self.bus.tmp)
                self.assertDBusError(ACCESS_DENIED, method, signature, args)
                self.assertEqual(snapshot(self.bus.tmp), before)

    def test_allowed_every_method(self):
        self.bus.set_allowed(ALL_ACTIONS)

        (drives,) = self.bus.call('ListDrives')
        self.assertEqual([d['name'] for d in drives], ['nvme0', 'nvme1'])
        self.assertEqual(drives[0]['serial'], SERIAL)
        self.assertEqual(drives[0]['model'], 'Fixture SSD 1TB')
        self.assertTrue(drives[0]['apst-exposed'])
        self.assertFalse(drives[1]['apst-exposed'])

        (health,) = self.bus.call('GetHealth', ('nvme0',), '(s)')
        self.assertEqual(health['controller'], 'nvme0')
        self.assertEqual(health['serial'], SERIAL)
        self.assertEqual(health['source'], 'service')

        (state,) = self.bus.call('GetGameMode', ('nvme0',), '(s)')
        self.assertEqual(state['controller'], 'nvme0')
        self.assertTrue(state['supported'])
        self.assertFalse(state['enabled'])
        self.assertEqual(state['latency-tolerance'], '100000')

        (state,) = self.bus.call('SetGameMode', ('nvme0', True, False), '(sbb)')
        print('allowed: SetGameMode(nvme0, on) -> %r' % state)
        self.assertTrue(state['enabled'])
        self.assertEqual(self.read(LATENCY % 'nvme0'), b'0')

        (state,) = self.bus.call('SetGameMode', ('nvme0', False, False), '(sbb)')
        self.assertFalse(state['enabled'])
        self.assertEqual(self.read(LATENCY % 'nvme0'), b'100000')

        (status,) = self.bus.call('GetSelfTestStatus', ('nvme0',), '(s)')
        self.assertEqual(status['controller'], 'nvme0')
        self.assertIn('supported', status)

        # Authorized, but a fixture tree has no device to send it to: a
        # clean "not supported", not a denial and not a crash.
        self.assertDBusError(NOT_SUPPORTED, 'StartSelfTest', '(ss)', ('nvme0', 'short'))
        self.assertDBusError(NOT_SUPPORTED, 'AbortSelfTest', '(s)', ('nvme0',))

    def test_game_mode_fixture(self):
        self.bus.set_allowed([ACTION_GAME, ACTION_GAME_PERSISTENT, ACTION_READ])
        rule_path = os.path.join(self.bus.rules, RULE)

        (state,) = self.bus.call('SetGameMode', ('nvme0', True, True), '(sbb)')
        self.assertTrue(state['enabled'])
        self.assertTrue(state['persistent'])
        self.assertEqual(self.read(LATENCY % 'nvme0'), b'0')
        with open(rule_path) as f:
            rule = f.read()
        self.assertIn('ATTR{serial}=="%s"' % SERIAL, rule)
        self.assertIn('ATTR{power/pm_qos_latency_tolerance_us}="0"', rule)
        print('game mode on: latency file = %r, rule %s:\n%s' % (self.read(LATENCY % 'nvme0'), RULE, rule))

        # The state is read back from the files, not remembered: change
        # them behind the service's back and it notices.
        write(self.bus.sysfs, LATENCY % 'nvme0', '100000\n')
        (state,) = self.bus.call('GetGameMode', ('nvme0',), '(s)')
        self.assertFalse(state['enabled'])
        self.assertTrue(state['persistent'])
        write(self.bus.sysfs, LATENCY % 'nvme0', '0\n')

        (state,) = self.bus.call('SetGameMode', ('nvme0', False, False), '(sbb)')
        self.assertFalse(state['enabled'])
        self.assertFalse(state['persistent'])
        self.assertEqual(self.read(LATENCY % 'nvme0'), b'100000')
        self.assertFalse(os.path.exists(rule_path))
        print('game mode off: latency file = %r, rule present: %s' %
              (self.read(LATENCY % 'nvme0'), os.path.exists(rule_path)))

    def test_persistent_rule_needs_the_persistent_action(self):
        rule_path = os.path.join(self.bus.rules, RULE)
        self.bus.set_allowed([ACTION_GAME_PERSISTENT])
        self.bus.call('SetGameMode', ('nvme0', True, True), '(sbb)')
        self.assertTrue(os.path.exists(rule_path))

        # A plain or temporary "on" keeps the administrator's rule.
        self.bus.set_allowed([ACTION_GAME])
        (state,) = self.bus.call('SetGameMode', ('nvme0', True, False), '(sbb)')
        self.assertTrue(state['persistent'])
        self.bus.call('SetGameModeTemporary', ('nvme0', True), '(sb)')
        self.assertTrue(os.path.exists(rule_path))
        # Any "off" would remove it: the plain action is not enough.
        for method, signature, args in [('SetGameMode', '(sbb)', ('nvme0', False, False)),
                                        ('SetGameModeTemporary', '(sb)', ('nvme0', False))]:
            error = self.assertDBusError(ACCESS_DENIED, method, signature, args)
            print('refused: %s%r -> %s' % (method, args, error.message))
            self.assertTrue(os.path.exists(rule_path))
            self.assertEqual(self.read(LATENCY % 'nvme0'), b'0')

        # With the persistent action it goes (and the temporary ends).
        self.bus.set_allowed([ACTION_GAME, ACTION_GAME_PERSISTENT])
        (state,) = self.bus.call('SetGameMode', ('nvme0', False, False), '(sbb)')
        self.assertFalse(state['persistent'])
        self.assertFalse(os.path.exists(rule_path))

    def test_not_supported(self):
        self.bus.set_allowed(ALL_ACTIONS)
        before = snapshot(self.bus.tmp)
        (state,) = self.bus.call('GetGameMode', ('nvme1',), '(s)')
        self.assertFalse(state['supported'])
        self.assertFalse(state['enabled'])
        self.assertIn('full speed', state['message'])
        error = self.assertDBusError(NOT_SUPPORTED, 'SetGameMode', '(sbb)', ('nvme1', True, True))
        self.assertIn('full speed', error.message)
        self.assertEqual(snapshot(self.bus.tmp), before)

    def test_bad_input(self):
        self.bus.set_allowed(ALL_ACTIONS)
        before = snapshot(self.bus.tmp)
        bad_names = ['', 'nvme', '../', '../nvme0', 'nvme0/../../', 'nvme0/../nvme1',
                     '/dev/nvme0', 'nvme0 ', 'NVME0', 'nvme0n1', 'nvme-1', 'sda',
                     'nvme' + '9' * 40, 'x' * (1 << 20), 'nvme0\n', 'ümlaut']
        for name in bad_names:
            for method, signature, args, _ in EVERY_METHOD:
                if signature is None:
                    continue
                args = (name,) + tuple(args[1:])
                self.assertDBusError(INVALID_ARGS, method, signature, args)

        # Well-formed but absent.
        self.assertDBusError(NOT_FOUND, 'GetHealth', '(s)', ('nvme9',))
        self.assertDBusError(NOT_FOUND, 'SetGameMode', '(sbb)', ('nvme9', True, False))

        # Wrong types and counts: GDBus checks the signature for us.
        self.assertDBusError(INVALID_ARGS, 'GetHealth', '(i)', (0,))
        self.assertDBusError(INVALID_ARGS, 'GetHealth', '(ss)', ('nvme0', 'nvme0'))
        self.assertDBusError(INVALID_ARGS, 'SetGameMode', '(sss)', ('nvme0', 'on', 'yes'))
        self.assertDBusError(INVALID_ARGS, 'SetGameMode', '(s)', ('nvme0',))
        self.assertDBusError(INVALID_ARGS, 'ListDrives', '(s)', ('nvme0',))
        for kind in ['long', '', 'short\n', '../short', 'x' * 100000]:
            self.assertDBusError(INVALID_ARGS, 'StartSelfTest', '(ss)', ('nvme0', kind))

        self.assertEqual(snapshot(self.bus.tmp), before)
        # Still answering.
        (state,) = self.bus.call('GetGameMode', ('nvme0',), '(s)')
        self.assertEqual(state['controller'], 'nvme0')

    def test_client_chain(self):
        client = tool('TEST_SERVICE_CLIENT', 'tests', 'test-service-client')
        if client is None:
            self.skipTest('test-service-client not built')
        env = dict(self.bus.env)
        env['DRIVEDASH_TEST_SYSFS'] = self.bus.sysfs

        self.bus.set_allowed(ALL_ACTIONS)
        result = subprocess.run([client, '--tap', '-p', '/client/allowed'], env=env,
                                capture_output=True, text=True)
        print(result.stdout + result.stderr)
        self.assertEqual(result.returncode, 0)
        self.assertNotIn('# SKIP', result.stdout)

        self.bus.set_allowed([])
        result = subprocess.run([client, '--tap', '-p', '/client/denied'], env=env,
                                capture_output=True, text=True)
        print(result.stdout + result.stderr)
        self.assertEqual(result.returncode, 0)
        self.assertNotIn('# SKIP', result.stdout)

    def test_client_self_test_udisks(self):
        client = tool('TEST_SERVICE_CLIENT', 'tests', 'test-service-client')
        if client is None:
            self.skipTest('test-service-client not built')
        path = self.bus.udisks_path
        for kind, expected in [('extended', 'inprogress-extended'), ('abort', 'aborted')]:
            env = dict(self.bus.env)
            env['DRIVEDASH_TEST_SYSFS'] = self.bus.sysfs
            env['DRIVEDASH_TEST_SELF_TEST'] = kind
            result = subprocess.run([client, '--tap', '-p', '/client/self-test-udisks'], env=env,
                                    capture_output=True, text=True)
            print(result.stdout + result.stderr)
            self.assertEqual(result.returncode, 0)
            self.assertNotIn('# SKIP', result.stdout)
            self.assertEqual(self.bus.udisks_property(path, 'SmartSelftestStatus'), expected)

    def test_client_self_test_udisks_progress(self):
        '''UDisks 2.10 (a MOCK: python-dbusmock, no real UDisks runs here)
        steps the percentage left, then ends: the health read through it
        shows the test running and its share done, then how it ended.'''
        client = tool('TEST_SERVICE_CLIENT', 'tests', 'test-service-client')
        if client is None:
            self.skipTest('test-service-client not built')
        path = self.bus.udisks_path
        iface = 'org.freedesktop.UDisks2.NVMe.Controller'
        steps = [('inprogress', 90, 'running:10'), ('inprogress', 35, 'running:65'),
                 ('known_seg_fail', -1, 'ended:7'), ('success', -1, 'ended:0')]
        try:
            for status, remaining, expected in steps:
                self.bus.udisks_mock('UpdateProperties', '(sa{sv})', (
                    iface, {'SmartSelftestStatus': GLib.Variant('s', status),
                            'SmartSelftestPercentRemaining': GLib.Variant('i', remaining)}), path)
                env = dict(self.bus.env)
                env['DRIVEDASH_TEST_SYSFS'] = self.bus.sysfs
                env['DRIVEDASH_TEST_SELF_TEST_STATE'] = expected
                result = subprocess.run([client, '--tap', '-p', '/client/self-test-udisks-state'], env=env,
                                        capture_output=True, text=True)
                print(result.stdout + result.stderr)
                self.assertEqual(result.returncode, 0, expected)
                self.assertNotIn('# SKIP', result.stdout)
        finally:
            self.bus.udisks_mock('UpdateProperties', '(sa{sv})', (
                iface, {'SmartSelftestStatus': GLib.Variant('s', ''),
                        'SmartSelftestPercentRemaining': GLib.Variant('i', -1)}), path)

    def test_client_self_test_udisks_watch(self):
        '''UDisks's PropertiesChanged for the self-test (a MOCK:
        python-dbusmock) reaches the client's watch, so the page reads the
        drive again at once.'''
        client = tool('TEST_SERVICE_CLIENT', 'tests', 'test-service-client')
        if client is None:
            self.skipTest('test-service-client not built')
        env = dict(self.bus.env)
        env['DRIVEDASH_TEST_SYSFS'] = self.bus.sysfs
        env['DRIVEDASH_TEST_UDISKS_PATH'] = self.bus.udisks_path
        result = subprocess.run([client, '--tap', '-p', '/client/self-test-udisks-watch'], env=env,
                                capture_output=True, text=True)
        print(result.stdout + result.stderr)
        self.assertEqual(result.returncode, 0)
        self.assertNotIn('# SKIP', result.stdout)
        self.assertIn('ok 1 /client/self-test-udisks-watch', result.stdout)

    def test_cli(self):
        cli = tool('DRIVEDASH_CLI', 'src', 'cli', 'drivedash-cli')
        if cli is None:
            self.skipTest('drivedash-cli not built')

        def run(*args):
            result = subprocess.run([cli, 'game-mode'] + list(args), env=self.bus.env,
                                    capture_output=True, text=True)
            print('$ drivedash-cli game-mode %s  (exit %d)\n%s%s' %
                  (' '.join(args), result.returncode, result.stdout, result.stderr))
            return result

        self.bus.set_allowed([ACTION_READ])
        result = run('nvme0', 'on')
        self.assertEqual(result.returncode, 4)
        self.assertEqual(self.read(LATENCY % 'nvme0'), b'100000\n')

        self.bus.set_allowed([ACTION_READ, ACTION_GAME])
        # Only temporary game mode is allowed: keeping it is refused.
        result = run('nvme0', 'on', '--persistent', '--json')
        self.assertEqual(result.returncode, 4)
        self.assertFalse(os.path.exists(os.path.join(self.bus.rules, RULE)))
        self.bus.set_allowed([ACTION_READ, ACTION_GAME, ACTION_GAME_PERSISTENT])
        result = run('nvme0', 'on', '--persistent', '--json')
        self.assertEqual(result.returncode, 0)
        state = json.loads(result.stdout)
        self.assertEqual(state['source'], 'service')
        self.assertTrue(state['enabled'])
        self.assertTrue(state['persistent'])
        self.assertEqual(self.read(LATENCY % 'nvme0'), b'0')

        result = run('nvme0', 'status')
        self.assertEqual(result.returncode, 0)
        self.assertIn('Game mode is on', result.stdout)

        result = run('nvme0', 'off')
        self.assertEqual(result.returncode, 0)
        self.assertEqual(self.read(LATENCY % 'nvme0'), b'100000')
        self.assertFalse(os.path.exists(os.path.join(self.bus.rules, RULE)))

        result = run('nvme1', 'on')
        self.assertEqual(result.returncode, 5)
        self.assertIn('full speed', result.stderr)

        result = run('nvme0/../nvme1', 'on')
        self.assertEqual(result.returncode, 2)

        result = run('nvme0', 'sideways')
        self.assertEqual(result.returncode, 2)

    def test_cli_without_service(self):
        cli = tool('DRIVEDASH_CLI', 'src', 'cli', 'drivedash-cli')
        if cli is None:
            self.skipTest('drivedash-cli not built')
        fixture = ['--sysfs-root=' + self.bus.sysfs, '--udev-rules-dir=' + self.bus.rules,
                   '--state-dir=' + self.bus.state]
        env = dict(self.bus.env)
        env['DBUS_SYSTEM_BUS_ADDRESS'] = 'unix:path=/nonexistent'

        def run(args, prefix=()):
            result = subprocess.run(list(prefix) + [cli, 'game-mode'] + args + fixture, env=env,
                                    capture_output=True, text=True)
            print('$ %sdrivedash-cli game-mode %s  (exit %d)\n%s%s' %
                  (' '.join(prefix) + ' ' if prefix else '', ' '.join(args),
                   result.returncode, result.stdout, result.stderr))
            return result

        # Unprivileged and no service: a clear "needs permission".
        setpriv = shutil.which('setpriv')
        if setpriv is not None and os.geteuid() == 0:
            result = run(['nvme0', 'on'], prefix=[setpriv, '--reuid=65534', '--regid=65534',
                                                  '--clear-groups'])
            self.assertEqual(result.returncode, 4)
            self.assertIn('needs permission', result.stderr)
            self.assertEqual(self.read(LATENCY % 'nvme0'), b'100000\n')
            # Reading needs nothing.
            result = run(['nvme0', 'status', '--json'], prefix=[setpriv, '--reuid=65534',
                                                                '--regid=65534', '--clear-groups'])
            self.assertEqual(result.returncode, 0)
            self.assertEqual(json.loads(result.stdout)['source'], 'sysfs')

        if os.geteuid() != 0:
            return
        # As root it acts directly.
        result = run(['nvme0', 'on', '--json'])
        self.assertEqual(result.returncode, 0)
        self.assertEqual(json.loads(result.stdout)['source'], 'sysfs')
        self.assertEqual(self.read(LATENCY % 'nvme0'), b'0')
        result = run(['nvme0', 'off'])
        self.assertEqual(result.returncode, 0)
        self.assertEqual(self.read(LATENCY % 'nvme0'), b'100000')


    def test_cli_fixture_options_skip_the_service(self):
        # The service acts on the real system whatever paths the CLI was
        # given: with a fixture tree the CLI must not ask it.
        cli = tool('DRIVEDASH_CLI', 'src', 'cli', 'drivedash-cli')
        if cli is None or os.geteuid() != 0:
            self.skipTest('needs root and the tests\' drivedash-cli')
        self.bus.set_allowed(ALL_ACTIONS)
        fixture = ['--sysfs-root=' + self.bus.sysfs, '--udev-rules-dir=' + self.bus.rules,
                   '--state-dir=' + self.bus.state]
        for args in (['status'], ['on'], ['off']):
            result = subprocess.run([cli, 'game-mode', 'nvme0'] + args + ['--json'] + fixture,
                                    env=self.bus.env, capture_output=True, text=True)
            print('$ drivedash-cli game-mode nvme0 %s --json FIXTURE  (exit %d)\n%s%s' %
                  (args[0], result.returncode, result.stdout, result.stderr))
            self.assertEqual(result.returncode, 0)
            self.assertEqual(json.loads(result.stdout)['source'], 'sysfs')

    def test_installed_cli_refuses_fixture_options_as_root(self):
        cli = tool('DRIVEDASH_CLI_INSTALLED', 'src', 'cli', 'drivedash-cli')
        if cli is None or os.geteuid() != 0:
            self.skipTest('needs root and drivedash-cli')
        before = snapshot(self.bus.tmp)
        for option in ['--sysfs-root=' + self.bus.sysfs, '--udev-rules-dir=' + self.bus.rules,
                       '--state-dir=' + self.bus.state]:
            for action in ('on', 'off', 'status'):
                result = subprocess.run([cli, 'game-mode', 'nvme0', action, option],
                                        env=self.bus.env, capture_output=True, text=True)
                self.assertEqual(result.returncode, 2, result.stderr)
                self.assertIn('not accepted as root', result.stderr)
        print('installed drivedash-cli as root: %s' % result.stderr.strip())
        self.assertEqual(snapshot(self.bus.tmp), before)

        # Anyone else may point it at a tree: it acts with their own rights.
        setpriv = shutil.which('setpriv')
        if setpriv is not None:
            result = subprocess.run([setpriv, '--reuid=65534', '--regid=65534', '--clear-groups',
                                     cli, 'game-mode', 'nvme0', 'status', '--json',
                                     '--sysfs-root=' + self.bus.sysfs],
                                    env=self.bus.env, capture_output=True, text=True)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(json.loads(result.stdout)['source'], 'sysfs')


class NoPolkitTest(unittest.TestCase):
    '''Without polkit on the bus only root is allowed (as polkitd would).'''

    def test_root_only(self):
        with TestBus(polkit=False) as bus:
            (state,) = bus.call('GetGameMode', ('nvme0',), '(s)')
            self.assertEqual(state['controller'], 'nvme0')

            setpriv = shutil.which('setpriv')
            gdbus = shutil.which('gdbus')
            if setpriv is None or gdbus is None or os.geteuid() != 0:
                self.skipTest('needs root, setpriv and gdbus to call as another user')
            before = snapshot(bus.tmp)
            result = subprocess.run([setpriv, '--reuid=65534', '--regid=65534', '--clear-groups',
                                     gdbus, 'call', '--address', bus.address,
                                     '--dest', 'io.github.drivedash.Drivedash1',
                                     '--object-path', '/io/github/drivedash/Drivedash1',
                                     '--method', 'io.github.drivedash.Drivedash1.SetGameMode',
                                     'nvme0', 'true', 'false'],
                                    capture_output=True, text=True)
            print('as nobody without polkit: exit %d: %s' % (result.returncode, result.stderr.strip()))
            self.assertNotEqual(result.returncode, 0)
            self.assertIn('AccessDenied', result.stderr)
            self.assertEqual(snapshot(bus.tmp), before)


class LifecycleTest(unittest.TestCase):
    def test_idle_exit(self):
        with TestBus(polkit=True, service=False, idle_timeout=1) as bus:
            service = bus.start_service()
            # One call, then silence: it must leave by itself.
            bus.set_allowed([ACTION_READ])
            bus.call('GetGameMode', ('nvme0',), '(s)')
            self.assertEqual(service.wait(timeout=60), 0)

    def test_test_options_refused_on_system_bus(self):
        drivedashd = tool('DRIVEDASHD', 'src', 'service', 'drivedashd')
        for option in ['--sysfs-root=/tmp', '--udev-rules-dir=/tmp', '--state-dir=/tmp']:
            result = subprocess.run([drivedashd, option], capture_output=True, text=True,
                                    env={'PATH': os.environ.get('PATH', ''),
                                         'DBUS_SYSTEM_BUS_ADDRESS': 'unix:path=/nonexistent'})
            self.assertEqual(result.returncode, 2, result.stderr)
            self.assertIn('for tests', result.stderr)

    def test_second_instance_exits(self):
        with TestBus(polkit=True) as bus:
            drivedashd = tool('DRIVEDASHD', 'src', 'service', 'drivedashd')
            result = subprocess.run([drivedashd, '--bus-address=' + bus.address,
                                     '--sysfs-root=' + bus.sysfs, '--idle-timeout=0'],
                                    capture_output=True, text=True, timeout=60)
            self.assertEqual(result.returncode, 1)
            self.assertIsNone(bus.service.poll())


if __name__ == '__main__':
    unittest.main(verbosity=2)
