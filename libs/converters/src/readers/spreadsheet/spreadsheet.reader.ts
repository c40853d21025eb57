import { type DocumentMetadata, JobFailure, isJobFailure, selectedPages } from '@docformat/contracts';
import type { FullProperties, WorkBook } from '@e965/xlsx';
import { type Block, type IntermediateDocument, withTitleHeading } from '../../document';
import { fileExtension } from '@docformat/file-types';
import { read as readCsv } from '../csv/csv.reader';
import type { ReadContext, ReaderInput } from '../reader';
import { gridTable } from '../blocks/grid-table';
import { sheetGrid } from './sheet-grid';
import { isWorkbookContainer, workbookBytes } from './workbook-package';
import { withBoundedReads } from './bounded-reads';
import * as XLSX from '@e965/xlsx';

/**
 * Beyond this many table cells (all visible sheets together) the job fails with
 * FILE_TOO_LARGE rather than truncating: a silently cut table reads as complete.
 * A million cells is ~10 MB of markdown, far past what anyone reads as a document.
 */
export const MAX_SPREADSHEET_CELLS = 1_000_000;

/**
 * Excel (XLSX, legacy XLS) and OpenDocument (ODS) workbooks via SheetJS Community
 * Edition (`@e965/xlsx`, 0.20.x: see SECURITY.md). One `##` section per visible
 * sheet with one table of the displayed values. Hidden and very hidden sheets are
 * skipped: they hold lookups and scratch work the author chose not to show, and
 * `pages` counts the sheets that are read.
 */
export async function read(input: ReaderInput, context: ReadContext): Promise<IntermediateDocument> {
  // Windows labels .csv files application/vnd.ms-excel (the type Excel registers), and
  // servers repeat it: a CSV by name and by content is read as one.
  if (!isWorkbookContainer(input.bytes) && ['csv', 'tsv'].includes(fileExtension(input.fileName))) return readCsv(input);
  const { bytes, hiddenOdsSheets } = workbookBytes(input.bytes);
  const workbook = parseWorkbook(bytes);
  // Every Excel and ODS workbook has a sheet; SheetJS returns none when the workbook stream is garbage.
  if (workbook.SheetNames.length === 0) throw new JobFailure('CORRUPT_DOCUMENT', 'The spreadsheet is damaged: it holds no sheets.');
  const visible = workbook.SheetNames.filter((name, index) => !workbook.Workbook?.Sheets?.[index]?.Hidden && !hiddenOdsSheets.has(name));
  // Pages are the visible sheets, numbered in workbook order; `format.pages` selects among them.
  const wanted = selectedPages(context.options.pages, visible.length);
  // SheetJS parses every sheet at once, so this is checked after parsing but before any rendering.
  context.checkPages(wanted.length);

  const blocks: Block[] = [];
  let cells = 0;
  for (const page of wanted) {
    const name = visible[page - 1];
    const grid = sheetGrid(workbook.Sheets[name]);
    cells += grid.length * (grid[0]?.length ?? 0);
    if (cells > MAX_SPREADSHEET_CELLS) {
      throw new JobFailure(
        'FILE_TOO_LARGE',
        `The spreadsheet has more than ${MAX_SPREADSHEET_CELLS.toLocaleString('en-US')} cells; it is too large to convert.`,
      );
    }
    blocks.push({ type: 'heading', level: 2, content: [{ type: 'text', text: name }], page });
    const table = gridTable(grid);
    if (table) blocks.push({ ...table, page });
  }
  const metadata = workbookMetadata(workbook.Props);
  return {
    pages: Math.max(visible.length, 1),
    metadata,
    blocks: withTitleHeading(blocks, metadata.title),
    ...(wanted.length < visible.length ? { pagesConverted: wanted } : {}),
  };
}

function parseWorkbook(bytes: Uint8Array): WorkBook {
  try {
    return withBoundedReads(() =>
      XLSX.read(bytes, {
        type: 'buffer',
        dense: true,
        cellText: true,
        cellDates: true,
        cellHTML: false,
        cellFormula: false,
        bookVBA: false,
        WTF: false,
      }),
    );
  } catch (error) {
    if (isJobFailure(error)) throw error;
    // SheetJS throws strings as well as Errors.
    const message = error instanceof Error ? error.message : String(error);
    // SheetJS's words for a protected XLS (FILEPASS) or ODS (encrypted manifest entries).
    if (/password|ODS Encryption|Encryption scheme|ECMA-376 Encrypted/i.test(message)) {
      throw new JobFailure('ENCRYPTED_DOCUMENT', 'The spreadsheet is encrypted and needs a password to open.', false, { cause: error });
    }
    throw new JobFailure('CORRUPT_DOCUMENT', 'The spreadsheet is damaged and could not be read.', false, { cause: error });
  }
}

function workbookMetadata(props: FullProperties | undefined): DocumentMetadata {
  const metadata: DocumentMetadata = {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const date = (value: unknown) => {
    const parsed = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
    return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : undefined;
  };
  const fields: [keyof DocumentMetadata, string | undefined][] = [
    ['title', text(props?.Title)],
    ['author', text(props?.Author)],
    ['subject', text(props?.Subject)],
    ['keywords', text(props?.Keywords)],
    ['language', text((props as { Language?: unknown } | undefined)?.Language)],
    ['createdAt', date(props?.CreatedDate)],
    ['modifiedAt', date(props?.ModifiedDate)],
  ];
  for (const [field, value] of fields) if (value !== undefined) metadata[field] = value;
  return metadata;
}
