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
node ui/e2e/run.mjs

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
