import type { Matrix } from './matrix';
import { walkWithCtm } from './ctm-walk';
import { largestImage } from './page-images';

// pdf.js's operator numbers are arbitrary here: the walk only compares them.
const ops = {
  save: 10,
  restore: 11,
  transform: 12,
  paintFormXObjectBegin: 74,
  paintFormXObjectEnd: 75,
  paintImageXObject: 85,
  paintInlineImageXObject: 86,
  paintImageMaskXObject: 83,
  paintImageXObjectRepeat: 88,
};
const DRAW = 99;

function matricesAt(fnArray: number[], argsArray: unknown[]): Matrix[] {
  const seen: Matrix[] = [];
  walkWithCtm({ fnArray, argsArray }, ops, (fn, _args, ctm) => {
    if (fn === DRAW) seen.push(ctm);
  });
  return seen;
}

describe('walkWithCtm', () => {
  it('applies cm, and restores the matrix saved before it', () => {
    const seen = matricesAt([ops.save, ops.transform, DRAW, ops.restore, DRAW], [null, [2, 0, 0, 2, 10, 20], null, null, null]);
    expect(seen).toEqual([
      [2, 0, 0, 2, 10, 20],
      [1, 0, 0, 1, 0, 0],
    ]);
  });

  it("applies a form XObject's own matrix between its begin and end, after the page's cm", () => {
    const seen = matricesAt(
      [ops.transform, ops.paintFormXObjectBegin, DRAW, ops.paintFormXObjectEnd, DRAW],
      [
        [1, 0, 0, 1, 100, 0],
        [
          [0.5, 0, 0, 0.5, 0, 50],
          [0, 0, 200, 200],
        ],
        null,
        null,
        null,
      ],
    );
    expect(seen).toEqual([
      [0.5, 0, 0, 0.5, 100, 50],
      [1, 0, 0, 1, 100, 0],
    ]);
  });

  it('leaves the matrix alone for a form without a matrix, and for an unbalanced restore', () => {
    const seen = matricesAt(
      [ops.paintFormXObjectBegin, DRAW, ops.paintFormXObjectEnd, ops.restore, DRAW],
      [[null, null], null, null, null, null],
    );
    expect(seen).toEqual([
      [1, 0, 0, 1, 0, 0],
      [1, 0, 0, 1, 0, 0],
    ]);
  });

  it("places a scan drawn inside a form XObject where the form's matrix puts it", () => {
    // A 600 × 800 pt page; the form scales a full-page image by half and moves it up and right.
    const page = { width: 600, height: 800 };
    const toPage = (x: number, y: number) => [x, page.height - y];
    const image = largestImage(
      {
        fnArray: [ops.paintFormXObjectBegin, ops.save, ops.transform, ops.paintImageXObject, ops.restore, ops.paintFormXObjectEnd],
        argsArray: [[[0.5, 0, 0, 0.5, 300, 400], null], null, [600, 0, 0, 800, 0, 0], ['img_p0_1', 1200, 1600], null, null],
      },
      ops,
      page,
      toPage,
    );
    expect(image.coverage).toBeCloseTo(0.25);
    expect(image.placement).toEqual({ left: 300, top: 0, width: 300, height: 400, pixelWidth: 1200, pixelHeight: 1600 });
    expect(image.dpi).toBeCloseTo(288);
  });
});
