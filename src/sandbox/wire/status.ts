import type { JsonMessage } from './proto-json';

/** The `vendor.rpc.StatusCode` names the sandbox answers with. */
export type StatusCodeName =
  | 'OK'
  | 'BAD_REQUEST'
  | 'INVALID_REQUEST'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'TOO_LARGE'
  | 'NOT_IMPLEMENTED'
  | 'INTERNAL_ERROR';

/** One entry of `field_violations`: a request field (dotted proto path) and what is wrong with it. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** A `vendor.rpc.Status` in proto3 JSON form. */
export interface StatusJson {
  status_code: StatusCodeName;
  status_message?: { locale: string; message: string };
  field_violations?: FieldViolation[];
}

/**
 * A failed call: its status, and the fields it is about: one (`field`, described by the message) or several
 * (each with its own description; FieldViolations gathers them).
 */
export class StatusFailure extends Error {
  readonly violations: readonly FieldViolation[];

  constructor(
    readonly code: Exclude<StatusCodeName, 'OK'>,
    message: string,
    about?: string | readonly FieldViolation[],
  ) {
    super(message);
    this.violations =
      about === undefined ? [] : typeof about === 'string' ? [{ field: about, description: message }] : about;
  }

  toStatus(): StatusJson {
    const status: StatusJson = {
      status_code: this.code,
      status_message: { locale: 'en-US', message: this.message },
    };
    if (this.violations.length > 0) status.field_violations = [...this.violations];
    return status;
  }
}

export const OK_STATUS: StatusJson = { status_code: 'OK' };

/** The response message of a failed call: only its status (every response message has `status`). */
export function answerFailure(error: unknown): JsonMessage {
  if (error instanceof StatusFailure) return { status: error.toStatus() };
  throw error;
}
