import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export const METRICS = ['text', 'headings', 'lists', 'tables'] as const;
export type Metric = (typeof METRICS)[number];

/** One corpus document, as listed in `corpus/manifest.json` (paths resolved). */
export interface CorpusDocument {
  /** Absolute path of the input document. */
  file: string;
  /** Row label: the input type, e.g. `docx` or `pdf (R manual)`. */
  type: string;
  /** The file format, for the tools: the type label's first word (`pdf`, `html`, …). */
  format: string;
  madeBy: string;
  truthText: string;
  truthStructure?: string;
  metrics: Metric[];
}

interface RawDocument {
  file: string;
  type: string;
  madeBy?: string;
  truth: { text: string; structure?: string };
  metrics: string[];
}

function isMetric(value: string): value is Metric {
  return (METRICS as readonly string[]).includes(value);
}

/** Reads and checks the manifest; throws when it is missing or malformed. */
export function loadManifest(manifestPath: string): CorpusDocument[] {
  const base = dirname(manifestPath);
  const raw = JSON.parse(readFileSync(manifestPath, 'utf8')) as { documents?: RawDocument[] };
  if (!Array.isArray(raw.documents) || raw.documents.length === 0) throw new Error(`${manifestPath} lists no documents`);
  return raw.documents.map((doc) => {
    const metrics = doc.metrics.filter(isMetric);
    if (metrics.length !== doc.metrics.length) throw new Error(`${doc.file}: unknown metric in ${doc.metrics.join(', ')}`);
    if (metrics.some((metric) => metric !== 'text') && !doc.truth.structure)
      throw new Error(`${doc.file}: structure metrics need truth.structure`);
    return {
      file: resolve(base, doc.file),
      type: doc.type,
      format: doc.type.split(/\s/)[0],
      madeBy: doc.madeBy ?? '',
      truthText: resolve(base, doc.truth.text),
      truthStructure: doc.truth.structure ? resolve(base, doc.truth.structure) : undefined,
      metrics,
    };
  });
}
