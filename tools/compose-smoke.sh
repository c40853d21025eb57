#!/usr/bin/env bash
# Proves `docker compose up` for real: the user's docker-compose.yml and Dockerfile,
# unchanged, build and run on a Docker engine, and the stack converts documents.
#
#  1. A Docker engine (Debian's docker.io, dockerd started here if none runs) and Compose v2.
#  2. The base images under the exact tags the Dockerfile and compose file name; where a
#     tag is absent (no registry reachable), a stand-in built from Debian packages and
#     the npm registry (tools/compose-smoke/stand-ins/).
#  3. `docker compose up -d --build` under a project name of its own, then: health, a
#     token from the CLI, a document served by a container of its own, 3 workers and a
#     batch with OCR, a worker stopped (SIGTERM) and one killed mid-job, `down -v`.
#
# Root only (apt-get, dockerd). Downloads come from Debian's packages and the npm
# registry only (here and in the image builds); the test's own traffic goes to loopback
# and its own containers only; every wait is bounded. Settings (environment): SMOKE_API_PORT (published API port; default
# 3000, or a free one when 3000 is taken), SMOKE_PROJECT (compose project, default
# docformat-smoke), SMOKE_CACHE (debootstrap tarball, logs; /var/cache/docformat-smoke),
# BUILD_CA_CERTS (CA bundle for the image build; default: the file NODE_EXTRA_CA_CERTS
# names, else /etc/ssl/certs/ca-certificates.crt), SMOKE_PULL=1 (try `docker pull` for a missing base image before
# building a stand-in; off by default: this machine reaches no image registry),
# SMOKE_KEEP=1 (leave the stack up at the end for a look).
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "$0")/.." && pwd)
SMOKE_DIR=$REPO_ROOT/tools/compose-smoke
SMOKE_CACHE=${SMOKE_CACHE:-/var/cache/docformat-smoke}
SMOKE_PROJECT=${SMOKE_PROJECT:-docformat-smoke}
STARTED=$SECONDS
PROVED=()

say() { echo "compose-smoke: $*"; }
fail() { echo "compose-smoke: FAILED: $*" >&2; exit 1; }
proved() { PROVED+=("$*"); say "ok: $*"; }

wait_until() { # seconds, what, command... (retried every second until it succeeds)
  local limit=$1 what=$2; shift 2
  local end=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $end ] || fail "$what: not within ${limit}s"
    sleep 1
  done
}

compose() {
  docker compose -p "$SMOKE_PROJECT" -f "$REPO_ROOT/docker-compose.yml" -f "$SMOKE_DIR/compose.smoke.yml" "$@"
}

# shellcheck source=compose-smoke/engine.sh
. "$SMOKE_DIR/engine.sh"
# shellcheck source=compose-smoke/stand-ins.sh
. "$SMOKE_DIR/stand-ins.sh"
# shellcheck source=compose-smoke/scenario.sh
. "$SMOKE_DIR/scenario.sh"

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# The web page and its assets come from the image's dist (built inside the container).
check_web_page() {
  local base="http://127.0.0.1:$SMOKE_API_PORT" page asset
  page=$(curl -sSf -m 5 "$base/") || fail "GET / (the web page)"
  grep -q '<title>docformat' <<<"$page" || fail "GET / is not the web page"
  asset=$(grep -o 'src="[^"]*\.js"' <<<"$page" | head -1 | cut -d'"' -f2)
  [ -n "$asset" ] && curl -sSf -m 5 -o /dev/null "$base/${asset#/}" || fail "the web page's script $asset"
  proved "GET / serves the web page, its script ${asset} loads"
}

api_healthy() {
  [ "$(docker inspect -f '{{.State.Health.Status}}' "$(compose ps -q api)")" = healthy ]
}

migrate_exit_code() {
  docker inspect -f '{{.State.Status}} {{.State.ExitCode}}' "$(compose ps -aq migrate)"
}

migrate_done() { [ "$(migrate_exit_code | cut -d' ' -f1)" = exited ]; }

cleanup() {
  local code=$?
  set +e
  if [ $code -ne 0 ] && docker info >/dev/null 2>&1; then
    say "the last lines of each service's log:"
    compose logs --no-color --tail 30 2>&1 | tail -200
  fi
  if [ "${SMOKE_KEEP:-}" = 1 ] && [ $code -eq 0 ]; then
    say "SMOKE_KEEP=1: the stack stays up (docker compose -p $SMOKE_PROJECT down -v removes it)"
  elif docker info >/dev/null 2>&1; then
    say "docker compose down -v"
    compose down -v --remove-orphans >/dev/null 2>&1 || echo "compose-smoke: docker compose down -v failed" >&2
  fi
  stop_docker_engine
  [ $code -eq 0 ] || echo "compose-smoke: failed after $((SECONDS - STARTED)) s" >&2
  exit $code
}

main() {
  [ "$(id -u)" = 0 ] || fail "run as root: it installs packages and may start dockerd"
  mkdir -p "$SMOKE_CACHE"
  command -v jq >/dev/null || smoke_apt_install jq
  trap cleanup EXIT

  ensure_docker_engine
  ensure_compose_v2
  say "$(docker version -f 'engine {{.Server.Version}}, client {{.Client.Version}}'), compose $(docker compose version --short)"
  (cd "$REPO_ROOT" && docker compose config -q) || fail "docker compose config rejects docker-compose.yml"
  proved "docker compose config accepts docker-compose.yml"

  ensure_standins
  SMOKE_NODE_IMAGE=$(dockerfile_node_tag)
  export SMOKE_NODE_IMAGE

  # The published port: 3000 as in the compose file, unless it is taken on this machine.
  if [ -z "${SMOKE_API_PORT:-}" ]; then
    if port_free 3000; then SMOKE_API_PORT=3000; else SMOKE_API_PORT=$(free_port); fi
  fi
  export SMOKE_API_PORT
  # The origin container has a private address on the compose network, which the
  # workers refuse to fetch by default; the compose file passes this through.
  export FETCH_ALLOW_PRIVATE=true
  # The build's npm ci trusts what this machine trusts (here a TLS-intercepting proxy's CA):
  # the bundle Node is given, else the system's, as a build secret that never reaches the image.
  if [ -z "${BUILD_CA_CERTS:-}" ]; then
    for BUILD_CA_CERTS in "${NODE_EXTRA_CA_CERTS:-}" /etc/ssl/certs/ca-certificates.crt ""; do
      [ -s "$BUILD_CA_CERTS" ] && break
    done
    export BUILD_CA_CERTS
  fi
  say "build secret ca: ${BUILD_CA_CERTS:-none}; API on 127.0.0.1:$SMOKE_API_PORT; project $SMOKE_PROJECT"

  compose down -v --remove-orphans >/dev/null 2>&1 || true # what an interrupted run left
  local began=$SECONDS
  say "docker compose up -d --build (log: $SMOKE_CACHE/compose-up.log)"
  compose up -d --build >"$SMOKE_CACHE/compose-up.log" 2>&1 || { tail -40 "$SMOKE_CACHE/compose-up.log" >&2; fail "docker compose up -d --build"; }
  # Earlier builds of docformat-smoke:local, untagged by this one (dangling, ours only).
  docker image prune -f --filter label=org.opencontainers.image.title=docformat >/dev/null
  wait_until 90 "migrate finished" migrate_done
  [ "$(migrate_exit_code)" = "exited 0" ] || fail "migrate: $(migrate_exit_code)"
  wait_until 120 "api healthy" api_healthy
  curl -sSf -m 5 "http://127.0.0.1:$SMOKE_API_PORT/health" | jq -e '.checks == {"database":"up","redis":"up"}' >/dev/null \
    || fail "GET /health on the published port"
  wait_until 60 "2 workers running" workers_running 2
  proved "docker compose up -d --build: images built, postgres and redis healthy, migrate exited 0, api healthy, 2 workers ($((SECONDS - began)) s)"
  check_web_page

  check_ca_not_in_image
  create_token
  proved "docker compose exec api npm run token -- create smoke: the API accepts the new token"
  check_first_document
  scale_workers
  check_batch
  check_graceful_stop
  check_killed_worker
  check_stack_stops
  report_images

  say "proved, in $((SECONDS - STARTED)) s:"
  printf '  - %s\n' "${PROVED[@]}"
}

report_images() {
  local tag kind
  say "images:"
  for tag in docformat-smoke:local $(dockerfile_node_tag) $(compose_image_tags); do
    if [ "$tag" = docformat-smoke:local ]; then kind="built from this tree"
    elif [ -n "$(docker image inspect -f '{{if index .Config.Labels "org.docformat.stand-in"}}yes{{end}}' "$tag")" ]; then kind="stand-in built here"
    else kind="as found"; fi
    printf '  %-24s %4s MB  %s\n' "$tag" "$(($(docker image inspect -f '{{.Size}}' "$tag") / 1000000))" "$kind"
  done
  say "what takes the room in docformat-smoke:local (du, MB):"
  docker run --rm --entrypoint sh docformat-smoke:local -c \
    'du -sm /usr/local/bin/node /usr/local/lib/node_modules/npm /app/node_modules /app/dist; du -sm /app/node_modules/* /app/node_modules/@*/* | sort -rn | head -6' \
    | awk '{ printf "  %5s  %s\n", $1, $2 }'
}

main "$@"
