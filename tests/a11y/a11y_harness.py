# a11y_harness.py — start the real app on its own X server and read it
# through AT-SPI, as a screen reader does.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs inside the test's own `dbus-run-session`: the accessibility bus
# (at-spi-bus-launcher, D-Bus activated) belongs to that session only.

import os
import signal
import subprocess
import sys
import tempfile
import time

pyatspi = None  # imported by connect(), once the X server is there

TIMEOUT_S = 60  # generous: two shared cores, other builds running


class Xvfb:
    def __init__(self):
        r, w = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=[w], stderr=subprocess.DEVNULL)
        os.close(w)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(r, 16)
            if not chunk:
                raise RuntimeError("Xvfb did not start")
            number += chunk
        os.close(r)
        self.display = ":" + number.decode().strip()

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


def connect(display):
    """Makes the accessibility bus and registry, D-Bus activated in this
    session, start with @display: the registry synthesizes key presses on
    it.  Call before anything touches AT-SPI."""
    global pyatspi
    subprocess.run(["dbus-update-activation-environment", "DISPLAY=" + display], check=True)
    os.environ["DISPLAY"] = display
    import pyatspi as module
    pyatspi = module
    return module


class App:
    """The drivedash binary on @display, with its settings in a keyfile."""

    def __init__(self, display, args=(), settings=None, config_home=None):
        self.config_home = config_home or tempfile.mkdtemp(prefix="drivedash-a11y-")
        if settings:
            d = os.path.join(self.config_home, "glib-2.0", "settings")
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "keyfile"), "w") as f:
                f.write("[io/github/drivedash/Drivedash]\n")
                for k, v in settings.items():
                    f.write("%s=%s\n" % (k, v))
        env = dict(os.environ)
        env.pop("NO_AT_BRIDGE", None)
        env.pop("WAYLAND_DISPLAY", None)
        env.update({
            "DISPLAY": display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo",
            "GTK_A11Y": "atspi", "GSETTINGS_BACKEND": "keyfile",
            "XDG_CONFIG_HOME": self.config_home, "G_DEBUG": "fatal-criticals",
        })
        self.proc = subprocess.Popen([os.environ["DRIVEDASH_BINARY"], *args], env=env)
        self.node = wait_for(lambda: find_app(self.proc.pid), "the app on the accessibility bus")

    def wait_exit(self, timeout=TIMEOUT_S):
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def find_app(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        try:
            a = desktop.getChildAtIndex(i)
            if a is not None and a.get_process_id() == pid and a.childCount > 0:
                return a
        except Exception:
            pass
    return None


def wait_for(fn, what, timeout=TIMEOUT_S):
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            v = fn()
            if v:
                return v
        except Exception as e:  # the tree changes under us: try again
            last_error = e
        time.sleep(0.2)
    raise AssertionError("waited %d s for %s (%s)" % (timeout, what, last_error))


class NameWatch:
    """Remembers every accessible name that appears while it is on, from
    AT-SPI's own events: a toast lives five seconds, and on a loaded
    machine one walk of the whole tree can take longer than that, so
    polling the tree alone can miss it.  Use as a context manager around
    the action that makes the toast, then wait() for its name."""

    EVENTS = ("object:children-changed:add", "object:property-change:accessible-name")

    def __init__(self):
        self.seen = set()
        self.nodes = []  # what the events brought, newest last

    def _on_event(self, event):
        for node in (event.source, event.any_data):
            try:
                if node is not None and getattr(node, "name", None):
                    self.seen.add(node.name)
                if isinstance(node, pyatspi.Accessible):
                    self.nodes.append(node)
            except Exception:
                pass

    def __enter__(self):
        for e in self.EVENTS:
            pyatspi.Registry.registerEventListener(self._on_event, e)
        return self

    def __exit__(self, *exc):
        for e in self.EVENTS:
            pyatspi.Registry.deregisterEventListener(self._on_event, e)

    def wait(self, root, name, what, timeout=TIMEOUT_S):
        """Until @name was seen in an event or is in the tree now."""
        from gi.repository import GLib
        context = GLib.MainContext.default()

        def seen():
            while context.pending():  # deliver the queued AT-SPI events
                context.iteration(False)
            if name in self.seen:
                return True
            return any(getattr(n, "name", None) == name for n in walk(root) if showing(n))
        return wait_for(seen, what, timeout=timeout)

    def wait_node(self, root, role, name, what, timeout=TIMEOUT_S):
        """The node of @role named @name in what an event brought (a toast
        as it was added, say) or in the tree: a toast and its button are
        gone again after a few seconds, and on a loaded machine one walk
        of the whole window can take longer than that, while a walk of
        the toast alone is quick."""
        from gi.repository import GLib
        context = GLib.MainContext.default()

        def found():
            while context.pending():
                context.iteration(False)
            for node in reversed(self.nodes):
                hit = find_all(node, role, name, max_depth=8)
                if hit:
                    return hit[0]
            return (find_all(root, role, name) or [None])[0]
        return wait_for(found, what, timeout=timeout)


def showing(node):
    try:
        return node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def walk(node, depth=0, max_depth=60):
    yield node
    if depth >= max_depth:
        return
    try:
        n = node.childCount
    except Exception:
        return
    for i in range(n):
        try:
            c = node.getChildAtIndex(i)
        except Exception:
            continue
        if c is not None:
            yield from walk(c, depth + 1, max_depth)


def find_all(root, role=None, name=None, pred=None, only_showing=True, max_depth=60):
    out = []
    for n in walk(root, max_depth=max_depth):
        try:
            if role is not None and n.getRole() != role:
                continue
            if name is not None and n.name != name:
                continue
            if only_showing and not showing(n):
                continue
            if pred is not None and not pred(n):
                continue
            out.append(n)
        except Exception:
            continue
    return out


def find(root, role=None, name=None, pred=None, what=None, timeout=TIMEOUT_S):
    return wait_for(lambda: (find_all(root, role, name, pred) or [None])[0],
                    what or "%s %r" % (role, name), timeout)


def do_action(node, names=("click", "activate", "press", "toggle")):
    act = node.queryAction()
    for i in range(act.nActions):
        if act.getName(i) in names:
            act.doAction(i)
            return
    raise AssertionError("%r has no action among %s" % (node.name, names))


KEYSYMS = {"Tab": 0xff09, "space": 0x20, "Return": 0xff0d, "Escape": 0xff1b, "q": 0x71, "w": 0x77}
CONTROL = 1 << 2


def key(name, modifiers=0):
    """Presses the key @name (see KEYSYMS) with the @modifiers mask held
    (CONTROL), through the accessibility registry's keyboard."""
    # No window manager: X sends keys to the window under the pointer.
    pyatspi.Registry.generateMouseEvent(20, 20, "abs")
    if modifiers:
        pyatspi.Registry.generateKeyboardEvent(modifiers, None, pyatspi.KEY_LOCKMODIFIERS)
    try:
        pyatspi.Registry.generateKeyboardEvent(KEYSYMS[name], None, pyatspi.KEY_SYM)
    finally:
        if modifiers:
            pyatspi.Registry.generateKeyboardEvent(modifiers, None, pyatspi.KEY_UNLOCKMODIFIERS)


def pump():
    """Delivers the AT-SPI events already queued to their listeners."""
    from gi.repository import GLib
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def tab_until(found, what, presses=60):
    """Presses Tab until found() gives something, and after each press
    waits for the app's own focus event before looking again: checking
    on a fixed beat lets a busy app fall behind and the loop Tab past
    the widget it looks for."""
    moved = []

    def on_focus(event):
        if event.detail1:
            moved.append(event.source)
    pyatspi.Registry.registerEventListener(on_focus, "object:state-changed:focused")
    try:
        for _ in range(presses):
            pump()
            hit = found()
            if hit:
                return hit
            before = len(moved)
            key("Tab")
            wait_for(lambda: pump() or len(moved) > before, "the focus to move after Tab (looking for %s)" % what)
        raise AssertionError("Tab never reached %s" % what)
    finally:
        pyatspi.Registry.deregisterEventListener(on_focus, "object:state-changed:focused")


class WindowGone:
    """Notices a window of the app going away, from AT-SPI's own events
    (its widgets say they are defunct).  GTK 4.8 can answer a query that
    comes while a window is torn down with a CRITICAL (an object path of
    NULL), fatal under G_DEBUG=fatal-criticals: a test waits for this
    before it looks at the app again."""

    EVENT = "object:state-changed:defunct"

    def __init__(self):
        self.gone = 0

    def _on_event(self, event):
        if event.detail1:
            self.gone += 1

    def __enter__(self):
        pyatspi.Registry.registerEventListener(self._on_event, self.EVENT)
        return self

    def __exit__(self, *exc):
        pyatspi.Registry.deregisterEventListener(self._on_event, self.EVENT)

    def wait(self, what, timeout=TIMEOUT_S):
        return wait_for(lambda: pump() or self.gone > 0, what, timeout=timeout)


def on_screen(node):
    """Whether @node is laid out on screen, not merely visible on a page
    that is not the one shown.  GTK 4.8 never sets AT-SPI's SHOWING; it
    gives a widget that is not allocated an empty extent."""
    try:
        _, _, w, h = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        return w > 0 and h > 0
    except Exception:
        return False


def hover_bottom(app):
    """Puts the pointer where a toast shows, at the bottom middle of the
    app's window: libadwaita keeps a hovered toast until the pointer
    leaves, so a slow machine's round trips cannot outlast it."""
    frame = find_all(app.node, pyatspi.ROLE_FRAME, max_depth=1)[0]
    x, y, w, h = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(x + w // 2, y + h - 40, "abs")


def text_of(node):
    try:
        t = node.queryText()
        return t.getText(0, -1)
    except Exception:
        return ""


def dump(root, out=sys.stderr):
    for n in walk(root):
        try:
            depth = 0
            p = n
            while p is not None and p != root and depth < 80:
                p = p.parent
                depth += 1
            out.write("%s%s %r %r %s\n" % ("  " * depth, n.getRoleName(), n.name, n.description,
                                            "" if showing(n) else "(hidden)"))
        except Exception:
            pass


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def run(self, name, fn):
        self.n += 1
        t0 = time.monotonic()
        try:
            fn()
            print("ok %d - %s  # %.1f s" % (self.n, name, time.monotonic() - t0), flush=True)
        except Exception as e:
            import traceback
            for line in traceback.format_exc().splitlines():
                print("# " + line)
            print("not ok %d - %s: %s" % (self.n, name, e), flush=True)
            self.failed += 1

    def done(self):
        print("1..%d" % self.n, flush=True)
        return 1 if self.failed else 0
