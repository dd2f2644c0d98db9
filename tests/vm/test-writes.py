#!/usr/bin/python3
"""drivedash-cli writes --sample in the QEMU guest (issue 39): known
writers in app cgroups, counted per app on the emulated NVMe namespace,
against what they wrote and against the controller's own Data Units
Written over the same window.

What is real: Debian 12's kernel with cgroup v2 mounted in the guest and
its io and memory controllers on (so buffered writeback is charged to the
cgroup that dirtied the pages), ext4 on QEMU's emulated NVMe controller,
coreutils' dd as the writer, the CLI's sampler and the controller's SMART
log.  The guest has no systemd: the test makes the cgroups a user's
systemd would make for apps (app.slice/app-<ID>-<N>.scope), which is all
the sampler looks at to name the app.

Each source in turn (the cgroups' io.stat, then /proc/PID/io alone with
--no-cgroups), each in a window of its own:
  - io.example.Direct writes 256 MiB with O_DIRECT,
  - io.example.Cached writes 256 MiB through the page cache and fsyncs,
  - io.example.Short runs 30 processes one after the other, each writing
    8 MiB with fsync and ending at once (the short-lived writers),
  - io.example.Other writes 16 MiB to a second controller's namespace
    (nvme1n1), in the cgroup windows.
The window opens when the CLI says "Measuring…" and ends when the writers
are done and `sync` returned: the CLI is stopped with SIGINT then (it
prints what it counted), so nothing waits on a guessed duration.  A
fixed `writes nvme0 --sample 20` run of the cgroup source follows, as users
type it (only what went to nvme0), and `writes nvme9 --sample 1` must say
there is no such drive.

Checks: each writer's app 95-105 % of what it wrote on nvme0n1 (from
/proc alone, the short writers 95-105 % on any drive or none, and at most
105 % on nvme0n1), and io.example.Other's on nvme1n1 through io.stat; the
sum over all apps on nvme0n1 no more than the controller's growth (plus
QEMU's rounding) and, through the cgroups, no less than it minus ext4's
own writes; `writes nvme0` shows nothing of nvme1n1.

usage: test-writes.py PATH/TO/drivedash-cli
"""

import os
import shutil
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmtest  # noqa: E402

BYTES_PER_UNIT = 512000
MIB = 1 << 20
WRITERS = {  # app → bytes it writes
    "io.example.Direct": 256 * MIB,
    "io.example.Cached": 256 * MIB,
    "io.example.Short": 30 * 8 * MIB,
}
OTHER = ("io.example.Other", 16 * MIB)  # written to nvme1n1
OTHER_MIB = 64
IMAGE_MIB = 1536
MKFS_ARGS = ("-m", "0", "-N", "1024", "-J", "size=4")
# What ext4 may write beside the files (journal, bitmaps, extent blocks):
# vm-longtest saw about 0.1 MB for one file.
EXT4_SLACK = 8 * MIB

SCRIPT = r"""
mount -t ext4 /dev/nvme0n1 /mnt || exit 10
# cgroup v2, as a systemd desktop has it: io and memory on, so what a
# cgroup's processes dirty in the page cache is charged to it when written.
mount -t cgroup2 none /sys/fs/cgroup || exit 11
echo "+io +memory" > /sys/fs/cgroup/cgroup.subtree_control || exit 12
mkdir /sys/fs/cgroup/app.slice
echo "+io +memory" > /sys/fs/cgroup/app.slice/cgroup.subtree_control || exit 13
n=0
in_app () {  # APP COMMAND…: run COMMAND in a fresh scope of APP
  n=$((n + 1))
  cg=/sys/fs/cgroup/app.slice/app-$1-$n.scope
  mkdir "$cg"
  shift
  sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$cg" "$@"
}
writers () {
  in_app io.example.Direct dd if=/dev/zero of=/mnt/direct bs=1M count=256 oflag=direct 2>/dev/null
  in_app io.example.Cached dd if=/dev/zero of=/mnt/cached bs=1M count=256 conv=fsync 2>/dev/null
  in_app io.example.Short sh -c 'for i in $(seq 30); do
      dd if=/dev/zero of=/mnt/short-$i bs=1M count=8 conv=fsync 2>/dev/null; done'
  [ "$1" = other ] || return 0
  # The other drive, written whole (no filesystem): what `writes nvme0`
  # must leave out.  Not in the /proc window: a raw device is tied to no
  # drive there.  The sampler finds a cgroup through a process in it, so
  # this one stays until the window has ended (as an app's own process
  # does while its helpers come and go).
  mkfifo /tmp/hold
  in_app io.example.Other sh -c 'dd if=/dev/zero of=/dev/nvme1n1 bs=1M count=16 oflag=direct 2>/dev/null
      : > /tmp/other.done; read x < /tmp/hold' &
  other=$!
  i=0
  while [ ! -e /tmp/other.done ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
}
release () {
  [ -p /tmp/hold ] || return 0
  echo go > /tmp/hold
  wait $other
  rm -f /tmp/hold /tmp/other.done
}
# window NAME HOW CLI-ARGS…: the sampler around the writers.  HOW stop:
# ended with SIGINT once the writers are done and on the drive; HOW wait:
# left to end by itself (saying whether the writers were done by then).
window () {
  name=$1 how=$2
  shift 2
  vm-run $name-before drivedash-cli health nvme0 --json
  drivedash-cli writes --json "$@" > /tmp/$name.out 2> /tmp/$name.err &
  pid=$!
  i=0
  while ! grep -qs . /tmp/$name.err && kill -0 $pid 2>/dev/null && [ $i -lt 1200 ]; do
    sleep 0.05; i=$((i + 1))
  done
  case " $* " in *" --no-cgroups "*) writers ;; *) writers other ;; esac
  sync
  if [ $how = stop ]; then
    kill -INT $pid
  elif kill -0 $pid 2>/dev/null; then
    echo "@@WRITERS-DONE-WITHIN $name@@"
  fi
  wait $pid
  echo $? > /tmp/$name.rc
  release
  vm-run $name-after drivedash-cli health nvme0 --json
  vm-run $name sh -c 'cat /tmp/$0.out; cat /tmp/$0.err >&2; exit "$(cat /tmp/$0.rc)"' $name
  rm -f /mnt/direct /mnt/cached /mnt/short-*
  sync
}
window cgroup stop --sample 3600
window process stop --sample 3600 --no-cgroups
window sample20 wait nvme0 --sample 20
vm-run nodrive drivedash-cli writes nvme9 --sample 1
umount /mnt
"""


def rows_on_drive(doc):
    return [a for a in (doc or {}).get("apps", []) if a.get("disk") == "nvme0n1"]


def check_window(tap, run, name, source):
    doc = run.json(name)
    tap.ok(run[name].rc == 0 and isinstance(doc, dict), f"{name}: writes --json ran", run.describe(name))
    doc = doc or {}
    rows = rows_on_drive(doc)
    by_app = {}
    for r in rows:
        by_app[r["app"]] = by_app.get(r["app"], 0) + r["bytes"]
    tap.diag(f"--- {name}: {doc.get('seconds', 0):.1f} s, cgroup counters {doc.get('cgroup_counters')!r}, "
             f"{doc.get('processes_ended')} processes ended ---")
    for r in (doc.get("apps") or []):
        tap.diag(f"  {r.get('app')!r:32} {r.get('disk')!s:8} {r.get('bytes'):>12} bytes  "
                 f"{r.get('processes')} processes  {r.get('source')}")
    for app, wrote in WRITERS.items():
        got = by_app.get(app, 0)
        share = got / wrote
        tap.diag(f"{name}: {app}: {got} of {wrote} bytes = {share:.4f}")
        if app == "io.example.Short" and source == "process":
            check_short_from_proc(tap, doc, name, share)
            continue
        tap.ok(0.95 <= share <= 1.05, f"{name}: {app} counted 95-105 % on nvme0n1 ({share:.3f})",
               repr(by_app))
    if source is not None:
        want = "cgroup" if source == "cgroup" else "process"
        sources = {r.get("source") for r in rows if r["app"] in WRITERS}
        tap.eq(sources, {want}, f"{name}: the writers counted by their {want} counters")
    # From /proc alone some short writers' bytes are tied to no drive.
    check_units(tap, run, name, sum(by_app.values()), whole=source != "process")
    other = sum(a["bytes"] for a in doc.get("apps", []) if a.get("app") == OTHER[0] and a.get("disk") == "nvme1n1")
    if name == "cgroup":
        tap.ok(0.95 <= other / OTHER[1] <= 1.05,
               f"{name}: {OTHER[0]} counted on the other drive, nvme1n1 ({other / OTHER[1]:.3f})")


def check_short_from_proc(tap, doc, name, share):
    """/proc sees few of the 30 short writers: what one that ended unseen
    wrote reaches the shell that reaped it, the same app, but that shell
    has no file open on a drive, so it is counted under no drive (0.87
    of it on nvme0n1 on a loaded machine, 1.00 on a quiet one).  Nothing
    may be counted twice, and nothing lost."""
    wrote = WRITERS["io.example.Short"]
    anywhere = sum(a["bytes"] for a in doc.get("apps", []) if a.get("app") == "io.example.Short") / wrote
    tap.ok(share <= 1.05, f"{name}: io.example.Short not counted twice on nvme0n1 ({share:.3f} <= 1.05)")
    tap.ok(0.95 <= anywhere <= 1.05, f"{name}: io.example.Short counted 95-105 % on any drive or none "
           f"({anywhere:.3f})")


def check_units(tap, run, name, counted, whole=True):
    before = vmtest.find(run.json(name + "-before"), "nvme0") or {}
    after = vmtest.find(run.json(name + "-after"), "nvme0") or {}
    b, a = before.get("data_units_written"), after.get("data_units_written")
    if not tap.ok(isinstance(b, int) and isinstance(a, int), f"{name}: Data Units Written before and after",
                  run.describe(name + "-before") + run.describe(name + "-after")):
        return
    grew = (a - b) * BYTES_PER_UNIT
    # QEMU rounds each reading up to whole units: the difference can fall
    # short of what reached the controller by less than one unit.
    tap.ok(counted < grew + BYTES_PER_UNIT,
           f"{name}: the apps' sum ({counted}) is no more than the drive's own count ({grew})")
    if whole:
        tap.ok(counted >= grew - EXT4_SLACK,
               f"{name}: … and short of it by no more than ext4's own writes ({EXT4_SLACK} bytes)",
               f"not attributed: {grew - counted} bytes")
    tap.diag(f"{name}: controller +{grew} bytes ({b} -> {a} units); apps {counted} bytes = "
             f"{counted / grew if grew else 0:.4f} of it; not attributed {grew - counted} bytes")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tap = vmtest.Tap()
    dd = shutil.which("dd") or "/bin/dd"
    guest = vmtest.Guest(tap, bins=[sys.argv[1], dd])
    image = lambda: [guest.disk("ext4.img", IMAGE_MIB, ext4=True, mkfs_args=MKFS_ARGS) + ",serial=DD-WRITES",
                     guest.disk("other.img", OTHER_MIB) + ",serial=DD-OTHER"]
    run = guest.run_until_not_stalled(image, SCRIPT, budget=800, floor=200, timeout=400)
    tap.eq(run.rc, 0, "the guest mounted ext4 and cgroup v2 and ran the writers")
    check_window(tap, run, "cgroup", "cgroup")
    check_window(tap, run, "process", "process")
    # The plain `--sample 20`, as users type it: its figures mean
    # something only where the writers were done within its 20 s (a few
    # seconds here; a loaded machine may take longer, then it is skipped).
    if "@@WRITERS-DONE-WITHIN sample20@@" in run.stdout:
        doc = run.json("sample20") or {}
        tap.ok(19 <= doc.get("seconds", 0) <= 30, f"sample20: measured for 20 s ({doc.get('seconds')})")
        check_window(tap, run, "sample20", "cgroup")
        others = [a for a in doc.get("apps", []) if a.get("disk") != "nvme0n1"]
        tap.eq(others, [], "sample20: writes nvme0 shows only what went to nvme0")
    else:
        tap.skip("sample20: writes --sample 20", "the writers took longer than 20 s on this machine")
    nodrive = run["nodrive"]
    tap.ok(nodrive.rc == 3 and "There is no NVMe controller called “nvme9”" in nodrive.err
           and nodrive.out.strip() == "", "writes nvme9 --sample: no such drive, said plainly",
           run.describe("nodrive"))
    tap.diag(f"boot + script: {run.seconds:.1f} s")
    guest.close()
    tap.done()


if __name__ == "__main__":
    main()
