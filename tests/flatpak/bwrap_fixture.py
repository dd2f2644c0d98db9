#!/usr/bin/python3
# bwrap_fixture.py — stands in for bwrap (flatpak honours FLATPAK_BWRAP) in
# one test: adds a read-only bind of a fixture sysfs tree over the sandbox's
# /sys/class (where /sys/class/nvme would be), after every mount flatpak asks for, then runs the real
# bwrap.  This is the hardware this machine lacks; the sandbox is otherwise
# exactly what flatpak builds.  Usage: bwrap_fixture.py FIXTURE/class ARGS…
# from a small script named in FLATPAK_BWRAP (flatpak passes bwrap only the
# app's environment, so the fixture's path cannot come from there).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import sys

BWRAP = '/usr/bin/bwrap'

fixture = sys.argv[1]
argv = sys.argv[2:]
if fixture:
    # /sys/class itself: a mount point cannot be made in the read-only tree.
    extra = ['--ro-bind', fixture, '/sys/class']
    if '--args' in argv:
        # flatpak passes its options NUL-separated through a file descriptor
        # (--args FD), the command after it: append to those options.
        i = argv.index('--args')
        with os.fdopen(int(argv[i + 1]), 'rb') as f:
            data = f.read()
        data += b''.join(a.encode() + b'\0' for a in extra)
        fd = os.memfd_create('bwrap-args', 0)
        os.write(fd, data)
        os.lseek(fd, 0, os.SEEK_SET)
        argv[i + 1] = str(fd)
    else:
        argv = extra + argv
os.execv(BWRAP, [BWRAP] + argv)
