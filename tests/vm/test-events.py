#!/usr/bin/python3
"""Kernel events made for real (issue 23 §1): the guest runs the real
systemd-journald, which reads the kernel's log as on a desktop.  QEMU's
blkdebug layer under the emulated controller's namespace fails reads of
one sector, so the emulated controller answers those reads with an error
status and the real nvme driver and block layer log them (a QMP
device_del logs nothing in this kernel, and a reset through sysfs only
what is shown in the diagnostics).  `drivedash-cli events nvme0 --json`
inside the guest reads the real journal and must classify them: each
event it reports is a line the kernel wrote (dmesg), about nvme0, an I/O
error with its operation, and nothing it prints is a raw control
character.

usage: test-events.py PATH/TO/drivedash-cli PATH/TO/systemd-journald
"""

import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmtest  # noqa: E402

# 8 MiB into the 64 MiB image: clear of the partition scan at both ends.
BAD_SECTOR = 16384
BLKDEBUG = f"""[inject-error]
event = "read_aio"
errno = "5"
sector = "{BAD_SECTOR}"
"""

SCRIPT = r"""
echo 6e1f0a3b9c8d4e2fa1b2c3d4e5f60718 > /etc/machine-id
mkdir -p /run/log/journal /var/log /sys/fs/cgroup
# journald wants its cgroup, as under systemd.
mount -t cgroup2 none /sys/fs/cgroup
journald >/tmp/journald.log 2>&1 &
n=0
while [ $n -lt 600 ] && ! ls /run/log/journal/*/system.journal >/dev/null 2>&1; do sleep 0.1; n=$((n + 1)); done
vm-run journal ls /run/log/journal/6e1f0a3b9c8d4e2fa1b2c3d4e5f60718
vm-run reset sh -c 'echo 1 > /sys/class/nvme/nvme0/reset_controller'
n=0
while [ $n -lt 300 ] && [ "$(cat /sys/class/nvme/nvme0/state)" != live ]; do sleep 0.1; n=$((n + 1)); done
# The bad sector, read past the page cache; then a good one still reads.
vm-run bad dd if=/dev/nvme0n1 of=/dev/null bs=512 skip=$BAD_SECTOR count=8 iflag=direct
vm-run good dd if=/dev/nvme0n1 of=/dev/null bs=512 skip=0 count=8 iflag=direct
# journald writes what the kernel said within moments; wait for it.
n=0
while [ $n -lt 300 ] && ! drivedash-cli events nvme0 --json 2>/dev/null | grep -q '"io-error"'; do sleep 0.2; n=$((n + 1)); done
vm-run dmesg-after dmesg
vm-run events drivedash-cli events nvme0 --json
vm-run events-text drivedash-cli events nvme0
vm-run journald-log cat /tmp/journald.log
"""


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tap = vmtest.Tap()
    journald = sys.argv[2]
    if not os.access(journald, os.X_OK):
        tap.skip_all(f"{journald} is not installed (Debian: systemd)")
    guest = vmtest.Guest(tap, bins=[sys.argv[1], journald + ":/usr/bin/journald"])
    image = guest.disk("disk.img", 64)
    config = guest.path("blkdebug.conf")
    with open(config, "w") as f:
        f.write(BLKDEBUG)
    run = guest.run(SCRIPT, nvme=[f"blkdebug:{config}:{image},serial=DD-EVENTS"],
                    env=[f"BAD_SECTOR={BAD_SECTOR}"])
    tap.eq(run.rc, 0, "the guest ran the whole script")
    tap.ok(run["journal"].rc == 0 and "system.journal" in run["journal"].out,
           "the real journald wrote the system journal", run.describe("journal") + run.describe("journald-log"))
    tap.diag("reset through sysfs: " + run.describe("reset"))
    tap.ok(run["bad"].rc > 0, "reading the bad sector fails", run.describe("bad"))
    tap.ok(run["good"].rc == 0, "a good sector still reads", run.describe("good"))

    dmesg = run["dmesg-after"].out
    events = run["events"]
    tap.ok(events.rc == 0, "drivedash-cli events nvme0 --json ran", run.describe("events"))
    raw = events.out
    tap.ok(all(c in "\n" or ord(c) >= 0x20 for c in raw) and "\\u001b" not in raw,
           "no raw control characters in the JSON")
    try:
        doc = json.loads(raw)
        drive = doc["drives"][0]
    except (ValueError, KeyError, IndexError) as e:
        tap.ok(False, f"the JSON parses: {e}", raw)
        guest.close()
        tap.done()
        return
    tap.eq(drive["controller"], "nvme0", "about nvme0")
    tap.eq(drive["source"], "journal", "read from the journal directly (root)")
    got = drive["events"]
    tap.diag("kinds: " + ", ".join(f"{k['kind']} x{k['count']}" for k in drive["kinds"]))
    for e in got[:20]:
        tap.diag(f"  {e['kind']}: {e['message']}")
    io = [e for e in got if e["kind"] == "io-error"]
    tap.ok(len(io) >= 1, "the kernel's I/O error lines were classified as I/O errors",
           "guest kernel log:\n" + dmesg[-3000:])
    tap.ok(all(e["op"] for e in io), "each with its operation",
           ", ".join(repr(e["op"]) for e in io))
    sectors = {e["sector"] for e in io if e["sector"] is not None}
    tap.ok(not sectors or sectors <= set(range(BAD_SECTOR, BAD_SECTOR + 8)),
           f"and the sector, where the line has one: {sorted(sectors)}")
    tap.ok(all(e["message"].rstrip("…") in dmesg for e in got),
           "every event is a line the kernel wrote (dmesg)")
    tap.ok(all(e["controller"] == "nvme0" for e in got), "every event is nvme0's")
    text = run["events-text"].out
    tap.ok(run["events-text"].rc == 0 and "What to do:" in text, "the text output says what to do",
           run.describe("events-text"))
    tap.diag(f"boot + script: {run.seconds:.1f} s")
    guest.close()
    tap.done()


if __name__ == "__main__":
    main()
