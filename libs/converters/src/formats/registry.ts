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
