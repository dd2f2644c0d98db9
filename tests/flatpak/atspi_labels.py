#!/usr/bin/python3
# atspi_labels.py — prints, as a JSON list, the names and texts of the
# Drivedash window's accessible objects, read through AT-SPI from outside the
# sandbox (the way a screen reader sees the app).  Debian's python3-pyatspi.
# atspi_labels.py --toggle-switch-after LABEL: activates the first switch
# after the text LABEL, as a screen reader user would, and prints its name.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import sys
import time

import pyatspi


def find_app(deadline):
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name and 'drivedash' in app.name.lower() and app.childCount > 0:
                return app
        time.sleep(0.5)
    return None


def walk(node, out, depth=0):
    if node is None or depth > 60:
        return
    try:
        if node.name:
            out.append(node.name)
        text = node.queryText()
        value = text.getText(0, -1)
        if value and value != node.name:
            out.append(value)
    except NotImplementedError:
        pass
    except Exception:  # noqa: BLE001 — a node that went away while walking
        return
    for child in node:
        walk(child, out, depth + 1)


def switches_after(node, label, state, out):
    '''Switches that come after the text label, in tree order.'''
    if node is None:
        return
    try:
        if node.name == label:
            state['seen'] = True
        role = node.getRoleName()
        if state['seen'] and role in ('toggle button', 'switch', 'check box'):
            out.append(node)
    except Exception:  # noqa: BLE001 — a node that went away while walking
        return
    for child in node:
        switches_after(child, label, state, out)


def toggle(app, label):
    found = []
    switches_after(app, label, {'seen': False}, found)
    if not found:
        sys.exit('no switch after %r' % label)
    switch = found[0]
    action = switch.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    action.doAction(0)
    print(json.dumps({'name': switch.name, 'role': switch.getRoleName(), 'actions': names}))


def main():
    app = find_app(time.monotonic() + 30)
    if app is None:
        names = [a.name for a in pyatspi.Registry.getDesktop(0) if a is not None]
        sys.exit('no Drivedash application on the a11y bus (applications: %r)' % names)
    if len(sys.argv) == 3 and sys.argv[1] == '--toggle-switch-after':
        toggle(app, sys.argv[2])
        return
    labels = []
    walk(app, labels)
    print(json.dumps([label for label in labels if label.strip()], ensure_ascii=False))


main()
