// `npm ci` runs this to generate the Prisma client into libs/db/src/generated.
// Generation never runs the native schema engine, but the CLI insists on finding
// one and would download it; pointing it at any executable keeps install offline.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';

const cli = path.join(__dirname, '..', 'node_modules', 'prisma', 'build', 'index.js');
const result = spawnSync(process.execPath, [cli, 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
