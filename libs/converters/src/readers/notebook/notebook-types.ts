/**
 * The parts of the Jupyter notebook format (nbformat 4, and the `worksheets` of
 * nbformat 3) this reader uses. Everything is optional: notebooks are hand-edited,
 * exported by many tools, and the reader must degrade, not crash, on odd ones.
 */
export type MultilineString = string | string[];

export interface NotebookOutput {
  output_type?: string;
  /** `stream` outputs (nbformat 3 `pyout` puts plain text here too). */
  text?: MultilineString;
  /** `execute_result` / `display_data`: one representation per MIME type. */
  data?: Record<string, unknown>;
  ename?: string;
  evalue?: string;
  traceback?: string[];
}

export interface NotebookCell {
  cell_type?: string;
  source?: MultilineString;
  /** nbformat 3 code cells. */
  input?: MultilineString;
  outputs?: NotebookOutput[];
}

export interface Notebook {
  nbformat: number;
  cells?: NotebookCell[];
  worksheets?: { cells?: NotebookCell[] }[];
  metadata?: {
    title?: unknown;
    authors?: unknown;
    kernelspec?: { language?: unknown };
    language_info?: { name?: unknown };
  };
}

export function joinLines(value: MultilineString | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join('') : String(value);
}
