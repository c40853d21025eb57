import { ProblemCode } from '@docformat/contracts';
import { HttpException } from '@nestjs/common';

export interface FieldError {
  field: string;
  message: string;
}

export interface ProblemInit {
  status: number;
  code: ProblemCode;
  title: string;
  detail: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Extension members (RFC 9457 §3.2), e.g. the id of a job that was saved. */
  extensions?: Record<string, unknown>;
}

/** An RFC 9457 problem the filter renders as application/problem+json. */
export class ProblemException extends HttpException {
  constructor(readonly problem: ProblemInit) {
    super(problem.detail, problem.status);
  }
}

export const notFound = (detail = 'No such resource.'): ProblemException =>
  new ProblemException({ status: 404, code: ProblemCode.NOT_FOUND, title: 'Not Found', detail });

export const validationFailed = (errors: FieldError[]): ProblemException =>
  new ProblemException({
    status: 400,
    code: ProblemCode.VALIDATION_FAILED,
    title: 'Invalid request',
    detail: errors.map((e) => e.message).join('; '),
    errors,
  });
