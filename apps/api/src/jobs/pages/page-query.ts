import { PAGE_IMAGE_DPI, PAGE_IMAGE_FORMATS, type PageImageFormat } from '@docformat/contracts';
import { type FieldError, validationFailed } from '../../http/problem.exception';

/** One page image asked for, and the key it is cached under. */
export interface PageQuery {
  page: number;
  dpi: number;
  format: PageImageFormat;
  /** `<page>@<dpi>.<format>`: every value in force, so equal requests share one cache entry. */
  key: string;
}

const PARAMETERS = ['dpi', 'format'];

/** The path's page number and the query's dpi and format; anything wrong is a 400 naming each field. */
export function pageQuery(pageParameter: string, query: Record<string, unknown>): PageQuery {
  const errors: FieldError[] = [];
  const page = /^[1-9]\d{0,5}$/.test(pageParameter) ? Number(pageParameter) : 0;
  if (page === 0)
    errors.push({ field: 'n', message: `the page number must be a whole number from 1 (got ${JSON.stringify(pageParameter)})` });
  const given: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!PARAMETERS.includes(name))
      errors.push({ field: name, message: `${name} is not a parameter of page images; they are dpi and format` });
    else if (typeof value !== 'string') errors.push({ field: name, message: `give ${name} once` });
    else given[name] = value;
  }
  const dpiText = given['dpi'] ?? String(PAGE_IMAGE_DPI.default);
  const dpi = /^\d{1,4}$/.test(dpiText) ? Number(dpiText) : NaN;
  if (!(dpi >= PAGE_IMAGE_DPI.min && dpi <= PAGE_IMAGE_DPI.max))
    errors.push({
      field: 'dpi',
      message: `dpi must be a whole number from ${PAGE_IMAGE_DPI.min} to ${PAGE_IMAGE_DPI.max} (got ${JSON.stringify(dpiText)})`,
    });
  const format = (given['format'] ?? PAGE_IMAGE_FORMATS[0]) as PageImageFormat;
  if (!PAGE_IMAGE_FORMATS.includes(format))
    errors.push({ field: 'format', message: `format must be one of ${PAGE_IMAGE_FORMATS.join(', ')} (got ${JSON.stringify(format)})` });
  if (errors.length > 0) throw validationFailed(errors);
  return { page, dpi, format, key: `${page}@${dpi}.${format}` };
}
