#!/bin/sh
# TEST STAND-IN entrypoint (redis.containerfile), as the official image's: redis-server without a
# config file listens on every interface with protected mode off; it runs as the redis user.
set -eu
if [ "${1#-}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" = redis-server ]; then
  chown -R redis:redis /data
  shift
  exec setpriv --reuid=redis --regid=redis --init-groups redis-server --protected-mode no "$@"
fi
exec "$@"
