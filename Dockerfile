# syntax=docker/dockerfile:1
# Stockpilot: a multi-stage image. The build stage installs everything and runs `npm run build` (the web app and
# the bundled server into dist/); the runtime stage holds only dist/ and the production dependencies.
#
# The runtime stage takes the same steps as the test
# scripts/production-install-signs-in-runs-an-analysis-and-exports-a-pdf.test.ts (`npm test` runs it): dist/ +
# package.json + package-lock.json, `npm ci --omit=dev`, `node dist/server/main.js` under NODE_ENV=production,
# then sign-up, an analysis and its PDF. No container engine could run on the machine this was written on, so
# that test, not a `docker build`, is what checks these steps (docs/deployment.md).

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Dependencies first: this layer is reused until package-lock.json changes.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    PGLITE_DIR=/app/.data/pglite
COPY package.json package-lock.json ./
# npm keeps the few dev dependencies that satisfy a production dependency's optional peer (docs/deployment.md).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# dist/ carries everything the server reads at run time: the bundle, the web app, migrations, the common-password
# list and the market snapshot (dist/data). No sources are needed.
COPY --from=build /app/dist ./dist
# The embedded database's directory (used only without DATABASE_URL) must be writable by the non-root user.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# Readiness, not just liveness: 503 until the database answers, every migration of this build is applied,
# sign-in's data is loaded and the market snapshot reads (server/features/health). No curl in the slim image: node's fetch.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
# The flags of scripts/server-node-flags.json (what `npm start` uses). The server is PID 1 and handles SIGTERM
# itself: it stops accepting, finishes requests in flight (at most 10 s), stops its jobs, closes the database, exits 0.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "dist/server/main.js"]
