# Sourced by scripts/test.sh. `step "name"` ends the step before it and starts the next; `side_by_side "cmd" "cmd"`
# runs commands at once, each one's output shown whole when all are done. When the run ends, passed or failed, a
# table gives each step's time and share. Portable to macOS's bash 3.2 (no EPOCHREALTIME there: whole seconds).

now() {
  if [ -n "${EPOCHREALTIME:-}" ]; then printf '%s\n' "${EPOCHREALTIME/,/.}"; else date +%s; fi
}

since() {
  awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'
}

STEP_NAMES=()
STEP_TIMES=()
STEP_NAME=""
STEP_START=""
RUN_START="$(now)"

end_step() {
  [ -n "$STEP_NAME" ] || return 0
  local took
  took="$(since "$STEP_START")"
  STEP_NAMES+=("$STEP_NAME")
  STEP_TIMES+=("$took")
  printf '\033[1m-- %s: %s s (%s)\033[0m\n' "$STEP_NAME" "$took" "$1"
  STEP_NAME=""
}

step() {
  end_step passed
  STEP_NAME="$1"
  STEP_START="$(now)"
  printf '\n\033[1m== %s ==\033[0m\n' "$1"
}

side_by_side() {
  local dir i status=0
  local pids=()
  dir="$(mktemp -d)"
  i=0
  for cmd in "$@"; do
    (
      start="$(now)"
      set +e
      (eval "$cmd") >"$dir/$i.out" 2>&1
      rc=$?
      printf '%s %s\n' "$rc" "$(since "$start")" >"$dir/$i.done"
      exit "$rc"
    ) &
    pids+=("$!")
    i=$((i + 1))
  done
  i=0
  for cmd in "$@"; do
    wait "${pids[$i]}" || status=1
    read -r rc took <"$dir/$i.done"
    printf '\033[1m-> %s: %s s%s\033[0m\n' "$cmd" "$took" "$([ "$rc" = 0 ] || printf ', failed (exit %s)' "$rc")"
    cat "$dir/$i.out"
    i=$((i + 1))
  done
  rm -rf "$dir"
  return "$status"
}

print_step_times() {
  local rc=$1 total i
  if [ "$rc" = 0 ]; then end_step passed; else end_step "failed (exit $rc)"; fi
  total="$(since "$RUN_START")"
  printf '\n\033[1m== Step times (%s) ==\033[0m\n' "$([ "$rc" = 0 ] && echo "passed" || echo "failed at the last step listed")"
  printf '| step | seconds | share |\n|---|---:|---:|\n'
  i=0
  while [ "$i" -lt "${#STEP_NAMES[@]}" ]; do
    awk -v n="${STEP_NAMES[$i]}" -v s="${STEP_TIMES[$i]}" -v t="$total" 'BEGIN { printf "| %s | %.1f | %.0f%% |\n", n, s, (t > 0 ? 100 * s / t : 0) }'
    i=$((i + 1))
  done
  printf '| total | %s | 100%% |\n' "$total"
}

trap 'rc=$?; print_step_times "$rc"; exit "$rc"' EXIT
