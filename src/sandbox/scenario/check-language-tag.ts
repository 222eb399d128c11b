/** Codes of ISO 639 that name no language: undetermined, multiple, no linguistic content, uncoded. */
const NOT_A_LANGUAGE = new Set(['und', 'mul', 'zxx', 'mis']);

/** English names of languages, from the ICU data Node ships; undefined for a code it does not know. */
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

export type LanguageCheck = { ok: true; name: string } | { ok: false; problem: string };

/**
 * Whether `tag` is a language the sandbox takes (Transcribe's and Redact's `language`, a scenario's
 * `configuration.language` and media `language`): a well-formed BCP 47 language tag (what
 * `Intl.getCanonicalLocales` accepts: `en`, `en-US`, `zh-Hant-TW`, `es-419`, in any letter case) whose
 * primary language subtag is a language code ICU knows by name (`en`, `fr`, `yue`; not `xx`, nor `und`,
 * `mul`, `zxx` and `mis`, which name no language). Regions, scripts and variants need only be well formed.
 * `problem` says what was expected, ready to follow the name of the field.
 */
export function checkLanguageTag(tag: string): LanguageCheck {
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(tag)[0]!;
  } catch {
    const hyphens = tag.replaceAll('_', '-');
    const hint = hyphens !== tag && checkLanguageTag(hyphens).ok ? ` (BCP 47 writes '${hyphens}')` : '';
    return { ok: false, problem: `'${tag}' is not a BCP 47 language tag such as en-US${hint}` };
  }
  const primary = new Intl.Locale(canonical).language;
  const name = primary === undefined || NOT_A_LANGUAGE.has(primary) ? undefined : LANGUAGE_NAMES.of(primary);
  if (name === undefined)
    return {
      ok: false,
      problem: `'${tag}' names no known language: its primary subtag '${primary ?? 'und'}' is not an ISO 639 language code such as en or fr`,
    };
  return { ok: true, name };
}
