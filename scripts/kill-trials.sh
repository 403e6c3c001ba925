#!/usr/bin/env bash
# kill -9 at random moments during a game, then resume: counts the moves
# that were announced before the kill but are missing after it.
#   scripts/kill-trials.sh [TRIALS] [BINARY]
set -uo pipefail
trials="${1:-200}"
bin="${2:-target/release/voxchess}"
moves=(e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7)
root=$(mktemp -d)
lost_total=0; lost_trials=0; damaged=0; announced_total=0
for t in $(seq 1 "$trials"); do
  export XDG_DATA_HOME="$root/d$t" XDG_CONFIG_HOME="$root/c$t"
  out="$root/out$t"
  # Moves are typed one every 10 ms; the kill comes after 20-250 ms.
  ( for m in "${moves[@]}"; do echo "$m"; sleep 0.01; done; sleep 1 ) |
    "$bin" play --plain --opponent human --no-speech --no-voice >"$out" 2>/dev/null &
  pid=$!
  sleep "0.$(printf %03d $(( RANDOM % 230 + 20 )))"
  pkill -9 -P "$pid" -x voxchess 2>/dev/null; kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  announced=$(grep -cE '^(White|Black): ' "$out")
  announced_total=$((announced_total + announced))
  resumed=$(echo quit | "$bin" resume --plain --no-speech --no-voice 2>&1 | tr '\n' ' ')
  kept=$(sed -nE 's/.*Continuing the game: ([0-9]+) move.*/\1/p' <<<"$resumed")
  if [ -z "$kept" ]; then
    kept=0
    grep -q "damaged" <<<"$resumed" && damaged=$((damaged + 1))
  fi
  if [ "$announced" -gt "$kept" ]; then
    lost_total=$((lost_total + announced - kept)); lost_trials=$((lost_trials + 1))
  fi
done
echo "trials: $trials; moves announced before the kills: $announced_total; trials with a move lost: $lost_trials; moves lost: $lost_total; damaged saves: $damaged"
rm -rf "$root"
