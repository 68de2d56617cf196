#!/usr/bin/env bash
# The installable package, checked the way a player gets it: bundles the .deb from the debug
# build test.sh has just made (the release .deb is scripts/package.sh's job: CI has no time for a
# release build), installs it with dpkg, checks it holds the binary, the desktop entry and the
# icons, runs the smoke check against the installed binary under Xvfb from an empty folder (so
# the UI must be embedded in the binary), and removes the package again. The smoke screenshot
# goes to artifacts/deb/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
started=$SECONDS

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
fail() { echo "FAIL: $*" >&2; exit 1; }

pkg=warwick
bin=/usr/bin/warwick-app
if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
  fail "the $pkg package is already installed here; remove it first (sudo dpkg -r $pkg)"
fi

# Bundle the .deb from the debug build as it is. (`tauri build --debug` would compile the app
# again: it calls cargo with `--bins --features tauri/custom-protocol`, which cargo counts as
# another build. The binary is the same kind either way: the workspace already enables tauri's
# custom-protocol, so ui/dist is embedded in it.)
cargo build -p warwick-app --locked
before="$(mktemp)"
ui/node_modules/.bin/tauri bundle --debug --bundles deb --ci
version="$(node -p 'require("./src-tauri/tauri.conf.json").version')"
target="${CARGO_TARGET_DIR:-$root/target}"
deb="$target/debug/bundle/deb/Warwick_${version}_$(dpkg --print-architecture).deb"
[ -n "$(find "$deb" -newer "$before" 2>/dev/null)" ] || fail "the bundler did not write $deb"
rm -f "$before"
echo "package: $deb ($(du -h "$deb" | cut -f1))"
[ "$(dpkg-deb -f "$deb" Package)" = "$pkg" ] || fail "the package is not named $pkg"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "the package's version is not $version"

cleanup() {
  if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    as_root dpkg -r "$pkg" >/dev/null
  fi
}
trap cleanup EXIT

# Install; if a library it depends on is missing, let apt fetch it and finish the installation.
if ! as_root dpkg -i "$deb"; then
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -f -y -qq --no-install-recommends
fi
dpkg-query -W -f='${Status}' "$pkg" | grep -q "install ok installed" || fail "$pkg did not install"

# What the package put on the machine.
listed="$(dpkg -L "$pkg")"
desktop=/usr/share/applications/Warwick.desktop
for path in "$bin" "$desktop" \
  /usr/share/icons/hicolor/{32x32,48x48,64x64,128x128,256x256}/apps/warwick-app.png; do
  grep -qx "$path" <<<"$listed" || fail "the package does not hold $path"
  [ -f "$path" ] || fail "$path is listed but not on disk"
done
for line in "Name=Warwick" "Icon=warwick-app" "Categories=Game;BoardGame;" \
  "Type=Application" "MimeType=x-scheme-handler/warwick"; do
  grep -qxF "$line" "$desktop" || fail "$desktop lacks '$line'"
done
grep -q "^Comment=." "$desktop" || fail "$desktop has no Comment"
# The menu starts the app with WebKit's and glibc's settings already given, so it need not start
# itself again to add them (src-tauri/src/web_process.rs; the settings' own test checks each);
# `%u`: a warwick:// address opened on this computer reaches the app (src-tauri/src/deep_link.rs).
grep -qE "^Exec=env (JSC_[A-Za-z]+=[0-9]+ )+GLIBC_TUNABLES=glibc\.malloc\.[^ ]+ warwick-app %u$" "$desktop" ||
  fail "$desktop does not start warwick-app with its settings: $(grep '^Exec=' "$desktop")"
if ldd "$bin" | grep -q "not found"; then
  ldd "$bin" | grep "not found" >&2
  fail "$bin needs libraries the package's dependencies do not bring"
fi
echo "ok   the package holds $bin, its desktop entry and icons at 32, 48, 64, 128 and 256 px"
# The desktop's own lookup names Warwick as the handler of warwick:// addresses.
if command -v xdg-mime >/dev/null && command -v update-desktop-database >/dev/null; then
  as_root update-desktop-database -q /usr/share/applications || true
  handler="$(XDG_DATA_DIRS=/usr/share xdg-mime query default x-scheme-handler/warwick 2>/dev/null || true)"
  [ "$handler" = "Warwick.desktop" ] || fail "warwick:// addresses are handled by '$handler', not Warwick.desktop"
  echo "ok   warwick:// addresses open Warwick (xdg-mime: $handler)"
fi

# The smoke check against the installed binary, from an empty folder and with its own home, so
# nothing of the repository (ui/dist) or of this machine's saved games is within its reach.
scratch="$(mktemp -d)"
(
  cd "$scratch"
  HOME="$scratch" XDG_DATA_HOME="$scratch/data" WARWICK_APP="$bin" \
    WARWICK_ARTIFACTS="$root/artifacts/deb" \
    xvfb-run -a -s "-screen 0 1280x800x24" bash "$root/scripts/smoke-app.sh"
)
rm -rf "$scratch"

as_root dpkg -r "$pkg" >/dev/null
trap - EXIT
[ ! -e "$bin" ] && [ ! -e "$desktop" ] || fail "dpkg -r left $bin or $desktop behind"
echo "ok   the package installed, ran, and was removed ($((SECONDS - started)) s)"
