import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWav } from '../../../test/support/create-wav';
import { loadSandboxScenario } from './load-sandbox-scenario';
import { findOutcome } from './sandbox-scenario';

const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-scenario-'));

async function load(text: string) {
  writeFileSync(path.join(dir, 'scenario.yaml'), text);
  return loadSandboxScenario('scenario.yaml', dir);
}

/** code, message and the source text of each diagnostic's range. */
async function problems(text: string) {
  const { diagnostics } = await load(text);
  return diagnostics.map((d) => ({
    code: d.code,
    message: d.message,
    at: d.range && text.slice(d.range.start, d.range.end),
    ...(d.suggestion === undefined ? {} : { suggestion: d.suggestion }),
  }));
}

describe('loadSandboxScenario', () => {
  it('loads a valid scenario with its defaults applied', async () => {
    const { scenario, diagnostics } = await load(`
persons:
  - id: 0042
    enroll_status: TRAINED
media:
  - id: seg-1
    duration: 4
    transcript: { text: hello there, words: [{ text: hello, start: 0.1, end: 0.5 }] }
outcomes:
  - { operation: synthetic_speech_detection, media: seg-1, decision: POSITIVE, reason: SYNTHETIC_SPEECH_DETECTED }
  - { operation: synthetic_speech_detection, score: 0.1 }
`);
    expect(diagnostics).toEqual([]);
    expect([...scenario!.persons.keys()]).toEqual(['0042']);
    expect(scenario!.media.get('seg-1')).toMatchObject({
      processed_audio_id: 'processed-seg-1',
      net_audio: 4,
      channels: 1,
      sampling_rate: 8000,
    });
    expect(scenario!.processedAudio.get('processed-seg-1')?.id).toBe('seg-1');
    expect(findOutcome(scenario!, 'synthetic_speech_detection', { media: 'seg-1' })?.decision).toBe(
      'POSITIVE',
    );
    expect(findOutcome(scenario!, 'synthetic_speech_detection', { media: 'other' })?.score).toBe(0.1);
    expect(findOutcome(scenario!, 'liveness_detection', { media: 'seg-1' })).toBeUndefined();
  });

  it('reads duration, channels and rate from a WAV file', async () => {
    writeFileSync(path.join(dir, 'hello.wav'), createWav({ channels: 2, rate: 16000, seconds: 2.5 }));
    const { scenario, diagnostics } = await load('media:\n  - { id: w, wav: hello.wav, net_audio: 2 }\n');
    expect(diagnostics).toEqual([]);
    expect(scenario!.media.get('w')).toMatchObject({
      duration: 2.5,
      net_audio: 2,
      channels: 2,
      sampling_rate: 16000,
    });
    expect(scenario!.media.get('w')?.wavPath).toBe(path.join(dir, 'hello.wav'));
  });

  it('reports schema errors at their place, with did-you-mean', async () => {
    expect(await problems('persons:\n  - id: a\n    enrol_status: TRAINED\n')).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_KEY', at: 'enrol_status', suggestion: 'enroll_status' }),
    ]);
    expect(await problems('outcomes:\n  - operation: verfy\n')).toEqual([
      expect.objectContaining({ code: 'INVALID_VALUE', at: 'verfy', suggestion: 'verify' }),
    ]);
    expect(await problems('media:\n  - id: m\n    duration: long\n')).toEqual([
      expect.objectContaining({ code: 'INVALID_TYPE', at: 'long' }),
    ]);
  });

  it('reports duplicate ids, unknown references and reasons of the wrong enum', async () => {
    const found = await problems(`
persons: [{ id: anna }, { id: anna }]
media: [{ id: intro, duration: 1 }]
outcomes:
  - { operation: verify, person: ana, reason: VOICEPRINT_MATCH }
  - { operation: liveness_detection, media: intra, reason: VOICEPRINT_MATCH }
`);
    expect(found).toEqual([
      expect.objectContaining({ code: 'SANDBOX_DUPLICATE_ID', at: 'anna' }),
      expect.objectContaining({ code: 'SANDBOX_UNKNOWN_ID', at: 'ana', suggestion: 'anna' }),
      expect.objectContaining({ code: 'SANDBOX_UNKNOWN_ID', at: 'intra', suggestion: 'intro' }),
      expect.objectContaining({ code: 'INVALID_VALUE', at: 'VOICEPRINT_MATCH' }),
    ]);
  });

  it('reports duplicate recording ids and recordings of unknown media', async () => {
    const found = await problems(`
media: [{ id: intro, duration: 1 }]
recordings: [{ recording_id: rec-1, media: intro }, { recording_id: rec-1, media: intra }]
`);
    expect(found).toEqual([
      expect.objectContaining({ code: 'SANDBOX_DUPLICATE_ID', at: 'rec-1' }),
      expect.objectContaining({ code: 'SANDBOX_UNKNOWN_ID', at: 'intra', suggestion: 'intro' }),
    ]);
  });

  it('takes * patterns as recording ids: a duplicate is an error, one an earlier pattern covers a warning', async () => {
    const text = `
media: [{ id: a, duration: 1 }, { id: b, duration: 2 }]
recordings:
  - { recording_id: rec-0002, media: b }
  - { recording_id: "rec-*", media: a }
  - { recording_id: "rec-gold-*", media: b }
  - { recording_id: "*", media: b }
  - { recording_id: "call-*", media: a }
  - { recording_id: rec-0002, media: a }
  - { recording_id: "*", media: a }
`;
    const found = await problems(text);
    expect(found).toEqual([
      expect.objectContaining({ code: 'SANDBOX_DUPLICATE_ID', at: 'rec-0002' }),
      expect.objectContaining({ code: 'SANDBOX_DUPLICATE_ID', at: '"*"' }),
      {
        code: 'SANDBOX_UNREACHABLE_RECORDING',
        message:
          "no recording id ever reaches 'rec-gold-*': the earlier 'rec-*' matches every id it matches, and the first match wins; move it above 'rec-*'",
        at: '"rec-gold-*"',
      },
      {
        code: 'SANDBOX_UNREACHABLE_RECORDING',
        message:
          "no recording id ever reaches 'call-*': the earlier '*' matches every id, and the first match wins; move it above '*'",
        at: '"call-*"',
      },
    ]);
    const { diagnostics, scenario } = await load(text.split('\n').slice(0, -3).join('\n'));
    expect(diagnostics.map((d) => [d.code, d.severity, d.related?.message])).toEqual([
      ['SANDBOX_UNREACHABLE_RECORDING', 'warning', "'rec-*' is here"],
      ['SANDBOX_UNREACHABLE_RECORDING', 'warning', "'*' is here"],
    ]);
    const recordings = scenario!.recordings;
    expect(['rec-0002', 'rec-gold-1', 'call-1'].map((id) => recordings.find(id)?.media)).toEqual([
      'b',
      'a',
      'b',
    ]);
  });

  it('reports media whose numbers contradict each other', async () => {
    const found = await problems(`
media:
  - { id: a, duration: 2, net_audio: 3 }
  - { id: b, duration: 2, transcript: { text: x y, words: [{ text: x, start: 1, end: 1.5 }, { text: y, start: 1.2, end: 1.4 }] } }
  - { id: c }
`);
    expect(found.map((p) => [p.code, p.message])).toEqual([
      ['SANDBOX_INCONSISTENT_MEDIA', "media 'a': net_audio 3s is longer than the segment (2s)"],
      [
        'SANDBOX_INCONSISTENT_MEDIA',
        "media 'b': word 'y' starts (1.2s) before the previous word ends (1.5s)",
      ],
      ['MISSING_KEY', "media 'c' needs 'duration' or 'wav'"],
    ]);
  });

  it('runs the semantic checks when the schema fails, skipping what is malformed', async () => {
    const text = `persons:
  - { id: anna, enrol_status: TRAINED }
  - { id: anna }
  - just-a-name
media:
  - { id: intro, duration: long }
  - { id: outro, duration: 1, net_audio: 2 }
outcomes:
  - { operation: verify, person: ana }
  - { operation: verfy, reason: NOT_A_REASON }
recordings: not-a-list
`;
    const { diagnostics, scenario } = await load(text);
    expect(scenario).toBeUndefined();
    const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
    expect(
      diagnostics.map((d) => [d.code, lineOf(d.range!.start), text.slice(d.range!.start, d.range!.end)]),
    ).toEqual(
      expect.arrayContaining([
        ['UNKNOWN_KEY', 2, 'enrol_status'],
        ['INVALID_TYPE', 4, 'just-a-name'],
        ['INVALID_TYPE', 6, 'long'],
        ['INVALID_VALUE', 10, 'verfy'],
        ['INVALID_TYPE', 11, 'not-a-list'],
        ['SANDBOX_DUPLICATE_ID', 3, 'anna'],
        ['SANDBOX_UNKNOWN_ID', 9, 'ana'],
        ['SANDBOX_INCONSISTENT_MEDIA', 7, '2'],
      ]),
    );
    // The malformed media entry gets no media check ("needs 'duration'"), the unknown operation no reason check.
    expect(diagnostics.filter((d) => d.code === 'MISSING_KEY')).toEqual([]);
    expect(diagnostics.filter((d) => d.message.includes("'reason' of a"))).toEqual([]);
  });

  it('reports a missing or unreadable WAV file at its path', async () => {
    writeFileSync(path.join(dir, 'fake.wav'), 'not audio');
    const found = await problems('media:\n  - { id: a, wav: none.wav }\n  - { id: b, wav: fake.wav }\n');
    expect(found.map((p) => [p.code, p.at])).toEqual([
      ['FILE_NOT_FOUND', 'none.wav'],
      ['SANDBOX_INVALID_WAV', 'fake.wav'],
    ]);
  });

  it('reports a missing scenario file', async () => {
    const { scenario, diagnostics } = await loadSandboxScenario('absent.yaml', dir);
    expect(scenario).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(['FILE_NOT_FOUND']);
  });

  it("reads an IVR step's expect_status, refusing an unknown status and one on a wait step", async () => {
    const { scenario } = await load(
      'ivr_steps:\n  - { operation: GetSessionDecision, expect_status: NOT_FOUND }\n',
    );
    expect(scenario?.ivrSteps[0]?.expect_status).toBe('NOT_FOUND');
    const found = await problems(
      'ivr_steps:\n  - { operation: EndIVRSession, expect_status: MISSING }\n  - { wait: 1s, expect_status: OK }\n',
    );
    expect(found.map((p) => [p.code, p.at])).toEqual([
      ['INVALID_VALUE', 'MISSING'],
      ['INVALID_VALUE', 'OK'],
    ]);
    expect(found[1]!.message).toBe('a wait step answers no status');
  });
});
