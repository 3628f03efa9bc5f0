# syntax=docker/dockerfile:1
#
# The Storefront API image: the same apps/api/dist/main.js that `pnpm start` builds, run by
# node with production dependencies only, as the unprivileged `node` user; it serves the built
# admin panel (apps/admin/dist) at /admin. The same image runs the job workers' own process
# (apps/api/dist/workers.js, as `pnpm start:workers`) beside API instances with
# JOBS_ENABLED=false: compose.yaml's `workers` service (docs/deploying.md).
#   docker build -t storefront-api .
#   docker run -p 8000:8000 -e DATABASE_URL=... -e REDIS_URL=... -e RAZORPAY_KEY_ID=... -e RAZORPAY_KEY_SECRET=... -e RAZORPAY_WEBHOOK_SECRET=... storefront-api
# compose.yaml runs two of them behind nginx (README: "Running N instances").

FROM node:20-slim AS base
ENV CI=true TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
# The pnpm of package.json's packageManager field (a test keeps the two equal).
RUN corepack enable && corepack prepare pnpm@10.34.9 --activate
WORKDIR /app
# Only what `pnpm install` reads: the dependency layers stay cached until one of them changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY patches ./patches
COPY apps/admin/package.json ./apps/admin/
COPY apps/api/package.json ./apps/api/
COPY packages/client-sdk/package.json ./packages/client-sdk/
COPY packages/db/package.json ./packages/db/
COPY packages/pricing/package.json ./packages/pricing/
COPY packages/routers/package.json ./packages/routers/

FROM base AS build
# CI's install command, then the panel's build (Vite: static files) and the API's (tsup:
# dist/main.js, dist/workers.js and dist/drizzle), as `pnpm start` runs them.
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @storefront/admin build
RUN pnpm --filter @storefront/api build

FROM base AS production-dependencies
# The API and the workspace packages it bundles, without devDependencies.
RUN pnpm install --frozen-lockfile --prod --filter "@storefront/api..."

FROM node:20-slim AS runtime
ENV NODE_ENV=production PORT=8000 DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app ./
COPY --from=build /app/apps/api/dist ./apps/api/dist
# Where ADMIN_PANEL_DIR points by default (next to apps/api).
COPY --from=build /app/apps/admin/dist ./apps/admin/dist
# DATA_DIR holds local uploads (mount one volume shared by every instance at /data/uploads)
# and the mail outbox; a named volume mounted there starts with this ownership.
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 8000
# Liveness only: /ready (database reachable) is what a load balancer should route on.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "apps/api/dist/main.js"]
