import { z } from 'zod';
import type { DocumentSource } from '../backend';
import { ToolInputError } from '../tool-result';

/** The arguments that say which document: a URL, or the bytes in base64 with a file name. */
export const documentSourceShape = {
  url: z
    .string()
    .optional()
    .describe('The http(s) URL of the document; the service downloads it. Give either url, or content with fileName.'),
  content: z
    .string()
    .optional()
    .describe(
      "The document's bytes, base64-encoded, for a document the service cannot download (a local file). Give fileName with it. " +
        'Over HTTP the whole request is at most 1 MiB, so larger documents need a url.',
    ),
  fileName: z
    .string()
    .optional()
    .describe('With content: the file name, such as report.pdf (its extension helps identify the type, and it names the job).'),
};

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The document the arguments name, or a ToolInputError saying what is wrong with them. */
export function documentSource(args: { url?: string; content?: string; fileName?: string }): DocumentSource {
  if (args.url !== undefined && args.content !== undefined) throw new ToolInputError('url', 'give url or content, not both');
  if (args.url !== undefined) return { url: args.url };
  if (args.content === undefined)
    throw new ToolInputError('url', 'give the document: url (an http(s) URL) or content (base64) with fileName');
  const base64 = args.content.replace(/\s+/g, '');
  if (!BASE64.test(base64)) throw new ToolInputError('content', 'content must be the document in base64');
  if (!args.fileName?.trim()) throw new ToolInputError('fileName', 'fileName is required with content (for example report.pdf)');
  return { content: Buffer.from(base64, 'base64'), fileName: args.fileName.trim() };
}
