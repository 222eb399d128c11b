import { suggestName } from '../../diagnostics/did-you-mean';
import { isKnownNode, isKnownVariable } from '../catalog/match-catalog';
import { asArray, report, type CheckContext } from './check-context';
import { parseTemplate } from '../template';
import { suggestVariable } from './suggest-respelling';
import { forEachTemplate, forEachThen, walkAllConditions } from './walk';

/** Node names in `enable`/`disable` and `var` names, against the catalog's `nodes` and `variables`. */
export function checkCatalogNames(context: CheckContext): void {
  const catalog = context.catalog;
  if (!catalog) return;
  if (catalog.nodes) {
    const nodes = catalog.nodes;
    forEachThen(context.root, (then, path) => {
      for (const key of ['enable', 'disable']) {
        asArray(then[key]).forEach((node, index) => {
          if (typeof node !== 'string' || isKnownNode(catalog, node) !== false) return;
          const message = `the catalog declares no node '${node}'`;
          report(context, 'UNKNOWN_NODE', message, context.locate([...path, key, index]), () =>
            suggestName(node, nodes),
          );
        });
      }
    });
  }
  if (catalog.variables) {
    walkAllConditions(context.root, (condition, path) => {
      const name = condition.var;
      if (typeof name !== 'string' || isKnownVariable(catalog, name) !== false) return;
      const message = `the catalog declares no session variable '${name}'`;
      report(context, 'UNKNOWN_VARIABLE', message, context.locate([...path, 'var']), () =>
        suggestVariable(catalog, name),
      );
    });
    // A misspelled template variable renders empty: as silent a mistake as a misspelled `var`.
    forEachTemplate(context.root, (value, path) => {
      if (typeof value !== 'string') return;
      for (const part of parseTemplate(value).parts) {
        if (typeof part === 'string' || isKnownVariable(catalog, part.key) !== false) continue;
        const message = `the catalog declares no session variable '${part.key}' (used in a template)`;
        const range = context.locateWithin(path, part.start + 2, part.start + 2 + part.key.length);
        report(context, 'UNKNOWN_VARIABLE', message, range, () => suggestVariable(catalog, part.key));
      }
    });
  }
}
