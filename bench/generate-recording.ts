/**
 * Writes a large synthetic recording for `rulehook replay`: realistic call sessions in the example packs'
 * vocabulary (examples/README.md), interleaved as a contact center's calls are, each line the complete
 * session variables of one event (proto3 JSON, as `serve --record` writes them).
 *
 *   npx tsc -p tsconfig.bench.json
 *   node .bench-out/bench/generate-recording.js --events 1000000 --calls 200 --out /tmp/day.jsonl.gz
 *
 * `--calls` is how many calls are in progress at any time; `--seed` makes another, equally realistic day;
 * `--variables N` pads every call's session to N variables (engines that carry a large IVR context: 200
 * variables make events of about 8 KB of JSON instead of 0.7 KB); `--out` ending in `.gz` is gzipped;
 * without `--out` the recording goes to stdout.
 */
import { createWriteStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';

export interface GenerateOptions {
  events: number;
  /** Calls in progress at any time. */
  calls: number;
  seed: number;
  /**
   * Pads every call's session variables to this many with context the engine carries and the rules do not
   * read (`ivr.*`, `crm.*`, …), set when the call starts and unchanged after; default: no padding (about 20).
   */
  variables?: number;
}

type Step = [event: string, changes: Record<string, string>];

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same recording. */
function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TIERS = ['standard', 'standard', 'standard', 'silver', 'gold', 'platinum'];
const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;
/** A North American number after +1: the area code does not start with 0 or 1. */
const areaCode = (random: () => number) => `${2 + Math.floor(random() * 8)}${digits(random, 9)}`;
const digits = (random: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

/** The events of one call, in order: what the engine raises for it. */
function scriptCall(random: () => number): Step[] {
  const steps: Step[] = [];
  const seconds = 20 + Math.floor(random() * 160);
  const rate = 0.4 + random() * 0.5;
  const known = random() < 0.85;
  const optIn = random() < 0.7 ? 'true' : random() < 0.5 ? 'false' : undefined;
  const enrolled = known && optIn === 'true' && random() < 0.8;
  const milestones = new Map<number, Step>();
  const at = (t: number, step: Step) => milestones.set(Math.min(t, seconds - 1), step);
  if (known)
    at(4 + Math.floor(random() * 8), [
      'PERSON_IDENTIFIED',
      {
        'person.id': `C-${digits(random, 7)}`,
        'person.enrollStatus': enrolled ? 'TRAINED' : 'NOT_ENROLLED',
        ...(optIn === undefined ? {} : { 'person.optIn': optIn }),
      },
    ]);
  if (known && optIn === undefined && random() < 0.5)
    at(14 + Math.floor(random() * 20), ['OPT_IN_RECEIVED', { 'person.optIn': 'true' }]);
  const spoofed = random() < 0.03;
  const inconclusive = !spoofed && random() < 0.08;
  at(18, [
    'SPOOF_CHECK_COMPLETED',
    spoofed
      ? {
          'spoof.decision': 'SPOOF',
          'spoof.reason': 'PLAYBACK_INDICATION',
          'spoof.score': (0.86 + random() * 0.13).toFixed(2),
        }
      : inconclusive
        ? {
            'spoof.decision': 'INCONCLUSIVE',
            'spoof.reason': 'AUDIO_TOO_SHORT',
            'spoof.score': (0.4 + random() * 0.2).toFixed(2),
          }
        : {
            'spoof.decision': 'GENUINE',
            'spoof.reason': 'AUDIO_OK',
            'spoof.score': (random() * 0.2).toFixed(2),
          },
  ]);
  if (inconclusive)
    at(30, [
      'SPOOF_CHECK_COMPLETED',
      { 'spoof.decision': 'GENUINE', 'spoof.reason': 'AUDIO_OK', 'spoof.score': (random() * 0.2).toFixed(2) },
    ]);
  const fraud = random() < 0.02;
  at(20, [
    'FRAUD_CHECK_COMPLETED',
    {
      'fraud.decision': fraud ? 'WATCHLIST_MATCH' : 'NO_MATCH',
      'fraud.score': (fraud ? 0.82 + random() * 0.15 : random() * 0.4).toFixed(2),
    },
  ]);
  if (enrolled) {
    const match = random() < 0.9;
    at(24, [
      'VERIFY_COMPLETED',
      {
        'verify.decision': match ? 'MATCH' : 'MISMATCH',
        'verify.score': (match ? 0.7 + random() * 0.29 : random() * 0.4).toFixed(2),
        'verify.reason': match ? 'VOICEPRINT_MATCH' : 'VOICEPRINT_MISMATCH',
      },
    ]);
    at(25, ['SESSION_DECIDED', { 'session.decision': match ? 'AUTHENTICATED' : 'NOT_AUTHENTICATED' }]);
    if (match && random() < 0.3) at(seconds - 5, ['TRAIN_COMPLETED', { 'person.enrollStatus': 'TRAINED' }]);
  } else if (known) at(26, ['SESSION_DECIDED', { 'session.decision': 'INCONCLUSIVE' }]);
  steps.push(['CALL_STARTED', {}]);
  let segments = 0;
  for (let t = 1; t < seconds; t++) {
    const milestone = milestones.get(t);
    if (milestone !== undefined) steps.push(milestone);
    if (t % 5 === 0) steps.push(['HEARTBEAT', {}]);
    if (t % 10 === 7) steps.push(['HEARTBEAT_MEDIA', {}]);
    if (t % 3 === 2) {
      segments += 1 + Math.floor(random() * 2);
      steps.push([
        'AUDIO_PROGRESS',
        {
          'audio.netSeconds': (rate * t).toFixed(1),
          'audio.grossSeconds': t.toFixed(1),
          'vad.speechSegments': String(segments),
          'vad.silenceSeconds': ((1 - rate) * t).toFixed(1),
        },
      ]);
    }
  }
  steps.push(['CALL_ENDED', {}]);
  return steps;
}

interface LiveCall {
  steps: Step[];
  next: number;
  variables: Record<string, string>;
}

/** Groups of the padding variables: none is read by the example packs' rules. */
const PADDING_GROUPS = ['ivr', 'crm', 'channel', 'agent', 'journey', 'device', 'geo', 'media'];

function startCall(random: () => number, serial: number, size: number): LiveCall {
  const variables: Record<string, string> = {
    'state.sessionId': `cs-20240611-${serial.toString(16).padStart(6, '0')}`,
    'state.flowName': 'voice-auth-default',
    'config.verify.threshold': '0.65',
    'config.enroll.minNetSeconds': '20',
    'config.spoof.detectors': 'synthetic_speech,channel_playback',
    'call.ani': random() < 0.05 ? `sip:+1${areaCode(random)}@carrier.example.net` : `+1${areaCode(random)}`,
    'call.dnis': random() < 0.01 ? '+18005550199' : '+18005550100',
    'call.queue': pick(random, ['cards', 'loans', 'general', 'fraud']),
  };
  const tier = pick(random, TIERS);
  if (tier !== 'standard') variables['custom.tier'] = tier;
  // Short of `size` by about what a call's events add (state.*, audio.*, vad.*, the checks' verdicts: 3-20).
  for (let i = 0, count = Object.keys(variables).length; count < size - 14; i++, count++) {
    const group = PADDING_GROUPS[i % PADDING_GROUPS.length] as string;
    variables[`${group}.field${String(i).padStart(3, '0')}`] = `${group}-${serial}-${i}-${digits(random, 8)}`;
  }
  return { steps: scriptCall(random), next: 0, variables };
}

/** The recording's lines, one per event, each ending with a line break. */
export function* generateRecordingLines(options: GenerateOptions): Generator<string> {
  const random = createRandom(options.seed);
  const size = options.variables ?? 0;
  let serial = 0;
  const live: LiveCall[] = Array.from({ length: options.calls }, () => startCall(random, ++serial, size));
  for (let n = 0; n < options.events; n++) {
    const slot = Math.floor(random() * live.length);
    const call = live[slot] as LiveCall;
    const [event, changes] = call.steps[call.next++] as Step;
    const previous = call.variables['state.currentEvent'];
    Object.assign(call.variables, changes);
    call.variables['state.currentEvent'] = event;
    if (previous !== undefined) call.variables['state.previousEvent'] = previous;
    call.variables['state.eventIndex'] = String(call.next);
    yield `{"session_variables":${JSON.stringify(call.variables)}}\n`;
    if (call.next === call.steps.length) live[slot] = startCall(random, ++serial, size);
  }
}

/** Writes a recording to `out` (a file; `.gz` gzipped) or to `stdout`, with backpressure. */
export async function writeRecording(
  options: GenerateOptions,
  out: string | undefined,
  stdout: Writable = process.stdout,
): Promise<void> {
  async function* batches(): AsyncGenerator<string> {
    let batch = '';
    for (const line of generateRecordingLines(options)) {
      batch += line;
      if (batch.length > 256 * 1024) {
        yield batch;
        batch = '';
      }
    }
    if (batch !== '') yield batch;
  }
  const source = Readable.from(batches());
  if (out === undefined) await pipeline(source, stdout);
  else if (out.endsWith('.gz')) await pipeline(source, createGzip({ level: 1 }), createWriteStream(out));
  else await pipeline(source, createWriteStream(out));
}

if (require.main === module) {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '100000' },
      calls: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
      variables: { type: 'string', default: '0' },
      out: { type: 'string' },
    },
  });
  writeRecording(
    {
      events: Number(values.events),
      calls: Number(values.calls),
      seed: Number(values.seed),
      variables: Number(values.variables),
    },
    values.out,
  ).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
