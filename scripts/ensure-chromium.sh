#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for Playwright (it cannot download its own browser here).
# Idempotent: does nothing when Chromium is already installed.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi

echo "Chromium is not at $CHROMIUM; installing Debian's chromium package for the browser tests..."
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=sudo
  else
    cat >&2 <<MSG
Cannot install Chromium: this needs root (apt-get). Install it yourself, then run the tests again:
  sudo apt-get update && sudo apt-get install -y chromium
Or point CHROMIUM_PATH at an existing Chromium or Chrome binary.
MSG
    exit 1
  fi
else
  SUDO=
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Cannot install Chromium: apt-get is not available. Install Chromium and set CHROMIUM_PATH to its binary." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get update -qq || ! $SUDO apt-get install -y -qq chromium >/dev/null; then
  echo "apt-get could not install chromium. Check the package sources, or install it by hand and set CHROMIUM_PATH." >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "The chromium package installed but $CHROMIUM is missing; set CHROMIUM_PATH to the binary." >&2
  exit 1
fi
echo "Chromium installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
