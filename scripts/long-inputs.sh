#!/usr/bin/env bash
# Reading long inputs: games of 10k, 100k and 1M half-moves through
# `voxchess fen --pgn`, the 100k game through `review` and `play --pgn`
# and as a save through `resume`, and typed lines of 4 KiB and 64 KiB
# through `voxchess parse`; movetext without move numbers (100k, 200k
# and 1.5 million half-moves after a lone "1.": the last a 6 MB file),
# 60 MB of "(" and of ")", and a 20 MB database of 34,000 games; prints the time and peak memory of each (GNU
# time). The games repeat knight moves, so every move is legal (and the
# game is over by fivefold repetition: `play` and `resume` say so, write
# its score and end at `quit`).
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
# Movetext without move numbers: as fast as numbered, and as little
# memory per move (the 1.5 million plies are a 6 MB file).
for n in 100000 200000 1500000; do
  python3 - "$n" "$tmp/bare-$n.pgn" <<'PY'
import sys
plies, path = int(sys.argv[1]), sys.argv[2]
open(path, "w").write('[Event "bare"]\n\n1. ' + " ".join(["Nf3", "Nf6", "Ng1", "Ng8"] * (plies // 4)) + " *\n")
PY
  /usr/bin/time -f "fen --pgn, $n half-moves, no numbers: %e s, %M kB peak" "$bin" fen --pgn "$tmp/bare-$n.pgn" > /dev/null
done
XDG_DATA_HOME="$tmp/bare" XDG_CONFIG_HOME="$tmp/config" /usr/bin/time -f "review, 200000 half-moves, no numbers: %e s, %M kB peak" \
  "$bin" review "$tmp/bare-200000.pgn" --plain --no-speech --no-voice <<< quit > /dev/null
# Nesting: own lines a million deep read and written (a walk with its
# own stack, linear), "((" refused at the second "(" (no move before
# it), a ")" that closes nothing at once.
python3 - "$tmp/deep.pgn" <<'PY'
import sys
depth = 1_000_000
open(sys.argv[1], "w").write("1. e4 " + "".join("( d4 " if k % 2 == 0 else "( e4 " for k in range(depth)) + ")" * depth + " *\n")
PY
/usr/bin/time -f "pgn, variations a million deep: %e s, %M kB peak" "$bin" pgn "$tmp/deep.pgn" > /dev/null
for c in '(' ')'; do
  python3 -c "import sys; open(sys.argv[1], 'w').write('1. e4 ' + sys.argv[2] * 60_000_000)" "$tmp/nest.pgn" "$c"
  /usr/bin/time -o "$tmp/time" -f "fen --pgn, 60 MB of '$c' (refused): %e s, %M kB peak" \
    "$bin" fen --pgn "$tmp/nest.pgn" > /dev/null 2>&1 || true
  grep -v 'exited with' "$tmp/time"
done
# A database: 20 MB of games, read a game at a time.
python3 - "$tmp/db.pgn" <<'PY'
import sys
game = open("tests/data/forty_moves.pgn").read().strip() + "\n\n"
open(sys.argv[1], "w").write(game * (20 * 1024 * 1024 // len(game) + 1))
PY
/usr/bin/time -f "fen --pgn, a 20 MB database: %e s, %M kB peak" "$bin" fen --pgn "$tmp/db.pgn" > /dev/null
/usr/bin/time -f "pgn, a 20 MB database: %e s, %M kB peak" "$bin" pgn "$tmp/db.pgn" > /dev/null
# A review of a 63 MB lichess export (26,000 games, a clock comment on
# every move): the games indexed, one read when it is opened.
python3 scripts/lichess-export.py "$tmp/export.pgn" 63 > /dev/null
XDG_DATA_HOME="$tmp/export" XDG_CONFIG_HOME="$tmp/config" /usr/bin/time -f "review, a 63 MB export (to chapter 20000, quit): %e s, %M kB peak" \
  "$bin" review "$tmp/export.pgn" --plain --no-speech --no-voice <<< $'chapter 20000\nquit' > /dev/null
# The 100k game in the other readers, each in a data folder of its own.
export XDG_CONFIG_HOME="$tmp/config"
quiet=(--plain --no-speech --no-voice)
XDG_DATA_HOME="$tmp/review" /usr/bin/time -f "review, 100000 half-moves: %e s, %M kB peak" \
  "$bin" review "$tmp/game-100000.pgn" "${quiet[@]}" <<< quit > /dev/null
XDG_DATA_HOME="$tmp/play" /usr/bin/time -f "play --pgn, 100000 half-moves: %e s, %M kB peak" \
  "$bin" play --pgn "$tmp/game-100000.pgn" --opponent human "${quiet[@]}" <<< quit > /dev/null
mkdir -p "$tmp/resume/voxchess"
chmod 700 "$tmp/resume/voxchess"
python3 - "$tmp/resume/voxchess/current-game.toml" <<'PY'
import sys
moves = ", ".join('"%s"' % m for m in ["g1f3", "g8f6", "f3g1", "f6g8"] * 25000)
open(sys.argv[1], "w").write(
    'me = "both"\nstart_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"\n'
    f'moves = [{moves}]\ndate = "2026.12.02"\n\n[settings]\nopponent = "human"\n')
PY
XDG_DATA_HOME="$tmp/resume" /usr/bin/time -f "resume, a save of 100000 half-moves: %e s, %M kB peak" \
  "$bin" resume "${quiet[@]}" <<< quit > /dev/null
for bytes in 4096 65536; do
  line=$(python3 -c "print(('e4 ' * $bytes)[:$bytes])")
  /usr/bin/time -f "parse, a $bytes-byte line: %e s, %M kB peak" "$bin" parse "$line" > /dev/null || true
done
