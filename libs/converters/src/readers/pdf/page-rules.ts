import type { Fill, Rule } from '../../layout/page-text';
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
/** More shaded boxes than this on a page is a drawing (a chart, a pattern), not cell shading; the rest are not kept. */
const MAX_FILLS = 2000;
/** A box over this share of the page is its background, not a cell's. */
const BACKGROUND = 0.5;

/**
 * Ruling lines from the operator list: table borders, as stroked segments or thin
 * filled rectangles; and the wider filled rectangles, a table's cell shading (see
 * tables/shaded-rows.ts). Paths are mapped through the transformation matrix they are
 * drawn with (see walkWithCtm) and then to page coordinates by `toPage` (the viewport).
 */
export function pageRules(
  list: OperatorList,
  ops: Ops,
  toPage: (x: number, y: number) => number[],
  page: { width: number; height: number },
): { rules: Rule[]; fills: Fill[] } {
  const strokes = new Set([ops.stroke, ops.closeStroke, ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);
  const filled = new Set([ops.fill, ops.eoFill]);
  const rules: Rule[] = [];
  const fills: Fill[] = [];
  walkWithCtm(list, ops, (fn, args, ctm) => {
    if (fn !== ops.constructPath || !args) return;
    const [paint, [data]] = args as [number, [ArrayLike<number> | null]];
    if (!data || !(strokes.has(paint) || filled.has(paint))) return;
    const map = throughCtm(ctm, toPage);
    for (const [a, b] of segments(data, map)) {
      const rule = asRule(a, b);
      if (rule && strokes.has(paint)) rules.push(rule);
    }
    if (!filled.has(paint)) return;
    rules.push(...thinBoxes(data, map));
    for (const box of shadedBoxes(data, map)) {
      if (fills.length < MAX_FILLS && (box.right - box.left) * (box.bottom - box.top) < BACKGROUND * page.width * page.height)
        fills.push(box);
    }
  });
  return { rules, fills };
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

/**
 * The rectangles of a filled path, one per subpath drawn as four straight sides along
 * the axes (how `re` comes out), wider and taller than a rule. A curved or slanted
 * shape (a logo, a chart's slice) is none.
 */
function shadedBoxes(data: ArrayLike<number>, map: (x: number, y: number) => Point): Fill[] {
  const boxes: Fill[] = [];
  let corners: Point[] = [];
  const close = () => {
    const box = rectangleOf(corners);
    if (box && box.right - box.left > THIN && box.bottom - box.top > THIN) boxes.push(box);
    corners = [];
  };
  for (let i = 0; i < data.length;) {
    const op = data[i++];
    if (op === MOVE) {
      close();
      corners.push(map(data[i++], data[i++]));
    } else if (op === LINE) corners.push(map(data[i++], data[i++]));
    else if (op === CURVE) {
      // A curve makes the subpath no rectangle.
      corners.push([NaN, NaN]);
      i += 6;
    } else if (op === CLOSE) continue;
    else break;
  }
  close();
  return boxes;
}

/** Four or five points (the last back at the first) on two x and two y values: an upright rectangle. */
function rectangleOf(points: readonly Point[]): Fill | undefined {
  const last = points[points.length - 1];
  const ring = points.length === 5 && last && near(last, points[0]) ? points.slice(0, 4) : points;
  if (ring.length !== 4 || ring.some((p) => !Number.isFinite(p[0]) || !Number.isFinite(p[1]))) return undefined;
  // Each side runs along one axis: consecutive corners share their x or their y.
  for (let k = 0; k < 4; k++) {
    const [a, b] = [ring[k], ring[(k + 1) % 4]];
    if (Math.abs(a[0] - b[0]) >= 1 && Math.abs(a[1] - b[1]) >= 1) return undefined;
  }
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

function near(a: Point, b: Point): boolean {
  return Math.abs(a[0] - b[0]) < 1 && Math.abs(a[1] - b[1]) < 1;
}
