import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import { checkLanguageTag } from './check-language-tag';
import { isRecord, listEntries, readText } from './read-checkable';

/**
 * The languages a scenario gives Transcribe and Redact, `configuration.language` and each media segment's
 * `language` (its processed audio's actual language), must be languages a request could give
 * (checkLanguageTag): a request without one falls back to them, so each is checked once, here, at its
 * place. Text only: another type, or empty text, is the schema's to report.
 */
export function checkLanguages(parsed: ParsedYaml, root: unknown): Diagnostic[] {
  const configuration = isRecord(root) ? root.configuration : undefined;
  const places: { path: (string | number)[]; value: string | undefined; owner: string }[] = [
    {
      path: ['configuration', 'language'],
      value: isRecord(configuration) ? readText(configuration, 'language') : undefined,
      owner: 'configuration',
    },
    ...listEntries(root, 'media').map(({ index, item }) => ({
      path: ['media', index, 'language'],
      value: readText(item, 'language'),
      owner: typeof item.id === 'string' ? `media segment '${item.id}'` : 'a media segment',
    })),
  ];
  const diagnostics: Diagnostic[] = [];
  for (const { path, value, owner } of places) {
    if (value === undefined || value === '') continue;
    const checked = checkLanguageTag(value);
    if (checked.ok) continue;
    const message = `${owner}: language ${checked.problem}`;
    const range = parsed.locate(path);
    diagnostics.push(createDiagnostic('SANDBOX_INVALID_LANGUAGE', parsed.file, message, { range }));
  }
  return diagnostics;
}
