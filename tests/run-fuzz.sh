#!/bin/sh
# run-fuzz.sh FUZZER SECONDS WORKDIR SEED_DIR… — one short libFuzzer run.
# New inputs go to WORKDIR (in the build tree), never into the seed dirs.
set -eu
fuzzer=$1 seconds=$2 workdir=$3
shift 3
mkdir -p "$workdir"
exec "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$workdir/" -print_final_stats=1 "$workdir" "$@"
