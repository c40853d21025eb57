/** More distinct statements than any code path here issues; beyond it, statements go unnamed ('': not cached). */
const MAX_NAMED_STATEMENTS = 500;

/**
 * Names for prepared statements, one per distinct SQL text, for the driver
 * adapter's `statementNameGenerator`: node-postgres then parses and plans a
 * statement once per connection and reuses it, instead of Postgres parsing and
 * planning every query again (most of Postgres's CPU for a job poll). Bounded, so
 * SQL text that varies (IN lists of changing length) cannot grow it without end.
 */
export function statementNames(max = MAX_NAMED_STATEMENTS): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (names.size >= max) return '';
    const name = `docformat_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
}
