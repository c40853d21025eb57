import { strToU8, zipSync } from 'fflate';
import { odtTables } from './odt-tables';

/** An ODF text package holding only the content.xml the reader looks at. */
function odt(body: string): Uint8Array {
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">
<office:body><office:text>${body}</office:text></office:body></office:document-content>`;
  return zipSync({ 'content.xml': strToU8(content) });
}

const cell = (text: string, attributes = '') => `<table:table-cell${attributes}><text:p>${text}</text:p></table:table-cell>`;

describe('odtTables', () => {
  it('keeps the header rows pandoc 2.17 drops, and the spans it ignores, listing cells as HTML does', () => {
    const tables = odtTables(
      odt(`<table:table>
        <table:table-header-rows><table:table-row>${cell('Article')}${cell('Amount')}${cell('Note')}</table:table-row></table:table-header-rows>
        <table:table-row>${cell('Subtotal', ' table:number-columns-spanned="2"')}<table:covered-table-cell/>${cell('x', ' table:number-rows-spanned="2"')}</table:table-row>
        <table:table-row>${cell('VAT')}${cell('7')}<table:covered-table-cell/></table:table-row>
      </table:table>`),
    );
    expect(tables).toEqual([
      {
        nested: false,
        rows: [
          [
            { text: 'Article', header: true },
            { text: 'Amount', header: true },
            { text: 'Note', header: true },
          ],
          [
            { text: 'Subtotal', colSpan: 2 },
            { text: 'x', rowSpan: 2 },
          ],
          [{ text: 'VAT' }, { text: '7' }],
        ],
      },
    ]);
  });

  it('gives a nested table’s text to its outer cell and lists only the outer table; notes are not cell text', () => {
    const tables = odtTables(
      odt(`<table:table><table:table-row>
        <table:table-cell><text:p>Outer<text:note><text:note-body><text:p>a note</text:p></text:note-body></text:note></text:p>
          <table:table><table:table-row>${cell('inner')}</table:table-row></table:table></table:table-cell>
        ${cell('B')}
      </table:table-row></table:table>`),
    );
    expect(tables).toEqual([{ nested: true, rows: [[{ text: 'Outer inner' }, { text: 'B' }]] }]);
  });
});
