import { JobFailure, isJobFailure, selectedPages } from '@docformat/contracts';
import { type Block, type Inline, type IntermediateDocument, withTitleHeading } from '../../document';
import type { ReadContext, ReaderInput } from '../reader';
import { coreProperties } from './core-properties';
import { PptxPackage } from './pptx-package';
import { notesBlocks, slideContent } from './slide-content';

/**
 * PowerPoint (OOXML) decks, read directly from the package (fflate + xmldom): one
 * `##` section per slide in presentation order, text in reading order, tables,
 * charts (title and data table), pictures by their alt text (and bytes, when asked
 * for) and speaker notes as a
 * block quote starting "Notes:". `pages` is the
 * slide count, hidden slides included (they are marked in the heading); `format.pages`
 * selects slides by number.
 */
export async function read(input: ReaderInput, context: ReadContext): Promise<IntermediateDocument> {
  try {
    const pkg = PptxPackage.open(input.bytes, { media: context.options.readImages });
    const slides = pkg.slidePaths();
    const wanted = selectedPages(context.options.pages, slides.length);
    context.checkPages(wanted.length);
    const metadata = coreProperties(pkg.part('docProps/core.xml'));
    const blocks = wanted.flatMap((number) => slideBlocks(pkg, slides[number - 1], number).map((block) => ({ ...block, page: number })));
    // The deck title as `#` over the slides, unless the title slide already says it.
    const firstHeading = blocks.find((block) => block.type === 'heading');
    const repeated =
      firstHeading?.type === 'heading' && firstHeading.content[0]?.type === 'text' && firstHeading.content[0].text === metadata.title;
    return {
      pages: slides.length,
      metadata,
      blocks: repeated ? blocks : withTitleHeading(blocks, metadata.title),
      ...(wanted.length < slides.length ? { pagesConverted: wanted } : {}),
    };
  } catch (error) {
    // Malformed XML, missing parts, anything the package code trips over.
    if (isJobFailure(error)) throw error;
    throw new JobFailure('CORRUPT_DOCUMENT', 'The PPTX presentation is damaged and could not be read.', false, { cause: error });
  }
}

function slideBlocks(pkg: PptxPackage, slidePath: string, number: number): Block[] {
  const slide = slideContent(pkg, slidePath);
  const title = `${slide.title ?? `Slide ${number}`}${slide.hidden ? ' (hidden slide)' : ''}`;
  const blocks: Block[] = [{ type: 'heading', level: 2, content: [{ type: 'text', text: title }] }, ...slide.blocks];
  const notes = notesBlocks(pkg, slidePath);
  if (notes.length > 0) blocks.push({ type: 'quote', blocks: markNotes(notes) });
  return blocks;
}

/** "**Notes:**" leads the first notes paragraph, so the notes read as notes in every format. */
function markNotes(notes: Block[]): Block[] {
  const label: Inline = { type: 'strong', content: [{ type: 'text', text: 'Notes:' }] };
  const [first, ...rest] = notes;
  if (first.type === 'paragraph') return [{ type: 'paragraph', content: [label, { type: 'text', text: ' ' }, ...first.content] }, ...rest];
  return [{ type: 'paragraph', content: [label] }, ...notes];
}
