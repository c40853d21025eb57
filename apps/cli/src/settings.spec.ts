import { readSettings, UsageError } from './settings';

describe('readSettings', () => {
  it('defaults the URL to http://localhost:3000 and takes the token', () => {
    expect(readSettings({ DOCFORMAT_TOKEN: ' secret ' })).toEqual({ url: 'http://localhost:3000', token: 'secret' });
    expect(readSettings({ DOCFORMAT_URL: 'https://docs.example.com/', DOCFORMAT_TOKEN: 't' }).url).toBe('https://docs.example.com/');
  });

  it('refuses a missing token and a URL that is not http(s), saying what to do', () => {
    expect(() => readSettings({})).toThrow(UsageError);
    expect(() => readSettings({ DOCFORMAT_TOKEN: '' })).toThrow(/^DOCFORMAT_TOKEN is not set\. Create a token/);
    expect(() => readSettings({ DOCFORMAT_URL: 'localhost:3000', DOCFORMAT_TOKEN: 't' })).toThrow(
      'DOCFORMAT_URL is not an http(s) URL: "localhost:3000"',
    );
    expect(() => readSettings({ DOCFORMAT_URL: 'not a url', DOCFORMAT_TOKEN: 't' })).toThrow(UsageError);
  });
});
