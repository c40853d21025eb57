import { canonicalJson, type FormatOptions } from '@docformat/contracts';
import { CONVERTER_VERSION } from '@docformat/converters/names';

/**
 * How a job converts, as the result cache compares it: the converters' version, the
 * formats (as a set) and the options as stored (the cache and split switches aside:
 * neither changes the output). Two jobs with the same key and the same source bytes
 * get the same outputs. Options are compared as given, not with defaults filled in: a
 * miss costs a conversion, a false hit would hand out the wrong output.
 */
export function conversionKey(formats: readonly string[], options: FormatOptions | null): string {
  const { cache: _cache, split: _split, ...rest } = options ?? {};
  return `${CONVERTER_VERSION}|${[...new Set(formats)].sort().join(',')}|${canonicalJson(rest)}`;
}
