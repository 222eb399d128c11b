import type { MediaSpec } from './scenario-spec';

/** An entry of one of the scenario's lists that is an object (a mapping), at its index in the file. */
export interface CheckableEntry {
  index: number;
  item: Readonly<Record<string, unknown>>;
}

/** A mapping (not null, not a list). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The object entries of the top-level list `key`, with their indexes, whatever the schema said of the
 * file: the semantic checks read these and skip the rest (a list that is not a list, an entry that is
 * not an object), so one run reports both the schema's problems and theirs.
 */
export function listEntries(root: unknown, key: string): CheckableEntry[] {
  const list = isRecord(root) ? root[key] : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, index) => (isRecord(item) ? [{ index, item }] : []));
}

/** A field that is text, else undefined (missing, or of another type the schema reports). */
export function readText(item: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const value = item[key];
  return typeof value === 'string' ? value : undefined;
}

/** Seconds as the schema accepts them: finite and not negative. */
const isSeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

const isOptionalText = (value: unknown): boolean => value === undefined || typeof value === 'string';

const isTimedWord = (word: unknown): boolean =>
  isRecord(word) && isSeconds(word.start) && isSeconds(word.end);

/**
 * A media entry whose fields the media checks read have their types (the schema reports the others):
 * its id and WAV file are text, its times seconds (finite numbers, not negative: comparing an infinite or
 * negative duration would only add a second, misleading message to the schema's), its transcript's words
 * timed.
 */
export function isCheckableMedia(
  item: Readonly<Record<string, unknown>>,
): item is Readonly<Record<string, unknown>> & MediaSpec {
  const words = isRecord(item.transcript) ? item.transcript.words : undefined;
  return (
    typeof item.id === 'string' &&
    isOptionalText(item.wav) &&
    ['duration', 'net_audio', 'initial_silence'].every(
      (key) => item[key] === undefined || isSeconds(item[key]),
    ) &&
    (item.transcript === undefined || isRecord(item.transcript)) &&
    (words === undefined || (Array.isArray(words) && words.every(isTimedWord)))
  );
}
