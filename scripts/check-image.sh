#!/usr/bin/env bash
# Proves the Dockerfile on a machine where base images cannot be pulled and `podman run` is
# refused, but podman builds, creates and exports. Not part of `npm test`: it needs root, apt,
# Debian's mirror and the npm registry, and takes minutes (seconds for the base on a rerun).
#
#   sudo scripts/check-image.sh
#
# 1. base   debootstrap a Debian bookworm (minbase), add the Node 20 this machine runs the way
#           the official image lays it out (/usr/local, user `node` 1000:1000), and import it
#           as node:20-bookworm-slim, the Dockerfile's base. The rootfs is cached.
# 2. build  podman build the real Dockerfile (its npm ci needs the npm registry).
# 3. start  podman create + export the image's filesystem, and start the image's CMD there
#           under chroot as the image's user, with the image's environment and a scratch /data.
# 4. check  the image's own HEALTHCHECK command, /health, the login page, a sign-in and the
#           backup CLI; then the image size and the server's idle memory; SIGTERM stops it.
#
# Any failure names its step and exits non-zero. Environment: PMS_IMAGE_CACHE (where the base
# is kept, /var/tmp/pms-image-base), PMS_IMAGE_TAG (localhost/pms:check),
# PMS_REMOVE_IMAGE=1 (remove the built image afterwards; kept by default, its layers make a
# rerun's build take seconds).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${PMS_IMAGE_CACHE:-/var/tmp/pms-image-base}
TAG=${PMS_IMAGE_TAG:-localhost/pms:check}
MIRROR=${PMS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
BASE=$(sed -n 's/^FROM \([^ ]*\).*/\1/p' "$ROOT/Dockerfile" | head -n 1)
# podman looks a short name up in docker.io first; the local base must answer to that name.
case $BASE in
*/*) BASE_REF=$BASE ;;
*) BASE_REF=docker.io/library/$BASE ;;
esac

STEP=setup
WORK=
SERVER_PID=
CONTAINER=
fail() {
  echo "✗ [$STEP] $*" >&2
  exit 1
}
cleanup() {
  local status=$?
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    sleep 1
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  [[ -n $CONTAINER ]] && podman rm -f "$CONTAINER" >/dev/null 2>&1 || true
  [[ -n $WORK ]] && rm -rf "$WORK"
  if [[ ${PMS_REMOVE_IMAGE:-0} == 1 ]]; then podman rmi -f "$TAG" >/dev/null 2>&1 || true; fi
  if ((status != 0)); then echo "check-image: FAILED in step [$STEP]" >&2; fi
}
trap cleanup EXIT
step() {
  STEP=$1
  echo
  echo "== [$1] $2"
}

[[ $(id -u) == 0 ]] || fail "needs root (debootstrap, chroot, podman's image store)"
[[ -n $BASE ]] || fail "no FROM line in $ROOT/Dockerfile"

# ---------------------------------------------------------------------------------------------
step tools "debootstrap and podman"
missing=()
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v podman >/dev/null || missing+=(podman)
if ((${#missing[@]})); then
  echo "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
podman --version
NODE=$(command -v node) || fail "no node on this machine"
NODE_VERSION=$("$NODE" -v)
[[ $NODE_VERSION == v20.* ]] || fail "the base is Node 20; this machine runs $NODE_VERSION"
# npm and the headers next to this node, wherever it was installed (/usr or /usr/local).
PREFIX=$(cd "$(dirname "$(readlink -f "$NODE")")/.." && pwd)
NPM_DIR=$PREFIX/lib/node_modules/npm
[[ -f $NPM_DIR/bin/npm-cli.js ]] || fail "npm not found at $NPM_DIR"
[[ -f $PREFIX/include/node/node.h ]] || fail "node's headers not found at $PREFIX/include/node (native modules build against them)"
echo "node $NODE_VERSION from $PREFIX"

# ---------------------------------------------------------------------------------------------
step base "$BASE_REF from debootstrap --variant=minbase bookworm + node $NODE_VERSION"
mkdir -p "$CACHE"
if [[ ! -f $CACHE/rootfs.done ]]; then
  rm -rf "$CACHE/rootfs"
  debootstrap --variant=minbase bookworm "$CACHE/rootfs" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 ||
    fail "debootstrap failed; the last lines of $CACHE/debootstrap.log: $(tail -n 5 "$CACHE/debootstrap.log")"
  touch "$CACHE/rootfs.done"
else
  echo "debootstrap rootfs cached in $CACHE/rootfs"
fi
BASE_ID="bookworm-minbase+node-$NODE_VERSION"
if [[ $(podman image inspect --format '{{index .Labels "pms.check-image.base"}}' "$BASE_REF" 2>/dev/null) != "$BASE_ID" ]]; then
  # Laid out as the official node:20-bookworm-slim: node, npm, npx and corepack under
  # /usr/local, headers in /usr/local/include/node, user and group `node` 1000, no docs or
  # apt lists. The copy is made per import; the cached rootfs stays pristine.
  layer=$(mktemp -d /var/tmp/pms-base-layer.XXXXXX)
  WORK=$layer
  cp -a "$CACHE/rootfs/." "$layer/"
  rm -rf "$layer"/usr/share/doc/* "$layer"/usr/share/man/* "$layer"/usr/share/info/* \
    "$layer"/var/lib/apt/lists/* "$layer"/var/cache/apt/*.bin "$layer"/var/log/*.log
  cat >"$layer/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
  install -D -m 0755 "$(readlink -f "$NODE")" "$layer/usr/local/bin/node"
  mkdir -p "$layer/usr/local/lib/node_modules" "$layer/usr/local/include"
  cp -a "$NPM_DIR" "$layer/usr/local/lib/node_modules/npm"
  [[ -d $PREFIX/lib/node_modules/corepack ]] && cp -a "$PREFIX/lib/node_modules/corepack" "$layer/usr/local/lib/node_modules/"
  cp -a "$PREFIX/include/node" "$layer/usr/local/include/node"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$layer/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$layer/usr/local/bin/npx"
  chroot "$layer" groupadd --gid 1000 node
  chroot "$layer" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  env -i chroot "$layer" /usr/local/bin/node -e 'require("node:crypto").randomUUID()' ||
    fail "the node copied into the rootfs does not run there"
  tar -C "$layer" --numeric-owner -cf "$CACHE/base.tar" .
  rm -rf "$layer"
  WORK=
  podman rmi -f "$BASE_REF" >/dev/null 2>&1 || true
  podman import \
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV NODE_VERSION=${NODE_VERSION#v}" \
    --change "LABEL pms.check-image.base=$BASE_ID" \
    --change 'CMD ["node"]' \
    "$CACHE/base.tar" "$BASE_REF" >/dev/null || fail "podman import refused"
  rm -f "$CACHE/base.tar"
else
  echo "$BASE_REF ($BASE_ID) already imported"
fi
podman image inspect --format 'base {{.Id}}: {{.Size}} bytes' "$BASE_REF" | cut -c1-90

# ---------------------------------------------------------------------------------------------
step network "can a build step reach the npm registry?"
# A build step runs in its own network namespace unless told otherwise; find one that works.
probe=$(mktemp -d)
WORK=$probe
cat >"$probe/Containerfile" <<EOF
FROM $BASE_REF
ARG NODE_EXTRA_CA_CERTS
RUN node -e "fetch('https://registry.npmjs.org/better-sqlite3', { signal: AbortSignal.timeout(15000) }).then((r) => { console.log('npm registry: HTTP ' + r.status); process.exit(r.ok ? 0 : 1) }, (e) => { console.error('npm registry unreachable:', e.cause?.code || e.cause?.message || e.message); process.exit(1) })"
EOF
# A TLS-inspecting proxy's CA is in the host's bundle: lend the bundle to the build (not to the image).
BUILD_CA=()
if [[ -f /etc/ssl/certs/ca-certificates.crt ]]; then
  BUILD_CA=(--volume /etc/ssl/certs/ca-certificates.crt:/run/host-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt)
fi
BUILD_OPTS=()
for attempt in "" "--network=host" "--isolation=chroot --network=host"; do
  # shellcheck disable=SC2206
  opts=($attempt)
  echo "-- podman build ${attempt:-(default options)}"
  if out=$(podman build --pull=never --no-cache "${opts[@]}" "${BUILD_CA[@]}" -f "$probe/Containerfile" "$probe" 2>&1); then
    echo "$out" | grep 'npm registry' || true
    BUILD_OPTS=("${opts[@]}")
    found=1
    break
  fi
  echo "   refused:"
  echo "$out" | grep -v '^STEP\|^-->' | tail -n 4 | sed 's/^/   | /'
  found=0
done
rm -rf "$probe"
WORK=
((found)) || fail "no podman build setting reaches the npm registry (see the errors above)"

# ---------------------------------------------------------------------------------------------
step build "podman build ${BUILD_OPTS[*]} $ROOT/Dockerfile"
started=$(date +%s)
# docker format: the OCI format has no HEALTHCHECK and podman would drop it.
podman build --pull=never --format=docker "${BUILD_OPTS[@]}" "${BUILD_CA[@]}" -t "$TAG" -f "$ROOT/Dockerfile" "$ROOT" 2>&1 |
  grep -v -e '^Copying \(blob\|config\)' -e '^Writing manifest' -e '^Storing signatures' \
    -e '^Get:' -e '^Selecting previously' -e '^Preparing to unpack' -e '^Unpacking' -e '^Setting up' \
    -e '^(Reading database' -e '^dist/assets/' ||
  fail "podman build failed (output above)"
podman image exists "$TAG" || fail "podman build produced no $TAG"
echo "built in $(($(date +%s) - started)) s"

# ---------------------------------------------------------------------------------------------
step export "podman create + export into a directory"
WORK=$(mktemp -d /var/tmp/pms-image-check.XXXXXX)
rootfs=$WORK/rootfs
mkdir -p "$rootfs"
CONTAINER=$(podman create "$TAG") || fail "podman create refused"
podman export "$CONTAINER" | tar -C "$rootfs" -xf - || fail "podman export failed"
# (podman rm also tries systemd for the healthcheck timer it never made here; that is harmless.)
podman rm "$CONTAINER" >/dev/null 2>&1 || echo "podman rm $CONTAINER failed; left for cleanup"
CONTAINER=
# The image's configuration, as a container runtime would apply it.
inspect() { podman image inspect --format "$1" "$TAG"; }
USER_SPEC=$(inspect '{{.Config.User}}')
WORKDIR=$(inspect '{{.Config.WorkingDir}}')
STOP=$(inspect '{{.Config.StopSignal}}')
mapfile -t IMAGE_ENV < <(inspect '{{range .Config.Env}}{{println .}}{{end}}' | sed '/^$/d')
CMD_JSON=$(inspect '{{json .Config.Cmd}}')
HEALTH_JSON=$(podman image inspect --format '{{json .HealthCheck}}' "$TAG" 2>/dev/null || echo null)
[[ $HEALTH_JSON == null || -z $HEALTH_JSON ]] && HEALTH_JSON=$(inspect '{{json .Config.Healthcheck}}' 2>/dev/null || echo null)
mapfile -t CMD < <(node -e 'for (const a of JSON.parse(process.argv[1])) console.log(a)' "$CMD_JSON")
echo "user=${USER_SPEC:-root} workdir=$WORKDIR stopsignal=$STOP cmd=$CMD_JSON"
echo "env: ${IMAGE_ENV[*]}"
[[ -n $USER_SPEC && $USER_SPEC != root && $USER_SPEC != 0 ]] || fail "the image runs as root"
# chroot --userspec wants numbers: names are the image's, not this machine's.
USER_NAME=${USER_SPEC%%:*}
uid=$(awk -F: -v u="$USER_NAME" '$1 == u || $3 == u { print $3 }' "$rootfs/etc/passwd")
gid=$(awk -F: -v u="$USER_NAME" '$1 == u || $3 == u { print $4 }' "$rootfs/etc/passwd")
[[ -n $uid && -n $gid ]] || fail "user $USER_SPEC is not in the image's /etc/passwd"
echo "exported $(du -sm "$rootfs" | cut -f1) MB; runs as $USER_NAME ($uid:$gid)"
# A fresh /data, as an empty named volume would be, owned as the image made it.
[[ -d $rootfs/data ]] || fail "the image has no /data"
[[ -z $(ls -A "$rootfs/data") ]] || fail "/data in the image is not empty"
stat -c '/data owned by %u:%g mode %a' "$rootfs/data"
# The few device nodes a container runtime provides.
mkdir -p "$rootfs/dev"
for dev in null zero random urandom; do
  [[ -e $rootfs/dev/$dev ]] || cp -a "/dev/$dev" "$rootfs/dev/$dev"
done

# ---------------------------------------------------------------------------------------------
step start "the image's CMD under chroot as $USER_NAME, first without PM_USERS"
PORT=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })')
base="http://127.0.0.1:$PORT"
# The image's environment, then what `docker run -e` would add. HOST stays on loopback here:
# chroot shares this machine's network, which a container would not.
run_as_user() {
  env -i "${IMAGE_ENV[@]}" HOME="/home/$USER_NAME" \
    chroot --userspec="$uid:$gid" --groups="$gid" "$rootfs" /bin/sh -c 'cd "$0" && exec "$@"' "$WORKDIR" "$@"
}
# exec all the way down (subshell → env → chroot → sh → node), so that $! is the server itself.
start_server() {
  exec env -i "${IMAGE_ENV[@]}" HOME="/home/$USER_NAME" \
    chroot --userspec="$uid:$gid" --groups="$gid" "$rootfs" /bin/sh -c 'cd "$0" && exec "$@"' "$WORKDIR" "$@"
}
LOG=$WORK/server.log
# start_server in the background with extra environment ($@), then wait for /health.
launch() {
  local started_ms ready=0
  started_ms=$(date +%s%3N)
  start_server env PORT="$PORT" HOST=127.0.0.1 "$@" "${CMD[@]}" >"$LOG" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 150); do
    if node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$base/health" 2>/dev/null; then
      ready=1
      break
    fi
    kill -0 "$SERVER_PID" 2>/dev/null || {
      sed 's/^/   | /' "$LOG" >&2
      fail "the server exited"
    }
    sleep 0.2
  done
  ((ready)) || fail "no answer on $base/health after 30 s: $(tail -n 5 "$LOG")"
  echo "listening on $base after $(($(date +%s%3N) - started_ms)) ms"
  sed 's/^/   | /' "$LOG"
}
# stop the server as `docker stop` would: the image's STOPSIGNAL, then a clean exit expected.
stop_server() {
  local status=0
  kill "-${STOP:-TERM}" "$SERVER_PID"
  wait "$SERVER_PID" || status=$?
  SERVER_PID=
  ((status == 0)) || fail "the server exited with $status on ${STOP:-SIGTERM}: $(tail -n 5 "$LOG")"
  echo "✓ ${STOP:-SIGTERM}: $(tail -n 1 "$LOG"), exit status 0"
}
# sign_in <username> <password>: POST /api/auth/login, then /api/auth/me with the token.
sign_in() {
  node --input-type=module - "$base" "$1" "$2" <<'JS'
const [base, username, password] = process.argv.slice(2);
const res = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username, password }),
});
const session = await res.json().catch(() => ({}));
if (res.status !== 200 || typeof session.token !== 'string') {
  console.error(`✗ POST /api/auth/login as ${username} → ${res.status} ${JSON.stringify(session)}`);
  process.exit(1);
}
const me = await fetch(`${base}/api/auth/me`, {
  headers: { authorization: `Bearer ${session.token}`, 'x-user-id': username },
});
const who = await me.json().catch(() => ({}));
if (me.status !== 200 || who.username !== username) {
  console.error(`✗ GET /api/auth/me as ${username} → ${me.status} ${JSON.stringify(who)}`);
  process.exit(1);
}
console.log(`✓ POST /api/auth/login as ${username} → 200; GET /api/auth/me → 200 ${who.username}`);
JS
}

launch
# What `docker compose logs app` shows on the first start of an empty volume.
ADMIN_PASSWORD=$(sed -n 's/^ *密码 \/ password: *\([^ ]*\)$/\1/p' "$LOG")
[[ -n $ADMIN_PASSWORD ]] || fail "no administrator password in the first start's log"
echo "✓ the first start printed the administrator's password (${#ADMIN_PASSWORD} characters)"
sign_in admin "$ADMIN_PASSWORD" || fail "the printed administrator password does not sign in"
stop_server

step restart "again on the same /data, now with PM_USERS (alice)"
launch PM_USERS='[{"username":"alice","password":"alice-pass-1","displayName":"Alice"}]'
grep -q '密码 / password' "$LOG" && fail "a restart printed a new administrator password"
echo "✓ no new administrator on a restart"

# ---------------------------------------------------------------------------------------------
step check "HEALTHCHECK, /health, /login, sign-in, the user and backup CLIs"
HEALTH_CMD=()
mapfile -t HEALTH_CMD < <(node -e '
  const h = JSON.parse(process.argv[1]);
  const test = h && (h.Test || h.test);
  if (!test) process.exit(0);
  for (const a of test[0] === "CMD" ? test.slice(1) : ["/bin/sh", "-c", test[1]]) console.log(a);
' "$HEALTH_JSON")
((${#HEALTH_CMD[@]})) || fail "the image has no HEALTHCHECK"
run_as_user env PORT="$PORT" "${HEALTH_CMD[@]}" || fail "the image's HEALTHCHECK command failed"
echo "✓ HEALTHCHECK (${HEALTH_CMD[*]:0:2} …) exits 0"
node --input-type=module - "$base" <<'EOF' || fail "an HTTP check failed"
const [base] = process.argv.slice(2);
const ok = (cond, what) => {
  if (!cond) throw new Error(what);
  console.log(`✓ ${what}`);
};
const health = await fetch(`${base}/health`);
const body = await health.json();
ok(health.status === 200 && body.status === 'ok', `GET /health → ${health.status} ${JSON.stringify(body)}`);
const page = await fetch(`${base}/login`);
const html = await page.text();
ok(
  page.status === 200 && page.headers.get('content-type')?.includes('text/html') && html.includes('<title>个人管理系统'),
  `GET /login → ${page.status} ${page.headers.get('content-type')}, the app's page`,
);
const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
const asset = script && (await fetch(base + script));
ok(asset?.status === 200, `GET ${script} → ${asset?.status}`);
const wrong = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'alice', password: 'not-her-password' }),
});
ok(wrong.status === 401, `POST /api/auth/login, wrong password → ${wrong.status}`);
EOF
sign_in alice alice-pass-1 || fail "alice (PM_USERS) cannot sign in"
admin_ok=0
sign_in admin "$ADMIN_PASSWORD" >/dev/null && admin_ok=1
((admin_ok)) || fail "the administrator made at the first start is gone after the restart"
echo "✓ admin still signs in after the restart (the data survived in /data)"
printf 'bob-pass-12345\n' | run_as_user npm run --silent user -- set bob --display-name Bob >"$WORK/user.log" 2>&1 ||
  fail "npm run user in the image failed: $(cat "$WORK/user.log")"
sign_in bob bob-pass-12345 || fail "bob, added by npm run user, cannot sign in"
run_as_user npm run --silent backup -- /data/check-backup.sqlite >"$WORK/backup.log" 2>&1 ||
  fail "npm run backup in the image failed: $(cat "$WORK/backup.log")"
[[ -s $rootfs/data/check-backup.sqlite ]] || fail "npm run backup wrote no file"
echo "✓ npm run backup -- /data/check-backup.sqlite ($(stat -c %s "$rootfs/data/check-backup.sqlite") bytes, owned by $(stat -c %u:%g "$rootfs/data/check-backup.sqlite"))"
ls "$rootfs/data"

# ---------------------------------------------------------------------------------------------
step measure "image size and idle memory"
size=$(podman image inspect --format '{{.Size}}' "$TAG")
base_size=$(podman image inspect --format '{{.Size}}' "$BASE_REF")
echo "image $TAG: $((size / 1000000)) MB ($size bytes); its base: $((base_size / 1000000)) MB; the app's layers: $(((size - base_size) / 1000000)) MB"
sleep 5
[[ $(cat "/proc/$SERVER_PID/comm") == node ]] || fail "pid $SERVER_PID is not the server"
rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$SERVER_PID/status")
hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$SERVER_PID/status")
echo "idle server (pid $SERVER_PID, $(tr '\0' ' ' <"/proc/$SERVER_PID/cmdline")): RSS $((rss / 1024)) MB, peak $((hwm / 1024)) MB"

# ---------------------------------------------------------------------------------------------
step stop "the image's STOPSIGNAL ends the server cleanly"
stop_server

# ---------------------------------------------------------------------------------------------
step restore "npm run restore in the image, then a start on the restored database"
run_as_user npm run --silent restore -- /data/check-backup.sqlite >"$WORK/restore.log" 2>&1 ||
  fail "npm run restore in the image failed: $(cat "$WORK/restore.log")"
sed 's/^/   | /' "$WORK/restore.log"
compgen -G "$rootfs/data/replaced-*" >/dev/null || fail "restore kept no replaced-* copy of the database"
launch
sign_in bob bob-pass-12345 || fail "bob, in the backup, cannot sign in after the restore"
stop_server

STEP=done
echo
echo "check-image: OK"
