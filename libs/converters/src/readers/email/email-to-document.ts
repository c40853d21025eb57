import type { DocumentMetadata } from '@docformat/contracts';
import type { Block, Inline, IntermediateDocument } from '../../document';
import { htmlToDocument } from '../html/html-to-document';
import { formatByteSize } from '../blocks/byte-size';
import { shiftHeadings } from '../blocks/shift-headings';
import { textToBlocks } from '../text/text.reader';

/** What both mail readers (.eml via postal-mime, .msg via msgreader) extract. */
export interface EmailMessage {
  subject?: string;
  /** Display form, `Name <address>`. */
  from?: string;
  to: string[];
  cc: string[];
  /** ISO 8601 when the header parsed as a date, else as written. */
  date?: string;
  html?: string;
  text?: string;
  attachments: EmailAttachment[];
}

export interface EmailAttachment {
  name: string;
  mimeType?: string;
  size?: number;
}

/**
 * A mail as a document: the subject as H1, a header block (From, To, Cc, Subject,
 * Date), the body (the HTML alternative through the HTML reader, which keeps links
 * and lists, else the plain text) and the attachments listed, not converted.
 */
export function emailToDocument(message: EmailMessage): IntermediateDocument {
  const subject = clean(message.subject);
  const blocks: Block[] = [{ type: 'heading', level: 1, content: [{ type: 'text', text: subject ?? 'E-mail message' }] }];
  blocks.push(headerBlock(message, subject));
  blocks.push(...bodyBlocks(message));
  if (message.attachments.length > 0) {
    blocks.push({ type: 'heading', level: 2, content: [{ type: 'text', text: 'Attachments' }] });
    blocks.push({
      type: 'list',
      ordered: false,
      items: message.attachments.map((attachment) => ({
        blocks: [{ type: 'paragraph', content: [{ type: 'text', text: describe(attachment) }] }],
      })),
    });
  }
  const metadata: DocumentMetadata = {
    ...(subject ? { title: subject } : {}),
    ...(message.from ? { author: message.from } : {}),
    ...(message.date && /^\d{4}-\d\d-\d\dT/.test(message.date) ? { createdAt: message.date } : {}),
  };
  return { pages: 1, metadata, blocks };
}

function headerBlock(message: EmailMessage, subject: string | undefined): Block {
  const fields: [string, string | undefined][] = [
    ['From', message.from],
    ['To', message.to.join(', ') || undefined],
    ['Cc', message.cc.join(', ') || undefined],
    ['Subject', subject],
    ['Date', message.date],
  ];
  const content = fields
    .filter((field): field is [string, string] => !!field[1])
    .flatMap(([label, value], index): Inline[] => [
      ...(index > 0 ? [{ type: 'break' } as const] : []),
      { type: 'strong', content: [{ type: 'text', text: `${label}:` }] },
      { type: 'text', text: ` ${value}` },
    ]);
  return { type: 'paragraph', content };
}

function bodyBlocks(message: EmailMessage): Block[] {
  // Mail HTML often has its own <h1>s; they sit below the subject.
  if (message.html?.trim()) return shiftHeadings(htmlToDocument(message.html).blocks, 2);
  return textToBlocks((message.text ?? '').replace(/\r\n?/g, '\n'));
}

function describe(attachment: EmailAttachment): string {
  const details = [attachment.mimeType, attachment.size === undefined ? undefined : formatByteSize(attachment.size)].filter(Boolean);
  return details.length > 0 ? `${attachment.name} (${details.join(', ')})` : attachment.name;
}

function clean(value: string | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : undefined;
}
