import type { PptxPackage } from './pptx-package';
import { type XmlElement, attr, children, path } from './pptx-xml';

export interface Offset {
  x: number;
  y: number;
}

export interface Placeholder {
  /** `title`, `ctrTitle`, `subTitle`, `body`, `obj`, `dt`… (`obj` when unset, as the spec says). */
  type: string;
  idx?: string;
}

/** The `p:ph` of a shape or graphic frame, if it is a placeholder. */
export function placeholderOf(shape: XmlElement): Placeholder | undefined {
  const ph = path(shape, 'nvSpPr', 'nvPr', 'ph') ?? path(shape, 'nvGraphicFramePr', 'nvPr', 'ph') ?? path(shape, 'nvPicPr', 'nvPr', 'ph');
  if (!ph) return undefined;
  return { type: attr(ph, 'type') ?? 'obj', idx: attr(ph, 'idx') };
}

/**
 * Where a placeholder sits when the slide does not say (PowerPoint and pandoc leave
 * `p:spPr` empty and inherit the frame): the matching placeholder of the slide's
 * layout, else of the layout's master. Layouts match by `idx`, then type; masters
 * by type only, where every content placeholder is the `body` one.
 */
export function placeholderOffset(pkg: PptxPackage, slidePath: string, placeholder: Placeholder): Offset | undefined {
  const layout = pkg.relOfType(slidePath, 'slideLayout')?.target;
  const fromLayout =
    layout &&
    findOffset(pkg, layout, (ph) => (placeholder.idx !== undefined && ph.idx === placeholder.idx) || ph.type === placeholder.type);
  if (fromLayout) return fromLayout;
  const master = layout ? pkg.relOfType(layout, 'slideMaster')?.target : undefined;
  const masterType = placeholder.type === 'ctrTitle' ? 'title' : ['obj', 'subTitle'].includes(placeholder.type) ? 'body' : placeholder.type;
  return (master && findOffset(pkg, master, (ph) => ph.type === masterType)) || undefined;
}

function findOffset(pkg: PptxPackage, partPath: string, matches: (ph: Placeholder) => boolean): Offset | undefined {
  const tree = path(pkg.part(partPath)?.documentElement, 'cSld', 'spTree');
  for (const shape of children(tree, 'sp')) {
    const ph = placeholderOf(shape);
    const off = path(shape, 'spPr', 'xfrm', 'off');
    if (!ph || !off || !matches(ph)) continue;
    const x = Number(attr(off, 'x'));
    const y = Number(attr(off, 'y'));
    if (Number.isFinite(x) && Number.isFinite(y)) return { x, y };
  }
  return undefined;
}
