#!/usr/bin/env bash
# Builds Warwick's Debian package with Tauri's bundler (the Tauri CLI is a devDependency of ui/):
# the UI is type-checked and bundled into ui/dist, the app is compiled with that UI embedded, and
# the binary, its desktop entry and its icons are packed into a .deb whose path is printed.
#
#   bash scripts/package.sh           # dist build (release + LTO) → target/release/bundle/deb/Warwick_<version>_<arch>.deb
#   bash scripts/package.sh --debug   # quicker debug build (larger) → target/debug/bundle/deb/…
#
# Only the .deb is offered: AppImage and the other formats need downloads at build time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

profile=release
cargo_flags=(--release)
tauri_flags=()
case "${1:-}" in
  "") ;;
  --debug) profile=debug; cargo_flags=(); tauri_flags=(--debug) ;;
  *) echo "usage: bash scripts/package.sh [--debug]" >&2; exit 2 ;;
esac

bash scripts/setup.sh
(cd ui && npm run --silent build)
# Cargo builds the app as `tauri build` would (the workspace enables tauri's custom-protocol, so
# ui/dist is embedded); then the bundler packs it.
if [ "$profile" = release ]; then
  # What ships is the `dist` profile (release linked as one unit: a smaller binary, less memory;
  # Cargo.toml). The bundler reads target/release, so the dist binary is put there.
  cargo build --profile dist -p warwick-app --locked
  mkdir -p "${CARGO_TARGET_DIR:-$root/target}/release"
  cp "${CARGO_TARGET_DIR:-$root/target}/dist/warwick-app" "${CARGO_TARGET_DIR:-$root/target}/release/warwick-app"
else
  cargo build "${cargo_flags[@]}" -p warwick-app --locked
fi
ui/node_modules/.bin/tauri bundle "${tauri_flags[@]}" --bundles deb --ci

version="$(node -p 'require("./src-tauri/tauri.conf.json").version')"
deb="${CARGO_TARGET_DIR:-$root/target}/$profile/bundle/deb/Warwick_${version}_$(dpkg --print-architecture).deb"
if [ ! -f "$deb" ]; then
  echo "package: the bundler did not write $deb" >&2
  exit 1
fi
echo
echo "The package: $deb"
echo "Install it:  sudo apt install $deb   (or: sudo dpkg -i $deb)"
echo "Run it:      warwick-app   (or Warwick in the desktop's Games menu)"
echo "Remove it:   sudo apt remove warwick   (or: sudo dpkg -r warwick)"
