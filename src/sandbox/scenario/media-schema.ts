import { documented, text, withExample, type JsonSchema } from '../../rules/schema/schema-doc';

const seconds = (title: string, markdown: string, extra: JsonSchema = {}): JsonSchema =>
  documented(title, markdown, { type: 'number', minimum: 0, ...extra });

function buildWordSchema(): JsonSchema {
  return documented('Word', 'One word of the transcript with its timing in the stream.', {
    type: 'object',
    properties: {
      text: text('text', 'The word as written in the transcript.', { minLength: 1 }),
      start: seconds('start', 'Start offset in the stream, seconds.'),
      end: seconds('end', 'End offset in the stream, seconds; not before `start`.'),
      confidence: documented('confidence', 'Recognition confidence, 0 to 1. Default 1.', {
        type: 'number',
        minimum: 0,
        maximum: 1,
      }),
    },
    required: ['text', 'start', 'end'],
    additionalProperties: false,
  });
}

function buildTranscriptSchema(): JsonSchema {
  return documented('transcript', 'What is said in the segment: what Transcribe returns.', {
    type: 'object',
    properties: {
      text: text('text', 'The transcribed text.'),
      words: documented(
        'words',
        'The words of `text`, in order, with their timings. Without them, Transcribe returns no word details.',
        { type: 'array', items: buildWordSchema() },
      ),
    },
    required: ['text'],
    additionalProperties: false,
  });
}

/** A media segment the audio services can be asked about. */
export function buildMediaSchema(): JsonSchema {
  return documented(
    'Media segment',
    withExample(
      'A media segment, described by its numbers or by a WAV file (whose header gives duration, channels and sampling rate).',
      'id: seg-card\nduration: 6.5\nnet_audio: 4.2\nchannels: 1\nsampling_rate: 8000\ntranscript:\n  text: my card is 4111 1111 1111 1111',
    ),
    {
      type: 'object',
      properties: {
        id: text('id', 'The `gk_media_segment_id` of the segment, unique in the file.', { minLength: 1 }),
        processed_audio_id: text(
          'processed_audio_id',
          'The `gk_processed_audio_id` of the audio processed from it. Default: `processed-` and the id.',
          { minLength: 1 },
        ),
        wav: text('wav', 'A WAV file (PCM), relative to the scenario file.', { minLength: 1 }),
        duration: seconds(
          'duration',
          'Gross audio (speech, noise and silence), seconds. Default: from `wav`.',
        ),
        net_audio: seconds(
          'net_audio',
          'Net audio (speech), seconds; at most `duration`. Default: `duration`.',
        ),
        initial_silence: seconds('initial_silence', 'Silence before the speech, seconds. Default 0.'),
        channels: documented('channels', '1 (mono) or 2 (stereo). Default: from `wav`, else 1.', {
          type: 'integer',
          enum: [1, 2],
        }),
        sampling_rate: documented('sampling_rate', 'Hz. Default: from `wav`, else 8000.', {
          type: 'integer',
          minimum: 1,
        }),
        language: text(
          'language',
          "The processed audio's actual language: a BCP 47 tag of a known language, e.g. `en-US`.",
          { minLength: 1 },
        ),
        transcript: buildTranscriptSchema(),
      },
      required: ['id'],
      additionalProperties: false,
    },
  );
}
