# syntax=docker/dockerfile:1
# The one Dockerfile of every process of the shop. Build from the repository root, naming the process
# (one of scripts/processes.mjs) with PROCESS; docker-compose.yml passes the arguments of each:
#   docker build --target server --build-arg PROCESS=checkout --build-arg PORT=4001 -t pickles/checkout .
#   docker build --target migrate --build-arg PROCESS=migrate -t pickles/migrate .
#   docker build --target gateway --build-arg PROCESS=gateway --build-arg PORT=3000 --build-arg HEALTH_PATH=/alive \
#     --build-arg VITE_SUPPORT_EMAIL=... --build-arg VITE_RAZORPAY_CHECKOUT_URL=... -t pickles/gateway .
#
# Production runs compiled JavaScript (docs/decisions/021): one build stage installs the workspace and
# bundles every process with esbuild (npm run build:server, into dist/<process>/); an image is a small
# Debian with node and one of those folders, nothing else: no npm, no TypeScript, no dev dependencies.
# Targets: server (a long-running HTTP process), gateway (a server that also serves the built SPA) and
# migrate (the one-shot that applies database migrations).
# Arguments: PROCESS (always), PORT and HEALTH_PATH (servers; HEALTH_PATH defaults to /health),
# EXTRA_PORTS (more ports to EXPOSE), VITE_* (gateway; public, compiled into the SPA), and the images:
# NODE_IMAGE (the build stage, and where node comes from) and RUNTIME_IMAGE (what the process runs on).
ARG NODE_IMAGE=node:20-bookworm-slim
ARG RUNTIME_IMAGE=debian:bookworm-slim

# Package manifests only, so a source edit does not invalidate the dependency layer below.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -mindepth 1 -depth -type d -empty -delete

# Every workspace's dependencies, dev ones included: esbuild and vite build here, and none of it ships.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# One bundle per process (dist/<process>/: main.mjs, its source map, the files it reads, and the few
# packages that cannot be bundled). Built once, whichever image asks: the stage takes no argument.
FROM deps AS build
COPY . .
RUN npm run build:server

# The SPA, for the gateway image only.
FROM build AS web-build
# VITE_* values are public: they are compiled into the JavaScript every visitor downloads.
ARG VITE_API_ORIGIN=""
ARG VITE_SUPPORT_EMAIL=""
ARG VITE_RAZORPAY_CHECKOUT_URL=""
RUN npm run build -w web

# node itself, from the official image: the runtime takes its binary and nothing else.
FROM ${NODE_IMAGE} AS node

# What every image is: node on a slim Debian, a non-root user, production mode, one process's folder.
FROM ${RUNTIME_IMAGE} AS runtime
ARG PROCESS
COPY --from=node /usr/local/bin/node /usr/local/bin/node
ENV NODE_ENV=production
# The folder keeps its place in the repository, so the source map's paths name the TypeScript files
# where they are in the repository (/app/services/payments/src/...).
WORKDIR /app/dist/${PROCESS}
# Code stays owned by root: user 1000 reads it, never changes it.
COPY --from=build /app/dist/${PROCESS}/ ./
RUN test -n "$PROCESS" && test -f main.mjs || { echo "build with --build-arg PROCESS=<a process of scripts/processes.mjs>" >&2; exit 1; }
USER 1000:1000
# node is PID 1 (no npm or shell in between), so SIGTERM reaches the graceful shutdown; stack traces
# name the TypeScript file and line through the bundle's source map.
CMD ["node", "--enable-source-maps", "main.mjs"]

# A one-shot that applies pending database migrations, then exits (idempotent; safe on every deploy).
FROM runtime AS migrate
# A one-shot has no server to probe; success is its exit code.
HEALTHCHECK NONE

# A long-running process: an HTTP server on PORT, probed on HEALTH_PATH.
FROM runtime AS server
ARG PORT
ARG HEALTH_PATH=/health
ARG EXTRA_PORTS=""
RUN test -n "$PORT" || { echo "build with --build-arg PORT=<port>" >&2; exit 1; }
ENV PORT=${PORT} \
    HEALTH_PATH=${HEALTH_PATH}
EXPOSE ${PORT} ${EXTRA_PORTS}
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+process.env.HEALTH_PATH).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# The gateway: serves the built SPA and routes /api/* to the services. Its HEALTH_PATH is /alive, not
# /api/health: the aggregate turns 503 when any service is down, which says nothing about whether this
# process should be considered broken.
FROM server AS gateway
ENV WEB_DIST_DIR=/app/web/dist
COPY --from=web-build /app/web/dist/ /app/web/dist/
