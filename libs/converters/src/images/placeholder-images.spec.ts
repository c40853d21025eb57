import type { IntermediateDocument } from '../document';
import { documentForImages } from './placeholder-images';

const document: IntermediateDocument = {
  pages: 1,
  metadata: {},
  blocks: [
    { type: 'image', alt: 'A', n: 1, mediaType: 'image/png', width: 30, height: 30 },
    {
      type: 'quote',
      blocks: [
        {
          type: 'list',
          ordered: false,
          items: [{ blocks: [{ type: 'image', alt: 'B', n: 2, mediaType: 'image/png', width: 40, height: 40 }] }],
        },
      ],
    },
  ],
};

describe('documentForImages', () => {
  it('leaves the numbers out for placeholders, nested pictures too, without touching the stored tree', () => {
    const stored = JSON.stringify(document);
    const placeholder = documentForImages(document, 'placeholder');
    expect(JSON.stringify(placeholder)).not.toMatch(/"n":|mediaType/);
    expect(JSON.stringify(placeholder)).toContain('"alt":"B"');
    expect(JSON.stringify(document)).toBe(stored);
  });

  it('gives the tree itself for links, and for a tree without numbered pictures', () => {
    expect(documentForImages(document, 'referenced')).toBe(document);
    const plain: IntermediateDocument = { pages: 1, metadata: {}, blocks: [{ type: 'image', alt: 'C' }] };
    expect(documentForImages(plain, 'placeholder')).toBe(plain);
  });
});
