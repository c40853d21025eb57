import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { envSchema } from '../src/env.schema';
import { documentationFiles, ROOT } from './markdown-docs';

// Keeps docker-compose.yml, the Dockerfile, package.json and the documentation (README.md,
// docs/) on the same commands and variables without a Docker engine; `npm run
// test:compose` runs them.
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: { context?: string; secrets?: string[] };
  pull_policy?: string;
  init?: boolean;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  ports?: string[];
  healthcheck?: unknown;
}

type ComposeFile = { services: Record<string, Service>; secrets?: Record<string, { file?: string }> };
const compose = parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;
/** The smoke test's override file; `!override` (replace, do not merge) read as a plain list. */
const overrideTag = { tag: '!override', collection: 'seq' as const, resolve: (value: unknown) => value };
const smokeOverride = parse(read('tools/compose-smoke/compose.smoke.yml'), { merge: true, customTags: [overrideTag] }) as ComposeFile;
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const configuration = read('docs/configuration.md');
const operations = read('docs/operations.md');
/** The README and every page of docs/, for the commands they tell people to run. */
const documentation = documentationFiles().map(read).join('\n');
const appServices = ['migrate', 'api', 'worker'];
/** The package.json script each app service runs (its command, without npm in between). */
const scriptOf: Record<string, string> = { migrate: 'db:migrate', api: 'start:api', worker: 'start:worker' };

/** Variable names in docs/configuration.md's table (rows starting with | `NAME` |). */
const documented = new Set([...configuration.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]));

describe('docker-compose.yml', () => {
  it('has the services the documentation describes, with healthchecks and start-up conditions', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'migrate', 'postgres', 'redis', 'worker']);
    expect(compose.services['postgres']?.healthcheck).toBeDefined();
    expect(compose.services['redis']?.healthcheck).toBeDefined();
    expect(compose.services['api']?.healthcheck).toBeDefined();
    expect(compose.services['migrate']?.depends_on?.['postgres']?.condition).toBe('service_healthy');
    for (const name of ['api', 'worker']) {
      expect(compose.services[name]?.depends_on).toEqual({
        migrate: { condition: 'service_completed_successfully' },
        redis: { condition: 'service_healthy' },
      });
    }
    expect(compose.services['worker']?.deploy?.replicas).toBe(2);
    expect(compose.services['api']?.ports).toEqual(['127.0.0.1:3000:3000']);
  });

  it.each(appServices)('runs %s as its package.json script does, node directly under init', (name) => {
    const service = compose.services[name];
    // node itself (Node flags allowed: the worker's young generation), not npm or a shell
    expect(scripts[scriptOf[name] ?? '']).toMatch(/^node (--[\w-]+(=\S+)? )*\S+\.js$/);
    expect(service?.command?.join(' ')).toBe(scripts[scriptOf[name] ?? '']);
    expect(service?.init).toBe(true);
  });

  it('builds docformat:local once (migrate) with the optional CA build secret; api and worker run it', () => {
    for (const name of appServices) {
      expect(compose.services[name]?.image).toBe('docformat:local');
      expect(compose.services[name]?.pull_policy).toBe('never');
    }
    expect(compose.services['migrate']?.build).toEqual({ context: '.', secrets: ['ca'] });
    expect(compose.services['api']?.build).toBeUndefined();
    expect(compose.services['worker']?.build).toBeUndefined();
    expect(compose.secrets?.['ca']?.file).toBe('${BUILD_CA_CERTS:-/dev/null}');
  });

  it("is changed by the smoke test's override only in image names and the published port", () => {
    for (const name of appServices) {
      const keys = Object.keys(smokeOverride.services[name] ?? {}).sort();
      expect(['image', 'ports']).toEqual(expect.arrayContaining(keys));
    }
    const added = Object.keys(smokeOverride.services).filter((name) => !compose.services[name]);
    expect(added).toEqual(['origin']);
  });

  it.each(appServices)('gives %s only variables the config knows and docs/configuration.md documents', (name) => {
    const variables = Object.keys(compose.services[name]?.environment ?? {});
    expect(variables.length).toBeGreaterThan(0);
    for (const variable of variables) {
      expect(Object.keys(envSchema.shape)).toContain(variable);
      expect(documented).toContain(variable);
    }
  });
});

describe('the documentation', () => {
  it('documents every setting the apps read in docs/configuration.md', () => {
    for (const variable of Object.keys(envSchema.shape)) expect(documented).toContain(variable);
  });

  it('describes the compose smoke test and the CA build secret in docs/operations.md', () => {
    expect(operations).toContain('tools/compose-smoke.sh');
    expect(operations).toContain('BUILD_CA_CERTS');
  });

  it('uses only scripts that exist, in the README and every page of docs/', () => {
    const used = new Set([...documentation.matchAll(/npm run ([a-z][a-z:-]*)/g)].map((m) => m[1]));
    for (const script of used) expect(Object.keys(scripts)).toContain(script);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const froms = [...dockerfile.matchAll(/^FROM (\S+) AS (\w+)$/gm)].map((m) => ({ image: m[1], stage: m[2] }));

  it('builds with the package scripts and runs as a non-root user with production dependencies only', () => {
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(froms.map((f) => f.stage)).toEqual(['build', 'deps', 'runtime']);
    expect(new Set(froms.map((f) => f.image)).size).toBe(1);
    expect(froms[0]?.image).toMatch(/^node:\d+[\d.]*-bookworm-slim$/);
  });

  it('starts the API as `npm run start:api` does, without npm', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]';
    expect((JSON.parse(cmd) as string[]).join(' ')).toBe(scripts['start:api']);
  });

  it('trusts a CA only through the optional build secret, never in a layer, and pulls no syntax image', () => {
    const installs = dockerfile.match(/^RUN .*\n(?:\s+.*\n)*?.*npm ci/gm) ?? [];
    expect(installs).toHaveLength(2);
    for (const install of installs) expect(install).toContain('--mount=type=secret,id=ca,required=false');
    expect(dockerfile).not.toMatch(/^(ENV|ARG)\b.*(NODE_EXTRA_CA_CERTS|cafile)/im);
    expect(dockerfile).not.toMatch(/^# syntax=/m);
  });
});
