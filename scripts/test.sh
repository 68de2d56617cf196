#!/usr/bin/env bash
# Runs every test of Warwick after setting up the machine: formatting, lints, the Rust tests,
# the UI's unit tests, an end-to-end check in headless Chromium against `warwick serve`, and a
# build of the Tauri app, a smoke run of its real window under Xvfb, its Debian package installed,
# smoke-run and removed again, and a game started in that window driven over WebDriver
# (tauri-driver). Screenshots go to artifacts/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
WARWICK_TAURI_DRIVER=1 bash scripts/setup.sh

# A clean clone builds everything once: incremental caches only cost disk there.
if [ "${CI:-}" = "true" ]; then export CARGO_INCREMENTAL=0; fi

# Each step says how long the run has taken so far, so a slow CI run shows where its time went.
step() { printf '\n== %s  [%dm%02ds so far]\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

step "cargo fmt --check"
cargo fmt --all --check

step "UI build (type-check + bundle; the app embeds ui/dist)"
(cd ui && npm run --silent build)

step "cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "cargo test"
cargo test --workspace --locked

step "TypeScript bindings are up to date"
if git rev-parse --git-dir >/dev/null 2>&1; then
  git diff --exit-code -- ui/src/bindings || {
    echo "ui/src/bindings changed: commit the regenerated TypeScript types" >&2
    exit 1
  }
fi

step "UI unit tests"
(cd ui && npm test --silent)

step "end-to-end in headless Chromium"
# Built as the workspace, the binaries share the dependencies `cargo test --workspace` compiled;
# `-p warwick` alone unifies fewer features and would compile every dependency a second time.
cargo build --workspace --bins --locked
# Two halves at once, each with its own server and browser (the checks mostly wait on the
# page): about 12 minutes become 7 on two cores. Each half's output is shown whole, in turn.
e2e_logs="$(mktemp -d)"
E2E_PART=1 node ui/e2e/run.mjs >"$e2e_logs/1.log" 2>&1 &
first=$!
E2E_PART=2 node ui/e2e/run.mjs >"$e2e_logs/2.log" 2>&1 &
second=$!
e2e_failed=0
wait "$first" || e2e_failed=1
wait "$second" || e2e_failed=1
for half in 1 2; do printf -- '-- half %s\n' "$half"; cat "$e2e_logs/$half.log"; done
rm -rf "$e2e_logs"
if [ "$e2e_failed" != 0 ]; then echo "end-to-end checks failed (see above)" >&2; exit 1; fi

step "Tauri app: smoke run under Xvfb (built with the workspace above)"
xvfb-run -a -s "-screen 0 1280x800x24" bash scripts/smoke-app.sh

step "Tauri app: SIGTERM and Ctrl-C end it and all its WebKit processes, its database closed"
xvfb-run -a -s "-screen 0 1280x800x24" bash scripts/exit-check.sh

step "Tauri app: opening a game and leaving it each run in a new web process"
xvfb-run -a -s "-screen 0 1280x800x24" bash scripts/swap-check.sh

step "Debian package: bundle, install with dpkg, smoke run of the installed app, remove"
bash scripts/deb-check.sh

step "Tauri app: a game started in the real window over WebDriver, under Xvfb"
xvfb-run -a -s "-screen 0 1440x900x24" node ui/e2e/tauri.mjs

printf '\nAll Warwick checks passed in %dm%02ds.\n' $((SECONDS / 60)) $((SECONDS % 60))
