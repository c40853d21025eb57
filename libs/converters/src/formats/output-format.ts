import type { JsonValue } from '@docformat/contracts';
import type { ConversionOptions } from '../conversion-options';
import type { IntermediateDocument } from '../document';

/**
 * How a format renders, from the client's options with defaults filled in: page
 * markers (`format.pageMarkers`, markdown and text), tables (`format.tables`, markdown)
 * chunking (`format.chunking`, chunks) and pictures (`format.images`: the caller leaves
 * picture numbers out for placeholders, placeholder-images.ts, so renderers link every
 * numbered one). A format reads what concerns it and ignores the rest.
 */
export type RenderOptions = Pick<ConversionOptions, 'pageMarkers' | 'tables' | 'chunking' | 'images'>;

export type RenderOptionName = keyof RenderOptions;

/**
 * A format module's one export: the intermediate document → the output's body, a
 * string for a text format, any JSON value for a JSON one (see RenderedOutput).
 */
export type RenderDocument = (document: IntermediateDocument, options: RenderOptions) => JsonValue;

/**
 * One output format, as registered: the name clients ask for, the media type it
 * produces, and how to load its renderer. Each format folder exports one
 * (`<name>.manifest.ts`), listed once in registry.ts; the renderer is a dynamic
 * import, so the API can validate names without loading any renderer.
 */
export interface OutputFormat {
  readonly name: string;
  /** What it renders; a JSON media type (`application/json`, `+json`) makes its outputs stored and returned as JSON. */
  readonly mediaType: string;
  /**
   * The render options it reads, so that GET /job/{id}/formats/{name} takes exactly
   * these as query parameters (and caches one rendering per set of their values).
   */
  readonly renderOptions: readonly RenderOptionName[];
  readonly load: () => Promise<{ render: RenderDocument }>;
}
