#!/usr/bin/env bash
# The page comes back when its web process dies (src-tauri/src/webview.rs): starts the debug app
# (target/debug/warwick-app) in --smoke mode with a data folder of its own, waits for the page to
# call app_info, kills WebKit's web process as a crash would (SIGKILL), and expects the page to be
# loaded again in a new web process (it calls app_info once more), the app still up; photographs
# it. Runs itself under xvfb-run when there is no display.
#
#   bash scripts/crash-check.sh        (WARWICK_APP overrides the app binary)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="${WARWICK_APP:-${CARGO_TARGET_DIR:-$root/target}/debug/warwick-app}"
out="${WARWICK_ARTIFACTS:-$root/artifacts}"
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" "$@"
fi
[ -x "$app" ] || { echo "FAIL: no app at $app (cargo build -p warwick-app)" >&2; exit 1; }
mkdir -p "$out"
work="$(mktemp -d)"
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work" 2>/dev/null || { sleep 2; rm -rf "$work"; }' EXIT
source "$root/scripts/processes.sh"
calls() { grep -c "the UI called app_info" "$work/app.log" || true; }
wait_calls() { # N: waits (up to 60 s) until the page has called app_info N times
  for _ in $(seq 1 600); do
    [ "$(calls)" -ge "$1" ] && return 0
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

XDG_DATA_HOME="$work" XDG_CONFIG_HOME="$work" XDG_CACHE_HOME="$work/cache" WARWICK_SMOKE_LINGER_MS=30000 \
  "$app" --smoke >"$work/app.log" 2>&1 &
pid=$!
if ! wait_calls 1; then
  echo "FAIL: the page never called app_info; the app's log:" >&2
  cat "$work/app.log" >&2
  exit 1
fi
first=( $(web_processes "$pid") )
[ "${#first[@]}" -ge 1 ] || { echo "FAIL: no web process found under the app" >&2; exit 1; }
kill -KILL "${first[@]}"
if ! wait_calls 2; then
  echo "FAIL: the page did not come back after its web process died; the app's log:" >&2
  cat "$work/app.log" >&2
  exit 1
fi
sleep 1.5 # the start screen draws
now=( $(web_processes "$pid") )
import -window root "$out/app-after-crash.png"
echo "screenshot: $out/app-after-crash.png"
if ! grep -q "page stopped (Crashed): loading it again" "$work/app.log"; then
  echo "FAIL: the app did not say why it loaded the page again; its log:" >&2
  cat "$work/app.log" >&2
  exit 1
fi
if [ "${#now[@]}" -ne 1 ] || [[ " ${first[*]} " == *" ${now[0]} "* ]]; then
  echo "FAIL: the page did not run in a new web process (before: ${first[*]}; now: ${now[*]:-none})" >&2
  exit 1
fi
echo "ok   the page came back in a new web process after its web process crashed (${first[*]} -> ${now[0]})"
