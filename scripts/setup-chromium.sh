#!/bin/sh
# Make sure Debian's Chromium is installed for the browser tests (tests/web/browser).
# Playwright cannot download its own browser here, so the tests drive /usr/bin/chromium.
# Installs it with apt-get when missing (as root, or through sudo); fails loudly otherwise,
# so `make test` stops instead of skipping the browser tests.
set -eu
CHROMIUM="${WOODLANDS_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
    exit 0
fi
echo "setup-chromium: $CHROMIUM is missing; installing Debian's chromium" >&2
if [ "$(id -u)" = "0" ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo -n"
else
    echo "setup-chromium: cannot install chromium (not root and no sudo); install it with 'apt-get install chromium'" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2 || true
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2
if [ ! -x "$CHROMIUM" ]; then
    echo "setup-chromium: apt-get ran but $CHROMIUM is still missing" >&2
    exit 1
fi
