import { JobFailure } from '@docformat/contracts';
import type { IntermediateDocument } from '../../document';
import { inputText } from '../decode-text';
import { parseJson } from '../parse-json';
import type { ReaderInput } from '../reader';
import { isNotebook, notebookToDocument } from './notebook-to-document';

/** Jupyter notebooks (.ipynb): prose, code and text outputs; see notebook-to-document.ts. */
export async function read(input: ReaderInput): Promise<IntermediateDocument> {
  const value = parseJson(inputText(input).replace(/^\uFEFF/, ''), 'notebook');
  if (!isNotebook(value)) {
    throw new JobFailure('CORRUPT_DOCUMENT', 'The file is JSON but not a Jupyter notebook (it has no nbformat and cells).');
  }
  return notebookToDocument(value);
}
