# The site as one image: the built pages, the server bundle, its production packages, the SQL
# migrations (applied at start) and the administration commands (npm run staff, backup, restore,
# migrate). Build: docker build --build-arg PUBLIC_URL=https://example.dk -t skadeservice .
# PUBLIC_URL is baked into the prerendered pages (canonical links, sitemap), so it is a build
# argument as well as a runtime setting; build once per public origin (/readyz refuses a mismatch).
# Docker's built-in Dockerfile frontend (BuildKit, Docker 23+) and Podman/Buildah 4+ understand the
# cache mounts below; no remote `# syntax=` frontend is fetched.

# The base image by version and digest (docs/decisions/container-image.md, "Pinned images"). A
# check without a registry passes a local image of the same name: --build-arg NODE_IMAGE=….
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

# ── build: every package (the build tools are dev dependencies), then `npm run build` ─────────
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
ARG PUBLIC_URL=http://localhost:3000
RUN PUBLIC_URL="$PUBLIC_URL" npm run build && node scripts/bundle-admin.mjs

# ── production packages, without what only the browser bundle or type checking uses ──────────
FROM ${NODE_IMAGE} AS packages
WORKDIR /app
ENV NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
# lucide-react is drawn into the client bundle at build time; typescript is an optional peer of
# two packages and never loaded by the server. Type declarations, TypeScript sources (Node never
# runs those under node_modules), source maps and documents are about half of what is left.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev && \
  rm -rf node_modules/lucide-react node_modules/typescript node_modules/.cache && \
  find node_modules -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' -o -name '*.md' \) -delete

# ── runtime ────────────────────────────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS runtime
# pg_dump and pg_restore for `npm run backup`/`restore` on PostgreSQL (Debian 12's client is 15,
# the version compose.yaml runs): the two programs and libpq, not the whole client package with
# its Perl wrappers. Yarn and corepack are not needed at run time; npm runs the commands.
RUN apt-get update && \
  apt-get install -y --no-install-recommends libpq5 && \
  cd /tmp && apt-get download postgresql-client-15 && dpkg-deb -x postgresql-client-15_*.deb client && \
  install -m 0755 client/usr/lib/postgresql/15/bin/pg_dump client/usr/lib/postgresql/15/bin/pg_restore /usr/local/bin/ && \
  rm -rf /tmp/client /tmp/*.deb /var/lib/apt/lists/* /opt/yarn-* /usr/local/bin/yarn /usr/local/bin/yarnpkg \
    /usr/local/lib/node_modules/corepack /usr/local/bin/corepack && \
  pg_dump --version
WORKDIR /app
ENV NODE_ENV=production NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NPM_CONFIG_UPDATE_NOTIFIER=false \
  NPM_CONFIG_CACHE=/tmp/.npm NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
COPY --from=packages /app/node_modules ./node_modules
# The server finds its root by package.json and reads, beside it: dist/server (the bundle),
# build/client (pages), build/form-render (forms sent without scripts), build/resources (the PDFs),
# build/build-info.json and server/db/migrations (applied at every start). The first reports to
# insurers are drawn at run time (pdf-lib, DejaVu fonts from node_modules: production packages).
# dist/admin and the small scripts/ launchers are the administration commands (scripts/admin-cli.mjs).
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
COPY --from=build /app/server/db/migrations ./server/db/migrations
COPY --from=build /app/scripts/staff.mjs /app/scripts/backup.mjs /app/scripts/migrate.mjs /app/scripts/admin-cli.mjs /app/scripts/require-node.mjs ./scripts/
# The embedded database, local objects, mail and SMS files and the generated signing secret live
# in DATA_DIR when no PostgreSQL, S3, SMTP or SIGNING_SECRET is configured; /backups is where a
# volume for `npm run backup -- --out /backups/…` goes (a backup may not lie inside DATA_DIR).
# Group 0 owns both with the owner's rights, so an arbitrary UID (which always has group 0, as on
# OpenShift) can write; an empty named volume mounted there takes this ownership.
RUN mkdir -p /data /backups && chown 1000:0 /data /backups && chmod 0770 /data /backups
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME ["/data"]
# Numeric, so a runtime can verify "not root" (Kubernetes runAsNonRoot): the image's node user.
USER 1000:1000
EXPOSE 3000
# No curl in the slim image: Node's fetch asks the readiness route on the configured port.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself; server/index.ts finishes in-flight
# requests, stops the workers and closes the database, then exits 0 (forced exit after 10 s, so
# keep the stop timeout above that: `docker stop -t 15`, compose `stop_grace_period: 15s`).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/index.js"]
