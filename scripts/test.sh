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

step "build the Rust tests and the binaries"
# cargo-nextest (on every machine of this kind) runs each test in its own process and keeps both
# cores busy across all the test binaries; plain `cargo test` runs the binaries one at a time, so
# each binary's longest test left a core idle. Where nextest is missing, `cargo test` does the same
# checks, only slower. Neither leaves out a test: the workspace has no doc tests (nextest skips those).
if cargo nextest --version >/dev/null 2>&1; then
  rust_tests=(cargo nextest run --workspace --locked)
  cargo nextest run --workspace --locked --no-run
else
  rust_tests=(cargo test --workspace --locked)
  cargo test --workspace --locked --no-run
fi
# Built as the workspace, the binaries share the dependencies the tests compiled; `-p warwick`
# alone unifies fewer features and would compile every dependency a second time.
cargo build --workspace --bins --locked

step "UI unit tests"
(cd ui && npm test --silent)

step "Rust tests (in the background, niced) beside the browser and window checks below"
# The browser and window checks keep about one core busy and wait on the rest; the Rust tests,
# at a lower priority, fill what they leave, so the checks run at their own pace and the whole
# takes about the longer of the two instead of their sum. Their output is printed when they end.
rust_log="$root/target/rust-tests.log"
nice -n 10 "${rust_tests[@]}" >"$rust_log" 2>&1 &
rust_pid=$!
# If a check below fails, the tests are stopped and what they printed so far is shown (the CI log
# keeps nothing else).
rust_stop() {
  kill "$rust_pid" 2>/dev/null || true
  echo "== the Rust tests were stopped; what they printed so far:" >&2
  tail -n 60 "$rust_log" >&2 || true
}
trap rust_stop EXIT
rust_done() {
  local rc=0
  wait "$rust_pid" || rc=$?
  trap - EXIT
  cat "$rust_log"
  if [ "$rc" != 0 ]; then
    echo "the Rust tests failed (exit $rc): see above" >&2
    exit "$rc"
  fi
}

step "end-to-end in headless Chromium"
# The pace section plays 5 rounds here (its click and key checks need no more); its timing is a
# report, measured over 10 rounds with `PACE_ROUNDS=10 PACE_STRICT=1 E2E_ONLY_PACE=1 node ui/e2e/run.mjs`.
PACE_ROUNDS="${PACE_ROUNDS:-5}" node ui/e2e/run.mjs

step "Tauri app: smoke run under Xvfb (built with the workspace above)"
xvfb-run -a -s "-screen 0 1280x800x24" bash scripts/smoke-app.sh

step "Tauri app: SIGTERM and Ctrl-C end it and all its WebKit processes, its database closed"
xvfb-run -a -s "-screen 0 1280x800x24" bash scripts/exit-check.sh

step "Tauri app: opening a game and leaving it each run in a new web process"
xvfb-run -a -s "-screen 0 1280x800x24" bash scripts/swap-check.sh

step "Tauri app: the page comes back when WebKit's web process dies"
xvfb-run -a -s "-screen 0 1280x800x24" bash scripts/crash-check.sh

step "Debian package: bundle, install with dpkg, smoke run of the installed app, remove"
bash scripts/deb-check.sh

step "Tauri app: a game started in the real window over WebDriver, under Xvfb"
xvfb-run -a -s "-screen 0 1440x900x24" node ui/e2e/tauri.mjs

step "Rust tests: their results (they ran beside the checks above)"
rust_done

step "TypeScript bindings are up to date (the Rust tests write them)"
if git rev-parse --git-dir >/dev/null 2>&1; then
  git diff --exit-code -- ui/src/bindings || {
    echo "ui/src/bindings changed: commit the regenerated TypeScript types" >&2
    exit 1
  }
fi

printf '\nAll Warwick checks passed in %dm%02ds.\n' $((SECONDS / 60)) $((SECONDS % 60))
