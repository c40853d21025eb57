# One image for every process (api, worker, migrate); compose picks the npm script.
#
# No `# syntax=` line on purpose: the Dockerfile frontend built into BuildKit (Docker
# 20.10 and later) reads everything below, while a syntax image would have to be pulled
# from a registry at every cold build.
#
# Behind a TLS-intercepting proxy, `npm ci` must trust the proxy's CA: pass a PEM bundle
# as the build secret `ca` (compose: BUILD_CA_CERTS, see docs/operations.md; plain docker:
# `docker build --secret id=ca,src=/path/to/ca.pem .`). A secret is mounted for one RUN
# only and never stored in a layer; without it the steps below are unchanged.

FROM node:24-bookworm-slim AS build
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY tools/prisma-generate.js tools/prisma-generate.js
COPY prisma.config.ts ./
COPY prisma ./prisma
# npm ci also generates the Prisma client (postinstall), fully offline. The npm cache
# is a build cache mount: shared with the deps stage, never part of an image.
RUN --mount=type=secret,id=ca,required=false --mount=type=cache,target=/root/.npm,sharing=locked \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
    && npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only, pruned of what production never loads (see the script).
# A stage of its own so that the runtime image gets node_modules in one layer, without
# the deleted files underneath.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma/schema.prisma prisma/schema.prisma
COPY libs/converters/src/ocr/languages.ts libs/converters/src/ocr/languages.ts
COPY libs/converters/src/formats/chunks libs/converters/src/formats/chunks
COPY tools/prune-runtime-deps.js tools/prune-runtime-deps.js
RUN --mount=type=secret,id=ca,required=false --mount=type=cache,target=/root/.npm,sharing=locked \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
    && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
    && node tools/prune-runtime-deps.js

FROM node:24-bookworm-slim AS runtime
LABEL org.opencontainers.image.title=docformat \
      org.opencontainers.image.description="Self-hostable document-conversion service (API, worker, migrations)"
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
COPY --from=deps /app/node_modules ./node_modules
# The generated Prisma client is compiled into dist; its query compiler (WebAssembly)
# comes from @prisma/client in node_modules. prisma/ holds the migrations db:migrate applies.
COPY --from=build /app/dist ./dist
COPY prisma ./prisma
# Owned by root, run as node: the app cannot change its own code.
USER node
EXPOSE 3000
# `npm run start:api` without npm in between: SIGTERM reaches node, and no idle npm
# process (about 90 MB) sits in every container. Compose runs the worker the same way.
CMD ["node", "dist/api/apps/api/src/main.js"]
