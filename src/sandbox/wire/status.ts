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

/** A `vendor.rpc.Status` in proto3 JSON form. */
export interface StatusJson {
  status_code: StatusCodeName;
  status_message?: { locale: string; message: string };
  field_violations?: { field: string; description: string }[];
}

/** A failed call: its status, and the field it is about (if any). */
export class StatusFailure extends Error {
  constructor(
    readonly code: Exclude<StatusCodeName, 'OK'>,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  toStatus(): StatusJson {
    const status: StatusJson = {
      status_code: this.code,
      status_message: { locale: 'en-US', message: this.message },
    };
    if (this.field !== undefined)
      status.field_violations = [{ field: this.field, description: this.message }];
    return status;
  }
}

export const OK_STATUS: StatusJson = { status_code: 'OK' };

/** INVALID_REQUEST for a missing mandatory field, naming it (dotted proto field path). */
export function missingField(field: string, what = 'is required'): StatusFailure {
  return new StatusFailure('INVALID_REQUEST', `${field} ${what}`, field);
}

/** The response message of a failed call: only its status (every response message has `status`). */
export function answerFailure(error: unknown): JsonMessage {
  if (error instanceof StatusFailure) return { status: error.toStatus() };
  throw error;
}
