import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { CatalogSpec } from '../catalog/catalog-spec';
import type { Locator } from '../parse/locate';
import { checkActions } from './check-actions';
import { checkCatalogNames } from './check-catalog-names';
import { checkConditionLimits } from './check-condition-limits';
import { checkConditionShapes } from './check-condition-shape';
import { SUGGESTIONS_PER_FILE, type CheckContext } from './check-context';
import { checkEvents } from './check-events';
import { checkFilters } from './check-filter';
import { checkGlobs } from './check-globs';
import { checkOperands } from './check-operands';
import { checkRefs } from './check-refs';
import { checkRuleCount } from './check-rule-count';
import { checkRuleIds } from './check-rule-ids';
import { checkTemplateSize } from './check-template-size';
import { checkThen } from './check-then';
import { checkUnused } from './check-unused';
import { checkVariableNames } from './check-variable-names';
import { checkNeverHolds } from './never-holds/check-never-holds';
import { checkNeverRuns } from './never-holds/check-never-runs';
import { checkVariableValues } from './check-variable-values';

/** The per-file semantic checks, in the order their diagnostics are produced (the loader sorts by position). */
const CHECKS: readonly ((context: CheckContext) => void)[] = [
  checkRuleCount,
  checkRuleIds,
  checkConditionShapes,
  checkConditionLimits,
  checkOperands,
  checkGlobs,
  checkRefs,
  checkUnused,
  checkThen,
  checkTemplateSize,
  checkFilters,
  checkEvents,
  checkCatalogNames,
  checkVariableNames,
  checkVariableValues,
  checkActions,
  checkNeverHolds,
  checkNeverRuns,
];

/**
 * Runs every semantic check on one parsed rule file (schema-valid or not) and
 * returns what they found. Catalog checks run only when a catalog is given.
 */
export function checkRuleset(
  file: string,
  root: unknown,
  locator: Locator,
  catalog?: CatalogSpec,
): Diagnostic[] {
  const context: CheckContext = {
    file,
    root,
    catalog,
    diagnostics: [],
    suggestionsLeft: SUGGESTIONS_PER_FILE,
    locate: locator.locate,
    locateKey: locator.locateKey,
    locateWithin: locator.locateWithin,
    keysAt: locator.keysAt,
  };
  for (const check of CHECKS) check(context);
  return context.diagnostics;
}
