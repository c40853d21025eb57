import type { IntermediateDocument } from '../document';

/** One output format: a name clients ask for, the media type it produces, and a pure renderer. */
export interface OutputFormat {
  readonly name: string;
  readonly mediaType: string;
  render(document: IntermediateDocument): string;
}
