#!/usr/bin/env bash
# Tapeloom against GNU tar as a user runs them: the real `tapeloom-cli` and the real `tar`, on
# the same files, restored onto the same filesystem with the same durability, and the ratios.
#
#   scripts/bench-vs-tar.sh [small|large|both]        (default: both)
#
# Data: shared/bench/gen-data.sh into $DATA (default /tmp/anchors/bench-vs-tar, a reduced set:
# $NSMALL small files of 2-16 KiB in $NDIRS directories, $NDISK files of $DISK_MIB MiB). Give
# DATA=/tmp/anchors/data NSMALL=200000 NDIRS=2000 NDISK=4 DISK_MIB=1024 for the reference set.
# Both tools back up into /dev/shm (tar's archive, Tapeloom's virtual tapes), so the figures
# compare the restores onto $TARGET, not the media. Each restore starts after a sync of
# $TARGET, into a directory of its own (nothing is removed until both ran), and ends with its
# data on disk: Tapeloom's `--sync end` runs syncfs before the job
# completes; tar's figure is `tar -x` followed by `sync -f` of $TARGET, timed together.
# Commands run as a user runs them: the CLI starts the data directory's service (autostart) and
# the restore runs there. With MKFS=SIZE (e.g. MKFS=12G, root only) $TARGET is a freshly made ext4 loop image.
# With ENCRYPTION=aes-256-gcm the backup is sealed (docs/format.md §3.4) with a key `bench` made
# in the bench's data directory (`key create`); the restore opens it with that key.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WHAT=${1:-both}
CLI=${CLI:-$ROOT/build/ci/bin/tapeloom-cli}
GEN=${GEN:-/work/shared/bench/gen-data.sh}
export DATA=${DATA:-/tmp/anchors/bench-vs-tar}
export NSMALL=${NSMALL:-50000} NDIRS=${NDIRS:-500} NDISK=${NDISK:-2} DISK_MIB=${DISK_MIB:-512}
TARGET=${TARGET:-/var/tmp/tapeloom-bench-vs-tar}
SCRATCH=${SCRATCH:-/dev/shm/tapeloom-bench-vs-tar}
DRIVES=${DRIVES:-2}
ENCRYPTION=${ENCRYPTION:-none}

[ -x "$CLI" ] || { echo "no $CLI: build tapeloom-cli first (or set CLI=)" >&2; exit 2; }
[ -f "$GEN" ] || { echo "no $GEN: set GEN= to shared/bench/gen-data.sh" >&2; exit 2; }
case $WHAT in small | large | both) ;; *) echo "usage: $0 [small|large|both]" >&2; exit 2 ;; esac
case $ENCRYPTION in none | aes-256-gcm) ;; *) echo "ENCRYPTION must be none or aes-256-gcm" >&2; exit 2 ;; esac

bash "$GEN" >/dev/null
mkdir -p "$TARGET"
if [ -n "${MKFS:-}" ]; then
    mountpoint -q "$TARGET" && umount "$TARGET"
    truncate -s "$MKFS" /var/tmp/tapeloom-bench-vs-tar.img
    mkfs.ext4 -q -F /var/tmp/tapeloom-bench-vs-tar.img
    mount -o loop /var/tmp/tapeloom-bench-vs-tar.img "$TARGET"
fi
stop_service() { # the CLI starts the data directory's service on first use
    [ -d "$SCRATCH/home" ] && "$CLI" --home "$SCRATCH/home" service stop >/dev/null 2>&1 || true
}
cleanup() {
    stop_service
    rm -rf "$SCRATCH" "$TARGET"/tl "$TARGET"/tar
    if [ -n "${MKFS:-}" ]; then
        umount "$TARGET" 2>/dev/null || true
        rm -f /var/tmp/tapeloom-bench-vs-tar.img
    fi
}
trap cleanup EXIT

now() { date +%s.%N; }
# seconds of a command, its output kept in $SCRATCH/last.out
timed() {
    local t0 t1
    t0=$(now)
    "$@" >"$SCRATCH/last.out" 2>&1 || { cat "$SCRATCH/last.out" >&2; exit 1; }
    t1=$(now)
    echo "$t1 - $t0" | bc -l
}
settle() { sync -f "$TARGET"; }
ratio() { echo "scale=2; $1 / $2" | bc -l; }

run_one() { # NAME SOURCE...
    local name=$1
    shift
    local files bytes home=$SCRATCH/home
    files=$(find "$@" | wc -l)
    bytes=$(du -sb "$@" | awk '{s += $1} END {printf "%.0f\n", s}')
    stop_service
    rm -rf "$SCRATCH" "$TARGET"/tl "$TARGET"/tar
    mkdir -p "$SCRATCH" "$TARGET"/tl "$TARGET"/tar
    cat "$@" >/dev/null 2>&1 || find "$@" -type f -exec cat {} + >/dev/null # warm the page cache

    local srcargs=()
    for s in "$@"; do srcargs+=(--source "$s"); done
    # Each cartridge holds all of the sources: one source is one session on one drive (the small
    # set), and a cartridge sized for half of it made that backup change cartridges mid-way
    # (about 0.5 s of the 1.85 GB run). A virtual cartridge takes only what is written.
    local encargs=()
    if [ "$ENCRYPTION" != none ]; then # before the first command that starts the service
        "$CLI" --home "$home" key create bench >/dev/null
        encargs=(--encryption "$ENCRYPTION" --key bench)
    fi
    "$CLI" --home "$home" library add --virtual --name vt --drives "$DRIVES" --slots 8 \
        --mail 1 --capacity "$((bytes + bytes / 4 + (256 << 20)))" --prefix BVT >/dev/null
    local t_tc t_bk t_tx t_rs sync_s
    t_tc=$(timed tar -cf "$SCRATCH/a.tar" -C / "${@#/}")
    t_bk=$(timed "$CLI" --home "$home" backup --library vt --drives "$DRIVES" \
        --sessions-per-drive 2 "${encargs[@]}" "${srcargs[@]}" --json)
    settle
    t_rs=$(timed "$CLI" --home "$home" restore --job 1 --to "$TARGET/tl" --sync end --json)
    sync_s=$(python3 -c '
import json, sys
def find(j):
    if isinstance(j, dict):
        if "sync_s" in j: return j["sync_s"]
        j = list(j.values())
    if isinstance(j, list):
        for v in j:
            r = find(v)
            if r is not None: return r
print("%.2f" % find(json.loads(open(sys.argv[1]).read()[open(sys.argv[1]).read().index("{"):])))' \
        "$SCRATCH/last.out" 2>/dev/null || echo "?")
    # Same bytes back: a full comparison of what Tapeloom restored (VERIFY=0 leaves it out).
    if [ "${VERIFY:-1}" != 0 ]; then
        for s in "$@"; do
            diff -r -q "$s" "$TARGET/tl$s" >/dev/null || { echo "$name: restored tree differs from $s" >&2; exit 1; }
        done
    fi
    # Nothing is deleted between the timed restores: a removal's discards and inode frees would
    # be paid by the next one.
    settle
    t_tx=$(timed sh -c 'tar -xf "$1" -C "$2" && sync -f "$2"' sh "$SCRATCH/a.tar" "$TARGET/tar")
    rm -rf "$TARGET"/tl "$TARGET"/tar
    settle

    local mb=$((bytes / 1000000))
    printf '%s: %d entries, %d MB, target %s (%s), encryption %s, load %s\n' "$name" "$files" "$mb" \
        "$TARGET" "$(df --output=fstype "$TARGET" | tail -1)" "$ENCRYPTION" "$(cut -d' ' -f1 /proc/loadavg)"
    printf '  tar -c            %7.2f s  %8.0f files/s  %6.0f MB/s\n' "$t_tc" "$(ratio "$files" "$t_tc")" "$(ratio "$mb" "$t_tc")"
    printf '  tapeloom backup   %7.2f s  %8.0f files/s  %6.0f MB/s\n' "$t_bk" "$(ratio "$files" "$t_bk")" "$(ratio "$mb" "$t_bk")"
    printf '  tar -x + sync -f  %7.2f s  %8.0f files/s  %6.0f MB/s\n' "$t_tx" "$(ratio "$files" "$t_tx")" "$(ratio "$mb" "$t_tx")"
    printf '  tapeloom restore  %7.2f s  %8.0f files/s  %6.0f MB/s  (--sync end, final sync %s s)\n' \
        "$t_rs" "$(ratio "$files" "$t_rs")" "$(ratio "$mb" "$t_rs")" "$sync_s"
    printf '  backup / tar -c   %s\n  restore / tar -x  %s\n' "$(ratio "$t_tc" "$t_bk")" "$(ratio "$t_tx" "$t_rs")"
}

if [ "$WHAT" != large ]; then run_one small "$DATA/small"; fi
if [ "$WHAT" != small ]; then
    disks=()
    for d in "$DATA"/disks/disk*; do disks+=("$d"); done
    run_one large "${disks[@]}"
fi
