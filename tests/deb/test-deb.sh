#!/usr/bin/env bash
# test-deb.sh — the Debian packages, installed for real (meson suite "deb").
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds the packages with build-aux/deb (into the build tree; skipped when
# the sources have not changed since the last build there), then, each a
# TAP test, in a clean Debian 12 made with debootstrap --variant=minbase:
#   - the packages build and lintian finds no error or warning;
#   - drivedash-service's dependencies come from Debian's archive;
#   - with the system bus already running, apt installs the .deb and
#     nothing else; its files are in place; drivedashd --version runs;
#   - the bus policy loads in a dbus-daemon of its own; the polkit actions
#     are valid against polkit's DTD;
#   - the running bus starts drivedashd on the first call (no reload, no
#     restart): ListDrives and GetHealth are answered as root (no NVMe
#     drive in the chroot: an empty list and NotFound); an ordinary user
#     reaches drivedashd (which refuses: no polkit) but may not own the name;
#   - apt remove stops drivedashd and takes the package's files and the
#     bus policy away but keeps the game-mode udev rules; purge removes
#     those, and afterwards the root is as before the install, file by
#     file (apt's and dpkg's own records and logs aside).
#
# The clean root is cached in the build tree (deb-root-cache/, made once:
# ~40 s and ~40 MB from the mirror) and copied to a fresh root per run;
# downloaded packages are kept there too.  The mirror is the host's (its
# Debian 12 apt sources), else deb.debian.org; $DRIVEDASH_DEB_MIRROR
# overrides it for debootstrap.  Every mount and process of the chroot is
# undone on exit, failed or not.  Skips, saying why, when not root or when
# the mirror cannot be reached.

set -uo pipefail

SELF=$(readlink -f "${BASH_SOURCE[0]}")

SOURCE_ROOT=${DRIVEDASH_SOURCE_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
BUILD_ROOT=${DRIVEDASH_BUILD_ROOT:-$SOURCE_ROOT/_build}
SUITE=bookworm
CACHE=$BUILD_ROOT/deb-root-cache
WORK=$BUILD_ROOT/tests
DEBS=$WORK/deb-packages
ROOT=$WORK/deb-root
# How long the bus may take to start drivedashd and have its answer: it
# starts in milliseconds; a minute covers a machine busy with other tests.
CALL_TIMEOUT_MS=60000
SERVICE=io.github.drivedash.Drivedash1
OBJECT=/io/github/drivedash/Drivedash1

count=0 failed=0
ok () { count=$((count + 1)); echo "ok $count - $1"; }
not_ok () { count=$((count + 1)); failed=$((failed + 1)); echo "not ok $count - $1"; }
# check NAME COMMAND…: one TAP test, run in this shell (it may set
# variables); what it prints becomes diagnostics.
check () {
  local name=$1 rc t0=$SECONDS; shift
  "$@" > "$WORK/deb-step.log" 2>&1; rc=$?
  sed 's/^/# /' "$WORK/deb-step.log"
  echo "# ($((SECONDS - t0)) s)"
  if [ $rc = 0 ]; then ok "$name"; else not_ok "$name"; fi
  return $rc
}
finish () { echo "1..$count"; [ $failed = 0 ]; exit; }
# Waits for a process to end (or become a zombie), up to SECONDS.
wait_gone () { # pid, seconds
  local i
  for i in $(seq $(($2 * 10))); do
    [ -d "/proc/$1" ] && [ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" != Z ] || return 0
    sleep 0.1
  done
  return 1
}

# In the chroot, with a clean environment (nothing of meson's test env).
in_root () {
  chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}
# apt-get in the chroot; no pty, so dpkg prints no progress meter.
apt_get () { in_root apt-get -q -y -o Dpkg::Use-Pty=0 "$@"; }
as_nobody () {
  chroot --userspec=nobody:nogroup "$ROOT" /usr/bin/env -i PATH=/usr/bin:/bin \
    LC_ALL=C.UTF-8 "$@"
}
bus_call () { # dbus-send arguments after the method
  local method=$1; shift
  in_root dbus-send --system --print-reply --reply-timeout=$CALL_TIMEOUT_MS \
    --dest=$SERVICE $OBJECT $SERVICE."$method" "$@"
}
bus_driver () { # method, arguments
  local method=$1; shift
  in_root dbus-send --system --print-reply --dest=org.freedesktop.DBus \
    /org/freedesktop/DBus org.freedesktop.DBus."$method" "$@"
}

# Processes whose root is the chroot (zombies aside: they hold nothing).
root_pids () {
  local p
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/root" 2>/dev/null)" = "$ROOT" ] || continue
    [ "$(awk '{ print $3 }' "$p/stat" 2>/dev/null)" = Z ] && continue
    echo "${p#/proc/}"
  done
}
# Undoes everything of a run, this one or one that was killed: the
# chroot's processes, then its mounts (deepest first), then the root.
cleanup () {
  local pids m i
  pids=$(root_pids)
  if [ -n "$pids" ]; then
    kill $pids 2>/dev/null
    for i in $(seq 50); do [ -z "$(root_pids)" ] && break; sleep 0.1; done
    pids=$(root_pids); [ -n "$pids" ] && kill -9 $pids 2>/dev/null
  fi
  for m in $(awk -v d="$ROOT/" 'index($2, d) == 1 { print $2 }' /proc/mounts | sort -r); do
    umount "$m" 2>/dev/null || umount -l "$m"
  done
  rm -rf --one-file-system "$ROOT"
  rm -f "$WORK"/deb-*.txt
}
cleanup_all () { cleanup; rm -f "$WORK/deb-step.log"; }
# Killed (meson's timeout sends SIGTERM to the test's process group, then
# SIGKILL half a second later): the cleanup runs in a session of its own,
# where the SIGKILL does not reach it.  A run killed outright is cleaned
# up by the next one (prepare_root).
on_signal () {
  trap - EXIT
  cd / && setsid "$BASH" "$SELF" --cleanup-only </dev/null >/dev/null 2>&1 &
  exit 1
}

# The host's Debian 12 sources, for the chroot, and the mirror in them.
host_sources () {
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    cat /etc/apt/sources.list.d/debian.sources
  elif grep -qs "^deb [^ ]* $SUITE" /etc/apt/sources.list; then
    grep "^deb [^ ]* $SUITE" /etc/apt/sources.list
  else
    printf 'deb http://deb.debian.org/debian %s main\n' "$SUITE"
    printf 'deb http://deb.debian.org/debian %s-updates main\n' "$SUITE"
    printf 'deb http://deb.debian.org/debian-security %s-security main\n' "$SUITE"
  fi
}
host_mirror () {
  local m
  m=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
  [ -n "$m" ] || m=$(awk -v s="$SUITE" '$1 == "deb" && $3 == s { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
  echo "${m:-http://deb.debian.org/debian}"
}

# A clean Debian 12 in $CACHE/root, made once.  The key says how it was
# made; a root without it (debootstrap failed or was killed) is made again.
cache_key () { echo "$SUITE minbase $(dpkg --print-architecture) $MIRROR v1"; }
make_cache () {
  if [ "$(cat "$CACHE/key" 2>/dev/null)" = "$(cache_key)" ] &&
     [ -x "$CACHE/root/usr/bin/apt-get" ] && [ -s "$CACHE/root/var/lib/dpkg/status" ]; then
    echo "cached: $CACHE/root"
    return 0
  fi
  rm -rf --one-file-system "$CACHE/root" "$CACHE/root.tmp" "$CACHE/key"
  mkdir -p "$CACHE"
  debootstrap --variant=minbase "$SUITE" "$CACHE/root.tmp" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 || {
    tail -n 20 "$CACHE/debootstrap.log"; return 1; }
  mv "$CACHE/root.tmp" "$CACHE/root"
  cache_key > "$CACHE/key"
  echo "made with debootstrap from $MIRROR"
}

# Every file of the root but apt's and dpkg's own records, logs and
# caches, and the mount points' contents: type, mode, owner, size, link
# target, and a checksum of the content.
snapshot () {
  local prune=( \( -path ./proc -o -path ./sys -o -path ./dev -o -path ./tmp
                 -o -path ./var/cache/apt -o -path ./var/lib/apt -o -path ./var/lib/dpkg
                 -o -path ./var/cache/debconf -o -path ./var/log \) -prune -o )
  (cd "$ROOT" || exit 1
   find . "${prune[@]}" \( -type d -printf 'd %m %U:%G %p\n' \) -o \( -type l -printf 'l %p -> %l\n' \) \
     -o -printf '%y %m %U:%G %s %p\n' | LC_ALL=C sort
   find . "${prune[@]}" -type f -print0 | xargs -0 md5sum | LC_ALL=C sort -k 2)
}

# --- the steps, each a test ---------------------------------------------

build_packages () {
  "$SOURCE_ROOT/build-aux/deb" --output "$DEBS" || return 1
  DEB=$(ls "$DEBS"/drivedash-service_*_"$(dpkg --print-architecture)".deb) || return 1
  echo "lintian (build-aux/deb fails on any error or warning):"
  cat "$DEBS/lintian.txt"
}

prepare_root () {
  make_cache || return 1
  cleanup
  mkdir -p "$(dirname "$ROOT")" "$CACHE/archives/partial"
  cp -a "$CACHE/root" "$ROOT" || return 1
  mount -t proc proc "$ROOT/proc" &&
  mount -t sysfs -o ro sysfs "$ROOT/sys" &&
  mount --rbind /dev "$ROOT/dev" && mount --make-rslave "$ROOT/dev" &&
  mount --bind "$CACHE/archives" "$ROOT/var/cache/apt/archives" || return 1
  # Services never start from maintainer scripts here.
  printf '#!/bin/sh\nexit 101\n' > "$ROOT/usr/sbin/policy-rc.d"
  chmod 755 "$ROOT/usr/sbin/policy-rc.d"
  cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
  : > "$ROOT/etc/apt/sources.list"
  host_sources > "$ROOT/etc/apt/sources.list.d/debian.sources.tmp"
  if grep -q '^Types:' "$ROOT/etc/apt/sources.list.d/debian.sources.tmp"; then
    mv "$ROOT/etc/apt/sources.list.d/debian.sources.tmp" "$ROOT/etc/apt/sources.list.d/debian.sources"
  else
    mv "$ROOT/etc/apt/sources.list.d/debian.sources.tmp" "$ROOT/etc/apt/sources.list"
  fi
  apt_get update
}

install_dependencies () {
  local depends
  depends=$(dpkg-deb -f "$DEB" Depends) || return 1
  echo "Depends: $depends"
  apt_get --no-install-recommends satisfy "$depends"
}

start_bus () {
  local out
  mkdir -p "$ROOT/run/dbus"
  # --fork returns once the bus listens: its address and pid.
  out=$(in_root dbus-daemon --system --fork --print-address=1 --print-pid=1) || return 1
  echo "$out"
  BUS_PID=$(echo "$out" | sed -n 2p)
  [ -S "$ROOT/run/dbus/system_bus_socket" ] && [ -n "$BUS_PID" ]
}

install_package () {
  local out
  cp "$DEB" "$ROOT/tmp/" || return 1
  out=$(apt_get --no-install-recommends install "/tmp/${DEB##*/}" 2>&1)
  local rc=$?
  echo "$out"
  [ $rc = 0 ] || return 1
  # Its dependencies were already there: this one package, nothing else.
  echo "$out" | grep -q '^0 upgraded, 1 newly installed, 0 to remove' || {
    echo "apt installed more than drivedash-service"; return 1; }
  [ "$(in_root dpkg-query -W -f='${Status}' drivedash-service)" = "install ok installed" ]
}

files_in_place () {
  local f missing=0
  for f in /usr/libexec/drivedashd \
           /usr/share/dbus-1/system-services/$SERVICE.service \
           /usr/share/dbus-1/system.d/$SERVICE.conf \
           /usr/share/dbus-1/interfaces/$SERVICE.xml \
           /usr/share/polkit-1/actions/io.github.drivedash.Drivedash.policy \
           /lib/systemd/system/drivedashd.service \
           /usr/share/man/man8/drivedashd.8.gz \
           /usr/share/doc/drivedash-service/copyright; do
    if [ -f "$ROOT$f" ]; then echo "$(stat -c '%A %U:%G' "$ROOT$f") $f"
    else echo "missing: $f"; missing=1; fi
  done
  [ "$(stat -c '%a %U' "$ROOT/usr/libexec/drivedashd")" = "755 root" ] || { echo "drivedashd is not 0755 root"; missing=1; }
  # Whatever dpkg says the package has is there.
  while IFS= read -r f; do
    [ -e "$ROOT$f" ] || { echo "dpkg lists $f, which is missing"; missing=1; }
  done < <(in_root dpkg -L drivedash-service)
  grep -qx "Exec=/usr/libexec/drivedashd" "$ROOT/usr/share/dbus-1/system-services/$SERVICE.service" || missing=1
  grep -qx "ExecStart=/usr/libexec/drivedashd" "$ROOT/lib/systemd/system/drivedashd.service" || missing=1
  return $missing
}

version_runs () {
  local out version
  version=$(dpkg-deb -f "$DEB" Version)
  out=$(in_root /usr/libexec/drivedashd --version) || return 1
  echo "$out"
  [ "$out" = "drivedashd ${version%-*}" ]
}

bus_policy_loads () {
  local out pid
  # The file on its own, in a bus of its own: dbus-daemon refuses to start
  # when an <include>d file is not a valid configuration.
  cat > "$ROOT/tmp/policy-check.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=/tmp/policy-check-socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default"><allow user="*"/></policy>
  <include>/usr/share/dbus-1/system.d/$SERVICE.conf</include>
</busconfig>
EOF
  out=$(in_root dbus-daemon --config-file=/tmp/policy-check.conf --fork --print-pid=1 2>&1) || {
    echo "$out"; return 1; }
  pid=$out
  echo "a dbus-daemon with only this policy started (pid $pid)"
  kill "$pid"
  wait_gone "$pid" 10 || { echo "it did not stop"; return 1; }
  rm -f "$ROOT/tmp/policy-check.conf" "$ROOT/tmp/policy-check-socket"
  # And the system bus has it: "Rejected" would name the policy otherwise
  # (checked by the calls below).
  xmllint --noout "$ROOT/usr/share/dbus-1/system.d/$SERVICE.conf" && echo "well-formed XML"
}

polkit_policy_valid () {
  local policy=$ROOT/usr/share/polkit-1/actions/io.github.drivedash.Drivedash.policy ids
  # polkit's DTD through the host's XML catalog (polkitd ships both).
  xmllint --noout --valid --nonet "$policy" || return 1
  echo "valid against polkit's policyconfig DTD"
  ids=$(xmllint --xpath '//action/@id' "$policy" | tr ' ' '\n' | sed -n 's/^id="\(.*\)"$/\1/p' | sort)
  echo "$ids"
  [ "$ids" = "$(printf '%s\n' io.github.drivedash.Drivedash.read-health \
      io.github.drivedash.Drivedash.read-kernel-events io.github.drivedash.Drivedash.self-test \
      io.github.drivedash.Drivedash.set-game-mode io.github.drivedash.Drivedash.set-game-mode-persistent | sort)" ]
}

activation_answers () {
  local out drives pid
  bus_driver ListActivatableNames | grep -q "\"$SERVICE\"" || {
    echo "the running bus does not know $SERVICE"; return 1; }
  echo "the running bus lists $SERVICE as activatable"
  # The bus starts drivedashd for this call; the reply is the event.
  out=$(bus_call ListDrives) || { echo "$out"; return 1; }
  echo "ListDrives: $out"
  pid=$(bus_driver GetConnectionUnixProcessID string:$SERVICE | awk '/uint32/ { print $2 }')
  echo "owned by pid $pid: $(readlink "/proc/$pid/exe"), uid $(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")"
  [ "$(readlink "/proc/$pid/exe")" = "$ROOT/usr/libexec/drivedashd" ] || return 1
  [ "$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")" = 0 ] || return 1
  drives=$(ls "$ROOT/sys/class/nvme" 2>/dev/null)
  if [ -z "$drives" ]; then
    echo "$out" | grep -q 'array \[' && ! echo "$out" | grep -q 'string "name"'
  else
    echo "$out" | grep -q "string \"$(echo "$drives" | head -1)\""
  fi
}

get_health () {
  local out drive
  drive=$(ls "$ROOT/sys/class/nvme" 2>/dev/null | head -1)
  if [ -z "$drive" ]; then
    # No NVMe drive here: drivedashd's own answer, from sysfs.
    out=$(bus_call GetHealth string:nvme0 2>&1)
    echo "GetHealth(nvme0): $out"
    echo "$out" | grep -q '^Error io.github.drivedash.Error.NotFound: .*nvme0'
  else
    out=$(bus_call GetHealth string:"$drive") || { echo "$out"; return 1; }
    echo "GetHealth($drive): $out" | head -40
    echo "$out" | grep -q "string \"controller\"" && echo "$out" | grep -q "string \"$drive\""
  fi
}

ordinary_user () {
  local out rc=0
  # The policy lets anyone call: the refusal comes from drivedashd itself,
  # whose polkit check has no polkit to ask here.
  out=$(as_nobody dbus-send --system --print-reply --reply-timeout=$CALL_TIMEOUT_MS \
          --dest=$SERVICE $OBJECT $SERVICE.GetHealth string:nvme0 2>&1)
  echo "as nobody, GetHealth: $out"
  echo "$out" | grep -q '^Error org.freedesktop.DBus.Error.AccessDenied: Not authorized to perform .*read-health.*polkit is not running' || rc=1
  # Only root may own the name.
  out=$(as_nobody dbus-send --system --print-reply --dest=org.freedesktop.DBus \
          /org/freedesktop/DBus org.freedesktop.DBus.RequestName string:$SERVICE uint32:4 2>&1)
  echo "as nobody, RequestName: $out"
  echo "$out" | grep -q '^Error org.freedesktop.DBus.Error.AccessDenied: .*not allowed to own the service' || rc=1
  return $rc
}

# What drivedashd writes for "keep game mode after restart" (the rule for a
# drive, and a temporary file a crash could leave), as it writes them
# (there is no NVMe drive to switch here), and its state folder.
write_game_mode_files () {
  local rules=$ROOT/etc/udev/rules.d
  printf '# Written by Drivedash: game mode for the NVMe drive TESTSERIAL01 stays on after\n' > "$rules/70-drivedash-game-mode-TESTSERIAL01.rules"
  printf 'ACTION=="add|change", SUBSYSTEM=="nvme", ATTR{serial}=="TESTSERIAL01", ATTR{power/pm_qos_latency_tolerance_us}="0"\n' >> "$rules/70-drivedash-game-mode-TESTSERIAL01.rules"
  cp "$rules/70-drivedash-game-mode-TESTSERIAL01.rules" "$rules/70-drivedash-game-mode-TESTSERIAL02.rules.Ab3dE9"
  mkdir -p "$ROOT/run/drivedash"
  echo 100000 > "$ROOT/run/drivedash/nvme0.latency-tolerance"
}

remove_package () {
  local out left=0 f pids
  in_root dpkg -L drivedash-service | sort > "$WORK/deb-files.txt"
  out=$(apt_get remove drivedash-service 2>&1) || { echo "$out"; return 1; }
  echo "$out" | tail -n 5
  # The prerm stopped drivedashd (start-stop-daemon: no systemd here).
  pids=$(for p in $(root_pids); do [ "$(cat /proc/$p/comm 2>/dev/null)" = drivedashd ] && echo "$p"; done)
  [ -z "$pids" ] || { echo "drivedashd still runs: $pids"; left=1; }
  while IFS= read -r f; do
    [ -f "$ROOT$f" ] && { echo "left after remove: $f"; left=1; }
  done < "$WORK/deb-files.txt"
  rm -f "$WORK/deb-files.txt"
  # The bus forgot the policy and the activation file.
  bus_driver ListActivatableNames | grep -q "\"$SERVICE\"" && { echo "$SERVICE still activatable"; left=1; }
  out=$(bus_call ListDrives 2>&1)
  echo "ListDrives now: $out"
  echo "$out" | grep -q '^Error org.freedesktop.DBus.Error.ServiceUnknown' || left=1
  # The game-mode rules are the administrator's until purge.
  [ -f "$ROOT/etc/udev/rules.d/70-drivedash-game-mode-TESTSERIAL01.rules" ] || {
    echo "remove took the game-mode udev rule"; left=1; }
  return $left
}

purge_package () {
  local out left=0
  out=$(apt_get purge drivedash-service 2>&1) || { echo "$out"; return 1; }
  echo "$out" | tail -n 3
  ls -a "$ROOT/etc/udev/rules.d"
  ls "$ROOT"/etc/udev/rules.d/70-drivedash-game-mode-* 2>/dev/null && { echo "game-mode rules left"; left=1; }
  [ -f "$ROOT/etc/udev/rules.d/70-local-test.rules" ] || { echo "purge took another rule"; left=1; }
  [ -e "$ROOT/run/drivedash" ] && { echo "/run/drivedash left"; left=1; }
  in_root dpkg-query -W -f='${Status}\n' drivedash-service 2>/dev/null | grep -q ' installed$' && left=1
  return $left
}

nothing_left () {
  rm -f "$ROOT/tmp/${DEB##*/}"
  snapshot > "$WORK/deb-snapshot-after.txt"
  if diff -u "$WORK/deb-snapshot-before.txt" "$WORK/deb-snapshot-after.txt"; then
    echo "$(grep -vc '^[0-9a-f]\{32\} ' "$WORK/deb-snapshot-after.txt") paths, each as before the install"
  else
    return 1
  fi
}

# --- main ----------------------------------------------------------------

if [ "${1:-}" = --cleanup-only ]; then
  cleanup_all
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "1..0 # SKIP needs root (debootstrap, chroot, mounts)"
  exit 0
fi
MIRROR=${DRIVEDASH_DEB_MIRROR:-$(host_mirror)}
if ! /usr/bin/python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=20)' \
     "$MIRROR/dists/$SUITE/Release" >/dev/null 2>&1; then
  echo "1..0 # SKIP cannot reach the Debian mirror $MIRROR (no network?)"
  exit 0
fi
mkdir -p "$WORK"
trap cleanup_all EXIT
trap on_signal INT TERM HUP
T0=$SECONDS

check "build-aux/deb builds the packages; lintian: no errors, no warnings" build_packages || finish
check "a clean Debian 12 (debootstrap --variant=minbase, $MIRROR)" prepare_root || finish
check "drivedash-service's dependencies from Debian's archive" install_dependencies || finish
check "the system bus runs in the chroot before the install" start_bus || finish
mkdir -p "$ROOT/etc/udev/rules.d"
echo '# not Drivedash'"'"'s' > "$ROOT/etc/udev/rules.d/70-local-test.rules"
snapshot > "$WORK/deb-snapshot-before.txt"
check "apt installs ${DEB##*/}, and only it" install_package || finish
check "its files are in place" files_in_place
check "drivedashd --version" version_runs
check "the bus policy loads in a dbus-daemon of its own" bus_policy_loads
check "the polkit actions are valid" polkit_policy_valid
check "the running bus starts drivedashd as root: ListDrives is answered" activation_answers
check "GetHealth is answered by drivedashd" get_health
check "an ordinary user reaches drivedashd (polkit decides) but cannot own its name" ordinary_user
write_game_mode_files
check "apt remove stops drivedashd, takes its files and its policy, keeps the udev rules" remove_package
check "apt purge removes the game-mode udev rules and /run/drivedash" purge_package
check "after purge the root is as before the install" nothing_left
echo "# total $((SECONDS - T0)) s"
finish
