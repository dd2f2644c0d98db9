#!/usr/bin/python3
# test_follow_games.py — drivedash-cli follow-games with Debian's real
# gamemoded on a private session bus and the real drivedashd (test mode)
# on a private system bus: a game registered through libgamemodeauto turns
# game mode on in the fixture sysfs, and off after; a setting the user
# chose is left alone; kill -9 of the follower during a game and drivedashd
# puts game mode back.  A follower stopped or dropped during a game, in a
# process that stays alive (the app when the setting goes off), puts game
# mode back itself (tests/game-follower-helper.c), and so does the app
# (Xvfb) when "game-mode-follows-games" or the watch is turned off
# mid-game; a follower stopped and replaced at once keeps game mode on.  The portal path (org.freedesktop.portal.GameMode
# Active) against a dbusmock object.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import (  # noqa: E402
    ACTION_GAME, ACTION_GAME_PERSISTENT, ACTION_READ, SERIAL, TestBus, build_path, wait_for_name, write)

import gi  # noqa: E402
gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib  # noqa: E402

LATENCY = 'class/nvme/nvme0/power/pm_qos_latency_tolerance_us'
RULE = '70-drivedash-game-mode-%s.rules' % SERIAL
CLI = os.environ.get('DRIVEDASH_CLI_INSTALLED') or build_path('src', 'cli', 'drivedash-cli')
HELPER = os.environ.get('GAME_FOLLOWER_HELPER') or build_path('tests', 'game-follower-helper')
APP = os.environ.get('DRIVEDASH_APP')
APP_ID = 'io.github.drivedash.Drivedash'


def app_env(env):
    """The GTK app under ASan draws too slowly with the slow unwinder that
    leak checking needs, as in ui-upkeep-dbus (tests/meson.build): it runs
    without leak checks; the CLI and drivedashd here keep theirs."""
    env = dict(env)
    if 'detect_leaks=1' in env.get('ASAN_OPTIONS', ''):
        env['ASAN_OPTIONS'] = 'detect_leaks=0:abort_on_error=1'
    return env
NO_APP = APP is None or shutil.which('xvfb-run') is None
GAMEMODED = shutil.which('gamemoded') or '/usr/bin/gamemoded'
AUTO = '/usr/lib/x86_64-linux-gnu/libgamemodeauto.so.0'
FERAL = 'com.feralinteractive.GameMode'
PORTAL = 'org.freedesktop.portal.Desktop'
PORTAL_PATH = '/org/freedesktop/portal/desktop'
PORTAL_IFACE = 'org.freedesktop.portal.GameMode'


def wait_until(condition, timeout=20, what='condition'):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError('timed out waiting for ' + what)
        time.sleep(0.1)


class SessionBus:
    '''A private session bus, as dbus-run-session makes one.'''

    def __enter__(self):
        self.daemon = subprocess.Popen(['dbus-daemon', '--session', '--nofork', '--print-address=1'],
                                       stdout=subprocess.PIPE, text=True)
        self.address = self.daemon.stdout.readline().strip()
        self.connection = Gio.DBusConnection.new_for_address_sync(
            self.address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
            Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        return self

    def __exit__(self, *exc):
        self.connection.close_sync(None)
        self.daemon.terminate()
        self.daemon.wait(10)
        self.daemon.stdout.close()
        return False


@unittest.skipIf(not os.path.exists(GAMEMODED) or not os.path.exists(AUTO),
                 'gamemode is not installed (build-aux/deps test)')
class FollowGamesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.bus = TestBus(polkit=True).__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.bus.__exit__(None, None, None)

    def setUp(self):
        write(self.bus.sysfs, LATENCY, '100000\n')
        shutil.rmtree(self.bus.rules, ignore_errors=True)
        shutil.rmtree(self.bus.state, ignore_errors=True)
        self.bus.set_allowed([ACTION_READ, ACTION_GAME, ACTION_GAME_PERSISTENT])
        self.session = SessionBus().__enter__()
        self.env = dict(self.bus.env)
        self.env['DBUS_SESSION_BUS_ADDRESS'] = self.session.address
        self.processes = []

    def tearDown(self):
        for p in reversed(self.processes):
            if p.poll() is None:
                p.terminate()
                p.wait(10)
            for stream in (p.stdout, p.stderr):
                if stream:
                    stream.close()
        self.session.__exit__(None, None, None)
        self.assertIsNone(self.bus.service.poll(), 'drivedashd died')

    def start(self, argv, env=None, **kw):
        p = subprocess.Popen(argv, env=env or self.env, **kw)
        self.processes.append(p)
        return p

    def start_gamemoded(self):
        p = self.start([GAMEMODED], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_name(self.session.connection, FERAL, p)

    def start_follower(self, *extra):
        p = self.start([CLI, 'follow-games', 'nvme0', *extra], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
        self.assertIn('Waiting for games', p.stdout.readline())
        return p

    def game(self, seconds):
        '''A "game": libgamemodeauto registers it with gamemoded.'''
        env = dict(self.env)
        env['LD_PRELOAD'] = AUTO
        p = subprocess.Popen(['sleep', str(seconds)], env=env)
        self.processes.append(p)
        return p

    def latency(self):
        with open(os.path.join(self.bus.sysfs, LATENCY)) as f:
            return f.read().strip()

    def rule_exists(self):
        return os.path.exists(os.path.join(self.bus.rules, RULE))

    def test_game_turns_on_then_off(self):
        self.start_gamemoded()
        follower = self.start_follower()
        game = self.game(3)
        wait_until(lambda: self.latency() == '0', what='game mode on during the game')
        self.assertIn('game mode is on', follower.stdout.readline())
        game.wait(30)
        wait_until(lambda: self.latency() == '100000', what='game mode off after the game')
        self.assertIn('back as it was', follower.stdout.readline())
        self.assertFalse(self.rule_exists())

    def test_gamemoded_started_later(self):
        follower = self.start_follower()
        time.sleep(0.5)
        self.start_gamemoded()
        game = self.game(3)
        wait_until(lambda: self.latency() == '0', what='game mode on during the game')
        game.wait(30)
        wait_until(lambda: self.latency() == '100000', what='game mode off after the game')
        self.assertIsNone(follower.poll())

    def test_users_persistent_setting_kept(self):
        self.bus.call('SetGameMode', ('nvme0', True, True), '(sbb)')
        self.assertTrue(self.rule_exists())
        self.start_gamemoded()
        follower = self.start_follower()
        game = self.game(2)
        game.wait(30)
        # Give the follower time to (wrongly) act on the end of the game.
        time.sleep(2)
        self.assertEqual(self.latency(), '0')
        self.assertTrue(self.rule_exists())
        self.assertIsNone(follower.poll())

    def test_users_setting_changed_during_game_kept(self):
        self.start_gamemoded()
        self.start_follower()
        game = self.game(4)
        wait_until(lambda: self.latency() == '0', what='game mode on during the game')
        # The user makes it permanent while playing: ours no longer.
        self.bus.call('SetGameMode', ('nvme0', True, True), '(sbb)')
        game.wait(30)
        time.sleep(2)
        self.assertEqual(self.latency(), '0')
        self.assertTrue(self.rule_exists())

    def test_kill_during_game_reverts(self):
        self.start_gamemoded()
        follower = self.start_follower()
        self.game(10)
        wait_until(lambda: self.latency() == '0', what='game mode on during the game')
        follower.send_signal(signal.SIGKILL)
        follower.wait(10)
        wait_until(lambda: self.latency() == '100000', what='drivedashd putting game mode back')

    def start_helper(self, *extra):
        '''A follower in a process that stays alive, as the app is.'''
        p = self.start([HELPER, 'nvme0', *extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.assertEqual(p.stdout.readline().strip(), 'waiting')
        return p

    def helper_command(self, helper, command):
        '''Sends command; returns what the helper printed before "done".'''
        helper.stdin.write(command + '\n')
        helper.stdin.flush()
        said = []
        for line in helper.stdout:
            if line.strip() == 'done':
                return said
            said.append(line.strip())
        self.fail('the helper ended after "%s": %s' % (command, said))

    def check_let_go_during_game_reverts(self, command):
        self.start_gamemoded()
        helper = self.start_helper()
        game = self.game(30)
        wait_until(lambda: self.latency() == '0', what='game mode on during the game')
        self.assertEqual(helper.stdout.readline().strip(), 'active 1')
        said = self.helper_command(helper, command)
        # The process keeps its (shared) system-bus connection: drivedashd
        # never sees it leave, so only the follower can put this back.  Not
        # a speed check: 10 s is room for a loaded machine; before the fix
        # it stayed on for good.
        wait_until(lambda: self.latency() == '100000', timeout=10,
                   what='game mode off after "%s" while the game still runs' % command)
        self.assertIsNone(game.poll(), 'the game ended: the test proves nothing')
        # Stopping tells that game mode is no longer on because of it.
        self.assertEqual(said, ['active 0'] if command == 'stop' else [])
        self.assertIsNone(helper.poll())
        self.assertFalse(self.rule_exists())
        helper.stdin.close()
        self.assertEqual(helper.wait(10), 0)

    def test_stop_during_game_reverts(self):
        self.check_let_go_during_game_reverts('stop')

    def test_drop_during_game_reverts(self):
        self.check_let_go_during_game_reverts('drop')

    def test_restart_during_game_keeps_game_mode(self):
        # "Game Mode While Playing" off and straight back on mid-game: the
        # old follower's switch-off and the new one's switch-on must not
        # overlap.  The helper delays every switch-off by 2 s (a test hook),
        # so that without ordering the new follower finds game mode still
        # on (not its to undo) and the old one then turns it off.
        self.start_gamemoded()
        helper = self.start_helper('2000')
        game = self.game(15)
        wait_until(lambda: self.latency() == '0', what='game mode on during the game')
        self.assertEqual(helper.stdout.readline().strip(), 'active 1')
        self.assertEqual(self.helper_command(helper, 'restart'), ['active 0'])
        # The new follower has switched (or found nothing to do).
        self.assertEqual(helper.stdout.readline().strip(), 'active 1')
        # Room for the delayed switch-off to come, if it still can.
        time.sleep(4)
        self.assertIsNone(game.poll(), 'the game ended: the test proves nothing')
        self.assertEqual(self.latency(), '0', 'game mode off while the game runs')
        game.wait(30)
        wait_until(lambda: self.latency() == '100000', what='game mode off after the game')
        self.assertEqual(helper.stdout.readline().strip(), 'active 0')
        self.assertFalse(self.rule_exists())
        helper.stdin.close()
        self.assertEqual(helper.wait(10), 0)

    def test_restart_while_switching_on_keeps_game_mode(self):
        # As above, but the old follower is stopped while its switch-on is
        # still to come (delayed 2 s, a test hook): its switch-off must
        # come after that switch-on and before the new follower's.
        self.start_gamemoded()
        helper = self.start_helper('0', '2000')
        game = self.game(15)
        # Printed just before the switch-on is queued, in the same turn.
        self.assertEqual(helper.stdout.readline().strip(), 'games 1')
        self.assertEqual(self.helper_command(helper, 'restart'), [])
        said = []
        while 'active 1' not in said:
            said.append(helper.stdout.readline().strip())
        self.assertEqual(said, ['games 1', 'active 1'])
        time.sleep(4)
        self.assertIsNone(game.poll(), 'the game ended: the test proves nothing')
        self.assertEqual(self.latency(), '0', 'game mode off while the game runs')
        game.wait(30)
        wait_until(lambda: self.latency() == '100000', what='game mode off after the game')
        self.assertFalse(self.rule_exists())
        helper.stdin.close()
        self.assertEqual(helper.wait(10), 0)

    def test_stop_keeps_users_persistent_setting(self):
        self.start_gamemoded()
        helper = self.start_helper()
        self.game(30)
        wait_until(lambda: self.latency() == '0', what='game mode on during the game')
        self.assertEqual(helper.stdout.readline().strip(), 'active 1')
        # The user keeps it on after restarts while playing: no longer ours.
        self.bus.call('SetGameMode', ('nvme0', True, True), '(sbb)')
        self.helper_command(helper, 'stop')
        # Give the follower time to (wrongly) turn it off.
        time.sleep(2)
        self.assertEqual(self.latency(), '0')
        self.assertTrue(self.rule_exists())
        self.assertIsNone(helper.poll())

    def gsettings(self, key, value):
        subprocess.run(['gsettings', 'set', APP_ID, key, value], env=self.env, check=True, timeout=30)

    def start_app(self, *args, **settings):
        '''The app under Xvfb, its settings in a keyfile that gsettings
        changes; its drives from the fixture tree drivedashd uses.'''
        tmp = tempfile.mkdtemp(prefix='drivedash-follow-app-')
        self.addCleanup(shutil.rmtree, tmp, True)
        self.env.update(GSETTINGS_BACKEND='keyfile', XDG_CONFIG_HOME=os.path.join(tmp, 'config'),
                        XDG_DATA_HOME=os.path.join(tmp, 'data'), DRIVEDASH_WATCH_SYSFS_ROOT=self.bus.sysfs)
        for key, value in settings.items():
            self.gsettings(key.replace('_', '-'), value)
        app = self.start(['xvfb-run', '-a', APP, *args], stdout=subprocess.DEVNULL, env=app_env(self.env))
        wait_for_name(self.session.connection, APP_ID, app)
        return app

    def check_app_lets_go(self, app, key):
        '''Game mode on during a game; key turned off: back at once.'''
        game = self.game(30)
        wait_until(lambda: self.latency() == '0', what='the app turning game mode on during the game')
        self.gsettings(key, 'false')
        wait_until(lambda: self.latency() == '100000', timeout=10,
                   what='game mode off after %s went off while the game still runs' % key)
        self.assertIsNone(game.poll(), 'the game ended: the test proves nothing')
        self.assertIsNone(app.poll(), 'the app exited: the test proves nothing')
        self.assertFalse(self.rule_exists())

    @unittest.skipIf(NO_APP, 'the app or xvfb-run is not built/installed')
    def test_app_setting_off_during_game_reverts(self):
        self.start_gamemoded()
        app = self.start_app('--background', game_mode_follows_games='true')
        self.check_app_lets_go(app, 'game-mode-follows-games')

    @unittest.skipIf(NO_APP, 'the app or xvfb-run is not built/installed')
    def test_app_watch_off_during_game_reverts(self):
        # With a window, so that the process stays when the watch stops.
        self.start_gamemoded()
        app = self.start_app(game_mode_follows_games='true', watch_in_background='true')
        self.check_app_lets_go(app, 'watch-in-background')

    def test_portal(self):
        mock = self.start([sys.executable, '-m', 'dbusmock', PORTAL, PORTAL_PATH, PORTAL_IFACE],
                          stdout=subprocess.DEVNULL)
        wait_for_name(self.session.connection, PORTAL, mock)
        conn = self.session.connection

        def mock_call(method, args, signature):
            conn.call_sync(PORTAL, PORTAL_PATH, 'org.freedesktop.DBus.Mock', method,
                           GLib.Variant(signature, args), None, Gio.DBusCallFlags.NONE, 10000, None)

        mock_call('AddProperty', (PORTAL_IFACE, 'Active', GLib.Variant('b', False)), '(ssv)')
        mock_call('AddProperty', (PORTAL_IFACE, 'version', GLib.Variant('u', 4)), '(ssv)')
        follower = self.start_follower('--portal')
        time.sleep(0.5)
        self.assertEqual(self.latency(), '100000')
        for active, expected in ((True, '0'), (False, '100000')):
            mock_call('UpdateProperties', (PORTAL_IFACE, {'Active': GLib.Variant('b', active)}), '(sa{sv})')
            wait_until(lambda: self.latency() == expected, what='portal Active=%s' % active)
        self.assertIsNone(follower.poll())


if __name__ == '__main__':
    unittest.main(testRunner=unittest.TextTestRunner(stream=sys.stdout, verbosity=2))
