import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { envSchema, loadConfig } from '@docformat/config';
import { QueueName } from '@docformat/contracts';
import { queueStateKeys } from '@docformat/queue';
import { envFile, k8sFiles, kustomization, objects, quantity, ROOT, type Container, type K8sObject, type Probe } from './manifests';

/** The API versions this base may use: stable Kubernetes APIs, and KEDA's. */
const KNOWN_KINDS: Record<string, string> = {
  Deployment: 'apps/v1',
  Service: 'v1',
  Job: 'batch/v1',
  PodDisruptionBudget: 'policy/v1',
  ScaledObject: 'keda.sh/v1alpha1',
};
/** The worker's close margin after SHUTDOWN_GRACE_MS (apps/worker/src/shutdown/signal-handlers.ts). */
const WORKER_CLOSE_MARGIN_S = 15;
/** docs/performance.md, "Worker memory": a worker's peak RSS with WORKER_CONCURRENCY=2 and OCR_THREADS=2. */
const WORKER_PEAK_RSS_MB = 600;
/** The uid of `node`, the user the Dockerfile runs as, in the official node images. */
const NODE_UID = 1000;

const kustomize = kustomization();
const all = objects();
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const generated = { config: envFile('config.env'), secrets: envFile('secrets.env') };

function one(kind: string, name: string): K8sObject {
  const found = all.filter((o) => o.kind === kind && o.metadata.name === name);
  expect(found).toHaveLength(1);
  return found[0] as K8sObject;
}
const workloads = (): K8sObject[] => all.filter((o) => o.kind === 'Deployment' || o.kind === 'Job');
const containerOf = (workload: K8sObject): Container => workload.spec.template?.spec.containers[0] as Container;
const subset = (labels: Record<string, string> | undefined, of: Record<string, string> | undefined) =>
  Object.entries(labels ?? {}).every(([key, value]) => of?.[key] === value);

/** Every variable a container gets: the generated ConfigMap and Secret it names, then its own env. */
function environmentOf(container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  const configMaps = new Map(kustomize.configMapGenerator.map((g) => [g.name, g.envs]));
  const secrets = new Map(kustomize.secretGenerator.map((g) => [g.name, g.envs]));
  for (const source of container.envFrom ?? []) {
    const files = source.configMapRef ? configMaps.get(source.configMapRef.name) : secrets.get(source.secretRef?.name ?? '');
    expect(files).toBeDefined();
    for (const file of files ?? []) Object.assign(env, envFile(file));
  }
  for (const variable of container.env ?? []) env[variable.name] = variable.value ?? '';
  return env;
}

const portOf = (container: Container, port: string | number | undefined): number | undefined =>
  typeof port === 'number' ? port : container.ports?.find((p) => p.name === port)?.containerPort;

describe('the Kustomize base (deploy/k8s)', () => {
  it('lists every manifest in the folder, and only those', () => {
    const manifests = k8sFiles().filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    expect([...kustomize.resources].sort()).toEqual(manifests);
    expect(kustomize.configMapGenerator.map((g) => g.envs)).toEqual([['config.env']]);
    expect(kustomize.secretGenerator.map((g) => g.envs)).toEqual([['secrets.env']]);
  });

  it('uses known kinds and API versions, unique names and the app labels', () => {
    expect(all.length).toBeGreaterThanOrEqual(7);
    for (const object of all) {
      expect(`${object.kind} ${object.apiVersion}`).toBe(`${object.kind} ${KNOWN_KINDS[object.kind]}`);
      expect(object.metadata.name).toMatch(/^docformat-[a-z-]+$/);
      expect(object.metadata.labels?.['app.kubernetes.io/name']).toBe('docformat');
    }
    const keys = all.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(
      [
        'Deployment/docformat-api',
        'Deployment/docformat-worker',
        'Job/docformat-migrate',
        'PodDisruptionBudget/docformat-api',
        'PodDisruptionBudget/docformat-worker',
        'ScaledObject/docformat-worker',
        'Service/docformat-api',
      ].sort(),
    );
  });

  it.each([
    ['Deployment', 'docformat-api', 'start:api'],
    ['Deployment', 'docformat-worker', 'start:worker'],
    ['Job', 'docformat-migrate', 'db:migrate'],
  ])('runs %s %s as `npm run %s` does, without npm, from the image the kustomization names', (kind, name, script) => {
    const workload = one(kind, name);
    // A Deployment's selector picks its own pods (a Job's is generated).
    if (kind === 'Deployment') {
      expect(Object.keys(workload.spec.selector?.matchLabels ?? {}).length).toBeGreaterThan(0);
      expect(subset(workload.spec.selector?.matchLabels, workload.spec.template?.metadata.labels)).toBe(true);
    } else expect(workload.spec.selector).toBeUndefined();
    const container = containerOf(workload);
    expect(workload.spec.template?.spec.containers).toHaveLength(1);
    expect(container.command?.join(' ')).toBe(scripts[script]);
    expect(kustomize.images.map((image) => image.name)).toContain(container.image);
  });

  it.each(['docformat-api', 'docformat-worker', 'docformat-migrate'])(
    'gives %s only settings the config schema knows, values it accepts, and the database and Redis',
    (name) => {
      const workload = workloads().find((w) => w.metadata.name === name) as K8sObject;
      const env = environmentOf(containerOf(workload));
      for (const variable of Object.keys(env)) expect(Object.keys(envSchema.shape)).toContain(variable);
      // The defaults point at 127.0.0.1, which is nothing in a pod.
      expect(env['DATABASE_URL']).toBeDefined();
      expect(env['REDIS_URL']).toBeDefined();
      expect(() => loadConfig(env)).not.toThrow();
    },
  );

  it('keeps the example secrets in the Secret and plain settings in the ConfigMap', () => {
    for (const secret of ['DATABASE_URL', 'REDIS_URL', 'API_TOKENS', 'METRICS_TOKEN', 'ADMIN_TOKEN']) {
      expect(generated.secrets[secret]).toBeDefined();
      expect(generated.config[secret]).toBeUndefined();
    }
  });

  it('serves the API on PORT behind the Service, with readiness on /health', () => {
    const api = containerOf(one('Deployment', 'docformat-api'));
    const config = loadConfig(environmentOf(api));
    expect(api.ports?.map((p) => p.containerPort)).toEqual([config.PORT]);
    const service = one('Service', 'docformat-api');
    expect(service.spec.selector).toEqual(one('Deployment', 'docformat-api').spec.template?.metadata.labels);
    for (const port of service.spec.ports ?? []) expect(portOf(api, port.targetPort)).toBe(config.PORT);
    for (const probe of [api.startupProbe, api.readinessProbe]) expect(probe?.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(portOf(api, api.livenessProbe?.tcpSocket?.port ?? api.livenessProbe?.httpGet?.port)).toBe(config.PORT);
  });

  it("probes the worker's /health on METRICS_PORT, which the worker only opens when it is set", () => {
    const worker = containerOf(one('Deployment', 'docformat-worker'));
    const config = loadConfig(environmentOf(worker));
    expect(config.METRICS_PORT).toBeDefined();
    expect(worker.ports?.map((p) => p.containerPort)).toEqual([config.METRICS_PORT]);
    for (const probe of [worker.startupProbe, worker.livenessProbe] as Probe[]) {
      expect(probe.httpGet?.path).toBe('/health');
      expect(portOf(worker, probe.httpGet?.port)).toBe(config.METRICS_PORT);
    }
  });

  it('sends every HTTP probe to /health on a port the container opens', () => {
    for (const workload of workloads()) {
      const container = containerOf(workload);
      for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe]) {
        if (probe?.httpGet) {
          expect(probe.httpGet.path).toBe('/health');
          expect(portOf(container, probe.httpGet.port)).toBeDefined();
        }
      }
    }
  });

  it('gives a stopping worker SHUTDOWN_GRACE_MS and the close margin before it is killed', () => {
    const worker = one('Deployment', 'docformat-worker');
    const config = loadConfig(environmentOf(containerOf(worker)));
    expect(worker.spec.template?.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(
      config.SHUTDOWN_GRACE_MS / 1000 + WORKER_CLOSE_MARGIN_S,
    );
  });

  it("runs every pod as the Dockerfile's non-root user, with a read-only root and a writable /tmp", () => {
    expect(readFileSync(join(ROOT, 'Dockerfile'), 'utf8')).toMatch(/^USER node$/m);
    for (const workload of workloads()) {
      const pod = workload.spec.template?.spec;
      expect(pod?.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: NODE_UID, runAsGroup: NODE_UID });
      const container = containerOf(workload);
      expect(container.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
      expect(pod?.volumes?.map((v) => v.name)).toContain(tmp?.name);
    }
  });

  it("requests the benchmarks' memory: a worker's measured peak, below its limit", () => {
    for (const workload of workloads()) {
      const { requests, limits } = containerOf(workload).resources ?? {};
      expect(requests?.['cpu']).toBeDefined();
      expect(quantity(limits?.['memory'] ?? '0')).toBeGreaterThan(quantity(requests?.['memory'] ?? 'x'));
    }
    const worker = containerOf(one('Deployment', 'docformat-worker'));
    const config = loadConfig(environmentOf(worker));
    expect([config.WORKER_CONCURRENCY, config.OCR_THREADS]).toEqual([2, 2]);
    expect(quantity(worker.resources?.requests?.['memory'] ?? '0')).toBeGreaterThanOrEqual(WORKER_PEAK_RSS_MB * 2 ** 20);
    expect(quantity(worker.resources?.requests?.['cpu'] ?? '0')).toBe(config.WORKER_CONCURRENCY);
    expect(config.WORKER_MAX_RSS_MB * 2 ** 20).toBeLessThan(quantity(worker.resources?.limits?.['memory'] ?? '0'));
  });

  it('keeps pods through disruptions with a budget per Deployment', () => {
    for (const name of ['docformat-api', 'docformat-worker']) {
      const budget = one('PodDisruptionBudget', name);
      expect(budget.spec.selector?.matchLabels).toEqual(one('Deployment', name).spec.template?.metadata.labels);
      expect((budget.spec.minAvailable ?? 0) + (budget.spec.maxUnavailable ?? 0)).toBe(1);
    }
  });
});

describe('the KEDA ScaledObject', () => {
  const scaled = one('ScaledObject', 'docformat-worker');
  const workerEnv = environmentOf(containerOf(one('Deployment', 'docformat-worker')));
  const config = loadConfig(workerEnv);

  it('scales the worker Deployment from 1 pod up', () => {
    expect(scaled.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'docformat-worker' });
    expect(scaled.spec.minReplicaCount).toBe(1);
    expect(scaled.spec.maxReplicaCount).toBeGreaterThan(1);
  });

  it("reads the keys BullMQ keeps the conversion queue's waiting and active entries in, under QUEUE_PREFIX", () => {
    const keys = queueStateKeys(config.QUEUE_PREFIX, QueueName.CONVERSION);
    const triggers = scaled.spec.triggers ?? [];
    expect(triggers.map((t) => t.type)).toEqual(['redis', 'redis', 'redis']);
    expect(triggers.map((t) => t.metadata['listName'])).toEqual([keys.prioritized, keys.wait, keys.active]);
    // Active entries per pod: as many as one worker runs at once.
    expect(Number(triggers[2]?.metadata['listLength'])).toBe(config.WORKER_CONCURRENCY);
    for (const trigger of triggers) expect(Number(trigger.metadata['listLength'])).toBeGreaterThan(0);
  });

  it('asks the Redis that REDIS_URL names', () => {
    const redis = new URL(config.REDIS_URL);
    for (const trigger of scaled.spec.triggers ?? []) expect(trigger.metadata['address']).toBe(`${redis.hostname}:${redis.port || 6379}`);
  });
});
