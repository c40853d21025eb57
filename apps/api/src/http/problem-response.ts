import type { ProblemCode } from '@docformat/contracts';
import type { FastifyReply } from 'fastify';
import type { ProblemInit } from './problem.exception';

/** `type` URIs are URNs: stable identifiers clients can switch on, not pages. */
export const problemType = (code: ProblemCode): string => `urn:docformat:problem:${code.toLowerCase().replace(/_/g, '-')}`;

/** Answers with an RFC 9457 problem: its headers, its status, application/problem+json. */
export function sendProblem(reply: FastifyReply, problem: ProblemInit): void {
  const { status, code, title, detail, errors, headers, extensions } = problem;
  for (const [name, value] of Object.entries(headers ?? {})) reply.header(name, value);
  reply
    .status(status)
    .type('application/problem+json; charset=utf-8')
    .send(JSON.stringify({ type: problemType(code), title, status, detail, code, ...(errors ? { errors } : {}), ...extensions }));
}
