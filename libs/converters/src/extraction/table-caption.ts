import { type Block, inlineText } from '../document';

/**
 * "Table 3: Sites", "Tab. 2 –", "Tabelle 4.1", "Tableau II", "Tabla 5" … at the start of
 * a short paragraph. The document tree has no caption node, so a caption is recognised
 * by its wording; an HTML <caption> is the paragraph right before its table.
 */
const CAPTION = /^(table|tab\.|tabelle|tableau|tabla|tabella)\s*[0-9IVXLC]+(\.[0-9]+)*[a-z]?\b\s*[:.–—-]?/i;
const MAX_CAPTION_CHARS = 300;

/**
 * The caption of the table at `index` among its sibling `blocks`: the paragraph just
 * before it (the usual place), else just after it (LaTeX's default for figures, some
 * reports' for tables), when it reads as a table caption.
 */
export function tableCaption(blocks: readonly Block[], index: number): string | undefined {
  for (const neighbour of [blocks[index - 1], blocks[index + 1]]) {
    if (neighbour?.type !== 'paragraph') continue;
    const text = inlineText(neighbour.content).replace(/\s+/g, ' ').trim();
    if (CAPTION.test(text) && text.length <= MAX_CAPTION_CHARS) return text;
  }
  return undefined;
}
