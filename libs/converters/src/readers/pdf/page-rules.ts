import type { Rule } from '../../layout/page-text';
import { type CtmOps, type OperatorList, throughCtm, walkWithCtm } from './ctm-walk';

interface Ops extends CtmOps {
  constructPath: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
}

/** pdf.js path encoding inside constructPath (DrawOPS). */
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const CLOSE = 3;
/** Filled rectangles thinner than this are drawn rules (many producers fill, not stroke). */
const THIN = 3;

/**
 * Ruling lines from the operator list: table borders, as stroked segments or thin
 * filled rectangles. Paths are mapped through the transformation matrix they are drawn
 * with (see walkWithCtm) and then to page coordinates by `toPage` (the viewport).
 */
export function pageRules(list: OperatorList, ops: Ops, toPage: (x: number, y: number) => number[]): Rule[] {
  const strokes = new Set([ops.stroke, ops.closeStroke, ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);
  const fills = new Set([ops.fill, ops.eoFill]);
  const rules: Rule[] = [];
  walkWithCtm(list, ops, (fn, args, ctm) => {
    if (fn !== ops.constructPath || !args) return;
    const [paint, [data]] = args as [number, [ArrayLike<number> | null]];
    if (!data || !(strokes.has(paint) || fills.has(paint))) return;
    const map = throughCtm(ctm, toPage);
    for (const [a, b] of segments(data, map)) {
      const rule = asRule(a, b);
      if (rule && strokes.has(paint)) rules.push(rule);
    }
    if (fills.has(paint)) rules.push(...thinBoxes(data, map));
  });
  return rules;
}

type Point = number[];

/** Straight segments of a path (curves are skipped: rounded corners are not rules). */
function segments(data: ArrayLike<number>, map: (x: number, y: number) => Point): Array<[Point, Point]> {
  const out: Array<[Point, Point]> = [];
  let start: Point | undefined;
  let current: Point | undefined;
  for (let i = 0; i < data.length;) {
    const op = data[i++];
    if (op === MOVE) current = start = map(data[i++], data[i++]);
    else if (op === LINE) {
      const next = map(data[i++], data[i++]);
      if (current) out.push([current, next]);
      current = next;
    } else if (op === CURVE) {
      current = map(data[i + 4], data[i + 5]);
      i += 6;
    } else if (op === CLOSE) {
      if (current && start) out.push([current, start]);
      current = start;
    } else break;
  }
  return out;
}

function asRule(a: Point, b: Point): Rule | undefined {
  if (Math.abs(a[1] - b[1]) < 1 && Math.abs(a[0] - b[0]) >= 2)
    return { horizontal: true, at: (a[1] + b[1]) / 2, from: Math.min(a[0], b[0]), to: Math.max(a[0], b[0]) };
  if (Math.abs(a[0] - b[0]) < 1 && Math.abs(a[1] - b[1]) >= 2)
    return { horizontal: false, at: (a[0] + b[0]) / 2, from: Math.min(a[1], b[1]), to: Math.max(a[1], b[1]) };
  return undefined;
}

/** A filled path whose bounding box is a thin bar is a rule along its long side. */
function thinBoxes(data: ArrayLike<number>, map: (x: number, y: number) => Point): Rule[] {
  const points = segments(data, map).flat();
  if (points.length === 0) return [];
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (bottom - top <= THIN && right - left > THIN) return [{ horizontal: true, at: (top + bottom) / 2, from: left, to: right }];
  if (right - left <= THIN && bottom - top > THIN) return [{ horizontal: false, at: (left + right) / 2, from: top, to: bottom }];
  return [];
}
