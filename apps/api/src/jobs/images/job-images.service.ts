import { imageExtension, imageSignatureProblem, isUuid, JobStatus, ProblemCode, resolveImageLinks } from '@docformat/contracts';
import { outputFormatInfo } from '@docformat/converters/names';
import { type ApiClient, ApiTokenRepository, JobDocumentRepository, type StoredImage } from '@docformat/db';
import { Injectable, Logger } from '@nestjs/common';
import { zipSync } from 'fflate';
import { notFound, ProblemException } from '../../http/problem.exception';
import { JobFormatsService } from '../formats/job-formats.service';

/** How GET /job/{id}/images/{n} was let in: the client's bearer token, or a signed URL's query. */
export type ImageAccess = { client: ApiClient } | { expires: string; signature: string };

/** File names in a bundle, by format. */
const BUNDLE_NAMES: Readonly<Record<string, string>> = {
  markdown: 'document.md',
  text: 'document.txt',
  html: 'document.html',
  json: 'document.json',
  chunks: 'chunks.json',
};

/** The formats an extraction job's bundle holds: it rendered none up front. */
const EXTRACTION_BUNDLE = ['markdown', 'json'];

/**
 * The pictures a job kept: one at a time (GET /job/{id}/images/{n}), or all of them
 * zipped beside the job's outputs (GET /job/{id}/bundle), linked there by relative path.
 */
@Injectable()
export class JobImagesService {
  private readonly logger = new Logger('images');

  constructor(
    private readonly documents: JobDocumentRepository,
    private readonly tokens: ApiTokenRepository,
    private readonly formats: JobFormatsService,
  ) {}

  async image(id: string, n: string, access: ImageAccess): Promise<Omit<StoredImage, 'n'>> {
    const number = /^[1-9]\d{0,5}$/.test(n) ? Number(n) : NaN;
    const owner = isUuid(id) ? await this.documents.owner(id) : null;
    if ('client' in access) {
      if (owner !== access.client.id) throw notFound(`There is no job with id "${id}".`);
    } else {
      const secret = owner ? await this.tokens.webhookSecret(owner) : null;
      const problem = secret && Number.isInteger(number) ? imageSignatureProblem(secret, { jobId: id, n: number, ...access }) : 'invalid';
      if (problem) {
        this.logger.warn({ event: 'image.refused', jobId: id, n, reason: problem });
        throw new ProblemException({
          status: 403,
          code: ProblemCode.IMAGE_URL_INVALID,
          title: 'Forbidden',
          detail:
            problem === 'expired'
              ? 'This image URL has expired; fetch the job again for fresh links, or send the bearer token.'
              : 'This image URL is not signed for this image (or the signing secret has been rotated since); fetch the job again for fresh links.',
        });
      }
    }
    const image = Number.isInteger(number) ? await this.documents.image(id, number) : null;
    if (!image) {
      throw new ProblemException({
        status: 404,
        code: ProblemCode.IMAGE_NOT_FOUND,
        title: 'Not Found',
        detail: `The job ${id} kept no image number ${n}; its outputs and GET /job/${id} (result json) give the numbers it has.`,
      });
    }
    return image;
  }

  /** The zip of the job's outputs, their pictures beside them as images/<n>.<ext> and linked so. */
  async bundle(client: ApiClient, id: string): Promise<Uint8Array> {
    const source = isUuid(id) ? await this.documents.renderSource(id, client.id) : null;
    if (!source) throw notFound(`There is no job with id "${id}".`);
    if (source.status !== JobStatus.COMPLETED) {
      throw new ProblemException({
        status: 409,
        code: ProblemCode.JOB_NOT_COMPLETED,
        title: 'Job not completed',
        detail: `The job ${id} is ${source.status}; its bundle can be fetched once it is COMPLETED.`,
        extensions: { jobStatus: source.status },
      });
    }
    const images = await this.documents.imageList(id);
    const paths = new Map(images.map((image) => [image.n, `images/${image.n}.${imageExtension(image.mediaType)}`]));
    const files: Record<string, Uint8Array> = {};
    const names = source.requestedFormats.length > 0 ? source.requestedFormats : EXTRACTION_BUNDLE;
    for (const name of names) {
      // Pictures linked (not placeholders), whatever the job asked for: the bundle holds them.
      const query = outputFormatInfo(name)?.renderOptions.includes('images') ? { images: 'referenced' } : {};
      const output = await this.formats.linkedOutput(client, id, name, query);
      files[BUNDLE_NAMES[name] ?? `${name}.out`] = Buffer.from(resolveImageLinks(output.body, (n) => paths.get(n)));
    }
    for (const image of images) {
      const stored = await this.documents.image(id, image.n);
      if (stored) files[paths.get(image.n)!] = stored.bytes;
    }
    // Pictures are compressed already; text is not.
    const zip = zipSync(
      Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, [bytes, { level: path.startsWith('images/') ? 0 : 6 }]])),
    );
    this.logger.log({ event: 'bundle.made', jobId: id, files: Object.keys(files).length, images: images.length, bytes: zip.byteLength });
    return zip;
  }
}
