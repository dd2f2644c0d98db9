#!/usr/bin/python3
# test_ab_app.py — the app's game-mode A/B test (DrivedashAbModel, run by
# tests/ab-app-helper.c) against the real drivedashd (test mode) on a
# private bus: rounds really switch off/on, the user's state comes back
# after a normal end and after Stop, the rounds are saved as one A/B set.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drivedash_test_bus import ACTION_GAME, ACTION_READ, TestBus, write  # noqa: E402

LATENCY = 'class/nvme/nvme0/power/pm_qos_latency_tolerance_us'
HELPER = os.environ['AB_APP_HELPER']
CLI = os.environ['DRIVEDASH_CLI']


class AbAppTest(unittest.TestCase):
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
        self.bus.set_allowed([ACTION_READ, ACTION_GAME])
        self.tmp = tempfile.mkdtemp(prefix='drivedash-ab-app-')
        self.target = os.path.join(self.tmp, 'target')
        os.mkdir(self.target)
        self.env = dict(self.bus.env)
        self.env['XDG_DATA_HOME'] = os.path.join(self.tmp, 'data')

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)
        self.assertIsNone(self.bus.service.poll(), 'drivedashd died')

    def helper(self, *extra):
        return subprocess.run([HELPER, self.bus.sysfs, self.bus.rules, self.bus.state,
                               self.target, '2', *extra],
                              env=self.env, capture_output=True, text=True, timeout=240)

    def latency(self):
        with open(os.path.join(self.bus.sysfs, LATENCY)) as f:
            return f.read().strip()

    def history(self, *args):
        result = subprocess.run([CLI, 'history', *args, '--json'], env=self.env,
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def test_normal_end_restores_and_saves(self):
        result = self.helper()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn('status Round 4 of 4, game mode on…', result.stdout)
        self.assertIn('status Done. Game mode is back as it was.', result.stdout)
        self.assertIn('error 0', result.stdout)
        self.assertEqual(self.latency(), '100000')
        set_id = int(result.stdout.split('set ')[-1])
        self.assertGreater(set_id, 0)
        shown = self.history('show', str(set_id))
        rounds = [r for r in shown['runs'] if r['set_id'] == set_id]
        self.assertEqual([r['set_role'] for r in rounds], ['off', 'on', 'off', 'on'])
        # Each round recorded what sysfs had as it began: it really switched.
        self.assertEqual([r['game_mode'] for r in rounds], [False, True, False, True],
                         str([(r['id'], r['set_role'], r['game_mode'], r['started_at'], r['drive'].get('temperature_start_c')) for r in rounds]) + result.stdout)
        self.assertEqual(rounds[0]['drive']['model'], 'Fixture SSD 1TB')

    def test_stop_restores(self):
        result = self.helper('stop-at-on')
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn('status Stopped; game mode is back as it was.', result.stdout)
        self.assertEqual(self.latency(), '100000')
        self.assertIn('set 0', result.stdout)

    def test_refused_without_permission(self):
        self.bus.set_allowed([ACTION_READ])
        before = self.latency()
        result = self.helper()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn('status Game mode cannot be switched, so no test was run:', result.stdout)
        self.assertIn('error 1', result.stdout)
        self.assertNotIn('Round 1', result.stdout)
        self.assertEqual(self.latency(), before)


if __name__ == '__main__':
    unittest.main(verbosity=2)
