# One image for the Gatehouse api, the Temporal worker, the sanitizer, the provider simulator,
# migrations and the admin CLI; docker-compose.yml picks the command. TypeScript runs through tsx,
# as in `npm run api` / `npm run worker`, so the only build is the console's static files.

# The console (console/ -> console/dist) needs the dev dependencies (vite, preact); the image does not.
FROM node:20-bookworm-slim AS console
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund || npm install --no-save --no-audit --no-fund
COPY console ./console
COPY domain ./domain
COPY scripts/build-console.mjs ./scripts/build-console.mjs
RUN node scripts/build-console.mjs

FROM node:20-bookworm-slim

WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000

COPY package.json package-lock.json ./
# `npm ci` refuses a lock file that lacks other platforms' optional packages; `npm install
# --no-save` then installs the same locked versions without rewriting it.
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-save --no-audit --no-fund) \
    && npm cache clean --force

COPY tsconfig.json ./
COPY activities ./activities
COPY api ./api
COPY data ./data
COPY db ./db
COPY domain ./domain
COPY lib ./lib
COPY scripts ./scripts
COPY services ./services
COPY simulator ./simulator
COPY temporal ./temporal
COPY workers ./workers
COPY workflows ./workflows
COPY --from=console /app/console/dist ./console/dist

USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "workers/api.ts"]
