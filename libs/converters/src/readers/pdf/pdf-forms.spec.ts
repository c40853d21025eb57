import { convertFixture } from '../../testing/fixtures';
import { formValueItems } from './form-values';

/** fixtures/pdf-html/filled-form.pdf: a form filled in and saved with appearances (make-filled-form.js). */
describe('a filled-in PDF form', () => {
  let markdown: string;
  let text: string;
  beforeAll(async () => ({ markdown, text } = (await convertFixture('pdf-html/filled-form.pdf', 'application/pdf')).outputs));

  it('gives the answers beside their labels: text fields, the chosen option, ticked and unticked boxes', () => {
    expect(markdown).toContain('| Full name | Ada Lovelace |');
    expect(markdown).toContain('| E-mail | ada@example.org |');
    expect(markdown).toContain('| Country | Norway |');
    expect(markdown).toContain('| Send the newsletter | \\[x\\] |');
    expect(markdown).toContain('| Share my address | \\[ \\] |');
  });

  it('reads a multi-line answer as text in the body size, not as a heading', () => {
    expect(text).toContain('Happy to help at the spring fair. I can bring two tables.');
    expect(markdown).not.toMatch(/^#+ Happy/m);
  });
});

describe('formValueItems', () => {
  const viewport = { convertToViewportRectangle: ([x1, y1, x2, y2]: number[]) => [x1, 800 - y1, x2, 800 - y2] };
  const widget = (fields: Record<string, unknown>) => ({ subtype: 'Widget', rect: [100, 700, 300, 720], ...fields });

  it('leaves out push buttons, empty and hidden fields, and what is not a widget', () => {
    const annotations = [
      widget({ fieldType: 'Btn', pushButton: true, fieldValue: 'Submit' }),
      widget({ fieldType: 'Tx', fieldValue: '  ' }),
      widget({ fieldType: 'Tx', fieldValue: 'secret', hidden: true }),
      { subtype: 'Link', rect: [0, 0, 10, 10], url: 'https://x.test' },
      widget({ fieldType: 'Tx', fieldValue: 'kept', rect: [Number.NaN, 0, 1, 1] }),
    ];
    expect(formValueItems(annotations, viewport, 10)).toEqual([]);
  });

  it('writes a selected radio button as [x], the others as [ ], and several chosen options joined', () => {
    const items = formValueItems(
      [
        widget({ fieldType: 'Btn', radioButton: true, buttonValue: 'yearly', fieldValue: 'yearly' }),
        widget({ fieldType: 'Btn', radioButton: true, buttonValue: 'monthly', fieldValue: 'yearly' }),
        widget({ fieldType: 'Ch', fieldValue: ['Red', 'Blue'] }),
      ],
      viewport,
      11,
    );
    expect(items.map((item) => [item.text, item.size])).toEqual([
      ['[x]', 11],
      ['[ ]', 11],
      ['Red, Blue', 11],
    ]);
    expect(items[0]).toMatchObject({ x: 102 });
  });
});
