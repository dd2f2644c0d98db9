# sandbox.py — what tests/flatpak/test_sandbox.py runs around the sandbox:
# Xvfb, a session bus, a private system-type bus with the project's policy,
# and `flatpak run` itself.  Debian's /usr/bin/python3 (python3-gi).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import shutil
import subprocess
import tempfile
import time
import zlib

APP_ID = 'io.github.drivedash.Drivedash'

# Debian's own system.conf default policy (deny by default, the driver and
# replies allowed), so that the project's policy file is what lets clients
# reach the service — as on a real system.
SYSTEM_BUS_CONFIG = '''<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <deny own="*"/>
    <deny send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_requested_reply="true" send_type="method_return"/>
    <allow send_requested_reply="true" send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow receive_type="signal"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
  </policy>
  <!-- What the mocks need, as their real packages' policies grant it. -->
  <policy user="root">
    <allow own="org.freedesktop.PolicyKit1"/>
    <allow send_destination="org.freedesktop.PolicyKit1"/>
    <allow own="io.github.drivedash.NotListed"/>
  </policy>
  <policy context="default">
    <allow send_destination="org.freedesktop.PolicyKit1"/>
    <allow send_destination="io.github.drivedash.NotListed"/>
  </policy>
  <include>{project_policy}</include>
</busconfig>
'''


# The user the sandbox runs as: an ordinary one, as for people.  (As root
# the CLI reads sysfs itself and never asks the service, and the bus policy
# would let root do anything.)
USER_ID = 65534  # nobody / nogroup


def give_to_user(path):
    '''chown -R path to the test user (files made by root's build).'''
    subprocess.run(['chown', '-R', '%d:%d' % (USER_ID, USER_ID), path], check=True)


class Session:
    '''Xvfb, a session bus and a private XDG_RUNTIME_DIR, for `flatpak run`
    as the unprivileged test user under HOME=home.  Use as a context manager.'''

    def __init__(self, home):
        self.home = home
        self.processes = []
        self.system_address = None
        self.as_user = {'user': USER_ID, 'group': USER_ID, 'extra_groups': []}

    def __enter__(self):
        self.tmp = tempfile.mkdtemp(prefix='drivedash-flatpak-')
        os.chmod(self.tmp, 0o755)
        self.runtime_dir = os.path.join(self.tmp, 'run')
        os.makedirs(self.runtime_dir, mode=0o700)
        os.chown(self.runtime_dir, USER_ID, USER_ID)
        give_to_user(self.home)
        read_fd, write_fd = os.pipe()
        xvfb = subprocess.Popen(['Xvfb', '-displayfd', str(write_fd), '-screen', '0', '1280x1024x24',
                                 '-nolisten', 'tcp'], pass_fds=[write_fd],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **self.as_user)
        os.close(write_fd)
        self.processes.append(xvfb)
        with os.fdopen(read_fd) as f:
            number = f.readline().strip()
        if not number:
            raise RuntimeError('Xvfb did not start')
        self.display = ':' + number
        self.env = {
            'PATH': '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
            'HOME': self.home,
            'XDG_RUNTIME_DIR': self.runtime_dir,
            'DISPLAY': self.display,
            'LC_ALL': 'C.UTF-8',
            'LANG': 'C.UTF-8',
        }
        # The session bus activates the a11y bus and the document portal.
        bus = subprocess.Popen(['dbus-daemon', '--session', '--nofork', '--print-address=1'],
                               env=self.env, stdout=subprocess.PIPE, text=True, **self.as_user)
        self.processes.append(bus)
        self.env['DBUS_SESSION_BUS_ADDRESS'] = bus.stdout.readline().strip()
        return self

    def start_system_bus(self, project_policy):
        socket = os.path.join(self.tmp, 'system_bus_socket')
        config = os.path.join(self.tmp, 'system.conf')
        with open(config, 'w') as f:
            f.write(SYSTEM_BUS_CONFIG.format(socket=socket, project_policy=project_policy))
        bus = subprocess.Popen(['dbus-daemon', '--config-file=' + config, '--nofork',
                                '--print-address=1'], stdout=subprocess.PIPE, text=True)
        self.processes.append(bus)
        self.system_address = bus.stdout.readline().strip()
        if not self.system_address:
            raise RuntimeError('the system-type dbus-daemon did not start (policy: %s)' % project_policy)
        self.env['DBUS_SYSTEM_BUS_ADDRESS'] = self.system_address
        return self.system_address

    def spawn_root(self, argv, env=None, **kwargs):
        '''A host service: runs as root, as it would on a real system.'''
        process = subprocess.Popen(argv, env=env or self.env, **kwargs)
        self.processes.append(process)
        return process

    def popen(self, argv, extra_env=None, **kwargs):
        '''A process of the test user's.'''
        return subprocess.Popen(argv, env=dict(self.env, **(extra_env or {})), **self.as_user, **kwargs)

    def run(self, argv, **kwargs):
        return subprocess.run(argv, env=self.env, capture_output=True, text=True,
                              **self.as_user, **kwargs)

    def flatpak_run(self, args, env=None, command=None, **kwargs):
        argv = ['flatpak', 'run', '--user']
        for key, value in (env or {}).items():
            argv.append('--env=%s=%s' % (key, value))
        if command:
            argv.append('--command=' + command)
        return self.run(argv + [APP_ID] + list(args), **kwargs)

    def sandbox_sh(self, script, timeout=120):
        '''Runs a shell script in the sandbox; returns (rc, stdout+stderr).'''
        result = self.flatpak_run(['-c', script], command='sh', timeout=timeout)
        return result.returncode, result.stdout + result.stderr

    def __exit__(self, *exc):
        self.run(['flatpak', 'kill', APP_ID])
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        # The document portal's FUSE mount outlives a portal killed with the bus.
        with open('/proc/mounts') as f:
            mounts = [line.split()[1] for line in f if line.split()[1].startswith(self.tmp + '/')]
        for mount in sorted(mounts, reverse=True):
            subprocess.run(['umount', '-l', mount], capture_output=True)
        shutil.rmtree(self.tmp, ignore_errors=True)


def window_titles(session):
    return session.run(['xwininfo', '-root', '-tree']).stdout


def wait_for(predicate, timeout, step=0.25):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return predicate()


def png_colours(path):
    '''(width, height, distinct colours up to 256) of an 8-bit RGB(A) PNG.'''
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('%s is not a PNG' % path)
    pos, idat, width, height, kind = 8, b'', 0, 0, 0
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], 'big')
        tag = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if tag == b'IHDR':
            width, height = int.from_bytes(body[0:4], 'big'), int.from_bytes(body[4:8], 'big')
            if body[8] != 8 or body[9] not in (2, 6) or body[12] != 0:
                raise ValueError('%s: not 8-bit RGB(A) non-interlaced' % path)
            kind = body[9]
        elif tag == b'IDAT':
            idat += body
        pos += 12 + length
    bpp = 4 if kind == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    previous = bytearray(stride)
    colours = set()
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        ftype, row = line[0], bytearray(line[1:])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if ftype == 1:
                row[i] = (row[i] + a) & 255
            elif ftype == 2:
                row[i] = (row[i] + b) & 255
            elif ftype == 3:
                row[i] = (row[i] + ((a + b) >> 1)) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = row
        if y % 8 == 0 and len(colours) < 256:
            for x in range(0, width, 4):
                colours.add(bytes(row[x * bpp:x * bpp + 3]))
    return width, height, len(colours)
