#!/usr/bin/env bash
# The long checks of the event log, in release: 200 SIGKILLs during bot games (each followed
# by open + verify + replay), then `warwick bench --json` on a recorded 5-faction game.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cargo test --release -p warwick --test store_crash -- --ignored --nocapture
cargo run --release -p warwick -- bench --json
