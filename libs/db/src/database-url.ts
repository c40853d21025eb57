/** The database name of a postgres URL (the path without its slash). */
export function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database (expected postgresql://user@host:port/<database>)');
  return name;
}

/** The same server and credentials, another database. */
export function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}
