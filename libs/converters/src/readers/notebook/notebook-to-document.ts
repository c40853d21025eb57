import type { DocumentMetadata } from '@docformat/contracts';
import { type Block, type IntermediateDocument, inlineText, withTitleHeading } from '../../document';
import { markdownToDocument } from '../markdown/markdown.reader';
import { outputBlocks } from './notebook-outputs';
import { type Notebook, type NotebookCell, joinLines } from './notebook-types';

/** `nbformat` and a list of cells (or nbformat 3 worksheets) make a notebook. */
export function isNotebook(value: unknown): value is Notebook {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const candidate = value as Partial<Notebook>;
  return typeof candidate.nbformat === 'number' && (Array.isArray(candidate.cells) || Array.isArray(candidate.worksheets));
}

/**
 * Markdown cells go through the markdown reader (headings, lists and tables survive),
 * code cells become fenced blocks in the kernel's language, followed by their outputs.
 */
export function notebookToDocument(notebook: Notebook): IntermediateDocument {
  const language = kernelLanguage(notebook);
  const blocks: Block[] = [];
  for (const cell of cells(notebook)) {
    if (typeof cell !== 'object' || cell === null) continue;
    blocks.push(...cellBlocks(cell, language));
  }
  const metadata = notebookMetadata(notebook, blocks);
  return { pages: 1, metadata, blocks: withTitleHeading(blocks, metadata.title) };
}

function cells(notebook: Notebook): NotebookCell[] {
  if (Array.isArray(notebook.cells)) return notebook.cells;
  return (notebook.worksheets ?? []).flatMap((sheet) => (Array.isArray(sheet?.cells) ? sheet.cells : []));
}

function cellBlocks(cell: NotebookCell, language: string | undefined): Block[] {
  const source = joinLines(cell.source ?? cell.input).replace(/\r\n?/g, '\n');
  switch (cell.cell_type) {
    case 'markdown': {
      if (source.trim() === '') return [];
      return markdownToDocument(source).blocks;
    }
    case 'code': {
      const code: Block[] = source.trim() === '' ? [] : [{ type: 'code', language, text: source.replace(/\n+$/, '') }];
      return [...code, ...outputBlocks(cell.outputs)];
    }
    case 'raw':
      return source.trim() === '' ? [] : [{ type: 'code', text: source.replace(/\n+$/, '') }];
    default:
      return [];
  }
}

function kernelLanguage(notebook: Notebook): string | undefined {
  const candidates = [notebook.metadata?.kernelspec?.language, notebook.metadata?.language_info?.name];
  const name = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return name?.trim().toLowerCase();
}

/** The first H1 of the markdown cells names the notebook; metadata.title is the fallback. */
function notebookMetadata(notebook: Notebook, blocks: readonly Block[]): DocumentMetadata {
  const heading = blocks.find((block) => block.type === 'heading' && block.level === 1);
  const fromMetadata = typeof notebook.metadata?.title === 'string' ? notebook.metadata.title.trim() : '';
  const title = heading?.type === 'heading' ? inlineText(heading.content).trim() : fromMetadata;
  const authors = Array.isArray(notebook.metadata?.authors) ? notebook.metadata.authors : [];
  const author = authors
    .map((entry: unknown) => (typeof entry === 'string' ? entry : (entry as { name?: unknown } | null)?.name))
    .filter((name): name is string => typeof name === 'string' && name.trim() !== '')
    .join(', ');
  return { ...(title ? { title } : {}), ...(author ? { author } : {}) };
}
