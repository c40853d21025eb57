/**
 * Caps how deeply an HTML page nests before node-html-parser sees it. Broken page
 * generators emit pages 100,000 elements deep; the parser's recovery of unclosed
 * elements is quadratic in the depth, and its getters (`text`, `querySelectorAll`)
 * and our tree walk recurse, so such a page would hang or overflow the stack.
 *
 * The pass replays the parser's own tag-nesting rules (node-html-parser 9: its markup
 * pattern, the elements one opening or closing tag closes implicitly, void and raw-text
 * elements) over the source, one linear scan with an explicit stack. Elements that
 * would sit deeper than `maxDepth` lose their tags but keep their text: a block-level
 * one leaves a line break, so the words of flattened paragraphs and list items stay
 * apart. Both tags of a dropped element go, so the parser sees a tree whose shape above
 * the cap is exactly what it would have built from the whole page.
 */

/** node-html-parser 9's markup patterns, copied verbatim so both scans cut the source the same way. */
const MARKUP =
  /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][-.:0-9_a-zA-Z@\xB7\xC0-\xD6\xD8-\xF6\u00F8-\u03A1\u03A3-\u03D9\u03DB-\u03EF\u03F7-\u03FF\u0400-\u04FF\u0500-\u052F\u1D00-\u1D2B\u1D6B-\u1D77\u1D79-\u1D9A\u1E00-\u1E9B\u1F00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2126\u212A-\u212B\u2132\u214E\u2160-\u2188\u2C60-\u2C7F\uA722-\uA787\uA78B-\uA78E\uA790-\uA7AD\uA7B0-\uA7B7\uA7F7-\uA7FF\uAB30-\uAB5A\uAB5C-\uAB5F\uAB64-\uAB65\uFB00-\uFB06\uFB13-\uFB17\uFF21-\uFF3A\uFF41-\uFF5A\x37F-\u1FFF\u200C-\u200D\u203F-\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*)((?:\s+[^>]*?(?:(?:'[^']*')|(?:"[^"]*"))?)*)\s*(\/?)>/gu;
const MARKUP_WITH_CDATA =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([a-zA-Z][-.:0-9_a-zA-Z@\xB7\xC0-\xD6\xD8-\xF6\u00F8-\u03A1\u03A3-\u03D9\u03DB-\u03EF\u03F7-\u03FF\u0400-\u04FF\u0500-\u052F\u1D00-\u1D2B\u1D6B-\u1D77\u1D79-\u1D9A\u1E00-\u1E9B\u1F00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2126\u212A-\u212B\u2132\u214E\u2160-\u2188\u2C60-\u2C7F\uA722-\uA787\uA78B-\uA78E\uA790-\uA7AD\uA7B0-\uA7B7\uA7F7-\uA7FF\uAB30-\uAB5A\uAB5C-\uAB5F\uAB64-\uAB65\uFB00-\uFB06\uFB13-\uFB17\uFF21-\uFF3A\uFF41-\uFF5A\x37F-\u1FFF\u200C-\u200D\u203F-\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*)((?:\s+[^>]*?(?:(?:'[^']*')|(?:"[^"]*"))?)*)\s*(\/?)>/gu;
/** node-html-parser moves a trailing `/` into an unquoted attribute value (`<a href=x/>`). */
const UNQUOTED_VALUE_AT_END = /(?:^|\s)[^\s"'<>=/]+\s*=\s*[^\s"'<>`]+$/;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** The raw-text elements html-to-document.ts passes as `blockTextElements`. */
const RAW_TEXT = new Set(['script', 'style', 'noscript']);
/** Parent → the opening tags that close it (node-html-parser's kElementsClosedByOpening). */
const CLOSED_BY_OPENING: Record<string, readonly string[]> = {
  li: ['li'],
  p: ['p', 'div'],
  b: ['div'],
  td: ['td', 'th', 'tr', 'tbody', 'tfoot'],
  th: ['td', 'th', 'tr', 'tbody', 'tfoot'],
  tr: ['tr', 'tbody', 'tfoot'],
  thead: ['tbody', 'tfoot'],
  tbody: ['tbody', 'tfoot'],
  h1: ['h1'],
  h2: ['h2'],
  h3: ['h3'],
  h4: ['h4'],
  h5: ['h5'],
  h6: ['h6'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
};
/** Parent → the closing tags that also close it (kElementsClosedByClosing). */
const CLOSED_BY_CLOSING: Record<string, readonly string[]> = {
  li: ['ul', 'ol'],
  a: ['div'],
  b: ['div'],
  i: ['div'],
  p: ['div'],
  td: ['tr', 'table', 'thead', 'tbody', 'tfoot'],
  th: ['tr', 'table', 'thead', 'tbody', 'tfoot'],
  tr: ['table', 'thead', 'tbody', 'tfoot'],
  tbody: ['table'],
  tfoot: ['table'],
  dt: ['dl', 'body', 'html'],
  dd: ['dl', 'body', 'html'],
};
/** A `<p>` is closed by its container's closing tag, except these (kElementsClosedByClosingExcept). */
const P_NOT_CLOSED_BY = new Set(['a', 'audio', 'del', 'ins', 'map', 'noscript', 'video']);
/** Elements whose dropped tags leave a line break, so their text does not run into its neighbours. */
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

interface Open {
  /** As written: the parser matches a closing tag to its element case-sensitively. */
  tag: string;
  kept: boolean;
}

const lower = (tag: string) => tag.toLowerCase();
const listed = (table: Record<string, readonly string[]>, parent: string, child: string) =>
  // The parser's tables hold lower- and upper-case spellings; mixed case is rare enough to treat alike.
  Object.hasOwn(table, lower(parent)) && table[lower(parent)].includes(lower(child));

/** `html` with every element nested deeper than `maxDepth` unwrapped (see above). */
export function capHtmlDepth(html: string, maxDepth: number): string {
  const pattern = new RegExp(html.includes('<![CDATA[') ? MARKUP_WITH_CDATA : MARKUP);
  const stack: Open[] = [{ tag: '', kept: true }];
  let keptDepth = 0;
  let dropped = 0;
  const out: string[] = [];
  let copiedTo = 0;
  /** Replaces source[from, to) in the output. */
  const replace = (from: number, to: number, text: string) => {
    out.push(html.slice(copiedTo, from), text);
    copiedTo = to;
  };
  const push = (tag: string): Open => {
    const entry = { tag, kept: keptDepth < maxDepth };
    if (entry.kept) keptDepth++;
    else dropped++;
    stack.push(entry);
    return entry;
  };
  const pop = (): Open => {
    const entry = stack.pop() as Open;
    if (entry.kept) keptDepth--;
    return entry;
  };
  /** The parser's handling of a closing tag; true when it closed an element the parser sees. */
  const close = (tag: string): boolean => {
    let closedKept = false;
    while (stack.length > 1) {
      const top = stack[stack.length - 1];
      if (top.tag === tag) {
        closedKept = pop().kept || closedKept;
        break;
      }
      const pInContainer = lower(top.tag) === 'p' && lower(stack[stack.length - 2].tag) === lower(tag) && !P_NOT_CLOSED_BY.has(lower(tag));
      if (!listed(CLOSED_BY_CLOSING, top.tag, tag) && !pInContainer) break;
      closedKept = pop().kept || closedKept;
    }
    return closedKept;
  };

  pattern.lastIndex = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    const [text, leadingSlash, tagName] = match;
    if (tagName === undefined) continue; // a comment or CDATA section
    const start = match.index;
    let closingSlash = match[4];
    if (closingSlash && !leadingSlash && UNQUOTED_VALUE_AT_END.test(match[3]) && !VOID.has(lower(tagName))) closingSlash = '';
    const separator = BLOCK.has(lower(tagName)) ? ' ' : '';

    if (leadingSlash) {
      const topKept = stack[stack.length - 1].kept;
      if (!close(tagName) && !topKept) replace(start, start + text.length, separator);
      continue;
    }
    if (!closingSlash) {
      while (stack.length > 1 && listed(CLOSED_BY_OPENING, stack[stack.length - 1].tag, tagName)) pop();
    }
    if (RAW_TEXT.has(lower(tagName))) {
      // Raw text runs to the first closing tag spelled the same way, as the parser reads it.
      const closeIndex = html.indexOf(`</${tagName}>`, start + text.length);
      pattern.lastIndex = closeIndex === -1 ? html.length : closeIndex + tagName.length + 3;
      continue;
    }
    // Void and self-closed elements hold nothing, so they never deepen the tree: kept as written.
    if (closingSlash || VOID.has(lower(tagName))) continue;
    if (!push(tagName).kept) replace(start, start + text.length, separator && '<br>');
  }
  if (dropped === 0) return html;
  out.push(html.slice(copiedTo));
  return out.join('');
}
