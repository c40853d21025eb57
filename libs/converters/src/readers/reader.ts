import type { FileType } from '@docformat/file-types';
import type { ConversionOptions } from '../conversion-options';
import type { IntermediateDocument } from '../document';

/** What a reader gets: the bytes plus what is known about them. */
export interface ReaderInput {
  bytes: Buffer;
  /** The identified type, lower case (identify-document.ts). */
  mimeType: string;
  fileName?: string;
  /** What the source claimed (a Content-Type); its charset decodes text-based inputs. */
  contentType?: string | null;
}

/** What `convertDocument` gives every read besides the input. */
export interface ReadContext {
  /** OCR, languages, page selection, page markers, with defaults filled in. */
  readonly options: ConversionOptions;
  /** Pages this read may convert: MAX_PAGES, less what an archive's earlier entries used; at least 1. */
  readonly maxPages: number;
  /**
   * Fails with TOO_MANY_PAGES when `pages` (a document's count, or its selection) is over
   * `maxPages`. Every read is checked for one page before it starts; readers of longer
   * documents call this as soon as they know their count, before the heavy work.
   */
  checkPages(pages: number): void;
  /** What a document inside this one (an archive entry) is, typed like a download, and the reader for it. */
  identify(bytes: Uint8Array, fileName: string): IdentifiedDocument;
  /**
   * Reads a document inside this one with the reader `identify` picked, within `maxPages`.
   * A page selection is the outer document's, so it does not apply to the inner one.
   */
  readNested(input: ReaderInput, reader: ReaderManifest, maxPages: number): Promise<IntermediateDocument>;
}

/** A reader module's one export: the document's bytes → the intermediate document. */
export type ReadDocument = (input: ReaderInput, context: ReadContext) => Promise<IntermediateDocument>;

/**
 * One reader, as registered: what it accepts, as data, and how to load it. Each reader
 * folder exports one (`<name>.manifest.ts`), listed once in registry.ts. Loading is a
 * dynamic import, so registering a reader costs nothing until a document needs it, and
 * the reader module may import its parser at the top.
 */
export interface ReaderManifest {
  readonly name: string;
  /** Lower reads first, where two readers could take a document: specific formats before generic ones (ZIP, text). */
  readonly priority: number;
  /** The file types it reads, with their signatures (@docformat/file-types); the first type's MIME type names the reader in errors. */
  readonly accepts: readonly FileType[];
  readonly load: () => Promise<{ read: ReadDocument }>;
  /**
   * Present when the reader can read a long document in parts, on several threads
   * (pdf-parts.ts): loads how, as `load` loads the reader, on the first
   * conversion that splits.
   */
  readonly loadSplitReading?: () => Promise<SplitReading>;
}

/**
 * A reader's reading in parts, in three steps that each run as a task of their own: the
 * first reads the document whole, or plans it in parts and reads the first; each further
 * part is read on its own; the parts, in plan order, then make the document a whole read
 * gives. Plans and parts are plain data: they cross threads.
 */
export interface SplitReading<Plan extends SplitPlan = SplitPlan, Part = unknown> {
  /** Reads the document whole, unless `request` cuts its selection into parts: then it announces the plan and reads only the first part. */
  readFirst(input: ReaderInput, context: ReadContext, request: SplitReadRequest): Promise<IntermediateDocument | FirstPart<Plan, Part>>;
  /** A further part: some pages of the document, 1-based, ascending (the plan checked the page limit). */
  readPart(bytes: Uint8Array, pages: readonly number[], options: ConversionOptions): Promise<Part>;
  /** Every part, in plan order, → the document; `readParts` is called once, and nothing of the parts is kept. */
  assemble(plan: Plan, readParts: () => readonly Part[]): IntermediateDocument;
}

/** A read planned in parts: the selected pages, 1-based, cut into consecutive parts; the rest of the plan is the reader's own. */
export interface SplitPlan {
  parts: number[][];
}

/** What the first step of a read in parts is given: how to cut the selection, and whom to tell the plan. */
export interface SplitReadRequest {
  /**
   * The selection's parts, in order, or undefined when it is not worth splitting.
   * `ocrShare` samples the selection for the share of its pages that need OCR (0–1),
   * for a cut that weighs pages by cost; it reads pages, so it is asked only when needed.
   */
  cut(pages: readonly number[], ocrShare: () => Promise<number>): Promise<number[][] | undefined>;
  /** Told the plan as soon as it is known, before the first part is read, so the other parts can start. */
  onPlan(plan: SplitPlan): void;
}

/** A document's first part, read by the task that planned the split, with the plan. */
export interface FirstPart<Plan extends SplitPlan = SplitPlan, Part = unknown> {
  plan: Plan;
  part: Part;
}

/** What identification says about a document (identify-document.ts). */
export interface IdentifiedDocument {
  /** Lower case; `application/octet-stream` when nothing says. */
  mimeType: string;
  /** The usual extension of the type (`pdf`, `txt`), when it has one. */
  extension?: string;
  /** The reader to read it with; none when no reader takes it. */
  reader?: ReaderManifest;
}
