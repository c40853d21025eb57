import { zipSync } from 'fflate';

/**
 * A minimal hand-built PPTX for what pandoc cannot produce: slides listed out of
 * file-name order, free text boxes placed out of document order, a group, a chart
 * with a title and a hyperlink. Test support only; no reader imports this file.
 */
const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function rels(items: [id: string, type: string, target: string, external?: boolean][]): string {
  const body = items
    .map(
      ([id, type, target, external]) =>
        `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`;
}

export function textBox(id: number, x: number, y: number, paragraphs: string): string {
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="TextBox ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr><a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/>${paragraphs}</p:txBody></p:sp>`
  );
}

export const para = (text: string, pPr = '') => `<a:p>${pPr}<a:r><a:t>${text}</a:t></a:r></a:p>`;

export function slideXml(shapes: string, attributes = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?><p:sld ${NS}${attributes}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shapes}</p:spTree></p:cSld></p:sld>`;
}

const chartFrame =
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="Chart"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>` +
  `<p:xfrm><a:off x="0" y="5000"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">` +
  `<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId2"/></a:graphicData></a:graphic></p:graphicFrame>`;

const chartXml =
  `<?xml version="1.0" encoding="UTF-8"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">` +
  `<c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Revenue </a:t></a:r><a:r><a:t>by month</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea/></c:chart></c:chartSpace>`;

const linkRun = `<a:p><a:r><a:rPr><a:hlinkClick r:id="rId3"/></a:rPr><a:t>the spec</a:t></a:r></a:p>`;

/** Files of the deck; tests may replace entries to break it. */
export function syntheticDeckFiles(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${NS}><p:sldIdLst><p:sldId id="256" r:id="rId12"/><p:sldId id="257" r:id="rId11"/></p:sldIdLst></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': rels([
      ['rId11', 'slide', 'slides/slide1.xml'],
      ['rId12', 'slide', '/ppt/slides/slide2.xml'],
    ]),
    // Listed first in the presentation: no title placeholder, so "Slide 1".
    'ppt/slides/slide2.xml': slideXml(
      textBox(3, 0, 3000, para('Bottom text')) +
        textBox(2, 5000, 1000, para('Top right')) +
        textBox(4, 0, 1000, para('Top left')) +
        `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="5" name="Group"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="4000"/></a:xfrm></p:grpSpPr>` +
        textBox(6, 0, 20, para('Group second')) +
        textBox(7, 0, 10, para('Group first')) +
        '</p:grpSp>' +
        chartFrame,
    ),
    'ppt/slides/_rels/slide2.xml.rels': rels([['rId2', 'chart', '../charts/chart7.xml']]),
    'ppt/charts/chart7.xml': chartXml,
    'ppt/slides/slide1.xml': slideXml(
      textBox(2, 0, 0, linkRun + para('Explicit bullet', '<a:pPr><a:buChar char="•"/></a:pPr>')),
      ' show="0"',
    ),
    'ppt/slides/_rels/slide1.xml.rels': rels([['rId3', 'hyperlink', 'https://example.com/spec', true]]),
    ...overrides,
  };
}

export function syntheticDeck(overrides: Record<string, string> = {}): Buffer {
  const files = Object.fromEntries(
    Object.entries(syntheticDeckFiles(overrides)).map(([name, text]) => [name, new TextEncoder().encode(text)]),
  );
  return Buffer.from(zipSync(files));
}
