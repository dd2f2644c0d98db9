# bundle.py — the .flatpak bundle from build-aux/flatpak-test --bundle,
# installed on a second, clean --user installation (its own HOME), next to
# only the runtime, and run there.  Part of test_sandbox.py.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import shutil
import subprocess
import time

import sandbox
from sandbox import APP_ID


def run(result, work, source_root):
    home = os.path.join(work, 'home-bundle')
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    with open(os.path.join(work, 'runtime-dir')) as f:
        runtime_repo = os.path.join(f.read().strip(), 'repo')
    bundle = os.path.join(work, 'drivedash.flatpak')
    with sandbox.Session(home) as session:
        # Installing an app asks malcontent (parental controls) on the system
        # bus; every real machine has one.
        session.start_system_bus(os.path.join(source_root, 'data', 'service',
                                              'io.github.drivedash.Drivedash1.conf'))
        def flatpak(*args, timeout=600):
            return session.run(['flatpak', '--user'] + list(args), timeout=timeout)
        t0 = time.monotonic()
        steps = [
            flatpak('remote-add', '--no-gpg-verify', 'drivedash-debian', 'file://' + runtime_repo),
            flatpak('install', '-y', '--noninteractive', 'drivedash-debian', 'org.debian.Platform//12'),
            flatpak('install', '-y', '--noninteractive', '--bundle', bundle),
        ]
        listed = flatpak('list', '--columns=application,branch,origin')
        log = '\n'.join('%s → exit %d %s' % (' '.join(s.args[2:4]), s.returncode,
                                              s.stderr.strip()[-300:] if s.returncode else '')
                        for s in steps)
        installed = all(s.returncode == 0 for s in steps) and APP_ID in listed.stdout and \
            'org.debian.Sdk' not in listed.stdout
        result(installed, 'the bundle installs on a clean --user installation with only the runtime',
               '%s (%s, %.1f s)\n%s\n%s' % (bundle, _size(bundle), time.monotonic() - t0, log,
                                          listed.stdout.strip()))
        if not installed:
            return
        shot = os.path.join(home, 'bundle-demo.png')
        app = session.popen(['flatpak', 'run', '--user', '--env=DRIVEDASH_SCREENSHOT=' + shot,
                                '--env=GDK_BACKEND=x11', '--env=GSK_RENDERER=cairo', APP_ID, '--demo'],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            saved = sandbox.wait_for(lambda: os.path.exists(shot) or app.poll() is not None, 90)
            mapped = 'Drivedash' in sandbox.window_titles(session)
        finally:
            session.run(['flatpak', 'kill', APP_ID])
            app.wait(timeout=30)
        details = 'window mapped: %s' % mapped
        ok = mapped and saved and os.path.exists(shot)
        if ok:
            width, height, colours = sandbox.png_colours(shot)
            details += '\nscreenshot %s: %dx%d, %d colours' % (shot, width, height, colours)
            ok = colours >= 8
            keep = os.path.join(work, 'home', 'screenshots', 'flatpak-bundle-demo.png')
            os.makedirs(os.path.dirname(keep), exist_ok=True)
            shutil.copy(shot, keep)
        else:
            details += '\n' + (app.stdout.read() if app.stdout else '')[-2000:]
        result(ok, 'the app from the bundle runs there (--demo window, screenshot not blank)', details)


def _size(path):
    return '%.1f MB' % (os.path.getsize(path) / 1e6) if os.path.exists(path) else 'missing'
