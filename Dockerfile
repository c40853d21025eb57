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
# jemalloc instead of glibc's malloc: conversion threads and OCR engines come and go,
# and glibc keeps what they freed in per-thread arenas (a worker that had ended its
# OCR engines stayed at 203 MB RSS with glibc, 105 MB with jemalloc; 1,000 mixed jobs
# peaked ~300 MB lower). See docs/adr/0005-worker-memory.md.
# (Linked to one path so that the image builds the same on amd64 and arm64.)
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 && rm -rf /var/lib/apt/lists/* \
    && ln -s "$(dpkg -L libjemalloc2 | grep 'libjemalloc.so.2$')" /usr/local/lib/libjemalloc.so.2
ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only; the generated client is already compiled into dist.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY prisma ./prisma
USER node
EXPOSE 3000
CMD ["npm", "run", "start:api"]
