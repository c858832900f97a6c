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
# runtime-files.txt: the files under node_modules that the built entries load (scripts/runtime-files.mjs).
# The server runs without --enable-source-maps, so its source map stays out of the image.
RUN PUBLIC_URL="$PUBLIC_URL" npm run build && node scripts/bundle-admin.mjs && \
  node scripts/runtime-files.mjs > runtime-files.txt && rm dist/server/index.js.map

# ── production packages, only what the built entries load ──────────────────────────────────────
FROM ${NODE_IMAGE} AS packages
WORKDIR /app
ENV NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev
# Of 290 MB, about 40 stay: packages no built entry imports go (client-only ones such as
# lucide-react and the Radix dialogs, typescript, pino-pretty), and in the others the module files
# they do not load (the other module format, browser builds, unused parts), the fonts the PDFs do
# not use, type declarations, source maps and documents (scripts/prune-runtime-files.mjs).
COPY --from=build /app/runtime-files.txt /app/scripts/prune-runtime-files.mjs ./
RUN node prune-runtime-files.mjs runtime-files.txt node_modules

# ── the operating system and Node, without what the site never runs ───────────────────────────
FROM ${NODE_IMAGE} AS system
# pg_dump and pg_restore for `npm run backup`/`restore` on PostgreSQL (Debian 12's client is 15,
# the version compose.yaml runs): the two programs and libpq, not the whole client package with
# its Perl wrappers. Node's C headers (for compiling add-ons), yarn, corepack and the documents
# are not needed at run time; npm stays, it runs the administration commands.
RUN apt-get update && \
  apt-get install -y --no-install-recommends libpq5 && \
  cd /tmp && apt-get download postgresql-client-15 && dpkg-deb -x postgresql-client-15_*.deb client && \
  install -m 0755 client/usr/lib/postgresql/15/bin/pg_dump client/usr/lib/postgresql/15/bin/pg_restore /usr/local/bin/ && \
  rm -rf /tmp/client /tmp/*.deb /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log \
    /opt/yarn-* /usr/local/bin/yarn /usr/local/bin/yarnpkg /usr/local/lib/node_modules/corepack \
    /usr/local/bin/corepack /usr/local/include /usr/local/share/doc /usr/local/share/man \
    /usr/local/CHANGELOG.md /usr/local/README.md /usr/local/lib/node_modules/npm/docs \
    /usr/local/lib/node_modules/npm/man /usr/share/doc/* /usr/share/man/* && \
  pg_dump --version

# ── runtime ────────────────────────────────────────────────────────────────────────────────────
# Files deleted in a later layer still weigh in the image, so the trimmed system is copied whole
# into an empty image: one layer of about 230 MB instead of node's 292 MB plus our additions. The
# base image's settings are not inherited and are restated here (PATH, NODE_VERSION, ENTRYPOINT).
FROM scratch AS runtime
COPY --from=system / /
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
ENTRYPOINT ["docker-entrypoint.sh"]
WORKDIR /app
ENV NODE_ENV=production NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NPM_CONFIG_UPDATE_NOTIFIER=false \
  NPM_CONFIG_CACHE=/tmp/.npm
COPY package.json package-lock.json ./
COPY --from=packages /app/node_modules ./node_modules
# The server finds its root by package.json and reads, beside it: dist/server (the bundle),
# build/client (pages), build/form-render (forms sent without scripts), build/resources (the PDFs),
# build/build-info.json and server/db/migrations (applied at every start). The first reports to
# insurers are drawn at run time (pdf-lib, DejaVu fonts from node_modules: production packages).
# dist/admin and the small scripts/ launchers are the administration commands (scripts/admin-cli.mjs).
COPY --from=build /app/dist ./dist
COPY --from=build /app/build/client ./build/client
COPY --from=build /app/build/form-render ./build/form-render
COPY --from=build /app/build/resources ./build/resources
COPY --from=build /app/build/build-info.json ./build/
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
