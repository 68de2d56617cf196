#!/usr/bin/env bash
# The budgets of issues 19 and 21, measured in one run (a benchmark, never a timed test). Builds
# the release CLI, the app and an empty Tauri 2 window from the same Cargo.lock (the memory floor,
# benches/empty-window) as they ship (the `dist` profile), and the UI, then measures, under one
# Xvfb display:
#   startup   the real window over WebDriver: cold start to the start screen, to a resumed map,
#             each start's timeline, and the empty window's start (the floor)
#   memory    the real window's memory: floor, start screen, game screen, a long autoplayed
#             session, in each rendering mode (WebKit compositing default / off), as ratios
#   browser   headless Chromium: map pan/zoom smoothness, click-to-map latency, and a session's
#             JS heap / DOM nodes / renderer memory (over a bare DevTools connection)
#   server    `warwick serve`'s resident memory over 100 games opened and closed one after another
#   pace      one bot round (3 Normal bots, fastest speed) on screen, if scripts/bot-round-pace.mjs
#   eventlog  `warwick bench`: the event log's command p99 and replay over raw read
# and writes everything, with the machine's load, to artifacts/budgets.json.
#
#   bash scripts/budgets.sh [parts…]     e.g. bash scripts/budgets.sh startup memory
# Environment: BUDGET_GAMES (session games, default 10), BUDGET_MODES (default "default,off"),
# BUDGET_APP_ENV (KEY=V,KEY=V given to the app only in the memory part: a lever tried on it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
out="${WARWICK_ARTIFACTS:-$root/artifacts}"
mkdir -p "$out"
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(startup memory browser server pace eventlog)
games="${BUDGET_GAMES:-10}"
modes="${BUDGET_MODES:-default,off}"
wants() { [[ " ${parts[*]} " == *" $1 "* ]]; }

echo "== building (release)" >&2
(cd ui && npm run --silent build) >&2
cargo build --release --locked -p warwick >&2
# The app and the empty window as they ship: the `dist` profile (release, linked as one unit).
cargo build --profile dist --locked -p warwick-app -p warwick-empty-window >&2

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }
json_part() { # name, command…: runs the command, keeps its JSON on stdout with the load around it
  local name="$1"
  shift
  echo "== $name (load $(load))" >&2
  local before after
  before="$(load)"
  if "$@" >"$tmp/$name.json"; then
    after="$(load)"
    node -e 'const fs=require("fs");const [f,b,a]=process.argv.slice(1);const j=JSON.parse(fs.readFileSync(f,"utf8"));j.load_before=b;j.load_after=a;fs.writeFileSync(f,JSON.stringify(j));' \
      "$tmp/$name.json" "$before" "$(load)"
  else
    echo "{\"error\": \"$name failed\"}" >"$tmp/$name.json"
  fi
}

with_display() { xvfb-run -a -s "-screen 0 1440x900x24" "$@"; }

wants startup && json_part startup with_display node ui/bench/startup.mjs --app "$target/dist/warwick-app" --runs 5
# The floor of a start: the empty Tauri window started the same way, to its page loaded.
wants startup && json_part startup_floor with_display node ui/bench/startup.mjs --floor "$target/dist/warwick-empty-window" --runs 5
wants memory && json_part memory with_display node scripts/budgets/memory.mjs \
  --app "$target/dist/warwick-app" --empty "$target/dist/warwick-empty-window" --games "$games" --modes "$modes" --app-env "${BUDGET_APP_ENV:-}"
wants browser && json_part browser node ui/bench/browser.mjs --bin "$target/release/warwick" --commands 100 --parts smooth,click
# The session's memory over a bare DevTools connection: Playwright's Network domain would make the
# renderer keep every API answer and grow by itself (ui/bench/session-memory.mjs).
wants browser && json_part browser_session node ui/bench/session-memory.mjs --bin "$target/release/warwick" --games "$games"
wants server && json_part server node ui/bench/server.mjs --bin "$target/release/warwick" --games 100
if wants pace && [ -f scripts/bot-round-pace.mjs ]; then
  json_part pace env WARWICK_BIN="$target/release/warwick" node scripts/bot-round-pace.mjs
fi
wants eventlog && json_part eventlog "$target/release/warwick" bench --json

node - "$tmp" "$out/budgets.json" <<'EOF'
const fs = require('fs');
const path = require('path');
const [dir, file] = process.argv.slice(2);
const report = { when: new Date().toISOString(), cpus: require('os').cpus().length };
for (const f of fs.readdirSync(dir)) report[path.basename(f, '.json')] = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
fs.writeFileSync(file, JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));
console.error(`written: ${file}`);
EOF
