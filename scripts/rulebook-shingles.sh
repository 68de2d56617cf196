#!/usr/bin/env bash
# Writes data/reference/rulebook-shingles.txt: the hashed 12-word shingles of the rulebook
# (../shared/seeds/001_*.txt), so the reference's copy check (src/help/copy_check.rs) still runs
# where the rulebook itself is not at hand, as in CI. Run it where the seeds exist.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
shopt -s nullglob
seeds=(../shared/seeds/001_*.txt)
if [ ${#seeds[@]} -ne 1 ]; then
  echo "rulebook-shingles: expected one ../shared/seeds/001_*.txt, found ${#seeds[@]}" >&2
  exit 1
fi
cargo run --quiet -p warwick -- rules --shingles "${seeds[0]}" > data/reference/rulebook-shingles.txt
echo "data/reference/rulebook-shingles.txt: $(grep -vc '^#' data/reference/rulebook-shingles.txt) shingles"
