import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic';
import type { CatalogSpec } from '../catalog/catalog-spec';
import { checkRuleset } from '../check/check-ruleset';
import { parseYaml, type ParsedYaml } from '../parse/parse-yaml';
import { isRuleStringPosition } from '../schema/string-positions';
import { validateRulesSchema } from '../schema/validate-schema';
import type { LoadedRuleset, RulesetSpec } from '../spec';

/**
 * A rule file's parse and the problems found in it: after parseRuleFile, those its text alone shows (YAML,
 * schema; no catalog involved); after checkRuleFile, the semantic checks' too.
 */
export interface RuleFile {
  parsed: ParsedYaml;
  diagnostics: Diagnostic[];
}

/**
 * Parses one rule file and runs the schema and the semantic checks on it. Both run
 * even when the schema fails (checks skip what is malformed), so one run reports
 * every problem; neither runs on a file with YAML syntax errors, whose data may be
 * a fragment.
 */
export function loadRuleFile(file: string, text: string, catalog: CatalogSpec | undefined): RuleFile {
  return checkRuleFile(parseRuleFile(file, text), catalog);
}

/** The part of `loadRuleFile` that depends on the text only: kept while only the catalog changes. */
export function parseRuleFile(file: string, text: string): RuleFile {
  const parsed = parseYaml(file, text, isRuleStringPosition);
  return {
    parsed,
    diagnostics: parsed.wellFormed
      ? [...parsed.diagnostics, ...validateRulesSchema(parsed)]
      : [...parsed.diagnostics],
  };
}

/** The semantic checks of a parsed rule file against a catalog; the parse is read, never changed. */
export function checkRuleFile({ parsed, diagnostics }: RuleFile, catalog: CatalogSpec | undefined): RuleFile {
  // Concatenated, not pushed with spreads: a large file can have more problems than a call has room for arguments.
  return {
    parsed,
    diagnostics: parsed.wellFormed
      ? diagnostics.concat(checkRuleset(parsed.file, parsed.value, parsed, catalog))
      : [...diagnostics],
  };
}

/** The ruleset of a file without errors (warnings allowed): what the compiler gets. */
export function toLoadedRuleset(ruleFile: RuleFile, extra: readonly Diagnostic[]): LoadedRuleset | undefined {
  if (hasErrors(ruleFile.diagnostics) || hasErrors(extra)) return undefined;
  const { parsed } = ruleFile;
  return {
    file: parsed.file,
    spec: parsed.value as RulesetSpec,
    locate: (path) => parsed.locate(path),
    keysAt: (path) => parsed.keysAt(path),
  };
}
