#!/usr/bin/env bash
# Scaffolds a lib's Nx project files (used once per lib; kept for the next one).
set -euo pipefail
kind=$1 name=$2 dir="$1s/$2"
mkdir -p "$dir/src"
cat > "$dir/project.json" <<JSON
{
  "name": "$name",
  "\$schema": "../../node_modules/nx/schemas/project-schema.json",
  "projectType": "library",
  "sourceRoot": "$dir/src",
  "tags": ["type:lib"],
  "targets": {
    "typecheck": { "executor": "nx:run-commands", "options": { "command": "tsc -p $dir/tsconfig.json --noEmit" } },
    "lint": { "executor": "nx:run-commands", "options": { "command": "eslint $dir" } },
    "test": { "executor": "nx:run-commands", "options": { "command": "jest -c $dir/jest.config.js" } }
  }
}
JSON
cat > "$dir/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "types": ["node", "jest"] },
  "include": ["src/**/*.ts", "test/**/*.ts"]
}
JSON
cat > "$dir/jest.config.js" <<JS
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: '$name',
  rootDir: __dirname,
};
JS
