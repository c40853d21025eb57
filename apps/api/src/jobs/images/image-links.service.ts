import type { AppConfig } from '@docformat/config';
import { ImageMode, resolveImageLinks, signedImagePath } from '@docformat/contracts';
import { ApiTokenRepository, JobDocumentRepository } from '@docformat/db';
import { APP_CONFIG } from '@docformat/infra';
import { Inject, Injectable } from '@nestjs/common';

/** An output's body with its picture tokens, and what it is. */
export interface LinkedBody {
  body: string;
  mediaType: string;
}

/**
 * Turns the picture tokens of an output (`docformat-image:<n>`, image-links.ts in
 * contracts) into links as the output is handed out, never before: a signed URL of
 * GET /job/{id}/images/{n} that expires IMAGE_URL_TTL_SECONDS from now, or for
 * format.images embedded a data: URI when the picture is within IMAGE_EMBED_MAX_BYTES.
 * Stored outputs and cached renditions keep the tokens, so none serves a stale signature.
 */
@Injectable()
export class ImageLinks {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: ApiTokenRepository,
    private readonly documents: JobDocumentRepository,
  ) {}

  /** The signed URL of one picture of `ownerId`'s job, on PUBLIC_URL when set (else the path alone). */
  async signer(ownerId: string, jobId: string): Promise<(n: number) => string> {
    const secret = await this.tokens.webhookSecret(ownerId);
    if (!secret) throw new Error(`The client ${ownerId} of job ${jobId} is gone`);
    // Whole minutes, so that answers within a minute give the same URLs (browsers and proxies cache them).
    const expires = Math.ceil(Date.now() / 60_000) * 60 + this.config.IMAGE_URL_TTL_SECONDS;
    return (n) => `${this.config.PUBLIC_URL ?? ''}${signedImagePath(secret, jobId, n, expires)}`;
  }

  /** Every token of `body` resolved for `mode`; the body as it is when it links no picture. */
  async resolve(ownerId: string, jobId: string, output: LinkedBody, mode: ImageMode | undefined): Promise<string> {
    if (!output.body.includes('docformat-image:')) return output.body;
    const uris = mode === ImageMode.EMBEDDED ? await this.dataUris(jobId) : new Map<number, string>();
    const signed = await this.signer(ownerId, jobId);
    return resolveImageLinks(output.body, (n) => uris.get(n) ?? signed(n));
  }

  /** A job's outputs as GET /job/{id} gives them (text, or JSON values), their tokens resolved. */
  async resolveAll<T>(ownerId: string, jobId: string, value: T, mode: ImageMode | undefined): Promise<T> {
    const text = JSON.stringify(value);
    if (!text.includes('docformat-image:')) return value;
    return JSON.parse(await this.resolve(ownerId, jobId, { body: text, mediaType: 'application/json' }, mode)) as T;
  }

  private async dataUris(jobId: string): Promise<Map<number, string>> {
    const images = await this.documents.smallImages(jobId, this.config.IMAGE_EMBED_MAX_BYTES);
    return new Map(images.map((image) => [image.n, `data:${image.mediaType};base64,${Buffer.from(image.bytes).toString('base64')}`]));
  }
}
