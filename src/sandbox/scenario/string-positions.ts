import type { SpecPath } from '../../rules/spec';

const TEXT_KEYS: ReadonlySet<string> = new Set([
  'id',
  'processed_audio_id',
  'media',
  'person',
  'text',
  'ivr_info',
  'language',
  'reason',
  'locked_by',
  'description',
  'at',
  'offer_opt_in_at',
  'wav',
  'recording_id',
  'agent_extension',
]);

/**
 * Where a sandbox scenario expects text: ids, words and phrases. A YAML number
 * there is taken as its source text (`id: 0042` stays "0042", a spoken `text: 4111`
 * stays "4111"); numbers elsewhere (durations, scores) stay numbers. Inside an IVR
 * step's `request` everything is left as written: it is proto3 JSON.
 */
export function isSandboxStringPosition(path: SpecPath): boolean {
  if (path[0] === 'ivr_steps' && path[2] === 'request') return false;
  const last = path[path.length - 1];
  if (typeof last === 'number') return path[path.length - 2] === 'voiceprint_tags';
  return last !== undefined && TEXT_KEYS.has(last);
}
