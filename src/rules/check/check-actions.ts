import { formatNameList } from '../../diagnostics/list-names';
import { suggestName } from '../../diagnostics/did-you-mean';
import type { ActionSpec } from '../catalog/catalog-spec';
import type { SpecPath } from '../spec';
import { asArray, asRecord, hasOwn, report, type CheckContext, type PlainRecord } from './check-context';
import { forEachThen } from './walk';

/**
 * Scheduled operations against the catalog's `actions`: an unknown action is a
 * warning; for a known action that lists its parameters, a missing required one
 * is an error (the engine would run the action without it) and an undeclared one
 * a warning.
 */
export function checkActions(context: CheckContext): void {
  const actions = context.catalog?.actions;
  if (!actions) return;
  const names = Object.keys(actions);
  forEachThen(context.root, (then, path) => {
    asArray(then.schedule).forEach((item, index) => {
      const operation = asRecord(item);
      const name = operation?.action;
      if (!operation || typeof name !== 'string') return;
      const where: SpecPath = [...path, 'schedule', index];
      if (!hasOwn(actions, name)) {
        const message = `the catalog declares no action '${name}'`;
        report(context, 'UNKNOWN_ACTION', message, context.locate([...where, 'action']), () =>
          suggestName(name, names),
        );
        return;
      }
      checkParameters(context, name, actions[name] ?? {}, operation, where);
    });
  });
}

function checkParameters(
  context: CheckContext,
  name: string,
  action: ActionSpec,
  operation: PlainRecord,
  where: SpecPath,
) {
  const declared = action.parameters;
  if (!declared) return;
  const given = asRecord(operation.parameters) ?? {};
  for (const [parameter, spec] of Object.entries(declared)) {
    if (!spec?.required || hasOwn(given, parameter)) continue;
    const message = `the action '${name}' needs the parameter '${parameter}'${spec.description ? ` (${spec.description})` : ''}`;
    const range = hasOwn(operation, 'parameters')
      ? context.locateKey([...where, 'parameters'])
      : context.locate([...where, 'action']);
    report(context, 'MISSING_ACTION_PARAMETER', message, range);
  }
  const known = Object.keys(declared);
  for (const parameter of Object.keys(given)) {
    if (hasOwn(declared, parameter)) continue;
    const list = known.length ? `: it takes ${formatNameList(known)}` : ': it takes none';
    const message = `the catalog declares no parameter '${parameter}' for the action '${name}'${list}`;
    const range = context.locateKey([...where, 'parameters', parameter]);
    report(context, 'UNKNOWN_ACTION_PARAMETER', message, range, () => suggestName(parameter, known));
  }
}
