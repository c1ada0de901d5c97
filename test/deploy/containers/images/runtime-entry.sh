#!/bin/sh
# The deploy test's runtime container, under catatonit (podman run --init): podman's Docker-compatible
# API, which Docker Compose v2 and testcontainers use, and the health checks of the compose project's
# containers. Without systemd nothing runs a container's HEALTHCHECK unless asked, and compose waits on
# `condition: service_healthy`. Kubernetes pods are left alone: the test probes them as written.
mkdir -p /run/podman
podman system service --time=0 unix:///run/podman/podman.sock &
while :; do
  for id in $(podman ps -q --filter label=com.docker.compose.project --filter health=starting) \
            $(podman ps -q --filter label=com.docker.compose.project --filter health=healthy) \
            $(podman ps -q --filter label=com.docker.compose.project --filter health=unhealthy); do
    podman healthcheck run "$id" >/dev/null 2>&1
  done
  sleep 2
done
