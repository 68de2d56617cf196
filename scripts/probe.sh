#!/usr/bin/env bash
# The load probe (scripts/probe.mjs): builds the release `warwick`, then times every API call
# of `warwick serve` under 20 clients and listing 1,000 saved games. Prints a JSON report and
# exits non-zero when a target is missed. Arguments pass through (--clients, --seconds, ...).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cargo build --release -p warwick --locked >&2
node scripts/probe.mjs --bin "${CARGO_TARGET_DIR:-target}/release/warwick" "$@"
