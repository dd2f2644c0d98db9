#!/usr/bin/python3
"""The drive disappears in the middle of a benchmark (issue 13 §6): QMP
device_del removes QEMU's NVMe controller while drivedash-cli bench reads
from ext4 on it.  The run must end by itself within seconds with a plain
error (not hang until the per-I/O timeout or forever).  The file cannot
be removed from a drive that is gone; once the drive is back (QMP
blockdev-add + device_add, mounted again) the folder must be left clean
after the next run, whose sweep takes the stale file.

usage: test-bench-gone.py PATH/TO/drivedash-cli
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmtest  # noqa: E402

# Well under the benchmark's own 30 s per-I/O limit: ending through that
# limit would be "the drive stopped responding", not "disappeared".
ENDS_WITHIN_S = 20

SCRIPT = r"""
mount -t ext4 /dev/nvme0n1 /mnt || exit 10
mkdir /mnt/bench
(
  drivedash-cli bench --target /mnt/bench --test "RND4K Q8T1" --mode read \
    --size 32MiB --count 1 --duration 120 --interval 0 >/tmp/bench.out 2>/tmp/bench.err
  echo $? >/tmp/bench.rc
) &
# Into the warm-up: the file exists and has been pre-filled for a while.
n=0
while [ $n -lt 600 ] && [ -z "$(ls -A /mnt/bench)" ]; do sleep 0.1; n=$((n + 1)); done
sleep 3
vm-run before-unplug ls -A /mnt/bench
vm-run unplug vm-qmp '{"execute": "device_del", "arguments": {"id": "nvme0"}}'
start=$(cut -d' ' -f1 /proc/uptime)
n=0
while [ $n -lt 900 ] && [ ! -e /tmp/bench.rc ]; do sleep 0.1; n=$((n + 1)); done
end=$(cut -d' ' -f1 /proc/uptime)
vm-run ended cat /tmp/bench.rc
vm-run seconds awk "BEGIN { print $end - $start }"
vm-run bench-err cat /tmp/bench.err
vm-run node ls /dev/nvme0n1
vm-run cached ls -A /mnt/bench
# The drive comes back: same image, new controller (another serial, so the
# kernel does not try to join it to the dead one's subsystem).
umount -l /mnt
vm-run blockdev vm-qmp "{\"execute\": \"blockdev-add\", \"arguments\": {\"driver\": \"raw\", \"node-name\": \"back\", \"file\": {\"driver\": \"file\", \"locking\": \"off\", \"filename\": \"$IMAGE\"}}}"
vm-run replug vm-qmp '{"execute": "device_add", "arguments": {"driver": "nvme", "drive": "back", "id": "nvme9", "serial": "DD-BACK"}}'
n=0
while [ $n -lt 300 ] && ! ls /dev/nvme*n1 >/dev/null 2>&1; do sleep 0.1; n=$((n + 1)); done
mkdir -p /mnt2
vm-run remount mount -t ext4 "$(ls /dev/nvme*n1 | head -n 1)" /mnt2
vm-run stale ls -A /mnt2/bench
vm-run again drivedash-cli bench --target /mnt2/bench --test "RND4K Q1T1" --mode read \
  --size 8MiB --count 1 --duration 0.5 --interval 0 --no-warmup
vm-run left ls -A /mnt2/bench
umount /mnt2
"""


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tap = vmtest.Tap()
    guest = vmtest.Guest(tap, bins=[sys.argv[1]])
    image = guest.disk("ext4.img", 128, ext4=True)
    run = guest.run(SCRIPT, nvme=[image + ",serial=DD-GONE"], env=[f"IMAGE={image}"])
    tap.eq(run.rc, 0, "the guest ran the whole script")

    before = run["before-unplug"]
    tap.ok(before.rc == 0 and before.out.strip().startswith(".drivedash-bench-"),
           "the benchmark was running (its test file existed) when the drive went",
           run.describe("before-unplug"))
    tap.ok(run["unplug"].rc == 0, "QMP device_del accepted", run.describe("unplug"))
    ended = run["ended"]
    tap.ok(ended.rc == 0, "the benchmark ended by itself (did not hang)", run.describe("ended"))
    status = ended.out.strip()
    tap.ok(status not in ("", "0"), f"with a failure status: {status!r}")

    seconds = run["seconds"].out.strip()
    try:
        secs = float(seconds)
    except ValueError:
        secs = None
    tap.ok(secs is not None and secs <= ENDS_WITHIN_S,
           f"within {ENDS_WITHIN_S} s of the unplug: {seconds} s")

    err = run["bench-err"].out.strip()
    tap.diag(f"drivedash-cli said: {err}")
    tap.ok("disappeared" in err and "Check that it is still connected" in err,
           "the error says in plain words that the drive disappeared", repr(err))
    tap.ok("stopped responding" not in err, "not through the per-I/O timeout", repr(err))

    tap.ok(run["node"].rc != 0, "the guest kernel removed the namespace", run.describe("node"))
    tap.diag("the gone drive's folder, as the guest still caches it: "
             + repr(run["cached"].out.strip() or run["cached"].err.strip()))

    tap.ok(run["blockdev"].rc == 0 and run["replug"].rc == 0, "the drive came back (QMP)",
           run.describe("blockdev") + run.describe("replug"))
    tap.ok(run["remount"].rc == 0, "its ext4 mounts again", run.describe("remount"))
    tap.diag("left on the drive by the interrupted run: " + repr(run["stale"].out.strip()))
    tap.ok(run["again"].rc == 0, "the next benchmark on it runs", run.describe("again"))
    left = run["left"]
    tap.ok(left.rc == 0 and left.out.strip() == "", "and leaves no test file in the folder",
           run.describe("left"))
    tap.diag(f"boot + script: {run.seconds:.1f} s")
    guest.close()
    tap.done()


if __name__ == "__main__":
    main()
