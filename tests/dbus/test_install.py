#!/usr/bin/python3
# test_install.py — `meson install --destdir` puts drivedashd and its system
# files where the bus, systemd and polkit look for them.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import shutil
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

ACTIONS = {
    'io.github.drivedash.Drivedash.read-health': ('auth_admin', 'auth_admin', 'yes'),
    'io.github.drivedash.Drivedash.read-kernel-events': ('auth_admin', 'auth_admin', 'yes'),
    'io.github.drivedash.Drivedash.set-game-mode': ('auth_admin_keep', 'auth_admin_keep', 'yes'),
    'io.github.drivedash.Drivedash.set-game-mode-persistent': ('auth_admin_keep',) * 3,
    'io.github.drivedash.Drivedash.self-test': ('auth_admin_keep',) * 3,
}


class InstallTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.destdir = tempfile.mkdtemp(prefix='drivedash-service-install-')
        subprocess.run([os.environ.get('MESON', 'meson'), 'install', '--no-rebuild', '--quiet',
                        '-C', os.environ['DRIVEDASH_BUILD_ROOT'], '--destdir', cls.destdir],
                       check=True)
        cls.libexecdir = os.environ['SERVICE_LIBEXECDIR']
        cls.datadir = os.environ['SERVICE_DATADIR']
        cls.unitdir = os.environ['SERVICE_UNITDIR']

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.destdir, ignore_errors=True)

    def installed(self, *parts):
        path = os.path.join(self.destdir, *[p.lstrip('/') for p in parts])
        self.assertTrue(os.path.isfile(path), path + ' was not installed')
        print('installed:', os.path.join(*parts))
        return path

    def read(self, *parts):
        with open(self.installed(*parts)) as f:
            return f.read()

    def test_binary(self):
        path = self.installed(self.libexecdir, 'drivedashd')
        self.assertTrue(os.access(path, os.X_OK))
        result = subprocess.run([path, '--version'], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0)
        self.assertTrue(result.stdout.startswith('drivedashd '))

    def test_prometheus_units(self):
        bindir = os.path.join(os.path.dirname(self.libexecdir), 'bin')
        service = self.read(self.unitdir, 'drivedash-prometheus.service').splitlines()
        self.assertIn('Type=oneshot', service)
        self.assertIn('ExecStart=%s/drivedash-cli health --format prometheus '
                      '--output ${DRIVEDASH_TEXTFILE_DIR}/drivedash.prom' % bindir,
                      service)
        self.assertIn('ReadWritePaths=-/var/lib/prometheus/node-exporter', service)
        self.installed(bindir, 'drivedash-cli')
        timer = self.read(self.unitdir, 'drivedash-prometheus.timer').splitlines()
        self.assertIn('OnUnitActiveSec=1min', timer)
        self.assertIn('WantedBy=timers.target', timer)
        verify = shutil.which('systemd-analyze')
        if verify:
            unitdir = os.path.join(self.destdir, self.unitdir.lstrip('/'))
            result = subprocess.run([verify, 'verify', '--man=no',
                                     os.path.join(unitdir, 'drivedash-prometheus.timer'),
                                     os.path.join(unitdir, 'drivedash-prometheus.service')],
                                    capture_output=True, text=True)
            print(result.stdout + result.stderr)

    def test_dbus_activation(self):
        text = self.read(self.datadir, 'dbus-1', 'system-services', 'io.github.drivedash.Drivedash1.service')
        lines = text.splitlines()
        self.assertIn('[D-BUS Service]', lines)
        self.assertIn('Name=io.github.drivedash.Drivedash1', lines)
        self.assertIn('Exec=%s/drivedashd' % self.libexecdir, lines)
        self.assertIn('User=root', lines)
        self.assertIn('SystemdService=drivedashd.service', lines)

    def test_bus_policy(self):
        root = ET.parse(self.installed(self.datadir, 'dbus-1', 'system.d',
                                       'io.github.drivedash.Drivedash1.conf')).getroot()
        owners = [(p.get('user'), a.get('own')) for p in root.iter('policy') for a in p.iter('allow')
                  if a.get('own')]
        # Only root may own the name.
        self.assertEqual(owners, [('root', 'io.github.drivedash.Drivedash1')])

    def test_systemd_unit(self):
        text = self.read(self.unitdir, 'drivedashd.service')
        lines = text.splitlines()
        self.assertIn('Type=dbus', lines)
        self.assertIn('BusName=io.github.drivedash.Drivedash1', lines)
        self.assertIn('ExecStart=%s/drivedashd' % self.libexecdir, lines)
        for hardening in ['NoNewPrivileges=yes', 'ProtectSystem=strict', 'ProtectHome=yes',
                          'PrivateNetwork=yes', 'DevicePolicy=closed', 'DeviceAllow=char-nvme rw',
                          'CapabilityBoundingSet=CAP_SYS_ADMIN',
                          # /sys read-only but for the device tree, where game
                          # mode's pm_qos_latency_tolerance_us lives.
                          'ProtectKernelTunables=yes', 'ReadWritePaths=/sys/devices',
                          'ProtectProc=invisible', 'ProcSubset=pid']:
            self.assertIn(hardening, lines)

    def test_systemd_unit_exposure(self):
        '''systemd's own rating of the unit's sandbox (0 best, 10 worst): 1.9
        before ProtectKernelTunables/ProtectProc/ProcSubset, 1.6 with them.'''
        analyze = shutil.which('systemd-analyze')
        if analyze is None:
            self.skipTest('systemd-analyze is not installed')
        path = self.installed(self.unitdir, 'drivedashd.service')
        result = subprocess.run([analyze, 'security', '--offline=yes', '--no-pager', path],
                                capture_output=True, text=True)
        match = re.search(r'Overall exposure level for \S+: ([0-9.]+)', result.stdout)
        print(result.stdout.splitlines()[-1] if result.stdout else result.stderr)
        self.assertIsNotNone(match, result.stdout + result.stderr)
        self.assertLessEqual(float(match.group(1)), 1.6)

    def test_polkit_policy(self):
        root = ET.parse(self.installed(self.datadir, 'polkit-1', 'actions',
                                       'io.github.drivedash.Drivedash.policy')).getroot()
        found = {}
        for action in root.iter('action'):
            defaults = action.find('defaults')
            found[action.get('id')] = tuple(defaults.find(k).text for k in
                                            ('allow_any', 'allow_inactive', 'allow_active'))
            self.assertTrue(action.find('description').text)
            self.assertTrue(action.find('message').text)
        self.assertEqual(found, ACTIONS)

    def test_interface(self):
        root = ET.parse(self.installed(self.datadir, 'dbus-1', 'interfaces',
                                       'io.github.drivedash.Drivedash1.xml')).getroot()
        methods = {m.get('name') for m in root.iter('method')}
        self.assertEqual(methods, {'ListDrives', 'GetHealth', 'GetGameMode', 'SetGameMode', 'SetGameModeTemporary',
                                   'StartSelfTest', 'AbortSelfTest', 'GetSelfTestStatus', 'GetKernelEvents',
                                   'GetAppWrites'})


if __name__ == '__main__':
    unittest.main(verbosity=2)
