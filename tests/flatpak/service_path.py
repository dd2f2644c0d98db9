# service_path.py — the sandboxed app's way to privileged data: the host's
# drivedashd over the system bus, through Flatpak's D-Bus proxy; and what it
# sees of sysfs when there is no service.  Part of test_sandbox.py.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import subprocess
import sys
import time

import gi
gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'dbus'))
import drivedash_test_bus as tb  # noqa: E402

CLI = 'drivedash-cli'
NOT_LISTED = 'io.github.drivedash.NotListed'
LATENCY = 'class/nvme/nvme0/power/pm_qos_latency_tolerance_us'


def crashed(rc):
    return rc < 0 or rc >= 124


def test_sysfs(session, result, build_root):
    '''Before any service runs: what /sys shows in the sandbox, and the
    unprivileged path (sysfs, no root, no service) ends in plain words.'''
    script = r'''
for d in /sys/class/nvme /sys/class/hwmon; do
  if [ -d $d ]; then echo "$d: $(ls $d | wc -l) entries: $(ls $d | tr '\n' ' ')"; else echo "$d: absent"; fi
done
for h in /sys/class/hwmon/*; do [ -e "$h/name" ] && echo "$h: $(cat $h/name) $(cat $h/temp1_input 2>/dev/null)"; done
# /sys itself is a tmpfs in the sandbox; what matters is the host's trees in it.
for d in /sys/class /sys/devices; do
  if touch $d/drivedash-probe 2>/dev/null; then echo "$d: WRITABLE"; else echo "$d: read-only"; fi
done
'''
    rc, seen = session.sandbox_sh(script)
    host = {d: sorted(os.listdir(d)) if os.path.isdir(d) else None
            for d in ['/sys/class/nvme', '/sys/class/hwmon']}
    same = all(('%s: absent' % d in seen) if host[d] is None else
               ('%s: %d entries' % (d, len(host[d])) in seen) for d in host)
    case = ('this machine has no NVMe drive: /sys/class/nvme is absent on the host and in the sandbox'
            if host['/sys/class/nvme'] is None else
            'the sandbox sees the host\'s %d NVMe controller(s) read-only' % len(host['/sys/class/nvme']))
    result(rc == 0 and same and '/sys/class: read-only' in seen and '/sys/devices: read-only' in seen,
           '/sys/class/nvme and /sys/class/hwmon in the sandbox are the host\'s, read-only',
           'host: %r\nsandbox:\n%s\ncase seen: %s' % (host, seen.strip(), case))

    listing = session.flatpak_run(['list'], command=CLI, timeout=60)
    health = session.flatpak_run(['health'], command=CLI, timeout=60)
    text = '\n'.join('%s: exit %d\n%s%s' % (name, r.returncode, r.stdout, r.stderr)
                     for name, r in [('drivedash-cli list', listing), ('drivedash-cli health', health)])
    ok = not crashed(listing.returncode) and not crashed(health.returncode) and \
        'Traceback' not in text and 'CRITICAL' not in text and 'WARNING' not in text
    if host['/sys/class/nvme'] is None:
        ok = ok and 'No NVMe drives found' in listing.stdout + listing.stderr
    result(ok, 'without a service, the sysfs path in the sandbox ends gracefully (%s)' %
           ('no drive' if host['/sys/class/nvme'] is None else 'drives listed'), text)


class ServiceBus:
    '''drivedashd, dbusmock's polkitd and a name the manifest does not list,
    on a private system-type bus with the project's own policy.'''

    def __init__(self, session, source_root, build_root, home):
        self.session = session
        policy = os.path.join(source_root, 'data', 'service', 'io.github.drivedash.Drivedash1.conf')
        self.address = session.start_system_bus(policy)
        self.connection = Gio.DBusConnection.new_for_address_sync(
            self.address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
            Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        # The service's view only: the sandbox asks for nvme0 by name.
        self.root = os.path.join(session.tmp, 'service-fixture')
        self.sysfs = tb.make_fixture(self.root)
        self.start(['/usr/bin/python3', '-m', 'dbusmock', '--template', 'polkitd'], tb.POLKIT_NAME)
        self.start(['/usr/bin/python3', '-m', 'dbusmock', '--system', NOT_LISTED,
                    '/io/github/drivedash/NotListed', NOT_LISTED], NOT_LISTED)
        # drivedashd refuses its test options on the system bus, which for it
        # is where DBUS_SYSTEM_BUS_ADDRESS points: not at this test bus.
        self.start([os.path.join(build_root, 'src', 'service', 'drivedashd'),
                    '--bus-address=' + self.address, '--sysfs-root=' + self.sysfs,
                    '--udev-rules-dir=' + os.path.join(self.root, 'rules.d'),
                    '--state-dir=' + os.path.join(self.root, 'state'), '--idle-timeout=0'],
                   tb.SERVICE_NAME, env=dict(session.env, DBUS_SYSTEM_BUS_ADDRESS='unix:path=/nonexistent'))

    def start(self, argv, name, env=None):
        process = self.session.spawn_root(argv, stdout=subprocess.DEVNULL, **({'env': env} if env else {}))
        tb.wait_for_name(self.connection, name, process)

    def call(self, dest, path, iface, method, args=None, signature=None):
        params = GLib.Variant(signature, args) if signature else None
        return self.connection.call_sync(dest, path, iface, method, params, None,
                                         Gio.DBusCallFlags.NONE, 30000, None).unpack()

    def set_allowed(self, actions):
        self.call(tb.POLKIT_NAME, tb.POLKIT_PATH, tb.MOCK_IFACE, 'SetAllowed', (actions,), '(as)')

    def latency(self):
        with open(os.path.join(self.sysfs, LATENCY)) as f:
            return f.read().strip()


def cli_json(session, args, host_cli=None):
    if host_cli:
        out = session.run([host_cli] + args + ['--json'], timeout=60)
    else:
        out = session.flatpak_run(args + ['--json'], command=CLI, timeout=60)
    if out.returncode != 0:
        raise RuntimeError('%s drivedash-cli %s: exit %d\n%s%s' % ('host' if host_cli else 'sandboxed',
                           ' '.join(args), out.returncode, out.stdout, out.stderr))
    return json.loads(out.stdout)


def test_health(svc, session, result, build_root):
    svc.set_allowed(tb.ALL_ACTIONS)
    args = ['health', 'nvme0']
    inside = cli_json(session, args)['drives'][0]
    outside = cli_json(session, args, os.path.join(build_root, 'src', 'cli', 'drivedash-cli'))['drives'][0]
    (direct,) = svc.call(tb.SERVICE_NAME, tb.SERVICE_PATH, tb.SERVICE_IFACE, 'GetHealth', ('nvme0',), '(s)')
    same = inside == outside
    ok = same and inside.get('source') == 'service' and inside.get('serial') == tb.SERIAL and \
        inside.get('temperature_kelvin') == 318 and direct.get('serial') == tb.SERIAL
    result(ok, 'the sandboxed CLI (the app\'s client code) gets the fixture drive\'s health from the service, '
           'the same report as outside the sandbox',
           'sandbox: %s\nsame as unsandboxed: %s' % (json.dumps(inside, ensure_ascii=False)[:1200], same))

    svc.set_allowed([])
    denied = session.flatpak_run(args, command=CLI, timeout=60)
    svc.set_allowed(tb.ALL_ACTIONS)
    text = (denied.stdout + denied.stderr).strip()
    result(not crashed(denied.returncode) and denied.returncode != 0 and text != '',
           'polkit saying no to the sandboxed caller ends in an error for people, not a crash',
           'exit %d: %s' % (denied.returncode, text))


def test_game_mode(svc, session, result):
    svc.set_allowed(tb.ALL_ACTIONS)
    base = ['game-mode', 'nvme0']
    before = svc.latency()
    on = cli_json(session, base + ['on'])
    after_on = svc.latency()
    (state_on,) = svc.call(tb.SERVICE_NAME, tb.SERVICE_PATH, tb.SERVICE_IFACE, 'GetGameMode', ('nvme0',), '(s)')
    off = cli_json(session, base + ['off'])
    after_off = svc.latency()
    ok = before == '100000' and after_on == '0' and state_on['enabled'] and on.get('enabled') is True and \
        on.get('source') == 'service' and off.get('enabled') is False and after_off == '100000'
    result(ok, 'game mode switches on and off through the service from the sandbox',
           'latency file: %s → on: %s → off: %s\nsandbox said on: %s\noff: %s\nservice GetGameMode: %r' %
           (before, after_on, after_off, on, off, state_on))


def test_filtering(svc, session, result):
    svc.call(NOT_LISTED, '/', 'org.freedesktop.DBus.Introspectable', 'Introspect')
    script = '''
gdbus introspect --system --dest %s --object-path / >/dev/null 2>/tmp/e && echo LISTED_OK || { echo LISTED_FAIL; cat /tmp/e; }
gdbus introspect --system --dest %s --object-path / >/dev/null 2>/tmp/e && echo NOT_LISTED_REACHED || { echo NOT_LISTED_BLOCKED; cat /tmp/e; }
gdbus call --system --dest org.freedesktop.PolicyKit1 --object-path /org/freedesktop/PolicyKit1/Authority \
  --method org.freedesktop.DBus.Mock.SetAllowed "['io.github.drivedash.Drivedash.set-game-mode']" 2>&1 \
  && echo POLKIT_REACHED || echo POLKIT_BLOCKED
''' % (tb.SERVICE_NAME, NOT_LISTED)
    rc, out = session.sandbox_sh(script)
    ok = 'LISTED_OK' in out and 'NOT_LISTED_BLOCKED' in out and 'POLKIT_BLOCKED' in out
    result(ok, 'the proxy passes the service and blocks names the manifest does not list',
           'host reaches %s: yes\nsandbox:\n%s' % (NOT_LISTED, out.strip()))


def test_app_health(svc, session, result, run_window):
    '''The app's Health page on the fixture drive: the sandbox gets the
    fixture as its /sys/class (bwrap_fixture.py; this machine has no
    NVMe drive), the report comes from the service over the proxy.'''
    svc.set_allowed(tb.ALL_ACTIONS)
    helper = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'bwrap_fixture.py')
    wrapper = os.path.join(session.tmp, 'bwrap-with-fixture')
    with open(wrapper, 'w') as f:
        f.write('#!/bin/sh\nexec /usr/bin/python3 %s %s "$@"\n' % (helper, os.path.join(svc.sysfs, 'class')))
    os.chmod(wrapper, 0o755)
    switched = {}

    def click_game_mode(session):
        '''Game mode on and off with the app's own switch, through AT-SPI.'''
        helper = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'atspi_labels.py')
        log = []
        for want in ['0', '100000']:
            out = session.run(['/usr/bin/python3', helper, '--toggle-switch-after', 'Game Mode'], timeout=60)
            deadline = time.monotonic() + 15
            while svc.latency() != want and time.monotonic() < deadline:
                time.sleep(0.2)
            switched[want] = svc.latency() == want
            log.append('clicked %s → latency file %s' % ((out.stdout + out.stderr).strip(), svc.latency()))
        return '\n'.join(log)

    ok, details, labels = run_window(session, 'flatpak-service-health', [], a11y=True,
                                     host_env={'FLATPAK_BWRAP': wrapper}, during=click_game_mode)
    labels = labels or []
    want = ['Fixture SSD 1TB', 'The Drivedash system service']
    found = {w: w in labels for w in want}
    sysfs_source = "The kernel's public files (limited)" in labels
    # The drive picker's row exists only when there are drives (GTK leaves
    # hidden widgets out of the tree; a stack's other pages stay in it).
    found['Drive'] = 'Drive' in labels
    result(ok and all(found.values()) and not sysfs_source,
           'the sandboxed app\'s Health page shows the fixture drive\'s report from the service (AT-SPI)',
           details + '\nfound: %r; sysfs named as the source: %s\nlabels: %r' %
           (found, sysfs_source, [label for label in labels if not label.startswith(('Adw', 'Gtk'))][:60]))
    result(switched.get('0') is True and switched.get('100000') is True,
           'the app\'s game-mode switch turns game mode on and off through the service (AT-SPI click)',
           'latency file reached: %r' % switched)


def run_all(session, result, source_root, build_root, home, run_window):
    test_sysfs(session, result, build_root)
    try:
        svc = ServiceBus(session, source_root, build_root, home)
    except Exception as e:  # noqa: BLE001
        result(False, 'the private system bus with drivedashd and polkitd starts', str(e))
        return
    for test in [lambda: test_health(svc, session, result, build_root),
                 lambda: test_game_mode(svc, session, result),
                 lambda: test_filtering(svc, session, result),
                 lambda: test_app_health(svc, session, result, run_window)]:
        try:
            test()
        except Exception as e:  # noqa: BLE001 — reported as a failure
            result(False, 'service path: %s' % test.__code__.co_names, '%s: %s' % (type(e).__name__, e))
