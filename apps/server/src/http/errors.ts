import type { ErrorCode, ErrorIssueDto } from '@castline/shared';
import { APP_MESSAGES } from '@castline/shared';

/** The one table that maps an error code to its HTTP status. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  INVALID_TOKEN: 400,
  TOKEN_USED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly issues?: ErrorIssueDto[],
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export class ValidationError extends AppError {
  constructor(message: string, issues?: ErrorIssueDto[]) {
    super('VALIDATION_FAILED', message, issues);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message: string) {
    super('UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = APP_MESSAGES.notFound) {
    super('NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  constructor(code: 'CONFLICT' | 'EMAIL_TAKEN' | 'USERNAME_TAKEN', message: string) {
    super(code, message);
  }
}

export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message, undefined, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });
  }
}
