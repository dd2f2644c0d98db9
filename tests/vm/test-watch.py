#!/usr/bin/python3
"""The background watch against a critical warning raised at run time in
QEMU's emulated NVMe controller (issue 12).

What is real and what is transport:
  guest (real)  QEMU's NVMe controller and its SMART log, Debian 12's nvme
                driver, Debian's dbus-daemon as system bus, and drivedashd
                (D-Bus-activated, as root) answering GetHealth: the a{sv} the
                app's client receives from the service on a desktop.  The
                guest asks it every ~0.5 s with `gdbus call`.
  QMP (real)    `vm-qmp` qom-set smart_critical_warning = 4 (bit 2,
                reliability degraded) while the guest runs.
  transport     each GetHealth reply travels as GVariant text (gdbus's
                type-annotated print) over the guest's serial console, is
                parsed back on the host with GLib.Variant.parse and written,
                in GVariant's binary form, to the file named by
                DRIVEDASH_WATCH_HEALTH_FILE.  The watch then reads that file
                instead of calling the service, which is in the guest: this
                replaces only the system-bus hop from drivedashd to the
                app's client (the client's D-Bus calls have their own tests:
                service-dbus, client-fallbacks), not the data.
  host (real)   `drivedash --background` (the real app under xvfb-run, no
                window) with the real watch, rules, store and GNotification,
                on a private session bus; the notification server is
                python3-dbusmock's notification_daemon template (a mock: it
                records Notify calls).  DRIVEDASH_WATCH_PERIOD_MS=50 makes
                its full reading every 0.5 s instead of every 10 minutes.

Timeline: clean readings -> no notification; qom-set -> the next reading
shows bit 2 -> exactly one Notify ("… reports a serious problem", "Show
Details"); further readings with the bit still set -> no new Notify.  The
host waits for the watch to store each reading before it writes the next
(no fixed sleeps), so the timeline is checked reading by reading.

usage: test-watch.py PATH/TO/drivedash PATH/TO/drivedashd
(activation file from $DRIVEDASH_BUILD_ROOT/data/service, bus policy from
$DRIVEDASH_SOURCE_ROOT/data/service)
"""

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmtest  # noqa: E402

BUS_NAME = "io.github.drivedash.Drivedash1"
APP_ID = "io.github.drivedash.Drivedash"
NOTIFY = "org.freedesktop.Notifications"
CLEAN_READINGS = 3
WARN_READINGS = 4
# How long the watch (full reading every 0.5 s) may take to pick a reading
# up on a loaded machine.
TAKE_TIMEOUT_S = 60

SCRIPT = r"""
helper=/usr/lib/dbus-1.0/dbus-daemon-launch-helper
chgrp messagebus $helper && chmod 4754 $helper
mkdir -p /run/dbus /var/lib/dbus
dbus-daemon --system --nofork > /tmp/bus.log 2>&1 &
i=0
while [ ! -S /run/dbus/system_bus_socket ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done

# One reading per line: "DD-READING PHASE (a{sv},)" as gdbus prints it.
reading () {
  out=$(gdbus call --system --dest io.github.drivedash.Drivedash1 \
    --object-path /io/github/drivedash/Drivedash1 \
    --method io.github.drivedash.Drivedash1.GetHealth nvme0 2>&1)
  echo "DD-READING $1 $out" | tr -d '\n'
  echo
}
for i in $(seq $CLEAN_READINGS); do reading clean; sleep 0.5; done
vm-run inject vm-qmp '{"execute": "qom-set", "arguments": {"path": "/machine/peripheral/nvme0", "property": "smart_critical_warning", "value": 4}}'
# drivedashd answers from a reading up to 1 s old (HEALTH_CACHE_USEC): the
# first reading after the change must come after that, or on a loaded
# machine it is the clean one again.
sleep 1.2
for i in $(seq $WARN_READINGS); do reading warn; sleep 0.5; done
vm-run log cat /tmp/bus.log
"""


class Host:
    """The host half: a private session bus, dbusmock's notification
    daemon, and the real background app once the first reading is in."""

    def __init__(self, tap, app):
        import gi
        gi.require_version("Gio", "2.0")
        from gi.repository import Gio, GLib
        self.Gio, self.GLib = Gio, GLib
        self.tap, self.app_path = tap, app
        self.tmp = tempfile.mkdtemp(prefix="drivedash-vm-watch-")
        self.health_file = os.path.join(self.tmp, "health.variant")
        self.daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                                       stdout=subprocess.PIPE, text=True)
        address = self.daemon.stdout.readline().strip()
        self.conn = Gio.DBusConnection.new_for_address_sync(
            address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
            Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        self.env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address,
                        XDG_DATA_HOME=os.path.join(self.tmp, "data"),
                        XDG_CONFIG_HOME=os.path.join(self.tmp, "config"),
                        DRIVEDASH_WATCH_PERIOD_MS="50",
                        DRIVEDASH_WATCH_HEALTH_FILE=self.health_file)
        self.mock = subprocess.Popen([sys.executable, "-m", "dbusmock", "--template", "notification_daemon"],
                                     env=self.env, stdout=subprocess.DEVNULL)
        self.wait_for_name(NOTIFY, self.mock)
        self.app = None

    def wait_for_name(self, name, process, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and process.poll() is None:
            reply = self.conn.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                        "org.freedesktop.DBus", "NameHasOwner",
                                        self.GLib.Variant("(s)", (name,)), None,
                                        self.Gio.DBusCallFlags.NONE, -1, None)
            if reply.unpack()[0]:
                return
            time.sleep(0.05)
        self.tap.bail(f"{name} did not appear on the test bus")

    def start_app(self):
        self.app = subprocess.Popen(["xvfb-run", "-a", self.app_path, "--background"], env=self.env,
                                    stdout=subprocess.DEVNULL)
        self.wait_for_name(APP_ID, self.app)

    def write_health(self, variant):
        with open(self.health_file + ".tmp", "wb") as f:
            f.write(variant.get_data_as_bytes().get_data())
        os.rename(self.health_file + ".tmp", self.health_file)

    def notifications(self):
        reply = self.conn.call_sync(NOTIFY, "/org/freedesktop/Notifications", "org.freedesktop.DBus.Mock",
                                    "GetCalls", None, None, self.Gio.DBusCallFlags.NONE, 10000, None)
        return [args for (_, method, args) in reply.unpack()[0] if method == "Notify"]

    def snapshot_after(self, second):
        """The critical warning of a snapshot the watch stored after SECOND."""
        path = os.path.join(self.tmp, "data", "drivedash", "results.db")
        if not os.path.exists(path):
            return None
        db = sqlite3.connect(path, timeout=10)
        try:
            row = db.execute("SELECT critical_warning FROM health_snapshots WHERE taken_at > ?"
                             " ORDER BY taken_at LIMIT 1", (second,)).fetchone()
            return row[0] if row else None
        except sqlite3.Error:  # not created yet
            return None
        finally:
            db.close()

    def wait_snapshot(self, second):
        deadline = time.monotonic() + TAKE_TIMEOUT_S
        while time.monotonic() < deadline:
            stored = self.snapshot_after(second)
            if stored is not None:
                return stored
            time.sleep(0.1)
        return None

    def close(self):
        for p in (self.app, self.mock):
            if p is not None and p.poll() is None:
                p.terminate()
                p.wait(20)
        self.conn.close_sync(None)
        self.daemon.terminate()
        self.daemon.wait(10)
        self.daemon.stdout.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


class Feed:
    """Called with each line the guest prints: puts each reading into the
    health file, waits until the watch has taken it (a snapshot stored in a
    later second than the file was written: the store keeps one per
    second), and notes what the watch stored and how many notifications
    there were by then."""

    def __init__(self, host):
        self.host = host
        self.readings = []  # (phase, a{sv} or None, text)
        self.timeline = []  # (phase, warning read, warning stored, Notify calls)
        self.first_notify_s = None

    def __call__(self, line):
        m = re.match(r"DD-READING (\w+) (.*)$", line)
        if m is None:
            return
        phase, text = m.groups()
        GLib = self.host.GLib
        try:
            variant = GLib.Variant.parse(GLib.VariantType("(a{sv})"), text, None, None).get_child_value(0)
        except GLib.Error:
            self.readings.append((phase, None, text))
            return
        self.readings.append((phase, variant, text))
        self.host.write_health(variant)
        written = int(time.time())
        if self.host.app is None:
            self.host.start_app()
        stored = self.host.wait_snapshot(written)
        notified = self.host.notifications()
        if phase == "warn" and not notified:
            # The Notify call goes out after the snapshot is stored.
            start = time.monotonic()
            while not notified and time.monotonic() - start < 30:
                time.sleep(0.1)
                notified = self.host.notifications()
            self.first_notify_s = time.monotonic() - start
        self.timeline.append((phase, value(variant, "critical_warning"), stored, len(notified)))


def value(variant, key):
    v = variant.lookup_value(key, None) if variant is not None else None
    return v.unpack() if v is not None else None


def check_readings(tap, feed):
    phases = [r[0] for r in feed.readings]
    tap.eq(phases, ["clean"] * CLEAN_READINGS + ["warn"] * WARN_READINGS, "every reading came across")
    bad = [r[2] for r in feed.readings if r[1] is None]
    tap.ok(not bad, "every reading is GetHealth's a{sv}", "\n".join(bad)[:3000])
    if feed.readings:
        tap.diag(f"one reading = {len(feed.readings[0][2])} characters of GVariant text:\n"
                 f"{feed.readings[0][2][:600]}…")
    first = feed.readings[0][1] if feed.readings else None
    tap.eq(value(first, "model"), "QEMU NVMe Ctrl", "the readings come from QEMU's controller")
    tap.eq(value(first, "serial"), "DD-WATCH", "… the one this test attached")
    tap.eq((value(first, "source"), value(first, "privileged")), ("service", True),
           "… read by drivedashd (source service) with admin commands, not from sysfs")
    warnings = [value(r[1], "critical_warning") for r in feed.readings]
    tap.eq(warnings, [0] * CLEAN_READINGS + [4] * WARN_READINGS,
           "clean readings show no warning; the first reading after qom-set shows bit 2")


def check_notifications(tap, host, feed):
    want = [(phase, warning, warning) for (phase, warning, _, _) in feed.timeline]
    tap.eq([t[:3] for t in feed.timeline], want,
           "the watch took every reading: (phase, warning read, warning it stored)")
    counts = [t[3] for t in feed.timeline]
    tap.eq(counts, [0] * CLEAN_READINGS + [1] * WARN_READINGS,
           "notifications after each reading: none for the clean ones, one at the warning, no more")
    time.sleep(1)  # a late Notify for the last reading would be in by now
    calls = host.notifications()
    tap.eq(len(calls), 1, "exactly one notification in all")
    if calls:
        summary, body, actions = calls[0][3], calls[0][4], calls[0][5]
        tap.diag(f"notification: {summary!r}\n{body}\nactions: {actions}")
        tap.eq(summary, "QEMU NVMe Ctrl reports a serious problem", "its title names the drive in plain words")
        tap.ok("Back up your files now" in body, "its text says what to do", body)
        tap.ok("Show Details" in actions, "it offers Show Details", repr(actions))
    if feed.first_notify_s is not None:
        tap.diag(f"notification {feed.first_notify_s:.1f} s after the watch stored the warning reading")
    tap.ok(host.app.poll() is None, "the background app still runs")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    app, daemon = sys.argv[1:]
    tap = vmtest.Tap()
    build_root = os.environ.get("DRIVEDASH_BUILD_ROOT", "")
    source_root = os.environ.get("DRIVEDASH_SOURCE_ROOT", "")
    activation = os.path.join(build_root, "data", "service", BUS_NAME + ".service")
    policy = os.path.join(source_root, "data", "service", BUS_NAME + ".conf")
    for path in (activation, policy, "/usr/share/dbus-1/system.conf",
                 "/usr/lib/dbus-1.0/dbus-daemon-launch-helper"):
        if not os.path.exists(path):
            tap.bail(f"missing {path} (build data/service, install dbus-daemon)")
    for tool in ("dbus-daemon", "gdbus", "xvfb-run"):
        if shutil.which(tool) is None:
            tap.skip_all(f"{tool} is not installed")
    with open(activation) as f:
        exec_path = re.search(r"^Exec=(\S+)", f.read(), re.M).group(1)

    guest = vmtest.Guest(tap, bins=[
        f"{daemon}:{exec_path}",
        shutil.which("dbus-daemon"),
        shutil.which("gdbus"),
        "/usr/lib/dbus-1.0/dbus-daemon-launch-helper:/usr/lib/dbus-1.0/dbus-daemon-launch-helper",
    ], files=[
        "/usr/share/dbus-1/system.conf:/usr/share/dbus-1/system.conf",
        f"{policy}:/usr/share/dbus-1/system.d/{BUS_NAME}.conf",
        f"{activation}:/usr/share/dbus-1/system-services/{BUS_NAME}.service",
    ])
    host = Host(tap, app)
    try:
        feed = Feed(host)
        image = guest.disk("disk.img", 16)
        run = guest.run(SCRIPT, nvme=[image + ",serial=DD-WATCH"], on_line=feed,
                        env=[f"CLEAN_READINGS={CLEAN_READINGS}", f"WARN_READINGS={WARN_READINGS}"])
        tap.eq(run.rc, 0, "the guest ran the whole script")
        tap.ok(run["inject"].rc == 0 and '"return"' in run["inject"].out,
               "qom-set smart_critical_warning=4 over QMP", run.describe("inject"))
        check_readings(tap, feed)
        if host.app is None:
            tap.bail("no reading arrived, the app was never started")
        check_notifications(tap, host, feed)
        tap.diag(f"boot + script: {run.seconds:.1f} s")
    finally:
        host.close()
        guest.close()
    tap.done()


if __name__ == "__main__":
    main()
