#!/usr/bin/env bash
# Runs a command with busy threads beside it, as a shared CI machine has them:
#   scripts/with-load.sh [THREADS] -- COMMAND...     (THREADS: 2 unless given)
# e.g. `scripts/with-load.sh 2 -- make test`. The threads are busy loops at the
# command's own priority; they end when the command ends, and its status is the
# command's. docs/TESTING.md: the suite must pass so.
set -euo pipefail
threads=2
if [ "${1:-}" != "--" ]; then threads=$1; shift; fi
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "usage: scripts/with-load.sh [THREADS] -- COMMAND..." >&2; exit 2; }
pids=()
for _ in $(seq "$threads"); do
  sh -c 'while :; do :; done' &
  pids+=($!)
done
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
echo "with-load: $threads busy threads beside: $*" >&2
"$@"
