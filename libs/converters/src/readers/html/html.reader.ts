import { type Block, type IntermediateDocument, inlineText, withTitleHeading } from '../../document';
import { inputText } from '../decode-text';
import type { ReadContext, ReaderInput } from '../reader';
import { collapseWhitespace } from './html-dom';
import { htmlToDocument } from './html-to-document';
import { dataUriBytes } from './html-image';

/** Web pages: the content, not the site around it (see html-dom.ts for what is dropped). */
export async function read(input: ReaderInput, context?: ReadContext): Promise<IntermediateDocument> {
  const { metadata, blocks } = htmlToDocument(inputText(input), context?.options.readImages ? dataUriBytes : undefined);
  // A page whose title is only in <title> still gets one heading to hang the rest on;
  // one whose content already shows the title as a heading (at any level: manual
  // pages often start at <h2>) would only get it twice.
  const title = metadata.title !== undefined && !hasHeadingText(blocks, metadata.title) ? metadata.title : undefined;
  return { pages: 1, metadata, blocks: withTitleHeading(blocks, title) };
}

function hasHeadingText(blocks: readonly Block[], text: string): boolean {
  const key = (value: string) => collapseWhitespace(value).trim().toLowerCase();
  return blocks.some((block) => block.type === 'heading' && key(inlineText(block.content)) === key(text));
}
