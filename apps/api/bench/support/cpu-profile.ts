import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface CostShare {
  name: string;
  /** Share of the busy (non-idle) samples, 0..1. */
  share: number;
}

export interface ProfileSummary {
  /** Share of all samples the process was busy (not idle). */
  busy: number;
  /** Self time: the frame on top of the stack belongs to the package. */
  byPackage: CostShare[];
  /** Inclusive time: some frame of the stack belongs to the package (shares add up to more than 1). */
  underPackage: CostShare[];
  byFunction: CostShare[];
}

/**
 * Where a frame's code lives: the npm package (`@prisma/client`, `pino`), Node's own
 * (`node:internal`), our compiled code (`docformat`), or V8's pseudo-frames
 * (`(garbage collector)`, `(program)`).
 */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1] as string;
  if (url.startsWith('node:')) return 'node';
  return 'docformat';
}

/** Self time per package and per function of a `--cpu-prof` profile, largest first. */
export function summariseProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  /** The packages on each node's stack, computed once per node. */
  const stackPackages = new Map<number, Set<string>>();
  const packagesOnStack = (id: number): Set<string> => {
    const known = stackPackages.get(id);
    if (known) return known;
    const frame = byId.get(id)?.callFrame;
    const parent = parentOf.get(id);
    const set = new Set(parent === undefined ? [] : packagesOnStack(parent));
    if (frame) set.add(packageOf(frame.url, frame.functionName));
    stackPackages.set(id, set);
    return set;
  };
  const under = new Map<string, number>();
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    busy += dt;
    const pkg = packageOf(frame.url, frame.functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + dt);
    for (const onStack of packagesOnStack(id)) under.set(onStack, (under.get(onStack) ?? 0) + dt);
    const file = frame.url
      .replace(/^.*node_modules\//, '')
      .replace(/^.*\/dist\//, 'dist/')
      .replace(/^file:\/\//, '');
    const name = `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + dt);
  });
  const ranked = (map: Map<string, number>): CostShare[] =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => ({ name, share: busy > 0 ? time / busy : 0 }));
  return { busy: total > 0 ? busy / total : 0, byPackage: ranked(packages), underPackage: ranked(under), byFunction: ranked(functions) };
}

export function readProfile(path: string): CpuProfile {
  return JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
}
