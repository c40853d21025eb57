import { z } from 'zod';

/**
 * How the document is read, as POST /extract's `options` and POST /format's `format`
 * take them. The schema gives the shapes; the service checks the values (a page list,
 * a language code) and answers a VALIDATION_FAILED tool error that names the field.
 */
export const readingOptionsShape = {
  ocr: z
    .enum(['auto', 'force', 'off'])
    .optional()
    .describe('OCR: auto (default) reads scans and pages without a text layer; force OCRs every page; off never OCRs.'),
  languages: z.array(z.string()).optional().describe('OCR languages as Tesseract codes, default ["eng"]; installed: eng, deu, fra, spa.'),
  pages: z.string().optional().describe('Pages to read, such as "1-3,7" or "10-" (to the end); default all.'),
};

/** The options beside `format.type` of POST /format. */
export const formatOptionsShape = {
  ...readingOptionsShape,
  pageMarkers: z
    .boolean()
    .optional()
    .describe('markdown gets a <!-- page N --> line where each page starts, text a form feed. Default false.'),
  tables: z
    .enum(['markdown', 'html'])
    .optional()
    .describe('markdown: a table with merged cells or several header rows as a pipe table (markdown, default) or an HTML <table> (html).'),
  chunking: z
    .object({
      maxTokens: z.number().int().optional().describe('Largest chunk in cl100k_base tokens, 16–8192, default 512.'),
      overlapTokens: z.number().int().optional().describe('Tokens a chunk repeats of the previous one, 0 (default) to half of maxTokens.'),
      strategy: z
        .enum(['heading', 'size'])
        .optional()
        .describe('heading (default): a new chunk at every heading; size: packed up to maxTokens.'),
    })
    .optional()
    .describe('How the chunks format cuts the document.'),
  cache: z.boolean().optional().describe('false: convert again even when the same bytes were converted the same way before. Default true.'),
  split: z.boolean().optional().describe('false: convert a long PDF on one worker. Default true (the output is the same).'),
};

/** Only the options given: the service's defaults stand for the rest. */
export function givenOptions(args: Record<string, unknown>, shape: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(shape).flatMap((name) => (args[name] === undefined ? [] : [[name, args[name]]])));
}
