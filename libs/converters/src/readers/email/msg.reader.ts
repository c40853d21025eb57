import { JobFailure } from '@docformat/contracts';
import type { FieldsData } from '@kenjiuno/msgreader';
import type { IntermediateDocument } from '../../document';
import type { ReaderInput } from '../reader';
import { checkCompoundFile } from './compound-file';
import { type EmailMessage, emailToDocument } from './email-to-document';
import MsgReader from '@kenjiuno/msgreader';

/** `D0 CF 11 E0`: an Outlook .msg is an OLE compound file. */
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

/** Outlook messages (.msg), read by @kenjiuno/msgreader into the same shape as .eml. */
export async function read(input: ReaderInput): Promise<IntermediateDocument> {
  if (!CFB_MAGIC.every((byte, index) => input.bytes[index] === byte)) {
    throw new JobFailure('CORRUPT_DOCUMENT', 'The file is not an Outlook message (it is not an OLE compound file).');
  }
  checkCompoundFile(input.bytes);
  let fields: FieldsData;
  try {
    fields = new MsgReader(new DataView(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength)).getFileData();
  } catch (error) {
    throw new JobFailure('CORRUPT_DOCUMENT', 'The Outlook message is damaged or truncated and could not be read.', false, { cause: error });
  }
  // Other compound files (.doc, .xls) parse as CFB too, but carry no message.
  const hasMessage = fields.subject || fields.senderName || fields.body || fields.bodyHtml || fields.html || fields.recipients?.length;
  if (fields.error || fields.dataType !== 'msg' || !hasMessage) {
    throw new JobFailure('UNSUPPORTED_DOCUMENT_TYPE', 'The compound file is not an Outlook message.');
  }
  return emailToDocument(toMessage(fields));
}

function toMessage(fields: FieldsData): EmailMessage {
  const recipients = (type: 'to' | 'cc') =>
    (fields.recipients ?? [])
      .filter((recipient) => (recipient.recipType ?? 'to') === type)
      .map((recipient) => mailbox(recipient.name, recipient.smtpAddress ?? recipient.email));
  const date = fields.clientSubmitTime ?? fields.messageDeliveryTime ?? fields.creationTime;
  return {
    subject: fields.subject,
    from:
      fields.senderName || fields.senderSmtpAddress || fields.senderEmail
        ? mailbox(fields.senderName, fields.senderSmtpAddress ?? fields.senderEmail)
        : undefined,
    to: recipients('to'),
    cc: recipients('cc'),
    date: date ? isoDate(date) : undefined,
    html: fields.bodyHtml ?? (fields.html ? new TextDecoder().decode(fields.html) : undefined),
    text: fields.body,
    attachments: (fields.attachments ?? [])
      .filter((attachment) => !attachment.attachmentHidden)
      .map((attachment) => ({
        name: attachment.fileName ?? attachment.fileNameShort ?? attachment.name ?? 'unnamed attachment',
        mimeType: attachment.attachMimeTag,
        size: attachment.contentLength,
      })),
  };
}

function mailbox(name: string | undefined, address: string | undefined): string {
  // Exchange-internal senders have X.500 addresses (`/O=ORG/OU=…`), useless to a reader.
  const usable = address && address.includes('@') ? address : undefined;
  if (name && usable && name !== usable) return `${name} <${usable}>`;
  return name || usable || address || '';
}

function isoDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
