#!/usr/bin/env bash
# README command 1: set up, build, and run Tapeloom on the embedded default (a virtual tape
# library under the data directory). With a display: the console. Without: the headless demo.
# Extra arguments go to the program (e.g. --home DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset default >/dev/null
# Only the two programs run below (with what they embed, e.g. the translations): the tests
# are built by scripts/test.sh.
cmake --build --preset default --target tapeloom tapeloom-cli tapeloom-agent
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec build/default/bin/tapeloom "$@"
fi
echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset): running the headless demo instead."
echo "For the console, run this on a desktop session or under 'xvfb-run -a'."
exec build/default/bin/tapeloom-cli "$@" demo
