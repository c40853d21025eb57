#!/bin/sh
# The parts of the official redis image's docker-entrypoint.sh that docformat's compose
# file relies on: options alone mean redis-server, /data belongs to redis, the server
# runs as redis; and, as the official build, protected mode is off (the container's
# network is the boundary), so other containers may connect without a password.
set -e

case "$1" in -* | *.conf) set -- redis-server "$@" ;; esac

if [ "$1" = redis-server ] && [ "$(id -u)" = 0 ]; then
  find . \! -user redis -exec chown redis '{}' +
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi

if [ "$1" = redis-server ]; then
  shift
  # A configuration file must stay the first argument; later arguments override earlier ones.
  case "${1:-}" in
    '' | -*) set -- redis-server --protected-mode no "$@" ;;
    *) conf=$1; shift; set -- redis-server "$conf" --protected-mode no "$@" ;;
  esac
fi

exec "$@"
