# shellcheck shell=bash
# Shared helpers for Cardsmith's scripts. Source it (bash only):  . scripts/lib.sh
# Defines: log, die, now_s, fmt_duration, step.

log() { printf '[%s %s] %s\n' "${LOG_TAG:-cardsmith}" "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

now_s() { date +%s.%N; }                      # wall clock, sub-second

fmt_duration() {                              # fmt_duration START [END] -> "1m02.3s" / "4.2s"
  awk -v s="$1" -v e="${2:-$(now_s)}" 'BEGIN {
    d = e - s; if (d < 0) d = 0
    m = int(d / 60); r = d - 60 * m
    if (m > 0) printf "%dm%04.1fs", m, r; else printf "%.1fs", r }'
}

# step NAME CMD [ARG...]: prints a header, runs CMD, prints its wall-clock duration.
# Returns CMD's exit code. STEP_SUMMARY (an array) collects one line per step.
STEP_SUMMARY=()
step() {
  local name=$1 start rc dur; shift
  printf '\n==> [%s] %s\n    $ %s\n' "$(date +%H:%M:%S)" "$name" "$*" >&2
  start=$(now_s)
  set +e; "$@"; rc=$?; set -e
  dur=$(fmt_duration "$start")
  if [ "$rc" -eq 0 ]; then
    printf '<== %s: ok in %s\n' "$name" "$dur" >&2
    STEP_SUMMARY+=("$(printf '  ok     %9s  %s' "$dur" "$name")")
  else
    printf '<== %s: FAILED (exit %d) after %s\n' "$name" "$rc" "$dur" >&2
    STEP_SUMMARY+=("$(printf '  FAILED %9s  %s (exit %d)' "$dur" "$name" "$rc")")
  fi
  return "$rc"
}
