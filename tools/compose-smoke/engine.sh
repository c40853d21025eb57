# shellcheck shell=bash
# Sourced by tools/compose-smoke.sh: a Docker engine and Compose v2 on a Debian 12 machine
# that has neither. Needs root (apt-get, dockerd). Every step is skipped when its result
# is already there, so a machine with Docker Desktop or docker-ce uses its own.

# Debian 12's docker.io (20.10) is the engine; its docker-compose (1.29) is too old for
# the compose file, so Compose v2 comes from Debian 13's package (one static binary).
COMPOSE_SUITE=trixie

# apt-get update and install, their chatter in a log shown only on failure.
smoke_apt_install() { # packages...
  local log=$SMOKE_CACHE/apt.log
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive NEEDRESTART_SUSPEND=1 apt-get install -y -qq "$@"; } >"$log" 2>&1 \
    || { tail -20 "$log" >&2; echo "compose-smoke: apt-get install $* failed" >&2; return 1; }
}

ensure_docker_engine() {
  if ! command -v dockerd >/dev/null; then
    say "installing docker.io (Debian's Docker engine)"
    smoke_apt_install docker.io
  fi
  if docker info >/dev/null 2>&1; then return 0; fi
  # No systemd here: start dockerd in the background and remember to stop it at the end.
  say "starting dockerd (log: $SMOKE_CACHE/dockerd.log)"
  dockerd >"$SMOKE_CACHE/dockerd.log" 2>&1 &
  SMOKE_DOCKERD_PID=$!
  wait_until 60 "dockerd answers" docker info
}

stop_docker_engine() {
  [ -n "${SMOKE_DOCKERD_PID:-}" ] || return 0
  say "stopping the dockerd this run started (pid $SMOKE_DOCKERD_PID)"
  kill "$SMOKE_DOCKERD_PID" 2>/dev/null || true
  # dockerd stops its containers and containerd on SIGTERM; give it the time to.
  for _ in $(seq 1 30); do kill -0 "$SMOKE_DOCKERD_PID" 2>/dev/null || return 0; sleep 1; done
  echo "compose-smoke: dockerd (pid $SMOKE_DOCKERD_PID) did not stop within 30 s" >&2
}

# Compose v2.24 or later (`!override` in the smoke's override file needs it).
compose_is_recent() {
  local version
  version=$(docker compose version --short 2>/dev/null) || return 1
  version=${version#v}
  [ "$(printf '%s\n2.24.0\n' "${version%%-*}" | sort -V | head -1)" = 2.24.0 ]
}

ensure_compose_v2() {
  if compose_is_recent; then return 0; fi
  say "installing Compose v2 from Debian $COMPOSE_SUITE's docker-compose package into ~/.docker/cli-plugins"
  # A private apt configuration: the trixie list, its package lists and downloads live
  # under the cache directory, never in the system's sources.
  local apt_dir=$SMOKE_CACHE/apt-$COMPOSE_SUITE
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/deb"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $COMPOSE_SUITE main" >"$apt_dir/sources.list"
  local apt_opts=(-o "Dir::Etc::sourcelist=$apt_dir/sources.list" -o Dir::Etc::sourceparts=- \
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o APT::Get::List-Cleanup=0 \
    -o APT::Sandbox::User=root)
  apt-get "${apt_opts[@]}" update -qq
  rm -f "$apt_dir"/deb/*.deb
  (cd "$apt_dir/deb" && apt-get "${apt_opts[@]}" download docker-compose >/dev/null)
  rm -rf "$apt_dir/x" && dpkg-deb -x "$apt_dir"/deb/docker-compose_*.deb "$apt_dir/x"
  mkdir -p ~/.docker/cli-plugins
  install -m 0755 "$apt_dir/x/usr/libexec/docker/cli-plugins/docker-compose" ~/.docker/cli-plugins/docker-compose
  rm -rf "$apt_dir" # 70 MB of lists and package, needed again only if the plugin goes
  compose_is_recent || { echo "compose-smoke: docker compose is still missing or older than 2.24" >&2; return 1; }
}
