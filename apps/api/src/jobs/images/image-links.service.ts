import type { AppConfig } from '@docformat/config';
import { ImageMode, imageLinkSigner, resolveImageLinks } from '@docformat/contracts';
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
    return imageLinkSigner(secret, jobId, { ttlSeconds: this.config.IMAGE_URL_TTL_SECONDS, publicUrl: this.config.PUBLIC_URL });
  }

  /** Every token of `body` resolved for `mode`; the body as it is when it links no picture. */
  async resolve(ownerId: string, jobId: string, output: LinkedBody, mode: ImageMode | undefined): Promise<string> {
    if (!output.body.includes('docformat-image:')) return output.body;
    return resolveImageLinks(output.body, await this.linker(ownerId, jobId, mode));
  }

  /** A job's outputs as GET /job/{id} gives them (text, or JSON values), their tokens resolved. */
  async resolveAll<T>(ownerId: string, jobId: string, value: T, mode: ImageMode | undefined): Promise<T> {
    const text = JSON.stringify(value);
    if (!text.includes('docformat-image:')) return value;
    return JSON.parse(resolveImageLinks(text, await this.linker(ownerId, jobId, mode))) as T;
  }

  /** A picture's link for `mode`: its data: URI when embedded and small enough, else its signed URL. */
  private async linker(ownerId: string, jobId: string, mode: ImageMode | undefined): Promise<(n: number) => string> {
    const uris = mode === ImageMode.EMBEDDED ? await this.dataUris(jobId) : new Map<number, string>();
    const signed = await this.signer(ownerId, jobId);
    return (n) => uris.get(n) ?? signed(n);
  }

  private async dataUris(jobId: string): Promise<Map<number, string>> {
    const images = await this.documents.smallImages(jobId, this.config.IMAGE_EMBED_MAX_BYTES);
    return new Map(images.map((image) => [image.n, `data:${image.mediaType};base64,${Buffer.from(image.bytes).toString('base64')}`]));
  }
}
