#!/usr/bin/env python3
"""Live latency of the heard path, without the rest of a game.

Starts `voxchess play --plain --lang ko` (with --no-speech unless
--speech is given), plays "이 사" said by espeak-ng into PulseAudio's null
sink N times, and prints the time from the end of the spoken words (the
last loud sample on the sink's monitor, recorded with parec) to the
"들은 말" (heard) line, and with --speech to the start of voxchess's voice.
Run after ./setup.sh test, with XDG_RUNTIME_DIR set as setup.sh sets it:
    scripts/heard-latency.py target/release/voxchess [--speech] [N]
"""
import os, struct, subprocess, sys, tempfile, threading, time

args = [a for a in sys.argv[1:] if not a.startswith('--')]
binary = args[0] if args else 'target/release/voxchess'
count = int(args[1]) if len(args) > 1 else 5
speech = '--speech' in sys.argv
work = tempfile.mkdtemp(prefix='voxchess-heard-latency-')
raw, wav = os.path.join(work, 'raw.wav'), os.path.join(work, 'say.wav')
subprocess.run(['espeak-ng', '-v', 'ko', '-s', '190', '-w', raw, '이 사'], check=True)
# Half a second before the words: the monitor loses the start of a stream.
subprocess.run(['sox', raw, wav, 'pad', '0.5', '0.3'], check=True)
env = dict(os.environ, HOME=work, XDG_DATA_HOME=work + '/data', XDG_CONFIG_HOME=work + '/config')
command = [binary, 'play', '--plain', '--opponent', 'human', '--lang', 'ko'] + ([] if speech else ['--no-speech'])
game = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
monitor = subprocess.Popen(['parec', '-d', 'auto_null.monitor', '--rate=16000', '--channels=1',
                            '--format=s16le', '--raw', '--latency-msec=20'], stdout=subprocess.PIPE)
chunks, loud = [], []


def read_output():
    while True:
        c = game.stdout.read1(4096)
        if not c:
            return
        chunks.append((time.time(), c.decode('utf8', 'replace')))


def read_monitor():
    while True:
        b = monitor.stdout.read(640)
        if not b:
            return
        samples = struct.unpack('<%dh' % (len(b) // 2), b[:len(b) // 2 * 2])
        if samples and max(abs(s) for s in samples) > 500:
            loud.append(time.time())


threading.Thread(target=read_output, daemon=True).start()
threading.Thread(target=read_monitor, daemon=True).start()
while not any('듣는 중' in c for _, c in chunks):
    time.sleep(0.05)
time.sleep(4 if speech else 1)
pause = 6 if speech else 1.5
to_line, to_voice = [], []
for _ in range(count):
    seen, start = len(chunks), time.time()
    subprocess.run(['paplay', wav], check=True)
    while not any('들은 말' in c for _, c in chunks[seen:]) and time.time() - start < 15:
        time.sleep(0.005)
    heard = [t for t, c in chunks[seen:] if '들은 말' in c]
    time.sleep(pause)
    # The words: the loud samples after paplay started, up to the first
    # gap of 150 ms (then voxchess's voice, if it speaks).
    ours = [t for t in loud if t > start]
    end = None
    for a, b in zip(ours, ours[1:] + [None]):
        if b is None or b - a > 0.15:
            end = a
            voice = b
            break
    if heard and end:
        to_line.append(round((heard[0] - end) * 1000))
        if speech and voice:
            to_voice.append(round((voice - end) * 1000))
    game.stdin.write('아니요\n'.encode())
    game.stdin.flush()
    time.sleep(pause)
game.stdin.write('종료\n'.encode())
game.stdin.flush()
game.wait(timeout=20)
monitor.kill()


def show(name, values):
    values.sort()
    print(name, values, 'median', values[len(values) // 2] if values else None)


show('end of the words to the heard line (ms):', to_line)
if speech:
    show('end of the words to voxchess speaking (ms):', to_voice)
