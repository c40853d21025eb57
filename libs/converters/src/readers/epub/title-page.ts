import { type Block, type Heading, inlineText } from '../../document';

/**
 * A title page as EPUB marks it: `epub:type="titlepage"` (EPUB 3 structural
 * semantics; pandoc, Sigil and Standard Ebooks write it) on the body or a
 * section/div, or a `titlepage` class on the body or a section. Not on any div:
 * DocBook wraps every chapter's own heading in a div.titlepage.
 */
const TITLE_PAGE = [
  /<(?:body|section|div)\b[^>]*\bepub:type\s*=\s*["'][^"']*\btitlepage\b/i,
  /<(?:body|section)\b[^>]*\bclass\s*=\s*["'][^"']*\btitlepage\b/i,
];

export function isTitlePage(html: string): boolean {
  return TITLE_PAGE.some((pattern) => pattern.test(html));
}

export interface Chapter {
  blocks: Block[];
  titlePage: boolean;
}

/**
 * The blocks of the book, chapter after chapter, without the first heading after a
 * title page when it repeats a heading of that title page. Often the first chapter
 * opens with the book's title (pandoc makes both from one title), and a reader of
 * the converted text would see it twice. The title page's copy is the one kept, so
 * the title still comes before the author and date printed under it; nothing else of
 * either page is dropped.
 */
export function joinChapters(chapters: readonly Chapter[]): Block[] {
  const blocks: Block[] = [];
  let titles: Set<string> | undefined;
  for (const chapter of chapters) {
    let own = chapter.blocks;
    if (titles && !chapter.titlePage) {
      const first = own.findIndex(isHeading);
      if (first >= 0) {
        const heading = own[first] as Heading;
        if (titles.has(headingKey(heading))) own = own.filter((_, index) => index !== first);
        titles = undefined;
      }
    }
    if (chapter.titlePage) titles = new Set(chapter.blocks.filter(isHeading).map(headingKey));
    blocks.push(...own);
  }
  return blocks;
}

function isHeading(block: Block): block is Heading {
  return block.type === 'heading';
}

function headingKey(block: Heading): string {
  return inlineText(block.content).replace(/\s+/g, ' ').trim().toLowerCase();
}
