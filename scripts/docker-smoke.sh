#!/usr/bin/env bash
# Build the Docker image where no Docker engine runs, start the image's own
# command, and check the Overview in a real browser.
#
# How (see ../shared/ENVIRONMENT.md): podman builds the unchanged Dockerfile
# with --isolation=chroot on a Debian bookworm base made by debootstrap (no
# registry is reachable to pull python:3.11-slim), installing offline from
# wheels downloaded on the host. `podman run` cannot start containers in this
# sandbox, so the built file system is mounted and the image's Cmd runs in it
# under chroot, as the image's user, with the image's environment.
#
# Usage: scripts/docker-smoke.sh    (make docker-smoke)
# Env:   SMOKE_PORT (default: a free port), IMAGE, BASE_IMAGE, SMOKE_PYTHON (host python with playwright; default .venv/bin/python)
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
size_bytes=$(podman image inspect --format '{{.Size}}' "$IMAGE")
echo "built in ${build_s}s (layers from cache when nothing changed; log: $OUT/build.log)"
echo "image size: $(( size_bytes / 1000000 )) MB"

PORT=${SMOKE_PORT:-$("$SMOKE_PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
say "start the image's command on port $PORT"
MNT=$(podman image mount "$IMAGE")
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    podman image unmount "$IMAGE" >/dev/null || true
}
trap cleanup EXIT

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
chroot --userspec="$ids" "$MNT" "${command[@]}" >"$OUT/server.log" 2>&1 &
server_pid=$!

say "wait for /_stcore/health"
for _ in $(seq 120); do
    if [ "$(health "$PORT")" = ok ]; then break; fi
    kill -0 "$server_pid" 2>/dev/null || { cat "$OUT/server.log"; echo "server exited"; exit 1; }
    sleep 1
done
echo "health: $(health "$PORT" || echo 'no answer')"
[ "$(health "$PORT")" = ok ] || { tail -20 "$OUT/server.log"; exit 1; }

say "Overview in Chromium"
"$SMOKE_PYTHON" scripts/check_page.py "http://127.0.0.1:$PORT/" "$OUT/overview.png" --expect "30,522"

say "image's HEALTHCHECK: ${healthcheck[*]: -1}"
chroot --userspec="$ids" "$MNT" "${healthcheck[@]}" && echo "exit 0: healthy"

say "docker-smoke passed: image $IMAGE, $(( size_bytes / 1000000 )) MB, built in ${build_s}s"
