#!/usr/bin/python3
# atspi_labels.py — prints, as a JSON list, the names and texts of the
# Drivedash window's accessible objects, read through AT-SPI from outside the
# sandbox (the way a screen reader sees the app).  Debian's python3-pyatspi.
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


def main():
    app = find_app(time.monotonic() + 30)
    if app is None:
        names = [a.name for a in pyatspi.Registry.getDesktop(0) if a is not None]
        sys.exit('no Drivedash application on the a11y bus (applications: %r)' % names)
    labels = []
    walk(app, labels)
    print(json.dumps([label for label in labels if label.strip()], ensure_ascii=False))


main()
