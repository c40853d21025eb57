import type { Block } from '../document';

/** A hand-built IR exercising every block and inline type, for the renderer tests. */
export const sampleBlocks: Block[] = [
  { type: 'heading', level: 1, content: [{ type: 'text', text: 'Title' }] },
  {
    type: 'paragraph',
    content: [
      { type: 'text', text: 'Plain, ' },
      { type: 'strong', content: [{ type: 'text', text: 'bold' }] },
      { type: 'text', text: ', ' },
      { type: 'emphasis', content: [{ type: 'text', text: 'italic' }] },
      { type: 'text', text: ', ' },
      { type: 'inlineCode', text: 'code' },
      { type: 'text', text: ' and a ' },
      { type: 'link', href: 'docs/a b.html', content: [{ type: 'text', text: 'link' }] },
      { type: 'text', text: '.' },
      { type: 'break' },
      { type: 'text', text: 'Second line with <angle> & * star.' },
    ],
  },
  { type: 'heading', level: 2, content: [{ type: 'text', text: 'Section' }] },
  {
    type: 'list',
    ordered: false,
    items: [
      { blocks: [{ type: 'paragraph', content: [{ type: 'text', text: 'item' }] }] },
      {
        blocks: [
          { type: 'paragraph', content: [{ type: 'text', text: 'parent' }] },
          {
            type: 'list',
            ordered: true,
            start: 3,
            items: [{ blocks: [{ type: 'paragraph', content: [{ type: 'text', text: 'child' }] }] }],
          },
        ],
      },
    ],
  },
  {
    type: 'list',
    ordered: true,
    items: [
      { blocks: [{ type: 'paragraph', content: [{ type: 'text', text: 'first' }] }] },
      { blocks: [{ type: 'paragraph', content: [{ type: 'text', text: 'second' }] }] },
    ],
  },
  {
    type: 'table',
    header: [[{ type: 'text', text: 'a' }], [{ type: 'text', text: 'b' }]],
    rows: [[[{ type: 'text', text: 'x | y' }], [{ type: 'inlineCode', text: 'z|w' }]]],
  },
  { type: 'code', language: 'ts', text: 'const a = 1;\n```nested fence```' },
  { type: 'quote', blocks: [{ type: 'paragraph', content: [{ type: 'text', text: 'Quoted.' }] }] },
  { type: 'rule' },
  { type: 'heading', level: 3, content: [{ type: 'text', text: 'End' }] },
];
