import { chunksFormat } from './chunks/chunks.manifest';
import { htmlFormat } from './html/html.manifest';
import { jsonFormat } from './json/json.manifest';
import { markdownFormat } from './markdown/markdown.manifest';
import type { OutputFormat } from './output-format';
import { textFormat } from './text/text.manifest';

/** Every output format. Adding one: a folder with its manifest and renderer beside these, and one line here. */
const formats: readonly OutputFormat[] = [textFormat, markdownFormat, htmlFormat, jsonFormat, chunksFormat];

const byName = new Map(formats.map((format) => [format.name, format]));

/** The names clients may request, in registry order. The API validates against these. */
export function outputFormatNames(): readonly string[] {
  return formats.map((format) => format.name);
}

export function isOutputFormat(name: string): boolean {
  return byName.has(name);
}

export function getOutputFormat(name: string): OutputFormat | undefined {
  return byName.get(name);
}

/** What a format produces and which render options it reads, without loading it (the API's raw outputs). */
export function outputFormatInfo(name: string): Pick<OutputFormat, 'name' | 'mediaType' | 'renderOptions'> | undefined {
  const format = byName.get(name);
  return format && { name: format.name, mediaType: format.mediaType, renderOptions: format.renderOptions };
}
