// Adds lock entries for other platforms' optional native packages (swc, nx,
// msgpackr-extract, …) that the registry mirror of our build machines does not
// serve. Without them `npm ci` refuses the lock as out of sync. The entries carry
// the os/cpu/libc that make npm skip them on any other platform, exactly as a lock
// written with full registry access would. Run after `npm install <pkg>`:
//   node tools/complete-lockfile.js
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openharmony', 'sunos', 'netbsd', 'openbsd'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  s390x: 's390x',
  loong64: 'loong64',
  riscv64: 'riscv64',
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return null;
  const libc = os === 'linux' ? (parts.some((p) => p.startsWith('musl')) ? ['musl'] : ['glibc']) : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const depKey = `node_modules/${dep}`;
    if (packages[depKey] || !/^\d+\.\d+\.\d+/.test(version)) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[depKey] = { version, ...platform, ...(entry.dev ? { dev: true } : {}), optional: true };
    added += 1;
    void key;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`complete-lockfile: added ${added} platform entries\n`);
