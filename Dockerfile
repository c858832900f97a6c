# syntax=docker/dockerfile:1
# The site as one image: the built pages, the server bundle, its production packages and the SQL
# migrations (applied at start). Build: docker build --build-arg PUBLIC_URL=https://example.dk -t skadeservice .
# PUBLIC_URL is baked into the prerendered pages (canonical links, sitemap), so it is a build
# argument as well as a runtime setting; build once per public origin.

# ── build: every package (the build tools are dev dependencies), then `npm run build` ─────────
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
ARG PUBLIC_URL=http://localhost:3000
RUN PUBLIC_URL="$PUBLIC_URL" npm run build

# ── runtime: production packages, the build output and the migrations, nothing else ─────────
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
# The server finds its root by package.json and reads, beside it: dist/server (the bundle),
# build/client (pages), build/form-render (forms sent without scripts), build/resources (the PDFs),
# build/build-info.json and server/db/migrations (applied at every start).
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
COPY --from=build /app/server/db/migrations ./server/db/migrations
# The embedded database, local objects, mail and SMS files and the generated signing secret live
# in DATA_DIR when no PostgreSQL, S3, SMTP or SIGNING_SECRET is configured.
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME ["/data"]
# The image's own unprivileged user (uid 1000).
USER node
EXPOSE 3000
# No curl in the slim image: Node's fetch asks the readiness route on the configured port.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself; server/index.ts finishes in-flight
# requests, stops the workers and closes the database, then exits 0 (forced exit after 10 s, so
# keep the stop timeout above that: `docker stop -t 15`, compose `stop_grace_period: 15s`).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/index.js"]
