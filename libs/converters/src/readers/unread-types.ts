import type { FileType } from '@docformat/file-types';

/**
 * Types identification names although no reader takes them, so that a legacy Word
 * file fails as `application/msword`, not as "some compound file". Ranked with the
 * readers (registry.ts): before the spreadsheet reader, so that a Word or PowerPoint
 * file holding an embedded workbook is still a Word or PowerPoint file.
 */
export const UNREAD_TYPES: { priority: number; accepts: readonly FileType[] } = {
  priority: 65,
  accepts: [
    { mimeTypes: ['application/msword'], extensions: ['doc', 'dot'], cfb: { streams: ['WordDocument'] } },
    { mimeTypes: ['application/vnd.ms-powerpoint'], extensions: ['ppt'], cfb: { streams: ['PowerPoint Document'] } },
    { mimeTypes: ['application/vnd.oasis.opendocument.presentation'], extensions: ['odp'], zip: { entries: [] } },
    { mimeTypes: ['application/vnd.ms-word.document.macroenabled.12'], extensions: [], zip: { entries: [] } },
    { mimeTypes: ['application/vnd.ms-excel.sheet.macroenabled.12'], extensions: [], zip: { entries: [] } },
    { mimeTypes: ['application/vnd.ms-powerpoint.presentation.macroenabled.12'], extensions: [], zip: { entries: [] } },
    { mimeTypes: ['application/java-archive'], extensions: [], zip: { entries: [] } },
    { mimeTypes: ['application/gzip'], extensions: ['gz'], magic: [{ patterns: [{ at: 0, bytes: [0x1f, 0x8b, 0x08] }] }] },
    { mimeTypes: ['image/svg+xml'], extensions: ['svg'] },
  ],
};
