import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { JobErrorCode, JobWarningCode, ProblemCode } from '@docformat/contracts';
import { readDoc, ROOT } from './markdown-docs';

// docs/api.md is the interface as people read it; the OpenAPI document is the interface
// as the code declares it. This keeps the two on the same endpoints and codes.

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/**
 * The document /openapi.json serves, built from the sources by the API's own CLI in a
 * process of its own: the app is created but never started, so nothing connects to
 * Postgres or Redis (and this library's tests import no app).
 */
async function openApiDocument(): Promise<OpenApiDocument> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['-r', join(ROOT, 'tools/jest/typescript-hook.js'), join(ROOT, 'apps/api/src/cli/openapi.ts')],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as OpenApiDocument;
}

/** Every enum value of a `code` property anywhere in the document (the codes a FAILED job's error may carry). */
function declaredCodes(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(declaredCodes);
  if (!node || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  const code = (record['properties'] as Record<string, { enum?: unknown[] }> | undefined)?.['code'];
  const own = (code?.enum ?? []).filter((value): value is string => typeof value === 'string');
  return [...own, ...Object.values(record).flatMap(declaredCodes)];
}

describe('docs/api.md against the OpenAPI document', () => {
  const apiDoc = readDoc('docs/api.md');
  let document: OpenApiDocument;

  beforeAll(async () => {
    document = await openApiDocument();
  }, 60_000);

  it('names every endpoint, as METHOD and path', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(5);
    expect(operations.filter((operation) => !apiDoc.includes(operation))).toEqual([]);
  });

  it('names every error code: those the document declares, and every problem, job error and warning code', () => {
    const fromDocument = declaredCodes(document);
    expect(fromDocument).toContain(JobErrorCode.CANCELLED);
    const codes = new Set([
      ...fromDocument,
      ...Object.values(ProblemCode),
      ...Object.values(JobErrorCode),
      ...Object.values(JobWarningCode),
    ]);
    expect([...codes].filter((code) => !apiDoc.includes(`\`${code}\``))).toEqual([]);
  });
});
