#!/usr/bin/python3
"""drivedash-cli bench on a device whose speed is known (issue "Numbers you
can prove", part 1): Linux's null_blk in the guest, memory backed, every
request completed by a timer after L = 10 ms (tests/vm/rig.py), ext4 on it.
A test the device limits then runs at (queue depth x threads) / L IOPS.

Per test it checks what an engine that keeps fewer requests in flight than
asked, or miscounts bytes or time, gets wrong:
- IOPS against the theory: never above it (the timer does not fire early),
  and not far below (the guest's timer slack, measured below);
- Little's law, IOPS x mean latency = requests in flight, against
  queue depth x threads: a check of the engine's own clock and its queue
  that does not depend on how slow the host is;
- bytes: the result's against its I/O count, and the report's against the
  sectors the device counted in /sys/block/nullb0/stat;
- the latency percentiles against L.

usage: test-rig.py PATH/TO/drivedash-cli
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rig  # noqa: E402
import vmtest  # noqa: E402

LATENCY_S = 0.010
SIZE = "16MiB"
DURATION = 1.0
# Q4 and Q2T2: one request fewer in flight is a quarter or half of the
# rate, far outside the tolerances; Q1T1 is the timer slack alone.
TESTS = [("RND4K Q1T1", "read"), ("RND4K Q4T1", "read"), ("RND4K Q4T1", "write"),
         ("RND4K Q2T2", "read")]

# Tolerances, from bench-rig runs here at L = 10 ms under TCG on a 2-core
# host shared with other builds: ours/theory 0.93-0.94 at Q1T1 and
# 0.89 at Q32T1 (each request takes L plus the guest's timer and
# scheduling slack: the mean latency was 10.7 and 11.3 ms).  In a CI run
# with two CPU-burning loops and seven builds beside it the slack grew:
# Q4T1 0.787 and Q2T2 0.743 of the theory, while Little's law still held.
# So the floor is loose on its own (MIN_OF_THEORY), and each deeper test
# is held against Q1T1 of the same boot instead, which measures that
# slack: one request missing at Q4 is 0.75 of Q1T1's ratio, far below
# MIN_OF_Q1.  Above the theory only by counting: 1 s at 100 IOPS is
# 100 +- 1 requests.
MIN_OF_THEORY = 0.60
MIN_OF_Q1 = 0.85
MAX_OF_THEORY = 1.03
# Little's law came out at 0.993 (Q1T1) and 0.999 (Q32T1) of the depth.
LITTLE_TOLERANCE = 0.04
# p50 measured 10.4 ms (Q1T1) and 10.8 ms (Q32T1) on a quiet host; the
# loaded run above had a mean of up to 13.5 ms at Q2T2, so 1.6 L.
P50_MAX = 1.60


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tap = vmtest.Tap()
    guest = vmtest.Guest(tap, bins=[sys.argv[1], "/usr/sbin/mke2fs:/usr/sbin/mke2fs"],
                         files=rig.guest_files(), extra_modules=["null_blk"])
    size_bytes = 16 << 20
    plan = [("ours", spec, mode, 0) for spec, mode in TESTS]
    script = rig.script(plan, SIZE, size_bytes, DURATION)
    # Boot (~10 s), mkfs, and per test a pre-fill, a warm-up and a measured
    # second; TCG on a loaded host is several times slower than that.
    run = guest.run(script, env=["RIG_SIZE_MB=256", "RIG_LATENCY_NS=%d" % (LATENCY_S * 1e9),
                                 "RIG_MBPS="],
                    timeout=120 + 40 * len(plan), memory=1024)
    tap.eq(run.rc, 0, "null_blk made through configfs, ext4 on it, every test ran")

    q1_ratio = None
    for spec, mode in TESTS:
        name = rig.step_name("ours", spec, mode, 0)
        label = "%s %s" % (spec, mode)
        report, res = rig.ours_result(run, name)
        if not tap.ok(res is not None and run[name].rc == 0 and res.get("ios", 0) > 0,
                      label + ": bench --json gave a result", run.describe(name)):
            continue
        _, bs, qd, threads = rig.parse_spec(spec)
        depth = qd * threads
        theory = rig.theory_iops(spec, LATENCY_S)
        iops = res["iops"]
        lat = res.get("latency_us") or {}
        tap.diag("%s: %.1f IOPS, theory %.0f (%.3f); latency mean %.0f p50 %.0f p99 %.0f "
                 "p99.9 %.0f µs; %d I/Os in %.3f s" % (
                     label, iops, theory, iops / theory, lat.get("mean", 0), lat.get("p50", 0),
                     lat.get("p99", 0), lat.get("p999", 0), res["ios"], res["duration_s"]))

        tap.ok(MIN_OF_THEORY <= iops / theory <= MAX_OF_THEORY,
               "%s: %.3f of the device's %.0f IOPS" % (label, iops / theory, theory),
               "allowed %.2f..%.2f" % (MIN_OF_THEORY, MAX_OF_THEORY))
        if depth == 1:
            q1_ratio = q1_ratio or iops / theory
        elif q1_ratio:
            tap.ok(iops / theory >= MIN_OF_Q1 * q1_ratio,
                   "%s: %.3f of the theory, Q1T1's slack (%.3f) allows down to %.3f"
                   % (label, iops / theory, q1_ratio, MIN_OF_Q1 * q1_ratio))
        tap.ok(abs(iops - res["ios"] / res["duration_s"]) <= 0.005 * iops,
               "%s: IOPS = I/Os / duration" % label, repr(res))
        in_flight = iops * lat.get("mean", 0) / 1e6
        tap.ok(abs(in_flight / depth - 1) <= LITTLE_TOLERANCE,
               "%s: IOPS x mean latency = %.2f requests in flight of %d" % (label, in_flight, depth))
        tap.ok(LATENCY_S * 1e6 <= lat.get("p50", 0) <= P50_MAX * LATENCY_S * 1e6
               and lat.get("p50", 0) <= lat.get("p99", 0) <= lat.get("p999", 0) <= lat.get("max", 0),
               "%s: p50 %.0f µs between L and %.2f L, p50 <= p99 <= p99.9 <= max"
               % (label, lat.get("p50", 0), P50_MAX), repr(lat))

        counted = res["bytes_read" if mode == "read" else "bytes_written"]
        tap.eq(counted, res["ios"] * bs, "%s: measured bytes = I/Os x block size" % label)
        tap.ok(abs(res["mb_per_s"] - iops * bs / 1e6) <= 0.005 * res["mb_per_s"],
               "%s: MB/s = IOPS x block size" % label, repr(res))

        # The report counts everything the run moved (pre-fill, warm-up,
        # measured pass).  The device sees all of it, plus the requests in
        # flight when a pass ends (completed but not counted), plus ext4's
        # own metadata and journal writes.
        dev = rig.device_delta(run, name)
        if not tap.ok(dev is not None, label + ": the device's counts before and after",
                      run.describe(name + ".before") + run.describe(name + ".after")):
            continue
        dev_read, dev_written = dev
        tap.diag("%s: device read %d written %d; report read %d written %d" % (
            label, dev_read, dev_written, report["bytes_read"], report["bytes_written"]))
        slack = (depth + 8) * bs
        tap.ok(report["bytes_read"] <= dev_read <= report["bytes_read"] + slack,
               "%s: the device read what the report says (+%d bytes, at most %d)"
               % (label, dev_read - report["bytes_read"], slack))
        # ext4 writes its journal and metadata for the file it was asked
        # to make and delete: 4 MiB covers a commit of it.
        tap.ok(report["bytes_written"] <= dev_written <= report["bytes_written"] + slack + (4 << 20),
               "%s: the device wrote what the report says (+%d bytes)"
               % (label, dev_written - report["bytes_written"]))
    tap.diag("boot + script: %.1f s" % run.seconds)
    guest.close()
    tap.done()


if __name__ == "__main__":
    main()
