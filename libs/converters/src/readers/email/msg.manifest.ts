import type { ReaderManifest } from '../reader';

export const msgManifest: ReaderManifest = {
  name: 'msg',
  priority: 80,
  accepts: [
    { mimeTypes: ['application/vnd.ms-outlook', 'application/x-msg'], extensions: ['msg'], cfb: { streams: ['__properties_version1.0'] } },
  ],
  load: () => import('./msg.reader.ts'),
};
