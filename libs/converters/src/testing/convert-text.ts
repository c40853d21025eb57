import { type ConvertInput, type ConvertResult, convertDocument } from '../convert';

/** A conversion's result with each output's body as the string a text format renders. */
export interface TextConvertResult extends Omit<ConvertResult, 'outputs'> {
  outputs: Record<string, string>;
}

/** The bodies of text outputs (markdown, text), as strings; anything else is a test error. */
export function textOutputs(result: ConvertResult): TextConvertResult {
  const outputs = Object.fromEntries(
    Object.entries(result.outputs).map(([name, { body }]) => {
      if (typeof body !== 'string') throw new Error(`The ${name} output is not text`);
      return [name, body];
    }),
  );
  return { ...result, outputs };
}

/** convertDocument for specs of text formats: each output's body, as the string it is. */
export async function convertText(input: ConvertInput): Promise<TextConvertResult> {
  return textOutputs(await convertDocument(input));
}
