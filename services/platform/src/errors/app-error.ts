/** Error codes the edge maps to HTTP statuses. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  /** The account's subscription does not cover this (no plan, or it ended). */
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  message: string;
}

/** The one error type services throw on purpose; anything else is a bug (500). */
export class AppError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { cause?: unknown; fields?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.httpStatus = ERROR_STATUS[code];
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  readonly fields: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
}

export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const badRequest = (message: string) => new AppError("BAD_REQUEST", message);
export const unauthenticated = (message = "Not authenticated") => new AppError("UNAUTHENTICATED", message);
