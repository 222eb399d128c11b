import { documented, text, textList, withExample, type JsonSchema } from '../../rules/schema/schema-doc';
import { ENROLL_STATUSES, LOCK_REASONS } from './scenario-spec';

const timestamp = (title: string, markdown: string): JsonSchema =>
  text(title, `${markdown} RFC 3339, e.g. \`2026-01-15T09:30:00Z\`.`, { minLength: 1 });

function buildLockSchema(): JsonSchema {
  return documented('lock', "The state of the person's voiceprint lock.", {
    type: 'object',
    properties: {
      locked: documented('locked', 'Whether the voiceprint is locked.', { type: 'boolean' }),
      locked_by: text('locked_by', 'The user who locked it.'),
      reason: text('reason', 'Why, in words.'),
      mismatch_counter: documented('mismatch_counter', 'Consecutive mismatches so far.', {
        type: 'integer',
        minimum: 0,
      }),
      at: timestamp('at', 'When it was locked.'),
      lock_reason: documented('lock_reason', 'A LockReason name without its prefix.', {
        type: 'string',
        enum: [...LOCK_REASONS],
      }),
    },
    required: ['locked'],
    additionalProperties: false,
  });
}

/** A person of the sandbox's person store, as GetPersonStatus and the flow see it. */
export function buildPersonSchema(): JsonSchema {
  return documented(
    'Person',
    withExample(
      'A person the sandbox knows: enrollment, consent and voiceprint lock.',
      'id: C-1029384\nenroll_status: TRAINED\nopt_in: { at: "2026-01-15T09:30:00Z" }\nvoiceprint_tags: [default]',
    ),
    {
      type: 'object',
      properties: {
        id: text('id', 'The `person_id`, unique in the file.', { minLength: 1 }),
        enroll_status: documented(
          'enroll_status',
          'An EnrollStatus name without its prefix. Default `NOT_ENROLLED`.',
          { type: 'string', enum: [...ENROLL_STATUSES] },
        ),
        opt_in: documented('opt_in', 'The person opted in (not with `opt_out`).', {
          type: 'object',
          properties: { at: timestamp('at', 'When the person opted in.') },
          required: ['at'],
          additionalProperties: false,
        }),
        opt_out: documented('opt_out', 'The person opted out (not with `opt_in`).', {
          type: 'object',
          properties: {
            at: timestamp('at', 'When the person opted out.'),
            reason: text('reason', 'Why, in words.'),
            offer_opt_in_at: timestamp('offer_opt_in_at', 'When opt-in can be offered again.'),
          },
          required: ['at', 'offer_opt_in_at'],
          additionalProperties: false,
        }),
        voiceprint_tags: textList(
          'voiceprint_tags',
          'The tags of the voiceprints of the person. Default: `[default]`.',
          'Voiceprint tag',
          'A voiceprint tag.',
        ),
        lock: buildLockSchema(),
      },
      required: ['id'],
      additionalProperties: false,
    },
  );
}
