#!/usr/bin/env bash
# The offline puzzle library at scale: makes a file of N valid puzzles in
# lichess's form (default 6,000,000, as many as lichess's), then times
# `voxchess puzzle import` with its index (GNU time: elapsed, peak
# memory), the start of `voxchess puzzle` to its first row, and the pick
# itself (benches/puzzle_pick.rs on the imported library).
# Usage: scripts/puzzle-library.sh [N]  (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-6000000}
cargo build --release -q
bin=$PWD/target/release/voxchess
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$n" "$tmp/puzzles.csv" <<'PY'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
rows = [
    "r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,{r},76,95,7214,crushing hangingPiece long middlegame,https://lichess.org/787zsVup/black#48,",
    "7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,{r},80,90,100,mateIn1 backRankMate,,",
]
themes = ["fork", "pin", "skewer", "sacrifice", "deflection"]
with open(path, "w") as f:
    f.write("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n")
    for i in range(n):
        row = rows[i % 2].format(r=600 + (i * 7919) % 2400)
        # A theme of its own to every tenth, so a theme is a tenth of the file.
        if i % 10 == 0:
            row = row.replace("middlegame", themes[(i // 10) % 5]).replace("backRankMate", themes[(i // 10) % 5])
        f.write(f"p{i:07d},{row}\n")
PY
ls -l "$tmp/puzzles.csv" | awk '{print "file: " $5 " bytes"}'
export XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config"
/usr/bin/time -f "puzzle import, $n rows: %e s, %M kB peak" "$bin" puzzle import "$tmp/puzzles.csv"
for args in "" "--theme fork --rating 1400-1600" "--rating 2999-3000"; do
  python3 - "$bin" $args <<'PY'
import subprocess, sys, time
start = time.time()
p = subprocess.Popen([sys.argv[1], "puzzle", "--plain", "--no-speech", "--no-voice"] + sys.argv[2:],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
first = p.stdout.readline()
took = time.time() - start
p.stdin.write("quit\n"); p.stdin.flush(); p.communicate(timeout=30)
print(f"puzzle {' '.join(sys.argv[2:]) or '(any)'}: first row after {took * 1000:.0f} ms: {first.strip()}")
PY
done
VOXCHESS_LIBRARY="$tmp/data/voxchess/puzzles/library.csv" cargo bench -q --bench puzzle_pick
du -sh "$tmp/data/voxchess/puzzles/library.idx" | awk '{print "index: " $1}'
