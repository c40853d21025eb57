import { ProblemCode } from '@docformat/contracts';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolProblem } from './backend';

/** A tool's answer: text blocks, read by the model as they are. */
export function textResult(...texts: string[]): CallToolResult {
  return { content: texts.map((text) => ({ type: 'text' as const, text })) };
}

/** A JSON value as one compact text block (records and lists). */
export function jsonResult(value: unknown): CallToolResult {
  return textResult(JSON.stringify(value));
}

/**
 * A tool error (isError: the model sees it and can correct its call), never a protocol
 * error: `CODE: detail` first, as the API's problem+json says it, then the same as data.
 */
export function problemResult(problem: ToolProblem): CallToolResult {
  const fields = (problem.errors ?? []).flatMap((error) => (error.field ? [error.field] : []));
  const named = fields.length ? ` (${fields.join(', ')})` : '';
  return {
    isError: true,
    content: [{ type: 'text', text: `${problem.code}: ${problem.detail}${named}` }],
    structuredContent: { ...problem },
  };
}

/** A mistake in the tool's arguments that the schema cannot express (url and content both, bad base64). */
export class ToolInputError extends Error {
  readonly problem: ToolProblem;

  constructor(field: string, message: string) {
    super(message);
    this.problem = { code: ProblemCode.VALIDATION_FAILED, detail: message, status: 400, errors: [{ field, message }] };
  }
}
