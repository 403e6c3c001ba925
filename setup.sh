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
  build-essential pkg-config ca-certificates curl python3 python3-pip tmux
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  say "installing ${missing[*]}"
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

case "$mode" in
  setup)
    cargo build --release
    say "ready: target/release/voxchess"
    ;;
  play)
    cargo build --release --quiet
    exec target/release/voxchess play "$@"
    ;;
  test)
    cargo fmt --check
    cargo clippy --all-targets --quiet -- -D warnings
    cargo test "$@"
    ;;
  *)
    say "unknown mode '$mode'; use: ./setup.sh [setup|play|test]"
    exit 2
    ;;
esac
