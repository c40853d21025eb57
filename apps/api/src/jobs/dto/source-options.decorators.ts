import { OCR_MODES } from '@docformat/contracts';
import { installedOcrLanguages } from '@docformat/converters/names';
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsOcrLanguages, IsPageRanges } from './format-options.validators';

/*
 * How a document is read, the same for POST /format (in `format`) and POST /extract (in
 * `options`): one rule and one description each, the object's name (`path`) in the
 * messages.
 */

export const OcrOption = (path: string) =>
  applyDecorators(
    ApiPropertyOptional({
      enum: OCR_MODES,
      default: 'auto',
      description: '"auto": OCR images and PDF pages without a usable text layer; "force": OCR every page; "off": never OCR.',
    }),
    IsOptional(),
    IsIn(OCR_MODES, { message: `${path}.ocr must be one of ${OCR_MODES.join(', ')}` }),
  );

export const LanguagesOption = (path: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: [String],
      default: ['eng'],
      description:
        `OCR languages (Tesseract codes), installed: ${installedOcrLanguages().join(', ')}; or ["auto"]: each page is read first ` +
        'in English, then again with the installed language its words are in (or the installed language of its script).',
      example: ['eng', 'deu'],
    }),
    IsOptional(),
    IsOcrLanguages(undefined, path),
  );

export const PagesOption = (path: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      description:
        'Pages to convert (PDFs, slides, sheets, multi-page images): pages and ranges, "10-" means to the end. Pages beyond the end are ignored.',
      example: '1-3,7',
    }),
    IsOptional(),
    IsPageRanges(undefined, path),
  );
