#!/usr/bin/python3
"""drivedash-cli consistency (PCMark 8 style, Quick preset shrunk to
seconds) on ext4 on QEMU's emulated NVMe namespace (issue 10), then
drivedash-cli adaptivity (issue 22), in a boot of its own, filling the real free
space less the margin: for each, the controller's own Data Units Written
must grow by at least the bytes_written the run reports, and the test file
must be gone afterwards.

Everything here is real: the CLI's long-test engine (O_DIRECT, it refuses to
run buffered), Debian's ext4 and nvme drivers, QEMU's controller and its
SMART log.  The run is shrunk only through the CLI's own options.

usage: test-longtest.py PATH/TO/drivedash-cli
"""

import os
import re
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmtest  # noqa: E402

BYTES_PER_UNIT = 512000
SIZE_MIB = 16
# The long tests keep the larger of 10 % and 5 GiB free, so the filesystem
# must have more than 5 GiB free: a sparse image with few inodes and a small
# journal costs the host a few MB.
IMAGE_MIB = 5376
MKFS_ARGS = ("-m", "0", "-N", "1024", "-J", "size=4")
O_DIRECT = 0o40000  # x86-64
ROUNDS = 8 + 5 + 5  # degradation, steady state, recovery
ADAPTIVITY_ROUNDS = 10

SCRIPT = r"""
mount -t ext4 /dev/nvme0n1 /mnt || exit 10
vm-run before drivedash-cli health nvme0 --json
# In the background, so the test file's open flags can be read meanwhile.
drivedash-cli consistency --target /mnt --preset quick --size ${SIZE_MIB}MiB \
  --round-seconds 0.4 --idle-seconds 0.2 --interval 0.5 --no-save --json > /tmp/long.out 2> /tmp/long.err &
pid=$!
: > /tmp/fdinfo
while kill -0 $pid 2>/dev/null && [ ! -s /tmp/fdinfo ]; do
  for fd in /proc/$pid/fd/*; do
    case $(readlink "$fd") in
      /mnt/?*) { readlink "$fd"; grep '^flags' "/proc/$pid/fdinfo/${fd##*/}"; } > /tmp/fdinfo ;;
    esac
  done
  sleep 0.05
done
wait $pid
echo $? > /tmp/long.rc
vm-run long sh -c 'cat /tmp/long.out; cat /tmp/long.err >&2; exit "$(cat /tmp/long.rc)"'
vm-run fdinfo cat /tmp/fdinfo
# The run's writes are O_DIRECT; sync also flushes what ext4 wrote around
# them (metadata, journal) so nothing is still on its way to the drive.
sync
vm-run after drivedash-cli health nvme0 --json
vm-run left ls -A /mnt
umount /mnt
"""

# A boot of its own on a fresh image, so a stall of the emulator in one run
# repeats only that run.
ADAPTIVITY_SCRIPT = r"""
mount -t ext4 /dev/nvme0n1 /mnt || exit 10
# Adaptivity without --amount: the free space less the margin (about
# 200 MiB here), then ten rounds after rests of 0.2 s.
vm-run adaptivity-before drivedash-cli health nvme0 --json
vm-run adaptivity drivedash-cli adaptivity --target /mnt --idle-seconds 0.2 --interval 0.5 --no-save --json
sync
vm-run adaptivity-after drivedash-cli health nvme0 --json
vm-run adaptivity-left ls -A /mnt
umount /mnt
"""


def check_units(tap, run, written, least, prefix=""):
    """Data Units Written of the readings PREFIX + before/after against
    the run's WRITTEN, which must be at least LEAST (what its fill wrote)."""
    before = vmtest.find(run.json(prefix + "before"), "nvme0") or {}
    after = vmtest.find(run.json(prefix + "after"), "nvme0") or {}
    b_units = before.get("data_units_written")
    a_units = after.get("data_units_written")
    if not tap.ok(isinstance(b_units, int) and isinstance(a_units, int),
                  "Data Units Written read before and after",
                  run.describe(prefix + "before") + run.describe(prefix + "after")):
        return
    grew = (a_units - b_units) * BYTES_PER_UNIT
    # QEMU rounds each reading up to whole units (ceil(blocks / 1000)), so
    # the difference of two readings can fall short of the bytes that
    # really reached the controller by less than one unit; never by more.
    tap.ok(grew + BYTES_PER_UNIT > written,
           f"Data Units Written grew by {grew} bytes (+ less than one unit of rounding) "
           f">= {written} reported by the run",
           f"units {b_units} -> {a_units}")
    # The other way round: the controller counted the run's writes plus
    # only ext4's own (journal, metadata; about 0.1 MB seen), so a run that
    # reports less than it wrote fails here.
    slack = 8 << 20
    tap.ok(grew <= written + slack, f"… and by no more than that plus ext4's own writes ({slack} bytes)",
           f"units {b_units} -> {a_units}")
    # A run that wrote nothing would pass the first check.
    tap.ok(written >= least, f"the run reports at least what its fill wrote ({least} bytes)",
           f"bytes_written {written}")
    tap.diag(f"controller: {b_units} -> {a_units} units, +{grew} bytes; run: {written} bytes written "
             f"({written / BYTES_PER_UNIT:.3f} units)")


def check_adaptivity(tap, run):
    doc = run.json("adaptivity")
    tap.ok(run["adaptivity"].rc == 0 and isinstance(doc, dict), "adaptivity --json on ext4 in the guest",
           run.describe("adaptivity"))
    doc = doc or {}
    tap.diag(f"--- drivedash-cli adaptivity --json (rounds left out) ---\n"
             f"{ {k: v for k, v in doc.items() if k != 'rounds'} }")
    tap.eq(doc.get("test"), "adaptivity", "the run is an adaptivity test")
    rounds = doc.get("rounds") or []
    tap.eq(len(rounds), ADAPTIVITY_ROUNDS, "all ten rounds measured")
    tap.ok(all(r.get("phase") == "recovery" and r.get("bandwidth_mb_per_s", 0) > 0 for r in rounds),
           "every round is a recovery round with a bandwidth", repr(rounds)[:2000])
    average = doc.get("average") or {}
    mean = sum(r["bandwidth_mb_per_s"] for r in rounds) / len(rounds) if rounds else None
    tap.ok(mean is not None and abs(average.get("bandwidth_mb_per_s", -1) - mean) <= 1e-6 * mean,
           "the average is the rounds' mean", repr(average))
    fill = doc.get("fill_bytes")
    # The margin is 5 GiB, so the fill is what the image has beyond it.
    tap.ok(isinstance(fill, int) and 64 << 20 <= fill <= (IMAGE_MIB << 20) - (5 << 30),
           "the fill wrote the free space less the 5 GiB margin", repr(fill))
    written = doc.get("bytes_written")
    if tap.ok(isinstance(written, int), "adaptivity's bytes_written reported", repr(written)):
        check_units(tap, run, written, fill if isinstance(fill, int) else 1, "adaptivity-")
    left = run["adaptivity-left"]
    tap.ok(left.rc == 0 and left.out.strip() == "lost+found",
           "adaptivity's test file is gone afterwards", run.describe("adaptivity-left"))
    tap.diag(f"adaptivity run itself: {doc.get('elapsed_s')} s")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tap = vmtest.Tap()
    guest = vmtest.Guest(tap, bins=[sys.argv[1]])
    image = lambda: [guest.disk("ext4.img", IMAGE_MIB, ext4=True, mkfs_args=MKFS_ARGS) + ",serial=DD-LONG"]
    # The meson timeout is 1600 s, so the two boots share 1500 s.  A stall
    # the guest's driver cannot clear ends its boot at once
    # (vmtest.STALL_WATCH) and leaves the rest to the next attempt.
    start = time.monotonic()
    run = guest.run_until_not_stalled(image, SCRIPT, env=[f"SIZE_MIB={SIZE_MIB}"],
                                      budget=800, floor=150, timeout=600)
    tap.eq(run.rc, 0, "the guest mounted ext4 and ran the consistency script")
    doc = run.json("long")
    tap.ok(run["long"].rc == 0 and isinstance(doc, dict), "consistency --json on ext4 in the guest",
           run.describe("long"))
    doc = doc or {}
    shown = dict(doc)
    tap.diag(f"--- drivedash-cli consistency --json (rounds left out) ---\n"
             f"{ {k: v for k, v in shown.items() if k != 'rounds'} }")
    tap.eq(doc.get("test"), "consistency", "the run is a consistency test")
    rounds = doc.get("rounds") or []
    tap.eq(len(rounds), ROUNDS, "all rounds measured")
    tap.ok(all(isinstance(r.get("bandwidth_mb_per_s"), (int, float)) and r["bandwidth_mb_per_s"] > 0
               for r in rounds), "every round has a bandwidth", repr(rounds)[:2000])
    tap.eq(sorted({r.get("phase") for r in rounds}), ["degradation", "recovery", "steady"],
           "the three groups of rounds")

    # O_DIRECT: the writes went to the drive, not into the page cache.
    fdinfo = run["fdinfo"].out.split("\n")
    m = re.match(r"flags:\s+([0-7]+)", fdinfo[1]) if len(fdinfo) > 1 else None
    tap.ok(m is not None and int(m.group(1), 8) & O_DIRECT,
           f"the test file was open with O_DIRECT while the run wrote ({fdinfo[0] if fdinfo else ''})",
           run.describe("fdinfo"))

    written = doc.get("bytes_written")
    if tap.ok(isinstance(written, int), "bytes_written reported", repr(written)):
        # its two preconditioning passes
        check_units(tap, run, written, 2 * (SIZE_MIB << 20))

    left = run["left"]
    tap.ok(left.rc == 0 and left.out.strip() == "lost+found",
           "the test file is gone afterwards", run.describe("left"))
    tap.diag(f"boot + script: {run.seconds:.1f} s; run itself: {doc.get('elapsed_s')} s")
    run = guest.run_until_not_stalled(image, ADAPTIVITY_SCRIPT, budget=1500 - (time.monotonic() - start),
                                      floor=150, timeout=600)
    tap.eq(run.rc, 0, "the guest mounted ext4 and ran the adaptivity script")
    check_adaptivity(tap, run)
    tap.diag(f"boot + script: {run.seconds:.1f} s")
    guest.close()
    tap.done()


if __name__ == "__main__":
    main()
