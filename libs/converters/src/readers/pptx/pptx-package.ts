import { corruptArchive, readZipEntries } from '../office/office-zip';
import { type XmlDocument, attr, child, children, parseXml, relAttr } from './pptx-xml';

export interface Relationship {
  /** The relationship type's last segment: `slide`, `notesSlide`, `chart`, `hyperlink`… */
  type: string;
  /** A package path (`ppt/slides/slide1.xml`), or the URL itself when external. */
  target: string;
  external: boolean;
}

/**
 * Only the XML parts the reader uses are inflated: slide text, layouts and masters
 * (for placeholder positions), notes, charts and the core properties. Media only
 * when pictures are asked for (ConversionOptions.readImages).
 */
const WANTED =
  /^(?:ppt\/(?:presentation\.xml|_rels\/presentation\.xml\.rels|(?:slides|slideLayouts|slideMasters|notesSlides|charts)\/(?:_rels\/)?[^/]+\.(?:xml|rels))|docProps\/core\.xml)$/;

/** A PPTX opened as an OPC package: parts by path, parsed on first use, and their relationships. */
export class PptxPackage {
  private readonly parsed = new Map<string, XmlDocument | undefined>();
  private readonly relsCache = new Map<string, Map<string, Relationship>>();

  private constructor(private readonly entries: Map<string, Uint8Array>) {}

  /** Not a ZIP, encrypted (a CFB), legacy .ppt or a zip bomb: a JobFailure from readZipEntries. */
  static open(bytes: Uint8Array, options: { media?: boolean } = {}): PptxPackage {
    const entries = readZipEntries(bytes, 'PPTX', (name) => WANTED.test(name) || (options.media === true && name.startsWith('ppt/media/')));
    if (!entries.has('ppt/presentation.xml')) throw corruptArchive('PPTX', undefined, 'missing ppt/presentation.xml');
    return new PptxPackage(entries);
  }

  /** A media part's bytes (`ppt/media/image1.png`), when the package was opened with media. */
  media(path: string): Uint8Array | undefined {
    return path.startsWith('ppt/media/') ? this.entries.get(path) : undefined;
  }

  /** The parsed part, or undefined when the package has no such part. Malformed XML throws. */
  part(path: string): XmlDocument | undefined {
    if (!this.parsed.has(path)) {
      const bytes = this.entries.get(path);
      this.parsed.set(path, bytes ? parseXml(bytes) : undefined);
    }
    return this.parsed.get(path);
  }

  /** Relationships of a part by id (`rId3`), targets resolved to package paths. */
  rels(partPath: string): Map<string, Relationship> {
    let rels = this.relsCache.get(partPath);
    if (!rels) {
      rels = new Map();
      const slash = partPath.lastIndexOf('/');
      const dir = partPath.slice(0, slash + 1);
      const document = this.part(`${dir}_rels/${partPath.slice(slash + 1)}.rels`);
      for (const rel of children(document?.documentElement, 'Relationship')) {
        const id = attr(rel, 'Id');
        const target = attr(rel, 'Target');
        if (!id || !target) continue;
        const external = attr(rel, 'TargetMode') === 'External';
        const type = (attr(rel, 'Type') ?? '').split('/').pop() ?? '';
        rels.set(id, { type, external, target: external ? target : resolvePath(dir, target) });
      }
      this.relsCache.set(partPath, rels);
    }
    return rels;
  }

  /** The first relationship of a type, e.g. a slide's `slideLayout` or `notesSlide`. */
  relOfType(partPath: string, type: string): Relationship | undefined {
    return [...this.rels(partPath).values()].find((rel) => rel.type === type);
  }

  /** Slide part paths in presentation order (`sldIdLst`), not file-name order. */
  slidePaths(): string[] {
    const presentation = this.part('ppt/presentation.xml')?.documentElement;
    const rels = this.rels('ppt/presentation.xml');
    return children(child(presentation, 'sldIdLst'), 'sldId')
      .map((sldId) => rels.get(relAttr(sldId, 'id') ?? ''))
      .filter((rel): rel is Relationship => rel !== undefined && !rel.external)
      .map((rel) => rel.target);
  }
}

/** `ppt/slides/` + `../charts/chart1.xml` → `ppt/charts/chart1.xml`; `/ppt/x.xml` is absolute. */
export function resolvePath(baseDir: string, target: string): string {
  const segments = target.startsWith('/') ? [] : baseDir.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}
