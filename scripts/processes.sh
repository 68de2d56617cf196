# Shell helpers for the checks that watch the app's processes (sourced by scripts/exit-check.sh
# and scripts/swap-check.sh; not run on its own).

# Every process descended from $1 (children, their children, ...).
descendants() {
  local kids
  kids="$(pgrep -P "$1" || true)"
  for kid in $kids; do
    echo "$kid"
    descendants "$kid"
  done
}
