import { type Matrix, multiply } from './matrix';

export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/** The pdf.js operators that change the current transformation matrix (pdfjs.OPS has them all). */
export interface CtmOps {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
}

/**
 * Walks an operator list keeping the current transformation matrix the way pdf.js's
 * canvas does: save and restore, `cm`, and a form XObject's own /Matrix, which pdf.js
 * applies between the form's begin and end operators (inside a save and restore)
 * instead of writing it out as a `transform`. Every other operator is passed to
 * `visit` with the matrix in force when it is drawn.
 */
export function walkWithCtm(list: OperatorList, ops: CtmOps, visit: (fn: number, args: unknown[] | null, ctm: Matrix) => void): void {
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  list.fnArray.forEach((fn, index) => {
    const args = list.argsArray[index] as unknown[] | null;
    if (fn === ops.save) stack.push(ctm);
    else if (fn === ops.restore) ctm = stack.pop() ?? ctm;
    else if (fn === ops.transform && args) ctm = multiply(args as Matrix, ctm);
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = args?.[0] as Matrix | null | undefined;
      if (matrix) ctm = multiply(matrix, ctm);
    } else if (fn === ops.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else visit(fn, args, ctm);
  });
}

/** A point as an operator drawn with `ctm` places it, then through `toPage` (the viewport). */
export function throughCtm(ctm: Matrix, toPage: (x: number, y: number) => number[]): (x: number, y: number) => number[] {
  return (x, y) => toPage(ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]);
}
