#!/usr/bin/python3
# test-ui-a11y.py — the real app, driven through AT-SPI as a screen-reader
# user would: every value read from the accessibility tree, keys pressed on
# a keyboard, and no way out that leaves a speed test's file behind.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run by meson inside `dbus-run-session` (tests/meson.build, suite
# 'ui-a11y'), with Debian's /usr/bin/python3 (pyatspi).  TAP on stdout.

import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from a11y_harness import (App, NameWatch, Tap, WindowGone, Xvfb, connect, do_action, find, find_all,  # noqa: E402
                          hover_bottom, key, on_screen, tab_until, text_of, wait_for, walk, CONTROL, TIMEOUT_S)

pyatspi = None

APP_ID = "io.github.drivedash.Drivedash"
BUILD = os.environ.get("G_TEST_BUILDDIR", os.getcwd())


def bench_folder():
    # Not /tmp or /dev/shm: a folder in memory is refused.
    d = tempfile.mkdtemp(prefix="a11y-bench-", dir=BUILD)
    return d


def bench_settings(folder, pass_duration, pause):
    return {
        "bench-folder": "'file://%s'" % folder,
        "bench-preset": "'quick'",
        "bench-size": "67108864",
        "bench-passes": "1",
        "bench-pass-duration": str(pass_duration),
        "bench-pause": str(pause),
    }


def test_files(folder):
    return glob.glob(os.path.join(folder, ".drivedash-bench-*.tmp"))


def show_speed_page(app):
    tab = find(app.node, pyatspi.ROLE_PAGE_TAB, "Speed")
    do_action(tab, ("click", "activate", "select", "press"))
    # GTK 4.8 ignores a click on a button of a page not yet on screen,
    # and says nothing of it over AT-SPI: wait until Start is mapped.
    return find(app.node, pyatspi.ROLE_PUSH_BUTTON, "Start", pred=on_screen, what="Start on screen")


def start_run(app, folder):
    start = show_speed_page(app)
    # On a loaded machine a click can come before the page is ready for
    # it: click again while Start is still there and no run began.
    for attempt in range(3):
        do_action(start)
        try:
            wait_for(lambda: test_files(folder), "the test file", timeout=10)
            return
        except AssertionError:
            if find_all(app.node, pyatspi.ROLE_PUSH_BUTTON, "Stop"):
                wait_for(lambda: test_files(folder), "the test file", timeout=TIMEOUT_S)
                return
            print("# no run after clicking Start (attempt %d)" % (attempt + 1))
    raise AssertionError("Start never began a run")


def press_dialog_button(app, label):
    find(app.node, None, None, what="the quit question",
         pred=lambda n: "Stop the speed test and quit?" in (n.name or "") + (n.description or "")
         or any("Stop the speed test and quit?" == (c.name or "") for c in walk(n, max_depth=1)))
    button = find(app.node, pyatspi.ROLE_PUSH_BUTTON, label)
    with WindowGone() as gone:
        do_action(button)
        if label == "Keep Testing":
            gone.wait("the question's window closed")


def ends_cleanly(app, folder):
    rc = app.wait_exit()
    assert rc == 0, "exit status %r, expected 0" % rc
    left = test_files(folder)
    assert not left, "test file left behind: %s" % left


# ---------------------------------------------------------------------------

def health_values(x):
    app = App(x.display, ["--demo"])
    try:
        verdict = find(app.node, None, "Your drive needs attention.", what="the verdict")
        assert verdict.description, "the verdict has no reason"
        expected = {
            "Now": r"^Now, \d+ °C$",
            "Life Left": r"^Life Left, 97 %$",
            "Written So Far": r"^Written So Far, 12\.3 TB$",
            "Read So Far": r"^Read So Far, 18\.7 TB$",
            "Powered On For": r"^Powered On For, 10234 hours",
            "Unsafe Shutdowns": r"^Unsafe Shutdowns, 37$",
            "Media Errors": r"^Media Errors, 0$",
        }
        items = find_all(app.node, pyatspi.ROLE_LIST_ITEM)
        names = [i.name for i in items]
        for title, pattern in expected.items():
            wait_for(lambda: any(re.search(pattern, n.name or "")
                                 for n in find_all(app.node, pyatspi.ROLE_LIST_ITEM)),
                     "a row read as %r (rows: %s)" % (pattern, names))
        bars = find_all(app.node, pyatspi.ROLE_LEVEL_BAR)
        assert bars and all(b.name and b.name != "GtkLevelBar" for b in bars), \
            "level bar without a name: %s" % [b.name for b in bars]
        menu = find_all(app.node, pyatspi.ROLE_PUSH_BUTTON, "Main Menu")
        assert menu, "no button named Main Menu"
        doubled = [n.name for n in walk(app.node) if "_" in (n.name or "") and n.getRole() == pyatspi.ROLE_PUSH_BUTTON]
        assert not doubled, "buttons read with their mnemonic: %s" % doubled
        tab_lists = find_all(app.node, pyatspi.ROLE_PAGE_TAB_LIST)
        assert len(tab_lists) == 1, "%d sets of tabs exposed, expected 1" % len(tab_lists)
    finally:
        app.kill()


def narrow_tabs(x):
    """At 360 px the tabs move to the bottom bar: the header's hidden
    switchers must not be read as a second set."""
    app = App(x.display, ["--demo"], settings={"window-width": "360", "window-height": "700"})
    try:
        find(app.node, None, "Your drive needs attention.", what="the verdict")
        # Wait for the narrow layout itself, the tabs in the bottom bar,
        # so that the count is not taken before it is applied.
        lists = wait_for(lambda: (lambda l: l if len(l) == 1 and in_bottom_half(app, l[0]) else None)(
            find_all(app.node, pyatspi.ROLE_PAGE_TAB_LIST, pred=on_screen)),
            "exactly one set of tabs, in the bottom bar", timeout=TIMEOUT_S)
        tabs = [t.name for t in find_all(lists[0], pyatspi.ROLE_PAGE_TAB)]
        assert tabs == ["Health", "Speed", "Long Tests", "Full Review", "History"], tabs
    finally:
        app.kill()


def in_bottom_half(app, node):
    frame = find_all(app.node, pyatspi.ROLE_FRAME, max_depth=1)[0]
    _, wy, _, wh = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    _, y, _, _ = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return y > wy + wh / 2


def game_mode_keyboard(x):
    app = App(x.display, ["--demo"])
    try:
        switch = find(app.node, pyatspi.ROLE_CHECK_BOX, "Game Mode")
        assert not switch.getState().contains(pyatspi.STATE_CHECKED)
        # Tab through the page until the switch has the focus, then Space.
        tab_to(switch)
        key("space")
        wait_for(lambda: switch.getState().contains(pyatspi.STATE_CHECKED), "game mode on")
        row = find(app.node, pyatspi.ROLE_LIST_ITEM, "Game Mode")
        wait_for(lambda: "On (simulated)" in row.description, "the game mode row to read On")
    finally:
        app.kill()


def history_file(path):
    """Two runs of three passes on one drive, game mode off then on, in
    the documented export format (docs/history-json.md)."""
    import json

    def run(i, game_mode, scale, minute):
        def result(test, mode, base):
            passes = [round(base * scale * f, 1) for f in (1.0, 1.01, 0.99)]
            return {"test": test, "mode": mode, "mb_per_s": max(passes), "passes": passes}
        return {"id": i, "kind": "quick", "status": "done",
                "started_at": "2026-12-01T19:%02d:00Z" % minute,
                "ended_at": "2026-12-01T19:%02d:40Z" % minute,
                "drive": {"model": "Samsung SSD 970 EVO Plus 1TB"}, "game_mode": game_mode,
                "results": [result("SEQ1M Q8T1", "read", 3400), result("RND4K Q1T1", "read", 60)]}
    with open(path, "w") as f:
        json.dump({"format": "drivedash-history", "version": 1,
                   "runs": [run(1, False, 1.0, 23), run(2, True, 1.08, 25)]}, f)


def show_history_page(app):
    tab = find(app.node, pyatspi.ROLE_PAGE_TAB, "History")
    do_action(tab, ("click", "activate", "select", "press"))
    find(app.node, pyatspi.ROLE_PUSH_BUTTON, "Import…", pred=on_screen, what="the History page on screen")


def tab_to(node):
    tab_until(lambda: node.getState().contains(pyatspi.STATE_FOCUSED), repr(node.name))


def tab_to_button(app, name):
    """Tabs until a push button named @name has the focus: one on screen."""
    focused = lambda: [n for n in find_all(app.node, pyatspi.ROLE_PUSH_BUTTON, name)
                       if n.getState().contains(pyatspi.STATE_FOCUSED)]
    tab_until(focused, "a button named %r" % name)


def tab_to_text(app, name):
    """Tabs until a text field named @name says it has the focus (issue
    24: AdwEntryRow's field took the focus and told AT-SPI nothing)."""
    focused = lambda: [n for role in (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY)
                       for n in find_all(app.node, role, name)
                       if n.getState().contains(pyatspi.STATE_FOCUSED)]
    return tab_until(focused, "a text field named %r" % name)[0]


def history_read_aloud(x):
    """Issue 24: rows read with their kind and speeds, named check boxes,
    a Back button named after its tooltip (not "GtkImage"), compare rows that say their verdict,
    Name and Note fields focused by Tab, and a delete that offers Undo."""
    data_home = tempfile.mkdtemp(prefix="a11y-history-", dir=BUILD)
    exported = os.path.join(data_home, "runs.json")
    history_file(exported)
    env = dict(os.environ, XDG_DATA_HOME=data_home)
    subprocess.run([os.environ["DRIVEDASH_CLI"], "history", "import", exported], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    # --demo keeps a history of its own (lib/base/drivedash-paths.c): the
    # imported runs go where the demo reads them.
    demo = os.path.join(data_home, "drivedash", "demo")
    os.makedirs(demo, exist_ok=True)
    for name in os.listdir(os.path.join(data_home, "drivedash")):
        if name.startswith("results.db"):
            os.rename(os.path.join(data_home, "drivedash", name), os.path.join(demo, name))
    old = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = data_home
    try:
        app = App(x.display, ["--demo"])
    finally:
        if old is None:
            del os.environ["XDG_DATA_HOME"]
        else:
            os.environ["XDG_DATA_HOME"] = old
    try:
        show_history_page(app)
        # A run's title is its test, its drive and its date (issue 36).
        prefix = "Quick speed test · Samsung SSD 970 EVO Plus 1TB · "
        titled = lambda: find_all(app.node, pyatspi.ROLE_LIST_ITEM, pred=lambda n: (n.name or "").startswith(prefix))
        rows = wait_for(lambda: (lambda r: r if len(r) == 2 else None)(titled()), "two rows titled %r…" % prefix)
        for r in rows:
            assert re.search(r" · \d+ \w+ 2026, \d\d:\d\d$", r.name or "") and \
                re.search(r"^Game mode o(n|ff)\. Read \d+ MB/s$", r.description or ""), \
                "row read as %r / %r" % (r.name, r.description)
        title = rows[0].name
        checks = find_all(app.node, pyatspi.ROLE_CHECK_BOX,
                          pred=lambda n: (n.name or "").startswith("Compare this run: " + prefix))
        assert len(checks) == 2, "check boxes: %s" % [c.name for c in find_all(app.node, pyatspi.ROLE_CHECK_BOX)]
        # GTK 4.8 gives a check box no AT-SPI action: tick them the way
        # a keyboard user does, Tab to each, then Space.
        for c in checks:
            tab_to(c)
            key("space")
        wait_for(lambda: all(c.getState().contains(pyatspi.STATE_CHECKED) for c in checks), "both ticked")
        do_action(find(app.node, pyatspi.ROLE_PUSH_BUTTON, "Compare"))
        verdict = find(app.node, pyatspi.ROLE_LIST_ITEM, "SEQ1M Q8T1 · Read", what="the compare row")
        assert re.match(r"^B \(.*\) is \d+\.\d % faster than A", verdict.description or ""), \
            "compare row read as %r" % verdict.description
        # The run view's Back is in the tree too, and GTK 4.8 ignores a
        # click on a button not on screen: Tab to the one that is.
        tab_to_button(app, "Back to the list")
        key("space")
        open_run(app, title)
        # Its Name and Note are text fields a screen reader hears focused.
        field = tab_to_text(app, "Name")
        assert field.queryEditableText() is not None
        tab_to_text(app, "Note")
        # Delete, then the toast's Undo.  The toast lives five seconds; with
        # the machine busy, the AT-SPI round trips to its button can take
        # longer, and then the run is gone for good.  So once more with the
        # other run of that title: an Undo that does not work fails both.
        for left in (2, 1):
            tab_to_button(app, "Delete")
            try:
                with NameWatch() as watch:
                    key("space")
                    watch.wait(app.node, "Run deleted: " + title, "the deleted toast")
                    # Hovered, the toast stays until Undo is found.
                    hover_bottom(app)
                    undo = watch.wait_node(app.node, pyatspi.ROLE_PUSH_BUTTON, "Undo", "the toast's Undo button",
                                           timeout=20)
                    do_action(undo)
                wait_for(lambda: len(titled()) == left, "the run back")
                break
            except AssertionError:
                if left == 1:
                    raise
                print("# the toast was gone before Undo reached it; again with the other run")
                title = titled()[0].name
                open_run(app, title)
    finally:
        app.kill()
        shutil.rmtree(data_home, ignore_errors=True)


# Reads the X clipboard as a desktop app would: GTK 4 in a process of its own.
CLIPBOARD = r"""
import sys
import gi
gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk
Gtk.init()
loop = GLib.MainLoop()
got = []
def done(clipboard, result):
    try:
        got.append(clipboard.read_text_finish(result) or "")
    except GLib.Error:
        got.append("")
    loop.quit()
Gtk.Window().get_display().get_clipboard().read_text_async(None, done)
loop.run()
sys.stdout.write(got[0])
"""


def clipboard_text(display):
    env = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", GTK_A11Y="none")
    p = subprocess.run([sys.executable, "-c", CLIPBOARD], env=env, capture_output=True, text=True,
                       timeout=TIMEOUT_S)
    return p.stdout


def open_run(app, title):
    """Opens a run (Return on its row) and Tabs to its Delete, which only
    the run view on screen has in the Tab order."""
    for attempt in range(3):
        tab_to(find(app.node, pyatspi.ROLE_LIST_ITEM, title))
        key("Return")
        try:
            tab_to_button(app, "Delete")
            return
        except AssertionError:
            print("# the run did not open (attempt %d)" % (attempt + 1))
    raise AssertionError("the run %r did not open" % title)


def run_to_end(x):
    folder = bench_folder()
    app = App(x.display, settings=bench_settings(folder, 1, 0))
    try:
        start = show_speed_page(app)
        estimate = find(app.node, None, None, what="the time estimate",
                        pred=lambda n: (n.name or "").startswith("Estimated time"))
        do_action(start)
        # The run's length, scaled: the 1 s passes of the quickest preset
        # take about half a minute on a quiet machine.  Its end is seen on
        # the page, which stays, not in the five-second toast (ui-bench
        # checks that toast and its Copy Results in process).
        cells = wait_for(lambda: (lambda c: c if len(c) >= 4 else None)(
            find_all(app.node, None, None, pred=lambda n: "megabytes per second" in (n.name or ""))),
            "four cells read aloud (reads and writes)", timeout=4 * TIMEOUT_S)
        # Other pages have a Stop too: only the one on screen counts.
        wait_for(lambda: not find_all(app.node, pyatspi.ROLE_PUSH_BUTTON, "Stop", pred=on_screen),
                 "the run's end")
        copy = find(app.node, pyatspi.ROLE_PUSH_BUTTON, "Copy as Text", what="Copy as Text after the run",
                    pred=lambda n: n.getState().contains(pyatspi.STATE_SENSITIVE))
        print("# cells: %s" % [c.name for c in cells])
        do_action(copy)
        text = wait_for(lambda: (lambda t: t if "MB/s" in t else None)(clipboard_text(x.display)),
                        "the results on the clipboard")
        print("# copied: %r" % text[:120])
        # The verdict's labels are selectable: their words are their text.
        find(app.node, pyatspi.ROLE_LABEL, None, what="the run's verdict", timeout=TIMEOUT_S,
             pred=lambda n: ((n.name or "") + text_of(n)).startswith("How we decided"))
        assert not test_files(folder)
        print("# %s" % estimate.name)
    finally:
        app.kill()
        shutil.rmtree(folder, ignore_errors=True)


def quit_path(x, how):
    folder = bench_folder()
    app = App(x.display, settings=bench_settings(folder, 5, 5))
    try:
        start_run(app, folder)
        if how == "ctrl-q":
            key("q", CONTROL)
            press_dialog_button(app, "Stop and Quit")
        elif how == "close-button":
            do_action(find(app.node, pyatspi.ROLE_PUSH_BUTTON, "Close"))
            press_dialog_button(app, "Stop and Quit")
        elif how == "app.quit":
            subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID,
                            "--object-path", "/" + APP_ID.replace(".", "/"),
                            "--method", "org.gtk.Actions.Activate", "quit", "[]", "{}"],
                           check=True, stdout=subprocess.DEVNULL)
            press_dialog_button(app, "Stop and Quit")
        else:
            app.proc.send_signal(getattr(signal, how))
        ends_cleanly(app, folder)
    finally:
        app.kill()
        shutil.rmtree(folder, ignore_errors=True)


def keep_testing(x):
    """Cancel in the question keeps the run going."""
    folder = bench_folder()
    app = App(x.display, settings=bench_settings(folder, 5, 5))
    try:
        start_run(app, folder)
        do_action(find(app.node, pyatspi.ROLE_PUSH_BUTTON, "Close"))
        press_dialog_button(app, "Keep Testing")
        assert app.proc.poll() is None, "the app quit anyway (status %r)" % app.proc.poll()
        assert test_files(folder), "the test stopped"
        find(app.node, pyatspi.ROLE_PUSH_BUTTON, "Stop")
    finally:
        app.kill()
        shutil.rmtree(folder, ignore_errors=True)


def main():
    only = sys.argv[1:]
    global pyatspi
    tap = Tap()
    x = Xvfb()
    try:
        pyatspi = connect(x.display)
        tests = [
            ("health values read aloud", lambda: health_values(x)),
            ("one set of tabs in the narrow layout", lambda: narrow_tabs(x)),
            ("game mode toggled with the keyboard", lambda: game_mode_keyboard(x)),
            ("history read aloud, compared and deleted with Undo", lambda: history_read_aloud(x)),
            ("quickest preset run to the end and copied", lambda: run_to_end(x)),
            ("Keep Testing keeps the run", lambda: keep_testing(x)),
        ]
        for how in ("ctrl-q", "close-button", "app.quit", "SIGTERM", "SIGINT", "SIGHUP"):
            tests.append(("quit mid-run by %s: file gone, status 0" % how,
                          lambda how=how: quit_path(x, how)))
        for name, fn in tests:
            if not only or any(o in name for o in only):
                tap.run(name, fn)
    finally:
        x.stop()
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())
