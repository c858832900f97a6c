#!/usr/bin/env bash
# `npm run test:container`: builds the site's image once and runs it with Podman, as a deployment
# would (root; Debian 12). Without a container registry it builds local stand-ins for the base
# images first (../shared/tools/container-standins, or CONTAINER_STANDINS; read its README).
#   1. embedded database (PGlite), the image's defaults: takes a lead, keeps it across a restart
#   2. an arbitrary UID with group 0 (OpenShift), and a data folder it cannot write: one line
#   3. read-only root, every capability dropped, no-new-privileges, /tmp as tmpfs
#   4. PostgreSQL with a least-privilege role for the site (migrations by the owner role), and the
#      administration commands inside the running container (add staff, the on-call chain, backup)
#      and a restore as a one-off container
#   5. /readyz refuses a PUBLIC_URL the pages were not built for
# Prints one line per check and the total time; removes its containers, volumes and network.
set -euo pipefail
cd "$(dirname "$0")/.."

STANDINS=${CONTAINER_STANDINS:-../shared/tools/container-standins}
IMAGE=${IMAGE:-skadeservice-site:test}
NODE_IMAGE=${NODE_IMAGE:-node:24-bookworm-slim}
PG_IMAGE=${PG_IMAGE:-postgres:15-bookworm}
NAME=skade-ct
NET=$NAME-net
WAIT_S=${WAIT_S:-180}
started=$SECONDS

say() { echo "test:container: $*"; }
die() {
  say "FAILED: $*" >&2
  exit 1
}
cleanup() {
  podman rm -f -t 2 -i "$NAME-site" "$NAME-pg" "$NAME-once" >/dev/null 2>&1 || true
  podman volume rm -f "$NAME-data" "$NAME-pgdata" "$NAME-admin" >/dev/null 2>&1 || true
  podman network rm -f "$NET" >/dev/null 2>&1 || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# wait_for DESCRIPTION COMMAND...: retries each second until COMMAND succeeds or WAIT_S passes.
wait_for() {
  local what=$1 deadline=$((SECONDS + WAIT_S))
  shift
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 1
  done
  say "ok: $what"
}
# Asks the site from inside its own container (no published port, nothing else needed).
site_fetch() { # PATH [JSON body] → prints "STATUS BODY"
  podman exec "$NAME-site" node -e '
    const [path, body] = process.argv.slice(1);
    fetch("http://127.0.0.1:3000" + path, body ? { method: "POST", headers: { "content-type": "application/json" }, body } : {})
      .then(async (r) => console.log(r.status, await r.text()), (e) => { console.log(0, e.message); process.exit(1); });' "$@"
}
ready() { [[ $(site_fetch /readyz) == 200* ]]; }
site_logs() { podman logs --tail 30 "$NAME-site" >&2 || true; }
stop_site() { # must end with exit status 0 after SIGTERM
  podman stop -t 15 "$NAME-site" >/dev/null
  local code
  code=$(podman inspect "$NAME-site" --format '{{.State.ExitCode}}')
  [ "$code" = 0 ] || die "the site exited with $code after SIGTERM"
}
post_lead() {
  local result
  result=$(site_fetch /api/leads '{"kind":"kontakt","name":"Anne Hansen","email":"anne@example.dk","phone":"22 34 56 78","service":"genhusning","message":"Vandskade i kælderen, ring gerne i dag."}')
  [[ $result == 201* ]] || die "POST /api/leads answered: $result"
  say "ok: POST /api/leads 201"
}

bash "$STANDINS/setup-engine.sh"
POSTGRES_TAG=$PG_IMAGE bash "$STANDINS/build-standins.sh" --only debian,node,postgres
cleanup

build_started=$SECONDS
# The runtime stage starts from an empty image (the Dockerfile says why), so it inherits no label:
# an image built on a stand-in is marked as one here, as the stand-ins' README asks.
labels=()
for key in standin standin.for standin.note; do
  value=$(podman image inspect "$NODE_IMAGE" --format "{{index .Labels \"$key\"}}" 2>/dev/null || true)
  [ -z "$value" ] || [ "$value" = '<no value>' ] || labels+=(--label "$key=$value")
done
podman build --format docker --build-arg NODE_IMAGE="$NODE_IMAGE" "${labels[@]}" -t "$IMAGE" . >/tmp/skade-ct-build.log 2>&1 ||
  { tail -40 /tmp/skade-ct-build.log >&2; die "podman build (log: /tmp/skade-ct-build.log)"; }
size=$(podman image inspect "$IMAGE" --format '{{.Size}}')
say "ok: image $IMAGE built in $((SECONDS - build_started)) s, $((size / 1000000)) MB"
[ "$size" -le 300000000 ] || die "the image is $((size / 1000000)) MB, more than 300 (docs/decisions/container-image.md, Size)"
[ "$(podman image inspect "$IMAGE" --format '{{.Config.User}}')" = 1000:1000 ] || die "USER is not 1000:1000"

# ── 1. PGlite on the image's defaults ──────────────────────────────────────────────────────────
podman volume create "$NAME-data" >/dev/null
podman volume create "$NAME-admin" >/dev/null
podman run -d --name "$NAME-site" -v "$NAME-data:/data" -e SPAM_CHECKS=off "$IMAGE" >/dev/null
wait_for "PGlite: /readyz 200" ready || { site_logs; die "/readyz did not answer 200"; }
post_lead
podman restart -t 15 "$NAME-site" >/dev/null
wait_for "PGlite: /readyz 200 after a restart" ready || { site_logs; die "no /readyz after restart"; }
stop_site
# The embedded database opens in one process only, so the count is read with the server stopped.
counts=$(podman run --rm --no-healthcheck --name "$NAME-once" -v "$NAME-data:/data" -v "$NAME-admin:/backups" "$IMAGE" \
  npm run -s backup -- --out /backups/pglite)
[[ $counts == *"1 henvendelser"* ]] || die "backup after the restart: $counts"
say "ok: the lead is kept across the restart ($counts)"
podman rm -f "$NAME-site" >/dev/null

# ── 2. arbitrary UID, and a data folder it cannot write ────────────────────────────────────────
podman run -d --name "$NAME-site" --user 4242:0 -e SPAM_CHECKS=off "$IMAGE" >/dev/null
wait_for "uid 4242 gid 0: /readyz 200" ready || { site_logs; die "arbitrary UID"; }
post_lead
stop_site
podman rm -f "$NAME-site" >/dev/null
set +e
out=$(podman run --rm --no-healthcheck --name "$NAME-once" --user 4242:4242 "$IMAGE" 2>&1 | grep -v "level=")
code=$?
set -e
[ "$code" = 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && [[ $out == "DATA_DIR /data is not writable"* ]] ||
  die "unwritable DATA_DIR: exit $code, output: $out"
say "ok: unwritable DATA_DIR: exit 1 with one line"

# ── 3. read-only, no capabilities, no-new-privileges ───────────────────────────────────────────
podman run -d --name "$NAME-site" --read-only --tmpfs /tmp --cap-drop ALL \
  --security-opt no-new-privileges -v "$NAME-data:/data" -e SPAM_CHECKS=off "$IMAGE" >/dev/null
wait_for "read-only, cap-drop ALL, no-new-privileges: /readyz 200" ready || { site_logs; die "hardened run"; }
post_lead
stop_site
podman rm -f "$NAME-site" >/dev/null

# ── 4. PostgreSQL: owner role migrates, the site connects as a least-privilege role ───────────
podman network create "$NET" >/dev/null
podman run -d --name "$NAME-pg" --network "$NET" -e POSTGRES_USER=skadeservice -e POSTGRES_PASSWORD=owner-pw \
  -e POSTGRES_DB=skadeservice -e SITE_DB_PASSWORD='site p@ss/wörd#1' \
  -v "$PWD/deploy/postgres-init:/docker-entrypoint-initdb.d:ro" -v "$NAME-pgdata:/var/lib/postgresql/data" \
  "$PG_IMAGE" >/dev/null
wait_for "PostgreSQL ready" podman exec "$NAME-pg" pg_isready -U skadeservice -d skadeservice || die "PostgreSQL"
owner_url=postgres://skadeservice:owner-pw@$NAME-pg:5432/skadeservice
site_env=(-e DATABASE_HOST="$NAME-pg" -e DATABASE_NAME=skadeservice -e DATABASE_USER=skadeservice_site
  -e DATABASE_PASSWORD_FILE=/run/secrets/db -e SIGNING_SECRET=container-test-signing-secret-0123456789 -e SPAM_CHECKS=off)
printf 'site p@ss/wörd#1\n' >/tmp/skade-ct-db-secret
chmod 0644 /tmp/skade-ct-db-secret
podman run --rm --no-healthcheck --name "$NAME-once" --network "$NET" -e DATABASE_URL="$owner_url" "$IMAGE" npm run -s migrate
say "ok: npm run migrate as the owner role"
podman run -d --name "$NAME-site" --network "$NET" --read-only --tmpfs /tmp --cap-drop ALL \
  --security-opt no-new-privileges -v /tmp/skade-ct-db-secret:/run/secrets/db:ro -v "$NAME-admin:/backups" \
  "${site_env[@]}" "$IMAGE" >/dev/null
wait_for "PostgreSQL as skadeservice_site: /readyz 200" ready || { site_logs; die "least-privilege role"; }
podman healthcheck run "$NAME-site" >/dev/null || die "the image's HEALTHCHECK"
post_lead
# The site's role may not change the schema.
denied=$(podman exec "$NAME-pg" psql -U skadeservice_site -d skadeservice -c 'create table probe (id int)' 2>&1 || true)
[[ $denied == *"permission denied"* ]] || die "the site's role may create tables: $denied"
say "ok: the site's role cannot create tables"

# Administration inside the running container, with the command names of a checkout.
printf 'en-lang-nok-adgangskode-42\n' | podman exec -i "$NAME-site" npm run -s staff -- add vagt@example.dk \
  --name "Vera Vagt" --phone +4520123456 --role koordinator >/dev/null
podman exec "$NAME-site" npm run -s staff -- on-call set vagt@example.dk >/dev/null
chain=$(podman exec "$NAME-site" npm run -s staff -- on-call)
[[ $chain == *"Vera Vagt"* ]] || die "on-call after on-call set: $chain"
say "ok: npm run staff -- add, on-call set, on-call (exec in the running container)"
backup=$(podman exec "$NAME-site" npm run -s backup -- --out /backups/pg)
[[ $backup == *"1 henvendelser"* ]] || die "backup on PostgreSQL: $backup"
say "ok: npm run backup on PostgreSQL ($backup)"
post_lead # a second lead, which the restore must take away again
stop_site
podman rm -f "$NAME-site" >/dev/null
restored=$(podman run --rm --no-healthcheck --name "$NAME-once" --network "$NET" -v "$NAME-admin:/backups" -e DATABASE_URL="$owner_url" \
  "$IMAGE" npm run -s restore -- /backups/pg --force)
check=$(podman exec "$NAME-pg" psql -U skadeservice -d skadeservice -Atc 'select count(*) from leads')
[ "$check" = 1 ] || die "after the restore: $check leads ($restored)"
podman run -d --name "$NAME-site" --network "$NET" -v /tmp/skade-ct-db-secret:/run/secrets/db:ro \
  "${site_env[@]}" "$IMAGE" >/dev/null
wait_for "npm run restore (owner role), the site's role reads it: /readyz 200, 1 lead" ready ||
  { site_logs; die "site after restore"; }
post_lead

# ── 5. pages built for another PUBLIC_URL ──────────────────────────────────────────────────────
podman rm -f -t 15 "$NAME-site" >/dev/null
podman run -d --name "$NAME-site" --network "$NET" -v /tmp/skade-ct-db-secret:/run/secrets/db:ro \
  -e PUBLIC_URL=https://another.example "${site_env[@]}" "$IMAGE" >/dev/null
mismatch=''
deadline=$((SECONDS + WAIT_S))
while [ "$SECONDS" -lt "$deadline" ]; do
  mismatch=$(site_fetch /readyz 2>/dev/null || true)
  [[ $mismatch == 503*"pages built for"* ]] && break
  sleep 1
done
[[ $mismatch == 503*"pages built for"* ]] || die "PUBLIC_URL mismatch: /readyz answered $mismatch"
say "ok: PUBLIC_URL mismatch: /readyz 503"

rm -f /tmp/skade-ct-db-secret
say "OK: every check passed in $((SECONDS - started)) s"
