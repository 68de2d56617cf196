#!/usr/bin/env bash
# Installs what Warwick needs on a fresh Debian machine, skipping what is already there:
# the system libraries Tauri 2 builds against, Chromium, Xvfb and WebKitWebDriver for the tests,
# tauri-driver (only when WARWICK_TAURI_DRIVER=1, as test.sh sets it), and the UI's npm packages.
# Safe to run again. Sourced by app.sh and test.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_packages=(
  # Tauri 2 on Linux
  libwebkit2gtk-4.1-dev libsoup-3.0-dev libjavascriptcoregtk-4.1-dev libgtk-3-dev
  librsvg2-dev libayatana-appindicator3-dev libxdo-dev libssl-dev build-essential pkg-config file
  # tests: headless Chromium, a virtual display and screenshots, WebDriver for the app's window
  # (with the session bus and accessibility bus WebKitGTK looks for, as on the machine it was
  # proven on)
  chromium xvfb xauth imagemagick fonts-dejavu-core webkit2gtk-driver dbus-x11 at-spi2-core
)
missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# The UI's packages, exactly as locked.
if [ ! -d "$root/ui/node_modules" ] || [ "$root/ui/package-lock.json" -nt "$root/ui/node_modules/.package-lock.json" ]; then
  echo "setup: npm ci in ui/"
  (cd "$root/ui" && npm ci --no-audit --no-fund --loglevel=error)
fi

# tauri-driver: WebDriver for the real app window (ui/e2e/tauri.mjs). Pinned to 2.x: crates.io's
# newest is a 3.0 alpha. About one CPU-minute of compiling, once per machine.
tauri_driver_version=2.1.0
if [ "${WARWICK_TAURI_DRIVER:-0}" = 1 ]; then
  driver="${CARGO_HOME:-$HOME/.cargo}/bin/tauri-driver"
  if ! command -v tauri-driver >/dev/null 2>&1 && [ ! -x "$driver" ]; then
    echo "setup: cargo install tauri-driver $tauri_driver_version"
    cargo install tauri-driver --version "$tauri_driver_version" --locked --quiet
  fi
fi
