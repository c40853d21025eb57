import { sectionDepth } from './numbered-headings';

describe('sectionDepth', () => {
  it('reads section numbers, not sentences, list items or contents lines', () => {
    expect(['1 Introduction', '2.3 Results', 'A.1 Proofs', '4.2.1. Setup', 'B Appendix Tables'].map(sectionDepth)).toEqual([1, 2, 2, 3, 1]);
    expect(
      ['3 apples were left.', '2.1 Results ........ 7', 'A raw count is mapped to volumetric water content by a line', '12 kg'].map(
        sectionDepth,
      ),
    ).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('takes a title in lower case (a type named in code) only under a number of two parts or more closed by a dot', () => {
    expect(['8.9.1. inet', '8.10. pg_lsn Type'].map(sectionDepth)).toEqual([3, 2]);
    expect(['3 apples', '2.5 million people', '4. item'].map(sectionDepth)).toEqual([undefined, undefined, undefined]);
  });
});
