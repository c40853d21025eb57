import { JobFailure } from '@docformat/contracts';
import type { IntermediateDocument } from '../../document';
import { inputText } from '../decode-text';
import { parseJson } from '../json/parse-json';
import { assertPageLimit } from '../page-limit';
import type { DocumentReader, ReaderInput } from '../reader';
import { isNotebook, notebookToDocument } from './notebook-to-document';

/** Jupyter notebooks (.ipynb): prose, code and text outputs; see notebook-to-document.ts. */
export const notebookReader: DocumentReader = {
  name: 'notebook',
  accepts: { mimeTypes: ['application/x-ipynb+json'], extensions: ['ipynb'] },
  async read(input: ReaderInput): Promise<IntermediateDocument> {
    assertPageLimit(1, input.maxPages);
    const value = parseJson(inputText(input).replace(/^\uFEFF/, ''), 'notebook');
    if (!isNotebook(value)) {
      throw new JobFailure('CORRUPT_DOCUMENT', 'The file is JSON but not a Jupyter notebook (it has no nbformat and cells).');
    }
    return notebookToDocument(value, input.maxPages);
  },
};
