#!/usr/bin/python3
"""drivedash-cli list / health / self-test against QEMU's emulated NVMe
controllers, through Debian 12's nvme driver (issue 3).

One boot, two controllers:
  DD-GOOD  clean; we write and read a known amount and watch its counters;
           later a critical warning (bit 2, reliability) is injected at run
           time over QMP (qom-set smart_critical_warning).
  DD-WARN  booted with smart_critical_warning=8 (bit 3, read-only).
Controller names are found by serial: the driver probes asynchronously.

usage: test-health.py PATH/TO/drivedash-cli
"""

import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmtest  # noqa: E402

WRITE_MIB = 64
READ_MIB = 32
BYTES_PER_UNIT = 512000
EXIT_NOT_FOUND = 3
EXIT_NOT_SUPPORTED = 5
# What QEMU's nvme_fw_log_info() puts in slot 1 (hw/nvme/ctrl.c).
QEMU_FW_LOG_REVISION = "1.0"
# nvme-cli (Debian package nvme-cli), the reference for the firmware slots.
NVME_CLI = "/usr/sbin/nvme"

SCRIPT = r"""
ctrl_by_serial () {
  for c in /sys/class/nvme/nvme*; do
    s=$(cat "$c/serial")
    [ "${s%% *}" = "$1" ] && { echo "${c##*/}"; return; }
  done
}
good=$(ctrl_by_serial DD-GOOD)
warn=$(ctrl_by_serial DD-WARN)
echo "good=$good warn=$warn"

vm-run names echo "$good $warn"
vm-run help drivedash-cli --help
vm-run list-json drivedash-cli list --json
vm-run list-human drivedash-cli list
vm-run before drivedash-cli health "$good" --json
vm-run human-good drivedash-cli health "$good"
vm-run nvme-fw-log nvme fw-log -o json /dev/$good
vm-run nvme-id-ctrl nvme id-ctrl -o json /dev/$good
vm-run write dd if=/dev/zero of=/dev/${good}n1 bs=1M count=$WRITE_MIB oflag=direct
vm-run read dd if=/dev/${good}n1 of=/dev/null bs=1M count=$READ_MIB iflag=direct
vm-run after drivedash-cli health "$good" --json
vm-run warn drivedash-cli health "$warn" --json
vm-run human-warn drivedash-cli health "$warn"
vm-run all drivedash-cli health --json
vm-run self-test drivedash-cli self-test "$good" start-short
vm-run unknown drivedash-cli health nvme42
vm-run bad-name drivedash-cli health ../nvme0
vm-run nobody-json su -s /bin/sh nobody -c "drivedash-cli health $good --json"
vm-run nobody-human su -s /bin/sh nobody -c "drivedash-cli health $good"
vm-run nobody-list su -s /bin/sh nobody -c "drivedash-cli list --json"
vm-run inject vm-qmp "{\"execute\": \"qom-set\", \"arguments\": {\"path\": \"/machine/peripheral/nvme0\", \"property\": \"smart_critical_warning\", \"value\": 4}}"
vm-run injected drivedash-cli health "$good" --json
vm-run human-injected drivedash-cli health "$good"
# Clear it again, then lower the temperature threshold below QEMU's 50 °C
# through hwmon (the driver sends Set Features 0x04): the controller raises
# critical-warning bit 1 and the kernel's temp1_alarm, which is all an
# unprivileged user can see.
vm-run clear vm-qmp "{\"execute\": \"qom-set\", \"arguments\": {\"path\": \"/machine/peripheral/nvme0\", \"property\": \"smart_critical_warning\", \"value\": 0}}"
vm-run threshold sh -c "for h in /sys/class/nvme/$good/hwmon*; do echo 40000 > \$h/temp1_max; done"
vm-run hot drivedash-cli health "$good" --json
vm-run hot-nobody su -s /bin/sh nobody -c "drivedash-cli health $good --json"
vm-run hot-nobody-human su -s /bin/sh nobody -c "drivedash-cli health $good"
# Trim, last (it writes a filesystem over what dd wrote): the real kernel's
# sysfs and mountinfo for a filesystem on the drive, with and without the
# discard option.  The guest has no system bus, so no systemd to ask.
vm-run trim-mkfs busybox mke2fs -F /dev/${good}n1 8192
vm-run trim-mount mount -t ext4 -o discard /dev/${good}n1 /mnt
vm-run trim-discard drivedash-cli upkeep "$good" --json
vm-run trim-remount mount -o remount,nodiscard /mnt
vm-run trim-plain drivedash-cli upkeep "$good" --json
vm-run trim-human drivedash-cli health "$good"
vm-run trim-umount umount /mnt
"""


def qemu_version():
    out = subprocess.run(["qemu-system-x86_64", "--version"], stdout=subprocess.PIPE, text=True).stdout
    m = re.search(r"version (\d+\.\d+\.\d+)", out)
    return m.group(1) if m else None


def num(doc, key):
    v = (doc or {}).get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def nvme_cli_slots(fw_log, id_ctrl, controller):
    """The firmware slots as nvme-cli 2.3 sees them, in our JSON's terms.

    fw-log -o json gives "Active Firmware Slot (afi)" and, for each slot
    whose revision is not empty, "Firmware Rev Slot N": "U64 (TEXT)", where
    U64 is the revision's 8 bytes read little-endian and TEXT has '.' for
    anything unprintable, spaces included (nvme-print.c, fw_to_string()).
    The bytes are the revision, space-padded like every NVMe string.
    id-ctrl's frmw: bit 0 slot 1 read-only, bits 3:1 the number of slots."""
    log = fw_log[controller]
    afi = log["Active Firmware Slot (afi)"]
    slots = []
    for key, value in sorted(log.items()):
        m = re.fullmatch(r"Firmware Rev Slot (\d)", key)
        if m:
            raw = int(value.split(" ")[0]).to_bytes(8, "little")
            slots.append({"slot": int(m.group(1)), "revision": raw.decode("ascii").rstrip(" \0"),
                          "active": int(m.group(1)) == afi & 0x7,
                          "read_only": int(m.group(1)) == 1 and bool(id_ctrl["frmw"] & 1)})
    return {"active_slot": afi & 0x7, "next_slot": (afi >> 4) & 0x7 or None,
            "slot1_read_only": bool(id_ctrl["frmw"] & 1), "count": (id_ctrl["frmw"] >> 1) & 0x7,
            "slots": slots}


def check_fw_log(tap, run, fw):
    """Our firmware slots against nvme-cli's, read from the same controller."""
    if run["nvme-fw-log"].rc != 0:
        tap.skip("firmware slots match nvme fw-log",
                 f"{NVME_CLI} is not installed (build-aux/deps test)" if not os.access(NVME_CLI, os.X_OK)
                 else run.describe("nvme-fw-log"))
        return
    try:
        ref = nvme_cli_slots(json.loads(run["nvme-fw-log"].out), json.loads(run["nvme-id-ctrl"].out),
                             run["names"].out.split()[0])
    except (ValueError, KeyError, IndexError) as e:
        tap.ok(False, f"nvme fw-log and id-ctrl -o json parse: {e}",
               run.describe("nvme-fw-log") + run.describe("nvme-id-ctrl"))
        return
    tap.diag(f"nvme-cli: {run['nvme-fw-log'].out.strip()}")
    tap.eq((fw.get("active_slot"), fw.get("next_slot"), fw.get("slot1_read_only")),
           (ref["active_slot"], ref["next_slot"], ref["slot1_read_only"]),
           "firmware slots: active, next and read-only match nvme fw-log and id-ctrl")
    tap.eq(fw.get("slots"), ref["slots"], "firmware slots: each slot's revision matches nvme fw-log")
    tap.ok(len(fw.get("slots") or []) <= ref["count"] and ref["count"] >= 1,
           f"no more slots than id-ctrl's frmw declares ({ref['count']})")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cli = sys.argv[1]
    tap = vmtest.Tap()
    bins = [cli]
    if os.access(NVME_CLI, os.X_OK):
        bins.append(f"{NVME_CLI}:{NVME_CLI}")
    guest = vmtest.Guest(tap, bins=bins)
    good_img = guest.disk("good.img", 128)
    warn_img = guest.disk("warn.img", 16)
    run = guest.run(SCRIPT,
                    nvme=[good_img + ",serial=DD-GOOD",
                          warn_img + ",serial=DD-WARN,smart_critical_warning=8"],
                    env=[f"WRITE_MIB={WRITE_MIB}", f"READ_MIB={READ_MIB}"])
    tap.eq(run.rc, 0, "the guest ran the whole script")
    names = run["names"].out.split()
    if len(names) != 2:
        tap.bail(f"controllers not found by serial: {run.describe('names')}")
    good, warn = names
    version = qemu_version()

    # Human output goes into the log verbatim: the lead quotes it.
    for name in ("list-human", "human-good", "human-warn", "human-injected", "nobody-human",
                 "hot-nobody-human", "self-test", "unknown", "bad-name"):
        s = run[name]
        tap.diag(f"--- drivedash-cli output: {name} (exit {s.rc}) ---\n{s.out}{s.err}")
    tap.diag(f"--- drivedash-cli health {good} --json (before writing) ---\n{run['before'].out}")
    tap.diag(f"--- drivedash-cli health {good} --json as nobody ---\n{run['nobody-json'].out}")

    # --help documents the exit codes used below.
    help_text = run["help"].out
    tap.ok(run["help"].rc == 0 and re.search(r"\b3\b.*no such", help_text)
           and re.search(r"\b5\b.*not supported", help_text),
           "--help documents the exit codes", run.describe("help"))

    # list
    listing = run.json("list-json")
    for ctrl, serial in ((good, "DD-GOOD"), (warn, "DD-WARN")):
        entry = vmtest.find(listing, ctrl)
        tap.ok(run["list-json"].rc == 0 and entry is not None and entry.get("model") == "QEMU NVMe Ctrl"
               and entry.get("serial") == serial and entry.get("firmware") == version,
               f"list --json: {ctrl} with trimmed model, serial {serial}, firmware {version}",
               run.describe("list-json"))
    tap.ok(run["list-human"].rc == 0 and "QEMU NVMe Ctrl" in run["list-human"].out
           and "DD-GOOD" in run["list-human"].out, "list: human output", run.describe("list-human"))

    # health, as root, clean controller
    before = vmtest.find(run.json("before"), good)
    ok = run["before"].rc == 0 and before is not None
    tap.ok(ok, "health --json as root", run.describe("before"))
    before = before or {}
    tap.eq(before.get("model"), "QEMU NVMe Ctrl", "model")
    tap.eq(before.get("serial"), "DD-GOOD", "serial")
    tap.eq(before.get("firmware"), version, "firmware is the QEMU version")
    tap.eq(before.get("privileged"), True, "privileged")
    # QEMU 7.2 leaves Available Spare and its threshold at 0 %: "not
    # reported" (drivedash-plausible.c), so Good with that said; a
    # controller that reports a spare above its threshold is Good.
    spare = num(before, "available_spare_percent")
    threshold = num(before, "available_spare_threshold_percent")
    want = (("good", ["no-problems", "spare-not-reported"]) if spare == 0 and threshold == 0
            else ("good", ["no-problems"]))
    tap.eq((before.get("verdict"), before.get("verdict_reason_ids")), want,
           f"verdict of a clean controller with spare {spare} % / threshold {threshold} %")
    tap.eq(before.get("critical_warning"), 0, "no critical warning")
    tap.eq(before.get("temperature_kelvin"), 323, "temperature in exact Kelvin")
    # QEMU's Identify: WCTEMP 0x157, CCTEMP 0x175.
    tap.eq(before.get("warning_temperature_kelvin"), 343, "warning temperature from Identify")
    tap.eq(before.get("critical_temperature_kelvin"), 373, "critical temperature from Identify")
    tap.ok(num(before, "available_spare_percent") is not None
           and num(before, "available_spare_threshold_percent") is not None,
           "available spare and its threshold", f"{before.get('available_spare_percent')!r} "
           f"{before.get('available_spare_threshold_percent')!r}")
    tap.eq(before.get("percentage_used"), 0, "percentage used")
    for key in ("power_cycles", "power_on_hours", "unsafe_shutdowns", "media_errors",
                "error_log_entries", "host_read_commands", "host_write_commands"):
        tap.ok(num(before, key) is not None, f"{key} is a number", repr(before.get(key)))
    states = before.get("power_states")
    tap.ok(isinstance(states, list) and len(states) == 1 and states[0].get("operational") is True,
           "one operational power state (QEMU's)", repr(states))
    tap.eq(before.get("apst_supported"), False, "APST reported unsupported")
    tap.eq(before.get("self_test_supported"), False, "self-test reported unsupported")
    # Firmware slots, read with the real Get Log Page 03h.  QEMU's Identify
    # declares one slot, read-only (FRMW = 1 << 1 | 1); its log has slot 1
    # active and holding "1.0", a fixed string, not Identify's firmware
    # revision (the QEMU version).
    fw = before.get("firmware_slots") or {}
    tap.eq((fw.get("active_slot"), fw.get("next_slot"), fw.get("slot1_read_only"), fw.get("active_revision")),
           (1, None, True, QEMU_FW_LOG_REVISION), "firmware slots: slot 1 active, read-only, QEMU's 1.0")
    tap.eq(fw.get("slots"), [{"slot": 1, "revision": QEMU_FW_LOG_REVISION, "active": True, "read_only": True}],
           "firmware slots: QEMU's one slot")
    check_fw_log(tap, run, fw)
    tap.ok(f"Slot 1 (read-only): {QEMU_FW_LOG_REVISION} · active" in run["human-good"].out,
           "human health output lists the firmware slot in plain words", run.describe("human-good"))
    first = run["human-good"].out.split("\n")[0]
    tap.ok(run["human-good"].rc == 0 and "QEMU NVMe Ctrl" in run["human-good"].out
           and first.lower() == f"{good}: {before.get('verdict')}",
           "human health output leads with the verdict", run.describe("human-good"))

    # counters move by what we wrote and read
    after = vmtest.find(run.json("after"), good) or {}
    tap.ok(run["write"].rc == 0 and run["read"].rc == 0, "wrote and read the namespace with O_DIRECT",
           run.describe("write") + run.describe("read"))
    want_w = WRITE_MIB * 1048576 / BYTES_PER_UNIT    # 131.07…: QEMU rounds up
    want_r = READ_MIB * 1048576 / BYTES_PER_UNIT
    dw = (num(after, "data_units_written") or 0) - (num(before, "data_units_written") or 0)
    dr = (num(after, "data_units_read") or 0) - (num(before, "data_units_read") or 0)
    tap.ok(want_w - 1 <= dw <= want_w + 2,
           f"data_units_written grew by {WRITE_MIB} MiB / 512000 (±rounding): {dw}",
           f"before {before.get('data_units_written')!r}, after {after.get('data_units_written')!r}, "
           f"want about {want_w:.2f}")
    tap.ok(want_r - 1 <= dr <= want_r + 2,
           f"data_units_read grew by {READ_MIB} MiB / 512000 (±rounding): {dr}",
           f"before {before.get('data_units_read')!r}, after {after.get('data_units_read')!r}, "
           f"want about {want_r:.2f}")
    tap.ok(num(after, "bytes_written") == (num(after, "data_units_written") or -1) * BYTES_PER_UNIT
           and after.get("bytes_written_exact") == str(after.get("bytes_written")),
           "bytes_written = units × 512000 (and exact)",
           f"{after.get('bytes_written')!r} {after.get('bytes_written_exact')!r}")
    dcmd = (num(after, "host_write_commands") or 0) - (num(before, "host_write_commands") or 0)
    tap.ok(dcmd >= WRITE_MIB, f"host_write_commands grew by at least {WRITE_MIB}: {dcmd}")

    # critical warning set at boot (bit 3: read-only)
    w = vmtest.find(run.json("warn"), warn) or {}
    tap.ok(run["warn"].rc == 0 and w.get("verdict") == "bad" and w.get("critical_warning") == 8
           and "critical-warning-read-only" in (w.get("verdict_reason_ids") or [])
           and any("read-only" in r for r in w.get("verdict_reasons") or []),
           "smart_critical_warning=8 at boot: verdict bad, reason read-only", run.describe("warn"))
    tap.ok(run["human-warn"].out.split("\n")[0].lower() == f"{warn}: bad"
           and "read-only" in run["human-warn"].out.split("\n\n")[0],
           "human output says bad and why", run.describe("human-warn"))

    # critical warning injected at run time (bit 2: reliability)
    tap.ok(run["inject"].rc == 0, "qom-set smart_critical_warning=4 over QMP", run.describe("inject"))
    inj = vmtest.find(run.json("injected"), good) or {}
    tap.ok(inj.get("verdict") == "bad" and inj.get("critical_warning") == 4
           and inj.get("verdict_reason_ids", [None])[0] == "critical-warning-reliability"
           and any("unreliable" in r for r in inj.get("verdict_reasons") or []),
           "injected at run time: verdict bad, reason reliability", run.describe("injected"))
    tap.ok(run["human-injected"].out.split("\n")[0].lower() == f"{good}: bad"
           and "unreliable" in run["human-injected"].out.split("\n\n")[0],
           "human output after the injection says bad and why", run.describe("human-injected"))

    # temperature over the (lowered) threshold
    tap.ok(run["clear"].rc == 0 and run["threshold"].rc == 0,
           "cleared the injected warning; lowered the threshold to 40 °C through hwmon",
           run.describe("clear") + run.describe("threshold"))
    hot = vmtest.find(run.json("hot"), good) or {}
    tap.ok(hot.get("critical_warning") == 2 and hot.get("verdict") == "bad"
           and "critical-warning-temperature" in (hot.get("verdict_reason_ids") or []),
           "root: temperature warning bit from the controller, verdict bad", run.describe("hot"))
    hn = vmtest.find(run.json("hot-nobody"), good) or {}
    tap.ok(run["hot-nobody"].rc == 0 and hn.get("privileged") is False and hn.get("temperature_alarm") is True
           and hn.get("verdict") == "bad"
           and "critical-warning-temperature" in (hn.get("verdict_reason_ids") or []),
           "nobody: hwmon's temp1_alarm alone turns the verdict bad", run.describe("hot-nobody"))
    tap.ok(run["hot-nobody-human"].out.split("\n")[0].lower() == f"{good}: bad",
           "nobody: human output says bad", run.describe("hot-nobody-human"))

    # all controllers in one document
    doc = run.json("all")
    tap.ok(run["all"].rc == 0 and vmtest.find(doc, good) is not None and vmtest.find(doc, warn) is not None,
           "health --json without a controller covers every drive", run.describe("all"))

    # self-test, bad names
    st = run["self-test"]
    tap.ok(st.rc == EXIT_NOT_SUPPORTED and "not supported by this drive" in (st.out + st.err),
           f"self-test start-short: 'not supported by this drive', exit {EXIT_NOT_SUPPORTED}",
           run.describe("self-test"))
    for name, codes in (("unknown", (EXIT_NOT_FOUND,)), ("bad-name", (2, EXIT_NOT_FOUND))):
        s = run[name]
        tap.ok(s.rc in codes and s.err.strip()
               and not re.search(r"errno|Segmentation|assert", s.err),
               f"health {name}: clean message, exit {' or '.join(map(str, codes))}", run.describe(name))

    # unprivileged: sysfs and hwmon only
    nb = vmtest.find(run.json("nobody-json"), good) or {}
    tap.ok(run["nobody-json"].rc == 0, "health --json as nobody succeeds", run.describe("nobody-json"))
    tap.eq(nb.get("privileged"), False, "nobody: privileged false")
    tap.eq(nb.get("partial"), True, "nobody: flagged partial")
    tap.ok(isinstance(nb.get("missing"), list) and len(nb["missing"]) > 0
           and all(m.get("why") for m in nb["missing"]), "nobody: says what is missing and why",
           repr(nb.get("missing")))
    tap.eq(nb.get("model"), "QEMU NVMe Ctrl", "nobody: model from sysfs")
    tap.eq(nb.get("serial"), "DD-GOOD", "nobody: serial from sysfs")
    tap.eq(nb.get("temperature_kelvin"), 323, "nobody: temperature from hwmon")
    tap.eq(nb.get("warning_temperature_kelvin"), 343, "nobody: warning limit from hwmon")
    tap.eq(nb.get("critical_temperature_kelvin"), 373, "nobody: critical limit from hwmon")
    tap.eq(nb.get("data_units_written"), None, "nobody: no SMART counters (null, not 0)")
    tap.eq(nb.get("firmware_slots"), None, "nobody: no firmware slots (null)")
    tap.ok(run["nobody-human"].rc == 0 and "QEMU NVMe Ctrl" in run["nobody-human"].out
           and not re.search(r"errno|Permission denied|Segmentation", run["nobody-human"].out
                             + run["nobody-human"].err),
           "nobody: human output without raw errors", run.describe("nobody-human"))
    tap.ok(run["nobody-list"].rc == 0 and vmtest.find(run.json("nobody-list"), good) is not None,
           "nobody: list works", run.describe("nobody-list"))

    # trim, on the real kernel's sysfs and mountinfo
    for name in ("trim-mkfs", "trim-mount", "trim-remount"):
        tap.ok(run[name].rc == 0, f"{name} ran", run.describe(name))
    for name, discard, state in (("trim-discard", 1, "continuous"), ("trim-plain", 0, "unknown")):
        trim = (vmtest.find(run.json(name), good) or {}).get("trim") or {}
        tap.ok(run[name].rc == 0 and trim.get("filesystems") == 1 and trim.get("filesystems_discard") == discard
               and trim.get("filesystems_blocked") == 0 and trim.get("timer") == "unknown"
               and trim.get("state") == state,
               f"upkeep --json: one filesystem on {good}, discard {discard}: {state}", run.describe(name))
    tap.ok("Weekly trim" in run["trim-human"].out and "no systemd to ask" in run["trim-human"].out,
           "health: the trim line says it can't tell without systemd", run.describe("trim-human"))

    tap.diag(f"boot + script: {run.seconds:.1f} s")
    guest.close()
    tap.done()


if __name__ == "__main__":
    main()
