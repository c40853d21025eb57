import type { ReaderManifest } from '../reader';

export const imageManifest: ReaderManifest = {
  name: 'image',
  priority: 130,
  accepts: [
    {
      mimeTypes: ['image/png'],
      extensions: ['png'],
      magic: [{ patterns: [{ at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }] }],
    },
    { mimeTypes: ['image/jpeg'], extensions: ['jpg', 'jpeg', 'jpe'], magic: [{ patterns: [{ at: 0, bytes: [0xff, 0xd8, 0xff] }] }] },
    {
      mimeTypes: ['image/gif'],
      extensions: ['gif'],
      magic: [{ patterns: [{ at: 0, bytes: 'GIF87a' }] }, { patterns: [{ at: 0, bytes: 'GIF89a' }] }],
    },
    {
      mimeTypes: ['image/webp'],
      extensions: ['webp'],
      magic: [
        {
          patterns: [
            { at: 0, bytes: 'RIFF' },
            { at: 8, bytes: 'WEBP' },
          ],
        },
      ],
    },
    {
      mimeTypes: ['image/tiff'],
      extensions: ['tif', 'tiff'],
      magic: [{ patterns: [{ at: 0, bytes: [0x49, 0x49, 0x2a, 0x00] }] }, { patterns: [{ at: 0, bytes: [0x4d, 0x4d, 0x00, 0x2a] }] }],
    },
    // BMP's `BM` is too short to trust: a BMP is known by its type or name.
    { mimeTypes: ['image/bmp', 'image/x-ms-bmp'], extensions: ['bmp'] },
  ],
  load: () => import('./image.reader.ts'),
};
