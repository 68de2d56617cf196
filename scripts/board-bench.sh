#!/usr/bin/env bash
# Friends' board, measured (issue 34): N players of one day's challenge (bots of several tiers
# and seeds in the person's seat, each a first attempt on their own machine) share their lines
# in one chat; the whole chat is pasted into `warwick board`, which verifies every line and
# ranks them. Prints the time the board took and the code lengths. Release build:
#   cargo build --release -p warwick && bash scripts/board-bench.sh [N] [DATE]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${WARWICK_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/warwick}"
players="${1:-20}"
date="${2:-2026-11-28}"
chat="$(mktemp)"
trap 'rm -f "$chat"' EXIT
tiers=(easy random hard) # a Normal bot plays one day the same whatever its seed: its lines would be one
for i in $(seq 1 "$players"); do
  tier="${tiers[$(( (i - 1) % ${#tiers[@]} ))]}"
  code="$(WARWICK_TODAY="$date" "$bin" daily --date "$date" --autoplay "$tier" --seed "$i" --code | tail -n 1)"
  printf 'Friend %s (%s): my daily! %s\n' "$i" "$tier" "$code" >> "$chat"
done
echo "lines: $(wc -l < "$chat"); code length min/median/max: $(grep -o 'W4-[A-Za-z0-9_-]*' "$chat" | awk '{print length($0)}' | sort -n | awk '{a[NR]=$1} END {print a[1] "/" a[int((NR+1)/2)] "/" a[NR]}')"
start=$(date +%s.%N)
out="$(WARWICK_TODAY="$date" "$bin" board --date "$date" < "$chat")"
end=$(date +%s.%N)
rows="$(node -e 'const b = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(b.rows.length + " ranked, " + b.refused.length + " refused")' <<<"$out")"
echo "board: $rows in $(echo "$end - $start" | bc) s (load: $(cut -d' ' -f1-3 /proc/loadavg))"
