#!/usr/bin/python3
"""drivedashd on a real system bus in the guest, against QEMU's NVMe
controller through Debian 12's driver (issue 6).

The guest runs Debian's own dbus-daemon with Debian's system.conf, the
project's bus policy in /usr/share/dbus-1/system.d and its activation file in
/usr/share/dbus-1/system-services (as a package would install them), so the
first call D-Bus-activates drivedashd through dbus-daemon-launch-helper (no
systemd in the guest).  First without any polkit on the bus (the service then allows root only),
then with tests/vm/drivedash-fake-polkitd allowing read-health and nothing
else, so an unprivileged CLI gets its health through the service.

Checks: game mode reported unsupported (QEMU has no APST) and "on" refused
without changing anything; the Power Management feature (FID 0x02) read back
through the service; health through the service equal to health read
directly; bad names refused; unprivileged callers refused cleanly and the CLI
falling back to sysfs; no GLib criticals/warnings in the service's log.

usage: test-service.py PATH/TO/drivedash-cli PATH/TO/drivedashd PATH/TO/drivedash-fake-polkitd
(the activation file is taken from $DRIVEDASH_BUILD_ROOT/data/service, the
policy from $DRIVEDASH_SOURCE_ROOT/data/service)
"""

import os
import re
import shutil
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmtest  # noqa: E402

BUS_NAME = "io.github.drivedash.Drivedash1"
EXIT_NOT_SUPPORTED = 5

SCRIPT = r"""
# call METHOD ARG…: a method call on the system bus, as any client makes it.
printf '%s\n' '#!/bin/sh' 'm=$1' 'shift' \
  'exec gdbus call --system --dest io.github.drivedash.Drivedash1 --object-path /io/github/drivedash/Drivedash1 --method "io.github.drivedash.Drivedash1.$m" "$@"' \
  > /usr/bin/call
chmod +x /usr/bin/call

# The launch helper must be setuid root and executable by the bus user only,
# as Debian installs it (the initramfs stores every file as root:root).
helper=/usr/lib/dbus-1.0/dbus-daemon-launch-helper
chgrp messagebus $helper && chmod 4754 $helper
mkdir -p /run/dbus /var/lib/dbus
# What polkit's package installs, so the stand-in below may own its name.
cat > /usr/share/dbus-1/system.d/org.freedesktop.PolicyKit1.conf <<'END'
<busconfig>
  <policy user="root"><allow own="org.freedesktop.PolicyKit1"/></policy>
  <policy context="default"><allow send_destination="org.freedesktop.PolicyKit1"/></policy>
</busconfig>
END
# In the foreground (backgrounded here) rather than forked, so what the
# activated service writes to stderr lands in the log below.
dbus-daemon --system --nofork > /tmp/bus.log 2>&1 &
i=0
while [ ! -S /run/dbus/system_bus_socket ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done

vm-run activation-before sh -c 'gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus --method org.freedesktop.DBus.NameHasOwner io.github.drivedash.Drivedash1'
vm-run activate call GetGameMode nvme0
vm-run pid sh -c 'pidof drivedashd'
vm-run gm-json drivedash-cli game-mode nvme0 status --json
vm-run gm-human drivedash-cli game-mode nvme0 status
vm-run pm-qos sh -c 'ls /sys/class/nvme/nvme0/power/'
vm-run gm-on drivedash-cli game-mode nvme0 on
vm-run gm-after drivedash-cli game-mode nvme0 status --json
vm-run gm-direct env DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent drivedash-cli game-mode nvme0 status --json
vm-run list-dbus call ListDrives
vm-run bad-path call GetHealth nvme0/../../nvme0
vm-run bad-missing call GetHealth nvme9
vm-run bad-long call GetHealth "nvme$(head -c 60000 /dev/zero | tr '\0' 7)"
# gdbus checks types on the client side; dbus-send sends what it is told.
vm-run bad-type dbus-send --system --print-reply --dest=io.github.drivedash.Drivedash1 \
  /io/github/drivedash/Drivedash1 io.github.drivedash.Drivedash1.GetHealth int32:42
vm-run self-test-dbus call StartSelfTest nvme0 short
vm-run nobody-dbus su -s /bin/sh nobody -c 'gdbus call --system --dest io.github.drivedash.Drivedash1 --object-path /io/github/drivedash/Drivedash1 --method io.github.drivedash.Drivedash1.GetHealth nvme0'
vm-run nobody-set su -s /bin/sh nobody -c 'gdbus call --system --dest io.github.drivedash.Drivedash1 --object-path /io/github/drivedash/Drivedash1 --method io.github.drivedash.Drivedash1.SetGameMode nvme0 true false'
vm-run nobody-gm su -s /bin/sh nobody -c 'drivedash-cli game-mode nvme0 status --json'
vm-run nobody-health su -s /bin/sh nobody -c 'drivedash-cli health nvme0 --json'

# Now with a polkit authority that lets anyone read health and nothing else.
drivedash-fake-polkitd --allow io.github.drivedash.Drivedash.read-health > /tmp/polkit.log 2>&1 &
i=0
while ! grep -q ready /tmp/polkit.log && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
vm-run health-direct drivedash-cli health nvme0 --json
vm-run health-service su -s /bin/sh nobody -c 'drivedash-cli health nvme0 --json'
vm-run health-human su -s /bin/sh nobody -c 'drivedash-cli health nvme0'
vm-run polkit-gm su -s /bin/sh nobody -c 'drivedash-cli game-mode nvme0 status --json'
vm-run polkit-set su -s /bin/sh nobody -c 'gdbus call --system --dest io.github.drivedash.Drivedash1 --object-path /io/github/drivedash/Drivedash1 --method io.github.drivedash.Drivedash1.SetGameMode nvme0 true false'
vm-run polkit-cli-on su -s /bin/sh nobody -c 'drivedash-cli game-mode nvme0 on'
vm-run polkit-log cat /tmp/polkit.log
vm-run pid-after sh -c 'pidof drivedashd'
vm-run log cat /tmp/bus.log
"""


def gvariant_has(text, key, value_re):
    return re.search(r"'" + re.escape(key) + r"': <" + value_re + ">", text) is not None


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    cli, daemon, fake_polkitd = sys.argv[1:]
    build_root = os.environ.get("DRIVEDASH_BUILD_ROOT", "")
    source_root = os.environ.get("DRIVEDASH_SOURCE_ROOT", "")
    activation = os.path.join(build_root, "data", "service", BUS_NAME + ".service")
    policy = os.path.join(source_root, "data", "service", BUS_NAME + ".conf")
    tap = vmtest.Tap()
    for path in (activation, policy, "/usr/share/dbus-1/system.conf",
                 "/usr/lib/dbus-1.0/dbus-daemon-launch-helper"):
        if not os.path.exists(path):
            tap.bail(f"missing {path} (build data/service, install dbus-daemon)")
    for tool in ("dbus-daemon", "gdbus", "dbus-send"):
        if shutil.which(tool) is None:
            tap.skip_all(f"{tool} is not installed")

    # Where the activation file says the service lives.
    with open(activation) as f:
        exec_path = re.search(r"^Exec=(\S+)", f.read(), re.M).group(1)

    guest = vmtest.Guest(tap, bins=[
        cli,
        f"{daemon}:{exec_path}",
        shutil.which("dbus-daemon"),
        shutil.which("gdbus"),
        shutil.which("dbus-send"),
        fake_polkitd,
        "/usr/lib/dbus-1.0/dbus-daemon-launch-helper:/usr/lib/dbus-1.0/dbus-daemon-launch-helper",
    ], files=[
        "/usr/share/dbus-1/system.conf:/usr/share/dbus-1/system.conf",
        f"{policy}:/usr/share/dbus-1/system.d/{BUS_NAME}.conf",
        f"{activation}:/usr/share/dbus-1/system-services/{BUS_NAME}.service",
    ])
    image = guest.disk("disk.img", 16)
    run = guest.run(SCRIPT, nvme=[image + ",serial=DD-SERVICE"])
    tap.eq(run.rc, 0, "the guest started the system bus and ran the whole script")
    for name in ("gm-human", "health-human", "activate", "nobody-dbus", "bad-path", "polkit-cli-on",
                 "polkit-log", "log"):
        s = run[name]
        tap.diag(f"--- {name} (exit {s.rc}) ---\n{s.out}{s.err}")

    # D-Bus activation by the bus, no systemd
    tap.ok("false" in run["activation-before"].out, "drivedashd not running before the first call",
           run.describe("activation-before"))
    act = run["activate"]
    tap.ok(act.rc == 0 and run["pid"].out.strip().isdigit(),
           "the first call D-Bus-activated drivedashd", run.describe("activate") + run.describe("pid"))

    # game mode: unsupported, Power Management feature read back
    tap.ok(gvariant_has(act.out, "supported", "false"), "GetGameMode: supported false (no APST)",
           run.describe("activate"))
    tap.ok(gvariant_has(act.out, "power-state", "uint32 0"),
           "GetGameMode: power state 0 read back with Get Features 0x02", run.describe("activate"))
    gm = run.json("gm-json") or {}
    tap.ok(run["gm-json"].rc == 0 and gm.get("source") == "service" and gm.get("supported") is False
           and gm.get("enabled") is False and gm.get("power_state") == 0,
           "game-mode status through the service: unsupported, power state 0", run.describe("gm-json"))
    tap.ok(re.search(r"always runs at full speed", gm.get("message") or ""),
           "says plainly that the drive always runs at full speed", repr(gm.get("message")))
    tap.ok("pm_qos_latency_tolerance_us" not in run["pm-qos"].out,
           "the kernel offers no APST latency knob for this controller", run.describe("pm-qos"))
    on = run["gm-on"]
    tap.ok(on.rc == EXIT_NOT_SUPPORTED and "full speed" in on.out + on.err,
           f"game-mode on: refused as not supported, exit {EXIT_NOT_SUPPORTED}", run.describe("gm-on"))
    tap.eq(run.json("gm-after"), run.json("gm-json"), "game-mode on changed nothing")
    direct = run.json("gm-direct") or {}
    tap.ok(direct.get("source") == "sysfs" and direct.get("supported") is False,
           "without the service the CLI reads game mode directly", run.describe("gm-direct"))

    lst = run["list-dbus"]
    tap.ok(lst.rc == 0 and "DD-SERVICE" in lst.out and "QEMU NVMe Ctrl" in lst.out,
           "ListDrives", run.describe("list-dbus"))

    # bad input
    tap.ok(run["bad-path"].rc != 0 and "InvalidArgs" in run["bad-path"].err,
           "GetHealth nvme0/../../nvme0: InvalidArgs", run.describe("bad-path"))
    tap.ok(run["bad-missing"].rc != 0 and re.search(r"InvalidArgs|NotFound", run["bad-missing"].err),
           "GetHealth of a controller that does not exist: clean error", run.describe("bad-missing"))
    tap.ok(run["bad-long"].rc != 0 and "InvalidArgs" in run["bad-long"].err
           and len(run["bad-long"].err) < 2000,
           "GetHealth with a 60000-character name: InvalidArgs, not echoed back",
           run.describe("bad-long")[:3000])
    tap.ok(run["bad-type"].rc != 0 and "InvalidArgs" in run["bad-type"].err,
           "GetHealth with an int32: InvalidArgs", run.describe("bad-type"))
    st = run["self-test-dbus"]
    tap.ok(st.rc != 0 and "NotSupported" in st.err, "StartSelfTest: NotSupported on this drive",
           run.describe("self-test-dbus"))

    # unprivileged callers
    tap.ok(run["nobody-dbus"].rc != 0 and "AccessDenied" in run["nobody-dbus"].err,
           "nobody: GetHealth denied with AccessDenied (no polkit: root only)", run.describe("nobody-dbus"))
    tap.ok(run["nobody-set"].rc != 0 and "AccessDenied" in run["nobody-set"].err,
           "nobody: SetGameMode denied with AccessDenied", run.describe("nobody-set"))
    ngm = run.json("nobody-gm") or {}
    tap.ok(run["nobody-gm"].rc == 0 and ngm.get("supported") is False,
           "nobody: game-mode status still answered", run.describe("nobody-gm"))
    nh = vmtest.find(run.json("nobody-health"), "nvme0") or {}
    tap.ok(run["nobody-health"].rc == 0 and nh.get("privileged") is False and nh.get("partial") is True
           and nh.get("model") == "QEMU NVMe Ctrl" and nh.get("temperature_kelvin") == 323,
           "nobody: health falls back to sysfs/hwmon, partial", run.describe("nobody-health"))

    # with a polkit authority that allows read-health only
    hs = vmtest.find(run.json("health-service"), "nvme0")
    hd = vmtest.find(run.json("health-direct"), "nvme0")
    tap.ok(run["health-service"].rc == 0 and hs is not None and hs.get("source") == "service",
           "nobody, polkit allowing read-health: health comes through the service",
           run.describe("health-service"))
    tap.ok(run["health-direct"].rc == 0 and hd is not None and hd.get("source") not in (None, "service"),
           "root: health read directly", run.describe("health-direct"))
    if hs is not None and hd is not None:
        # Only the source may differ: nothing does I/O between the two reads,
        # and power-on hours cannot roll over in a few seconds of uptime.
        diff = sorted(k for k in set(hs) | set(hd) if k != "source" and hs.get(k) != hd.get(k))
        tap.ok(not diff, f"health through the service matches health read directly ({len(hs)} keys)",
               "\n".join(f"{k}: service {hs.get(k)!r} / direct {hd.get(k)!r}" for k in diff))
        tap.ok(hs.get("model") == "QEMU NVMe Ctrl" and hs.get("serial") == "DD-SERVICE"
               and hs.get("temperature_kelvin") == 323 and hs.get("privileged") is True
               and hs.get("partial") is False and isinstance(hs.get("data_units_read"), int),
               "service health: identity, temperature, full SMART data", repr(hs)[:400])
        tap.ok((hs.get("firmware_slots") or {}).get("active_slot") == 1,
               "service health carries the firmware slots", repr(hs.get("firmware_slots")))
    pgm = run.json("polkit-gm") or {}
    tap.ok(pgm.get("source") == "service" and pgm.get("power_state") == 0,
           "nobody: game-mode status through the service, power state read back", run.describe("polkit-gm"))
    tap.ok(run["polkit-set"].rc != 0 and "AccessDenied" in run["polkit-set"].err,
           "nobody: SetGameMode refused by polkit with AccessDenied", run.describe("polkit-set"))
    pon = run["polkit-cli-on"]
    tap.ok(pon.rc == 4 and pon.err.strip() and "AccessDenied" not in pon.err,
           "nobody: game-mode on refused in plain words, exit 4", run.describe("polkit-cli-on"))
    plog = run["polkit-log"].out
    tap.ok("io.github.drivedash.Drivedash.read-health" in plog
           and re.search(r"set-game-mode for .*: no", plog),
           "the service asked polkit for the right actions", run.describe("polkit-log"))

    # the service survived and logged nothing alarming
    tap.eq(run["pid-after"].out.strip(), run["pid"].out.strip(), "the same drivedashd served every call")
    console = run.console
    tap.ok(not re.search(r"CRITICAL|WARNING \*\*|assertion|AddressSanitizer", console + run["log"].out),
           "no GLib criticals or warnings from the service",
           "\n".join(l for l in (console + run["log"].out).splitlines()
                     if re.search(r"CRITICAL|WARNING|assertion", l)))
    tap.diag(f"boot + script: {run.seconds:.1f} s")
    guest.close()
    tap.done()


if __name__ == "__main__":
    main()
