/**
 * Messages shown to clients quote what the document holds (an archive entry's name, a
 * sheet's title, an origin's reason phrase), and a damaged or hostile file can put any
 * bytes there. Postgres text refuses NUL, so one such message would keep the job from
 * ever being marked FAILED; other control characters only garble the JSON a client
 * reads. So they become U+FFFD, and a message is capped: one sentence, not a dump.
 */
export const MAX_CLIENT_MESSAGE_CHARS = 1000;

// C0 controls but tab and newline, DEL, and the C1 controls; lone surrogates too, which
// are not UTF-8 and Postgres would refuse as well.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function clientMessage(text: string): string {
  const plain = text.replace(UNPRINTABLE, '\ufffd').replace(/\ufffd{2,}/g, '\ufffd');
  if (plain.length <= MAX_CLIENT_MESSAGE_CHARS) return plain;
  return `${plain.slice(0, MAX_CLIENT_MESSAGE_CHARS - 1).replace(/[\ud800-\udbff]$/, '')}…`;
}

/** A name from inside a document, quoted in a message: printable, and short enough to read. */
export function quotedName(name: string, maxChars = 120): string {
  const plain = clientMessage(name);
  return `"${plain.length > maxChars ? `${plain.slice(0, maxChars - 1)}…` : plain}"`;
}
