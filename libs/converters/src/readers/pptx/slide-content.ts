import { type Block, type Image, type Inline, type Table, inlineText, normalizeInline } from '../../document';
import { chartBlocks } from './chart-data';
import { type TextContext, textBodyBlocks, textBodyInline } from './drawing-text';
import type { PptxPackage } from './pptx-package';
import { type Offset, placeholderOf, placeholderOffset } from './placeholder-offset';
import { type XmlElement, attr, child, children, path, relAttr } from './pptx-xml';

export interface SlideContent {
  title?: string;
  hidden: boolean;
  blocks: Block[];
}

interface Positioned extends Offset {
  blocks: Block[];
}

/** Slide furniture repeated from the master: not content. */
const SKIPPED_PLACEHOLDERS = new Set(['dt', 'ftr', 'sldNum', 'hdr', 'sldImg']);
const TITLE_PLACEHOLDERS = new Set(['title', 'ctrTitle']);

/**
 * One slide's content in reading order: shapes sorted top-to-bottom, then
 * left-to-right by their offsets (placeholders without one inherit it from the
 * layout or master). The title placeholder becomes the slide title, not a block.
 */
export function slideContent(pkg: PptxPackage, slidePath: string): SlideContent {
  const slide = pkg.part(slidePath)?.documentElement;
  if (!slide) throw new Error(`Missing slide part ${slidePath}`);
  const reader = new ShapeReader(pkg, slidePath);
  const items = reader.items(path(slide, 'cSld', 'spTree'));
  return { title: reader.title, hidden: attr(slide, 'show') === '0', blocks: sortByPosition(items).flatMap((item) => item.blocks) };
}

/** Speaker notes: the body placeholder of the slide's notes page. */
export function notesBlocks(pkg: PptxPackage, slidePath: string): Block[] {
  const notes = pkg.relOfType(slidePath, 'notesSlide');
  const tree = notes && path(pkg.part(notes.target)?.documentElement, 'cSld', 'spTree');
  const context: TextContext = { bulletsByDefault: false, rels: notes ? pkg.rels(notes.target) : new Map() };
  return children(tree, 'sp')
    .filter((sp) => placeholderOf(sp)?.type === 'body')
    .flatMap((sp) => textBodyBlocks(child(sp, 'txBody'), context));
}

class ShapeReader {
  title?: string;
  private readonly rels;

  constructor(
    private readonly pkg: PptxPackage,
    private readonly slidePath: string,
  ) {
    this.rels = pkg.rels(slidePath);
  }

  items(tree: XmlElement | undefined): Positioned[] {
    return children(tree).flatMap((node) => this.item(node));
  }

  private item(node: XmlElement): Positioned[] {
    switch (node.localName) {
      case 'sp':
        return this.shape(node);
      case 'graphicFrame': {
        const blocks = this.graphic(path(node, 'graphic', 'graphicData'));
        return blocks.length ? [{ ...offsetOf(child(node, 'xfrm')), blocks }] : [];
      }
      case 'grpSp': {
        // A group reads as one unit at its own position; its members in their own order.
        const blocks = sortByPosition(this.items(node)).flatMap((item) => item.blocks);
        return blocks.length ? [{ ...offsetOf(path(node, 'grpSpPr', 'xfrm')), blocks }] : [];
      }
      case 'AlternateContent':
        return this.items(child(node, 'Choice') ?? child(node, 'Fallback'));
      case 'pic': {
        const image = this.picture(node);
        return image ? [{ ...this.offset(node, path(node, 'spPr', 'xfrm')), blocks: [image] }] : [];
      }
      default:
        return []; // connectors, content parts: no text
    }
  }

  /**
   * A picture by its description (alt text `descr`, else `title`), its file name in
   * the package and, when the package was opened with media, its bytes. A picture
   * with neither description nor bytes is left out: its name ("Picture 3") tells the
   * reader nothing.
   */
  private picture(pic: XmlElement): Image | undefined {
    const properties = path(pic, 'nvPicPr', 'cNvPr');
    const alt = (attr(properties, 'descr') || attr(properties, 'title') || '').replace(/\s+/g, ' ').trim();
    const rel = this.rels.get(relAttr(path(pic, 'blipFill', 'blip'), 'embed') ?? '');
    const bytes = rel && !rel.external ? this.pkg.media(rel.target) : undefined;
    if (alt === '' && !bytes) return undefined;
    const src = rel && !rel.external ? rel.target.slice(rel.target.lastIndexOf('/') + 1) : undefined;
    return { type: 'image', alt, ...(src ? { src } : {}), ...(bytes ? { bytes } : {}) };
  }

  /** The shape's own position, else (placeholders) the layout's or master's. */
  private offset(shape: XmlElement, xfrm: XmlElement | undefined): Offset {
    const placeholder = placeholderOf(shape);
    return (
      (xfrm ? offsetOf(xfrm) : undefined) ?? (placeholder ? placeholderOffset(this.pkg, this.slidePath, placeholder) : undefined) ?? UNKNOWN
    );
  }

  private shape(sp: XmlElement): Positioned[] {
    const placeholder = placeholderOf(sp);
    if (placeholder && SKIPPED_PLACEHOLDERS.has(placeholder.type)) return [];
    const own = path(sp, 'spPr', 'xfrm') ? offsetOf(path(sp, 'spPr', 'xfrm')) : undefined;
    const offset = own ?? (placeholder ? placeholderOffset(this.pkg, this.slidePath, placeholder) : undefined);
    const bulletsByDefault = placeholder !== undefined && (placeholder.type === 'body' || placeholder.type === 'obj');
    const blocks = textBodyBlocks(child(sp, 'txBody'), { bulletsByDefault, rels: this.rels });
    if (placeholder && TITLE_PLACEHOLDERS.has(placeholder.type) && this.title === undefined) {
      this.title =
        inlineText(textBodyInline(child(sp, 'txBody'), { bulletsByDefault: false, rels: this.rels }))
          .replace(/\s+/g, ' ')
          .trim() || undefined;
      if (this.title !== undefined) return [];
    }
    return blocks.length ? [{ ...(offset ?? UNKNOWN), blocks }] : [];
  }

  private graphic(data: XmlElement | undefined): Block[] {
    const table = child(data, 'tbl');
    if (table) return [tableBlock(table, { bulletsByDefault: false, rels: this.rels })];
    const chart = child(data, 'chart');
    if (chart) {
      const rel = this.rels.get(relAttr(chart, 'id') ?? '');
      return chartBlocks(rel && !rel.external ? (this.pkg.part(rel.target)?.documentElement ?? undefined) : undefined);
    }
    return [];
  }
}

/** `a:tbl` → a table with the first row as header; merged-away cells stay empty. */
function tableBlock(tbl: XmlElement, context: TextContext): Table {
  const rows = children(tbl, 'tr').map((tr) =>
    children(tr, 'tc').map((tc): Inline[] =>
      attr(tc, 'hMerge') === '1' || attr(tc, 'vMerge') === '1' ? [] : normalizeInline(textBodyInline(child(tc, 'txBody'), context)),
    ),
  );
  const width = Math.max(0, ...rows.map((row) => row.length));
  const padded = rows.map((row) => [...row, ...Array.from({ length: width - row.length }, (): Inline[] => [])]);
  const [header, ...body] = padded;
  return { type: 'table', header, rows: body };
}

const UNKNOWN: Offset = { x: Number.MAX_SAFE_INTEGER, y: Number.MAX_SAFE_INTEGER };

export function offsetOf(xfrm: XmlElement | undefined): Offset {
  const off = child(xfrm, 'off');
  const x = Number(attr(off, 'x'));
  const y = Number(attr(off, 'y'));
  return Number.isFinite(x) && Number.isFinite(y) && off ? { x, y } : UNKNOWN;
}

/** Stable: shapes with equal or unknown positions keep their document order. */
function sortByPosition(items: Positioned[]): Positioned[] {
  return [...items].sort((a, b) => a.y - b.y || a.x - b.x);
}
