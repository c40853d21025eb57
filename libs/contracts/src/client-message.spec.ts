import { clientMessage, MAX_CLIENT_MESSAGE_CHARS, quotedName } from './client-message';
import { JobFailure } from './job-failure';

describe('clientMessage', () => {
  it('replaces NUL and other control characters, which Postgres text or a JSON reader would choke on', () => {
    expect(clientMessage('entry readme.txtPK\u0001\u0002\u0000\u0000x\u007f\u0085 end')).toBe('entry readme.txtPK\ufffdx\ufffd end');
  });

  it('keeps tabs, newlines and every printable script', () => {
    expect(clientMessage('Zeile 1\n\tالعربية 中文 🙂')).toBe('Zeile 1\n\tالعربية 中文 🙂');
  });

  it('replaces a lone surrogate, which is not UTF-8', () => {
    expect(clientMessage('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
  });

  it('caps a long message without splitting a surrogate pair', () => {
    const capped = clientMessage('🙂'.repeat(MAX_CLIENT_MESSAGE_CHARS));
    expect(capped.length).toBeLessThanOrEqual(MAX_CLIENT_MESSAGE_CHARS);
    expect(capped.endsWith('…')).toBe(true);
    expect(clientMessage(capped)).toBe(capped);
  });

  it('is what a JobFailure carries', () => {
    expect(new JobFailure('CORRUPT_DOCUMENT', 'bad\u0000name').message).toBe('bad\ufffdname');
  });
});

describe('quotedName', () => {
  it('quotes a name from the document, printable and short', () => {
    expect(quotedName('a\u0000b')).toBe('"a\ufffdb"');
    expect(quotedName('x'.repeat(500))).toHaveLength(122);
  });
});
