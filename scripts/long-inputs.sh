#!/usr/bin/env bash
# Reading long inputs: games of 10k, 100k and 1M half-moves through
# `voxchess fen --pgn`, and typed lines of 4 KiB and 64 KiB through
# `voxchess parse`; prints the time and peak memory of each (GNU time).
# Usage: scripts/long-inputs.sh  (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/voxchess
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in 10000 100000 1000000; do
  python3 - "$n" "$tmp/game-$n.pgn" <<'PY'
import sys
plies, path = int(sys.argv[1]), sys.argv[2]
rounds = plies // 4
moves = " ".join(f"{2*i+1}. Nf3 Nf6 {2*i+2}. Ng1 Ng8" for i in range(rounds))
open(path, "w").write('[Event "long"]\n\n' + moves + " *\n")
PY
  /usr/bin/time -f "fen --pgn, $n half-moves: %e s, %M kB peak" "$bin" fen --pgn "$tmp/game-$n.pgn" > /dev/null
done
for bytes in 4096 65536; do
  line=$(python3 -c "print(('e4 ' * $bytes)[:$bytes])")
  /usr/bin/time -f "parse, a $bytes-byte line: %e s, %M kB peak" "$bin" parse "$line" > /dev/null || true
done
