"""The reference device of vm-rig and build-aux/bench-rig: Linux's null_blk in
the test guest, memory backed, every request completed by a timer after a
fixed latency L, with ext4 on it (made in the guest by e2fsprogs' mke2fs).
A test the device limits then runs at (queue depth x threads) / L IOPS, a
figure that does not depend on how busy the host is, only on whether the
guest keeps up.

The guest script runs steps; each is `drivedash-cli bench` or fio for one
test, framed by vm-run with the device's /sys/block/nullb0/stat read just
before and just after it, so what the device saw can be set against what
the benchmark says it did.
"""

import json
import re
import shutil

# /sys/block/DEV/stat: reads completed, merged, sectors, ms; writes the same.
STAT_READS = 0
STAT_READ_SECTORS = 2
STAT_READ_MS = 3
STAT_WRITES = 4
STAT_WRITE_SECTORS = 6
STAT_WRITE_MS = 7

SETUP = r"""
release=$(cat /etc/vm-kernel-release)
while read -r mod; do
  args=
  # nr_devices=0: the device is made through configfs, with our settings.
  case $mod in */null_blk.ko) args=nr_devices=0 ;; esac
  insmod "/lib/modules/$release/$mod" $args || exit 20
done < /etc/vm-extra-modules
mount -t configfs configfs /sys/kernel/config || exit 21
d=/sys/kernel/config/nullb/nullb0
mkdir "$d" || exit 22
echo "$RIG_SIZE_MB" > "$d/size"
echo 1 > "$d/memory_backed"
echo 2 > "$d/irqmode"
echo "$RIG_LATENCY_NS" > "$d/completion_nsec"
echo 4096 > "$d/blocksize"
echo 1 > "$d/submit_queues"
echo 1024 > "$d/hw_queue_depth"
if [ -n "$RIG_MBPS" ]; then echo "$RIG_MBPS" > "$d/mbps"; fi
# Huge pages for fio's --iomem=shmhuge (bench-rig --huge-pages).
if [ -n "$RIG_HUGEPAGES" ]; then echo "$RIG_HUGEPAGES" > /proc/sys/vm/nr_hugepages; fi
echo 1 > "$d/power" || exit 23
i=0
while [ ! -e /dev/nullb0 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
# No I/O scheduler: with one it would cap the requests in flight at 256
# (Q32T16 asks for 512) and merge neighbours.
echo none > /sys/block/nullb0/queue/scheduler || exit 24
vm-run device sh -c 'cat /sys/block/nullb0/queue/scheduler; grep . /sys/kernel/config/nullb/nullb0/*'
# /usr/sbin/mke2fs is e2fsprogs' (busybox's applet has no -t).
/usr/sbin/mke2fs -q -F -t ext4 -E lazy_itable_init=0,lazy_journal_init=0 /dev/nullb0 || exit 25
mount -t ext4 /dev/nullb0 /mnt || exit 26

step () { # NAME COMMAND…
  name=$1
  shift
  vm-run "$name.before" cat /sys/block/nullb0/stat
  vm-run "$name" "$@"
  vm-run "$name.after" cat /sys/block/nullb0/stat
}
fio_step () { # NAME SIZE FIO-ARGS…
  name=$1 size=$2
  shift 2
  rm -f /mnt/fio.dat
  # fio's file is written the way ours is (1 MiB direct writes at depth 8,
  # then fsync) by a job of its own, outside the step's device counts.
  vm-run "$name.prefill" fio --name=prefill --filename=/mnt/fio.dat --size="$size" \
    --ioengine=io_uring --direct=1 --rw=write --bs=1M --iodepth=8 --end_fsync=1 \
    --output-format=terse
  step "$name" fio --name=rig --filename=/mnt/fio.dat --size="$size" --output-format=json "$@"
  rm -f /mnt/fio.dat
}
"""


def parse_spec(spec):
    m = re.fullmatch(r"(SEQ|RND)(\d+)([KM])\s*Q(\d+)T(\d+)", spec.strip(), re.I)
    if not m:
        raise ValueError("bad test %r" % spec)
    unit = 1024 if m.group(3).upper() == "K" else 1024 * 1024
    return m.group(1).upper(), int(m.group(2)) * unit, int(m.group(4)), int(m.group(5))


def step_name(kind, spec, mode, rnd):
    return "%s-%s-%s-%d" % (kind, spec.replace(" ", "_"), mode, rnd)


def ours_command(name, spec, mode, size, duration):
    return ("step %s drivedash-cli bench --target /mnt --test '%s' --mode %s --size %s "
            "--count 1 --duration %g --interval 0 --no-save --json\n"
            % (name, spec, mode, size, duration))


def fio_args(spec, mode, size_bytes, duration):
    pattern, bs, qd, threads = parse_spec(spec)
    rw = {("SEQ", "read"): "read", ("SEQ", "write"): "write",
          ("RND", "read"): "randread", ("RND", "write"): "randwrite"}[(pattern, mode)]
    # The same warm-up as ours (one discarded period of the same length).
    args = ["--ioengine=io_uring", "--direct=1", "--time_based", "--runtime=%g" % duration,
            "--ramp_time=%g" % duration, "--rw=" + rw, "--bs=%d" % bs, "--iodepth=%d" % qd,
            "--numjobs=%d" % threads, "--thread", "--group_reporting", "--norandommap",
            "--randrepeat=0"]
    if pattern == "SEQ" and threads > 1:
        args.append("--offset_increment=%d" % (size_bytes // threads))
    return args


def script(plan, size, size_bytes, duration, fio_extra=()):
    """The guest script for PLAN, a list of (kind, spec, mode, round) with
    kind "ours" or "fio", run in that order; FIO_EXTRA: more fio options."""
    out = [SETUP]
    for kind, spec, mode, rnd in plan:
        name = step_name(kind, spec, mode, rnd)
        if kind == "ours":
            out.append(ours_command(name, spec, mode, size, duration))
        else:
            out.append("fio_step %s %s %s\n" % (name, size.replace("iB", ""),
                                                 " ".join(fio_args(spec, mode, size_bytes, duration) + list(fio_extra))))
    out.append("umount /mnt\n")
    return "".join(out)


def device_delta(run, name):
    """Bytes (read, written) the device saw during step NAME, or None."""
    try:
        before = [int(x) for x in run[name + ".before"].out.split()]
        after = [int(x) for x in run[name + ".after"].out.split()]
        return ((after[STAT_READ_SECTORS] - before[STAT_READ_SECTORS]) * 512,
                (after[STAT_WRITE_SECTORS] - before[STAT_WRITE_SECTORS]) * 512)
    except (ValueError, IndexError):
        return None


def device_request_kib(run, name, mode):
    """The device's mean request size of MODE during step NAME (KiB): a
    program's request the block layer split reaches it as several."""
    try:
        before = [int(x) for x in run[name + ".before"].out.split()]
        after = [int(x) for x in run[name + ".after"].out.split()]
    except ValueError:
        return None
    n, sect = (STAT_READS, STAT_READ_SECTORS) if mode == "read" else (STAT_WRITES, STAT_WRITE_SECTORS)
    if len(after) <= sect or len(before) <= sect or after[n] == before[n]:
        return None
    return (after[sect] - before[sect]) / 2 / (after[n] - before[n])


def device_latency_ms(run, name, mode):
    """The device's mean time per request of MODE during step NAME (ms, from
    the kernel's own accounting: issue to completion, without the time the
    program takes to notice), or None."""
    try:
        before = [int(x) for x in run[name + ".before"].out.split()]
        after = [int(x) for x in run[name + ".after"].out.split()]
    except ValueError:
        return None
    n, ms = (STAT_READS, STAT_READ_MS) if mode == "read" else (STAT_WRITES, STAT_WRITE_MS)
    if len(after) <= ms or len(before) <= ms or after[n] == before[n]:
        return None
    return (after[ms] - before[ms]) / (after[n] - before[n])


def ours_result(run, name):
    """(report, result) of drivedash-cli bench --json in step NAME."""
    doc = run.json(name)
    if not isinstance(doc, dict) or not doc.get("results"):
        return None, None
    return doc, doc["results"][0]


def fio_result(run, name, mode, block_size):
    """fio's group-reported job of step NAME as a flat dict: iops, mb_per_s,
    latency percentiles in µs (completion latency, as ours measures from
    submission to completion), ios, bytes.  iops is fio's bandwidth over
    BLOCK_SIZE, not fio's own iops: that one leaves out the requests still
    in flight when the runtime ends but divides by a runtime that includes
    their drain (SEQ1M Q8T1 on the rig: total_ios 189 over 2.079 s, while
    io_bytes and bw_bytes count 196 MiB), so it was low by about
    (depth x threads) / I/Os of the pass: 3.5 % at SEQ1M Q8T1."""
    out = run[name].out
    try:
        data = json.loads(out[out.index("{"):])
        job = data["jobs"][0][mode]
    except (ValueError, KeyError, IndexError):
        return None
    pct = job.get("clat_ns", {}).get("percentile", {})

    def p(key):
        v = pct.get(key)
        return v / 1000.0 if isinstance(v, (int, float)) else None

    return {"iops": job["bw_bytes"] / block_size, "mb_per_s": job["bw_bytes"] / 1e6, "ios": job["total_ios"],
            "bytes": job["io_bytes"], "mean": job["clat_ns"]["mean"] / 1000.0,
            "p50": p("50.000000"), "p99": p("99.000000"), "p999": p("99.900000"),
            "cpu_s": (data["jobs"][0]["usr_cpu"] + data["jobs"][0]["sys_cpu"]) / 100.0
            * data["jobs"][0]["job_runtime"] / 1000.0}


def theory_iops(spec, latency_s, mbps=None):
    """What the device allows: every request takes LATENCY_S, and with
    null_blk's bandwidth cap (MBPS, in MiB/s: null_blk's mb_per_tick() is
    1 MiB x mbps per second) no more than that many bytes a second."""
    _, bs, qd, threads = parse_spec(spec)
    iops = qd * threads / latency_s
    if mbps:
        iops = min(iops, mbps * (1 << 20) / bs)
    return iops


def guest_bins(cli):
    """What the guest needs besides the CLI: e2fsprogs' mke2fs (with its
    configuration) and fio, or None for fio when the host has none."""
    bins = [cli, "/usr/sbin/mke2fs:/usr/sbin/mke2fs"]
    fio = shutil.which("fio")
    if fio:
        bins.append(fio + ":/usr/bin/fio")
    return bins, fio


def guest_files():
    return ["/etc/mke2fs.conf:/etc/mke2fs.conf"]
