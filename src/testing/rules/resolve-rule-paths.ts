import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import type { SpecPath } from '../../rules/spec';
import { suggestPath } from './suggest-path';

/** A path relative to `cwd`, with `/` separators: how files are shown, as `validate` would show them. */
export function toShownPath(absolute: string, cwd: string): string {
  return path.relative(cwd, absolute).split(path.sep).join('/') || '.';
}

/** The rule paths of a scenario file as `validate` would be given them, or why they cannot be loaded. */
export interface ResolvedRulePaths {
  /** Undefined when a path does not exist (then `diagnostics` says which). */
  shown: string[] | undefined;
  shownCatalog: string | undefined;
  /** TEST_PATH_NOT_FOUND for each path written that does not exist, with a did-you-mean. */
  diagnostics: Diagnostic[];
}

/**
 * Resolves the `rules` and `catalog` paths a scenario file writes (relative to
 * the file) to paths shown relative to `cwd`, checking that each exists. Shared
 * by `rulehook test` and the language server, so both report the same problems.
 */
export function resolveRulePaths(
  scenarioAbsolute: string,
  parsed: ParsedYaml,
  rulesPaths: readonly string[],
  catalog: string | undefined,
  cwd: string,
): ResolvedRulePaths {
  const base = path.dirname(scenarioAbsolute);
  const diagnostics: Diagnostic[] = [];
  const resolve = (written: string, at: SpecPath): string | undefined => {
    const absolute = path.resolve(base, written);
    if (existsSync(absolute)) return toShownPath(absolute, cwd);
    const message = `'${written}' does not exist (paths are relative to the scenario file; from the current directory this is '${toShownPath(absolute, cwd)}')`;
    const details = { range: parsed.locate(at), suggestion: suggestPath(written, base) };
    diagnostics.push(createDiagnostic('TEST_PATH_NOT_FOUND', parsed.file, message, details));
    return undefined;
  };
  const single = typeof (parsed.value as { rules?: unknown }).rules === 'string';
  const shown = rulesPaths.map((p, i) => resolve(p, single ? ['rules'] : ['rules', i]));
  const shownCatalog = catalog === undefined ? undefined : resolve(catalog, ['catalog']);
  if (diagnostics.length > 0) return { shown: undefined, shownCatalog, diagnostics };
  return { shown: shown as string[], shownCatalog, diagnostics };
}
