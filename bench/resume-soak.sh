#!/usr/bin/env bash
# The resume path soaked: ROUNDS times, a run over FOLDER appending to an output
# is killed (SIGKILL) at a random point, once or twice, then resumed with
# --skip-done under another spelling of the folder; every resumed total must
# equal an uninterrupted run's, and no run may end by a signal other than the
# kills (a heap corruption ends by SIGABRT, an AddressSanitizer report by status 1
# with "ERROR: AddressSanitizer" on stderr).
#
#   bench/resume-soak.sh BINARY FOLDER [ROUNDS] [EXTRA OPTIONS...]
#
# BINARY may be an AddressSanitizer build (bench/results/2026-11-27-resume-soak.txt
# says how one was made). Prints one line a round that went wrong, and a summary.
set -uo pipefail
bin=$(realpath "$1"); folder=$(realpath "$2"); rounds=${3:-100}; shift 3 || shift $#
extra=("$@")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$(dirname "$folder")"
name=$(basename "$folder")
spellings=("$name" "./$name" "$folder" "$name/")
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
want=$("$bin" --total "${extra[@]}" "$name" 2>/dev/null | tail -n 1)
[ -n "$want" ] || { echo "the uninterrupted run printed nothing"; exit 2; }
bad=0; kills=0; runs=0
for ((round = 1; round <= rounds; round++)); do
  out="$work/out.jsonl"; : > "$out"
  for ((k = 0; k < 1 + RANDOM % 2; k++)); do
    spelling=${spellings[RANDOM % 4]}
    skip=(); [ -s "$out" ] && skip=(--skip-done "$out")
    "$bin" --total "${extra[@]}" "${skip[@]}" "$spelling" >> "$out" 2> "$work/err" &
    pid=$!
    sleep "0.$(printf '%03d' $((RANDOM % 400)))"
    kill -9 "$pid" 2>/dev/null && kills=$((kills + 1))
    wait "$pid" 2>/dev/null; status=$?; runs=$((runs + 1))
    if [ "$status" -ne 137 ] && [ "$status" -ne 0 ]; then
      echo "round $round: a killed run ended with status $status: $(head -c 300 "$work/err")"; bad=$((bad + 1))
    fi
  done
  spelling=${spellings[RANDOM % 4]}
  "$bin" --total "${extra[@]}" --skip-done "$out" "$spelling" >> "$out" 2> "$work/err"
  status=$?; runs=$((runs + 1))
  got=$(tail -n 1 "$out")
  if [ "$status" -ne 0 ] || grep -q "AddressSanitizer\|double free\|corruption" "$work/err"; then
    echo "round $round: the resumed run ended with status $status: $(head -c 300 "$work/err")"; bad=$((bad + 1))
  elif [ "$got" != "$want" ]; then
    echo "round $round: the resumed total differs (as $spelling)"; bad=$((bad + 1))
  fi
done
echo "$rounds rounds, $runs runs ($kills killed before they ended): $bad went wrong"
[ "$bad" -eq 0 ]
