import { readFileSync } from 'node:fs';
import { GENERATED_FILE, regenerate } from './generated-file';

describe('the committed generated client (src/generated/openapi.ts)', () => {
  it('is what `npm run client:generate` writes from the API as it is now', async () => {
    // A difference means the API changed after the last generation: run `npm run client:generate`.
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await regenerate());
  }, 60_000);
});
