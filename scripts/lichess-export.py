#!/usr/bin/env python3
"""A lichess export as long as asked: the forty-three move game of
tests/data/forty_moves.pgn with a clock comment on every move and
lichess's 18 tags, repeated until the file has the megabytes asked.
Usage: scripts/lichess-export.py FILE MEGABYTES"""
import sys, re
path, megabytes = sys.argv[1], float(sys.argv[2])
text = open("tests/data/forty_moves.pgn").read()
moves = text.split("\n\n", 1)[1].replace("*", "").split()
sans = [m for m in moves if not re.match(r"^\d+\.$", m)]
body, clock = [], 180
for i, san in enumerate(sans):
    if i % 2 == 0:
        body.append(f"{i // 2 + 1}.")
    clock = max(clock - (i % 7), 1)
    body.append(f"{san} {{ [%clk 0:{clock // 60:02d}:{clock % 60:02d}] }}")
movetext = " ".join(body)
lines, line = [], ""
for w in movetext.split(" "):
    if len(line) + len(w) + 1 > 79:
        lines.append(line)
        line = w
    else:
        line = f"{line} {w}" if line else w
lines.append(line)
movetext = "\n".join(lines)
out, size, n = [], 0, 0
while size < megabytes * 1024 * 1024:
    n += 1
    game = f'''[Event "Rated Blitz game"]
[Site "https://lichess.org/g{n:07d}"]
[Date "2026.11.{n % 28 + 1:02d}"]
[White "player{n % 977}"]
[Black "player{(n * 7) % 977}"]
[Result "*"]
[UTCDate "2026.11.{n % 28 + 1:02d}"]
[UTCTime "12:{n % 60:02d}:00"]
[WhiteElo "{1500 + n % 500}"]
[BlackElo "{1500 + (n * 3) % 500}"]
[WhiteRatingDiff "+5"]
[BlackRatingDiff "-5"]
[Variant "Standard"]
[TimeControl "180+0"]
[ECO "C84"]
[Opening "Ruy Lopez: Closed"]
[Termination "Normal"]
[Annotator "lichess.org"]

{movetext} *

'''
    out.append(game)
    size += len(game)
open(path, "w").write("".join(out))
print(n, "games,", size, "bytes")
