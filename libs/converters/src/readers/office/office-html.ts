import { parse, type HTMLElement } from 'node-html-parser';

export interface OfficeHtmlOptions {
  /** EPUB: relative links point into the book itself, which the output does not contain. */
  unwrapRelativeLinks?: boolean;
  /** A reader's own rewrite of the parsed HTML, run first (DOCX: list numbers); saves a second parse of a long document. */
  rewrite?: (root: HTMLElement) => void;
  /**
   * The pictures worth keeping as pictures (ConversionOptions.readImages): those whose
   * `src` this accepts (the reader has their bytes) stay <img>, each moved into a
   * paragraph of its own after the one it stood in, where the HTML reader makes it an
   * image block. The others become text as always.
   */
  keepImage?: (src: string) => boolean;
}

/** A column or row span larger than this is an authoring accident, not a layout. */
const MAX_SPAN = 100;

/**
 * Makes HTML written by mammoth (DOCX) or found in an EPUB fit for the HTML reader,
 * which drops <img> and knows nothing of footnotes or cell spans:
 * - images become a short `[Image: alt]` text (never their bytes);
 * - footnote references become `[n]`, back-links are dropped, in-document anchors
 *   lose their link (the output has no anchors to jump to);
 * - notes (mammoth's list at the end) follow a rule;
 * - merged table cells are flattened: the content stays in the first cell and the
 *   cells it covered are empty, so every row has the same columns.
 */
export function prepareOfficeHtml(html: string, options: OfficeHtmlOptions = {}): string {
  const root = parse(html, { comment: false, blockTextElements: { script: true, style: true, noscript: true } });
  options.rewrite?.(root);
  const after = new Map<HTMLElement, HTMLElement>();
  for (const image of root.querySelectorAll('img')) {
    const place = options.keepImage?.(image.getAttribute('src') ?? '') ? standalonePlace(image) : undefined;
    if (place === 'here') continue; // between blocks already, where the HTML reader makes it an image block
    if (place) {
      // After the paragraph, and after the pictures of it already moved, in their order.
      const anchor = after.get(place) ?? place;
      image.remove();
      anchor.insertAdjacentHTML('afterend', `<p>${image.toString()}</p>`);
      after.set(place, anchor.nextElementSibling ?? place);
      continue;
    }
    const alt = (image.getAttribute('alt') ?? image.getAttribute('title') ?? '').replace(/\s+/g, ' ').trim();
    image.replaceWith(escapeText(alt === '' ? '[Image]' : `[Image: ${alt}]`));
  }
  for (const anchor of root.querySelectorAll('a[href]')) rewriteLink(anchor, options);
  for (const table of root.querySelectorAll('table')) flattenSpans(table);
  // mammoth appends the notes as a bare <ol>; a rule sets them apart from the text.
  for (const note of root.querySelectorAll('li[id^="footnote-"], li[id^="endnote-"]')) {
    const list = note.parentNode;
    if (list && list.previousElementSibling?.rawTagName?.toLowerCase() !== 'hr') list.insertAdjacentHTML('beforebegin', '<hr />');
  }
  return root.toString();
}

/**
 * The paragraph a picture is moved out of, 'here' for one outside any paragraph, or
 * undefined for one in a table cell (whose content is text: it stays a placeholder).
 */
function standalonePlace(image: HTMLElement): HTMLElement | 'here' | undefined {
  let paragraph: HTMLElement | undefined;
  for (let node = image.parentNode; node; node = node.parentNode) {
    const tag = node.rawTagName?.toLowerCase();
    if (tag === 'td' || tag === 'th') return undefined;
    if (!paragraph && (tag === 'p' || /^h[1-6]$/.test(tag ?? ''))) paragraph = node;
  }
  return paragraph ?? 'here';
}

function rewriteLink(anchor: HTMLElement, options: OfficeHtmlOptions): void {
  const href = anchor.getAttribute('href')?.trim() ?? '';
  const role = `${anchor.getAttribute('epub:type') ?? ''} ${anchor.getAttribute('role') ?? ''} ${anchor.getAttribute('class') ?? ''}`;
  if (/backlink|footnote-back/.test(role) || /^#(?:footnote|endnote|comment)-ref-/.test(href)) {
    anchor.remove();
    return;
  }
  if (/noteref|footnote-ref/.test(role) || /^#(?:footnote|endnote)-/.test(href)) {
    const label = anchor.text.replace(/[[\]\s]/g, '');
    anchor.replaceWith(escapeText(`[${label}]`));
    return;
  }
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//');
  if (href.startsWith('#') || (options.unwrapRelativeLinks && relative)) anchor.replaceWith(anchor.innerHTML);
}

/** Expands colspan/rowspan into empty cells (see prepareOfficeHtml). */
function flattenSpans(table: HTMLElement): void {
  const rows = table.querySelectorAll('tr').filter((row) => closestTable(row) === table);
  const covered: number[] = [];
  for (const row of rows) {
    const cells = row.childNodes.filter((node): node is HTMLElement => ['td', 'th'].includes(tagOf(node)));
    if (!cells.some((cell) => cell.hasAttribute('colspan') || cell.hasAttribute('rowspan')) && !covered.some((n) => n > 0)) continue;
    const out: string[] = [];
    let column = 0;
    const fillCovered = () => {
      while ((covered[column] ?? 0) > 0) {
        covered[column]--;
        out.push('<td></td>');
        column++;
      }
    };
    for (const cell of cells) {
      fillCovered();
      const colspan = span(cell.getAttribute('colspan'));
      const rowspan = span(cell.getAttribute('rowspan'));
      cell.removeAttribute('colspan');
      cell.removeAttribute('rowspan');
      out.push(cell.outerHTML);
      for (let k = 0; k < colspan; k++) {
        if (k > 0) out.push(`<${tagOf(cell)}></${tagOf(cell)}>`);
        covered[column + k] = rowspan - 1;
      }
      column += colspan;
    }
    fillCovered();
    row.set_content(out.join(''));
  }
}

function span(value: string | undefined): number {
  const n = Number(value ?? '1');
  return Number.isInteger(n) && n > 1 ? Math.min(n, MAX_SPAN) : 1;
}

function closestTable(element: HTMLElement): HTMLElement | null {
  let node = element.parentNode;
  while (node && tagOf(node) !== 'table') node = node.parentNode;
  return node;
}

function tagOf(node: { nodeType: number; rawTagName?: string }): string {
  return node.nodeType === 1 ? (node.rawTagName ?? '').toLowerCase() : '';
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
