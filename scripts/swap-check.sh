#!/usr/bin/env bash
# A new web process for each game (issue 21, docs/memory.md): starts the debug app
# (target/debug/warwick-app) with a data folder of its own and `WARWICK_AUTOPLAY=leave`, so the
# page starts a game and leaves it for the start screen by itself, with no WebDriver attached
# (WebKit closes a web view driven by automation once its web process ends, so ui/e2e/tauri.mjs
# cannot see this). Checks that the start screen, the game and the start screen again each ran
# in a web process of their own, the earlier ones ended, that the window is still up, and that
# the web process runs with the settings the app chose for it; photographs it. Runs itself
# under xvfb-run when there is no display.
#
#   bash scripts/swap-check.sh        (WARWICK_APP overrides the app binary)
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
# The app's web processes may still be writing their cache as it ends: removing the folder is
# tried again once they have had a moment to go.
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work" 2>/dev/null || { sleep 2; rm -rf "$work"; }' EXIT

# descendants PID: every process descended from PID.
source "$root/scripts/processes.sh"

XDG_DATA_HOME="$work" XDG_CONFIG_HOME="$work" XDG_CACHE_HOME="$work/cache" WARWICK_AUTOPLAY=leave \
  "$app" >"$work/app.log" 2>&1 &
pid=$!
seen=()
for _ in $(seq 1 1200); do
  kill -0 "$pid" 2>/dev/null || break
  for p in $(web_processes "$pid"); do
    [[ " ${seen[*]} " == *" $p "* ]] || seen+=("$p")
  done
  [ "${#seen[@]}" -ge 3 ] && break
  sleep 0.1
done
sleep 3 # the start screen draws; the ended processes are reaped
alive=( $(web_processes "$pid") )
if ! kill -0 "$pid" 2>/dev/null; then
  echo "FAIL: the app ended during the check; its log:" >&2
  cat "$work/app.log" >&2
  exit 1
fi
import -window root "$out/app-swapped.png"
echo "screenshot: $out/app-swapped.png"
echo "web processes seen in order: ${seen[*]}; alive at the end: ${alive[*]:-none}"
if [ "${#seen[@]}" -lt 3 ]; then
  echo "FAIL: the start screen, the game and the start screen again did not each get a web process of their own" >&2
  cat "$work/app.log" >&2
  exit 1
fi
if [ "${#alive[@]}" -ne 1 ] || [ "${alive[0]}" != "${seen[-1]}" ]; then
  echo "FAIL: the earlier web processes did not end (alive: ${alive[*]:-none})" >&2
  exit 1
fi
echo "ok   opening a game and leaving it each ran in a new web process, the old ones ended"

# The settings the app chose for its processes (src-tauri/src/web_process.rs) reach the web
# process the app started itself, without anything from this script's environment. (glibc cuts
# GLIBC_TUNABLES at its first ':' in the copy /proc shows once it has read it; the process and
# its children still get the whole value.)
environ="$(tr '\0' '\n' <"/proc/${alive[0]}/environ")"
for setting in JSC_useDFGJIT=0 JSC_thresholdForJITAfterWarmUp=20000 \
  GLIBC_TUNABLES=glibc.malloc.trim_threshold=65536; do
  if ! grep -qxF "$setting" <<<"$environ"; then
    echo "FAIL: the web process does not run with $setting" >&2
    exit 1
  fi
done
echo "ok   the web process runs with the app's chosen JavaScriptCore and allocator settings"
