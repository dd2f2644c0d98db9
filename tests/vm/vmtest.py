"""Host side of the QEMU guest tests: build a guest, boot it, pick apart what
the guest's `vm-run` framed, and report TAP.

A test driver does roughly:

    tap = vmtest.Tap()
    guest = vmtest.Guest(tap, bins=[cli])          # make-guest into a temp dir
    run = guest.run(script, nvme=[image + ",serial=X"])
    health = run.json("health")                    # stdout of `vm-run health …`
    tap.ok(health["model"] == "QEMU NVMe Ctrl", "model")
    tap.done()
"""

import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def find(doc, controller):
    """The object for CONTROLLER in a health/list document, whatever its shape
    (one object, a list, or an object holding a list)."""
    if isinstance(doc, dict):
        if doc.get("controller") == controller or doc.get("name") == controller:
            return doc
        for v in doc.values():
            if isinstance(v, (list, dict)):
                hit = find(v, controller)
                if hit is not None:
                    return hit
    elif isinstance(doc, list):
        for v in doc:
            hit = find(v, controller)
            if hit is not None:
                return hit
    return None



class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0
        self.start = time.monotonic()
        self.runs = []  # for the guest kernel's log when something failed

    def diag(self, text):
        for line in str(text).rstrip("\n").split("\n"):
            print(f"# {line}", flush=True)

    def ok(self, cond, desc, diag=None):
        self.n += 1
        print(f"{'ok' if cond else 'not ok'} {self.n} - {desc}", flush=True)
        if not cond:
            self.failed += 1
            if diag is not None:
                self.diag(diag)
        return bool(cond)

    def skip(self, desc, reason):
        """One check that cannot be made here, and why (TAP's SKIP)."""
        self.n += 1
        print(f"ok {self.n} - {desc} # SKIP {reason}", flush=True)

    def eq(self, got, want, desc):
        return self.ok(got == want, f"{desc} ({want!r})", f"got {got!r}, want {want!r}")

    def skip_all(self, reason):
        print(f"1..0 # SKIP {reason}", flush=True)
        sys.exit(0)

    def bail(self, reason):
        print(f"Bail out! {reason}", flush=True)
        sys.exit(1)

    def done(self):
        if self.failed:
            for run in self.runs:
                log = run["zz-dmesg"].out.strip().splitlines()
                self.diag("guest kernel log (last lines):\n" + "\n".join(log[-40:]))
        self.diag(f"{self.n} checks in {time.monotonic() - self.start:.1f} s")
        print(f"1..{self.n}", flush=True)
        sys.exit(1 if self.failed else 0)


class Section:
    def __init__(self, name, out, err, rc):
        self.name, self.out, self.err, self.rc = name, out, err, rc

    def __repr__(self):
        return f"<{self.name} rc={self.rc}>"


class Run:
    """One boot: the guest script's status, its output, its vm-run sections."""

    SECTION_RE = re.compile(
        r"^@@VM-OUT (?P<name>\S+)@@\n(?P<out>.*?)\n?@@VM-ERR (?P=name)@@\n(?P<err>.*?)\n?"
        r"@@VM-RC (?P=name) (?P<rc>\d+)@@$", re.S | re.M)

    def __init__(self, rc, stdout, console, seconds):
        self.rc, self.stdout, self.console, self.seconds = rc, stdout, console, seconds
        self.sections = {}
        for m in self.SECTION_RE.finditer(stdout):
            # vm-run adds a newline after each stream so markers start lines.
            out = m.group("out")
            err = m.group("err")
            self.sections[m.group("name")] = Section(m.group("name"), out, err, int(m.group("rc")))

    def __getitem__(self, name):
        return self.sections.get(name) or Section(name, "", f"(section {name} missing)", -1)

    def json(self, name):
        """The section's stdout parsed as JSON, or None (with the reason in .err)."""
        s = self[name]
        try:
            return json.loads(s.out)
        except ValueError as e:
            s.err += f"\n(not JSON: {e})"
            return None

    def describe(self, name):
        s = self[name]
        return f"{name}: exit {s.rc}\nstdout:\n{s.out}\nstderr:\n{s.err}\n"


class Guest:
    def __init__(self, tap, bins=(), files=(), extra_modules=()):
        self.tap = tap
        for tool in ("qemu-system-x86_64", "busybox", "cpio", "dpkg-deb"):
            if shutil.which(tool) is None and not os.path.exists(f"/sbin/{tool}"):
                tap.skip_all(f"{tool} is not installed (build-aux/deps test)")
        self.tmp = tempfile.mkdtemp(prefix="drivedash-vmtest-")
        atexit.register(self.close)  # also when a check bails out
        self.dir = os.path.join(self.tmp, "guest")
        cmd = [os.path.join(HERE, "make-guest"), "--out", self.dir]
        for b in bins:
            cmd += ["--bin", b]
        for f in files:
            cmd += ["--file", f]
        if extra_modules:
            cmd += ["--extra-modules", " ".join(extra_modules)]
        t = time.monotonic()
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        tap.diag(p.stdout)
        if p.returncode != 0:
            tap.bail("could not build the guest (see above)")
        tap.diag(f"guest built in {time.monotonic() - t:.1f} s")

    def path(self, name):
        return os.path.join(self.tmp, name)

    def disk(self, name, size_mib, ext4=False, mkfs_args=()):
        """A sparse raw image; with ext4=True formatted on the host (busybox
        has no mke2fs), initialised up front so no lazy-init writes happen
        in the guest behind a test's back.  MKFS_ARGS go to mkfs.ext4 (e.g.
        few inodes and a small journal, so a big sparse image stays cheap)."""
        image = self.path(name)
        with open(image, "wb") as f:
            f.truncate(size_mib << 20)
        if ext4:
            mkfs = shutil.which("mkfs.ext4") or "/sbin/mkfs.ext4"
            p = subprocess.run([mkfs, "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0",
                                *mkfs_args, image], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if p.returncode != 0:
                self.tap.bail(f"mkfs.ext4 failed: {p.stdout}")
        return image

    # QEMU 7.2's emulated controller under TCG sometimes stops taking I/O
    # commands from its queue (run-guest explains it and turns on what
    # keeps it from happening; DRIVEDASH_VM_NVME_TRACE=0 shows it again):
    # drivedash's engine then reports no completion for 30 s, the guest
    # kernel aborts and resets the controller, and anything that waits for
    # the disk (sync, jbd2) hangs.  That is the emulator, not the code
    # under test: fio alone, random 4 KiB-1 MiB writes at QD4, stalled the
    # same way, while null_blk through the same kernel never does.  So a
    # test may still boot a fresh guest on a fresh image, and says so in
    # its log.  STALL_WATCH runs beside the script and stops QEMU at the
    # first sign, so a stalled boot costs seconds, not the whole timeout.
    STALL_ATTEMPTS = 8
    STALL_WATCH = r"""
( while sleep 1; do
    why=
    if grep -qs 'stopped responding' /tmp/*; then
      why="drivedash's engine saw no completion for 30 s"
    elif [ "$(dmesg | grep -c 'reset controller')" -ge 3 ]; then
      why="the guest kernel had to reset the controller 3 times"
    fi
    if [ -n "$why" ]; then
      vm-run zz-stall sh -c 'echo "$0"; dmesg | tail -n 60; tail -n 5 /tmp/*.err 2>/dev/null' "$why"
      echo "@@VM-ABORT@@"
      # run-guest stops QEMU on that line; a power-off would wait for the
      # hung requests.
      sleep 30
      echo o > /proc/sysrq-trigger
      exit 0
    fi
  done ) &
"""

    @staticmethod
    def stall_reason(run):
        """Why RUN's boot counts as stalled by the emulator, or None."""
        if run["zz-stall"].rc == 0:
            return run["zz-stall"].out.strip().splitlines()[0]
        # The script may have finished before STALL_WATCH looked.
        if any("stopped responding" in s.err for s in run.sections.values()):
            return "drivedash's engine saw no completion for 30 s"
        if "reset controller" in run["zz-dmesg"].out:
            return "the guest kernel had to reset the controller"
        if run.rc == 124:
            return "the guest did not finish in time"
        return None

    def run_until_not_stalled(self, make_nvme, script, budget=None, floor=None, timeout=240, **kwargs):
        """run(SCRIPT, nvme=make_nvme(), **kwargs) with STALL_WATCH until the
        emulated controller did not stall, at most STALL_ATTEMPTS times and
        within BUDGET seconds (default: the attempts' timeouts): another
        attempt starts only while FLOOR seconds (default TIMEOUT / 2) are
        left, and gets at most what is left.  MAKE_NVME makes fresh images.
        Returns the last run."""
        start = time.monotonic()
        budget = budget or timeout * self.STALL_ATTEMPTS
        floor = floor or timeout / 2
        for attempt in range(1, self.STALL_ATTEMPTS + 1):
            left = budget - (time.monotonic() - start)
            run = self.run(self.STALL_WATCH + script, nvme=make_nvme(), timeout=int(min(timeout, left)), **kwargs)
            why = self.stall_reason(run)
            left = budget - (time.monotonic() - start)
            if why is None or attempt == self.STALL_ATTEMPTS or left < floor:
                if why is not None:
                    self.tap.diag(f"attempt {attempt} stalled too ({why}); no time for another")
                return run
            self.tap.diag(f"attempt {attempt} after {run.seconds:.0f} s: the emulated controller stopped "
                          f"answering I/O ({why}); booting a fresh guest, {left:.0f} s left\n"
                          + run["zz-stall"].out[-2000:] + run["zz-dmesg"].out[-2000:])

    def run(self, script, nvme=(), files=(), env=(), timeout=240, on_line=None, memory=None):
        """Boots the guest for SCRIPT and waits for it.  ON_LINE, when given,
        is called with each line of the script's stdout as the guest prints
        it (run-guest passes the console through line by line), for tests
        that react while the guest runs."""
        script_path = self.path("script.sh")
        with open(script_path, "w") as f:
            # The kernel's log, for when a check fails (the console only
            # shows emergencies).  An EXIT trap keeps the script's status.
            f.write("trap 'vm-run zz-dmesg dmesg' EXIT\n")
            f.write(script)
        cmd = ["/usr/bin/python3", os.path.join(HERE, "run-guest"), "--guest", self.dir,
               "--script", script_path, "--timeout", str(timeout)]
        for n in nvme:
            cmd += ["--nvme", n]
        for f in files:
            cmd += ["--file", f]
        for e in env:
            cmd += ["--env", e]
        if memory:
            cmd += ["--memory", str(memory)]
        t = time.monotonic()
        if on_line is None:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            rc, out, err = p.returncode, p.stdout, p.stderr
        else:
            rc, out, err = self._stream(cmd, on_line)
        seconds = time.monotonic() - t
        run = Run(rc, out, err, seconds)
        self.tap.runs.append(run)
        for line in err.splitlines():
            if line.startswith("run-guest:"):
                self.tap.diag(line)
        if rc >= 124:
            self.tap.diag("guest console:\n" + err + "\nguest output:\n" + out)
        return run

    @staticmethod
    def _stream(cmd, on_line):
        with tempfile.TemporaryFile(mode="w+") as err_file:
            # stderr to a file: a full pipe nobody reads would stall QEMU.
            p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err_file, text=True, bufsize=1)
            out = []
            for line in p.stdout:
                out.append(line)
                on_line(line.rstrip("\n"))
            rc = p.wait()
            err_file.seek(0)
            return rc, "".join(out), err_file.read()

    def close(self):
        shutil.rmtree(self.tmp, ignore_errors=True)
