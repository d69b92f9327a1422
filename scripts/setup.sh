#!/usr/bin/env bash
# Installs the Debian 12 packages Tapeloom needs — only those missing. Idempotent: a second run
# installs nothing. Needs root (or sudo) only when something is missing.
#   scripts/setup.sh            everything: build, run and test (scripts/test.sh, CI)
#   scripts/setup.sh --cli      what builds and runs tapeloom-cli and tapeloom-agent (README
#                               command 1 without a display: the headless demo)
#   scripts/setup.sh --console  that and Qt, for the console (README command 1 with a display)
set -euo pipefail

# What builds and runs tapeloom-cli and tapeloom-agent.
CLI_PACKAGES=(
  # toolchain
  build-essential cmake ninja-build ccache pkg-config
  # engine: logging, catalog, JSON, checksums and hashes, compression, ACLs, encryption
  # (OpenSSL 3 libcrypto: AES-256-GCM, scrypt, HKDF)
  libspdlog-dev libsqlite3-dev sqlite3 nlohmann-json3-dev libxxhash-dev liblz4-dev libzstd-dev
  zlib1g-dev libacl1-dev libssl-dev
  # the service's HTTP/JSON API (server and client library)
  libcpp-httplib-dev
  # the PostgreSQL catalog back end's client library
  libpq-dev
  # real tape libraries are driven through mtx
  mtx
)
# The console: Qt 6 Widgets, Linguist tools and Qt's own translations; QCustomPlot for the graphs.
CONSOLE_PACKAGES=(
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n libgl-dev
  libqcustomplot-dev
)
# The tests and the checks of CI.
TEST_PACKAGES=(
  clang-format
  # the openssl command makes the throw-away TLS certificate of the remote-listener test
  openssl
  # docs/openapi.yaml read and the API's real answers validated against it (test_api_schema)
  python3-yaml python3-jsonschema
  # the curl examples of docs/api.md, run as written (api_curl_examples)
  curl
  # the server the `pg` tests start a throw-away cluster of (initdb, postgres under
  # /usr/lib/postgresql/15/bin)
  postgresql
  # GUI tests and screenshots without a display
  xvfb xauth
  # promtool (Debian's prometheus) checks /metrics and the alert rules; lintian the .deb
  prometheus lintian
)

case "${1:-}" in
  --cli) PACKAGES=("${CLI_PACKAGES[@]}") ;;
  --console) PACKAGES=("${CLI_PACKAGES[@]}" "${CONSOLE_PACKAGES[@]}") ;;
  "") PACKAGES=("${CLI_PACKAGES[@]}" "${CONSOLE_PACKAGES[@]}" "${TEST_PACKAGES[@]}") ;;
  *)
    echo "setup: error: unknown option '$1'; use --cli, --console or nothing (everything)" >&2
    exit 2
    ;;
esac

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages are installed"
  exit 0
fi

echo "setup: installing ${#missing[@]} missing packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "setup: error: these packages are missing and installing them needs root:" >&2
    echo "  apt-get install ${missing[*]}" >&2
    echo "Run this script as root (or install sudo), then run it again." >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: done"
