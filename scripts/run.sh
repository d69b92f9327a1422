#!/usr/bin/env bash
# README command 1: set up, build, and run Tapeloom on the embedded default (a virtual tape
# library under the data directory). With a display: the console. Without: the headless demo.
# Extra arguments go to the program (e.g. --home DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
# Only the packages and the programs that run below (with what they embed, e.g. the
# translations): the console with a display, else the CLI's headless demo, which needs none of
# the console's code nor Qt; and the agent, for the clients (docs/agent.md). The tests, and the
# packages only they need, are scripts/test.sh's.
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  scripts/setup.sh --console
  cmake --preset default -DTAPELOOM_BUILD_GUI=ON -DTAPELOOM_BUILD_TESTS=OFF >/dev/null
  cmake --build --preset default --target tapeloom tapeloom-cli tapeloom-agent
  exec build/default/bin/tapeloom "$@"
fi
scripts/setup.sh --cli
cmake --preset default -DTAPELOOM_BUILD_GUI=OFF -DTAPELOOM_BUILD_TESTS=OFF >/dev/null
cmake --build --preset default --target tapeloom-cli tapeloom-agent
echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset): running the headless demo instead."
echo "For the console, run this on a desktop session or under 'xvfb-run -a'."
exec build/default/bin/tapeloom-cli "$@" demo
