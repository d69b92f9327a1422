#!/usr/bin/env bash
# The cost of sealing (AES-256-GCM) to a user's large-file backup: the real `tapeloom-cli`
# (its service autostarted) backs the reference large set up onto tmpfs virtual tapes, clear and
# sealed alternately, each run in a fresh data directory, and prints each run's MB/s.
#
#   scripts/bench-sealed-pairs.sh [PAIRS]        (default 5)
#
# DATA (default /tmp/anchors/data) must hold disks/disk* from shared/bench/gen-data.sh
# (NDISK=4 DISK_MIB=1024 for the reference set); SCRATCH (default /dev/shm/tapeloom-sealed-pairs)
# holds the data directory and its virtual tapes, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS=${1:-5}
CLI=${CLI:-$PWD/build/ci/bin/tapeloom-cli}
DATA=${DATA:-/tmp/anchors/data}
SCRATCH=${SCRATCH:-/dev/shm/tapeloom-sealed-pairs}
[ -x "$CLI" ] || { echo "no $CLI: build tapeloom-cli first (or set CLI=)" >&2; exit 2; }
disks=("$DATA"/disks/disk*)
[ -e "${disks[0]}" ] || { echo "no $DATA/disks/disk*: run shared/bench/gen-data.sh first" >&2; exit 2; }
home=$SCRATCH/home
cleanup() { "$CLI" --home "$home" service stop >/dev/null 2>&1 || true; rm -rf "$SCRATCH"; }
trap cleanup EXIT
srcargs=()
for d in "${disks[@]}"; do srcargs+=(--source "$d"); done
bytes=$(du -sb "${disks[@]}" | awk '{s += $1} END {printf "%.0f\n", s}')
cat "${disks[@]/%//*}" >/dev/null 2>&1 || find "${disks[@]}" -type f -exec cat {} + >/dev/null
for ((i = 1; i <= PAIRS; i++)); do
    for enc in none aes-256-gcm; do
        cleanup
        mkdir -p "$SCRATCH"
        encargs=()
        if [ "$enc" != none ]; then
            "$CLI" --home "$home" key create bench >/dev/null
            encargs=(--encryption "$enc" --key bench)
        fi
        "$CLI" --home "$home" library add --virtual --name vt --drives 2 --slots 8 --mail 1 \
            --capacity "$((bytes + bytes / 4 + (256 << 20)))" --prefix BVT >/dev/null 2>&1
        t0=$(date +%s.%N)
        "$CLI" --home "$home" backup --library vt --drives 2 --sessions-per-drive 2 \
            "${encargs[@]}" "${srcargs[@]}" --json >"$SCRATCH/out.json"
        t1=$(date +%s.%N)
        printf '%-12s %8.0f MB/s  (%.2f s, load %s)\n' "$enc" \
            "$(echo "$bytes / 1000000 / ($t1 - $t0)" | bc -l)" "$(echo "$t1 - $t0" | bc -l)" \
            "$(cut -d' ' -f1 /proc/loadavg)"
    done
done
