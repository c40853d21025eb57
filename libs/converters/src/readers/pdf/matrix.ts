/** A PDF transformation matrix [a b c d e f]. */
export type Matrix = [number, number, number, number, number, number];

/** `m` applied after `base` (PDF's `cm`: the new CTM is m × CTM). */
export function multiply(m: Matrix, base: Matrix): Matrix {
  return [
    m[0] * base[0] + m[1] * base[2],
    m[0] * base[1] + m[1] * base[3],
    m[2] * base[0] + m[3] * base[2],
    m[2] * base[1] + m[3] * base[3],
    m[4] * base[0] + m[5] * base[2] + base[4],
    m[4] * base[1] + m[5] * base[3] + base[5],
  ];
}
