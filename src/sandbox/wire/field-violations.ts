import type { JsonMessage } from './proto-json';
import { StatusFailure, type FieldViolation } from './status';

/**
 * The problems of one request, as data: each check adds what it finds and goes on, so that one answer names
 * them all. Checks run in the request message's field order (nested fields at their parent's place), which
 * is the order of `field_violations`.
 */
export class FieldViolations {
  private readonly found: FieldViolation[] = [];

  /** `field` is the dotted proto path (`context.configset_id`, `random_audio_set[0].expected_text`). */
  add(field: string, description: string): void {
    this.found.push({ field, description });
  }

  /** The text fields `message` must carry (proto3: empty is unset), each at `where` + its name. */
  requireText(message: JsonMessage, fields: readonly string[], where = ''): void {
    for (const field of fields) {
      const value = message[field];
      if (typeof value !== 'string' || value === '') this.add(where + field, `${where}${field} is required`);
    }
  }

  /** A text field that must say something: set, and not only spaces. */
  requireWords(message: JsonMessage, field: string, where = ''): void {
    const value = message[field];
    if (typeof value !== 'string' || value.trim() === '')
      this.add(where + field, `${where}${field} is required`);
  }

  get isEmpty(): boolean {
    return this.found.length === 0;
  }

  /**
   * Ends the checks of a request: INVALID_REQUEST naming every violation found, thrown for the method's
   * answer (answerWithStatus); nothing when the request is valid. Its message is the descriptions, in order.
   */
  failIfAny(): void {
    if (this.isEmpty) return;
    const message = this.found.map((v) => v.description).join('; ');
    throw new StatusFailure('INVALID_REQUEST', message, [...this.found]);
  }
}

/** Checks a request with `check` and fails (failIfAny) with every violation it found. */
export function validateRequest(check: (violations: FieldViolations) => void): void {
  const violations = new FieldViolations();
  check(violations);
  violations.failIfAny();
}
