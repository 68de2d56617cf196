#!/usr/bin/env bash
# A clean exit (issue 21): starts the debug app (target/debug/warwick-app) with a data folder of
# its own, waits for its WebKit processes (WebKitWebProcess, WebKitNetworkProcess: descendants of
# the app's process), sends it SIGTERM, and checks that within a few seconds the app and every
# one of its descendants are gone, that it exited with status 0, and that its database was
# closed (SQLite folds its write-ahead log back in and removes it on close); then the same with
# SIGINT (Ctrl-C). Runs itself under xvfb-run when there is no display.
#
#   bash scripts/exit-check.sh        (WARWICK_APP overrides the app binary)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="${WARWICK_APP:-${CARGO_TARGET_DIR:-$root/target}/debug/warwick-app}"
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" "$@"
fi
[ -x "$app" ] || { echo "FAIL: no app at $app (cargo build -p warwick-app)" >&2; exit 1; }

# Job control: a background job of a script otherwise starts with SIGINT ignored, as no app
# started from a terminal does.
set -m
failed=0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# descendants PID: every process descended from PID.
source "$root/scripts/processes.sh"

# Names of the given processes still alive (empty when all are gone).
alive() {
  for p in "$@"; do
    if kill -0 "$p" 2>/dev/null; then
      echo "$p:$(ps -o comm= -p "$p" 2>/dev/null || echo '?')"
    fi
  done
}

check_signal() {
  local sig="$1"
  local data="$work/$sig"
  mkdir -p "$data"
  local log="$data/app.log"
  XDG_DATA_HOME="$data" XDG_CONFIG_HOME="$data" XDG_CACHE_HOME="$data/cache" "$app" >"$log" 2>&1 &
  local pid=$!
  # The window is up once both WebKit processes run under the app.
  local tree=""
  for _ in $(seq 1 120); do
    tree="$(descendants "$pid")"
    if [ -n "$tree" ] && ps -o comm= -p $(echo $tree) | grep -q WebKitWebProces && ps -o comm= -p $(echo $tree) | grep -q WebKitNetworkPr; then
      break
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if ! ps -o comm= -p $(echo ${tree:-0}) 2>/dev/null | grep -q WebKitWebProces; then
    echo "FAIL ($sig): the app's WebKit processes never started; its log:" >&2
    cat "$log" >&2
    kill -KILL "$pid" $tree 2>/dev/null || true
    failed=1
    return
  fi
  sleep 3 # let the page load and call the service (the database is opened at start)
  tree="$(descendants "$pid")"
  local db
  db="$(find "$data" -name warwick.db | head -n 1)"
  echo "     ($sig) app $pid with $(echo $tree | wc -w) descendant processes: $(ps -o comm= -p $(echo $tree) | sort | uniq -c | awk '{printf "%s×%s ", $1, $2}')"
  local started
  started="$(date +%s%N)"
  kill "-$sig" "$pid"
  local left=""
  for _ in $(seq 1 100); do
    left="$(alive "$pid" $tree)"
    [ -z "$left" ] && break
    sleep 0.1
  done
  local ms=$(( ($(date +%s%N) - started) / 1000000 ))
  if [ -n "$left" ]; then
    echo "FAIL ($sig): still running 10 s after SIG$sig: $left" >&2
    kill -KILL "$pid" $tree 2>/dev/null || true
    failed=1
    return
  fi
  local status=0
  wait "$pid" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "FAIL ($sig): the app exited with status $status (not 0: it did not exit through Tauri); its log:" >&2
    cat "$log" >&2
    failed=1
  else
    echo "ok   SIG$sig ends the app and all its processes (${ms} ms), with status 0"
  fi
  if [ -z "$db" ]; then
    echo "FAIL ($sig): the app made no database under $data" >&2
    failed=1
  elif [ -e "$db-wal" ]; then
    echo "FAIL ($sig): $db-wal is left: the database was not closed" >&2
    failed=1
  else
    echo "ok   SIG$sig closes the database ($(basename "$db") without a write-ahead log left)"
  fi
}

check_signal TERM
check_signal INT
exit "$failed"
