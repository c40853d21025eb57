# syntax=docker/dockerfile:1
# One image for every process (api, worker, migrate); compose picks the npm script.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/prisma-generate.js tools/prisma-generate.js
COPY prisma.config.ts ./
COPY prisma ./prisma
# npm ci also generates the Prisma client (postinstall), fully offline.
RUN npm ci
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only; the generated client is already compiled into dist.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY prisma ./prisma
USER node
EXPOSE 3000
CMD ["npm", "run", "start:api"]
