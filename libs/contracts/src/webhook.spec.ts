import { signWebhook, verifyWebhook } from './webhook';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"7d4a2f2e-9a51-4c39-9d0e-1f3c5d9b0a11","status":"COMPLETED"}';

  it('signs "<t>.<body>" with HMAC-SHA256 and verifies it', () => {
    const header = signWebhook(secret, 1_800_000_000, body);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(secret, header, body, 1_800_000_010)).toBe(true);
    expect(verifyWebhook(secret, header, Buffer.from(body), 1_800_000_010)).toBe(true);
  });

  it('refuses another body, another secret, an old or future timestamp and garbage', () => {
    const header = signWebhook(secret, 1_800_000_000, body);
    expect(verifyWebhook(secret, header, `${body} `, 1_800_000_000)).toBe(false);
    expect(verifyWebhook('whsec_other', header, body, 1_800_000_000)).toBe(false);
    expect(verifyWebhook(secret, header, body, 1_800_000_301)).toBe(false);
    expect(verifyWebhook(secret, header, body, 1_799_999_699)).toBe(false);
    expect(verifyWebhook(secret, 'nonsense', body, 1_800_000_000)).toBe(false);
    expect(verifyWebhook(secret, 't=1800000000,v1=abc', body, 1_800_000_000)).toBe(false);
  });
});
