import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_USER_AGENT, DOCFORMAT_VERSION } from './user-agent';

describe('DEFAULT_USER_AGENT', () => {
  it('carries the version of the root package.json', () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string };
    expect(DOCFORMAT_VERSION).toBe(version);
    expect(DEFAULT_USER_AGENT).toBe(`docformat/${version} (+document conversion service)`);
  });
});
