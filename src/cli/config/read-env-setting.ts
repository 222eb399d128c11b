import type { Setting } from './setting-names';

/** A setting as an environment variable gives it; undefined: the variable is not set, or empty. */
export type EnvSetting =
  | { ok: true; value: unknown; given: string | string[] | boolean }
  | { ok: false; message: string }
  | undefined;

const TRUE = ['true', '1'];
const FALSE = ['false', '0'];

/**
 * Reads a setting's environment variable, parsed by its option's parser, a refusal naming the variable.
 * An empty variable counts as not set (as `RULEHOOK_STATE_SECRET=` in a unit file or a compose file).
 * A flag is `true`/`1` or `false`/`0`; a repeatable option's values are comma-separated, or a JSON array
 * of texts (for values holding a comma: `["{a,b}.*", "c"]`).
 */
export function readEnvSetting(
  setting: Setting,
  env: Readonly<Record<string, string | undefined>>,
): EnvSetting {
  const text = env[setting.env];
  if (text === undefined || text === '') return undefined;
  const { definition, env: name } = setting;
  if (definition.kind === 'boolean') {
    const lower = text.toLowerCase();
    if (TRUE.includes(lower)) return { ok: true, value: true, given: true };
    if (FALSE.includes(lower)) return { ok: true, value: false, given: false };
    return { ok: false, message: `${name} expects true, false, 1 or 0, got ${JSON.stringify(text)}` };
  }
  if (definition.kind === 'string') {
    const parsed = definition.parse(text, name);
    return parsed.ok ? { ok: true, value: parsed.value, given: text } : parsed;
  }
  const texts = splitList(text);
  if (texts === undefined)
    return {
      ok: false,
      message: `${name} expects comma-separated values or a JSON array of texts, got ${JSON.stringify(text)}`,
    };
  const values: unknown[] = [];
  for (const item of texts) {
    const parsed = definition.parse(item, name);
    if (!parsed.ok) return parsed;
    values.push(parsed.value);
  }
  return { ok: true, value: values, given: texts };
}

/** `a, b,c` -> [a, b, c]; `["a", "b,c"]` -> [a, "b,c"]; undefined for a JSON array that is not one of texts. */
function splitList(text: string): string[] | undefined {
  if (!text.trimStart().startsWith('['))
    return text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** How a worker is given a setting the primary read from a file: the variable's text, read back the same. */
export function formatEnvSetting(given: string | string[] | boolean): string {
  if (typeof given === 'boolean') return String(given);
  return typeof given === 'string' ? given : JSON.stringify(given);
}
