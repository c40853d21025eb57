import { statementNames } from './statement-names';

describe('statementNames', () => {
  it('gives each distinct statement one stable name', () => {
    const name = statementNames();
    const a = name({ sql: 'SELECT 1' });
    expect(name({ sql: 'SELECT 2' })).not.toBe(a);
    expect(name({ sql: 'SELECT 1' })).toBe(a);
  });

  it('leaves statements unnamed once it knows as many as it may', () => {
    const name = statementNames(2);
    name({ sql: 'a' });
    name({ sql: 'b' });
    expect(name({ sql: 'c' })).toBe('');
    expect(name({ sql: 'a' })).toBe('docformat_1');
  });
});
