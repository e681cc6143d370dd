#!/usr/bin/env bash
# Build the Docker image where no Docker engine runs, start the image's own
# command, and check the Overview in a real browser; then that a map computed
# before a restart is served from the /cache volume after it, and that
# exported charts draw Korean, Chinese and Japanese (scripts/check_cjk_export.py).
#
# How (see ../shared/ENVIRONMENT.md): podman builds the unchanged Dockerfile
# with --isolation=chroot on a Debian bookworm base made by debootstrap (no
# registry is reachable to pull python:3.11-slim), installing offline from
# wheels downloaded on the host. `podman run` cannot start containers in this
# sandbox, so the built file system is mounted and the image's Cmd runs in it
# under chroot, as the image's user, with the image's environment; a host
# folder bind-mounted at its /cache stands in for compose.yaml's named volume.
#
# Usage: scripts/docker-smoke.sh    (make docker-smoke)
# Env:   SMOKE_PORT (default: a free port), IMAGE, BASE_IMAGE, SMOKE_PYTHON (host python with playwright; default .venv/bin/python),
#        SMOKE_MAP_METHOD (umap, the default, or pca: the map computed before and served after a restart),
#        SMOKE_NUMBA_TIMING=1 (also time the numba warm-up with the image's cache; SMOKE_NUMBA_COLD=1: and without),
#        SMOKE_PERTURB_TIMING=1 (time two sessions' visits of SmolLM2's Perturb page, scripts/time_first_visit.py:
#        on the fresh server before any other page, and 90 s after the restart), SMOKE_NO_BUILD=1 (test the image
#        already built as IMAGE)
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-localhost/embedding-table-explorer:smoke}
BASE_IMAGE=${BASE_IMAGE:-localhost/explorer-base:bookworm}
SMOKE_PYTHON=${SMOKE_PYTHON:-.venv/bin/python}
WHEELHOUSE=wheelhouse
OUT=artifacts/docker-smoke
mkdir -p "$OUT"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
say() { printf '\n== %s\n' "$*"; }
health() {  # prints the body of /_stcore/health, fails when nothing answers
    "$SMOKE_PYTHON" -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=4).read().decode())' \
        "http://127.0.0.1:$1/_stcore/health" 2>/dev/null
}

say "tools"
if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null; then
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq podman debootstrap
fi
podman --version

say "base image $BASE_IMAGE"
if podman image exists "$BASE_IMAGE"; then
    echo "cached"
else
    rootfs=$(mktemp -d /tmp/explorer-rootfs.XXXXXX)
    $SUDO debootstrap --variant=minbase \
        --include=python3,python3-venv,python3-pip,python-is-python3,ca-certificates \
        bookworm "$rootfs" >"$OUT/debootstrap.log"
    $SUDO tar -C "$rootfs" -c . | podman import - "$BASE_IMAGE"
    $SUDO rm -rf "$rootfs"
fi

if [ "${SMOKE_NO_BUILD:-0}" = 1 ] && podman image exists "$IMAGE"; then
say "build $IMAGE: skipped (SMOKE_NO_BUILD=1), the image built $(podman image inspect --format '{{.Created}}' "$IMAGE")"
build_s=0
else
say "wheels in $WHEELHOUSE/ (host pip: torch's CPU build comes from this machine's disk)"
# (pip's warnings about this machine's missing local index folders are noise here)
"$SMOKE_PYTHON" -m pip download --quiet -r requirements.txt -d "$WHEELHOUSE" 2>&1 | { grep -v "is ignored: it is neither" || true; }
if [ -f requirements-nodeps.txt ]; then
    "$SMOKE_PYTHON" -m pip download --quiet --no-deps -r requirements-nodeps.txt -d "$WHEELHOUSE" 2>&1 \
        | { grep -v "is ignored: it is neither" || true; }
fi
echo "$(ls "$WHEELHOUSE" | wc -l) files, $(du -sh "$WHEELHOUSE" | cut -f1)"

say "build $IMAGE"
start=$(date +%s)
podman build --isolation=chroot --pull=never --force-rm --format docker \
    --build-arg BASE_IMAGE="$BASE_IMAGE" --build-arg WHEELHOUSE="$WHEELHOUSE" \
    -t "$IMAGE" . >"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
build_s=$(( $(date +%s) - start ))
echo "built in ${build_s}s (layers from cache when nothing changed; log: $OUT/build.log)"
fi
size_bytes=$(podman image inspect --format '{{.Size}}' "$IMAGE")
echo "image size: $(( size_bytes / 1000000 )) MB"

PORT=${SMOKE_PORT:-$("$SMOKE_PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
say "start the image's command on port $PORT"
MNT=$(podman image mount "$IMAGE")
server_pid=""
# The image's /cache as compose.yaml's named volume would hold it: a host folder that starts as a copy of
# the image's /cache (Docker fills a new named volume from the image, owners kept) and outlives the server.
CACHE_VOLUME=$(mktemp -d /tmp/explorer-cache-volume.XXXXXX)
stop_server() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    server_pid=""
}
cleanup() {
    stop_server
    $SUDO umount "$MNT/cache" 2>/dev/null || true
    $SUDO umount "$MNT/dev/shm" 2>/dev/null || true
    $SUDO umount "$MNT/tmp" 2>/dev/null || true
    $SUDO umount "$MNT/proc" 2>/dev/null || true
    podman image unmount "$IMAGE" >/dev/null || true
    $SUDO rm -rf "$CACHE_VOLUME"
}
trap cleanup EXIT
$SUDO cp -a "$MNT/cache/." "$CACHE_VOLUME/"
$SUDO mount --bind "$CACHE_VOLUME" "$MNT/cache"
# What `docker run` gives every container and the mounted (read-only) image lacks: /proc (psutil, which Dask
# imports, reads the process's own entry there: without it the first page failed with "psutil.NoSuchProcess"),
# a tmpfs /dev/shm of Docker's default size (multiprocessing's semaphores, the local Dask cluster's workers), and
# a writable /tmp (the container's own layer in Docker; the wall's children and Dask's workers write there:
# without it the cluster failed to start, "No usable temporary directory found"). `docker run --read-only`
# needs `--tmpfs /tmp` for the same reason (docs/deploy.md).
$SUDO mount -t proc proc "$MNT/proc"
$SUDO mount -t tmpfs -o mode=1777,size=64m shm "$MNT/dev/shm"
$SUDO mount -t tmpfs -o mode=1777 tmp "$MNT/tmp"

# The image's user, working directory, environment and Entrypoint + Cmd, as `docker run` would use them.
podman image inspect "$IMAGE" >"$OUT/image.json"
user=$("$SMOKE_PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))[0]["Config"].get("User") or "root")' "$OUT/image.json")
ids=$(awk -F: -v u="$user" '$1 == u { print $3 ":" $4 }' "$MNT/etc/passwd")
home=$(awk -F: -v u="$user" '$1 == u { print $6 }' "$MNT/etc/passwd")
[ -n "$ids" ] || { echo "user $user not found in the image's /etc/passwd"; exit 1; }
# as_run CMD|HEALTHCHECK: the argv that runs the image's command or its health check inside the chroot.
as_run() {
    "$SMOKE_PYTHON" - "$OUT/image.json" "$home" "$PORT" "$1" <<'PY'
import json, shlex, sys

image, home, port, what = sys.argv[1:]
inspected = json.load(open(image))[0]
config = inspected["Config"]
if what == "CMD":
    argv = (config.get("Entrypoint") or []) + (config.get("Cmd") or [])
else:  # Docker's Healthcheck.Test: ["CMD", arg...] or ["CMD-SHELL", "command line"]
    # docker inspect keeps it in Config, podman's image inspect at the top level
    test = (config.get("Healthcheck") or inspected.get("Healthcheck") or {}).get("Test") or []
    if not test or test[0] not in ("CMD", "CMD-SHELL"):
        sys.exit(f"the image declares no HEALTHCHECK (got {test!r})")
    argv = test[1:] if test[0] == "CMD" else ["sh", "-c", test[1]]
env = [f"HOME={home}", *(config.get("Env") or []), f"STREAMLIT_SERVER_PORT={port}"]
script = f"cd {shlex.quote(config.get('WorkingDir') or '/')} && exec {shlex.join(argv)}"
sys.stdout.write("\0".join(["/usr/bin/env", "-i", *env, "sh", "-c", script]) + "\0")
PY
}
mapfile -d '' command < <(as_run CMD)
mapfile -d '' healthcheck < <(as_run HEALTHCHECK)
[ "${#healthcheck[@]}" -gt 0 ] || exit 1
echo "as $user ($ids): ${command[*]: -1}"
# start_server LOG: the image's command in the background, then wait for /_stcore/health.
start_server() {
    chroot --userspec="$ids" "$MNT" "${command[@]}" >"$1" 2>&1 &
    server_pid=$!
    for _ in $(seq 120); do
        if [ "$(health "$PORT")" = ok ]; then break; fi
        kill -0 "$server_pid" 2>/dev/null || { cat "$1"; echo "server exited"; exit 1; }
        sleep 1
    done
    echo "health: $(health "$PORT" || echo 'no answer')"
    [ "$(health "$PORT")" = ok ] || { tail -20 "$1"; exit 1; }
}
# in_image PYTHON_FILE [ENV=VALUE...]: run a host script with the image's Python, as the image's user.
in_image() {
    local script=$1; shift
    mapfile -d '' env_args < <("$SMOKE_PYTHON" -c 'import json, sys; sys.stdout.write("\0".join(json.load(open(sys.argv[1]))[0]["Config"]["Env"]) + "\0")' "$OUT/image.json")
    chroot --userspec="$ids" "$MNT" /usr/bin/env -i "HOME=$home" "${env_args[@]}" "$@" sh -c 'cd /app && exec python -' <"$script"
}

say "wait for /_stcore/health"
start_server "$OUT/server.log"

if [ "${SMOKE_PERTURB_TIMING:-0}" = 1 ]; then
say "SmolLM2's Perturb page on the fresh server: two sessions, navigation to the app idle with the result shown"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$SMOKE_PYTHON" scripts/time_first_visit.py "http://127.0.0.1:$PORT/perturb?model=smollm2-135m" --sessions 2 \
    --screenshot "$OUT/perturb-fresh.png" | tee "$OUT/perturb-timing.json"
fi

say "Overview in Chromium"
"$SMOKE_PYTHON" scripts/check_page.py "http://127.0.0.1:$PORT/" "$OUT/overview.png" --expect "30,522"

say "image's HEALTHCHECK: ${healthcheck[*]: -1}"
chroot --userspec="$ids" "$MNT" "${healthcheck[@]}" && echo "exit 0: healthy"

# SMOKE_MAP_METHOD=pca checks the same cache in seconds (a UMAP waits for the server's numba warm-up first).
METHOD=${SMOKE_MAP_METHOD:-umap}
LABEL=$(tr '[:lower:]' '[:upper:]' <<<"$METHOD")
# 3D: the image's build precomputes the bundled checkpoints' 2D maps, so a 2D map would be read, never computed here
MAP="http://127.0.0.1:$PORT/token_map?model=tiny-gpt-pydocs&table=position&method=$METHOD&dims=3"
say "a $LABEL map, computed, stored in the /cache volume"
"$SMOKE_PYTHON" scripts/check_page.py "$MAP" "$OUT/map-computed.png" --expect "Computed: $LABEL to 3D" --timeout-s 900
# name, size, inode, owner: a map stored again is a new file (written aside, then renamed over the old one), a new
# inode; a map read keeps its inode (its mtime is touched: the cache's least-recently-used order, disk_cache.prune)
stored=$(find "$CACHE_VOLUME" -name '*.npz' -printf '%P %s %i %U\n' | sort)
echo "$stored" | sed 's/^/  /'
grep -q "^projections/position-${METHOD}3d-.* $(cut -d: -f1 <<<"$ids")\$" <<<"$stored" \
    || { echo "no $LABEL result owned by $user in the cache volume"; exit 1; }

say "restart: the same map served from the cache volume"
stop_server
start=$(date +%s%N)
start_server "$OUT/server-restarted.log"
"$SMOKE_PYTHON" scripts/check_page.py "$MAP" "$OUT/map-after-restart.png" --expect "Computed: $LABEL to 3D" \
    --never "[data-testid='stProgress']"
echo "start to $LABEL map shown after the restart: $(( ($(date +%s%N) - start) / 1000000 )) ms"
after=$(find "$CACHE_VOLUME" -name '*.npz' -printf '%P %s %i %U\n' | sort)
[ "$after" = "$stored" ] || { echo "the cache changed across the restart (recomputed?):"; echo "$after"; exit 1; }
echo "cache files unchanged across the restart (names, sizes, inodes): served from the volume, not recomputed"

if [ "${SMOKE_PERTURB_TIMING:-0}" = 1 ]; then
# The restarted server has run one page (the map), as Docker's HEALTHCHECK runs the first page about 30 s after a start.
say "SmolLM2's Perturb page 90 s after the restart, the server having run one page"
sleep "$(( 90 - ($(date +%s%N) - start) / 1000000000 ))" 2>/dev/null || true
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$SMOKE_PYTHON" scripts/time_first_visit.py "http://127.0.0.1:$PORT/perturb?model=smollm2-135m" --sessions 2 \
    --screenshot "$OUT/perturb-warm.png" | tee "$OUT/perturb-timing-warm.json"
fi

if [ "${SMOKE_NUMBA_TIMING:-0}" = 1 ]; then  # minutes on 2 shared cores, so only when asked for
say "umap-learn's compiled code: the warm-up of a server start, with the image's numba cache and without"
warm='import time; t = time.perf_counter()
from dashboard.maps.umap_fit import warm_umap
warm_umap(); print(f"{time.perf_counter() - t:.1f} s")'
printf '%s\n' "$warm" >"$OUT/warm.py"
echo "with NUMBA_CACHE_DIR=/var/cache/numba (filled at build): $(in_image "$OUT/warm.py")"
if [ "${SMOKE_NUMBA_COLD:-0}" = 1 ]; then
    echo "with an empty NUMBA_CACHE_DIR (what every start paid before): $(in_image "$OUT/warm.py" NUMBA_CACHE_DIR=/tmp/numba-empty)"
fi
fi

say "Korean, Chinese and Japanese in exported PNG and SVG charts"
in_image scripts/check_cjk_export.py

say "docker-smoke passed: image $IMAGE, $(( size_bytes / 1000000 )) MB, built in ${build_s}s"
