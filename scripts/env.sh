# shellcheck shell=bash
# Source me (bash):  . scripts/env.sh
# Puts the project's tools on PATH (node_modules/.bin first, then ~/.cargo/bin), sets
# CARGO_TARGET_DIR, and RUSTUP_TOOLCHAIN when scripts/bootstrap had to use the Debian
# toolchain. It reads .cardsmith-env (written by scripts/bootstrap); before the first
# bootstrap it falls back to the same defaults, minus RUSTUP_TOOLCHAIN.
CARDSMITH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export CARDSMITH_ROOT
if [ -f "$CARDSMITH_ROOT/.cardsmith-env" ]; then
  # shellcheck source=/dev/null
  . "$CARDSMITH_ROOT/.cardsmith-env"
else
  _cs_path_front() {               # move/put $1 at the front of PATH, once
    local p=":$PATH:"
    while [[ $p == *":$1:"* ]]; do p=${p/":$1:"/:}; done
    p=${p#:}; p=${p%:}
    PATH="$1${p:+:$p}"
  }
  _cs_path_front "$HOME/.cargo/bin"
  _cs_path_front "$CARDSMITH_ROOT/node_modules/.bin"
  unset -f _cs_path_front
  export PATH
  export CARGO_TARGET_DIR="${CARDSMITH_TARGET_DIR:-$HOME/.cache/cardsmith/target}"
fi
