import type { LinkArea } from './page-links';
import type { Fill, Rule, TextItem } from '../../layout/page-text';

/**
 * Which way most of a page's text reads, as drawn: `up` (bottom to top: the content
 * turned a quarter anticlockwise, as a wide table is set on a portrait page), `down`
 * (top to bottom: turned clockwise), or upright.
 */
export type TextTurn = 'upright' | 'up' | 'down';

/** Above this share of a page's characters reading one way, the page is read turned that way. */
const TURNED_SHARE = 0.6;

/**
 * The way the page's text mostly reads, from each run's direction in the viewport
 * (`direction`: the run's x axis, y growing downwards), weighted by its characters.
 */
export function textTurn(runs: ReadonlyArray<{ chars: number; dx: number; dy: number }>): TextTurn {
  let up = 0;
  let down = 0;
  let all = 0;
  for (const { chars, dx, dy } of runs) {
    all += chars;
    // Within 20° of vertical.
    if (Math.abs(dy) > 2.75 * Math.abs(dx)) {
      if (dy < 0) up += chars;
      else down += chars;
    }
  }
  if (all === 0) return 'upright';
  if (up / all >= TURNED_SHARE) return 'up';
  if (down / all >= TURNED_SHARE) return 'down';
  return 'upright';
}

/**
 * A point of a page of `width` × `height` in the page turned so that its text reads
 * left to right: a quarter clockwise for `up`, anticlockwise for `down`. The turned
 * page is `height` wide and `width` high.
 */
export function turnPoint(turn: TextTurn, x: number, y: number, width: number, height: number): [number, number] {
  if (turn === 'up') return [height - y, x];
  if (turn === 'down') return [y, width - x];
  return [x, y];
}

/**
 * The page's words, rules, shading and link areas as if the page were turned upright (see
 * turnPoint), so that one layout reads it: a table set sideways comes out with its
 * rows as rows. Items keep their own text, size and width (along their baseline).
 */
export function turnPage<P extends { width: number; height: number; items: TextItem[]; rules: Rule[]; fills?: Fill[] }>(
  turn: TextTurn,
  page: P,
): P {
  if (turn === 'upright') return page;
  const { width, height } = page;
  const point = (x: number, y: number) => turnPoint(turn, x, y, width, height);
  const items = page.items.map((item) => {
    const [x, y] = point(item.x, item.y);
    return { ...item, x, y };
  });
  const rules = page.rules.map((rule): Rule => {
    const [a, b] = rule.horizontal
      ? [point(rule.from, rule.at), point(rule.to, rule.at)]
      : [point(rule.at, rule.from), point(rule.at, rule.to)];
    // A horizontal rule turns vertical and the other way round.
    return rule.horizontal
      ? { horizontal: false, at: a[0], from: Math.min(a[1], b[1]), to: Math.max(a[1], b[1]) }
      : { horizontal: true, at: a[1], from: Math.min(a[0], b[0]), to: Math.max(a[0], b[0]) };
  });
  const fills = page.fills?.map((fill): Fill => {
    const [a, b] = [point(fill.left, fill.top), point(fill.right, fill.bottom)];
    return { left: Math.min(a[0], b[0]), top: Math.min(a[1], b[1]), right: Math.max(a[0], b[0]), bottom: Math.max(a[1], b[1]) };
  });
  return { ...page, width: height, height: width, items, rules, ...(fills ? { fills } : {}) };
}

/** Link areas turned with their page (turnPage). */
export function turnAreas(turn: TextTurn, areas: readonly LinkArea[], width: number, height: number): LinkArea[] {
  if (turn === 'upright') return [...areas];
  return areas.map((area) => {
    const [x1, y1] = turnPoint(turn, area.left, area.top, width, height);
    const [x2, y2] = turnPoint(turn, area.right, area.bottom, width, height);
    return { href: area.href, left: Math.min(x1, x2), right: Math.max(x1, x2), top: Math.min(y1, y2), bottom: Math.max(y1, y2) };
  });
}
