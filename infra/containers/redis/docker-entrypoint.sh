#!/bin/sh
# The official redis image's entrypoint: `redis-server ...` (or only its options) runs as the redis user with
# protected mode off unless a config file given as the first argument sets it, so clients on the container's
# network connect without a password. Without a config file Redis binds every interface (`* -::*`).
set -eu

# `docker run image --save ""`: the arguments are redis-server's.
case "${1:-}" in
  -*) set -- redis-server "$@" ;;
esac

if [ "${1:-}" = "redis-server" ]; then
  shift
  config=""
  if [ -f "${1:-}" ]; then
    config="$1"
    shift
  fi
  case "${1:-}" in
    -v | --version | -h | --help | --test-memory) exec redis-server "$@" ;;
  esac
  if [ -z "$config" ] || ! grep -q '^[[:space:]]*protected-mode' "$config"; then
    set -- --protected-mode no "$@"
  fi
  if [ -n "$config" ]; then set -- "$config" "$@"; fi
  set -- redis-server "$@"
  if [ "$(id -u)" = "0" ]; then
    find . \! -user redis -exec chown redis '{}' +
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
fi

exec "$@"
