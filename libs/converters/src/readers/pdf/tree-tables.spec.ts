import type { StructNode } from './tagged-headings';
import { treeOrder, treeTables } from './tree-tables';

const content = (mcid: number): StructNode => ({ type: 'content', id: `p12R_mc${mcid}` });
const element = (role: string, ...children: StructNode[]): StructNode => ({ role, children });

describe('tables a tag tree declares', () => {
  const tree = element(
    'Document',
    element('P', content(0)),
    element(
      'Table',
      element('THead', element('TR', element('TH', content(1)), element('TH', content(2)), element('TH', content(3)))),
      element(
        'TBody',
        element('TR', element('TD', content(4)), element('TD', content(5)), element('TD', content(6))),
        element('TR', element('TD', content(7)), element('TD', content(8))),
      ),
    ),
    element('Artifact', element('Table', element('TR', element('TD', content(9))))),
  );

  it('reads rows and cells with their MCIDs, header cells marked, artifacts skipped', () => {
    expect(treeTables(tree)).toEqual([
      {
        rows: [
          [1, 2, 3].map((mcid) => ({ header: true, mcids: [mcid] })),
          [4, 5, 6].map((mcid) => ({ header: false, mcids: [mcid] })),
          [7, 8].map((mcid) => ({ header: false, mcids: [mcid] })),
        ],
      },
    ]);
  });

  it("lists the page's marked content in the tree's order, artifacts left out", () => {
    expect(treeOrder(tree)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(treeOrder(null)).toEqual([]);
  });
});
