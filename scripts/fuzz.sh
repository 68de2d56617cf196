#!/usr/bin/env bash
# The fuzz run (`warwick-fuzz`, the workspace crate in fuzz/): builds it in release, then sends
# 500,000 seeded requests through the real router in-process and verifies and imports 10,000
# mutated logs, auditing every game made. Prints the JSON summary (also in OUT/summary.json);
# exits non-zero on any finding, each with a reproducer under OUT/findings. Arguments pass
# through and override the defaults (e.g. `--seed 7`, `--requests 20000 --logs 500`).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cargo build --release -p warwick-fuzz --locked >&2
exec "${CARGO_TARGET_DIR:-target}/release/warwick-fuzz" \
  --requests 500000 --logs 10000 --seed 1 --out artifacts/fuzz "$@"
