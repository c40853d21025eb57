import { isAdminAuthorized, presentedAdminSecret } from './admin-credentials';

const TOKEN = 'admin-token-0123456789abcdef';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('presentedAdminSecret', () => {
  it('reads a Bearer token and the password of Basic credentials', () => {
    expect(presentedAdminSecret(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(presentedAdminSecret(`bearer   ${TOKEN} `)).toBe(TOKEN);
    expect(presentedAdminSecret(basic('admin', TOKEN))).toBe(TOKEN);
    expect(presentedAdminSecret(basic('', 'pass:with:colons'))).toBe('pass:with:colons');
  });

  it('finds nothing in a missing, empty or malformed header', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer  ',
      'Basic !!!',
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
      `Token ${TOKEN}`,
    ])
      expect(presentedAdminSecret(header)).toBeUndefined();
  });
});

describe('isAdminAuthorized', () => {
  it('lets in ADMIN_TOKEN as a Bearer token or as the Basic password, whatever the user name', () => {
    expect(isAdminAuthorized(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isAdminAuthorized(basic('anyone', TOKEN), TOKEN)).toBe(true);
  });

  it('refuses anything else: no header, another token, a prefix of the token, the token as a user name', () => {
    expect(isAdminAuthorized(undefined, TOKEN)).toBe(false);
    expect(isAdminAuthorized('Bearer ', TOKEN)).toBe(false);
    expect(isAdminAuthorized('Bearer dft_a-client-token-0123456789', TOKEN)).toBe(false);
    expect(isAdminAuthorized(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(isAdminAuthorized(basic(TOKEN, ''), TOKEN)).toBe(false);
  });
});
