'''python3-dbusmock template: xdg-desktop-portal's Background interface.

RequestBackground(s parent_window, a{sv} options) -> o handle records the
call (GetMethodCalls on org.freedesktop.DBus.Mock shows the options) and,
like the real portal, answers with org.freedesktop.portal.Request.Response
on /org/freedesktop/portal/desktop/request/SENDER/TOKEN, SENDER being the
caller's unique name without ':' and with '.' turned into '_', TOKEN the
handle_token option.  The answer is set with
io.github.drivedash.Test.PortalMock.SetResponse(u response, b background).

SPDX-License-Identifier: GPL-3.0-or-later
'''

import time

import dbus
import dbusmock
from gi.repository import GLib

BUS_NAME = 'org.freedesktop.portal.Desktop'
MAIN_OBJ = '/org/freedesktop/portal/desktop'
MAIN_IFACE = 'org.freedesktop.portal.Background'
SYSTEM_BUS = False

REQUEST_IFACE = 'org.freedesktop.portal.Request'
CONTROL_IFACE = 'io.github.drivedash.Test.PortalMock'


def request_background(self, parent_window, options, sender=None):
    args = [parent_window, options]
    self.log('RequestBackground ' + str(args))
    self.call_log.append((int(time.time()), 'RequestBackground', args))
    self.MethodCalled('RequestBackground', args)
    token = str(options.get('handle_token', 'token'))
    path = '/org/freedesktop/portal/desktop/request/%s/%s' % (sender[1:].replace('.', '_'), token)
    if path not in dbusmock.get_objects():
        self.AddObject(path, REQUEST_IFACE, {}, [])
    response, background = self.portal_answer
    results = {'background': dbus.Boolean(background),
               'autostart': dbus.Boolean(bool(options.get('autostart', False)) and background)}

    # As the real portal: the handle first, the answer later.
    def respond():
        dbusmock.get_object(path).EmitSignal(REQUEST_IFACE, 'Response', 'ua{sv}',
                                             [dbus.UInt32(response), dbus.Dictionary(results, signature='sv')])
        return False
    GLib.idle_add(respond)
    return dbus.ObjectPath(path)


def load(mock, parameters):
    mock.portal_answer = (0, True)
    mock.AddProperties(MAIN_IFACE, {'version': dbus.UInt32(1)})
    # A method of dbus-python's own, for the caller's unique name, in
    # dbusmock's table so that it is found on this interface.
    method = dbus.service.method(MAIN_IFACE, in_signature='sa{sv}', out_signature='o',
                                 sender_keyword='sender')(request_background)
    mock.methods.setdefault(MAIN_IFACE, {})['RequestBackground'] = ('sa{sv}', 'o', '', method)
    mock.AddMethod(CONTROL_IFACE, 'SetResponse', 'ub', '',
                   'self.portal_answer = (int(args[0]), bool(args[1]))')
