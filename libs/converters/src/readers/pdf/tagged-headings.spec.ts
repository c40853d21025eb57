import { type StructNode, hasHeadings, markedTexts, treeHeadings } from './tagged-headings';

const content = (id: string): StructNode => ({ type: 'content', id });
const element = (role: string, ...children: StructNode[]): StructNode => ({ role, children });

describe('tagged headings', () => {
  const texts: Record<string, string> = { a: 'Annual Report', b: 'Results', c: 'Running head', d: 'Cell', e: 'Deep' };
  const textOf = (id: string) => texts[id] ?? '';

  it('reads H1–H6 at their level and H at the depth of its sections, skipping artifacts and tables', () => {
    const tree = element(
      'Root',
      element('H1', content('a')),
      element('Artifact', element('H2', content('c'))),
      element('Sect', element('H', content('b')), element('Sect', element('H', content('e')))),
      element('Table', element('TR', element('TH', element('H3', content('d'))))),
    );
    expect(treeHeadings(tree, 4, textOf)).toEqual([
      { level: 1, text: 'Annual Report', page: 4 },
      { level: 1, text: 'Results', page: 4 },
      { level: 2, text: 'Deep', page: 4 },
    ]);
    expect(hasHeadings(tree)).toBe(true);
  });

  it('finds none in a tree that tags everything as P, so the page is not read twice', () => {
    const tree = element('Root', element('P', content('a')), element('P', content('b')));
    expect(hasHeadings(tree)).toBe(false);
    expect(treeHeadings(null, 1, textOf)).toEqual([]);
  });

  it('stops at a bounded number of elements in a hostile tree', () => {
    const wide = element('Root', ...Array.from({ length: 50_000 }, () => element('H2', content('b'))));
    expect(treeHeadings(wide, 1, textOf).length).toBeLessThan(20_000);
  });

  it('gives each marked-content id the text inside it, the innermost id first', () => {
    const items = [
      { type: 'beginMarkedContentProps', id: 'p1_mc0', tag: 'H1' },
      { str: 'Annual', hasEOL: true },
      { str: 'Report' },
      { type: 'endMarkedContent' },
      { type: 'beginMarkedContent', tag: 'Artifact' },
      { str: 'page 3' },
      { type: 'endMarkedContent' },
    ];
    const byId = markedTexts(items);
    expect([...byId.keys()]).toEqual(['p1_mc0']);
    expect(byId.get('p1_mc0')).toEqual([{ tag: 'H1', text: 'Annual Report' }]);
  });
});
