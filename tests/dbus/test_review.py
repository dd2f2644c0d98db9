#!/usr/bin/python3
# test_review.py — drivedash-cli review --game-mode-ab against the real
# drivedashd (test mode) on a private bus, at a tiny scale: every step runs
# with game mode off and then on through the service, a Stop (SIGINT)
# part way puts the user's state back and keeps the finished steps, and
# --resume carries on with the stopped step and ends with every step's run
# in the results history and game mode as it was.  logind is
# python3-dbusmock's template: the review holds a "sleep:idle" inhibitor
# while it runs and lets it go when it ends.
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
    ACTION_GAME, ACTION_GAME_PERSISTENT, ACTION_READ, TestBus, build_path, write)
from gi.repository import GLib  # noqa: E402

LATENCY = 'class/nvme/nvme0/power/pm_qos_latency_tolerance_us'
CLI = os.environ.get('DRIVEDASH_CLI') or build_path('src', 'cli', 'drivedash-cli')
# Every step at a tiny scale: what is tested is the flow, not the drive.
TINY = ['--length', 'quick', '--size', '4M', '--count', '1', '--repeat', '2', '--duration', '0.05',
        '--interval', '0', '--long-size', '8M', '--sustained-seconds', '3', '--round-seconds', '0.05',
        '--idle-seconds', '0.05', '--amount', '16M', '--series-interval', '0.5', '--allow-memory']
STEPS = [('speed', False), ('speed', True), ('sustained', False), ('sustained', True),
         ('consistency', False), ('consistency', True), ('adaptivity', False), ('adaptivity', True)]


class ReviewTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.bus = TestBus(polkit=True).__enter__()
        cls.bus.start([sys.executable, '-m', 'dbusmock', '--template', 'logind'], 'org.freedesktop.login1')

    @classmethod
    def tearDownClass(cls):
        cls.bus.__exit__(None, None, None)

    def setUp(self):
        write(self.bus.sysfs, LATENCY, '100000\n')
        shutil.rmtree(self.bus.rules, ignore_errors=True)
        shutil.rmtree(self.bus.state, ignore_errors=True)
        self.bus.set_allowed([ACTION_READ, ACTION_GAME, ACTION_GAME_PERSISTENT])
        self.tmp = tempfile.mkdtemp(prefix='drivedash-review-')
        self.target = os.path.join(self.tmp, 'target')
        os.mkdir(self.target)
        self.env = dict(self.bus.env)
        self.env['XDG_DATA_HOME'] = os.path.join(self.tmp, 'data')
        self.env['XDG_STATE_HOME'] = os.path.join(self.tmp, 'state')
        self.state_file = os.path.join(self.tmp, 'state', 'drivedash', 'review.json')

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)
        self.assertIsNone(self.bus.service.poll(), 'drivedashd died')

    def argv(self, *args):
        return [CLI, 'review', *args, '--sysfs-root=' + self.bus.sysfs,
                '--udev-rules-dir=' + self.bus.rules, '--state-dir=' + self.bus.state]

    def latency(self):
        with open(os.path.join(self.bus.sysfs, LATENCY)) as f:
            return f.read().strip()

    def state(self):
        '''The review the state file points to: the file holds only its id,
        the review's run in the history its whole state.'''
        with open(self.state_file) as f:
            pointer = json.load(f)
        self.assertEqual(sorted(pointer), ['review_id', 'version'])
        shown = self.history('show', str(pointer['review_id']))['runs'][0]
        self.assertEqual(shown['kind'], 'review')
        return shown['settings']

    def history(self, *args):
        result = subprocess.run([CLI, 'history', *args, '--json'], env=self.env,
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        return json.loads(result.stdout)

    def inhibitors(self):
        reply = self.bus.connection.call_sync(
            'org.freedesktop.login1', '/org/freedesktop/login1', 'org.freedesktop.login1.Manager',
            'ListInhibitors', None, GLib.VariantType('(a(ssssuu))'), 0, 5000, None)
        return [(i[0], i[1], i[3]) for i in reply.unpack()[0]]

    def wait_for_no_inhibitor(self):
        deadline = time.monotonic() + 20
        while self.inhibitors() and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(self.inhibitors(), [])

    def stop_after_step(self, done):
        '''Runs the review until step @done has finished and the next has
        begun, then stops it as Ctrl+C would.'''
        process = subprocess.Popen(self.argv('nvme0', '-t', self.target, '--game-mode-ab', *TINY),
                                   env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        line = ''
        while not line.startswith('Step %d of 8:' % (done + 1)):
            line = process.stderr.readline()
            self.assertNotEqual(line, '', 'the review ended before step %d' % (done + 1))
        # The computer is kept awake while it runs.
        self.assertEqual(self.inhibitors(), [('sleep:idle', 'Drivedash', 'block')])
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=120)
        self.assertEqual(process.returncode, 130, stderr)
        self.assertIn('--resume', stderr)
        return stdout

    def test_stop_and_resume(self):
        self.stop_after_step(2)
        self.wait_for_no_inhibitor()
        # Stopped in step 3 (Sustained, game mode off): the user's state is
        # back, the two speed steps are kept with their runs.
        self.assertEqual(self.latency(), '100000')
        steps = self.state()['steps']
        self.assertEqual([(s['kind'], s['game_mode']) for s in steps], STEPS)
        self.assertEqual([s['done'] for s in steps], [True, True] + [False] * 6)
        speed_ids = [s['run_id'] for s in steps[:2]]
        self.assertTrue(all(i > 0 for i in speed_ids))
        # Kept as stopped, also when the stop beat the test file (it comes
        # as soon as step 3 is announced): that one was saved as failed.
        # The review itself is listed as stopped, its two steps under it.
        stopped = [r for r in self.history('list')['runs'] if r['status'] == 'cancelled']
        self.assertEqual(sorted(r['kind'] for r in stopped), ['review', 'sustained'])
        review = [r for r in stopped if r['kind'] == 'review'][0]
        self.assertEqual([s['id'] for s in review['steps']], speed_ids)
        failed = [r for r in self.history('list')['runs'] if r['status'] == 'failed']
        self.assertEqual(failed, [])

        pdf = os.path.join(self.tmp, 'review.pdf')
        html = os.path.join(self.tmp, 'review.html')
        result = subprocess.run(self.argv('--resume', '--json', '--report-pdf', pdf, '--report-html', html),
                                env=self.env, capture_output=True, text=True, timeout=300)
        self.assertEqual(result.returncode, 0, result.stderr)
        # The whole review in one report, each run by its setting.
        with open(pdf, 'rb') as f:
            self.assertEqual(f.read(5), b'%PDF-')
        text = subprocess.run(['pdftotext', '-enc', 'UTF-8', pdf, '-'], capture_output=True, text=True,
                              check=True).stdout
        for words in ('Game mode off', 'Game mode on', 'Sustained', 'Consistency', 'Adaptivity'):
            self.assertIn(words, text)
        with open(html, encoding='utf-8') as f:
            page = f.read()
        self.assertIn('Game mode on', page)
        self.assertIn('Step 3 of 8: Sustained, game mode off', result.stderr)
        self.assertNotIn('Step 2 of 8:', result.stderr)
        out = json.loads(result.stdout)
        self.assertIs(out['restored_game_mode'], False)
        self.assertEqual(self.latency(), '100000')
        self.assertFalse(os.path.exists(os.path.join(self.bus.rules, '70-drivedash-game-mode-S4EWNX0R123456.rules')))
        self.assertEqual(out['steps'], self.state()['steps'])
        self.wait_for_no_inhibitor()
        self.assertTrue(all(s['done'] for s in out['steps']))
        ids = [s['run_id'] for s in out['steps']]
        self.assertEqual(ids[:2], speed_ids)
        self.assertEqual(len(set(ids)), 8)
        # The review's steps are listed under it, not on their own.
        runs = self.history('list')['runs']
        self.assertEqual([r['id'] for r in runs if r['kind'] == 'review'], [review['id']])
        listed = {s['id']: s for r in runs for s in r.get('steps', [])}
        self.assertEqual(sorted(listed), sorted(ids))
        kinds = {'speed': 'repeat-set', 'sustained': 'sustained', 'consistency': 'consistency',
                 'adaptivity': 'adaptivity'}
        for step in out['steps']:
            self.assertEqual(listed[step['run_id']]['kind'], kinds[step['kind']])
            self.assertEqual(listed[step['run_id']]['status'], 'done')
            # Named after the setting, so comparisons and the report say
            # which run had game mode on.
            self.assertEqual(listed[step['run_id']].get('name'),
                             'Game mode on' if step['game_mode'] else 'Game mode off')
        # Each speed run recorded what sysfs said as it began: the service
        # really switched game mode off, then on.
        for step in out['steps'][:2]:
            members = [r for r in self.history('show', str(step['run_id']))['runs']
                       if r['set_id'] == step['run_id']]
            self.assertEqual([r['game_mode'] for r in members], [step['game_mode']] * 2)
        # Resuming a finished review has nothing to do.
        again = subprocess.run(self.argv('--resume'), env=self.env, capture_output=True, text=True,
                               timeout=60)
        self.assertEqual(again.returncode, 3, again.stderr)
        self.assertIn('nothing to resume', again.stderr)

    def test_refused_without_permission(self):
        self.bus.set_allowed([ACTION_READ])
        result = subprocess.run(self.argv('nvme0', '-t', self.target, '--game-mode-ab', *TINY),
                                env=self.env, capture_output=True, text=True, timeout=120)
        self.assertEqual(result.returncode, 4, result.stderr)
        self.assertIn('no test was run', result.stderr)
        self.assertNotIn('Step 1', result.stderr)
        self.assertEqual(self.latency(), '100000')


if __name__ == '__main__':
    unittest.main(testRunner=unittest.TextTestRunner(stream=sys.stdout, verbosity=2))
