#!/usr/bin/python3
"""drivedash-cli bench on ext4 on QEMU's emulated NVMe namespace (issue 4):
the controller's own Data Units Written must grow by at least the bytes the
benchmark reports it wrote (pre-fill, warm-up and measured passes), and the
test file must be gone afterwards.

usage: test-bench.py PATH/TO/drivedash-cli
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmtest  # noqa: E402

BYTES_PER_UNIT = 512000
SIZE_MIB = 64

SCRIPT = r"""
mount -t ext4 /dev/nvme0n1 /mnt || exit 10
vm-run before drivedash-cli health nvme0 --json
vm-run bench drivedash-cli bench --target /mnt --test "SEQ1M Q8T1" --mode write \
  --size ${SIZE_MIB}MiB --count 1 --duration 1 --interval 0 --json
sync
vm-run after drivedash-cli health nvme0 --json
vm-run left ls -A /mnt
vm-run refuse-device drivedash-cli bench --target /dev/nvme0n1 --test "SEQ1M Q8T1" --mode write \
  --size 8MiB --count 1 --duration 1 --interval 0
umount /mnt
"""


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tap = vmtest.Tap()
    guest = vmtest.Guest(tap, bins=[sys.argv[1]])
    run = guest.run_until_not_stalled(
        lambda: [guest.disk("ext4.img", 256, ext4=True) + ",serial=DD-BENCH"],
        SCRIPT, env=[f"SIZE_MIB={SIZE_MIB}"], budget=1200)
    tap.eq(run.rc, 0, "the guest mounted ext4 and ran the whole script")

    bench = run.json("bench")
    tap.ok(run["bench"].rc == 0 and isinstance(bench, dict), "bench --json on ext4 in the guest",
           run.describe("bench"))
    bench = bench or {}
    tap.diag(f"--- drivedash-cli bench --json ---\n{run['bench'].out}")
    results = bench.get("results") or []
    r = results[0] if results else {}
    tap.ok(len(results) == 1 and r.get("test") == "SEQ1M Q8T1" and r.get("mode") == "write",
           "one result: SEQ1M Q8T1 write", repr(results))
    tap.ok(isinstance(r.get("mb_per_s"), (int, float)) and r["mb_per_s"] > 0
           and len(r.get("passes") or []) == 1 and (r.get("bytes_written") or 0) > 0,
           "the pass wrote and was timed", repr(r))
    lat = r.get("latency_us") or {}
    tap.ok(all(isinstance(lat.get(k), (int, float)) for k in ("mean", "p50", "p90", "p99", "p999", "max"))
           and 0 < lat.get("p50", 0) <= lat.get("max", 0),
           "latency percentiles", repr(lat))
    tap.eq((bench.get("settings") or {}).get("direct_io"), True, "O_DIRECT on ext4")

    written = bench.get("bytes_written") or 0
    tap.ok(written >= SIZE_MIB << 20, f"the benchmark reports at least the pre-fill written: {written}")
    before = vmtest.find(run.json("before"), "nvme0") or {}
    after = vmtest.find(run.json("after"), "nvme0") or {}
    b_units = before.get("data_units_written")
    a_units = after.get("data_units_written")
    tap.ok(isinstance(b_units, int) and isinstance(a_units, int),
           "Data Units Written read before and after", run.describe("before") + run.describe("after"))
    if isinstance(b_units, int) and isinstance(a_units, int):
        grew = (a_units - b_units) * BYTES_PER_UNIT
        # QEMU rounds each reading up to whole units, so the difference of
        # two readings can be short of the truth by less than one unit.
        tap.ok(grew + BYTES_PER_UNIT > written,
               f"Data Units Written grew by {grew} bytes >= {written} reported by the benchmark",
               f"units {b_units} -> {a_units}")
        tap.diag(f"controller: +{a_units - b_units} units = {grew / 1e6:.1f} MB; "
                 f"benchmark: {written / 1e6:.1f} MB written")

    left = run["left"]
    tap.ok(left.rc == 0 and left.out.strip() == "lost+found",
           "the benchmark file is gone afterwards", run.describe("left"))
    refuse = run["refuse-device"]
    tap.ok(refuse.rc not in (0, 124) and refuse.err.strip(),
           "a device node as target is refused with a message", run.describe("refuse-device"))
    tap.diag(f"boot + script: {run.seconds:.1f} s")
    guest.close()
    tap.done()


if __name__ == "__main__":
    main()
