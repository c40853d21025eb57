import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_TYPESCRIPT } from './typescript-sources';

const REPO_ROOT = join(__dirname, '../../..');

/** Runs a tiny script that uses runScript in a process of its own (it ends with process.exit). */
function runChild(body: string, marker: string): { status: number | null; stdout: string } {
  const source = `
    const { writeFileSync } = require('node:fs');
    const { runScript } = require(${JSON.stringify(join(__dirname, 'run-script.ts'))});
    runScript('probe', 60000, async ({ cleanups }) => {
      cleanups.push(() => writeFileSync(${JSON.stringify(marker)}, 'first'));
      cleanups.push(() => writeFileSync(${JSON.stringify(marker)}, 'second'));
      ${body}
    });`;
  const child = spawnSync(process.execPath, [...RUN_TYPESCRIPT, '-e', source], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: child.status, stdout: child.stdout };
}

describe('runScript', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'run-script-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('exits with main’s code after running the clean-up steps, last added first', () => {
    const marker = join(dir, 'marker');
    const { status } = runChild('return 3;', marker);
    expect(status).toBe(3);
    // The step added first runs last, so its write is the one that stays.
    expect(readFileSync(marker, 'utf8')).toBe('first');
  });

  it('cleans up, says why and exits 1 when main throws', () => {
    const marker = join(dir, 'marker');
    const { status, stdout } = runChild("throw new Error('the origin did not start');", marker);
    expect(status).toBe(1);
    expect(stdout).toContain('probe: FAILED: Error: the origin did not start');
    expect(existsSync(marker)).toBe(true);
  });
});
