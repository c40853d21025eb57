import type { Block, Inline, Table } from '../../document';
import { type XmlElement, attr, child, children, descendants } from './pptx-xml';
import { SSF } from '@e965/xlsx';

/** One series of a chart as the chart part caches it: what PowerPoint draws, without the embedded workbook. */
interface Series {
  name: string;
  categories: string[];
  values: string[];
}

/** Series elements that hold the categories (x) and the values (y) of each chart kind. */
const CATEGORY_ELEMENTS = ['cat', 'xVal'];
const VALUE_ELEMENTS = ['val', 'yVal'];

/**
 * A chart part (`ppt/charts/chartN.xml`, DrawingML charts) → "Chart: title" and its
 * data as a table, categories down and series across, the way a reader of the slide
 * sees the numbers. The values come from the caches PowerPoint keeps beside each
 * formula (`c:strCache`, `c:numCache`) and are formatted with their `c:formatCode`, so
 * "12.5%" stays "12.5%" rather than 0.125. Series whose categories differ (a scatter
 * chart's x values per series) get a table each rather than a misaligned one.
 */
export function chartBlocks(chartSpace: XmlElement | undefined): Block[] {
  const chart = child(chartSpace, 'chart');
  const title = chartTitle(chart);
  const blocks: Block[] = [{ type: 'paragraph', content: [{ type: 'text', text: title ? `Chart: ${title}` : 'Chart' }] }];
  const series = children(child(chart, 'plotArea'))
    .flatMap((group) => children(group, 'ser'))
    .map((ser, index) => readSeries(ser, index));
  for (const group of groupByCategories(series)) blocks.push(seriesTable(group));
  return blocks;
}

/** The chart's own title text (`c:title`), or its cached series-name reference. */
function chartTitle(chart: XmlElement | undefined): string {
  const title = child(chart, 'title');
  const runs = descendants(title, 't');
  const texts = runs.length ? runs : descendants(title, 'v');
  return clean(texts.map((t) => t.textContent ?? '').join(''));
}

function readSeries(ser: XmlElement, index: number): Series {
  // `c:tx` is a cached reference to the name's cell, or the name itself in `c:v`.
  const name =
    clean(
      descendants(child(ser, 'tx'), 'v')
        .map((v) => v.textContent ?? '')
        .join(' '),
    ) || `Series ${index + 1}`;
  const categoryData = CATEGORY_ELEMENTS.map((local) => child(ser, local)).find(Boolean);
  const valueData = VALUE_ELEMENTS.map((local) => child(ser, local)).find(Boolean);
  return { name, categories: cachedPoints(categoryData), values: cachedPoints(valueData) };
}

/**
 * The displayed points of a data source, by `idx` (missing points stay empty): a
 * reference's cache or a literal, numbers formatted as shown. A multi-level category
 * axis (`c:multiLvlStrCache`) reads as "outer / inner" labels.
 */
function cachedPoints(source: XmlElement | undefined): string[] {
  const data = children(source)[0];
  if (!data) return [];
  const multiLevel = descendants(data, 'multiLvlStrCache')[0] ?? (data.localName === 'multiLvlStrLit' ? data : undefined);
  if (multiLevel) return multiLevelPoints(multiLevel);
  const cache = ['strLit', 'numLit'].includes(data.localName ?? '') ? data : (child(data, 'strCache') ?? child(data, 'numCache'));
  return pointsOf(cache);
}

function pointsOf(cache: XmlElement | undefined): string[] {
  if (!cache) return [];
  const numeric = cache.localName === 'numCache' || cache.localName === 'numLit';
  const formatCode = clean(child(cache, 'formatCode')?.textContent ?? '') || 'General';
  const points = children(cache, 'pt');
  const count = Math.max(Number(attr(child(cache, 'ptCount'), 'val')) || 0, ...points.map((pt) => Number(attr(pt, 'idx') ?? -1) + 1));
  // A damaged count must not make a table of millions of empty rows.
  const out: string[] = Array.from({ length: Math.min(count, MAX_POINTS) }, () => '');
  for (const pt of points) {
    const idx = Number(attr(pt, 'idx'));
    if (!Number.isInteger(idx) || idx < 0 || idx >= out.length) continue;
    const raw = clean(child(pt, 'v')?.textContent ?? '');
    out[idx] = numeric ? formatNumber(raw, attr(pt, 'formatCode') ?? formatCode) : raw;
  }
  return out;
}

/** A chart has at most a few thousand points in practice; this bounds a damaged `ptCount`. */
const MAX_POINTS = 10_000;

function multiLevelPoints(cache: XmlElement): string[] {
  // Levels are written innermost first; a label of an outer level spans the points up to the next one.
  const levels = children(cache, 'lvl').map((lvl) => pointsOf(withCount(lvl, cache)));
  const count = Math.max(0, ...levels.map((level) => level.length));
  const filled = levels.map((level) => {
    let last = '';
    return Array.from({ length: count }, (_, i) => (last = level[i] || last));
  });
  return Array.from({ length: count }, (_, i) =>
    filled
      .map((level) => level[i])
      .reverse()
      .filter(Boolean)
      .join(' / '),
  );
}

/** A `c:lvl` has no `c:ptCount` of its own: the cache's applies. */
function withCount(lvl: XmlElement, cache: XmlElement): XmlElement {
  if (child(lvl, 'ptCount')) return lvl;
  const copy = lvl.cloneNode(true) as XmlElement;
  const ptCount = child(cache, 'ptCount');
  if (ptCount) copy.insertBefore(ptCount.cloneNode(true), copy.firstChild);
  return copy;
}

/**
 * A cached number as the chart shows it, through the SheetJS number-format engine
 * (the same codes as Excel cells). Loaded on first use: most decks have no chart.
 */
function formatNumber(raw: string, formatCode: string): string {
  const value = Number(raw);
  if (raw === '' || !Number.isFinite(value)) return raw;
  try {
    return SSF.format(formatCode, value).trim();
  } catch {
    return raw; // a format code the engine does not know: the number itself is still right
  }
}

function groupByCategories(series: Series[]): Series[][] {
  const groups = new Map<string, Series[]>();
  for (const one of series) {
    // Series without their own categories join the first group, as PowerPoint draws them against its axis.
    const key = one.categories.length ? JSON.stringify(one.categories) : (groups.keys().next().value ?? '[]');
    groups.set(key, [...(groups.get(key) ?? []), one]);
  }
  return [...groups.values()];
}

function seriesTable(series: Series[]): Table {
  const categories = series.find((one) => one.categories.length)?.categories ?? [];
  const rowCount = Math.max(categories.length, ...series.map((one) => one.values.length));
  const cell = (text: string): Inline[] => (text ? [{ type: 'text', text }] : []);
  const rows = Array.from({ length: rowCount }, (_, row) => [
    cell(categories[row] ?? String(row + 1)),
    ...series.map((one) => cell(one.values[row] ?? '')),
  ]);
  return { type: 'table', header: [cell('Category'), ...series.map((one) => cell(one.name))], rows };
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
