#!/usr/bin/python3
# test_cli_prometheus.py — `drivedash-cli health --format prometheus
# [--output FILE]` on a fixture sysfs tree: the printed text and the
# written file agree, the file is replaced atomically (mode 0644, no
# temporary file left), bad paths and bad options give plain errors with
# the documented exit codes, --json still works, and the command line in
# data/service/drivedash-prometheus.service passes systemd-analyze verify
# and runs.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'dbus'))
import drivedash_test_bus as bus  # noqa: E402

CLI = os.environ.get('DRIVEDASH_CLI_INSTALLED') or os.path.join(
    os.environ['DRIVEDASH_BUILD_ROOT'], 'src', 'cli', 'drivedash-cli')
UNIT_IN = os.path.join(os.environ['DRIVEDASH_SOURCE_ROOT'], 'data', 'service',
                       'drivedash-prometheus.service.in')
TIMER = os.path.join(os.environ['DRIVEDASH_SOURCE_ROOT'], 'data', 'service',
                     'drivedash-prometheus.timer')

# Issue 12, section 5.
ISSUE_NAMES = {
    'drivedash_nvme_temperature_celsius', 'drivedash_nvme_critical_warning',
    'drivedash_nvme_available_spare_ratio', 'drivedash_nvme_percentage_used_ratio',
    'drivedash_nvme_data_written_bytes_total', 'drivedash_nvme_data_read_bytes_total',
    'drivedash_nvme_power_on_seconds_total', 'drivedash_nvme_unsafe_shutdowns_total',
    'drivedash_nvme_media_errors_total', 'drivedash_nvme_error_log_entries_total',
    'drivedash_nvme_verdict', 'drivedash_nvme_info',
}


class PrometheusCliTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix='drivedash-prom-cli-')
        os.chmod(self.tmp, 0o755)
        self.sysfs = bus.make_fixture(self.tmp)
        self.textdir = os.path.join(self.tmp, 'textfile')
        os.mkdir(self.textdir)

    def tearDown(self):
        for dirpath, dirnames, _ in os.walk(self.tmp):
            for d in dirnames:
                os.chmod(os.path.join(dirpath, d), 0o755)
        shutil.rmtree(self.tmp, ignore_errors=True)

    def cli(self, *args, **kwargs):
        return subprocess.run([CLI, 'health', '--sysfs-root', self.sysfs] + list(args),
                              capture_output=True, text=True, timeout=60, **kwargs)

    def test_print_and_file_agree(self):
        printed = self.cli('--format', 'prometheus')
        self.assertEqual(printed.returncode, 0, printed.stderr)
        path = os.path.join(self.textdir, 'drivedash.prom')
        written = self.cli('--format', 'prometheus', '--output', path)
        self.assertEqual(written.returncode, 0, written.stderr)
        self.assertEqual(written.stdout, '')
        with open(path) as f:
            self.assertEqual(f.read(), printed.stdout)
        self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o644)
        self.assertEqual(os.listdir(self.textdir), ['drivedash.prom'])
        self.assertIn('drivedash_nvme_temperature_celsius{controller="nvme0"} 44.85\n', printed.stdout)
        self.assertIn('drivedash_nvme_info{controller="nvme1",model="QEMU NVMe Ctrl",serial="deadbeef",'
                      'firmware="7.2.0"} 1\n', printed.stdout)

        # Every family is one of the issue's, with HELP and TYPE, and
        # every sample has a controller label.
        types = set(re.findall(r'^# TYPE (\S+) ', printed.stdout, re.M))
        helps = set(re.findall(r'^# HELP (\S+) ', printed.stdout, re.M))
        self.assertTrue(types <= ISSUE_NAMES, types - ISSUE_NAMES)
        self.assertEqual(types, helps)
        for line in printed.stdout.splitlines():
            if not line.startswith('#'):
                self.assertIn(line.split('{')[0], types)
                self.assertRegex(line, r'^\w+\{controller="nvme[01]"')

        # Replaced, not appended to: one controller now.
        written = self.cli('nvme1', '--format', 'prometheus', '--output', path)
        self.assertEqual(written.returncode, 0, written.stderr)
        with open(path) as f:
            self.assertNotIn('nvme0', f.read())
        self.assertEqual(os.listdir(self.textdir), ['drivedash.prom'])

    def test_json_and_text(self):
        old = self.cli('--json')
        new = self.cli('--format', 'json')
        self.assertEqual(old.returncode, 0, old.stderr)
        self.assertEqual(new.stdout, old.stdout)
        self.assertIn('"drives"', old.stdout)
        both = self.cli('--json', '--format', 'json')
        self.assertEqual(both.stdout, old.stdout)
        self.assertEqual(self.cli('--format', 'text').stdout, self.cli().stdout)

    def assert_usage(self, result, words):
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn(words, result.stderr)
        self.assertEqual(result.stdout, '')

    def test_usage_errors(self):
        self.assert_usage(self.cli('--format', 'xml'), 'Unknown format “xml”. Use text, json or prometheus.')
        self.assert_usage(self.cli('--json', '--format', 'prometheus'), 'Give only one.')
        self.assert_usage(self.cli('--output', os.path.join(self.textdir, 'x.prom')),
                          '--output works only with --format prometheus.')
        self.assert_usage(self.cli('--format', 'prometheus', '--output', self.textdir),
                          'is a folder. Give the path of the file to write, for example %s/drivedash.prom'
                          % self.textdir)
        self.assertEqual(os.listdir(self.textdir), [])

    def test_missing_folder(self):
        path = os.path.join(self.tmp, 'no-such-folder', 'drivedash.prom')
        result = self.cli('--format', 'prometheus', '--output', path)
        self.assertEqual(result.returncode, 3, result.stderr)
        self.assertIn('The folder %s does not exist.' % os.path.dirname(path), result.stderr)
        self.assertFalse(os.path.exists(os.path.dirname(path)))

    def test_read_only_folder(self):
        path = os.path.join(self.textdir, 'drivedash.prom')
        with open(path, 'w') as f:
            f.write('old 1\n')
        os.chmod(path, 0o644)
        os.chmod(self.textdir, 0o555)
        # Root writes anywhere: run as nobody then.
        kwargs = {'user': 65534, 'group': 65534} if os.geteuid() == 0 else {}
        result = self.cli('--format', 'prometheus', '--output', path, **kwargs)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn('The metrics could not be written to %s: Permission denied.' % path, result.stderr)
        with open(path) as f:
            self.assertEqual(f.read(), 'old 1\n')
        self.assertEqual(os.listdir(self.textdir), ['drivedash.prom'])

    def unit(self):
        '''The service as installed, with bindir = the built drivedash-cli's folder.'''
        with open(UNIT_IN) as f:
            text = f.read().replace('@bindir@', os.path.dirname(os.path.abspath(CLI)))
        unitdir = os.path.join(self.tmp, 'units')
        os.mkdir(unitdir)
        path = os.path.join(unitdir, 'drivedash-prometheus.service')
        with open(path, 'w') as f:
            f.write(text)
        shutil.copy(TIMER, unitdir)
        return path, text

    def test_systemd_unit(self):
        path, text = self.unit()
        analyze = shutil.which('systemd-analyze')
        if analyze:
            result = subprocess.run([analyze, 'verify', '--man=no', path,
                                     os.path.join(os.path.dirname(path), 'drivedash-prometheus.timer')],
                                    capture_output=True, text=True, timeout=60, cwd=self.tmp)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            self.assertEqual(result.stderr, '')
        env = dict(re.findall(r'^Environment=(\w+)=(.*)$', text, re.M))
        # node_exporter's folder on Debian, also the one the sandbox opens.
        self.assertEqual(env['DRIVEDASH_TEXTFILE_DIR'], '/var/lib/prometheus/node-exporter')
        self.assertIn('\nReadWritePaths=-/var/lib/prometheus/node-exporter\n', text)
        env['DRIVEDASH_TEXTFILE_DIR'] = self.textdir
        exec_start = re.search(r'^ExecStart=(.*)$', text, re.M).group(1)
        argv = [re.sub(r'\$\{(\w+)\}', lambda m: env[m.group(1)], word) for word in shlex.split(exec_start)]
        self.assertEqual(argv[0], CLI if os.path.isabs(CLI) else os.path.abspath(CLI))
        result = subprocess.run(argv + ['--sysfs-root', self.sysfs], capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(os.path.join(self.textdir, 'drivedash.prom')) as f:
            self.assertIn('drivedash_nvme_verdict{controller="nvme0",verdict="good"} 1\n', f.read())


if __name__ == '__main__':
    unittest.main(testRunner=unittest.TextTestRunner(stream=sys.stdout, verbosity=2))
