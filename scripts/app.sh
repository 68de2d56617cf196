#!/usr/bin/env bash
# Sets up the machine and runs Warwick: the desktop app when a display is available, otherwise
# a quick demo on the terminal (and how to play in a browser with `warwick serve`).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh
(cd ui && npm run --silent build)
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  cargo run --release -p warwick-app
else
  cargo run --release -p warwick -- demo
  echo
  echo "No display here. To play in a browser: cargo run --release -p warwick -- serve"
fi
