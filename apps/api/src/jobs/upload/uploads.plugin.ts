import type { AppConfig } from '@docformat/config';
import fastifyMultipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MAX_TEXT_PART_BYTES, TEXT_PARTS } from './multipart-submission';

/**
 * multipart/form-data for uploads (POST /format): @fastify/multipart takes that media
 * type from the JSON-only parser (it is registered after it, and is more specific) and
 * leaves the body unread, so the route streams it itself once the token is checked.
 * Busboy's limits are the first line: one file, a few small text parts; the file's size
 * is counted as it streams (multipart-submission.ts).
 */
export async function registerUploads(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: {
      files: 1,
      // One byte more than allowed: the route sees that byte arrive and refuses at once;
      // at the limit itself busboy would quietly skip the rest of the part, to its end.
      fileSize: config.MAX_FILE_BYTES + 1,
      fields: TEXT_PARTS.length,
      fieldSize: MAX_TEXT_PART_BYTES,
      parts: TEXT_PARTS.length + 1,
      headerPairs: 100,
    },
  });
}
