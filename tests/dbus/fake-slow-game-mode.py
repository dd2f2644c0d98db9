#!/usr/bin/python3
# fake-slow-game-mode.py — a FAKE drivedashd for test-health-model
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Not the real service: it owns io.github.drivedash.Drivedash1 on the bus
# in DBUS_SYSTEM_BUS_ADDRESS (a private test bus) and answers only
# GetGameMode at once and SetGameMode after about a second, so that a test
# can refresh and hot-plug while a game-mode change is still under way.
# GetHealth is unknown (an installed service too old or broken) unless
# FAKE_GET_HEALTH says: "failed" (an error), "denied" (polkit said no) or
# "partial" (a report that lacks the error log).  FAKE_SET_GAME_MODE=denied
# makes SetGameMode refuse at once, as polkit does; "unknown" makes it an
# unknown method (a service too old for it).
# Prints "ready" once it owns the name.  Needs /usr/bin/python3 (python3-gi).

import os
import sys

import gi
gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib  # noqa: E402

XML = '''<node>
  <interface name="io.github.drivedash.Drivedash1">
    <method name="GetGameMode">
      <arg name="controller" type="s" direction="in"/>
      <arg name="state" type="a{sv}" direction="out"/>
    </method>
    <method name="GetHealth">
      <arg name="controller" type="s" direction="in"/>
      <arg name="health" type="a{sv}" direction="out"/>
    </method>
    <method name="SetGameMode">
      <arg name="controller" type="s" direction="in"/>
      <arg name="enabled" type="b" direction="in"/>
      <arg name="persistent" type="b" direction="in"/>
      <arg name="state" type="a{sv}" direction="out"/>
    </method>
  </interface>
</node>'''

DELAY_MS = int(os.environ.get('FAKE_SET_GAME_MODE_DELAY_MS', '1000'))
# GetGameMode answers with the state at the time of the call, after this
# delay: a read that starts during a change then arrives after it.
GET_DELAY_MS = int(os.environ.get('FAKE_GET_GAME_MODE_DELAY_MS', '0'))
GET_HEALTH = os.environ.get('FAKE_GET_HEALTH', '')
SET_GAME_MODE = os.environ.get('FAKE_SET_GAME_MODE', '')
state = {'enabled': False, 'persistent': False}


def get_health(controller, invocation):
    if GET_HEALTH == 'failed':
        invocation.return_dbus_error('org.freedesktop.DBus.Error.Failed', 'the drive did not answer')
    elif GET_HEALTH == 'denied':
        invocation.return_dbus_error('org.freedesktop.DBus.Error.AccessDenied', 'not authorized')
    elif GET_HEALTH == 'partial':
        invocation.return_value(GLib.Variant('(a{sv})', ({
            'controller': GLib.Variant('s', controller),
            'model': GLib.Variant('s', 'Fake NVMe'),
            'source': GLib.Variant('s', 'service'),
            'privileged': GLib.Variant('b', True),
            'has': GLib.Variant('u', 1 << 2),   # the temperature only
            'temperature_kelvin': GLib.Variant('q', 323),
            'missing': GLib.Variant('a(ss)', [('Error log', 'The drive refused the request.')]),
        },)))
    else:
        invocation.return_dbus_error('org.freedesktop.DBus.Error.UnknownMethod', 'no GetHealth here')


def reply_state(controller):
    return GLib.Variant('(a{sv})', ({
        'controller': GLib.Variant('s', controller),
        'supported': GLib.Variant('b', True),
        'enabled': GLib.Variant('b', state['enabled']),
        'persistent': GLib.Variant('b', state['persistent']),
        'latency-tolerance': GLib.Variant('s', '0' if state['enabled'] else '100000'),
    },))


def on_call(connection, sender, path, interface, method, params, invocation):
    if method == 'GetHealth':
        get_health(params[0], invocation)
        return
    if method == 'GetGameMode':
        reply = reply_state(params[0])
        if GET_DELAY_MS == 0:
            invocation.return_value(reply)
            return

        def answer():
            invocation.return_value(reply)
            return GLib.SOURCE_REMOVE

        GLib.timeout_add(GET_DELAY_MS, answer)
        return
    controller, enabled, persistent = params.unpack()
    if SET_GAME_MODE == 'denied':
        invocation.return_dbus_error('org.freedesktop.DBus.Error.AccessDenied', 'not authorized')
        return
    if SET_GAME_MODE == 'unknown':
        invocation.return_dbus_error('org.freedesktop.DBus.Error.UnknownMethod', 'no SetGameMode here')
        return

    def finish():
        state['enabled'] = enabled
        state['persistent'] = enabled and persistent
        sys.stderr.write('fake: SetGameMode(%s, %s, %s) done\n' % (controller, enabled, persistent))
        invocation.return_value(reply_state(controller))
        return GLib.SOURCE_REMOVE

    GLib.timeout_add(DELAY_MS, finish)


def main():
    loop = GLib.MainLoop()
    bus = Gio.DBusConnection.new_for_address_sync(
        os.environ['DBUS_SYSTEM_BUS_ADDRESS'],
        Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    bus.register_object('/io/github/drivedash/Drivedash1', info, on_call, None, None)

    def acquired(*args):
        print('ready', flush=True)

    Gio.bus_own_name_on_connection(bus, 'io.github.drivedash.Drivedash1',
                                   Gio.BusNameOwnerFlags.NONE, acquired, lambda *a: loop.quit())
    # The test closes our stdin when it is done.
    GLib.io_add_watch(GLib.IOChannel.unix_new(0), GLib.PRIORITY_DEFAULT,
                      GLib.IOCondition.HUP | GLib.IOCondition.IN, lambda *a: loop.quit())
    loop.run()


main()
