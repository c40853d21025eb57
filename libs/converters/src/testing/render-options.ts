import type { FormatOptions } from '@docformat/contracts';
import { conversionOptions } from '../conversion-options';
import type { RenderOptions } from '../formats/output-format';

/** What a renderer gets for these client options, defaults filled in as a conversion fills them. */
export function renderOptions(options: FormatOptions = {}): RenderOptions {
  return conversionOptions(options);
}
