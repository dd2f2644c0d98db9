#!/usr/bin/python3
"""The guest tooling itself: Debian's kernel boots, QEMU's NVMe controller is
driven by the real nvme driver, the image is the namespace (both ways), QMP
reaches the device at run time, and the script's exit status comes back."""

import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmtest  # noqa: E402

SCRIPT = r"""
vm-run release uname -r
vm-run model cat /sys/class/nvme/nvme0/model
vm-run serial cat /sys/class/nvme/nvme0/serial
vm-run firmware cat /sys/class/nvme/nvme0/firmware_rev
vm-run temp sh -c 'cat /sys/class/nvme/nvme0/hwmon*/temp1_input'
vm-run sectors cat /sys/block/nvme0n1/size
vm-run read-host dd if=/dev/nvme0n1 bs=512 skip=2048 count=1 status=none
vm-run write-guest sh -c 'echo guest-was-here | dd of=/dev/nvme0n1 bs=512 seek=4096 conv=sync status=none && sync'
vm-run qmp-set vm-qmp '{"execute": "qom-set", "arguments": {"path": "/machine/peripheral/nvme0", "property": "smart_critical_warning", "value": 2}}'
vm-run qmp-get vm-qmp '{"execute": "qom-get", "arguments": {"path": "/machine/peripheral/nvme0", "property": "smart_critical_warning"}}'
vm-run qmp-bad vm-qmp '{"execute": "no-such-command"}'
vm-run nobody su -s /bin/sh nobody -c 'id -u; cat /sys/class/nvme/nvme0/model; cat /dev/nvme0n1 >/dev/null'
exit 7
"""


def main():
    tap = vmtest.Tap()
    guest = vmtest.Guest(tap)
    image = guest.disk("disk.img", 64)
    with open(image, "r+b") as f:
        f.seek(2048 * 512)
        f.write(b"host-was-here\n")

    run = guest.run(SCRIPT, nvme=[image + ",serial=DRIVEDASH-SMOKE"])
    tap.eq(run.rc, 7, "the script's exit status comes back")

    tap.ok(run["release"].out.strip().startswith("6.1."),
           "the guest runs Debian 12's kernel", run.describe("release"))
    tap.eq(run["model"].out.strip(), "QEMU NVMe Ctrl", "model through the nvme driver")
    tap.eq(run["serial"].out.strip(), "DRIVEDASH-SMOKE", "serial from the device property")
    qemu = subprocess.run(["qemu-system-x86_64", "--version"], stdout=subprocess.PIPE, text=True).stdout
    version = re.search(r"version (\d+\.\d+\.\d+)", qemu)
    tap.eq(run["firmware"].out.strip(), version.group(1) if version else "?", "firmware is the QEMU version")
    tap.eq(run["temp"].out.strip(), "49850", "composite temperature 323 K in hwmon (millidegrees C)")
    tap.eq(run["sectors"].out.strip(), str(64 * 2048), "namespace size is the image size")
    tap.eq(run["read-host"].out.rstrip("\0\n"), "host-was-here", "the guest reads what the host wrote")
    with open(image, "rb") as f:
        f.seek(4096 * 512)
        data = f.read(512)
    tap.eq(data.rstrip(b"\0"), b"guest-was-here\n", "the host reads what the guest wrote")
    tap.ok(run["qmp-set"].rc == 0 and '"return"' in run["qmp-set"].out,
           "qom-set over QMP from inside the guest", run.describe("qmp-set"))
    tap.ok(run["qmp-get"].rc == 0 and '"return": 2' in run["qmp-get"].out,
           "the property changed at run time", run.describe("qmp-get"))
    tap.ok(run["qmp-bad"].rc == 1 and '"error"' in run["qmp-bad"].out,
           "a failing QMP command is reported as such", run.describe("qmp-bad"))
    nobody = run["nobody"]
    tap.ok(nobody.out.startswith("65534\nQEMU NVMe Ctrl") and nobody.rc != 0
           and "Permission denied" in nobody.err,
           "su to nobody: sysfs readable, the namespace not", run.describe("nobody"))
    tap.diag(f"boot + script: {run.seconds:.1f} s")

    # Offline after the first run: with apt failing, the cached kernel is used.
    fake = guest.path("offline-bin")
    os.mkdir(fake)
    for tool in ("apt-cache", "apt-get"):
        with open(os.path.join(fake, tool), "w") as f:
            f.write("#!/bin/sh\necho 'E: no network' >&2\nexit 100\n")
        os.chmod(os.path.join(fake, tool), 0o755)
    env = dict(os.environ, PATH=fake + ":" + os.environ.get("PATH", "/usr/bin:/bin"))
    p = subprocess.run([os.path.join(vmtest.HERE, "make-guest"), "--out", guest.path("offline")],
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    tap.ok(p.returncode == 0 and "using cached" in p.stdout
           and os.path.exists(guest.path("offline/initramfs.img")),
           "make-guest works offline from the cache", p.stdout)
    guest.close()
    tap.done()


if __name__ == "__main__":
    main()
