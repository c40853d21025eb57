import { isJsonMediaType, type JsonValue, type RenderedOutput, resolveImageLinks } from '@docformat/contracts';
import type { KeptImage } from './keep-images';

/** A picture as a `data:` URI: what format.images embedded writes where a link would go. */
export function dataUri(image: Pick<KeptImage, 'mediaType' | 'bytes'>): string {
  return `data:${image.mediaType};base64,${Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength).toString('base64')}`;
}

/**
 * format.images embedded: each output's links to pictures within `maxBytes` become
 * `data:` URIs, here in the conversion thread where the bytes are; larger pictures keep
 * their token, which is handed out as a signed URL like format.images referenced.
 */
export function embedImages(outputs: Record<string, RenderedOutput>, images: readonly KeptImage[], maxBytes: number): void {
  const uris = new Map(images.filter((image) => image.bytes.byteLength <= maxBytes).map((image) => [image.n, dataUri(image)]));
  if (uris.size === 0) return;
  const link = (n: number) => uris.get(n);
  for (const output of Object.values(outputs)) {
    output.body =
      typeof output.body === 'string' && !isJsonMediaType(output.mediaType)
        ? resolveImageLinks(output.body, link)
        : (JSON.parse(resolveImageLinks(JSON.stringify(output.body), link)) as JsonValue);
  }
}
