import { JobFailure } from '@docformat/contracts';
import PostalMime, { type Address, type Email } from 'postal-mime';
import type { IntermediateDocument } from '../../document';
import type { ReaderInput } from '../reader';
import { type EmailMessage, emailToDocument } from './email-to-document';

/** Any of these makes the text a mail; postal-mime itself parses anything as a body. */
const MAIL_HEADERS = new Set(['from', 'to', 'subject', 'date', 'message-id', 'mime-version', 'received', 'return-path']);

/** RFC 822 / MIME messages (.eml), parsed by postal-mime (charsets, encoded words, parts). */
export async function read(input: ReaderInput): Promise<IntermediateDocument> {
  let email: Email;
  try {
    email = await PostalMime.parse(input.bytes, { attachmentEncoding: 'arraybuffer', maxNestingDepth: 50 });
  } catch (error) {
    throw new JobFailure('CORRUPT_DOCUMENT', 'The e-mail message could not be parsed.', false, { cause: error });
  }
  if (!email.headers.some((header) => MAIL_HEADERS.has(header.key))) {
    throw new JobFailure('CORRUPT_DOCUMENT', 'The file is not an e-mail message (it has no mail headers).');
  }
  return emailToDocument(toMessage(email));
}

function toMessage(email: Email): EmailMessage {
  return {
    subject: email.subject,
    from: email.from ? formatAddress(email.from) : undefined,
    to: (email.to ?? []).map(formatAddress),
    cc: (email.cc ?? []).map(formatAddress),
    date: email.date,
    html: email.html,
    text: email.text,
    // Parts the HTML shows inline (cid: images) are part of the body, not attachments.
    attachments: email.attachments
      .filter((attachment) => !attachment.related)
      .map((attachment) => ({
        name: attachment.filename ?? 'unnamed attachment',
        mimeType: attachment.mimeType,
        size: typeof attachment.content === 'string' ? attachment.content.length : attachment.content.byteLength,
      })),
  };
}

function formatAddress(address: Address): string {
  if (address.group) return `${address.name}: ${address.group.map(formatAddress).join(', ')}`;
  return address.name ? `${address.name} <${address.address}>` : (address.address ?? '');
}
