import type { TextItem } from '../../layout/page-text';

/** A link annotation's area in top-left page coordinates. */
export interface LinkArea {
  href: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface Viewport {
  convertToViewportRectangle(rect: number[]): number[];
}

/** Link annotations with a URL (internal "go to page" links have none and are skipped). */
export function linkAreas(annotations: readonly unknown[], viewport: Viewport): LinkArea[] {
  const areas: LinkArea[] = [];
  for (const annotation of annotations) {
    const { subtype, url, rect } = annotation as { subtype?: string; url?: string; rect?: number[] };
    if (subtype !== 'Link' || typeof url !== 'string' || url === '' || !rect) continue;
    const [x1, y1, x2, y2] = viewport.convertToViewportRectangle(rect);
    areas.push({ href: url, left: Math.min(x1, x2), right: Math.max(x1, x2), top: Math.min(y1, y2), bottom: Math.max(y1, y2) });
  }
  return areas;
}

/**
 * Gives items under a link area its href. Producers often draw the link text inside a
 * longer item ("see the docs here"), so an item is split where the area starts and
 * ends: character positions are estimated from the item's width (proportional, good
 * enough once snapped to word boundaries).
 */
export function applyLinks(items: TextItem[], areas: readonly LinkArea[]): TextItem[] {
  if (areas.length === 0) return items;
  return items.flatMap((item) => {
    const middle = item.y - item.size * 0.3;
    const area = areas.find(
      (a) => middle >= a.top - 1 && middle <= a.bottom + 1 && item.x < a.right - 1 && item.x + item.width > a.left + 1,
    );
    return area ? splitAtArea(item, area) : [item];
  });
}

function splitAtArea(item: TextItem, area: LinkArea): TextItem[] {
  const length = item.text.length;
  const perChar = item.width / Math.max(length, 1);
  let start = item.rtl ? 0 : Math.max(0, Math.round((area.left - item.x) / perChar));
  let end = item.rtl ? length : Math.min(length, Math.round((area.right - item.x) / perChar));
  start = snapToWord(item.text, start, -1);
  end = snapToWord(item.text, end, 1);
  if (start >= end) return [item];
  const piece = (from: number, to: number, href?: string): TextItem => ({
    ...item,
    text: item.text.slice(from, to),
    x: item.x + from * perChar,
    width: (to - from) * perChar,
    ...(href ? { href } : {}),
  });
  return [piece(0, start), piece(start, end, area.href), piece(end, length)].filter((part) => part.text !== '');
}

/** Moves a cut to the nearest word boundary in the given direction. */
function snapToWord(text: string, index: number, direction: -1 | 1): number {
  let i = index;
  if (direction < 0) while (i > 0 && /\S/.test(text[i - 1]) && /\S/.test(text[i] ?? ' ')) i--;
  else while (i < text.length && /\S/.test(text[i]) && /\S/.test(text[i - 1] ?? ' ')) i++;
  return i;
}
