'''python3-dbusmock template: a MOCK of fwupd's daemon interface, as much
of it as Drivedash reads (fwupd needs real firmware and its remote
metadata, which this machine and the test guest do not have).

org.freedesktop.fwupd on /: GetDevices() -> aa{sv} with fwupd's keys
(DeviceId, Name, Serial, Version, Plugin; libfwupd/fwupd-common.h) and
GetUpgrades(s device_id) -> aa{sv} (Version, Summary), failing with
org.freedesktop.fwupd.NothingToDo when nothing is offered and
org.freedesktop.fwupd.NotFound for an unknown id, as fwupd does.  Nothing
can be installed: Install is not there, so a call to it fails.
io.github.drivedash.Test.FwupdMock.AddDevice(s id, s serial, s version)
and AddRelease(s id, s version, s summary) fill it.

SPDX-License-Identifier: GPL-3.0-or-later
'''

import dbus

BUS_NAME = 'org.freedesktop.fwupd'
MAIN_OBJ = '/'
MAIN_IFACE = 'org.freedesktop.fwupd'
SYSTEM_BUS = True

CONTROL_IFACE = 'io.github.drivedash.Test.FwupdMock'


def load(mock, _parameters):
    mock.devices = {}
    mock.releases = {}
    mock.AddProperties(MAIN_IFACE, {'DaemonVersion': '1.8.6 (mock)'})


@dbus.service.method(MAIN_IFACE, in_signature='', out_signature='aa{sv}')
def GetDevices(self):
    return dbus.Array(list(self.devices.values()), signature='a{sv}')


@dbus.service.method(MAIN_IFACE, in_signature='s', out_signature='aa{sv}')
def GetUpgrades(self, device_id):
    if str(device_id) not in self.devices:
        raise dbus.exceptions.DBusException('Failed to find %s' % device_id,
                                            name='org.freedesktop.fwupd.NotFound')
    releases = self.releases.get(str(device_id), [])
    if not releases:
        raise dbus.exceptions.DBusException('No upgrades for device',
                                            name='org.freedesktop.fwupd.NothingToDo')
    return dbus.Array(releases, signature='a{sv}')


@dbus.service.method(CONTROL_IFACE, in_signature='sss', out_signature='')
def AddDevice(self, device_id, serial, version):
    self.devices[str(device_id)] = dbus.Dictionary({
        'DeviceId': dbus.String(device_id), 'Name': dbus.String('Fixture SSD 1TB'),
        'Serial': dbus.String(serial), 'Version': dbus.String(version),
        'Plugin': dbus.String('nvme')}, signature='sv')


@dbus.service.method(CONTROL_IFACE, in_signature='sss', out_signature='')
def AddRelease(self, device_id, version, summary):
    self.releases.setdefault(str(device_id), []).append(dbus.Dictionary({
        'Version': dbus.String(version), 'Summary': dbus.String(summary)}, signature='sv'))
