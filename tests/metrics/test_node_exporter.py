#!/usr/bin/python3
# test_node_exporter.py — drivedash-cli health --format prometheus --output
# FILE read by Debian's real prometheus-node-exporter on 127.0.0.1, fetched
# with curl and checked by name and value; the file is replaced between two
# scrapes.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'dbus'))
import drivedash_test_bus as bus  # noqa: E402

CLI = os.environ.get('DRIVEDASH_CLI_INSTALLED') or os.path.join(
    os.environ['DRIVEDASH_BUILD_ROOT'], 'src', 'cli', 'drivedash-cli')
EXPORTER = shutil.which('prometheus-node-exporter')
CURL = shutil.which('curl')


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def samples(text):
    '''{"name{labels}": value} of the exposition text.'''
    out = {}
    for line in text.splitlines():
        if line and not line.startswith('#'):
            key, value = line.rsplit(' ', 1)
            out[key] = float(value)
    return out


@unittest.skipIf(EXPORTER is None or CURL is None,
                 'prometheus-node-exporter or curl is not installed (build-aux/deps test)')
class NodeExporterTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix='drivedash-exporter-')
        bus.make_fixture(self.tmp)
        self.sysfs = os.path.join(self.tmp, 'sys')
        self.textdir = os.path.join(self.tmp, 'textfile')
        os.mkdir(self.textdir)
        self.port = free_port()
        self.exporter = subprocess.Popen(
            [EXPORTER, '--web.listen-address=127.0.0.1:%d' % self.port,
             '--collector.disable-defaults', '--collector.textfile',
             '--collector.textfile.directory=' + self.textdir],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def tearDown(self):
        self.exporter.terminate()
        self.exporter.wait(10)
        shutil.rmtree(self.tmp, ignore_errors=True)

    def write_metrics(self):
        result = subprocess.run([CLI, 'health', '--sysfs-root', self.sysfs, '--format', 'prometheus',
                                 '--output', os.path.join(self.textdir, 'drivedash.prom')],
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(os.listdir(self.textdir), ['drivedash.prom'])

    def scrape(self):
        url = 'http://127.0.0.1:%d/metrics' % self.port
        deadline = time.monotonic() + 30
        while True:
            result = subprocess.run([CURL, '-sf', url], capture_output=True, text=True, timeout=30)
            if result.returncode == 0:
                return samples(result.stdout)
            if time.monotonic() > deadline or self.exporter.poll() is not None:
                self.fail('node_exporter did not answer: ' + self.exporter.stderr.read().decode()
                          if self.exporter.poll() is not None else 'node_exporter did not answer')
            time.sleep(0.2)

    def test_served(self):
        self.write_metrics()
        got = self.scrape()
        self.assertEqual(got['node_textfile_scrape_error'], 0)
        self.assertEqual(got['drivedash_nvme_temperature_celsius{controller="nvme0"}'], 44.85)
        self.assertEqual(got['drivedash_nvme_verdict{controller="nvme0",verdict="good"}'], 1)
        info = [k for k in got if k.startswith('drivedash_nvme_info{controller="nvme0"')]
        self.assertEqual(len(info), 1, info)
        self.assertIn('model="Fixture SSD 1TB"', info[0])
        self.assertIn('serial="%s"' % bus.SERIAL, info[0])
        self.assertIn('firmware="2B2QEXM7"', info[0])
        self.assertIn('drivedash_nvme_info{controller="nvme1",firmware="7.2.0",model="QEMU NVMe Ctrl",'
                      'serial="deadbeef"}', got)
        # Only what sysfs has: no made-up SMART counters.
        self.assertFalse([k for k in got if k.startswith('drivedash_nvme_media_errors_total')])

        # A new reading replaces the file; the next scrape has it.  (The
        # kernel's hwmon value is the drive's whole kelvins in m°C.)
        bus.write(self.sysfs, 'class/nvme/nvme0/hwmon3/temp1_input', '71850\n')
        self.write_metrics()
        got = self.scrape()
        self.assertEqual(got['drivedash_nvme_temperature_celsius{controller="nvme0"}'], 71.85)
        self.assertEqual(got['node_textfile_scrape_error'], 0)


if __name__ == '__main__':
    unittest.main(testRunner=unittest.TextTestRunner(stream=sys.stdout, verbosity=2))
