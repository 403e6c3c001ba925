#!/usr/bin/env python3
"""Live latency of the heard path, without the rest of a game.

Starts `voxchess play --plain --lang ko` (with --no-speech unless
--speech is given), plays "이 사" said by espeak-ng into PulseAudio's null
sink N times, and prints the time from the end of the audio (estimated:
paplay started + the file's length) to the "들은 말" (heard) line.
Run after ./setup.sh test, with XDG_RUNTIME_DIR set as setup.sh sets it:
    scripts/heard-latency.py target/release/voxchess [--speech] [N]
"""
import os, subprocess, sys, tempfile, threading, time

args = [a for a in sys.argv[1:] if not a.startswith('--')]
binary = args[0] if args else 'target/release/voxchess'
count = int(args[1]) if len(args) > 1 else 5
speech = '--speech' in sys.argv
work = tempfile.mkdtemp(prefix='voxchess-heard-latency-')
raw, wav = os.path.join(work, 'raw.wav'), os.path.join(work, 'say.wav')
subprocess.run(['espeak-ng', '-v', 'ko', '-s', '190', '-w', raw, '이 사'], check=True)
subprocess.run(['sox', raw, wav, 'pad', '0.5', '0.0'], check=True)
length = float(subprocess.run(['soxi', '-D', wav], capture_output=True, text=True).stdout)
env = dict(os.environ, HOME=work, XDG_DATA_HOME=work + '/data', XDG_CONFIG_HOME=work + '/config')
command = [binary, 'play', '--plain', '--opponent', 'human', '--lang', 'ko'] + ([] if speech else ['--no-speech'])
game = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
chunks = []

def read():
    while True:
        c = game.stdout.read1(4096)
        if not c:
            return
        chunks.append((time.time(), c.decode('utf8', 'replace')))

threading.Thread(target=read, daemon=True).start()
while not any('듣는 중' in c for _, c in chunks):
    time.sleep(0.05)
time.sleep(4 if speech else 1)
pause = 6 if speech else 1.5
results = []
for _ in range(count):
    seen = len(chunks)
    start = time.time()
    subprocess.run(['paplay', wav], check=True)
    while not any('들은 말' in c for _, c in chunks[seen:]) and time.time() - start < 15:
        time.sleep(0.005)
    heard = [t for t, c in chunks[seen:] if '들은 말' in c]
    if heard:
        results.append(round((heard[0] - start - length) * 1000))
    time.sleep(pause)
    game.stdin.write('아니요\n'.encode())
    game.stdin.flush()
    time.sleep(pause)
game.stdin.write('종료\n'.encode())
game.stdin.flush()
game.wait(timeout=20)
results.sort()
print('end of audio to heard line (ms):', results, 'median', results[len(results) // 2] if results else None)
