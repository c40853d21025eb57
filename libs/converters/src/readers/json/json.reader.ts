import type { IntermediateDocument } from '../../document';
import { inputText } from '../decode-text';
import { isNotebook, notebookToDocument } from '../notebook/notebook-to-document';
import type { ReaderInput } from '../reader';
import { boundedCodeBlock } from '../blocks/bounded-text';
import { parseJson } from '../parse-json';
import { reindentJson } from './reindent-json';

/** Enough to see the shape of any API response; beyond it the data is a dump. */
export const MAX_JSON_CHARS = 100_000;

/**
 * JSON data: shown as it is, pretty-printed in a fenced ```json block (there is no
 * prose to extract). A Jupyter notebook served as plain JSON is still a notebook.
 */
export async function read(input: ReaderInput): Promise<IntermediateDocument> {
  const text = inputText(input).replace(/^\uFEFF/, '');
  const value = parseJson(text, 'JSON');
  if (isNotebook(value)) return notebookToDocument(value);
  return { pages: 1, metadata: {}, blocks: boundedCodeBlock(reindentJson(text, MAX_JSON_CHARS), 'json', MAX_JSON_CHARS) };
}
