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

# children_cpu_s FILE: writes the CPU seconds (user + system) of this shell's reaped children
# to FILE. `times` must run in this shell, not in a $(...) subshell, which has none yet.
children_cpu_s() {
  times >"$1"
  awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] }; printf "%.0f", t }' "$1" >"$1.s"
  mv "$1.s" "$1"
}

# step NAME CMD [ARG...]: prints a header, runs CMD, prints its wall-clock duration and the
# CPU its processes used (how busy it kept the machine, for steps that run side by side).
# Returns CMD's exit code. STEP_SUMMARY (an array) collects one line per step.
STEP_SUMMARY=()
step() {
  local name=$1 start cpu0 rc dur cpu tmp; shift
  printf '\n==> [%s] %s\n    $ %s\n' "$(date +%H:%M:%S)" "$name" "$*" >&2
  tmp=$(mktemp); start=$(now_s); children_cpu_s "$tmp"; cpu0=$(<"$tmp")
  set +e; "$@"; rc=$?; set -e
  dur=$(fmt_duration "$start"); children_cpu_s "$tmp"; cpu="cpu $(( $(<"$tmp") - cpu0 )) s"; rm -f "$tmp"
  if [ "$rc" -eq 0 ]; then
    printf '<== %s: ok in %s (%s)\n' "$name" "$dur" "$cpu" >&2
    STEP_SUMMARY+=("$(printf '  ok     %9s  %-10s  %s' "$dur" "$cpu" "$name")")
  else
    printf '<== %s: FAILED (exit %d) after %s (%s)\n' "$name" "$rc" "$dur" "$cpu" >&2
    STEP_SUMMARY+=("$(printf '  FAILED %9s  %-10s  %s (exit %d)' "$dur" "$cpu" "$name" "$rc")")
  fi
  return "$rc"
}
