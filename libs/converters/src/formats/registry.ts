// PLACEHOLDER owned by the converters work: replaced by the real plugin registry.
// The API depends only on outputFormatNames() and isOutputFormat() from here.
const names = ['text', 'markdown'] as const;

export function outputFormatNames(): readonly string[] {
  return names;
}

export function isOutputFormat(name: string): boolean {
  return (names as readonly string[]).includes(name);
}
