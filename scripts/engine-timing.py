#!/usr/bin/env python3
# Times the engine commands in a plain session: `eval` in ten positions of
# a Ruy Lopez (the first one starts Stockfish) and `top 3`, from the line
# typed to the answer line. Usage: scripts/engine-timing.py target/release/voxchess
import subprocess, time, os, threading, statistics, sys
home='/tmp/vh/evhome'; subprocess.run(['rm','-rf',home]); os.makedirs(home)
env=dict(os.environ, XDG_DATA_HOME=home+'/data', XDG_CONFIG_HOME=home+'/config')
binp=sys.argv[1]
p=subprocess.Popen([binp,'play','--plain','--opponent','human','--no-speech','--no-voice'],stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True,bufsize=1,env=env)
lines=[]
def rd():
    for l in p.stdout: lines.append((time.time(),l.rstrip()))
threading.Thread(target=rd,daemon=True).start()
time.sleep(1.5)
def ask(cmd, want):
    n=len(lines); t=time.time(); p.stdin.write(cmd+"\n"); p.stdin.flush()
    while True:
        for (tt,l) in lines[n:]:
            if want(l): return tt-t, l
        time.sleep(0.005)
res=[]
moves=["e4","e5","Nf3","Nc6","Bb5","a6","Ba4","Nf6","O-O","Be7"]
first=None
for i,m in enumerate(moves):
    dt,l=ask("eval", lambda l: l.endswith('.') and ('better' in l or 'equal' in l or 'winning' in l or 'mates' in l))
    if first is None: first=dt
    else: res.append(dt)
    ask(m, lambda l: l.startswith('White:') or l.startswith('Black:'))
dt3,_=ask("top 3", lambda l: l.startswith('3:'))
p.stdin.write("quit\n"); p.stdin.flush()
print(f"first eval (Stockfish starts): {first*1000:.0f} ms; next {len(res)} evals: median {statistics.median(res)*1000:.0f} ms, max {max(res)*1000:.0f} ms; top 3: {dt3*1000:.0f} ms")
