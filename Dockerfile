# 个人管理系统 as a container: `docker compose up -d` (compose.yaml), or
#   docker build -t pms . && docker run -d -p 8080:8080 -v pms-data:/data pms
# scripts/check-image.sh builds this file and starts the result on a machine without Docker Hub.

# ---- build: the web app (dist/), the server and its CLIs bundled (dist-server/) ----
FROM node:20-bookworm-slim AS build

# better-sqlite3 is compiled here from source, against the headers of the node in this image,
# so the build downloads no binaries and no headers (only packages from the npm registry).
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
# Behind a TLS-inspecting proxy: --build-arg NODE_EXTRA_CA_CERTS=<a CA file mounted into the build>.
ARG NODE_EXTRA_CA_CERTS

WORKDIR /app
COPY package.json package-lock.json ./
# build_from_source keeps prebuild-install from fetching a binary (npm warns it does not know
# the setting: it is prebuild-install's, read from the environment).
RUN npm_config_build_from_source=true npm ci
COPY . .
# The CLIs (npm run backup / restore / user) run under tsx from the sources in a checkout; here
# they are bundled next to main.mjs like the server, which finds its migrations beside itself.
RUN npm run build \
    && npx esbuild server/cli/*.ts --bundle --platform=node --format=esm --target=node20 \
        --external:better-sqlite3 --outdir=dist-server --entry-names=cli-[name] \
        --out-extension:.js=.mjs --log-level=warning \
        "--banner:js=import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);"

# What runs: the two builds, and of node_modules only what the bundles leave external
# (better-sqlite3: its JavaScript, the compiled addon, and `bindings`, which finds the addon).
# Its install-time dependency prebuild-install and the SQLite sources stay behind.
RUN mkdir -p /runtime/node_modules/better-sqlite3/build/Release \
    && cp -r dist dist-server /runtime/ \
    && cd node_modules \
    && cp -r better-sqlite3/package.json better-sqlite3/LICENSE better-sqlite3/lib /runtime/node_modules/better-sqlite3/ \
    && cp better-sqlite3/build/Release/better_sqlite3.node /runtime/node_modules/better-sqlite3/build/Release/ \
    && cp -r bindings file-uri-to-path /runtime/node_modules/ \
    && cd /runtime \
    && node -e " \
        const pkg = require('/app/package.json'); \
        const run = (file) => 'node --max-semi-space-size=1 dist-server/' + file; \
        require('fs').writeFileSync('package.json', JSON.stringify({ \
          name: pkg.name, version: pkg.version, private: true, type: 'module', \
          scripts: { start: run('main.mjs'), backup: run('cli-backup.mjs'), \
                     restore: run('cli-restore.mjs'), user: run('cli-user.mjs') }, \
        }, null, 2) + '\n');" \
    && node -e "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get()"

# ---- run: node, the builds and the SQLite addon; no compiler, no npm cache ----
FROM node:20-bookworm-slim

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    PM_STATIC_DIR=/app/dist \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072
# Read at start and passed through as given (README, Configuration): PM_USERS, TRUST_PROXY
# (1 behind the Caddy of compose.yaml), BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY, BACKUP_COPY_DIR.
# They are not set here, so an unset one keeps the server's own default.

WORKDIR /app
COPY --from=build /runtime/ ./
# The image's files belong to root and cannot be changed by the server; it writes only /data.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080

# node itself: the slim image has no curl or wget. 503 (a damaged or full database) is unhealthy.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# node is PID 1 and the server's own handler shuts down cleanly on SIGTERM: requests finish,
# the backup scheduler stops, the database closes (server/main.ts).
STOPSIGNAL SIGTERM
# The same flags `npm start` gives the built server (scripts/build-server.mjs: serverCommand).
CMD ["node", "--max-semi-space-size=1", "dist-server/main.mjs"]
