import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Relative imports, static or dynamic, `export … from` included (type-only ones too: they tie files as much). */
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'generated') sourceFiles(path, out);
    } else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) {
      out.push(resolve(path));
    }
  }
  return out;
}

/** Each file's relative imports of other files among `files` (absolute paths): `x.ts`, `x/index.ts`, or `x` as written. */
function importEdges(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const base = resolve(dirname(file), match[1]);
      const target = [`${base}.ts`, join(base, 'index.ts'), base].find((candidate) => known.has(candidate));
      if (target) targets.push(target);
    }
    edges.set(file, targets);
  }
  return edges;
}

/** The strongly connected components of more than one node (Tarjan): each a set of nodes that reach one another. */
function cyclesOf(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component);
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/**
 * The import cycles among the source files of every app and lib under `root`
 * (`<apps|libs>/<project>/src`, specs and generated code left out), each as the files
 * of one strongly connected component, paths relative to `root`.
 */
export function importCycles(root: string): string[][] {
  const files = ['apps', 'libs'].flatMap((top) =>
    existsSync(join(root, top))
      ? readdirSync(join(root, top)).flatMap((project) => {
          const src = join(root, top, project, 'src');
          return existsSync(src) ? sourceFiles(src) : [];
        })
      : [],
  );
  return cyclesOf(importEdges(files)).map((component) => component.map((file) => relative(root, file)).sort());
}

/**
 * A project's layers, lowest first, each a list of places in its source folder: a
 * folder (`document/`), a file (`convert.ts`), or every folder in a folder, each a place
 * of its own (a `*` for the folder's name). A file is in the place that names it most
 * closely: the one with more parts, else the one that names the folder.
 */
export type Layers = ReadonlyArray<readonly string[]>;

/**
 * Where the source files under `src` (specs left out) break `layers`: a file in no
 * place, an import of a place in a higher layer than the importer's, and places of one
 * layer that import each other, directly or round a loop. Within a place, files import
 * as they like. Each finding is a sentence, paths relative to `src`.
 */
export function layerViolations(src: string, layers: Layers): string[] {
  const places = layers.flatMap((patterns, layer) =>
    patterns.map((pattern) => {
      // `a/b/` is a folder, its files anywhere below it; `a/b.ts` is a file.
      const folder = pattern.endsWith('/');
      return { layer, folder, parts: (folder ? pattern.slice(0, -1) : pattern).split('/') };
    }),
  );
  /** The place of a path relative to src: the pattern that matches it with the most parts, a name before a `*`. */
  const placeOf = (path: string): { name: string; layer: number } | undefined => {
    const segments = path.split('/');
    let best: { name: string; layer: number; rank: number } | undefined;
    for (const { layer, folder, parts } of places) {
      if (folder ? segments.length <= parts.length : segments.length !== parts.length) continue;
      if (!parts.every((part, i) => part === '*' || part === segments[i])) continue;
      const rank = parts.length * 2 + (parts.includes('*') ? 0 : 1);
      if (!best || rank > best.rank) best = { name: segments.slice(0, parts.length).join('/') + (folder ? '/' : ''), layer, rank };
    }
    return best && { name: best.name, layer: best.layer };
  };

  const findings: string[] = [];
  const edges = importEdges(sourceFiles(src));
  const between = new Map<string, Set<string>>();
  for (const [file, targets] of edges) {
    const path = relative(src, file);
    const from = placeOf(path);
    if (!from) {
      findings.push(`${path} is in no layer`);
      continue;
    }
    for (const target of targets) {
      const to = placeOf(relative(src, target));
      if (!to || to.name === from.name) continue;
      if (to.layer > from.layer) findings.push(`${path} imports ${relative(src, target)}, a layer above it (${to.name} over ${from.name})`);
      else if (to.layer === from.layer) between.set(from.name, (between.get(from.name) ?? new Set()).add(to.name));
    }
  }
  const sideways = new Map([...between].map(([place, targets]) => [place, [...targets]]));
  for (const loop of cyclesOf(sideways)) findings.push(`${loop.sort().join(', ')} import one another`);
  return findings.sort();
}
