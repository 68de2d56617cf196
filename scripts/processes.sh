# Shell helpers for the checks that watch the app's processes (sourced by scripts/exit-check.sh,
# scripts/swap-check.sh and scripts/crash-check.sh; not run on its own).

# Every process descended from $1 (children, their children, ...).
descendants() {
  local kids
  kids="$(pgrep -P "$1" || true)"
  for kid in $kids; do
    echo "$kid"
    descendants "$kid"
  done
}

# The web processes (WebKitWebProcess) under the app whose PID is $1, now.
web_processes() {
  for p in $(descendants "$1"); do
    [ "$(ps -o comm= -p "$p" 2>/dev/null)" = "WebKitWebProces" ] && echo "$p"
  done
  return 0
}
