#!/usr/bin/env bash
# Sets up the machine and runs Warwick: the desktop app when a display is available; otherwise
# the game served on 127.0.0.1 for a browser (the address is printed; Ctrl-C stops it and closes
# the database). Games are kept in $WARWICK_DATA (default ~/.local/share/warwick).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh
(cd ui && npm run --silent build)
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  cargo run --release -p warwick-app
else
  data="${WARWICK_DATA:-${XDG_DATA_HOME:-$HOME/.local/share}/warwick}"
  mkdir -p "$data"
  echo "No display here: Warwick is served for a browser instead (Ctrl-C stops it)."
  echo "Games are kept in $data/games.db."
  exec cargo run --release -p warwick -- serve --db "$data/games.db" "$@"
fi
