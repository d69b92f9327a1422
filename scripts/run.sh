#!/usr/bin/env bash
# README command 1: set up, build, and run Tapeloom on the embedded default (a virtual tape
# library under the data directory). With a display: the console. Without: the headless demo.
# Extra arguments go to the program (e.g. --home DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset default >/dev/null
# Only the program that runs below (with what it embeds, e.g. the translations): the console
# with a display, else the CLI's headless demo, which needs none of the console's code; and the
# agent, for the clients (docs/agent.md). The tests are built by scripts/test.sh.
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  cmake --build --preset default --target tapeloom tapeloom-cli tapeloom-agent
  exec build/default/bin/tapeloom "$@"
fi
cmake --build --preset default --target tapeloom-cli tapeloom-agent
echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset): running the headless demo instead."
echo "For the console, run this on a desktop session or under 'xvfb-run -a'."
exec build/default/bin/tapeloom-cli "$@" demo
