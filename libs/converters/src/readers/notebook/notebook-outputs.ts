import type { Block } from '../../document';
import { cappedCodeBlock } from '../blocks/capped-code-block';
import { type NotebookOutput, joinLines } from './notebook-types';

/** A cell that prints a whole data frame or a training log is shown, but not all of it. */
const MAX_OUTPUT_CHARS = 20_000;
/** Tracebacks are coloured with ANSI escapes; the outputs are plain text. */
// eslint-disable-next-line no-control-regex -- matching the ESC control character is the point
const ANSI_ESCAPE = /\u001b\[[0-9;]*[A-Za-z]/g;

/**
 * What a code cell printed, as plain ```text blocks. Images (plots) become an
 * `[Image output]` placeholder: their base64 bytes are noise in text and markdown.
 * HTML outputs (data frames) carry a text/plain twin, which is the one kept.
 */
export function outputBlocks(outputs: readonly NotebookOutput[] | undefined): Block[] {
  return (outputs ?? []).flatMap((output) => {
    switch (output.output_type) {
      case 'stream':
        return textBlock(joinLines(output.text));
      case 'execute_result':
      case 'display_data':
      case 'pyout':
        return dataBlocks(output);
      case 'error':
      case 'pyerr':
        return textBlock((output.traceback ?? [`${output.ename ?? 'Error'}: ${output.evalue ?? ''}`]).join('\n'));
      default:
        return [];
    }
  });
}

function dataBlocks(output: NotebookOutput): Block[] {
  const data = output.data ?? {};
  const types = Object.keys(data);
  if (types.some((type) => type.startsWith('image/'))) {
    return [{ type: 'paragraph', content: [{ type: 'text', text: '[Image output]' }] }];
  }
  const plain = data['text/plain'] ?? output.text;
  return typeof plain === 'string' || Array.isArray(plain) ? textBlock(joinLines(plain as string | string[])) : [];
}

function textBlock(text: string): Block[] {
  const clean = text.replace(ANSI_ESCAPE, '').replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  return clean.trim() === '' ? [] : cappedCodeBlock(clean, 'text', MAX_OUTPUT_CHARS);
}
