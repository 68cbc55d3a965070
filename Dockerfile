# syntax=docker/dockerfile:1
# The hotel server with both clients, for one hotel (PGlite in the /var/lib/hotel volume)
# or one process of a chain (DATABASE_URL). compose.yaml runs it beside PostgreSQL;
# docs/operations.md explains both. Node runs the built server directly as PID 1 and
# handles SIGTERM itself (finishes requests, closes the database); compose adds an init.

# ---- build: every dependency, then the clients (Vite) and the server (esbuild) ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The desktop app's Electron binary is not needed to build the server or the web clients.
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies and the built output only ----
FROM node:20-bookworm-slim AS runtime
# A font with Arabic glyphs for the QR sheets (server/src/modules/qr/qr-font.ts).
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    HOTEL_DATA_DIR=/var/lib/hotel
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# `npm run backup` / `npm run restore` (scripts/start.mjs runs the built tools; without sources it builds nothing).
COPY scripts/start.mjs scripts/preflight.mjs ./scripts/
# Not root: the server writes only its data folder (PGlite, the generated secret); backups go to /backups.
RUN mkdir -p /var/lib/hotel /backups && chown node:node /var/lib/hotel /backups
USER node
VOLUME ["/var/lib/hotel"]
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist-server/main.js"]
