#!/usr/bin/env bash
# Makes sure Debian's Chromium is present for the browser tests (playwright-core drives /usr/bin/chromium; browser
# downloads by test tools are blocked here). Installs it when missing and we are root with apt-get; otherwise says
# why, and the browser tests skip with that reason.
set -u
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium (browser tests need it)…"
  if apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1; then
    echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null)"
    exit 0
  fi
  echo "ensure-chromium: apt-get install chromium failed; browser tests will be skipped" >&2
else
  echo "ensure-chromium: $CHROMIUM missing and cannot install it (need root and apt-get); browser tests will be skipped" >&2
fi
exit 0
