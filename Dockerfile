# syntax=docker/dockerfile:1
# The one Dockerfile of every process of the shop. Build from the repository root, choosing the process
# with a target and build arguments (docker-compose.yml passes them for each service):
#   docker build --target server --build-arg WORKSPACE=services/checkout --build-arg PORT=4001 -t pickles/checkout .
#   docker build --target migrate --build-arg WORKSPACE=packages/db -t pickles/migrate .
#   docker build --target gateway --build-arg WORKSPACE=gateway --build-arg PORT=3000 --build-arg HEALTH_PATH=/alive \
#     --build-arg VITE_SUPPORT_EMAIL=... --build-arg VITE_RAZORPAY_CHECKOUT_URL=... -t pickles/gateway .
#
# Targets: server (a long-running HTTP process, entry src/index.ts), gateway (a server that also serves
# the built SPA) and migrate (the one-shot src/cli/migrate.ts). The entry file goes with the target and
# is not an argument: Docker substitutes no variables in an exec-form CMD, and the exec form is what
# makes node PID 1.
# Arguments: WORKSPACE (the workspace folder, always), PORT and HEALTH_PATH (servers; HEALTH_PATH
# defaults to /health), EXTRA_PORTS (more ports to EXPOSE), VITE_* (gateway; public, compiled into the SPA).
ARG NODE_IMAGE=node:20-bookworm-slim

# Package manifests only, so a source edit does not invalidate the dependency layers below.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -mindepth 1 -depth -type d -empty -delete

# Production dependencies of the workspace and of every @pickles/* workspace it declares, transitively.
# One -w is enough: npm ci -w resolves the workspace's dependencies through the lockfile, where a
# workspace dependency is a link to its folder, and follows the link into that workspace's own
# dependencies, to any depth (Arborist's reify diff walks the edges out of each link's target).
# Naming every workspace of the closure with -w, as the per-process Dockerfiles did, installs exactly
# the same packages. Plus tsx at the exact version the lockfile pins: the processes run their TypeScript
# directly, so tsx is a runtime dependency of the image though it is a root devDependency.
FROM ${NODE_IMAGE} AS deps
ARG WORKSPACE
WORKDIR /app
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund -w "${WORKSPACE:?build with --build-arg WORKSPACE=<workspace folder>}" \
 && npm install --no-save --omit=dev --no-audit --no-fund -w "$WORKSPACE" \
      "tsx@$(node -p "require('./package-lock.json').packages['node_modules/tsx'].version")"

# The sources of the same closure, read from the declarations: the workspace, then every dependency of
# a package.json that the lockfile links to a workspace folder, transitively. Nothing else of the
# repository reaches the image (test/deploy runs this script and compares its result with the closure).
FROM ${NODE_IMAGE} AS source
ARG WORKSPACE
WORKDIR /context
COPY . .
RUN node - "$WORKSPACE" /app <<'EOF'
const fs = require('node:fs');
const [workspace, destination] = process.argv.slice(2);
const locked = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')).packages;
const closure = new Set();
const visit = (folder) => {
  if (closure.has(folder)) return;
  closure.add(folder);
  const { dependencies = {} } = JSON.parse(fs.readFileSync(folder + '/package.json', 'utf8'));
  for (const name of Object.keys(dependencies)) {
    const entry = locked['node_modules/' + name];
    if (entry && entry.link) visit(entry.resolved);
  }
};
visit(workspace);
for (const folder of closure) fs.cpSync(folder, destination + '/' + folder, { recursive: true });
EOF

# The SPA build needs the whole dev toolchain (vite, tsx for the prerender step); none of it ships.
# Only the gateway target uses this stage, so only the gateway image builds the SPA.
FROM ${NODE_IMAGE} AS web-build
WORKDIR /app
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund
COPY . .
# VITE_* values are public: they are compiled into the JavaScript every visitor downloads.
ARG VITE_API_ORIGIN=""
ARG VITE_SUPPORT_EMAIL=""
ARG VITE_RAZORPAY_CHECKOUT_URL=""
RUN npm run build -w web

# What every image has: the dependencies, the sources, a non-root user, the workspace folder.
FROM ${NODE_IMAGE} AS runtime
ARG WORKSPACE
ENV NODE_ENV=production
WORKDIR /app
# Code and dependencies stay owned by root: the image's node user (1000) reads them, never changes them.
COPY --from=deps /app ./
COPY --from=source /app ./
USER 1000:1000
WORKDIR /app/${WORKSPACE}

# A one-shot that applies pending database migrations, then exits (idempotent; safe on every deploy).
FROM runtime AS migrate
# A one-shot has no server to probe; success is its exit code.
HEALTHCHECK NONE
# Same as `npm run migrate`, without npm: npm wants a writable home for its logs (the root filesystem
# is read-only in Kubernetes) and would stand between the signal and the process.
CMD ["node", "--import", "tsx", "src/cli/migrate.ts"]

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
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + process.env.HEALTH_PATH).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no npm wrapper), so SIGTERM reaches the graceful shutdown handler.
CMD ["node", "--import", "tsx", "src/index.ts"]

# The gateway: serves the built SPA and routes /api/* to the services. Its HEALTH_PATH is /alive, not
# /api/health: the aggregate turns 503 when any service is down, which says nothing about whether this
# process should be considered broken.
FROM server AS gateway
ENV WEB_DIST_DIR=/app/web/dist
COPY --from=web-build /app/web/dist/ /app/web/dist/
