#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for Playwright (it cannot download its own browser here), and
# its headless shell beside it when apt can add it (the browser tests run on the shell when it is there).
# Idempotent: does nothing when both are installed.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
SHELL_BIN=/usr/lib/chromium/chromium-headless-shell
if [ -x "$CHROMIUM" ] && { [ -n "${CHROMIUM_PATH:-}" ] || [ -x "$SHELL_BIN" ]; }; then
  exit 0
fi

can_apt() {
  command -v apt-get >/dev/null 2>&1 || return 1
  if [ "$(id -u)" -eq 0 ]; then SUDO=; return 0; fi
  command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null && SUDO=sudo
}

apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "$@" >/dev/null
}

if [ -x "$CHROMIUM" ]; then
  # Chromium is there; the shell is only lighter, so it is added from the package lists already on the machine (no
  # update), and a machine that cannot add it runs the tests on Chromium.
  if can_apt && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1; then
    echo "Chromium's headless shell installed for the browser tests."
  fi
  exit 0
fi

echo "Chromium is not at $CHROMIUM; installing Debian's chromium package for the browser tests..."
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Cannot install Chromium: apt-get is not available. Install Chromium and set CHROMIUM_PATH to its binary." >&2
  exit 1
fi
if ! can_apt; then
  cat >&2 <<MSG
Cannot install Chromium: this needs root (apt-get). Install it yourself, then run the tests again:
  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell
Or point CHROMIUM_PATH at an existing Chromium or Chrome binary.
MSG
  exit 1
fi
if ! apt_install chromium chromium-headless-shell; then
  echo "apt-get could not install chromium. Check the package sources, or install it by hand and set CHROMIUM_PATH." >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "The chromium package installed but $CHROMIUM is missing; set CHROMIUM_PATH to the binary." >&2
  exit 1
fi
echo "Chromium installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
