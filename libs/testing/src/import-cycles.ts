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

/**
 * The import cycles among the source files of every app and lib under `root`
 * (`<apps|libs>/<project>/src`, specs and generated code left out), each as the files
 * of one strongly connected component (Tarjan), paths relative to `root`.
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

  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(root, member));
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
