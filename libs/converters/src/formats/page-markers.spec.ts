import type { IntermediateDocument } from '../document';
import { render as renderMarkdownFormat } from './markdown/markdown.format';
import { pageGroups } from './page-groups';
import { render as renderTextFormat } from './text/text.format';
import { renderOptions } from '../testing/render-options';

const para = (text: string, page?: number) => ({
  type: 'paragraph' as const,
  content: [{ type: 'text' as const, text }],
  ...(page ? { page } : {}),
});

const document: IntermediateDocument = {
  pages: 3,
  metadata: {},
  blocks: [{ type: 'heading', level: 1, content: [{ type: 'text', text: 'Title' }] }, para('One', 1), para('Still one'), para('Three', 3)],
};

describe('page markers', () => {
  it('groups blocks by the page they start on, empty pages included', () => {
    expect(pageGroups(document).map((group) => [group.page, group.blocks.length])).toEqual([
      [1, 3],
      [2, 0],
      [3, 1],
    ]);
  });

  it('markdown: a <!-- page N --> line where each page starts', () => {
    expect(renderMarkdownFormat(document, renderOptions({ pageMarkers: true }))).toBe(
      '<!-- page 1 -->\n\n# Title\n\nOne\n\nStill one\n\n<!-- page 2 -->\n\n<!-- page 3 -->\n\nThree\n',
    );
  });

  it('text: pages separated by a form feed, as pdftotext does', () => {
    expect(renderTextFormat(document, renderOptions({ pageMarkers: true }))).toBe('Title\n\nOne\n\nStill one\n\f\fThree\n');
  });

  it('only the converted pages are marked when a selection left some out', () => {
    const selected: IntermediateDocument = { ...document, pagesConverted: [1, 3], blocks: [para('One', 1), para('Three', 3)] };
    expect(renderMarkdownFormat(selected, renderOptions({ pageMarkers: true }))).toBe(
      '<!-- page 1 -->\n\nOne\n\n<!-- page 3 -->\n\nThree\n',
    );
  });

  it('without the option, no markers', () => {
    expect(renderMarkdownFormat(document, renderOptions())).not.toContain('<!--');
    expect(renderTextFormat(document, renderOptions())).not.toContain('\f');
  });
});
