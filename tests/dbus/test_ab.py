#!/usr/bin/python3
# test_ab.py — drivedash-cli ab against the real drivedashd (test mode) on a
# private bus: rounds alternate off/on through the service, the user's
# state (off; on and kept across restarts) is restored after a normal end,
# after Ctrl+C and — by the service, which sees the client leave the bus —
# after kill -9; refusals come before any round, the rounds are kept in the
# results history.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run by meson (suite "dbus"); needs Debian's /usr/bin/python3 with
# python3-gi and python3-dbusmock, and dbus-daemon.

import json
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
    ACTION_GAME, ACTION_GAME_PERSISTENT, ACTION_READ, SERIAL, TestBus, build_path, snapshot, write)

LATENCY = 'class/nvme/nvme0/power/pm_qos_latency_tolerance_us'
RULE = '70-drivedash-game-mode-%s.rules' % SERIAL
CLI = os.environ.get('DRIVEDASH_CLI') or build_path('src', 'cli', 'drivedash-cli')
# A tiny benchmark: what is tested here is the switching, not the drive.
SMALL = ['--test', 'SEQ128K Q1T1', '--mode', 'read', '--size', '4M', '--duration', '0.1',
         '--count', '3', '--interval', '0', '--pause', '0']


class AbTest(unittest.TestCase):
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
        self.tmp = tempfile.mkdtemp(prefix='drivedash-ab-')
        self.target = os.path.join(self.tmp, 'target')
        os.mkdir(self.target)
        self.env = dict(self.bus.env)
        self.env['XDG_DATA_HOME'] = os.path.join(self.tmp, 'data')

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)
        self.assertIsNone(self.bus.service.poll(), 'drivedashd died')

    def argv(self, *args):
        return [CLI, *args, '--sysfs-root=' + self.bus.sysfs,
                '--udev-rules-dir=' + self.bus.rules, '--state-dir=' + self.bus.state]

    def cli(self, *args):
        return subprocess.run(self.argv(*args), env=self.env, capture_output=True, text=True,
                              timeout=120)

    def ab(self, *extra):
        return self.cli('ab', '--controller', 'nvme0', '--target', self.target, *SMALL, *extra)

    def latency(self):
        with open(os.path.join(self.bus.sysfs, LATENCY)) as f:
            return f.read().strip()

    def history(self, *args):
        result = subprocess.run([CLI, 'history', *args, '--json'], env=self.env,
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def rounds_of(self, set_id):
        shown = self.history('show', str(set_id))
        return [r for r in shown['runs'] if r['set_id'] == set_id]

    def test_normal_end_restores_off(self):
        result = self.ab('--rounds', '2', '--json')
        self.assertEqual(result.returncode, 0, result.stderr)
        out = json.loads(result.stdout)
        self.assertEqual(out['rounds_per_side'], 2)
        self.assertIs(out['restored_game_mode'], False)
        self.assertEqual(self.latency(), '100000')
        self.assertFalse(os.path.exists(os.path.join(self.bus.rules, RULE)))
        test = out['tests'][0]
        self.assertEqual((test['test'], test['mode']), ('SEQ128K Q1T1', 'read'))
        self.assertIn(test['verdict'], ('no-measurable-difference', 'faster', 'slower', 'cannot-tell'))
        self.assertEqual([r['game_mode'] for r in test['runs']], ['off', 'on'])
        self.assertEqual([r['n'] for r in test['runs']], [2, 2])
        # Each round recorded the state sysfs had as it began: the service
        # really switched, off, on, off, on.
        rounds = self.rounds_of(out['id'])
        self.assertEqual([r['set_role'] for r in rounds], ['off', 'on', 'off', 'on'])
        self.assertEqual([r['game_mode'] for r in rounds], [False, True, False, True])
        self.assertEqual(rounds[0]['drive']['model'], 'Fixture SSD 1TB')
        listed = self.history('list')['runs']
        self.assertEqual([r['kind'] for r in listed], ['ab-set'])

    def test_normal_end_restores_persistent_on(self):
        result = self.cli('game-mode', 'nvme0', 'on', '--persistent')
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.latency(), '0')
        result = self.ab('--rounds', '2', '--no-save')
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.latency(), '0')
        self.assertTrue(os.path.exists(os.path.join(self.bus.rules, RULE)))
        self.assertIn('Game mode is on again', result.stdout)
        self.assertNotIn('Saved as run', result.stdout)

    def test_stop_restores(self):
        process = subprocess.Popen(self.argv('ab', '--controller', 'nvme0', '--target', self.target,
                                             *SMALL, '--rounds', '50'),
                                   env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        # Wait for an "on" round, then Ctrl+C.
        line = ''
        while 'game mode on' not in line:
            line = process.stderr.readline()
            self.assertNotEqual(line, '', 'ab ended before an "on" round')
        self.assertEqual(self.latency(), '0')
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
        self.assertEqual(process.returncode, 130, stderr)
        self.assertIn('Stopped', stderr)
        self.assertEqual(self.latency(), '100000')
        listed = self.history('list')['runs']
        self.assertEqual(len(listed), 1)
        self.assertEqual(listed[0]['status'], 'cancelled')

    def wait_for_files(self, present):
        deadline = time.monotonic() + 120
        while bool(os.listdir(self.target)) != present:
            self.assertLess(time.monotonic(), deadline, 'the test file never %s' % (
                'appeared' if present else 'went away'))
            time.sleep(0.001)

    def test_stop_in_pause(self):
        """A stop between rounds ends the hour-long rest at once."""
        self.assertEqual(SMALL[-2:], ['--pause', '0'])
        process = subprocess.Popen(self.argv('ab', '--controller', 'nvme0', '--target', self.target,
                                             *SMALL[:-2], '--pause', '3600', '--rounds', '2'),
                                   env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        # Round 1 made its test file and removed it: the rest has begun.
        self.wait_for_files(True)
        self.wait_for_files(False)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
        self.assertEqual(process.returncode, 130, stderr)
        self.assertIn('Stopped', stderr)
        self.assertEqual(self.latency(), '100000')

    def test_refused_without_apst(self):
        before = snapshot(self.bus.sysfs)
        result = self.cli('ab', '--controller', 'nvme1', '--target', self.target, *SMALL)
        self.assertEqual(result.returncode, 5, result.stderr)
        self.assertIn('no automatic power saving', result.stderr)
        self.assertIn('no test was run', result.stderr)
        self.assertEqual(snapshot(self.bus.sysfs), before)

    def test_refused_without_permission(self):
        self.bus.set_allowed([ACTION_READ])
        result = self.ab('--rounds', '2')
        self.assertEqual(result.returncode, 4, result.stderr)
        self.assertIn('no test was run', result.stderr)
        self.assertNotIn('Round', result.stderr)
        self.assertEqual(self.latency(), '100000')

    def kill_during_on_round(self):
        process = subprocess.Popen(self.argv('ab', '--controller', 'nvme0', '--target', self.target,
                                             *SMALL, '--rounds', '50'),
                                   env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   text=True)
        line = ''
        while 'game mode on' not in line:
            line = process.stderr.readline()
            self.assertNotEqual(line, '', 'ab ended before an "on" round')
        self.assertEqual(self.latency(), '0')
        process.kill()
        process.wait()
        process.stderr.close()

    def wait_for_latency(self, value):
        deadline = time.monotonic() + 20
        while self.latency() != value and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(self.latency(), value)

    def test_kill_restores(self):
        # kill -9 gives ab no chance: drivedashd puts the state back when
        # the client leaves the bus.
        self.kill_during_on_round()
        self.wait_for_latency('100000')
        self.assertFalse(os.path.exists(os.path.join(self.bus.rules, RULE)))

    def test_kill_restores_persistent_on(self):
        result = self.cli('game-mode', 'nvme0', 'on', '--persistent')
        self.assertEqual(result.returncode, 0, result.stderr)
        self.kill_during_on_round()
        # The rounds removed the rule; the service writes it back.
        deadline = time.monotonic() + 20
        while not os.path.exists(os.path.join(self.bus.rules, RULE)) and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertTrue(os.path.exists(os.path.join(self.bus.rules, RULE)))
        self.assertEqual(self.latency(), '0')


if __name__ == '__main__':
    unittest.main(testRunner=unittest.TextTestRunner(stream=sys.stdout, verbosity=2))
