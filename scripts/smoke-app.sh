#!/usr/bin/env bash
# Smoke run of the real app window (run under a display, e.g. xvfb-run): starts the app with
# --smoke, waits for the UI to call app_info, photographs the screen, and expects the app to
# quit by itself with status 0.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="${WARWICK_APP:-${CARGO_TARGET_DIR:-$root/target}/debug/warwick-app}"
out="${WARWICK_ARTIFACTS:-$root/artifacts}"
mkdir -p "$out"
log="$out/app-smoke.log"
export WARWICK_SMOKE_LINGER_MS="${WARWICK_SMOKE_LINGER_MS:-4000}"

"$app" --smoke >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  grep -q "the UI called app_info" "$log" && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
if ! grep -q "the UI called app_info" "$log"; then
  echo "FAIL: the app window never called app_info; its log:" >&2
  cat "$log" >&2
  kill "$pid" 2>/dev/null || true
  exit 1
fi
sleep 1.5 # let the page render the answer
import -window root "$out/app-window.png"
echo "screenshot: $out/app-window.png"
if ! wait "$pid"; then
  echo "FAIL: the app did not exit cleanly; its log:" >&2
  cat "$log" >&2
  exit 1
fi
echo "ok   the real app window loaded the UI and called app_info"
