import { STATUS_CODES, type StatusCode } from '../../contract/index.js';

/**
 * A refusal in the service's own words: the envelope {success:false, status_code,
 * status_message} with the HTTP status the service's table gives that status_code.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusMessage: string;

  constructor(
    readonly statusCode: StatusCode,
    /** Only when the service words this case differently from the table (ratings). */
    statusMessage?: string,
  ) {
    const message = statusMessage ?? STATUS_CODES[statusCode].message;
    super(message);
    this.statusMessage = message;
  }

  get httpStatus(): number {
    return STATUS_CODES[this.statusCode].http;
  }

  get body(): { success: false; status_code: number; status_message: string } {
    return { success: false, status_code: this.statusCode, status_message: this.statusMessage };
  }
}

/** The other error shape of the service: HTTP 422 with `{"errors": [...]}` (e.g. a search without query). */
export class ErrorsArrayError extends Error {
  override readonly name = 'ErrorsArrayError';

  constructor(readonly errors: string[]) {
    super(errors.join('; '));
  }

  get body(): { errors: string[] } {
    return { errors: this.errors };
  }
}
