#!/usr/bin/python3
# test_sandbox.py — Drivedash built as a Flatpak from its own manifest and
# run in the sandbox with the manifest's finish-args (meson suite "flatpak").
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds with build-aux/flatpak-test --bundle (a Debian 12 runtime made
# locally, cached), then, each as a TAP test:
#   - the permissions flatpak reports equal the manifest's finish-args, and
#     what the sandbox shows for each of them;
#   - windows: --demo, the plain start, and --demo in Japanese: each maps a
#     window and saves a screenshot (the app's DRIVEDASH_SCREENSHOT hook,
#     written from inside the sandbox) that is not blank; AT-SPI reads the
#     labels to check the Japanese run shows Japanese;
#   - the speed test in a folder under the sandbox's home runs with O_DIRECT;
#     a folder shared through the document portal is refused, in plain words;
#   - the service path: a private system-type bus with the project's policy,
#     drivedashd in test mode on a fixture sysfs, dbusmock's polkitd; the
#     sandboxed drivedash-cli reads health from the service and switches game
#     mode through it; a bus name the manifest does not list is blocked;
#   - /sys/class/nvme and /sys/class/hwmon as the sandbox sees them, and the
#     unprivileged sysfs path failing gracefully when there is no drive;
#   - the .flatpak bundle installs and runs on a second, clean installation.
# Skips (TAP "1..0 # SKIP") only where a sandbox cannot exist: not root, or
# no user namespaces.

import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sandbox  # noqa: E402
from sandbox import APP_ID  # noqa: E402

SOURCE_ROOT = os.environ.get('DRIVEDASH_SOURCE_ROOT',
                             os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD_ROOT = os.environ.get('DRIVEDASH_BUILD_ROOT', os.path.join(SOURCE_ROOT, '_build'))
WORK = os.environ.get('DRIVEDASH_FLATPAK_WORK', '/var/tmp/drivedash-flatpak')
HOME = os.path.join(WORK, 'home')
SHOTS = os.path.join(HOME, 'screenshots')

count = 0
failed = 0


def diag(text):
    for line in str(text).rstrip('\n').split('\n'):
        print('# ' + line)
    sys.stdout.flush()


def result(ok, name, details=''):
    global count, failed
    count += 1
    if details:
        diag(details)
    print('%s %d - %s' % ('ok' if ok else 'not ok', count, name))
    sys.stdout.flush()
    if not ok:
        failed += 1
    return ok


def check(name):
    '''Decorator: a test is a function returning (ok, details); an exception
    is a failure with its message.'''
    def wrap(function):
        def run(*args):
            t0 = time.monotonic()
            try:
                ok, details = function(*args)
            except Exception as e:  # noqa: BLE001 — reported, not hidden
                ok, details = False, '%s: %s' % (type(e).__name__, e)
            details = (details + '\n' if details else '') + '(%.1f s)' % (time.monotonic() - t0)
            return result(ok, name, details)
        return run
    return wrap


def skip_all(reason):
    print('1..0 # SKIP %s' % reason)
    sys.exit(0)


def preflight():
    if os.getuid() != 0:
        skip_all('needs root: debootstrap and chroot build the Debian runtime')
    # The document portal mounts with FUSE as the user.  systemd-udev makes
    # /dev/fuse 0666 on every Debian machine (50-udev-default.rules); a
    # container without udev leaves it 0600, so do what the rule does.
    if os.path.exists('/dev/fuse') and os.stat('/dev/fuse').st_mode & 0o777 != 0o666:
        diag('/dev/fuse was %o (no udev here): made 0666, as udev does' % (os.stat('/dev/fuse').st_mode & 0o777))
        os.chmod('/dev/fuse', 0o666)
    as_user = ['setpriv', '--reuid=%d' % sandbox.USER_ID, '--regid=%d' % sandbox.USER_ID, '--clear-groups']
    if subprocess.run(as_user + ['unshare', '-Ur', 'true'], capture_output=True).returncode != 0:
        skip_all('this kernel or container gives ordinary users no user namespaces, '
                 'so bubblewrap cannot make a sandbox')


def manifest():
    with open(os.path.join(SOURCE_ROOT, 'flatpak', APP_ID + '.json')) as f:
        return json.load(f)


@check('build-aux/flatpak-test --bundle builds the runtime, the app from its manifest, and the bundle')
def test_build():
    log = os.path.join(WORK + '-build.log')
    os.makedirs(os.path.dirname(log), exist_ok=True)
    with open(log, 'w') as f:
        rc = subprocess.run([os.path.join(SOURCE_ROOT, 'build-aux', 'flatpak-test'), '--bundle'],
                            stdout=f, stderr=subprocess.STDOUT).returncode
    with open(log) as f:
        lines = f.read().splitlines()
    timings = [line for line in lines if re.match(r'^\d\d:\d\d:\d\d flatpak-test: ', line)]
    tail = lines[-40:] if rc != 0 else []
    return rc == 0, '\n'.join(timings + tail + ['log: ' + log])


@check('flatpak reports exactly the manifest\'s finish-args')
def test_permissions(session):
    info = session.run(['flatpak', 'info', '--user', '--show-permissions', APP_ID], check=True).stdout
    keys = {}
    group = None
    for line in info.splitlines():
        if line.startswith('['):
            group = line.strip('[]')
        elif '=' in line:
            key, value = line.split('=', 1)
            keys[(group, key)] = [v for v in value.split(';') if v]
    want = {}
    for arg in manifest()['finish-args']:
        option, value = arg[2:].split('=', 1)
        group_key = {
            'socket': ('Context', 'sockets'), 'share': ('Context', 'shared'),
            'device': ('Context', 'devices'), 'filesystem': ('Context', 'filesystems'),
            'system-talk-name': ('System Bus Policy', value),
            'talk-name': ('Session Bus Policy', value),
        }[option]
        if option.endswith('talk-name'):
            want[group_key] = ['talk']
        else:
            want.setdefault(group_key, []).append(value)
        if arg == '--socket=fallback-x11':
            # How Flatpak stores it: x11, used only where there is no Wayland.
            want[group_key].append('x11')
    ok = all(sorted(keys.get(k, [])) == sorted(v) for k, v in want.items())
    extra = [k for k in keys if k not in want]
    return ok and not extra, info + ('\nnot in the manifest: %r' % extra if extra else '')


def sandbox_answers(session):
    '''What the sandbox shows for each permission, as text for the note.'''
    script = r'''
echo "--share=ipc: $(readlink /proc/self/ns/ipc) (host $HOST_IPC)"
echo "--socket=fallback-x11: DISPLAY=$DISPLAY, $(ls /tmp/.X11-unix 2>&1 | tr '\n' ' ')"
echo "--socket=wayland: WAYLAND_DISPLAY=${WAYLAND_DISPLAY:-unset} (no compositor on this machine)"
echo "--device=dri: $(ls /dev/dri 2>&1 | tr '\n' ' ')"
echo "--filesystem=home: HOME=$HOME, $(touch "$HOME/.sandbox-probe" && echo writable && rm "$HOME/.sandbox-probe")"
for d in /media /run/media; do echo "--filesystem=$d: $(ls -ld $d 2>&1)"; done
echo "not granted: /etc/shadow: $(cat /etc/shadow 2>&1 | head -1)"
echo "not granted: host /usr: $(ls /usr/bin/apt 2>&1)"
echo "not granted: /dev/vda: $(ls /dev/vda /dev/nvme0 2>&1 | tr '\n' ' ')"
'''
    host_ipc = os.readlink('/proc/self/ns/ipc')
    result_ = session.flatpak_run(['-c', script], command='sh', env={'HOST_IPC': host_ipc}, timeout=60)
    return result_.stdout + result_.stderr


def run_window(session, name, args, env=None, a11y=False, host_env=None, during=None):
    '''Starts the app, waits for its window and its own screenshot; returns
    (ok, details, labels read through AT-SPI or None).'''
    shot = os.path.join(SHOTS, name + '.png')
    if os.path.exists(shot):
        os.unlink(shot)
    app_env = {'DRIVEDASH_SCREENSHOT': shot, 'GDK_BACKEND': 'x11', 'GSK_RENDERER': 'cairo',
               'GTK_A11Y': 'atspi' if a11y else 'none'}
    app_env.update(env or {})
    argv = ['flatpak', 'run', '--user'] + ['--env=%s=%s' % kv for kv in app_env.items()] + [APP_ID] + args
    log_path = os.path.join(SHOTS, name + '.log')
    t0 = time.monotonic()
    with open(log_path, 'w') as log:
        app = session.popen(argv, extra_env=host_env, stdout=log, stderr=subprocess.STDOUT)
    try:
        mapped = sandbox.wait_for(lambda: 'Drivedash' in sandbox.window_titles(session)
                                  or app.poll() is not None, 60)
        mapped = app.poll() is None and mapped
        window_s = time.monotonic() - t0
        saved = sandbox.wait_for(lambda: os.path.exists(shot) or app.poll() is not None, 60)
        saved = saved and os.path.exists(shot)
        labels, a11y_error = None, ''
        if a11y and saved:
            try:
                labels = read_labels(session)
                if during is not None:
                    a11y_error = during(session)
            except Exception as e:  # noqa: BLE001 — reported with the result
                a11y_error = str(e)
    finally:
        session.run(['flatpak', 'kill', APP_ID])
        try:
            app.wait(timeout=20)
        except subprocess.TimeoutExpired:
            app.kill()
            app.wait()
    details = ['window mapped after %.1f s: %s' % (window_s, mapped)]
    if a11y_error:
        details.append(a11y_error)
    ok = mapped and saved
    if saved:
        width, height, colours = sandbox.png_colours(shot)
        details.append('screenshot %s: %dx%d, %d distinct colours (sampled)' % (shot, width, height, colours))
        ok = ok and width >= 360 and height >= 200 and colours >= 8
    else:
        details.append('no screenshot at %s' % shot)
    with open(log_path) as f:
        app_log = f.read().strip()
    if not ok and app_log:
        details.append('app log:\n' + app_log[-2000:])
    return ok, '\n'.join(details), labels


def read_labels(session):
    '''The names and texts of the app's accessible objects, read from the host
    over the a11y bus that flatpak proxies into the sandbox.'''
    helper = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'atspi_labels.py')
    out = session.run(['/usr/bin/python3', helper], timeout=90)
    if out.returncode != 0:
        raise RuntimeError('AT-SPI: ' + out.stderr.strip()[-500:])
    return json.loads(out.stdout)


KANA = re.compile('[\u3040-\u30ff\u4e00-\u9fff]')


def host_models():
    models = []
    for name in sorted(os.listdir('/sys/class/nvme')) if os.path.isdir('/sys/class/nvme') else []:
        try:
            with open(os.path.join('/sys/class/nvme', name, 'model')) as f:
                models.append(f.read().strip())
        except OSError:
            pass
    return models


def test_windows(session):
    session.run(['mkdir', '-p', SHOTS], check=True)
    ok, details, en = run_window(session, 'flatpak-demo', ['--demo'], a11y=True)
    en_kana = [label for label in en or [] if KANA.search(label)]
    details += '\nAT-SPI: %d labels, %d in Japanese; e.g. %r' % (len(en or []), len(en_kana), (en or [])[:6])
    result(ok and en and not en_kana, 'the window (--demo) in the sandbox: mapped, screenshot not blank, English',
           details)

    # What the plain start shows depends on the drives the sandbox sees in
    # /sys (the host's, read-only): with none, the empty state.
    ok, details, main = run_window(session, 'flatpak-main', [], a11y=True)
    # The drive picker's row is in the a11y tree only when there are drives
    # (GTK leaves hidden widgets out; the empty state page stays in either way).
    no_drive = not os.path.isdir('/sys/class/nvme') or not os.listdir('/sys/class/nvme')
    models = host_models()
    labels = main or []
    picker = 'Drive' in labels
    if no_drive:
        shows_right = 'No NVMe Drives Found' in labels and not picker
    else:
        shows_right = picker and all(m in labels for m in models)
    details += '\nAT-SPI: %d labels; drive picker: %s; host NVMe models: %r' % (len(labels), picker, models)
    result(ok and main is not None and shows_right,
           'the window (plain start) in the sandbox: mapped, screenshot not blank, %s' %
           ('the empty state (no NVMe drive here)' if no_drive else 'the host\'s drives'), details)

    ok, details, ja = run_window(session, 'flatpak-demo-ja', ['--demo'], a11y=True,
                                 env={'LANGUAGE': 'ja', 'LC_ALL': 'C.UTF-8'})
    ja_kana = [label for label in ja or [] if KANA.search(label)]
    details += '\nAT-SPI: %d labels, %d in Japanese; e.g. %r' % (len(ja or []), len(ja_kana), ja_kana[:6])
    result(ok and len(ja_kana) >= 5, 'the window in Japanese (LANGUAGE=ja) in the sandbox', details)


CLI = 'drivedash-cli'


@check('speed test in a folder under the sandbox\'s home: completes with O_DIRECT')
def test_bench_home(session):
    folder = os.path.join(HOME, 'speed-test')
    session.run(['mkdir', '-p', folder], check=True)
    out = session.flatpak_run(['bench', '--target', folder, '--test', 'SEQ1M Q1T1', '--mode', 'read',
                               '--mode', 'write', '--size', '16MiB', '--count', '1', '--duration', '0.5',
                               '--interval', '0', '--no-warmup', '--json'], command=CLI, timeout=300)
    if out.returncode != 0:
        return False, 'exit %d\n%s%s' % (out.returncode, out.stdout, out.stderr)
    report = json.loads(out.stdout)
    results = report.get('results', [])
    direct = report.get('settings', {}).get('direct_io')
    lines = ['direct_io=%s (filesystem %s)' % (direct, report.get('settings', {}).get('filesystem'))]
    for r in results:
        lines.append('%s: includes_cache=%s %s' % (r.get('name', r.get('test')), r.get('includes_cache'),
                                                   {k: v for k, v in r.items() if 'mb' in k.lower()}))
    ok = direct is True and len(results) == 2 and \
        all(r.get('includes_cache') is False for r in results)
    leftover = os.listdir(folder)
    return ok and not leftover, '\n'.join(lines + ['left in the folder: %r' % leftover])


PORTAL_ADD = r'''
import os, sys
import gi
gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib
folder, app_id = sys.argv[1:]
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
fds = Gio.UnixFDList.new()
fd = os.open(folder, os.O_PATH | os.O_CLOEXEC)
index = fds.append(fd)
os.close(fd)
EXPORT_DIRECTORY = 1 << 3
reply, _ = bus.call_with_unix_fd_list_sync(
    'org.freedesktop.portal.Documents', '/org/freedesktop/portal/documents',
    'org.freedesktop.portal.Documents', 'AddFull',
    GLib.Variant('(ahusas)', ([index], EXPORT_DIRECTORY, app_id, ['read', 'write'])),
    GLib.VariantType('(asa{sv})'), Gio.DBusCallFlags.NONE, 30000, fds, None)
print(reply.unpack()[0][0])
'''


def document_portal_folder(session, folder):
    '''Shares folder with the app through the document portal, as the file
    chooser does; returns its path inside the sandbox.'''
    out = session.run(['/usr/bin/python3', '-c', PORTAL_ADD, folder, APP_ID], timeout=60)
    if out.returncode != 0:
        raise RuntimeError('the document portal did not share %s: %s' % (folder, out.stderr.strip()[-800:]))
    return '/run/user/%d/doc/%s/%s' % (sandbox.USER_ID, out.stdout.strip(), os.path.basename(folder))


@check('a folder shared through the document portal is refused, with the plain explanation')
def test_bench_portal(session):
    folder = os.path.join(HOME, 'portal-folder')
    session.run(['mkdir', '-p', folder], check=True)
    path = document_portal_folder(session, folder)
    out = session.flatpak_run(['bench', '--target', path, '--test', 'SEQ1M Q1T1', '--mode', 'read',
                               '--size', '16MiB', '--count', '1', '--duration', '0.5', '--no-warmup'],
                              command=CLI, timeout=120)
    seen = session.sandbox_sh('stat -f -c "%%T %%t" "%s"' % path)[1].strip()
    message = out.stdout + out.stderr
    ok = out.returncode != 0 and 'document portal' in message and not os.listdir(folder)
    return ok, 'in the sandbox: %s (statfs: %s)\nexit %d: %s' % (path, seen, out.returncode, message.strip())


def main():
    preflight()
    if not test_build():
        print('Bail out! the Flatpak did not build')
        print('1..%d' % count)
        return 1
    import service_path  # noqa: E402 — needs Debian's gi, after the build
    os.makedirs(HOME, exist_ok=True)
    with sandbox.Session(HOME) as session:
        test_permissions(session)
        diag('the sandbox\'s answer for each permission:\n' + sandbox_answers(session))
        test_windows(session)
        test_bench_home(session)
        test_bench_portal(session)
        service_path.run_all(session, result, SOURCE_ROOT, BUILD_ROOT, HOME, run_window)
    import bundle  # noqa: E402
    bundle.run(result, WORK, SOURCE_ROOT)
    print('1..%d' % count)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
