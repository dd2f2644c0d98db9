'''python3-dbusmock template: a MOCK of systemd's manager, as much of it
as weekly trim uses.  Neither this machine nor the QEMU guest of the vm
suite runs systemd as PID 1, so the real one cannot answer here.

Manager methods, with systemd's signatures (src/core/dbus-manager.c):
GetUnitFileState(s) -> s, LoadUnit(s) -> o, GetUnit(s) -> o,
EnableUnitFiles(as files, b runtime, b force) -> (b, a(sss)), Reload(),
StartUnit(s name, s mode) -> o.  An unknown unit file fails with
org.freedesktop.systemd1.NoSuchUnit, as systemd does.  Each unit object
has org.freedesktop.systemd1.Unit (ActiveState, UnitFileState) and, for
timers, org.freedesktop.systemd1.Timer (LastTriggerUSec).

Like systemd, EnableUnitFiles, Reload and StartUnit ask "polkit": here a
flag set with io.github.drivedash.Test.SystemdMock.SetAllowed(b); they
fail with org.freedesktop.DBus.Error.AccessDenied when it is false.
Every call's ALLOW_INTERACTIVE_AUTHORIZATION flag is kept and read back
with GetInteractiveCalls() -> a(sb).  AddTimer(s name, s file_state,
t last_trigger_usec) adds a timer unit.  Subscribe() and Unsubscribe()
count subscribers (GetSubscribers() -> i); while there are some,
StartUnit's job ends with JobRemoved(u id, o job, s unit, s result),
result "done" unless SetJobResult(s) said otherwise (then the timer
stays inactive).

SPDX-License-Identifier: GPL-3.0-or-later
'''

import dbus
from dbusmock import mockobject
from gi.repository import GLib

BUS_NAME = 'org.freedesktop.systemd1'
MAIN_OBJ = '/org/freedesktop/systemd1'
MAIN_IFACE = 'org.freedesktop.systemd1.Manager'
SYSTEM_BUS = True

UNIT_IFACE = 'org.freedesktop.systemd1.Unit'
TIMER_IFACE = 'org.freedesktop.systemd1.Timer'
CONTROL_IFACE = 'io.github.drivedash.Test.SystemdMock'


def load(mock, _parameters):
    mock.units = {}
    mock.allowed = True
    mock.interactive = []
    mock.next_job = 1
    mock.job_result = 'done'
    mock.subscribers = 0
    mock.AddProperties(MAIN_IFACE, {'Version': 'v252 (mock)'})


def unit_path(name):
    return '/org/freedesktop/systemd1/unit/' + name.replace('.', '_2e').replace('-', '_2d')


def no_such_unit(name):
    return dbus.exceptions.DBusException('Unit %s not found.' % name,
                                         name='org.freedesktop.systemd1.NoSuchUnit')


def note(self, method, message):
    self.interactive.append((method, bool(message.get_allow_interactive_authorization())))


def check_allowed(self):
    if not self.allowed:
        raise dbus.exceptions.DBusException('Access denied',
                                            name='org.freedesktop.DBus.Error.AccessDenied')


def unit(name):
    return mockobject.objects[unit_path(name)]


@dbus.service.method(MAIN_IFACE, in_signature='s', out_signature='s', message_keyword='message')
def GetUnitFileState(self, name, message=None):
    note(self, 'GetUnitFileState', message)
    if str(name) not in self.units:
        raise no_such_unit(name)
    return unit(name).Get(UNIT_IFACE, 'UnitFileState')


@dbus.service.method(MAIN_IFACE, in_signature='s', out_signature='o', message_keyword='message')
def LoadUnit(self, name, message=None):
    note(self, 'LoadUnit', message)
    if str(name) not in self.units:
        raise no_such_unit(name)
    return unit_path(name)


@dbus.service.method(MAIN_IFACE, in_signature='s', out_signature='o')
def GetUnit(self, name):
    if str(name) not in self.units:
        raise no_such_unit(name)
    return unit_path(name)


@dbus.service.method(MAIN_IFACE, in_signature='asbb', out_signature='ba(sss)', message_keyword='message')
def EnableUnitFiles(self, files, _runtime, _force, message=None):
    note(self, 'EnableUnitFiles', message)
    check_allowed(self)
    changes = []
    for name in files:
        if str(name) not in self.units:
            raise no_such_unit(name)
        unit(name).UpdateProperties(UNIT_IFACE, {'UnitFileState': 'enabled'})
        changes.append(('symlink', '/etc/systemd/system/timers.target.wants/' + name,
                        '/lib/systemd/system/' + name))
    return (True, changes)


@dbus.service.method(MAIN_IFACE, in_signature='', out_signature='', message_keyword='message')
def Reload(self, message=None):
    note(self, 'Reload', message)
    check_allowed(self)


@dbus.service.method(MAIN_IFACE, in_signature='ss', out_signature='o', message_keyword='message')
def StartUnit(self, name, _mode, message=None):
    note(self, 'StartUnit', message)
    check_allowed(self)
    if str(name) not in self.units:
        raise no_such_unit(name)
    result = self.job_result
    if result == 'done':
        unit(name).UpdateProperties(UNIT_IFACE, {'ActiveState': 'active'})
    self.next_job += 1
    job_id = self.next_job
    job = '/org/freedesktop/systemd1/job/%d' % job_id
    # After the reply, as systemd does for a job that runs at once; only
    # while someone is subscribed, as systemd sends job signals.
    if self.subscribers > 0:
        GLib.idle_add(lambda: self.EmitSignal(MAIN_IFACE, 'JobRemoved', 'uoss',
                                              [dbus.UInt32(job_id), job, name, result]) and False)
    return job


@dbus.service.method(MAIN_IFACE, in_signature='', out_signature='')
def Subscribe(self):
    self.subscribers += 1


@dbus.service.method(MAIN_IFACE, in_signature='', out_signature='')
def Unsubscribe(self):
    self.subscribers -= 1


@dbus.service.method(CONTROL_IFACE, in_signature='s', out_signature='')
def SetJobResult(self, result):
    self.job_result = str(result)


@dbus.service.method(CONTROL_IFACE, in_signature='', out_signature='i')
def GetSubscribers(self):
    return self.subscribers


@dbus.service.method(CONTROL_IFACE, in_signature='sst', out_signature='')
def AddTimer(self, name, file_state, last_trigger):
    self.units[str(name)] = True
    self.AddObject(unit_path(name), UNIT_IFACE,
                   {'Id': name, 'LoadState': 'loaded',
                    'ActiveState': 'active' if file_state == 'enabled' else 'inactive',
                    'UnitFileState': file_state}, [])
    unit(name).AddProperties(TIMER_IFACE, {'LastTriggerUSec': dbus.UInt64(last_trigger),
                                           'NextElapseUSecRealtime': dbus.UInt64(0)})


@dbus.service.method(CONTROL_IFACE, in_signature='b', out_signature='')
def SetAllowed(self, allowed):
    self.allowed = bool(allowed)


@dbus.service.method(CONTROL_IFACE, in_signature='', out_signature='a(sb)')
def GetInteractiveCalls(self):
    return self.interactive
