import { isReservedVariable } from '../../contract/reserved-variables';
import { compileGlob } from '../../glob/compile-glob';
import { canMatchVariable, hasVariableStartingWith, isKnownVariable } from '../catalog/match-catalog';
import type { CatalogSpec } from '../catalog/catalog-spec';
import type { SpecPath } from '../spec';
import { asArray, asRecord, report, type CheckContext } from './check-context';
import { findMisplacedStar } from './check-filter';
import { isEngineVariable } from './check-then';
import { listVariableStems, suggestGlob, suggestVariable, suggestVariablePrefix } from './suggest-respelling';
import { forEachThen, walkAllConditions } from './walk';

/**
 * The variable names a rule writes or watches, against the catalog's
 * `variables` (check-catalog-names.ts does those it reads: `var` and
 * templates): `set` keys, `changed` (a glob that can match no variable is
 * CHANGED_MATCHES_NO_VARIABLE) and `keys_to_ignore` entries (a prefix entry
 * when no variable starts with its prefix). Warnings, as for every catalog check.
 * Left to other checks: empty names, reserved ones, the engine's own (`state.*`, set),
 * misplaced stars, globs that do not compile.
 */
export function checkVariableNames(context: CheckContext): void {
  const catalog = context.catalog;
  if (!catalog?.variables) return;
  forEachThen(context.root, (then, path) => {
    for (const key of Object.keys(asRecord(then.set) ?? {})) {
      if (key === '' || isReservedVariable(key) || isEngineVariable(key)) continue;
      if (isKnownVariable(catalog, key) !== false) continue;
      const message = `the catalog declares no session variable '${key}' (set by this rule)`;
      report(context, 'UNKNOWN_VARIABLE', message, context.locateKey([...path, 'set', key]), () =>
        suggestVariable(catalog, key),
      );
    }
    asArray(asRecord(then.filter)?.keys_to_ignore).forEach((entry, index) => {
      if (typeof entry !== 'string' || entry === '' || entry === '*' || findMisplacedStar(entry) !== -1)
        return;
      checkKeyEntry(context, catalog, entry, [...path, 'filter', 'keys_to_ignore', index]);
    });
  });
  walkAllConditions(context.root, (condition, path) => {
    if (typeof condition.changed === 'string')
      checkChanged(context, catalog, condition.changed, [...path, 'changed']);
  });
}

function checkKeyEntry(context: CheckContext, catalog: CatalogSpec, entry: string, path: SpecPath): void {
  if (!entry.endsWith('*')) {
    if (isKnownVariable(catalog, entry) !== false) return;
    const message = `the catalog declares no session variable '${entry}' (in keys_to_ignore)`;
    report(context, 'UNKNOWN_VARIABLE', message, context.locate(path), () => suggestVariable(catalog, entry));
    return;
  }
  const prefix = entry.slice(0, -1);
  if (hasVariableStartingWith(catalog, prefix) !== false) return;
  const message = `no session variable of the catalog starts with '${prefix}', so the keys_to_ignore entry '${entry}' matches none`;
  report(context, 'UNKNOWN_VARIABLE', message, context.locate(path), () =>
    suggestVariablePrefix(catalog, prefix),
  );
}

function checkChanged(context: CheckContext, catalog: CatalogSpec, glob: string, path: SpecPath): void {
  const compiled = compileGlob(glob);
  if (!compiled.ok) return;
  if (!compiled.isGlob) {
    if (isKnownVariable(catalog, compiled.prefix) !== false) return;
    const message = `the catalog declares no session variable '${compiled.prefix}' (in changed)`;
    report(context, 'UNKNOWN_VARIABLE', message, context.locate(path), () =>
      suggestVariable(catalog, compiled.prefix),
    );
    return;
  }
  if (canMatchVariable(catalog, glob) !== false) return;
  const message = `'${glob}' matches none of the catalog's session variables, so this 'changed' condition is never true`;
  report(context, 'CHANGED_MATCHES_NO_VARIABLE', message, context.locate(path), () =>
    suggestGlob(glob, listVariableStems(catalog), (c) => canMatchVariable(catalog, c) === true),
  );
}
