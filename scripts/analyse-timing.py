#!/usr/bin/env python3
# Times `analyse` of the 43-move game in tests/data/forty_moves.pgn in a
# plain review: from the line typed to "Analysis done.", with every line
# voxchess printed meanwhile (the progress lines) and when.
# Usage: scripts/analyse-timing.py target/release/voxchess
import subprocess, time, os, threading, sys, tempfile
home = tempfile.mkdtemp(prefix='voxchess-analyse-')
env = dict(os.environ, XDG_DATA_HOME=home + '/data', XDG_CONFIG_HOME=home + '/config')
game = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'data', 'forty_moves.pgn')
p = subprocess.Popen([sys.argv[1], 'review', game, '--plain', '--no-speech', '--no-voice'],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, env=env)
lines = []
def read():
    for l in p.stdout:
        lines.append((time.time(), l.rstrip()))
threading.Thread(target=read, daemon=True).start()
time.sleep(1.0)
start = time.time()
p.stdin.write('analyse\n'); p.stdin.flush()
while not any('Analysis done.' in l for _, l in lines):
    if time.time() - start > 300:
        sys.exit('no "Analysis done." within 300 s')
    time.sleep(0.01)
for t, l in lines:
    if t >= start:
        print(f'{t - start:6.2f} s  {l}')
p.stdin.write('quit\n'); p.stdin.flush(); p.wait(timeout=30)
done = next(t for t, l in lines if 'Analysis done.' in l)
print(f'analyse of 43 moves (87 positions): {done - start:.1f} s')
