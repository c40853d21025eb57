import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** What the checks read of Kubernetes objects: the fields used, loosely typed. */
export interface Probe {
  httpGet?: { path: string; port: string | number };
  tcpSocket?: { port: string | number };
}
export interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean; capabilities?: { drop?: string[] } };
  volumeMounts?: { name: string; mountPath: string }[];
}
export interface PodSpec {
  containers: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; runAsGroup?: number };
  terminationGracePeriodSeconds?: number;
  volumes?: { name: string }[];
}
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec: {
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    template?: { metadata: { labels: Record<string, string> }; spec: PodSpec };
    ports?: { name?: string; port: number; targetPort: string | number }[];
    scaleTargetRef?: { apiVersion?: string; kind?: string; name: string };
    minReplicaCount?: number;
    maxReplicaCount?: number;
    triggers?: { type: string; metadata: Record<string, string> }[];
    minAvailable?: number;
    maxUnavailable?: number;
  };
}
export interface Kustomization {
  resources: string[];
  configMapGenerator: { name: string; envs: string[] }[];
  secretGenerator: { name: string; envs: string[] }[];
  images: { name: string; newName?: string; newTag?: string }[];
}

export const K8S_DIR = join(__dirname, '../k8s');
export const ROOT = join(__dirname, '../..');

export const readK8sFile = (file: string): string => readFileSync(join(K8S_DIR, file), 'utf8');
export const k8sFiles = (): string[] => readdirSync(K8S_DIR).sort();

export const kustomization = (): Kustomization => parse(readK8sFile('kustomization.yaml')) as Kustomization;

/** Every object of every resource file the kustomization lists, in order. */
export function objects(): K8sObject[] {
  return kustomization().resources.flatMap((file) =>
    parseAllDocuments(readK8sFile(file)).map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      return doc.toJS() as K8sObject;
    }),
  );
}

/** KEY=VALUE lines of a Kustomize env file (comments and blank lines skipped), as Kustomize reads them. */
export function envFile(file: string): Record<string, string> {
  const entries = readK8sFile(file)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=');
      if (at <= 0) throw new Error(`${file}: not KEY=VALUE: ${line}`);
      return [line.slice(0, at), line.slice(at + 1)] as const;
    });
  return Object.fromEntries(entries);
}

/** A Kubernetes quantity in bytes (Mi, Gi) or CPUs (m). */
export function quantity(value: string): number {
  const units: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, m: 0.001 };
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|m)?$/.exec(value);
  if (!match) throw new Error(`not a quantity: ${value}`);
  return Number(match[1]) * (match[2] ? (units[match[2]] ?? 1) : 1);
}
