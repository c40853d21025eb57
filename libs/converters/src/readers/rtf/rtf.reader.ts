import { JobFailure } from '@docformat/contracts';
import type { DocumentMetadata } from '@docformat/contracts';
import { type IntermediateDocument, withTitleHeading } from '../../document';
import type { ReaderInput } from '../reader';
import { compactMetadata } from '../office/office-metadata';
import { rtfBlocks } from './rtf-blocks';
import { interpretRtf } from './rtf-interpreter';
import type { RtfInfo } from './rtf-model';

/** `{\rtf`, after an optional UTF-8 BOM and white space. */
const RTF_SIGNATURE = /^(?:\xef\xbb\xbf)?\s*\{\\rtf/;

/**
 * RTF, read by our own small interpreter (rtf-tokenizer → rtf-interpreter →
 * rtf-blocks): the npm RTF parsers are unmaintained. It reads what survives into
 * markdown and text (paragraphs, bold/italic, links, headings, lists, tables,
 * footnotes, \info metadata) and skips everything else by destination, so unknown
 * constructs cost text at worst, never the conversion.
 */
export async function read(input: ReaderInput): Promise<IntermediateDocument> {
  // RTF is 7-bit by design; bytes above 0x7F are decoded by the code page later.
  const source = input.bytes.toString('latin1');
  if (!RTF_SIGNATURE.test(source.slice(0, 64)))
    throw new JobFailure('CORRUPT_DOCUMENT', 'The file is not an RTF document (it does not start with {\\rtf).');
  const content = interpretRtf(source);
  const metadata = rtfMetadata(content.info);
  return { pages: 1, metadata, blocks: withTitleHeading(rtfBlocks(content), metadata.title) };
}

function rtfMetadata(info: RtfInfo): DocumentMetadata {
  const clean = (value: string | undefined) => value?.replace(/\s+/g, ' ').replace(/;$/, '').trim() || undefined;
  return compactMetadata({
    title: clean(info.title),
    author: clean(info.author),
    subject: clean(info.subject) ?? clean(info.comment),
    keywords: clean(info.keywords),
    producer: clean(info.generator),
    createdAt: info.created,
    modifiedAt: info.revised,
  });
}
