import { DRAFT_2020_12, documented, text, withExample, type JsonSchema } from '../../rules/schema/schema-doc';
import { buildFlowTimingSchema } from './flow-timing-schema';
import { buildMediaSchema } from './media-schema';
import { buildOutcomeSchema } from './outcome-schema';
import { buildPersonSchema } from './person-schema';

const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });

function buildConfigurationSchema(): JsonSchema {
  return documented('configuration', 'The scope configuration the sandbox applies.', {
    type: 'object',
    properties: {
      language: text(
        'language',
        'Language of Transcribe and Redact when neither the request nor the audio has one: a BCP 47 tag of a known language, e.g. `en-US`.',
        {
          minLength: 1,
        },
      ),
      max_recording_duration: documented(
        'max_recording_duration',
        "The realm's maximum recording duration, seconds; 0 or negative: no maximum. Default 0.",
        { type: 'number' },
      ),
      text_validation_threshold: documented(
        'text_validation_threshold',
        'ValidateText decides the text was said when its score is at least this. Default 0.8.',
        { type: 'number', minimum: 0, maximum: 1 },
      ),
      redaction: documented(
        'redaction',
        'How Redact treats the words of a card number: `masked` keeps them, marked MASKED; `redacted` (default) replaces their characters with `#`, marked REDACTED.',
        { type: 'string', enum: ['masked', 'redacted'] },
      ),
      flow_timing: buildFlowTimingSchema(),
      lock_after_mismatches: documented(
        'lock_after_mismatches',
        "Consecutive verification mismatches (a Verify deciding NEGATIVE) that lock a person's voiceprint; a match resets the count; 0: never. Default 3.",
        { type: 'integer', minimum: 0 },
      ),
      transcribe_redacts: documented(
        'transcribe_redacts',
        'Whether Transcribe also redacts card numbers and returns their locations, as Redact does (`redaction` says how). Default false: its words are all PLAIN.',
        { type: 'boolean' },
      ),
    },
    additionalProperties: false,
  });
}

function buildPromptSchema(): JsonSchema {
  return documented('Liveness prompt', 'A phrase GetLivenessPrompt can ask the caller to say.', {
    type: 'object',
    properties: {
      text: text('text', 'The phrase (`expected_text`).', { minLength: 1 }),
      ivr_info: text('ivr_info', 'Extra information to help prompt the caller.'),
    },
    required: ['text'],
    additionalProperties: false,
  });
}

function buildRecordingSchema(): JsonSchema {
  return documented(
    'Recording',
    withExample(
      "A call the recorder (SIPREC) knows, by its recording id or a `*` pattern of ids: StartRecording and StartIVRSession find it by the request's id (the exact id first, then the first pattern matching it).",
      'recording_id: rec-0001\nmedia: seg-card\nagent_extension_required: true\nagent_extension: "4021"',
    ),
    {
      type: 'object',
      properties: {
        recording_id: text(
          'recording_id',
          'The SIPREC recording id, unique in the file; or a pattern, each `*` matching any run of characters (`"*"` alone: every id, the default recording; quote it in YAML).',
          { minLength: 1 },
        ),
        media: text('media', 'The id of the media segment the recording captures.', { minLength: 1 }),
        agent_extension_required: documented(
          'agent_extension_required',
          'The connector needs the agent extension: StartRecording without one fails with NOT_FOUND. Default false.',
          { type: 'boolean' },
        ),
        agent_extension: text(
          'agent_extension',
          "The agent's extension on this call: StartRecording naming another fails with NOT_FOUND.",
          {
            minLength: 1,
          },
        ),
      },
      required: ['recording_id'],
      additionalProperties: false,
    },
  );
}

/** The `vendor.rpc.StatusCode` names the sandbox answers with: what an IVR step may expect. */
export const STEP_STATUS_CODES = [
  'OK',
  'BAD_REQUEST',
  'INVALID_REQUEST',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'TOO_LARGE',
  'NOT_IMPLEMENTED',
  'INTERNAL_ERROR',
] as const;

function buildIvrStepSchema(): JsonSchema {
  return documented(
    'IVR step',
    withExample(
      'One call the scripted IVR makes, with its request as proto3 JSON; or a wait on the simulated clock.',
      'operation: SubmitPersonId\nrequest: { person_id: C-1029384 }',
    ),
    {
      type: 'object',
      properties: {
        operation: text('operation', 'An IVRBot method name (or `wait`, not both).', { minLength: 1 }),
        wait: text(
          'wait',
          'Instead of an operation: let this much simulated time pass (`5s`, `500ms`, `2m`), the flow running meanwhile.',
          { pattern: '^[0-9]+(\\.[0-9]+)?(ms|s|m)$' },
        ),
        request: documented('request', 'The request message, proto3 JSON.', { type: 'object' }),
        expect_status: text(
          'expect_status',
          'The `status_code` the operation must answer (default `OK`); `sandbox run` fails when it answers another. For a script that tests an error path.',
          { enum: [...STEP_STATUS_CODES] },
        ),
        description: text('description', 'For people.'),
      },
      additionalProperties: false,
    },
  );
}

/** The schema of a sandbox scenario (`rulehook sandbox --scenario`), shipped as schema/sandbox.schema.json. */
export function buildSandboxSchema(): JsonSchema {
  return {
    $schema: DRAFT_2020_12,
    ...documented(
      'Sandbox scenario',
      'What `rulehook sandbox` knows: persons, media segments, and the scripted results of biometric operations.',
    ),
    type: 'object',
    properties: {
      $schema: text('$schema', 'The schema of this file, for editors.'),
      description: text('description', 'What this scenario plays, for people.'),
      configuration: buildConfigurationSchema(),
      persons: documented('persons', 'The person store.', { type: 'array', items: ref('person') }),
      media: documented('media', 'The media segments.', { type: 'array', items: ref('media') }),
      outcomes: documented('outcomes', 'Scripted results of biometric operations.', {
        type: 'array',
        items: ref('outcome'),
      }),
      liveness_prompts: documented('liveness_prompts', 'The phrases GetLivenessPrompt picks from, in turn.', {
        type: 'array',
        items: buildPromptSchema(),
      }),
      recordings: documented(
        'recordings',
        'The calls the recorder knows, for StartRecording and StartIVRSession: exact ids first, then patterns in file order.',
        {
          type: 'array',
          items: buildRecordingSchema(),
        },
      ),
      ivr_steps: documented('ivr_steps', 'The calls of a scripted IVR, in order (for `sandbox run`).', {
        type: 'array',
        items: buildIvrStepSchema(),
      }),
    },
    additionalProperties: false,
    $defs: { person: buildPersonSchema(), media: buildMediaSchema(), outcome: buildOutcomeSchema() },
  };
}
