import { documented, text, withExample, type JsonSchema } from '../../rules/schema/schema-doc';
import { DECISIONS, INVALID_AUDIO_REASONS, OUTCOME_OPERATIONS, VALIDITIES } from './scenario-spec';

/** The scripted result of one biometric operation. */
export function buildOutcomeSchema(): JsonSchema {
  return documented(
    'Outcome',
    withExample(
      'The scripted result of a biometric operation, for one media segment (`media`), one person (`person`) or, with neither, every other case. The most specific outcome wins.',
      'operation: synthetic_speech_detection\nmedia: seg-replayed\ndecision: POSITIVE\nscore: 0.93\nreason: SYNTHETIC_SPEECH_DETECTED',
    ),
    {
      type: 'object',
      properties: {
        operation: documented('operation', 'The operation whose result this is.', {
          type: 'string',
          enum: [...OUTCOME_OPERATIONS],
        }),
        media: text('media', 'The id of a media segment of this file.', { minLength: 1 }),
        person: text('person', 'The id of a person of this file.', { minLength: 1 }),
        decision: documented('decision', 'A Decision name without its prefix. Default `NEGATIVE`.', {
          type: 'string',
          enum: [...DECISIONS],
        }),
        score: documented('score', 'The score the operation reports. Default 0.', { type: 'number' }),
        reason: text(
          'reason',
          'A DecisionReason name without its prefix: of the audio processing enum for the detections and liveness, of the IVR bot enum otherwise. Default `AUDIO_OK`.',
          { minLength: 1 },
        ),
        validity: documented('validity', 'Validity of the audio used. Default `VALID`.', {
          type: 'string',
          enum: [...VALIDITIES],
        }),
        invalid_reasons: documented(
          'invalid_reasons',
          'Why the audio is invalid (with `validity: INVALID`).',
          {
            type: 'array',
            items: documented('Invalid audio reason', 'An InvalidAudioReason name without its prefix.', {
              type: 'string',
              enum: [...INVALID_AUDIO_REASONS],
            }),
          },
        ),
      },
      required: ['operation'],
      additionalProperties: false,
    },
  );
}
