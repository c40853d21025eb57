import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { envSchema } from '../src/env.schema';

// No Docker engine runs where the tests run, so this keeps docker-compose.yml, the
// Dockerfile, package.json and the README on the same commands and variables.
const root = join(__dirname, '../../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  ports?: string[];
  healthcheck?: unknown;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const readme = read('README.md');
const appServices = ['migrate', 'api', 'worker'];

/** Variable names in the README's configuration table (rows starting with | `NAME` |). */
const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]));

describe('docker-compose.yml', () => {
  it('has the services the README describes, with healthchecks and start-up conditions', () => {
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

  it.each(appServices)('runs %s with a package.json script', (name) => {
    const command = compose.services[name]?.command ?? [];
    expect(command.slice(0, 2)).toEqual(['npm', 'run']);
    expect(command).toHaveLength(3);
    expect(Object.keys(scripts)).toContain(command[2]);
  });

  it.each(appServices)('gives %s only variables the config knows and the README documents', (name) => {
    const variables = Object.keys(compose.services[name]?.environment ?? {});
    expect(variables.length).toBeGreaterThan(0);
    for (const variable of variables) {
      expect(Object.keys(envSchema.shape)).toContain(variable);
      expect(documented).toContain(variable);
    }
  });
});

describe('README', () => {
  it('documents every setting the apps read', () => {
    for (const variable of Object.keys(envSchema.shape)) expect(documented).toContain(variable);
  });

  it('uses only scripts that exist', () => {
    const used = new Set([...readme.matchAll(/npm run ([a-z][a-z:-]*)/g)].map((m) => m[1]));
    for (const script of used) expect(Object.keys(scripts)).toContain(script);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('builds with the package scripts and runs as a non-root user with production dependencies only', () => {
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
  });
});
